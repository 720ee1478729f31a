"""The home page's "Start a table" form read as a table's setup.

The form has a name slot per possible player ("Player 1" … "Player 6") and picks things per slot
(who starts, Last Kyotoan Standing's monsters). A blank slot seats nobody, so the table's seats
are the named slots in order: what the form picked for a slot goes to that slot's seat, never to
whoever moved up into its place.
"""
from __future__ import annotations

from ...games import RuleViolation, page_of
from ...games.base import Game


def table_setup(game: Game, form) -> tuple[list[str], dict]:
    """The players (named slots, in seating order) and the options the form chose for `game`."""
    slots = form.getlist("players")
    named = [i for i, name in enumerate(slots) if name.strip()]
    players = [slots[i] for i in named]
    options = {o.name: (o.name in form) for o in game.options if o.kind is bool}
    if any(o.name == "monsters" for o in game.options):
        picked = form.getlist("monsters")
        roster = page_of(game).data["monsters"]
        options["monsters"] = pick_monsters([picked[i] if i < len(picked) else "" for i in named], len(players), roster)
    if any(o.name == "die_faces" for o in game.options) and form.getlist("die_faces"):
        options["die_faces"] = [int(f) if f.isascii() and f.isdigit() else f for f in form.getlist("die_faces")]
    first = form.get("first_player", "")
    if first not in ("", "random"):
        options["first_player"] = starting_seat(first, slots, named)
    return players, options


def starting_seat(first: str, slots: list[str], named: list[int]) -> int | str:
    """The seat of the slot chosen to start ("2": Player 3's); a value that names no slot goes to
    the engine as it is, which refuses it in its own words."""
    if not (first.isascii() and first.isdigit() and len(first) <= 9):
        return first
    slot = int(first)
    if slot in named:
        return named.index(slot)
    if slot < len(slots):
        raise RuleViolation(f"Player {slot + 1} was chosen to start but has no name: type it, or choose who starts among the named players.")
    return slot


def pick_monsters(chosen: list[str], n: int, roster: tuple[str, ...]) -> list[str] | None:
    """The monsters picked on the form, blanks filled with the next free ones in `roster` order."""
    if not any(chosen):
        return None
    chosen = chosen + [""] * (n - len(chosen))
    free = iter(m for m in roster if m not in chosen)
    return [m or next(free, "") for m in chosen]
