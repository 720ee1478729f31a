"""gunicorn hooks shared by the Procfile (`--config python:companion.gunicorn_conf`) and
`companion serve`; the numbers (threads, timeouts, bind) stay on their command lines."""
from __future__ import annotations


def post_worker_init(worker) -> None:
    """In the worker that serves the app: keep full garbage collections short (companion/heap.py)."""
    from .heap import install

    install()
