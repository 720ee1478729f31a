"""Points by placing and the standings of an event, with their tie-breakers. Pure functions.

A result is the placings of one table: {name: place} (1 is best; equal places share them).
Standings order: points, then wins, then Median-Buchholz, then Solkoff, then head-to-head.
"""
from __future__ import annotations

from collections import Counter, defaultdict

from ..games.said import said


def _relative(place: int, size: int) -> float:
    # First scores 3 and last 0 at every table size, linear between: fair across sizes.
    return 3.0 * (size - place) / (size - 1) if size > 1 else 3.0


def _fixed(place: int, size: int) -> float:
    return {1: 4.0, 2: 2.0, 3: 1.0}.get(place, 0.0)


def _winner(place: int, size: int) -> float:
    return 1.0 if place == 1 else 0.0


# What each scheme and each column of the standings is, said on the pages (|told): sentences of the night.
SCHEMES = {
    "relative": (said("First 3, last 0, evenly between, at every table size (the default: fair when table sizes differ)."), _relative),
    "fixed": (said("4 for first, 2 for second, 1 for third, 0 after, whatever the table size."), _fixed),
    "wins": (said("1 for a win, 0 otherwise."), _winner),
}
DEFAULT_SCHEME = "relative"

EXPLANATIONS = {
    "points": said("Points by placing at each table (scheme above); tied places share the points of the places they cover."),
    "wins": said("Tables won (a shared win counts)."),
    "median_buchholz": said("Sum of the points of every opponent met, leaving out the highest and the lowest (with 3 or more)."),
    "solkoff": said("Sum of the points of every opponent met."),
    "h2h": said("Among players still tied: how many of them this player placed above when they met."),
}


def placing_points(places: dict[str, int], scheme: str) -> dict[str, float]:
    """Points of each player at one table; tied places share the average of the places they span."""
    fn = SCHEMES[scheme][1]
    size = len(places)
    sharing = Counter(places.values())
    shared = {place: round(sum(fn(p, size) for p in range(place, place + tied)) / tied, 4) for place, tied in sharing.items()}
    return {name: shared[place] for name, place in places.items()}


def standings(names: list[str], results: list[dict[str, int]], scheme: str = DEFAULT_SCHEME) -> list[dict]:
    """The standings rows, best first: rank, name, points, wins and the tie-breakers."""
    # One pass over the tables (each a handful of players), then one sort: a night of 400 players
    # reads in milliseconds. Nothing here may loop over every player for every player or table.
    points, wins, played = defaultdict(float), defaultdict(int), defaultdict(int)
    opponents: dict[str, list[str]] = defaultdict(list)
    above = defaultdict(int)  # (a, b) -> times a placed above b
    for places in results:
        for name, pts in placing_points(places, scheme).items():
            points[name] += pts
        for name, place in places.items():
            played[name] += 1
            if place == 1:
                wins[name] += 1
            for other, other_place in places.items():
                if other != name:
                    opponents[name].append(other)
                    if place < other_place:
                        above[(name, other)] += 1
    rows = []
    for name in names:
        opp = sorted(points[o] for o in opponents[name])
        solkoff = sum(opp)
        median = sum(opp[1:-1]) if len(opp) >= 3 else solkoff
        rows.append({"name": name, "points": round(points[name], 2), "wins": wins[name],
                     "median_buchholz": round(median, 2), "solkoff": round(solkoff, 2), "h2h": 0,
                     "played": played[name]})
    key = lambda r: (-r["points"], -r["wins"], -r["median_buchholz"], -r["solkoff"])  # noqa: E731
    # Head-to-head only among players tied on everything before it; only an opponent met can have
    # been placed below, so each player looks at the few they met, not at everyone tied with them
    # (before any result, every player of the night is tied with every other).
    tied = {r["name"]: key(r) for r in rows}
    for r in rows:
        mine = tied[r["name"]]
        r["h2h"] = sum(1 for o in set(opponents[r["name"]]) if tied.get(o) == mine
                       and above[(r["name"], o)] > above[(o, r["name"])])
    rows.sort(key=lambda r: (*key(r), -r["h2h"], r["name"].casefold()))
    previous, rank = None, 0
    for i, r in enumerate(rows, start=1):
        tie_key = (*key(r), -r["h2h"])
        if tie_key != previous:
            rank, previous = i, tie_key
        r["rank"] = rank
    return [{"rank": r["rank"], **{k: v for k, v in r.items() if k != "rank"}} for r in rows]
