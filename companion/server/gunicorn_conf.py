"""gunicorn hooks shared by the Procfile (`--config python:companion.server.gunicorn_conf`) and
`companion serve`; the numbers (workers, timeouts, bind) stay on their command lines."""
from __future__ import annotations

import os

# Connections the worker keeps open at once (gunicorn's default is 1,000): under the event-loop
# worker each costs a greenlet and a file, no thread (companion/server/worker.py). The worker
# raises its open-file limit to match when the system allows.
worker_connections = 4096
# Live pages (websockets) one process holds unless COMPANION_MAX_PHONES says otherwise: measured
# with 2,000 open on one process (docs/operations.md); the rest of `worker_connections` is left
# for ordinary requests.
MAX_PHONES = 3000

# No control socket (gunicorn 25.1+ otherwise makes ~/.gunicorn/gunicorn.ctl, or one under
# $XDG_RUNTIME_DIR): the server writes nothing outside its data folder, and nothing here uses
# `gunicornc`. Older gunicorn ignores an unknown setting in a config module.
control_socket_disable = True


def one_worker_unless_redis(workers: int) -> str | None:
    """Why the server must not start `workers` processes, or None when it may: without Redis each
    process would keep its own tables, pushes and limits."""
    if workers <= 1 or os.environ.get("COMPANION_REDIS_URL"):
        return None
    return (f"Refusing to start {workers} worker processes without Redis: each would keep its own copy of the "
            "tables, its own live pushes and its own limits, so the phones of one table would see different "
            "games and a version could be stored twice. Run one worker (--workers 1), or give them one Redis "
            "(COMPANION_REDIS_URL, or companion serve --redis URL; see docs/scaling.md).")


def on_starting(server) -> None:
    """Before gunicorn starts anything: refuse several workers without Redis (gunicorn prints the
    sentence and exits)."""
    refusal = one_worker_unless_redis(server.cfg.workers)
    if refusal:
        raise RuntimeError(refusal)


def post_worker_init(worker) -> None:
    """In the worker that serves the app: keep full garbage collections short (heap.py), tell the
    app whether phones on the network can reach it (see `lan_links`), and cap its live pages
    (`max_phones`)."""
    # Imported here, in the worker: gunicorn's master reads this module before gevent patches
    # the standard library; the policy's lock and thread are made after it.
    from .heap import install, start_idle_thaws

    lan_links(worker)
    max_phones(worker)

    worker.heap_policy = install()
    worker.heap_thaws = start_idle_thaws(worker.heap_policy)  # an event: set it to stop the thread


def pre_request(worker, req) -> None:
    """Every request tells the heap policy that the server is not quiet."""
    policy = getattr(worker, "heap_policy", None)
    if policy is not None:
        policy.touch()


def max_phones(worker) -> None:
    """Give the app's cap on live pages a default fitting the worker, unless one was configured."""
    app = getattr(worker, "wsgi", None)
    phones = getattr(app, "extensions", {}).get("companion.phones")
    if phones is not None and phones.cap is None:
        phones.cap = MAX_PHONES


def lan_links(worker) -> None:
    """Let links made for a request to localhost carry the LAN address (companion/web/__init__.py,
    `public_address`) only when this server listens beyond loopback: bound to 127.0.0.1 (behind
    a proxy, say), a LAN address would be a link no phone can open."""
    # Imported here, in the worker: importing the web layer in gunicorn's master would make the
    # app's locks and sockets there, before gevent patches the standard library.
    from ..web.network import reaches_network

    listening = []
    for listener in getattr(worker, "sockets", []):
        try:
            listening.append(listener.getsockname())
        except OSError:
            continue
    config = getattr(getattr(worker, "wsgi", None), "config", None)
    if config is not None:
        config["LAN_LINKS"] = reaches_network(listening)
