"""The raw counters of a table: what a monster has (★, ϟ, ♥, cards, tokens, counters, a seat in
Kyoto), read and changed as they are, with no card asked.

The bottom of the package: the Keep cards' declarations (keeps.py) read these, and effects.py
changes ϟ and ♥ through the cards. ★ are changed here: no card adds to a gain of ★.
"""
from __future__ import annotations

from ..said import filled, said, said_n

WIN_STARS = 20
MAX_HP = 10
FACES = ("1", "2", "3", "heart", "energy", "smash")
FACE_WORDS = {"1": "1", "2": "2", "3": "3", "heart": "♥", "energy": "ϟ", "smash": "✸"}
BAY_MIN_ALIVE = 5  # Kyoto Bay is a second seat with five or six monsters alive
TOKENS = {"poison": "Poison", "shrink": "Shrink Ray"}  # a monster's token kinds, as the log names them


def token_count(kind: str, n: int) -> str:
    """`n` tokens of a kind, as the log names them ("2 Poison tokens")."""
    if kind == "poison":
        return said_n("{n} Poison token", "{n} Poison tokens", n)
    return said_n("{n} Shrink Ray token", "{n} Shrink Ray tokens", n)


def name(state: dict, i: int) -> str:
    """A monster as the history names it: 'Giga Zaur (Ann)'."""
    p = state["players"][i]
    return f"{p['monster']} ({p['name']})"


def alive(state: dict) -> list[int]:
    """Indexes of the monsters still in the game, in seating order."""
    return [i for i, p in enumerate(state["players"]) if p["alive"]]


def in_kyoto(state: dict, i: int) -> bool:
    """City or Bay: both are 'in Kyoto' for every rule."""
    return state["players"][i]["location"] is not None


def bay_open(state: dict) -> bool:
    """Whether Kyoto Bay is in use (five or six monsters alive)."""
    return len(alive(state)) >= BAY_MIN_ALIVE


def neighbours(state: dict, i: int) -> list[int]:
    """The monsters seated either side of monster i that are still in the game."""
    n = len(state["players"])
    return [j for j in sorted({(i - 1) % n, (i + 1) % n} - {i}) if state["players"][j]["alive"]]


def add(state: dict, i: int, key: str, n: int, top: int | None, symbol: str, why: str, lines: list[str]) -> None:
    """Change one of a monster's counts by n, kept within 0..top, and say what changed."""
    p = state["players"][i]
    before = p[key]
    p[key] = max(0, before + n if top is None else min(top, before + n))
    if p[key] != before:
        said_how = said("{who} gains {n}{symbol} ({why}).") if n > 0 else said("{who} loses {n}{symbol} ({why}).")
        lines.append(filled(said_how, who=name(state, i), n=abs(p[key] - before), symbol=symbol, why=why))


def gain_stars(state: dict, i: int, n: int, why: str, lines: list[str]) -> None:
    """Add (or, with n < 0, remove) stars, kept within 0..20."""
    add(state, i, "stars", n, WIN_STARS, "★", why, lines)


def leave(state: dict, i: int) -> None:
    """A monster leaves its seat in Kyoto (yield, elimination)."""
    seat = state["players"][i]["location"]
    if seat is not None:
        state["kyoto"][seat] = None
        state["players"][i]["location"] = None


# -- the cards a monster has ------------------------------------------------------------------
def mimicked(state: dict, i: int) -> str | None:
    """The card monster i's Mimic token is on, while that card is still in play."""
    p = state["players"][i]
    token = p.get("mimic")
    if not token or "mimic" not in p["cards"]:
        return None
    return token["card"] if token["card"] in state["players"][token["of"]]["cards"] else None


def copies(state: dict, i: int, card_id: str) -> int:
    """How many of a card monster i owns, a Mimic token on that card counting as one more."""
    return state["players"][i]["cards"].count(card_id) + (mimicked(state, i) == card_id)


def owns(state: dict, i: int, card_id: str) -> bool:
    """Whether monster i has the card's power (its own copy or a Mimic token on one)."""
    return copies(state, i, card_id) > 0


def counter_sets(state: dict, i: int, card_id: str) -> list[str]:
    """The counter sets the owner has for a counter card (Smoke Cloud, Battery Monster): the Mimic
    token's first (it can be placed again when it runs out), then the card's own."""
    counters = state["players"][i].get("counters", {})
    sets = ["mimic"] if mimicked(state, i) == card_id and counters.get("mimic") else []
    return sets + ([card_id] if counters.get(card_id) and card_id in state["players"][i]["cards"] else [])


def used(state: dict, mark: str) -> int:
    """How often a power limited to a turn was used this turn (its mark in `state["used"]`)."""
    return state.get("used", []).count(mark)
