"""This request's catalog (the `messages` domain), looked up once per request.

Flask-Babel finds the catalog again at every word (its context proxies, about 30 µs a call): a
push's regions say hundreds of words, and that lookup made their render half again as long
(measured: Kyoto no Neko's version for four seats and a watcher, 11 → 19 ms). Here it is found at
a request's first word and kept for the request (`reset` as each request starts and ends; outside
a request nothing is kept); each greenlet or thread has its own.
"""
from __future__ import annotations

from contextvars import ContextVar

from flask import has_request_context
from flask_babel import get_locale, get_translations
from markupsafe import Markup

_catalog: ContextVar = ContextVar("companion_catalog", default=None)
_language: ContextVar = ContextVar("companion_language", default=None)


def reset(*_exc) -> None:
    """Forget the catalog and language found for the previous request on this greenlet or thread."""
    _catalog.set(None)
    _language.set(None)


def language(default: str = "en") -> str:
    """This request's language code, found once per request (`default` outside a request)."""
    found = _language.get()
    if found is None:
        locale = get_locale()
        if locale is None:
            return default
        found = str(locale)
        if has_request_context():
            _language.set(found)
    return found


def catalog():
    """This request's translations, found once per request."""
    found = _catalog.get()
    if found is None:
        found = get_translations()
        if has_request_context():
            _catalog.set(found)
    return found


def gettext(text: str) -> str:
    """`text` in this request's language (placeholders left to the caller: Jinja's `_()` fills them)."""
    return catalog().ugettext(text)


def pgettext(context: str, text: str) -> str:
    """`text` said in `context` (one English word that two places say differently: a desk's
    "Check in" button, a player's "Check in" page), in this request's language."""
    return catalog().pgettext(context, text)


def ngettext(one: str, several: str, n: int) -> str:
    """The form of `one`/`several` for `n` in this request's language (placeholders left to the caller)."""
    return catalog().ungettext(one, several, n)


# The templates' own callables. Jinja's newstyle gettext wraps each call in three context calls
# (about 7 µs a word): a desk of 400 players says 3000 words a push, which doubled its render
# (26 → 51 ms). These say the same (the translation as markup, its placeholders filled and
# escaped, `num` and `context` given as Jinja gives them) with no context call: every template
# is autoescaped (all are .html). languages.py installs them over Jinja's.
def template_gettext(message: str, /, **values) -> Markup:
    """`{{ _("…", name=…) }}`: the words in this request's language, the values escaped."""
    said = Markup(catalog().ugettext(message))
    # Formatting with nothing to fill only turns "%%" into "%": skipped where there is no "%".
    return said % values if values or "%" in said else said


def template_ngettext(one: str, several: str, n: int, /, **values) -> Markup:
    """`{{ ngettext("%(num)s card", "%(num)s cards", n) }}`: the form for `n`, `num` filled."""
    values.setdefault("num", n)
    return Markup(catalog().ungettext(one, several, n)) % values


def template_pgettext(context: str, message: str, /, **values) -> Markup:
    """`{{ pgettext("desk", "Check in") }}`: the words said in `context`."""
    values.setdefault("context", context)
    return Markup(catalog().pgettext(context, message)) % values
