"""gunicorn hooks shared by the Procfile (`--config python:companion.gunicorn_conf`) and
`companion serve`; the numbers (threads, timeouts, bind) stay on their command lines."""
from __future__ import annotations

# Connections the worker keeps open at once (gunicorn's default is 1,000): slow or idle clients
# cost the worker's main loop a file each, no thread (companion/serving.py). The worker raises
# its open-file limit to match when the system allows.
worker_connections = 4096

# No control socket (gunicorn 25.1+ otherwise makes ~/.gunicorn/gunicorn.ctl, or one under
# $XDG_RUNTIME_DIR): the server writes nothing outside its data folder, and nothing here uses
# `gunicornc`. Older gunicorn ignores an unknown setting in a config module.
control_socket_disable = True


def post_worker_init(worker) -> None:
    """In the worker that serves the app: keep full garbage collections short (companion/heap.py),
    and tell the app whether phones on the network can reach it (see `lan_links`)."""
    from .heap import install, start_idle_thaws

    lan_links(worker)

    worker.heap_policy = install()
    worker.heap_thaws = start_idle_thaws(worker.heap_policy)  # an event: set it to stop the thread


def pre_request(worker, req) -> None:
    """Every request tells the heap policy that the server is not quiet."""
    policy = getattr(worker, "heap_policy", None)
    if policy is not None:
        policy.touch()


def lan_links(worker) -> None:
    """Let links made for a request to localhost carry the LAN address (companion/web/__init__.py,
    `public_address`) only when this server listens beyond loopback: bound to 127.0.0.1 (behind
    a proxy, say), a LAN address would be a link no phone can open."""
    from .network import reaches_network

    listening = []
    for listener in getattr(worker, "sockets", []):
        try:
            listening.append(listener.getsockname())
        except OSError:
            continue
    config = getattr(getattr(worker, "wsgi", None), "config", None)
    if config is not None:
        config["LAN_LINKS"] = reaches_network(listening)
