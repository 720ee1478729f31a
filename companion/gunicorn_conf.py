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
    """In the worker that serves the app: keep full garbage collections short (companion/heap.py)."""
    from .heap import install, start_idle_thaws

    worker.heap_policy = install()
    worker.heap_thaws = start_idle_thaws(worker.heap_policy)  # an event: set it to stop the thread


def pre_request(worker, req) -> None:
    """Every request tells the heap policy that the server is not quiet."""
    policy = getattr(worker, "heap_policy", None)
    if policy is not None:
        policy.touch()
