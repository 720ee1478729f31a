"""The dice of a turn: `roll` (the faces after each roll, with the extra rolls cards pay for) and
`resolve` (★ from triples, ϟ, ♥, then the smash). Handlers take (game, state, action) and return
the log lines. The rolling ends with the last roll, a `resolve`, a die changed or a probe's
reroll (edition ruling: the changes come "after your last Roll and after any [probe] rerolls,
immediately before you resolve"); the probe's owners are then asked (probe.py)."""
from __future__ import annotations

from collections import Counter

from ..base import RuleViolation
from ..fields import bool_field, check_fields
from ..said import said, said_n, word
from ..values import clone
from . import effects as fx
from . import keeps, powers, probe, turns
from .cards import CARDS
from .effects import FACE_WORDS, FACES, gain_energy, gain_stars, heal


def roll(game, state: dict, action: dict) -> list[str]:
    """`roll`: the faces the active monster rolled, or (no `faces`) a roll rerolled before its
    dice were entered, or (`kept`, but for the last roll) the dice kept from it alone:
    the table taps only the dice that count, the last roll's."""
    check_fields(action, (), ("faces", "player", "kept"))
    turns.check_turn_player(state, action)
    me = state["current"]
    if state["phase"] != "roll":
        raise RuleViolation(said("The dice are resolved already; rolling comes first in a turn."))
    if probe.rolling_over(state):
        raise RuleViolation(said("{who}'s rolling is over this turn ({why_over}): resolve the dice.",
                                 who=fx.name(state, me), why_over=probe.why_over(state)))
    allowed = game.rolls_allowed(state, me)
    if "faces" not in action:
        return rerolled(state, me, allowed)
    faces = action["faces"]
    n = game.dice_count(state, me)
    if not isinstance(faces, list) or any(f not in FACES for f in faces):
        raise RuleViolation(said("Faces are {list}; send a list of them.", list=', '.join(FACES)))
    if "kept" in action and bool_field(action, "kept"):
        if not may_skip_faces(state, allowed):
            raise RuleViolation(said("Enter all the dice of {who}'s last roll: they are the ones that resolve.",
                                     who=fx.name(state, me)))
        if not 0 < len(faces) < n:
            raise RuleViolation(said("The dice kept are 1 to {n} of the {n2} rolled; you entered {n3}.", n=n - 1,
                                     n2=n, n3=len(faces)))
        return kept(state, me, faces, n, allowed)
    if len(faces) != n:
        raise RuleViolation(said("{who} rolls {n} dice this turn; you entered {n2}.", who=fx.name(state, me), n=n,
                                 n2=len(faces)))
    shown = " ".join(FACE_WORDS[f] for f in faces)
    lines: list[str] = []
    free = keeps.free_reroll(state, me) if state["rolls"] >= allowed else None
    if free and holds(faces, free[1]):
        lines.append(said("{who} rerolls its 3s ({name}): {shown}.", who=fx.name(state, me), name=CARDS[free[0]].name,
                          shown=shown))
    else:
        if state["rolls"] >= allowed:
            paying = keeps.roll_payer(state, me)
            if paying is None:
                raise RuleViolation(said("{who} has used all {allowed} rolls; resolve the dice.",
                                         who=fx.name(state, me), allowed=allowed))
            fx.apply(state, [paying[1]], lines, by=me)
        lines.append(said("{who} rolls {shown} (roll {n} of {allowed}).", who=fx.name(state, me), shown=shown,
                          n=state['rolls'] + 1, allowed=allowed))
    state["dice"] = list(faces)
    state["kept"] = []
    state["rolls"] += 1
    probe.tell_asked(game, state, lines)
    return lines


def kept(state: dict, me: int, faces: list[str], n: int, allowed: int) -> list[str]:
    """A roll entered by the dice kept from it alone (the others are rolled again before they were
    entered: nobody needs their faces). The kept dice are carried to the next roll's entry; no
    dice are there to resolve or change until a roll is entered whole."""
    state["dice"] = []
    state["kept"] = list(faces)
    state["rolls"] += 1
    shown = " ".join(FACE_WORDS[f] for f in faces)
    return [said_n("{who} rolls (roll {rolls} of {allowed}), keeps {shown} and rolls {n} die again.",
                   "{who} rolls (roll {rolls} of {allowed}), keeps {shown} and rolls {n} dice again.", n - len(faces),
                   who=fx.name(state, me), rolls=state['rolls'], allowed=allowed, shown=shown)]


def may_skip_faces(state: dict, allowed: int) -> bool:
    """Whether the coming roll may go unentered: only within the turn's allowance and never its
    last roll, so the dice that resolve are always entered (a roll paid for past the allowance,
    or Background Dweller's free reroll of the 3s, needs the faces it keeps)."""
    return state["rolls"] + 1 < allowed


def rerolled(state: dict, me: int, allowed: int) -> list[str]:
    """A roll whose dice are all rerolled at once, unentered: it counts, the dice are unknown."""
    if not may_skip_faces(state, allowed):
        raise RuleViolation(said("Enter the dice of {who}'s last roll: they are the ones that resolve.",
                                 who=fx.name(state, me)))
    state["dice"] = []
    state["kept"] = []
    state["rolls"] += 1
    return [said("{who} rolls (roll {rolls} of {allowed}) and rolls again; those dice were not entered.",
                 who=fx.name(state, me), rolls=state['rolls'], allowed=allowed)]


def holds(faces: list[str], kept: list[str]) -> bool:
    """Whether a roll keeps these faces (every one of them is still there: a free reroll's)."""
    new = Counter(faces)
    return all(new[f] >= n for f, n in Counter(kept).items())


def resolve(game, state: dict, action: dict) -> list[str]:
    """`resolve`: the dice score, heal and smash; the rolled ♥ may cure tokens or heal others."""
    check_fields(action, (), ("cure", "heal_others", "player"))
    turns.check_turn_player(state, action)
    me = state["current"]
    if state["phase"] != "roll":
        raise RuleViolation(said("The dice of this turn are resolved already."))
    if not state["rolls"]:
        raise RuleViolation(said("Enter the dice first: there is nothing to resolve."))
    if not state["dice"]:
        raise RuleViolation(said("The last roll's dice were not entered: enter the dice that resolve."))
    check_resolving(state, me, action)
    if probe.ends_rolling(game, state, action):
        lines = [said("{who} ends the rolling.", who=fx.name(state, me))]
        probe.tell_asked(game, state, lines)
        return lines
    counts = Counter(state["dice"])
    shown = " ".join(FACE_WORDS[f] for f in state["dice"])
    lines = [said("{who} resolves {shown}.", who=fx.name(state, me), shown=shown)]
    for number in ("1", "2", "3"):
        if counts[number] >= 3:
            gain_stars(state, me, int(number) + counts[number] - 3, f"{counts[number]}× {number}", lines)
    gain_energy(state, me, counts["energy"], word("dice"), lines)
    hearts = counts["heart"] - powers.cure(state, me, action.get("cure"), counts["heart"], lines)
    hearts -= powers.healing_ray(state, me, action.get("heal_others"), hearts, lines)
    if hearts:
        if fx.in_kyoto(state, me):
            lines.append(said("{who} is in Kyoto: its ♥ do not heal.", who=fx.name(state, me)))
        else:
            heal(state, me, hearts, word("dice"), lines)
    fx.fire("resolved", state, me, lines, counts)
    added = keeps.total("smash", state, me, counts)
    if added:
        lines.append(said("{who}'s cards add {added}✸.", who=fx.name(state, me), added=added))
    smashes = counts["smash"] + added
    if smashes:
        targets = smash_targets(state, me)
        if targets:
            hit = ", ".join(fx.name(state, t) for t in targets)
            lines.append(said("{who} smashes {hit} for {smashes}♥.", who=fx.name(state, me), hit=hit, smashes=smashes))
        else:
            lines.append(said("{who}'s ✸ hit nobody.", who=fx.name(state, me)))
        state["attack"] = {"attacker": me, "damage": {str(t): smashes for t in targets}, "yields": {}}
        turns.ask_yields(state, lines)
        if state["phase"] == "yield":
            return lines
    turns.finish_resolve(game, state, lines)
    return lines


def check_resolving(state: dict, me: int, action: dict) -> None:
    """The rolled ♥ a `resolve` spends on cards (cures, Healing Ray) are checked before anything is
    done with it, also when it only ends the rolling (they are kept for then)."""
    trial = clone(state)
    hearts = trial["dice"].count("heart")
    hearts -= powers.cure(trial, me, action.get("cure"), hearts, [])
    powers.healing_ray(trial, me, action.get("heal_others"), hearts, [])


def smash_targets(state: dict, me: int) -> list[int]:
    """Whom the active monster's ✸ hit: from outside Kyoto the monsters in it, from inside the
    monsters outside; its cards may change that (Nova Breath: every other monster)."""
    inside = fx.in_kyoto(state, me)
    return keeps.smash_targets(state, me, [i for i in fx.alive(state) if fx.in_kyoto(state, i) != inside])
