"""The project with one piece of its push machinery taken out (issue 29, goal 4): bench-only apps.

`bench.machinery:create_app("<variant>")`, run under the Procfile's command by
`bench/tap_cost.py --variant ...` and `bench/load.py --variant ...`, is the project's own app with
one piece swapped in this worker process only (a module name rebound, an instance's method
wrapped), never a production switch. The pieces (docs/operations.md, "Machinery and the figure
that keeps it"):

- no-writer-sends: the hub offers no push to the request that changed the table (`deliver` never
  registered): every phone's push is sent by its own greenlet once `sub.wait` wakes it;
- no-sendroom-cache: `SendRoom.fits` forgets its tally and asks the kernel (TIOCOUTQ ioctl and
  SO_SNDBUF) before every push the writer sends;
- no-sendroom: the writer sends whenever the socket's lock is free, never asking whether the push
  fits (a slow phone's full buffer then holds up the request that changed the table);
- no-splice: a seat's board rendered whole for that seat instead of the watchers' board with its
  own player spliced in (only Gangs of Kyoto splices: `Page.own_player`);
- plain-frames: `whole_frames` wraps no socket: frames go out with the library's single `send`
  (CPU only: partial writes then corrupt a slow phone's stream, tests/web/test_whole_frames.py).

A name the project renamed fails loudly here, not silently measuring the project itself.
"""
from __future__ import annotations

import dataclasses

from flask import Flask

from companion import create_app as create_project
from companion.games import all_pages
from companion.web import render, sockets, whole_frames


def rebind(module, name: str, value) -> None:
    """Rebind `module.name` in this process; an error if the project has no such name any more."""
    if not hasattr(module, name):
        raise RuntimeError(f"{module.__name__} has no {name}: bench/machinery.py needs updating")
    setattr(module, name, value)


class AskingRoom(sockets.SendRoom):
    """A send room that keeps no tally: the kernel is asked before every push."""

    def fits(self, chars: int) -> bool:
        """Whether `chars` fit, asked of the kernel (the cached size forgotten first)."""
        self.size = 0
        return super().fits(chars)


class NoRoom(sockets.SendRoom):
    """A send room that never looks: every push fits."""

    def fits(self, chars: int) -> bool:
        """Always: the writer sends whatever the phone's buffer holds."""
        return True


class Unwrapped:
    """In place of `WholeFrames`: the socket itself, unwrapped."""

    def __new__(cls, sock):
        return sock


def no_writer_sends(app: Flask) -> None:
    """Subscriptions without `deliver`: the hub wakes every phone's greenlet instead."""
    live = app.extensions["companion.live"]
    subscribe = live.subscribe
    live.subscribe = lambda key, deliver=None: subscribe(key)


def no_splice(app: Flask) -> None:
    """Every game's page as if it drew no player apart (`own_player` off): no board spliced."""
    pages = {game_id: dataclasses.replace(page, own_player=False) for game_id, page in all_pages().items()}
    rebind(render, "page_of", lambda game: pages[game.id])


VARIANTS = {
    "no-writer-sends": no_writer_sends,
    "no-sendroom-cache": lambda app: rebind(sockets, "SendRoom", AskingRoom),
    "no-sendroom": lambda app: rebind(sockets, "SendRoom", NoRoom),
    "no-splice": no_splice,
    "plain-frames": lambda app: rebind(whole_frames, "WholeFrames", Unwrapped),
}


def app_spec(variant: str) -> str:
    """The gunicorn app spec of `variant` ("project": the project's own)."""
    return "companion:create_app()" if variant == "project" else f'bench.machinery:create_app("{variant}")'


def create_app(variant: str) -> Flask:
    """The project's app with the piece `variant` names taken out (VARIANTS)."""
    app = create_project()
    VARIANTS[variant](app)
    return app
