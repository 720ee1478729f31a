"""What happens to monsters: stars, energy, hearts, damage, elimination, Kyoto seats.

Every change of a monster's ★, ϟ or ♥ goes through these functions, so that the Keep cards
(a later step) hook into one place each instead of being special cases in the turn code.
"""
from __future__ import annotations

WIN_STARS = 20
MAX_HP = 10
FACES = ("1", "2", "3", "heart", "energy", "smash")
FACE_WORDS = {"1": "1", "2": "2", "3": "3", "heart": "♥", "energy": "ϟ", "smash": "✸"}
BAY_MIN_ALIVE = 5  # Kyoto Bay is a second seat with five or six monsters alive


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


def _add(state: dict, i: int, key: str, n: int, top: int | None, symbol: str, why: str, lines: list[str]) -> None:
    """Change one of a monster's counts by n, kept within 0..top, and say what changed."""
    p = state["players"][i]
    before = p[key]
    p[key] = max(0, before + n if top is None else min(top, before + n))
    if p[key] != before:
        lines.append(f"{name(state, i)} {'gains' if n > 0 else 'loses'} {abs(p[key] - before)}{symbol} ({why}).")


def gain_stars(state: dict, i: int, n: int, why: str, lines: list[str]) -> None:
    """Add (or, with n < 0, remove) stars, kept within 0..20."""
    _add(state, i, "stars", n, WIN_STARS, "★", why, lines)


def gain_energy(state: dict, i: int, n: int, why: str, lines: list[str]) -> None:
    """Add (or remove) energy, never below 0; a gain gets what the owner's cards add."""
    from . import keeps

    if n > 0:
        n += keeps.total("energy", state, i)
    _add(state, i, "energy", n, None, "ϟ", why, lines)


def heal(state: dict, i: int, n: int, why: str, lines: list[str]) -> None:
    """Gain hearts up to the maximum; a gain gets what the owner's cards add."""
    from . import keeps

    if n > 0:
        n += keeps.total("heal", state, i)
    p = state["players"][i]
    gained = max(0, min(n, p["max_hp"] - p["hp"]))
    p["hp"] += gained
    if gained:
        lines.append(f"{name(state, i)} heals {gained}♥ ({why}).")
    elif n:
        lines.append(f"{name(state, i)} is already at full health.")


def damage(state: dict, i: int, n: int, why: str, lines: list[str], by: int | None = None) -> None:
    """Lose hearts (not below 0), after the owner's cards reduce the loss; a loss its owner has a
    choice about (Camouflage, Wings) is held until it decides (losses.py). Elimination is settled
    afterwards by `eliminate_fallen`. `by` names the monster that caused it."""
    from . import keeps, losses

    reduced = max(0, n + keeps.total("reduce", state, i, n)) if n > 0 else 0
    if reduced < n:
        lines.append(f"{name(state, i)}'s cards reduce the loss from {n}♥ to {reduced}♥.")
    if reduced and losses.hold(state, i, reduced, why, by, lines):
        return
    land(state, i, reduced, why, lines, by)


def land(state: dict, i: int, amount: int, why: str, lines: list[str], by: int | None = None) -> None:
    """The ♥ are lost now (no card can change this loss any more)."""
    from . import keeps

    p = state["players"][i]
    lost = min(amount, p["hp"])
    p["hp"] -= lost
    if lost:
        lines.append(f"{name(state, i)} loses {lost}♥ ({why}).")
        if by is not None and by != i:
            state["hurt_others"] = True
        keeps.fire("hurt", state, i, lost, lines)


def refresh_max_hp(state: dict, i: int) -> None:
    """Even Bigger's 12♥ maximum lasts as long as the monster has the card (or mimics it)."""
    from . import keeps

    p = state["players"][i]
    p["max_hp"] = 12 if keeps.owns(state, i, "even_bigger") else MAX_HP
    p["hp"] = min(p["hp"], p["max_hp"])


def enter(state: dict, i: int, seat: str, lines: list[str]) -> None:
    """A monster takes a seat in Kyoto and scores the 1★ for entering."""
    state["players"][i]["location"] = seat
    state["kyoto"][seat] = i
    where = "Kyoto City" if seat == "city" else "Kyoto Bay"
    lines.append(f"{name(state, i)} enters {where}.")
    gain_stars(state, i, 1, "entering Kyoto", lines)


def leave(state: dict, i: int) -> None:
    """A monster leaves its seat in Kyoto (yield, elimination)."""
    seat = state["players"][i]["location"]
    if seat is not None:
        state["kyoto"][seat] = None
        state["players"][i]["location"] = None


def eliminate_fallen(state: dict, lines: list[str]) -> None:
    """Monsters at 0♥ leave Kyoto and the game; their cards and ϟ are discarded; the Bay may close."""
    from . import keeps

    fallen = [i for i, p in enumerate(state["players"]) if p["alive"] and p["hp"] <= 0]
    for dead in fallen:
        # Eater of the Dead scores for every monster whose ♥ went to 0, its owner's own included
        # only while that owner still stands (docs/rulings.md).
        for owner in alive(state):
            if owner not in fallen:
                keeps.fire("fallen", state, owner, dead, lines)
    for i, p in enumerate(state["players"]):
        if p["alive"] and p["hp"] <= 0 and keeps.owns(state, i, "it_has_a_child"):
            # It Has a Child!: the monster starts again outside Kyoto with 10♥, no cards, no ★
            # and (docs/rulings.md) no tokens.
            leave(state, i)
            state["discard"].extend(p["cards"])
            p.update(cards=[], stars=0, hp=MAX_HP, max_hp=MAX_HP, poison=0, shrink=0, counters={}, mimic=None)
            lines.append(f"{name(state, i)} reaches 0♥: It Has a Child! It discards its cards, loses its ★ and plays on with 10♥.")
    for i, p in enumerate(state["players"]):
        if p["alive"] and p["hp"] <= 0:
            # 2016 rules: an eliminated monster discards its cards and its ϟ.
            p["alive"] = False
            leave(state, i)
            state["discard"].extend(p["cards"])
            p.update(cards=[], counters={}, mimic=None, energy=0)
            lines.append(f"{name(state, i)} is eliminated.")
    bay = state["kyoto"]["bay"]
    if bay is not None and not bay_open(state):
        # The Bay closes: its occupant moves to an empty City, else leaves, scoring nothing.
        state["kyoto"]["bay"] = None
        if state["kyoto"]["city"] is None:
            state["kyoto"]["city"] = bay
            state["players"][bay]["location"] = "city"
            lines.append(f"Kyoto Bay closes: {name(state, bay)} moves to Kyoto City.")
        else:
            state["players"][bay]["location"] = None
            lines.append(f"Kyoto Bay closes: {name(state, bay)} leaves Kyoto.")
