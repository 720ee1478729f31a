"""Web hardening: security headers and CSRF tokens on form posts (rate limits: limits.py).

The JSON API authenticates with bearer tokens (never cookies), so CSRF does not apply to it;
every cookie-authenticated form post must carry the session's CSRF token (a hidden field, or
the X-CSRF-Token header htmx sends from the page's body).
"""
from __future__ import annotations

import secrets

from flask import Flask, abort, request, session
from flask_babel import gettext

from ...tables import same_secret
from ..words.script_words import N_

EXPIRED = N_("The form has expired (or came from another site): reload the page and try again.")

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; manifest-src 'self'; worker-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# Static files a page loads as a script, a style sheet or an image (a PNG: no SVG, which a browser
# may open as a document). A browser applies a CSP, a frame rule and a referrer policy to a
# document or a worker only (the service worker is not a static file: pwa.py), so on these they
# were ~330 bytes of headers for nothing, a dozen times on a phone's first visit over plain HTTP.
SUBRESOURCE_TYPES = frozenset({"text/css", "text/javascript", "application/javascript", "image/png"})


def csrf_token() -> str:
    """This session's CSRF token (made on first use)."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def init_app(app: Flask) -> None:
    """Register the headers, the CSRF check and the action flood limit."""
    app.jinja_env.globals["csrf_token"] = csrf_token

    @app.before_request
    def check_csrf():
        if request.method != "POST" or request.path.startswith("/api/") or app.config.get("CSRF_DISABLED"):
            return None
        sent = request.headers.get("X-CSRF-Token") or request.form.get("_csrf", "")
        expected = session.get("csrf", "")
        if not expected or not same_secret(expected, sent):
            abort(400, gettext(EXPIRED))
        return None

    @app.after_request
    def headers(resp):
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")  # a script or style of the wrong type is not run
        if request.endpoint == "static" and resp.mimetype in SUBRESOURCE_TYPES:
            return resp
        resp.headers.setdefault("Content-Security-Policy", CSP)
        resp.headers.setdefault("Referrer-Policy", "same-origin")
        resp.headers.setdefault("X-Frame-Options", "DENY")
        return resp
