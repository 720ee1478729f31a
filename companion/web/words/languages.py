"""The language each request is answered in, and the catalogs that translate it (Flask-Babel).

A phone's own choice comes first (`?lang=xx`, kept in its `lang` cookie), then its browser's
Accept-Language (a region tag such as de-DE counts as de), then English. Two catalogs
(gettext domains) live in companion/translations/<lang>/LC_MESSAGES/: `messages`, the pages' and
scripts' own words, and `rules`, the engines' sentences (refusals, questions, the history's lines),
which the engines keep as message ids and values and the web layer translates when it shows them.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode, urlsplit

from flask import Flask, Response, request
from flask_babel import Babel, Domain

from . import catalogs, engine_words, phones, script_words

LANGUAGES = ("en", "ja", "fr", "de")
DEFAULT = "en"
COOKIE = "lang"
TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"
# Each language named in its own words, as the picker lists it (a reader finds their own).
NAMES = {"en": "English", "ja": "日本語", "fr": "Français", "de": "Deutsch"}
KEPT = 400 * 24 * 3600  # the cookie outlives a season of game nights

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
    """This request's language code (en outside a request)."""
    return catalogs.language(DEFAULT)


def picker() -> list[dict]:
    """The picker's choices: each language by its own name, with this page's address in it (the
    page's other arguments kept) and whether it is the one shown. A page drawn in answer to a form
    (a refused table, a wrong join code) links to the page the form was on: its own address takes
    no GET."""
    shown = current()
    path, args = request.path, request.args.to_dict(flat=False)
    if request.method != "GET":
        came = urlsplit(request.referrer or "")
        path, args = (came.path or "/", {}) if came.netloc in ("", request.host) else ("/", {})
    return [{"code": code, "name": NAMES[code], "current": code == shown,
             "url": path + "?" + urlencode({**args, "lang": [code]}, doseq=True)} for code in LANGUAGES]


def ordinal(n: int) -> str:
    """A number said as a rank in this request's language: 1st, 1er, 1., 1番目."""
    lang = current()
    if lang == "fr":
        return "1er" if n == 1 else f"{n}e"
    if lang == "de":
        return f"{n}."
    if lang == "ja":
        return f"{n}番目"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def keep_choice(response: Response) -> Response:
    """A page opened with `?lang=xx` keeps xx in the phone's cookie, so the next page speaks it
    too; a page or a JSON reply says it depends on the language asked (a cache keeps one per
    language)."""
    asked = request.args.get("lang")
    if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=KEPT, samesite="Lax", secure=request.is_secure, httponly=True)
    if response.mimetype in ("text/html", "application/json"):
        # Only what is drawn in words varies: a script or a style stays one cached file for all.
        response.vary.update(("Accept-Language", "Cookie"))
    return response


def init_app(app: Flask) -> None:
    """Give the app its catalogs, its choice of language per request, the cookie a `?lang=`
    sets and the picker's template globals."""
    Babel(app, locale_selector=choose_language, default_translation_directories=str(TRANSLATIONS))
    app.before_request(catalogs.reset)  # a new request looks its catalog up again,
    app.teardown_request(catalogs.reset)  # and one drawn without the request's hooks forgets it
    # The templates' _() and ngettext() read the request's catalog once found (Flask-Babel's own
    # callables look it up at every word); Jinja's newstyle gettext fills the placeholders.
    app.jinja_env.install_gettext_callables(gettext=catalogs.gettext, ngettext=catalogs.ngettext, newstyle=True,
                                            pgettext=catalogs.pgettext)
    # The same, without Jinja's context calls around each word (catalogs.py says what it cost).
    app.jinja_env.globals.update(_=catalogs.template_gettext, gettext=catalogs.template_gettext,
                                 ngettext=catalogs.template_ngettext, pgettext=catalogs.template_pgettext)
    app.after_request(keep_choice)
    app.add_template_global(current, "current_language")
    app.add_template_global(picker, "language_picker")
    app.add_template_global(ordinal, "ordinal")
    app.add_template_filter(engine_words.translated, "tr")
    app.add_template_filter(phones.words, "phone")  # "Ben's phone", "your buy": the table layer's words
    app.add_template_global(script_words.catalog, "script_words")
