"""Keep cards that act by themselves, each a small declaration: the moment it acts and its effect.

Moments (the engine asks them at one place each):
  dice / rolls / cost      numbers: extra dice, extra rolls, a price change
  smash                    extra ✸ added to a roll being resolved (counts of the faces given)
  resolved                 after the dice are resolved: stars for combinations
  energy / heal            extra ϟ or ♥ whenever the owner gains some
  reduce                   a loss of ♥ made smaller (before it lands)
  hurt                     after the owner lost ♥
  bought                   the owner just bought this card (or a Mimic token was put on it)
  buys                     the owner just bought any card
  turn_start / turn_end    the owner's turn begins / ends
  fallen                   another monster's ♥ went to 0
Cards that ask their owner something are pending decisions (losses.py) or `use` actions.
A Mimic token counts as one more copy of the card it is on (mimic.py), so every moment below
sees it without a special case.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Callable

HOOKS: dict[str, dict[str, Callable]] = defaultdict(dict)
ONCE: set[tuple[str, str]] = set()  # hooks that handle all the owner's copies in one call


def keep(card_id: str, moment: str, per_copy: bool = True):
    """Register `fn` as what `card_id` does at `moment` (once per copy owned, unless per_copy is off)."""
    def register(fn):
        HOOKS[moment][card_id] = fn
        if not per_copy:
            ONCE.add((moment, card_id))
        return fn
    return register


def copies(state: dict, i: int, card_id: str) -> int:
    """How many of a card monster i owns, a Mimic token on that card counting as one more."""
    from .mimic import mimicked

    return state["players"][i]["cards"].count(card_id) + (mimicked(state, i) == card_id)


def owns(state: dict, i: int, card_id: str) -> bool:
    """Whether monster i has the card's power (its own copy or a Mimic token on one)."""
    return copies(state, i, card_id) > 0


def total(moment: str, state: dict, i: int, *args, skip: tuple = ()) -> int:
    """The sum of what the owner's cards add at a numeric moment (leaving out the cards in `skip`)."""
    return sum(fn(state, i, *args) * copies(state, i, cid) for cid, fn in HOOKS[moment].items()
               if cid not in skip and copies(state, i, cid))


def fire(moment: str, state: dict, i: int, *args) -> None:
    """Run the owner's cards at an event moment (once per card owned)."""
    for cid, fn in list(HOOKS[moment].items()):
        for _ in range(min(1, copies(state, i, cid)) if (moment, cid) in ONCE else copies(state, i, cid)):
            fn(state, i, *args)


# -- numbers --------------------------------------------------------------------------------
keep("extra_head", "dice")(lambda s, i: 1)
keep("giant_brain", "rolls")(lambda s, i: 1)
keep("alien_origin", "cost")(lambda s, i, card: -1)


# -- adding ✸ to a roll ------------------------------------------------------------------------
keep("acid_attack", "smash")(lambda s, i, c: 1)
keep("burrowing", "smash")(lambda s, i, c: 1 if s["players"][i]["location"] else 0)
keep("spiked_tail", "smash")(lambda s, i, c: 1 if c["smash"] else 0)
keep("urbavore", "smash")(lambda s, i, c: 1 if s["players"][i]["location"] and c["smash"] else 0)
keep("poison_quills", "smash")(lambda s, i, c: 2 if c["2"] >= 3 else 0)


# -- stars for what was rolled ------------------------------------------------------------------
def _stars(n: int, test: Callable[[Counter], bool], why: str):
    def effect(state, i, counts, lines):
        from .effects import gain_stars

        if test(counts):
            gain_stars(state, i, n, why, lines)
    return effect


keep("alpha_monster", "resolved")(_stars(1, lambda c: c["smash"] >= 1, "Alpha Monster"))
keep("gourmet", "resolved")(_stars(2, lambda c: c["1"] >= 3, "Gourmet"))
keep("detritivore", "resolved")(_stars(2, lambda c: all(c[f] for f in "123"), "Detritivore"))
keep("complete_destruction", "resolved")(
    _stars(9, lambda c: all(c[f] for f in ("1", "2", "3", "heart", "smash", "energy")), "Complete Destruction"))


# -- gains and losses ----------------------------------------------------------------------------
keep("friend_of_children", "energy")(lambda s, i: 1)
keep("regeneration", "heal")(lambda s, i: 1)
keep("armor_plating", "reduce")(lambda s, i, amount: -1 if amount == 1 else 0)
# Wings (activated with `use`, 2ϟ): no ♥ lost for the rest of the turn.
keep("wings", "reduce")(lambda s, i, amount: -amount if s["players"][i].get("wings") else 0)


@keep("were_only_making_it_stronger", "hurt")
def _stronger(state, i, lost, lines):
    from .effects import gain_energy

    if lost >= 2:
        gain_energy(state, i, 1, "We're Only Making It Stronger!", lines)


# -- buying ----------------------------------------------------------------------------------------
@keep("media_friendly", "buys")
def _media(state, i, card, lines):
    from .effects import gain_stars

    gain_stars(state, i, 1, "Media-Friendly", lines)


# `key` names the counter set the copy keeps: the card's id, or "mimic" for a Mimic token's own set.
@keep("even_bigger", "bought")
def _even_bigger(state, i, lines, key):
    from .effects import heal, refresh_max_hp

    refresh_max_hp(state, i)
    heal(state, i, 2, "Even Bigger", lines)


@keep("battery_monster", "bought")
def _battery(state, i, lines, key):
    state["players"][i].setdefault("counters", {})[key] = 6
    lines.append("Battery Monster gets 6ϟ from the bank." if key != "mimic" else "Mimic's Battery Monster gets 6ϟ from the bank.")


@keep("smoke_cloud", "bought")
def _smoke(state, i, lines, key):
    state["players"][i].setdefault("counters", {})[key] = 3


def counter_sets(state: dict, i: int, card_id: str) -> list[str]:
    """The counter sets the owner has for a counter card: the Mimic token's first (it can be
    placed again when it runs out), then the card's own."""
    from .mimic import mimicked

    counters = state["players"][i].get("counters", {})
    sets = ["mimic"] if mimicked(state, i) == card_id and counters.get("mimic") else []
    return sets + ([card_id] if counters.get(card_id) and card_id in state["players"][i]["cards"] else [])


def take_counters(state: dict, i: int, card_id: str, key: str, n: int, lines: list[str]) -> int:
    """Take up to n counters off one set; an empty set ends its copy (card discarded, or the
    Mimic token comes off: edition ruling). Returns how many were taken."""
    from .mimic import unplace

    from .cards import CARDS

    p = state["players"][i]
    left = p["counters"][key]
    taken = min(n, left)
    p["counters"][key] = left - taken
    if left - taken == 0:
        p["counters"].pop(key)
        if key == "mimic":
            unplace(state, i, f"its {CARDS[card_id].name} counters ran out", lines)
        else:
            p["cards"].remove(card_id)
            state["discard"].append(card_id)
            lines.append(f"{CARDS[card_id].name} has no counters left and is discarded.")
    return taken


# -- turns --------------------------------------------------------------------------------------
@keep("urbavore", "turn_start")
def _urbavore(state, i, lines):
    from .effects import gain_stars

    if state["players"][i]["location"]:
        gain_stars(state, i, 1, "Urbavore", lines)


@keep("battery_monster", "turn_start", per_copy=False)
def _battery_turn(state, i, lines):
    # Edition ruling: these 2ϟ are moved, not newly gained, so Friend of Children does not add.
    # Each copy (the card, a Mimic token) gives 2ϟ from its own set.
    p = state["players"][i]
    for key in counter_sets(state, i, "battery_monster"):
        left = p["counters"][key]
        whose = "Mimic's Battery Monster" if key == "mimic" else "Battery Monster"
        lines.append(f"{whose}: {min(2, left)}ϟ moved to the pool ({max(0, left - 2)} left).")
        p["energy"] += take_counters(state, i, "battery_monster", key, 2, lines)


@keep("energy_hoarder", "turn_end")
def _hoarder(state, i, lines):
    from .effects import gain_stars

    gain_stars(state, i, state["players"][i]["energy"] // 6, "Energy Hoarder", lines)


@keep("solar_powered", "turn_end")
def _solar(state, i, lines):
    from .effects import gain_energy

    if state["players"][i]["energy"] == 0:
        gain_energy(state, i, 1, "Solar Powered", lines)


@keep("rooting_for_the_underdog", "turn_end")
def _underdog(state, i, lines):
    from .effects import alive, gain_stars

    mine = state["players"][i]["stars"]
    if all(state["players"][j]["stars"] > mine for j in alive(state) if j != i):
        gain_stars(state, i, 1, "Rooting for the Underdog", lines)


@keep("herbivore", "turn_end")
def _herbivore(state, i, lines):
    from .effects import gain_stars

    if not state.get("hurt_others"):
        gain_stars(state, i, 1, "Herbivore", lines)


@keep("eater_of_the_dead", "fallen")
def _eater(state, i, dead, lines):
    from .effects import gain_stars

    gain_stars(state, i, 3, "Eater of the Dead", lines)
