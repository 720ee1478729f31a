"""Each table's result, and where two results of one table disagree. Pure functions.

A table's result is its placings, {name: place} (1 is best; equal places share). A table may
have two: the one the organiser entered by hand ("entered") and the one its game in the app
ended with ("played"). The entered one counts, so a result typed at the desk is never replaced
behind the organiser's back; when both exist and differ, the table is a conflict, shown on the
desk until the organiser settles it with a correction. Settling records the played result it
answered, so the conflict stays settled unless the game in the app ends otherwise later (an
undo and a different ending).
"""
from __future__ import annotations

from collections.abc import Callable


def app_places(names: list[str], state: dict, game) -> dict[str, int] | None:
    """The placings a finished game gives its seats (`names` in seating order), or None while it
    plays: `Game.places`, where players the game's own tie-breakers cannot separate share a place.
    The table's own seating names the places, so a round entry that lists other players (a
    damaged record) can neither crash a page nor credit the wrong people."""
    if not state.get("over"):
        return None
    return dict(zip(names, game.places(state)))


def result_rows(record: dict, played: Callable[[dict], dict[str, int] | None]) -> list[dict]:
    """Every table of every round, numbered within its round, with its results: `entered` (by
    hand), `played` (from the app, read by `played(table entry)`), `places` (the one that counts,
    None while the table plays), `source` ("organiser" or "app") and `conflict`."""
    rows = []
    for rnd in record["rounds"]:
        for number, t in enumerate(rnd["tables"], start=1):
            entered = record["manual"].get(t["table_id"])
            from_app = played(t)
            places = entered if entered is not None else from_app
            source = None if places is None else "app" if from_app is not None and places == from_app else "organiser"
            rows.append({"round": rnd["round"], "table": number, "game": t["game"], "table_id": t["table_id"],
                         "players": t["players"], "entered": entered, "played": from_app, "places": places, "source": source,
                         "conflict": disagree(entered, from_app, record["settled"].get(t["table_id"]))})
    return rows


def disagree(entered: dict | None, played: dict | None, settled: dict | None) -> bool:
    """Whether a table's two results disagree and the organiser has not settled that yet."""
    return entered is not None and played is not None and entered != played and settled != played


def conflicts(rows: list[dict]) -> list[dict]:
    """The tables whose results disagree, as the API lists them (api.md: table_id, entered, played;
    the round and table number and game added, so a person can find the table)."""
    return [{k: r[k] for k in ("table_id", "entered", "played", "round", "table", "game")} for r in rows if r["conflict"]]


def ranked(places: dict[str, int]) -> list[tuple[int, list[str]]]:
    """Placings best first as (place, names sharing it): {"Ann": 1, "Bo": 1, "Cy": 3} reads
    [(1, ["Ann", "Bo"]), (3, ["Cy"])]."""
    return [(place, [n for n, p in places.items() if p == place]) for place in sorted(set(places.values()))]


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, … (11th, 12th, 13th)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def spoken(places: dict[str, int]) -> str:
    """Placings in words, best first, ties joined: "1st Aiko = Botan, 3rd Chika"."""
    return ", ".join(f"{ordinal(place)} {' = '.join(names)}" for place, names in ranked(places))
