"""gunicorn hooks for bench/heap_policy.py (not used by the app): the project's own hooks
(companion/server/gunicorn_conf.py), with the heap policy on or off (COMPANION_BENCH_HEAP=on|off) and
every full garbage collection's pause written to COMPANION_BENCH_GC_LOG (one line each: seconds
since start, milliseconds, objects collected)."""
from __future__ import annotations

import gc
import os
import time

from companion.server.gunicorn_conf import *  # noqa: F401,F403 (the project's settings and hooks)
from companion.server.gunicorn_conf import post_worker_init as project_post_worker_init


def post_worker_init(worker) -> None:
    """The project's worker setup, with or without the heap policy, and the pause log."""
    if os.environ.get("COMPANION_BENCH_HEAP", "on") == "on":
        project_post_worker_init(worker)
    else:
        # Imported here, in the worker (as gunicorn_conf does): the web layer after gevent's patch.
        from companion.server.ready import lan_links, max_phones

        lan_links(worker.wsgi, worker.sockets)
        max_phones(worker.wsgi)
    log = open(os.environ["COMPANION_BENCH_GC_LOG"], "a", buffering=1)
    began, started = time.perf_counter(), [0.0]

    def timed(phase: str, info: dict) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            now = time.perf_counter()
            log.write(f"{now - began:.1f} {(now - started[0]) * 1000:.1f} {info.get('collected', 0)}\n")

    # First in the list: the pause measured includes a thaw the policy makes as a collection starts.
    gc.callbacks.insert(0, timed)
