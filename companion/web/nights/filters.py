"""The template filters of the tournament night pages: placings, names, points and places as
people write them. They are the app's (every template may use them), as they were when the
night's blueprint registered them; they live apart from the routes so that the pages' module
stays about routes."""
from __future__ import annotations

from flask import Flask
from flask_babel import gettext
from markupsafe import Markup, escape

from ...events.results import ranked
from ..words.languages import ordinal


def ranked_filter(places: dict) -> list:
    """Placings best first as (place, names sharing it)."""
    return ranked(places or {})


def placings(places: dict) -> Markup:
    """A table's placings, best first, ties side by side: "1st Aiko = Botan · 3rd Chika" (as
    spans the stylesheet sets apart; the places said in this request's language)."""
    # Written here rather than as a Jinja macro: the desk draws one per result and one per
    # history entry (800 at a night of 400 players), and a macro's call cost a third of the page.
    # The names are escaped as the macro's output was: a name is whatever someone typed.
    parts = "".join(f'<span class="placing"><b>{ordinal(place)}</b> {escape(" = ".join(names))}</span>'
                    for place, names in ranked(places or {}))
    return Markup(f'<span class="placings">{parts}</span>')


def and_list_filter(names: list[str]) -> str:
    """Names as a sentence lists them in this request's language ("Aiko, Botan and Chika")."""
    names = list(names or [])
    if len(names) < 2:
        return "".join(names)
    listed = names[0]
    for name in names[1:-1]:
        listed = gettext("%(names)s, %(name)s", names=listed, name=name)
    return gettext("%(names)s and %(last)s", names=listed, last=names[-1])


def num(value: float) -> str:
    """Points as people write them: 6, 2.5, 2.25 (never 6.0)."""
    return f"{value:g}" if isinstance(value, (int, float)) else str(value)


def init_app(app: Flask) -> None:
    """Register the filters under the names the templates use."""
    for name, function in {"ranked": ranked_filter, "placings": placings, "and_list": and_list_filter,
                           "num": num, "ordinal": ordinal}.items():
        app.add_template_filter(function, name)
