"""The Keep cards a monster uses by choice (`use`), and the rolled ♥ it spends on cards while
resolving (Poison and Shrink Ray cures, Healing Ray). `use` takes (game, state, action) and returns
the log lines; each card's own part is in the `POWERS` table."""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import bool_field, check_fields, index_text, int_field, is_int, is_one_of, player_field, quoted
from . import effects as fx
from . import keeps, losses, market, mimic
from .cards import CARDS
from .effects import FACE_WORDS, FACES, gain_energy, heal

# The cards a monster uses by choice, and the fields each takes besides "card" and "player" (the
# owner); any other field is refused (docs/api.md), so nothing unread is stored in the log.
USE_FIELDS = {
    "plot_twist": ("die", "face"), "stretchy": ("die", "face"), "herd_culler": ("die",),
    "psychic_probe": ("die", "face"), "wings": (), "rapid_healing": (), "metamorph": ("sell",),
    "made_in_a_lab": ("peek", "buy"), "mimic": ("of", "target"),
}
USABLE = tuple(USE_FIELDS)


# Cards used "at any time", also on other monsters' turns (Psychic Probe only then).
ANY_TURN = ("wings", "rapid_healing", "psychic_probe")
DIE_CHANGERS = ("plot_twist", "stretchy", "herd_culler", "psychic_probe")
STRETCHY_COST = 2


def owner_of_use(state: dict, action: dict) -> int:
    """The monster a `use` is for: the one it names, else the active monster."""
    return player_field(state, action, "player") if "player" in action else state["current"]


def use(game, state: dict, action: dict) -> list[str]:
    """`use`: an activated power (a die changed, Wings, Rapid Healing, Metamorph, Made in a Lab, Mimic)."""
    check_fields(action, ("card",), ("player",) + tuple({f for fields in USE_FIELDS.values() for f in fields}))
    cid = action["card"]
    if not is_one_of(cid, USABLE):
        raise RuleViolation(f"'{quoted(cid)}' is not a card that is used this way; usable now: {', '.join(sorted(USABLE))}.")
    check_fields(action, ("card",), ("player",) + USE_FIELDS[cid])
    me = owner_of_use(state, action)
    if me != state["current"] and cid not in ANY_TURN:
        raise RuleViolation(f"{CARDS[cid].name} is used on its owner's own turn.")
    if cid == "psychic_probe" and me == state["current"]:
        raise RuleViolation("Psychic Probe rerolls a die of another monster, after its roll.")
    p = state["players"][me]
    if not p["alive"] or not (keeps.owns(state, me, cid) or cid == "mimic" and "mimic" in p["cards"]):
        raise RuleViolation(f"{fx.name(state, me)} does not own {CARDS[cid].name}.")
    lines: list[str] = []
    POWERS[cid](game, state, me, action, lines)
    return lines


def _mimic(game, state, me, action, lines):
    mimic.use(state, me, action, lines)


def _wings(game, state, me, action, lines):
    """Wings switched on ahead of a loss: no ♥ lost for the rest of the turn."""
    p = state["players"][me]
    if p.get("wings"):
        raise RuleViolation(f"{fx.name(state, me)}'s Wings are on already: it loses no ♥ this turn.")
    if p["energy"] < losses.WINGS_COST:
        raise RuleViolation(f"Wings costs {losses.WINGS_COST}ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
    p["energy"] -= losses.WINGS_COST
    p["wings"] = True
    lines.append(f"{fx.name(state, me)} spends 2ϟ on Wings: it loses no ♥ this turn.")


def die_change_open(state: dict, me: int, cid: str) -> bool:
    """Whether monster me may change a die with `cid` now, leaving aside its price (after a roll,
    before resolving; Herd Culler and Psychic Probe once a turn per copy)."""
    if state["phase"] != "roll" or not state["rolls"] or not state["dice"]:
        return False
    mark = f"psychic_probe:{me}" if cid == "psychic_probe" else cid
    once = cid in ("psychic_probe", "herd_culler")
    return not once or state.get("used", []).count(mark) < keeps.copies(state, me, cid)


def _change_die(game, state, me, action, lines):
    """Plot Twist, Stretchy, Herd Culler, Psychic Probe: one die gets another face."""
    cid = action["card"]
    # Edition ruling: dice are changed after the last roll, immediately before resolving.
    if state["phase"] != "roll" or not state["rolls"]:
        raise RuleViolation(f"{CARDS[cid].name} changes a die after a roll, before the dice are resolved.")
    die = int_field(action, "die", 0, len(state["dice"]) - 1, "'die' (the position of the die)")
    face = "1" if cid == "herd_culler" else action.get("face")
    if not is_one_of(face, FACES):
        raise RuleViolation(f"'face' is one of {', '.join(FACES)}.")
    p = state["players"][me]
    if not die_change_open(state, me, cid):
        if cid == "psychic_probe":
            raise RuleViolation(f"{fx.name(state, me)} has used Psychic Probe on this turn already.")
        raise RuleViolation("Herd Culler changes one die each turn: it was used this turn.")
    if cid in ("psychic_probe", "herd_culler"):
        state.setdefault("used", []).append(f"psychic_probe:{me}" if cid == "psychic_probe" else cid)
    elif cid == "stretchy":
        if p["energy"] < STRETCHY_COST:
            raise RuleViolation(f"Stretchy costs {STRETCHY_COST}ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
        p["energy"] -= STRETCHY_COST
    before = state["dice"][die]
    state["dice"][die] = face
    lines.append(f"{fx.name(state, me)} uses {CARDS[cid].name}: a {FACE_WORDS[before]} becomes {FACE_WORDS[face]}.")
    if cid == "plot_twist":  # discard when used
        mimic.spend(state, me, cid, lines)
    elif cid == "psychic_probe" and face == "heart":
        lines.append("The reroll is a ♥: Psychic Probe is discarded.")
        mimic.spend(state, me, cid, lines)


def _rapid_healing(game, state, me, action, lines):
    """Rapid Healing: 2ϟ for 1♥, at any time; while a loss that would reduce the monster to 0♥
    asks, the ♥ is bought before it lands (losses.py)."""
    if losses.asked_rapid_healing(state, me):
        lines.extend(losses.buy_hearts(game, state, me, 1, answer=False))
        return
    p = state["players"][me]
    if p["energy"] < losses.HEART_COST:
        raise RuleViolation(f"Rapid Healing costs 2ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
    if p["hp"] <= 0:
        raise RuleViolation(f"{fx.name(state, me)} is at 0♥: Rapid Healing prevents a fall, it does not heal up from 0♥.")
    if p["hp"] >= p["max_hp"]:
        raise RuleViolation(f"{fx.name(state, me)} is at full health already.")
    p["energy"] -= losses.HEART_COST
    heal(state, me, 1, "Rapid Healing, 2ϟ", lines)


def _metamorph(game, state, me, action, lines):
    """At the end of its turn (the buy step), the owner sells Keep cards for their full cost."""
    if state["phase"] != "buy":
        raise RuleViolation("Metamorph sells cards at the end of its owner's turn, after the dice are resolved.")
    sell = action.get("sell")
    p = state["players"][me]
    if not isinstance(sell, list) or not sell or any(not isinstance(c, str) or p["cards"].count(c) < sell.count(c) for c in sell):
        raise RuleViolation("'sell' lists Keep cards the monster owns.")
    for cid in sell:
        p["cards"].remove(cid)
        p.get("counters", {}).pop(cid, None)
        state["discard"].append(cid)
    price = sum(CARDS[c].cost for c in sell)
    lines.append(f"{fx.name(state, me)} discards {', '.join(CARDS[c].name for c in sell)} (Metamorph).")
    gain_energy(state, me, price, "Metamorph", lines)


def lab_open(state: dict, me: int) -> bool:
    """Whether Made in a Lab may peek now: the owner's buy step, once a turn per copy."""
    return state["phase"] == "buy" and state.get("used", []).count("made_in_a_lab") < keeps.copies(state, me, "made_in_a_lab")


def _made_in_a_lab(game, state, me, action, lines):
    """In the buy step: the table taps in the peeked top card; the owner buys it or puts it back."""
    if state["phase"] != "buy":
        raise RuleViolation("Made in a Lab peeks during the Buy Power cards step.")
    if not lab_open(state, me):
        raise RuleViolation("Made in a Lab has peeked this turn already.")
    peek = action.get("peek")
    if not is_one_of(peek, CARDS) or not state["deck"].get(peek):
        raise RuleViolation("'peek' is the id of the card on top of the deck (a card still in the deck).")
    bought = bool_field(action, "buy")
    state.setdefault("used", []).append("made_in_a_lab")
    if not bought:
        lines.append(f"{fx.name(state, me)} peeks at the top card (Made in a Lab) and puts it back.")
        return
    price = game.cost(state, me, peek)
    p = state["players"][me]
    if p["energy"] < price:
        raise RuleViolation(f"{CARDS[peek].name} costs {price}ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
    state["deck"][peek] -= 1
    state["market"].append(peek)  # bought through the market's one path, then off it again
    lines.extend(market.buy(game, state, {"type": "buy", "card": peek}))


# What `use` does for each card (the checks common to all are in `use`).
POWERS = {
    "plot_twist": _change_die, "stretchy": _change_die, "herd_culler": _change_die, "psychic_probe": _change_die,
    "wings": _wings, "rapid_healing": _rapid_healing, "metamorph": _metamorph, "made_in_a_lab": _made_in_a_lab,
    "mimic": _mimic,
}


def cure(state: dict, me: int, asked: object, hearts: int, lines: list[str]) -> int:
    """Rolled ♥ used to discard Poison or Shrink Ray tokens instead of healing; returns how many."""
    if asked is None:
        return 0
    p = state["players"][me]
    if not isinstance(asked, dict) or set(asked) - {"poison", "shrink"} or any(
        isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in asked.values()
    ):
        raise RuleViolation("'cure' is {\"poison\": n, \"shrink\": n}: how many ♥ discard each kind of token.")
    used = sum(asked.values())
    if used > hearts:
        raise RuleViolation(f"{fx.name(state, me)} rolled {hearts}♥; it cannot discard {quoted(used)} tokens with them.")
    for kind, n in asked.items():
        if n > p[kind]:
            raise RuleViolation(f"{fx.name(state, me)} has {p[kind]} {kind} token{'s' if p[kind] != 1 else ''}.")
        p[kind] -= n
        if n:
            lines.append(f"{fx.name(state, me)} uses {n}♥ to discard {n} {'Poison' if kind == 'poison' else 'Shrink Ray'} token{'s' if n > 1 else ''}.")
    return used

def healing_ray(state: dict, me: int, gifts: object, hearts: int, lines: list[str]) -> int:
    """Healing Ray: rolled ♥ given to other monsters, each paying 2ϟ a ♥ (1ϟ if it is their
    last); returns the ♥ used."""
    if isinstance(gifts, list):  # the page's form sends one entry per player index (None: no field)
        gifts = {str(j): n for j, n in enumerate(gifts) if n is not None and not (is_int(n) and n == 0)}
    if gifts is None or gifts == {}:
        return 0
    if not isinstance(gifts, dict) or any(
        index_text(k, len(state["players"])) is None or not is_int(v) or v < 0 for k, v in gifts.items()
    ):
        raise RuleViolation("'heal_others' maps a player index to the ♥ it gains, e.g. {\"1\": 2}.")
    if not keeps.owns(state, me, "healing_ray"):
        raise RuleViolation(f"{fx.name(state, me)} needs Healing Ray to heal other monsters.")
    used = sum(gifts.values())
    if used > hearts:
        raise RuleViolation(f"{fx.name(state, me)} has {hearts}♥ left to give; it cannot give {quoted(used)}.")
    for key, n in gifts.items():
        j = int(key)
        if j == me or j >= len(state["players"]) or not state["players"][j]["alive"]:
            raise RuleViolation("Healing Ray heals other monsters still in the game.")
        target = state["players"][j]
        if target["hp"] + n > target["max_hp"]:
            raise RuleViolation(f"{fx.name(state, j)} can gain only {target['max_hp'] - target['hp']}♥.")
        price = ray_price(target["energy"], n)
        if price is None:
            raise RuleViolation(f"{fx.name(state, j)} cannot pay for {n}♥ ({target['energy']}ϟ).")
        target["energy"] -= price
        state["players"][me]["energy"] += price
        lines.append(f"{fx.name(state, j)} pays {price}ϟ to {fx.name(state, me)} (Healing Ray).")
        heal(state, j, n, "Healing Ray", lines)
    return used


def ray_price(energy: int, hearts: int) -> int | None:
    """What a monster with `energy` pays for `hearts` ♥ from Healing Ray: 2ϟ each, 1ϟ for its
    last one; None when it cannot pay for them all."""
    price = 0
    for _ in range(hearts):
        if energy - price < 1:
            return None
        price += 2 if energy - price >= 2 else 1
    return price
