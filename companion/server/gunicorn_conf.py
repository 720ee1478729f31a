"""gunicorn hooks of the Procfile (`--config python:companion.server.gunicorn_conf`) and of
`companion serve --workers N`; the numbers (workers, timeouts, bind) stay on their command lines.
One process (`companion serve` by default) runs gevent's own server instead: gevent_server.py."""
from __future__ import annotations

from .loop import CONNECTIONS, budget, one_worker_unless_redis

# Connections the worker keeps open at once: under the event-loop worker each costs a greenlet
# and a file, no thread (companion/server/worker.py). The worker raises its open-file limit to
# match when the system allows.
worker_connections = CONNECTIONS

# No control socket (gunicorn 25.1+ otherwise makes ~/.gunicorn/gunicorn.ctl, or one under
# $XDG_RUNTIME_DIR): the server writes nothing outside its data folder, and nothing here uses
# `gunicornc`. Older gunicorn ignores an unknown setting in a config module.
control_socket_disable = True


def on_starting(server) -> None:
    """Before gunicorn starts anything: refuse several workers without Redis (gunicorn prints the
    sentence and exits)."""
    refusal = one_worker_unless_redis(server.cfg.workers)
    if refusal:
        raise RuntimeError(refusal)


class LateHandshake:
    """gunicorn's TLS context, its sockets made without a handshake: gevent's server would shake
    hands before the worker counts the connection, each read timed alone; the worker does it
    instead, counted and within a request's deadline as a whole (worker.py `handshake`)."""

    def __init__(self, context):
        self.context = context

    def wrap_socket(self, sock, *args, **kwargs):
        """The context's own, with the handshake left for later."""
        return self.context.wrap_socket(sock, *args, **{**kwargs, "do_handshake_on_connect": False})

    def __getattr__(self, name):
        return getattr(self.context, name)


def ssl_context(config, default_ssl_context_factory):
    """gunicorn's hook for the TLS context: its own, wrapped in LateHandshake."""
    return LateHandshake(default_ssl_context_factory())


def post_worker_init(worker) -> None:
    """In the worker that serves the app: what every server does before serving (ready.py), its
    live pages within the worker's file budget (worker.py)."""
    # Imported here, in the worker: gunicorn's master reads this module before gevent patches
    # the standard library; the app's web layer is made after it.
    from .ready import ready

    configured = worker.wsgi.extensions["companion.phones"].cap if "companion.phones" in worker.wsgi.extensions else None
    phones = budget(worker.worker_connections, configured)[1]
    ready(worker.wsgi, getattr(worker, "sockets", []), phones)
