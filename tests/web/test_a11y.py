"""Accessibility without a browser: the themes' colour pairs pass WCAG AA in both themes (and the two
copies of the dark palette in app.css say the same), the server draws the theme this phone chose
from the first byte, and the keep-awake switch and the spoken news are on table pages only."""
from __future__ import annotations

import re

import pytest

from companion import asset_folder

CSS = (asset_folder("static") / "css" / "app.css").read_text()
# Text (first) on a background (second) that the shared styles put together.
PAIRS = [("ink", "paper"), ("ink", "card"), ("ink", "field"), ("ink", "chip"), ("muted", "paper"), ("muted", "card"),
         ("muted", "field"), ("muted", "chip"), ("red-ink", "card"), ("red-ink", "paper"), ("red-ink", "red-soft"),
         ("blue-ink", "card"), ("blue-ink", "paper"), ("green-ink", "green-soft"), ("green-ink", "card"),
         ("gold-ink", "gold-soft"), ("gold-ink", "card"), ("ink", "red-soft"), ("ink", "green-soft"), ("ink", "gold-soft"),
         ("ink", "blue-soft"), ("on-accent", "red"), ("on-accent", "green"), ("on-accent", "blue"), ("on-gold", "gold"),
         ("paper", "ink")] + [(f"c{i}", "card") for i in range(6)]


def block(selector: str) -> dict[str, str]:
    """The custom properties a rule of app.css sets, by name."""
    body = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS).group(1)
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})", body))


def luminance(colour: str) -> float:
    hexa = colour.lstrip("#")
    hexa = "".join(c * 2 for c in hexa) if len(hexa) == 3 else hexa
    channels = [int(hexa[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


LIGHT = block(":root")
DARK = {**LIGHT, **block(":root[data-theme=dark]")}


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_every_colour_pair_of_the_theme_passes_aa(theme):
    poor = [f"--{fg} on --{bg}: {contrast(theme[fg], theme[bg]):.2f}" for fg, bg in PAIRS if contrast(theme[fg], theme[bg]) < 4.5]
    assert poor == []


def test_the_dark_palette_for_a_dark_phone_is_the_one_a_phone_can_choose():
    assert block(":root:not([data-theme=light])") == block(":root[data-theme=dark]")
    assert set(block(":root[data-theme=dark]")) <= set(LIGHT), "every dark colour replaces a light one"


@pytest.mark.parametrize("cookie, drawn", [("dark", ' data-theme="dark"'), ("light", ' data-theme="light"'),
                                           ('"><script>', ""), (None, "")])
def test_the_page_is_drawn_in_the_theme_this_phone_chose(client, cookie, drawn):
    if cookie is not None:
        client.set_cookie("theme", cookie)
    page = client.get("/join").get_data(as_text=True)
    assert f'<html lang="en"{drawn}>' in page


def test_the_keep_awake_switch_and_the_news_are_on_table_pages_only(api, client):
    table = api.create()
    for path in (f"/t/{table['id']}/watch", f"/t/{table['id']}"):
        page = client.get(path).get_data(as_text=True)
        assert 'id="awake"' in page and '<p id="news" class="vh" role="status" aria-live="polite">' in page
    for path in ("/", "/join", f"/t/{table['id']}/history"):
        page = client.get(path).get_data(as_text=True)
        assert 'id="awake"' not in page and 'id="news"' not in page and 'id="theme"' in page


def test_symbols_are_said_by_name_and_counted(app):
    said = app.jinja_env.filters["spoken"]("Bob heals 1♥ and gains 3★ (<2ϟ>), rolling ✸ ✸.")
    assert said == ('Bob heals 1<span role="img" aria-label="heart">♥</span> and gains '
                    '3<span role="img" aria-label="stars">★</span> (&lt;2<span role="img" '
                    'aria-label="energy">ϟ</span>&gt;), rolling <span role="img" aria-label="smash smash">✸ ✸</span>.')
    sym = app.jinja_env.globals["sym"]
    assert sym("energy") == '<span role="img" aria-label="energy">ϟ</span>'
    assert app.jinja_env.filters["sym"](2, "heart") == '2<span role="img" aria-label="hearts">♥</span>'


def test_the_history_says_its_symbols_by_name(api, client):
    table = api.create("kyotoan", ["Ann", "Bob"], options={"first_player": 0})
    api.act(table, {"type": "market", "cards": ["acid_attack", "alien_origin", "alpha_monster"]})
    api.act(table, {"type": "roll", "faces": ["1", "1", "2", "heart", "energy", "smash"]})
    page = client.get(f"/t/{table['id']}/history").get_data(as_text=True)
    # The faces rolled, one image read face by face.
    assert '<span role="img" aria-label="heart energy smash">♥ ϟ ✸</span>' in page
    assert 'aria-label="heart energy smash">' in client.get(f"/t/{table['id']}/watch").get_data(as_text=True)
