"""Web hardening: security headers, CSRF tokens on form posts, and a flood limit on actions.

The JSON API authenticates with bearer tokens (never cookies), so CSRF does not apply to it;
every cookie-authenticated form post must carry the session's CSRF token (a hidden field, or
the X-CSRF-Token header htmx sends from the page's body).
"""
from __future__ import annotations

import hmac
import secrets

from flask import Flask, abort, current_app, request, session

from .ratelimit import RateLimiter

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; manifest-src 'self'; worker-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def csrf_token() -> str:
    """This session's CSRF token (made on first use)."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def init_app(app: Flask) -> None:
    """Register the headers, the CSRF check and the action flood limit."""
    app.jinja_env.globals["csrf_token"] = csrf_token
    limit = app.config["ACTION_LIMIT"]
    app.extensions["companion.floods"] = RateLimiter(limit, app.config["ACTION_WINDOW_SECONDS"]) if limit else None

    @app.before_request
    def check_csrf():
        if request.method != "POST" or request.path.startswith("/api/") or app.config.get("CSRF_DISABLED"):
            return None
        sent = request.headers.get("X-CSRF-Token") or request.form.get("_csrf", "")
        expected = session.get("csrf", "")
        if not expected or not hmac.compare_digest(sent, expected):
            abort(400, "The form has expired (or came from another site): reload the page and try again.")
        return None

    @app.before_request
    def limit_floods():
        limiter = current_app.extensions["companion.floods"]
        is_action = request.path.endswith("/actions") or request.path.endswith("/act")
        if limiter is None or request.method != "POST" or not is_action:
            return None
        key = f"{request.remote_addr}:{request.path}"
        if limiter.retry_after(key):
            abort(429)
        limiter.fail(key)  # counts every action, not only failures
        return None

    @app.after_request
    def headers(resp):
        resp.headers.setdefault("Content-Security-Policy", CSP)
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("Referrer-Policy", "same-origin")
        resp.headers.setdefault("X-Frame-Options", "DENY")
        return resp
