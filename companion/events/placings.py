"""A table's result as the desk enters it: placings in finishing order or numbers by name, each
seated player placed once, checked against the night's results."""
from __future__ import annotations

from ..games import RuleViolation
from ..games.names import folded
from ..games.said import said, said_n


def places_from_placings(placings: object, players: list[str], where: dict) -> dict[str, int]:
    """Placings best first (each a name, or a list of names sharing that place) as {name: place},
    every player of the table once; else a RuleViolation naming the table (`where`: its table and
    round numbers) and the player."""
    if not isinstance(placings, list) or not placings:
        raise RuleViolation(said("Table {table} of round {round}: list its players best first ({players}).", **where,
                                 players=players))
    ranked = []
    for entry in placings:
        group = entry if isinstance(entry, list) and entry else [entry]
        ranked.append([_seated(name, players, where) for name in group])
    return _places(ranked, players, where)


def places_from_numbers(numbers: dict[str, object], players: list[str], where: dict) -> dict[str, int]:
    """Places typed or tapped per player ({name: "1", ...}; equal numbers are a tie; "1, 1, 2" is
    read as 1, 1, 3) as {name: place}; a player without a number is named in the sentence."""
    missing = [p for p in players if not str(numbers.get(p, "")).strip()]
    if missing:
        raise RuleViolation(unplaced(missing, where))
    given = {}
    for name in players:
        text = str(numbers[name]).strip()
        if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= len(players):
            raise RuleViolation(said("Table {table} of round {round}: {name}'s place is a number from 1 to {n}.", **where,
                                     name=name, n=len(players)))
        given[name] = int(text)
    order = sorted(set(given.values()))
    return _places([[n for n in players if given[n] == k] for k in order], players, where)


def _seated(name: object, players: list[str], where: dict) -> str:
    wanted = folded(name)
    found = next((p for p in players if p.casefold() == wanted), None)
    if found is None:
        shown = name if isinstance(name, str) else "?"
        raise RuleViolation(said("Table {table} of round {round}: “{typed}” does not play there; its players are {players}.",
                                 **where, typed=shown[:40], players=players))
    return found


def _places(ranked: list[list[str]], players: list[str], where: dict) -> dict[str, int]:
    # Competition ranking: two sharing first place are both 1st, the next is 3rd.
    places, place = {}, 1
    for group in ranked:
        for name in group:
            if name in places:
                raise RuleViolation(said("Table {table} of round {round}: {name} is placed twice.", **where, name=name))
            places[name] = place
        place += len(group)
    missing = [p for p in players if p not in places]
    if missing:
        raise RuleViolation(unplaced(missing, where))
    return places


def unplaced(missing: list[str], where: dict):
    """The sentence naming the players of a table (`where`) who have no place yet."""
    return said_n("Table {table} of round {round}: {names} has no place yet; place every player.",
                  "Table {table} of round {round}: {names} have no place yet; place every player.", len(missing),
                  **where, names=missing)


def checked_result(results: list[dict], table_id: object, placings: object) -> tuple[dict, dict[str, int]]:
    """The result row of `table_id` among a night's `results` and the places `placings` gives its
    players (a list best first, or the form's {name: place number}); RuleViolation for either."""
    entry = next((r for r in results if r["table_id"] == table_id), None)
    if entry is None:
        raise RuleViolation(said("That table is not part of this event: reload the page to see the tables as they are."))
    where = {"table": entry['table'], "round": entry['round']}
    if isinstance(placings, dict):
        return entry, places_from_numbers(placings, entry["players"], where)
    return entry, places_from_placings(placings, entry["players"], where)
