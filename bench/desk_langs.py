"""What a night's desk push costs to draw in each language (not a test).

A night of N players seated at tables of four (Gangs of Kyoto), timed in process inside a request
in each language: the desk's live regions (`event_regions(record, "admin")`), as each push to the
organiser's desk draws them. Printed per size: the median milliseconds per language and the
bytes of the English push.

Run: python -m bench desk-langs [--players 100,400] [--times 15] [--languages en,de,ja,fr]
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from flask import session

from companion import create_app
from companion.web.nights.regions import event_regions
from companion.web.words import catalogs


def night(app, players: int) -> dict:
    """A night of `players` players with round 1 seated."""
    service = app.extensions["companion.events"]
    with app.test_request_context("/"):
        record = service.create("Bench night", ["gangs"], 3)
        service.register(record["id"], record["token"], "\n".join(f"Player {i:03d}" for i in range(players)))
        service.start_round(record["id"], record["token"], ["gangs"])
    return record


def drawn(app, record: dict, lang: str, times: int) -> tuple[float, int]:
    """The median milliseconds of the desk's regions in `lang`, and their size in bytes."""
    service, took, size = app.extensions["companion.events"], [], 0
    for _ in range(times):
        with app.test_request_context(f"/?lang={lang}"):
            session["events"] = {record["id"]: record["token"]}  # this phone is the desk
            catalogs.reset()
            now = service.get(record["id"])
            start = time.perf_counter()
            html = event_regions(now, "admin")
            took.append((time.perf_counter() - start) * 1000)
            size = len(html.encode())
    return statistics.median(took), size


def main(argv: list[str]) -> None:
    """Print the desk's push per night size and language."""
    parser = argparse.ArgumentParser(prog="python -m bench desk-langs")
    parser.add_argument("--players", default="100,400")
    parser.add_argument("--times", type=int, default=15)
    parser.add_argument("--languages", default="en,de,ja,fr")
    args = parser.parse_args(argv)
    languages = args.languages.split(",")
    app = create_app({"TESTING": True, "DATA_DIR": tempfile.mkdtemp(), "CREATE_LIMIT": "100000 per minute",
                      "TABLES_LIMIT": "100000 per minute", "ACTION_LIMIT": 0})
    print(f"{'players':<9}" + "".join(f"{lang:>9}" for lang in languages) + "   (ms, the desk's regions; bytes in en)")
    for players in (int(n) for n in args.players.split(",")):
        record = night(app, players)
        figures = [drawn(app, record, lang, args.times) for lang in languages]
        print(f"{players:<9}" + "".join(f"{ms:9.1f}" for ms, _ in figures) + f"   {figures[0][1]:,} B")

