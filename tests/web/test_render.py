"""The render cache shares renders between phones (the history and status for everyone, the board
per what a viewer may see, the controls per seat only where a game asks on the owner's phone):
what it serves every viewer must be exactly what rendering for that viewer alone gives."""
from __future__ import annotations

import json

import pytest

from companion.games import WATCHER, Viewer
from companion.web.render import RenderCache, regions

from ..engine_checks import DATA

GAMES = sorted(DATA.glob("*_game_*.json"))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_shared_renders_equal_each_viewers_own_render(app, path):
    rec = json.loads(path.read_text())
    service = app.extensions["companion.tables"]
    table = service.create(rec["game"], rec["players"], rec["options"], seed=rec["seed"])
    host = table.record["host_token"]
    service.claim_seat(table.id, host, 1)  # one seat claimed: its prompts go to its phone only
    n = len(rec["players"])
    viewers = [(WATCHER, "watch"), (WATCHER, "play"), (Viewer(None, True), "play")] + [
        (Viewer(k, True), "play") for k in range(n)]
    cache = RenderCache()
    checked = 0
    with app.test_request_context("/"):
        for step, action in enumerate(rec["actions"]):
            table, _ = service.act(table.id, host, action)
            if step % 7 and step != len(rec["actions"]) - 1:
                continue  # every 7th version and the final one
            for viewer, mode in viewers:
                assert cache.regions(table, viewer, mode) == regions(table, viewer, mode), (step, viewer, mode)
                checked += 1
    assert checked >= 3 * len(viewers)


def test_templates_read_a_dicts_keys_and_still_reach_its_methods(app):
    render = app.jinja_env.from_string(
        "{{ d.name }}|{{ d.items()|list|length }}|{{ d.missing is undefined }}|{{ n.real }}|{{ d.deck.values()|sum }}").render
    assert render(d={"name": "<Ann>", "x": None, "deck": {"a": 2, "b": 3}}, n=7) == "&lt;Ann&gt;|3|True|7|5"
    # A key that is present but None reads as None, not as a missing key.
    assert app.jinja_env.from_string("{{ d.x is none }}").render(d={"x": None}) == "True"


def test_pages_are_sent_without_the_templates_indentation_and_read_the_same(app, client):
    # The indentation was a tenth of every push (issue 29): it is dropped when a template is
    # compiled, line breaks kept, so words on two lines of a template still stand apart.
    env = app.jinja_env
    assert env.from_string("<p>\n    {{ a }}\n\n      {{ b }}</p>").render(a="two", b="words") == "<p>\ntwo\nwords</p>"
    service = app.extensions["companion.tables"]
    table = service.create("gangs", ["Ann", "Bob", "Cy"], {}, seed=1)
    page = client.get(f"/t/{table.id}?mode=watch").get_data(as_text=True)
    assert "Ann" in page and not [line for line in page.splitlines() if line[:1] in (" ", "\t")]
