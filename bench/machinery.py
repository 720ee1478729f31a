"""The project with one piece of its push machinery taken out (issue 29, goal 4): bench-only apps.

`bench.machinery:create_app("<variant>")`, run under the Procfile's command by
`bench/tap_cost.py --variant ...` and `bench/load.py --variant ...`, is the project's own app with
one piece swapped in this worker process only (a module name rebound, an instance's method
wrapped), never a production switch. The pieces (docs/operations.md, "Machinery and the figure
that keeps it"):

- plain-frames: `whole_frames` wraps no socket: frames go out with the library's single `send`
  (CPU only: partial writes then corrupt a slow phone's stream, tests/web/test_whole_frames.py);
- no-deflate: the websocket refuses permessage-deflate, so pushes go out as rendered (what the
  compression a browser negotiates costs the server, and saves on the wire).

A name the project renamed fails loudly here, not silently measuring the project itself.
"""
from __future__ import annotations

import simple_websocket.ws
from flask import Flask
from wsproto.extensions import PerMessageDeflate

from companion import create_app as create_project
from companion.web import whole_frames


def rebind(module, name: str, value) -> None:
    """Rebind `module.name` in this process; an error if the project has no such name any more."""
    if not hasattr(module, name):
        raise RuntimeError(f"{module.__name__} has no {name}: bench/machinery.py needs updating")
    setattr(module, name, value)


class Unwrapped:
    """In place of `WholeFrames`: the socket itself, unwrapped."""

    def __new__(cls, sock):
        return sock


class NoDeflate(PerMessageDeflate):
    """permessage-deflate refused whatever the phone offers: pushes go out uncompressed."""

    def accept(self, offer):
        return None


VARIANTS = {
    "plain-frames": lambda app: rebind(whole_frames, "WholeFrames", Unwrapped),
    "no-deflate": lambda app: rebind(simple_websocket.ws, "PerMessageDeflate", NoDeflate),
}


def app_spec(variant: str) -> str:
    """The gunicorn app spec of `variant` ("project": the project's own)."""
    return "companion:create_app()" if variant == "project" else f'bench.machinery:create_app("{variant}")'


def create_app(variant: str) -> Flask:
    """The project's app with the piece `variant` names taken out (VARIANTS)."""
    app = create_project()
    VARIANTS[variant](app)
    return app
