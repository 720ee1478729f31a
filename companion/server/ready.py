"""What every server does with the app in the process that serves it, before the first request:
tell it whether phones on the network can reach it, cap its live pages, and keep its full
garbage collections short (heap.py). gevent's server (gevent_server.py) and gunicorn's worker
(gunicorn_conf.py `post_worker_init`) both call `ready`; this module is imported only once gevent
has patched the standard library (the heap policy makes a lock and a thread)."""
from __future__ import annotations

from flask import Flask

from ..web.network import reaches_network
from .heap import HeapPolicy, install, start_idle_thaws
from .loop import MAX_PHONES


def ready(app: Flask, listeners) -> tuple[HeapPolicy, object]:
    """Prepare `app` to be served on `listeners` (sockets); the heap policy installed (touch it
    on every request) and the event that stops its quiet-time thaws."""
    lan_links(app, listeners)
    max_phones(app)
    policy = install()
    return policy, start_idle_thaws(policy)


def max_phones(app: Flask) -> None:
    """Give the app's cap on live pages the process's default, unless one was configured."""
    phones = app.extensions.get("companion.phones")
    if phones is not None and phones.cap is None:
        phones.cap = MAX_PHONES


def lan_links(app: Flask, listeners) -> None:
    """Let links made for a request to localhost carry the LAN address (companion/web/__init__.py,
    `public_address`) only when this server listens beyond loopback: bound to 127.0.0.1 (behind
    a proxy, say), a LAN address would be a link no phone can open."""
    listening = []
    for listener in listeners:
        try:
            listening.append(listener.getsockname())
        except OSError:
            continue
    app.config["LAN_LINKS"] = reaches_network(listening)
