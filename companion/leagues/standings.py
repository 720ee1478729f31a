"""A league's standings, ratings and rows per night, read from its nights. Pure functions.

A night comes in as the service read it: {"id", "name", "date", "players": registered names,
"seated": names who sat at a table, "rows": {name: {"points", "wins"}} (the night's own
standings), "tables": [{"finished", "round", "table", "places": {name: place}}] (finished only)}.
Points and wins add up the nights' own; ratings replay every finished table of every night in the
order they finished (then by night, round and table, for tables that finished in one second).

Ratings: openskill's Plackett-Luce model. Every table is one rating update, each seat a team of
one ranked by its place (players sharing a place share the rank, as openskill's ties do). A
player's first rating is openskill's default (mu 25, sigma 25/3); `ordinal` is its conservative
estimate, mu - 3 sigma.
"""
from __future__ import annotations

from collections import Counter

from openskill.models import PlackettLuce

from ..games.names import name_key
from .sums import Sums, in_order

MODEL = PlackettLuce()


class Replay:
    """openskill over a league's tables in order ((player keys, their places) each), kept between
    reads: a read whose tables begin as the last read's did replays only from the first table that
    differs (a table finishing tonight replays tonight's tables, not four years of them)."""

    EVERY = 250  # a copy of every rating is kept each EVERY tables, to start again from

    def __init__(self):
        self.steps: list[tuple] = []
        self.after: list[dict[str, float]] = []
        self.marks: list[dict] = [{}]  # marks[k]: the ratings before table k * EVERY

    def run(self, steps: list[tuple], pause=lambda: None) -> tuple[dict, list[dict[str, float]]]:
        """The ratings after every table, and after each table the ordinal of each of its players.
        A table of fewer than two players rates nobody. `pause()` runs every EVERY tables (the
        cache lets other phones' requests go between)."""
        same = next((i for i, (old, new) in enumerate(zip(self.steps, steps)) if old is not new and old != new),
                    min(len(self.steps), len(steps)))
        mark = min(same // self.EVERY, len(self.marks) - 1)
        start = mark * self.EVERY
        ratings, marks, after = dict(self.marks[mark]), self.marks[:mark + 1], self.after[:start]
        for i in range(start, len(steps)):
            if i % self.EVERY == 0 and i > start:
                marks.append(dict(ratings))
                pause()
            keys, places = steps[i]
            if len(keys) < 2:
                after.append({})
                continue
            teams = [[ratings[key] if key in ratings else MODEL.rating(name=key)] for key in keys]
            for key, team in zip(keys, MODEL.rate(teams, ranks=list(places))):
                ratings[key] = team[0]
            after.append({key: ratings[key].ordinal() for key in keys})
        self.steps, self.after, self.marks = list(steps), after, marks
        return ratings, after


def as_json(rating) -> dict:
    """A rating as the API shows it (`None`: a player no finished table has rated yet)."""
    rating = rating or MODEL.rating()
    return {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal()}


def league_table(nights: list[dict], merges: list[dict], replayed: Replay | None = None, pause=lambda: None,
                 sums: Sums | None = None) -> dict:
    """{"standings": rows best first, "players": names, "nights": [{"id", "name", "date", "seated"}],
    "rows": a function giving per night its player rows (_night_rows)}.
    A night may carry its names' keys ("keys", records.night_keys) read once; `replayed` and
    `sums` are the league's Replay and Sums kept from its last read, if any; `pause` goes to both."""
    sums = sums or Sums()
    parts = sums.update(nights, merges, pause)
    # The first night's spelling (nights in the league's order), unless a merge names one: a
    # careless later spelling ("aiko") never renames the person.
    names = {**sums.first_names(parts), **{key: shown for key, shown in sums.ids.shown.items() if key in sums.totals}}
    people = {key: {"name": names[key], "points": t[0], "wins": t[1], "nights": t[2]} for key, t in sums.totals.items()}
    steps, order = in_order(parts)
    ratings, after = (replayed or Replay()).run(steps, pause)
    # The rows per night (80,000 at a league's limits) are made only for the spreadsheet.
    return {"standings": _ranked(people, ratings), "players": sorted((p["name"] for p in people.values()), key=lambda n: (name_key(n), n)),
            "nights": [{"id": n["id"], "name": n["name"], "date": n["date"], "seated": len(n["seated"])} for n in nights],
            "rows": lambda: _night_rows(nights, [part.keys for part in parts], people, order, after)}


def _ranked(people: dict[str, dict], ratings: dict) -> list[dict]:
    rows = [{"name": p["name"], "points": round(p["points"], 2), "nights": p["nights"], "wins": p["wins"],
             "rating": as_json(ratings.get(key))} for key, p in people.items()]
    rows.sort(key=lambda r: (-r["points"], -r["rating"]["ordinal"], name_key(r["name"]), r["name"]))
    previous, rank = None, 0
    for i, r in enumerate(rows, start=1):
        if (r["points"], r["rating"]["ordinal"]) != previous:
            rank, previous = i, (r["points"], r["rating"]["ordinal"])
        r["rank"] = rank
    return [{"rank": r.pop("rank"), **r} for r in rows]


def _night_rows(nights: list[dict], keyed: list[dict], people: dict, order: list[int], after: list[dict]) -> list[dict]:
    """Each night with a row per player who sat: points, placings (round by round, "2=" a shared
    place) and the rating ordinal the player had once that night's tables were rated."""
    ordinal: dict[str, float] = {}
    by_night: list[dict[str, float]] = [{} for _ in nights]
    for n, step in zip(order, after):
        by_night[n].update(step)
    out = []
    for n, night in enumerate(nights):
        # Nights in the league's order: a player absent from a night keeps the rating they had.
        ordinal.update(by_night[n])
        placings = night.get("placings") or night_placings(night["tables"])
        rows = []
        for name in night["players"]:
            if name not in night["seated"]:
                continue
            key = keyed[n][name]
            rows.append({"player": people[key]["name"], "points": night["rows"].get(name, {}).get("points", 0),
                         "placings": placings.get(name, ""), "rating_ordinal": ordinal.get(key, 0.0)})
        out.append({"id": night["id"], "name": night["name"], "date": night["date"], "rows": rows})
    return out


def night_placings(tables: list[dict]) -> dict[str, str]:
    """Each player's places at a night, round by round ("1, 2=, 4": "2=" a shared place)."""
    placings: dict[str, list[str]] = {}
    for t in sorted(tables, key=lambda t: (t["round"], t["table"])):
        shared = Counter(t["places"].values())
        for name, place in t["places"].items():
            placings.setdefault(name, []).append(f"{place}=" if shared[place] > 1 else str(place))
    return {name: ", ".join(places) for name, places in placings.items()}
