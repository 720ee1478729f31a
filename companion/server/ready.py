"""What every server does with the app in the process that serves it, before the first request:
tell it whether phones on the network can reach it, and cap its live pages within the process's
file budget (loop.py `budget`). gevent's server (gevent_server.py) and gunicorn's worker
(gunicorn_conf.py `post_worker_init`) both call `ready`."""
from __future__ import annotations

from flask import Flask

from .network import reaches_network


def ready(app: Flask, listeners, phones: int) -> None:
    """Prepare `app` to be served on `listeners` (sockets), holding at most `phones` live pages."""
    lan_links(app, listeners)
    max_phones(app, phones)


def max_phones(app: Flask, phones: int) -> None:
    """Cap the app's live pages at `phones` (the configured cap, or the server's default, within
    the file budget): the next page is told the server is busy."""
    live = app.extensions.get("companion.phones")
    if live is not None:
        live.cap = phones


def lan_links(app: Flask, listeners) -> None:
    """Let links made for a request to localhost carry the LAN address (companion/web/http/links.py,
    `public_address`) only when this server listens beyond loopback: bound to 127.0.0.1 (behind
    a proxy, say), a LAN address would be a link no phone can open."""
    listening = []
    for listener in listeners:
        try:
            listening.append(listener.getsockname())
        except OSError:
            continue
    app.config["LAN_LINKS"] = reaches_network(listening)
