"""What happens to monsters: energy, hearts, damage, elimination, Kyoto seats, and what the Keep
cards' hooks return (`apply`, `fire`).

Every gain of ϟ or ♥ and every loss of ♥ goes through these functions, so that each card's hook
(keeps.py) is asked in one place. A loss its owner has a question about (a card's `asks`) is held
in `state["held"]` instead of landing; losses.py takes the answers.
"""
from __future__ import annotations

from ..said import said, stored, word
from . import keeps
from .board import (
    BAY_MIN_ALIVE,
    FACE_WORDS,
    FACES,
    MAX_HP,
    WIN_STARS,
    add,
    alive,
    bay_open,
    gain_stars,
    in_kyoto,
    leave,
    mimicked,
    name,
    token_count,
)
from .cards import CARDS
from .hooks import Change, call, times

__all__ = ["BAY_MIN_ALIVE", "FACES", "FACE_WORDS", "MAX_HP", "WIN_STARS", "alive", "bay_open", "gain_stars",
           "in_kyoto", "leave", "name"]


def gain_energy(state: dict, i: int, n: int, why: str, lines: list[str]) -> None:
    """Add (or remove) energy, never below 0; a gain gets what the owner's cards add."""
    if n > 0:
        n += keeps.total("energy", state, i)
    add(state, i, "energy", n, None, "ϟ", why, lines)


def heal(state: dict, i: int, n: int, why: str, lines: list[str]) -> None:
    """Gain hearts up to the maximum; a gain gets what the owner's cards add."""
    if n > 0:
        n += keeps.total("heal", state, i)
    p = state["players"][i]
    gained = max(0, min(n, p["max_hp"] - p["hp"]))
    p["hp"] += gained
    if gained:
        lines.append(said("{who} heals {gained}♥ ({why}).", who=name(state, i), gained=gained, why=why))
    elif n:
        lines.append(said("{who} is already at full health.", who=name(state, i)))


def damage(state: dict, i: int, n: int, why: str, lines: list[str], by: int | None = None) -> None:
    """Lose hearts (not below 0), after the owner's cards reduce the loss; a loss its owner has a
    question about is held until it answers. Elimination is settled afterwards by
    `eliminate_fallen`. `by` names the monster that caused it."""
    reduced = reduced_loss(state, i, n)
    if reduced < n:
        lines.append(said("{who}'s cards reduce the loss from {n}♥ to {reduced}♥.", who=name(state, i), n=n,
                          reduced=reduced))
    if reduced and _hold(state, i, reduced, why, by, lines):
        return
    land(state, i, reduced, why, lines, by)


def reduced_loss(state: dict, i: int, n: int) -> int:
    """The ♥ a loss of n takes from monster i after the cards that reduce it, asking nobody
    (a card's `reduce` hook)."""
    return max(0, n + keeps.total("reduce", state, i, n)) if n > 0 else 0


def _hold(state: dict, i: int, amount: int, why: str, by: int | None, lines: list[str]) -> bool:
    """Hold a loss its owner decides about first; False when the loss can land at once."""
    loss = {"player": i, "amount": amount, "why": stored(why), "by": by, "asked": []}  # a state keeps JSON
    ask = keeps.next_question(state, loss) if state["players"][i]["hp"] > 0 else None
    if ask is None:
        return False
    loss["ask"] = ask
    state.setdefault("held", []).append(loss)
    lines.append(said("{who} is about to lose {amount}♥ ({why}): {told}.", who=name(state, i), amount=amount, why=why,
                      told=keeps.told(ask, amount)))
    return True


def land(state: dict, i: int, amount: int, why: str, lines: list[str], by: int | None = None) -> None:
    """The ♥ are lost now (no card can change this loss any more)."""
    p = state["players"][i]
    lost = min(amount, p["hp"])
    p["hp"] -= lost
    if lost:
        lines.append(said("{who} loses {lost}♥ ({why}).", who=name(state, i), lost=lost, why=why))
        if by == state["current"] and by != i:
            # Herbivore: the monster whose turn it is made another lose ♥ (its ✸, Fire Breathing, a
            # card it bought); a loss another monster causes on this turn (Opportunist) is not its doing.
            state["hurt_others"] = True
        fire("hurt", state, i, lines, lost)


def refresh_max_hp(state: dict, i: int) -> None:
    """The maximum ♥ follows the cards the monster has (Even Bigger's 12♥ while it has it)."""
    p = state["players"][i]
    p["max_hp"] = keeps.max_hp(state, i)
    p["hp"] = min(p["hp"], p["max_hp"])


# -- what the cards' hooks return ---------------------------------------------------------------------
def fire(moment: str, state: dict, i: int, lines: list[str], *args) -> None:
    """Run monster i's cards at an event moment and apply what each returns (once per copy, or
    once for a `Together` hook)."""
    for _, hook, n in keeps.hooked(moment, state, i):
        for _ in range(times(hook, n)):
            apply(state, call(hook, state, i, n, *args), lines, by=i)


def apply(state: dict, changes: list[Change], lines: list[str], by: int | None = None) -> None:
    """Do what the hooks returned, each Change in its order (hooks.Change); `by`: the cards' owner."""
    for c in changes:
        p = state["players"][c.who]
        if c.say:
            lines.append(c.say)
        if c.counters:
            _count(state, c.who, *c.counters, lines)
        for card in c.discards:
            p["cards"].remove(card)
            p.get("counters", {}).pop(card, None)
            state["discard"].append(card)
        p["energy"] += c.moved
        if c.on:
            p[c.on] = True
        if c.die:
            state["dice"][c.die[0]] = c.die[1]
        if c.mark:
            state.setdefault("used", []).append(c.mark)
        if c.token:
            _place(state, c.who, *c.token, lines)
        if c.stars:
            gain_stars(state, c.who, c.stars, c.why, lines)
        if c.energy:
            gain_energy(state, c.who, c.energy, c.why, lines)
        if c.hearts:
            heal(state, c.who, c.hearts, c.why, lines)
        if c.loss:
            damage(state, c.who, c.loss, c.why, lines, by=by)
        for kind, n in (("poison", c.poison), ("shrink", c.shrink)):
            if n:
                p[kind] += n
                lines.append(said("{who} gets {tokens}.", who=name(state, c.who), tokens=token_count(kind, n)))
        if c.again:
            state["freeze_time"] = True
        if c.spent:
            _spend(state, c.who, c.spent, lines)
        if c.sells:
            state.setdefault("selling", []).extend(c.sells)


def _place(state: dict, i: int, of: int, card: str, lines: list[str]) -> None:
    """Put monster i's Mimic token on `card` of monster `of`, as if i had just bought it (the card's
    `bought` hook runs with the token's own counter set)."""
    p = state["players"][i]
    p.setdefault("counters", {}).pop("mimic", None)  # a moved token leaves its counters behind
    p["mimic"] = {"card": card, "of": of}
    bought(state, i, card, "mimic", lines)


def _spend(state: dict, i: int, card: str, lines: list[str]) -> None:
    """A card used up: the Mimic token's copy goes first (it can be placed again), else the card."""
    if mimicked(state, i) == card:
        unplace(state, i, said("its {name} was used up", name=CARDS[card].name), lines)
        return
    state["players"][i]["cards"].remove(card)
    state["discard"].append(card)


def _count(state: dict, i: int, key: str, change: int, lines: list[str]) -> None:
    """Counters put on (or taken off) one set; an empty set ends its copy (the card is discarded,
    or the Mimic token comes off: edition ruling)."""
    p = state["players"][i]
    counters = p.setdefault("counters", {})
    left = counters.get(key, 0) + change
    if left > 0:
        counters[key] = left
        return
    counters.pop(key, None)
    if key == "mimic":
        unplace(state, i, said("its {name} counters ran out", name=CARDS[mimicked(state, i)].name), lines)
    else:
        p["cards"].remove(key)
        state["discard"].append(key)
        lines.append(said("{name} has no counters left and is discarded.", name=CARDS[key].name))


def bought(state: dict, i: int, card: str, key: str | None, lines: list[str]) -> None:
    """Monster i has just bought a Keep card (or put its Mimic token on one): its maximum ♥ follows,
    and the card's `bought` hook acts (key: the copy's counter set, None if bought from a monster)."""
    refresh_max_hp(state, i)
    hook = keeps.KEEPS[card].at.get("bought") if card in keeps.KEEPS else None
    if hook is not None:
        apply(state, call(hook, state, i, 1, key), lines, by=i)


def unplace(state: dict, i: int, why: str, lines: list[str]) -> None:
    """Take monster i's Mimic token off its card (it can be placed again at the start of a turn)."""
    p = state["players"][i]
    p["mimic"] = None
    p.get("counters", {}).pop("mimic", None)
    if "mimic" in p["cards"]:
        lines.append(said("{who}'s Mimic token comes off ({why}).", who=name(state, i), why=why))
    refresh_max_hp(state, i)


# -- seats and elimination ----------------------------------------------------------------------------
def enter(state: dict, i: int, seat: str, lines: list[str]) -> None:
    """A monster takes a seat in Kyoto and scores the 1★ for entering."""
    state["players"][i]["location"] = seat
    state["kyoto"][seat] = i
    where = word("Kyoto City") if seat == "city" else word("Kyoto Bay")
    lines.append(said("{who} enters {where}.", who=name(state, i), where=where))
    gain_stars(state, i, 1, word("entering Kyoto"), lines)


def eliminate_fallen(state: dict, lines: list[str]) -> None:
    """Monsters at 0♥ leave Kyoto and the game; their cards and ϟ are discarded; the Bay may close."""
    fallen = [i for i, p in enumerate(state["players"]) if p["alive"] and p["hp"] <= 0]
    for dead in fallen:
        # Eater of the Dead scores for every monster whose ♥ went to 0, its owner's own included
        # only while that owner still stands (docs/rulings.md).
        for owner in alive(state):
            if owner not in fallen:
                fire("fallen", state, owner, lines, dead)
    for i, p in enumerate(state["players"]):
        reborn = keeps.first("reborn", state, i) if p["alive"] and p["hp"] <= 0 else None
        if reborn:
            # It Has a Child!: the monster starts again outside Kyoto with 10♥, no cards, no ★
            # and (docs/rulings.md) no tokens.
            card, hp = reborn
            leave(state, i)
            state["discard"].extend(p["cards"])
            p.update(cards=[], stars=0, hp=hp, max_hp=MAX_HP, poison=0, shrink=0, counters={}, mimic=None)
            lines.append(said("{who} reaches 0♥: {name} It discards its cards, loses its ★ and plays on with {hp}♥.",
                              who=name(state, i), name=CARDS[card].name, hp=hp))
    # When each monster went out, for the final standings: monsters falling together share it.
    out = 1 + max((p.get("out") or 0 for p in state["players"]), default=0)
    for i, p in enumerate(state["players"]):
        if p["alive"] and p["hp"] <= 0:
            # 2016 rules: an eliminated monster discards its cards and its ϟ.
            p["alive"] = False
            p["out"] = out
            leave(state, i)
            state["discard"].extend(p["cards"])
            p.update(cards=[], counters={}, mimic=None, energy=0)
            lines.append(said("{who} is eliminated.", who=name(state, i)))
    bay = state["kyoto"]["bay"]
    if bay is not None and not bay_open(state):
        # The Bay closes: its occupant moves to an empty City, else leaves, scoring nothing.
        state["kyoto"]["bay"] = None
        if state["kyoto"]["city"] is None:
            state["kyoto"]["city"] = bay
            state["players"][bay]["location"] = "city"
            lines.append(said("Kyoto Bay closes: {who} moves to Kyoto City.", who=name(state, bay)))
        else:
            state["players"][bay]["location"] = None
            lines.append(said("Kyoto Bay closes: {who} leaves Kyoto.", who=name(state, bay)))
