"""What a version's pushes cost to draw in each language (not a test).

For each game, a table a few moves in (random moves through the engine's offers); then timed, in
process, inside a request in each language: its regions drawn for every seat and a watcher, as a
push of a new version draws them, with the render cache and the kept fragments empty each time.
Printed per game: the median milliseconds per language (the words are looked up once per
request: web/words/catalogs.py).

Run: python -m bench render-langs [--moves 14] [--times 40] [--languages en,de,ja]
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

from companion import create_app
from companion.games import WATCHER, Viewer
from companion.web.tables.render import RenderCache
from tests.offers_checks import draw_action

SEATS = {"bosskito": 5, "gangs": 5, "kyotoan": 5, "neko": 4}


def drawn(app, table, seats: int, lang: str, times: int) -> float:
    """The median milliseconds of one version's regions for every seat and a watcher in `lang`."""
    viewers = [Viewer(s, True) for s in range(seats)] + [WATCHER]
    took = []
    with app.test_request_context(f"/?lang={lang}"):
        for _ in range(times):
            app.jinja_env.fragments.clear()
            cache = RenderCache()
            start = time.perf_counter()
            for v in viewers:
                cache.regions(table, v, "watch" if v is WATCHER else "play")
            took.append((time.perf_counter() - start) * 1000)
    return statistics.median(took[times // 8:])  # the first draws compile the templates


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench render-langs", description=__doc__)
    parser.add_argument("--moves", type=int, default=14)
    parser.add_argument("--times", type=int, default=40)
    parser.add_argument("--languages", default="en,de,ja")
    args = parser.parse_args(argv)
    app = create_app({"TESTING": True, "DATA_DIR": tempfile.mkdtemp(), "ACTION_LIMIT": 0})
    service = app.extensions["companion.tables"]
    langs = args.languages.split(",")
    print("game      " + "".join(f"{lang:>9}" for lang in langs) + "   (ms, a version for every seat and a watcher)")
    for game, seats in SEATS.items():
        table = service.create(game, [f"P{i}" for i in range(seats)], {"first_player": 0}, seed=3)
        rnd = random.Random(7)
        for _ in range(args.moves):
            now = service.get(table.id)
            service.act(table.id, table.record["host_token"], draw_action(now.game, now.state, rnd))
        table = service.get(table.id)
        print(f"{game:<10}" + "".join(f"{drawn(app, table, seats, lang, args.times):9.2f}" for lang in langs))
