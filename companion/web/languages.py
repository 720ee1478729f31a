"""The language each request is answered in, and the catalogs that translate it (Flask-Babel).

A phone's own choice comes first (`?lang=xx`, kept in its `lang` cookie), then its browser's
Accept-Language (a region tag such as de-DE counts as de), then English. Two catalogs
(gettext domains) live in companion/translations/<lang>/LC_MESSAGES/: `messages`, the pages' and
scripts' own words, and `rules`, the engines' sentences (refusals, questions, the history's lines),
which the engines keep as message ids and values and the web layer translates when it shows them.
"""
from __future__ import annotations

from pathlib import Path

from flask import Flask, has_request_context, request
from flask_babel import Babel, Domain, get_locale

LANGUAGES = ("en", "ja", "fr", "de")
DEFAULT = "en"
COOKIE = "lang"
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

# The engines' sentences, translated apart from the pages' words (their own catalog).
rules = Domain(translation_directories=str(TRANSLATIONS), domain="rules")


def asked_language() -> str | None:
    """The language this request asks for by name (`?lang=`, else the phone's cookie), if known."""
    for asked in (request.args.get("lang"), request.cookies.get(COOKIE)):
        if asked in LANGUAGES:
            return asked
    return None


def choose_language() -> str:
    """The language to answer this request in (Flask-Babel's locale selector)."""
    return asked_language() or request.accept_languages.best_match(LANGUAGES) or DEFAULT


def current() -> str:
    """The language this request is answered in (English outside a request: a script, a bench).
    Anything rendered once and shared by phones (a region, a fragment) is kept per language."""
    return str(get_locale() or DEFAULT) if has_request_context() else DEFAULT


def init_app(app: Flask) -> None:
    """Give the app its catalogs and its choice of language per request."""
    Babel(app, locale_selector=choose_language, default_translation_directories=str(TRANSLATIONS))
