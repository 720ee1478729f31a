"""gunicorn hooks for bench/rss_trace.py (not used by the app): the project's own hooks
(companion/server/gunicorn_conf.py), and in the worker tracemalloc started and, every
COMPANION_BENCH_TRACE_EVERY seconds (60), a snapshot dumped to the folder COMPANION_BENCH_TRACE
(`<seconds>.trace`) beside a line of `caches.jsonl`: how full the app's caches are then."""
from __future__ import annotations

import gc
import json
import os
import threading
import time
import tracemalloc

from companion.server.gunicorn_conf import *  # noqa: F401,F403 (the project's settings and hooks)
from companion.server.gunicorn_conf import post_worker_init as project_post_worker_init


def caches(app) -> dict:
    """How many entries (and characters, for rendered text) the app's caches and tables hold."""
    # Imported here, in the worker (as gunicorn_conf does): the web layer after gevent's patch.
    from companion.web import render, said

    renders = app.extensions["companion.renders"]._items
    tables = app.extensions["companion.tables"]._cache._tables
    fragments = app.jinja_env.fragments
    return {
        "renders": len(renders), "render_chars": sum(len(v) for v in renders.values()),
        "fragments": len(fragments), "fragment_chars": sum(len(h) for h, _ in fragments.values()),
        "history_lines": said._said.cache_info().currsize,
        "table_paths": render._table_paths.cache_info().currsize,
        "tables": len(tables), "log_entries": sum(len(t.record["actions"]) for t in tables.values()),
        "checkpoints": sum(len(t.checkpoints) for t in tables.values()),
        "gc_frozen": gc.get_freeze_count(), "gc_tracked": len(gc.get_objects()),
    }


def post_worker_init(worker) -> None:
    """The project's worker setup, then tracemalloc and the snapshot loop."""
    project_post_worker_init(worker)
    folder, every = os.environ["COMPANION_BENCH_TRACE"], float(os.environ.get("COMPANION_BENCH_TRACE_EVERY", "60"))
    tracemalloc.start(int(os.environ.get("COMPANION_BENCH_TRACE_FRAMES", "6")))
    began = time.perf_counter()

    def snapshots():
        with open(os.path.join(folder, "caches.jsonl"), "a", buffering=1) as log:
            while True:
                time.sleep(every)
                at = round(time.perf_counter() - began)
                tracemalloc.take_snapshot().dump(os.path.join(folder, f"{at:05d}.trace"))
                log.write(json.dumps({"t": at, **caches(worker.wsgi)}) + "\n")

    threading.Thread(target=snapshots, daemon=True).start()
