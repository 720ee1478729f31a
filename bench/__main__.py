"""`python -m bench <name> [options]` runs one bench; `python -m bench` lists them.

Benches print figures; they assert nothing (tests do). bench/RESULTS.md holds the latest
figures, each with the command that made it.
"""

from __future__ import annotations

import sys

from bench import (
    browser_latency,
    create,
    figures,
    league_read,
    load,
    night_phones,
    push_bytes,
    store_pace,
    tap_cost,
    undo,
)

# name: (its module, what it answers)
BENCHES = {
    "tap-cost": (tap_cost, "CPU and time to the last phone of a tap, per game, against a bare "
                                   "flask-sock broadcast of the same bytes"),
    "browser-latency": (browser_latency, "ms from a tap's POST to every other phone's page in Chromium, per game"),
    "push-bytes": (push_bytes, "bytes a phone receives per action type, per game, seat and watcher"),
    "load": (load, "50 tables of 6 phones at a venue's pace: latencies, errors, server RSS over time"),
    "undo": (undo, "undo and redo against an action, at 10, 300 and 3,000 actions of log"),
    "create": (create, "creating a table, and the home page, with 10 and with 10,000 tables stored"),
    "store-pace": (store_pace, "the embedded store: an fsync per action, 50 tables at a venue's pace"),
    "figures": (figures, "a finished table's statistics and a past version, per game, over random games"),
    "night-phones": (night_phones, "CPU of one player's my-night push beside a players' page push, by night size"),
    "league-read": (league_read, "a league's standings, big screen, page and CSV at 200 nights x 400 players, "
                                 "nothing kept vs kept"),
}


def main(argv: list[str]) -> int:
    """Run the bench `argv[0]` with the rest of `argv`, or list the benches."""
    if not argv or argv[0] not in BENCHES:
        if argv and argv[0] not in ("-h", "--help"):
            print(f"no bench named {argv[0]!r}\n", file=sys.stderr)
        print("python -m bench <name> [--help]\n")
        for name, (_, what) in BENCHES.items():
            print(f"  {name:<16} {what}")
        return 0 if not argv or argv[0] in ("-h", "--help") else 2
    BENCHES[argv[0]][0].main(argv[1:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
