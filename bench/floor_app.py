"""The project with its push rendering taken out: the floor under a tap's cost (issue 29).

A bench-only app (`bench.floor_app:create_app()`, run by `bench/tap_cost.py --floor` under the
Procfile's command), never a production switch. It is the project's own app, limiter, engine,
store, hub and sockets unchanged, except that the render cache's `push` returns filler bytes
instead of rendering: for each action the bench names, in the header `X-Bench-Push`, the bytes the
real project pushed each phone for the same action ("seat 0, ..., seat n-1, watcher"), so the
floor sends the same bytes as the project and the bare app. Pushes no action named (a phone's
first push on connecting) are rendered as usual.

`POST /api/bench/profile` (under /api/ as the CSRF check asks; this app only) with `start` turns a CPU-time cProfile of the worker on; with `stop` it
answers the CPU seconds spent per part of the tap (Flask, limiter, engine, store, JSON, sends,
gevent's loop, ...), summed from each function's own time by the file it lives in.
"""
from __future__ import annotations

import cProfile
import json
import pstats
import time

from flask import Flask, request

from companion import create_app as create_project
from companion.web.render import RenderCache

# Which part of a tap a function's own time counts in, by a piece of its file's path (first match).
PARTS = (
    ("render (left: connects)", ("jinja2", "markupsafe", "companion/web/render", "companion/web/fragments", "/templates/")),
    ("limiter", ("flask_limiter", "/limits/")),
    ("engine", ("companion/games/",)),
    ("store", ("companion/store/",)),
    ("json", ("/json/", "orjson")),
    ("sends", ("simple_websocket", "wsproto", "flask_sock", "companion/web/sockets", "companion/web/whole_frames", "companion/live")),
    ("gevent loop", ("gevent", "greenlet")),
    ("gunicorn", ("gunicorn", "companion/server")),
    ("flask and werkzeug", ("flask/", "werkzeug", "click", "itsdangerous")),
    ("the rest of companion", ("companion/",)),
)


# Built-in functions have no file: told apart by their names.
BUILTINS = (
    ("sends", ("send", "recv_into")),
    ("store", ("fsync", "posix.write", "open", "flush", "rename", "replace")),
    ("json", ("_json", "json")),
    ("gevent loop", ("greenlet", "switch", "poll", "epoll", "select")),
)


def part_of(filename: str, function: str) -> str:
    """The part of a tap a function in `filename` belongs to (PARTS), else "other"."""
    for name, marks in BUILTINS if filename == "~" else PARTS:
        if any(m in (function if filename == "~" else filename) for m in marks):
            return name
    return "other (stdlib, builtins)"


def parts(profile: cProfile.Profile) -> dict[str, float]:
    """CPU seconds of own time per part of a tap, largest first."""
    totals: dict[str, float] = {}
    for (filename, _, function), (_, _, own, _, _) in pstats.Stats(profile).stats.items():
        part = part_of(filename, function)
        totals[part] = totals.get(part, 0.0) + own
    return dict(sorted(totals.items(), key=lambda kv: -kv[1]))


def create_app() -> Flask:
    """The project's app with pushes of filler bytes in place of rendered regions."""
    app = create_project()
    cache: RenderCache = app.extensions["companion.renders"]
    rendered = cache.push
    named: dict[str, list[int]] = {}  # table id -> bytes a phone, the last action's
    profiler: list[cProfile.Profile] = []

    def push(table, viewer, mode: str, had):
        sizes = named.get(table.id)
        if sizes is None:
            return rendered(table, viewer, mode, had)
        phone = viewer.seat if mode == "play" and viewer.seat is not None else len(sizes) - 1
        return had, "x" * sizes[phone]

    cache.push = push

    @app.before_request
    def note_sizes():
        if "X-Bench-Push" in request.headers and request.view_args and "table_id" in request.view_args:
            named[request.view_args["table_id"]] = [int(s) for s in request.headers["X-Bench-Push"].split(",")]

    @app.post("/api/bench/profile")
    def profile():
        if request.get_data(as_text=True) == "start":
            profiler[:] = [cProfile.Profile(time.process_time)]
            profiler[0].enable()
            return "", 204
        profiler[0].disable()
        top = sorted(pstats.Stats(profiler[0]).stats.items(), key=lambda kv: -kv[1][2])[:25]
        return json.dumps({"parts": parts(profiler[0]), "top": [[f"{f}:{n}:{fn}", v[2]] for (f, n, fn), v in top]}), 200

    return app
