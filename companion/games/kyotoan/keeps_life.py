"""Keep cards of ♥, ϟ and turns: extra gains, smaller losses, the questions a loss asks (Camouflage,
Wings, Rapid Healing, in this order: the edition's), yielding with Jets, It Has a Child! at 0♥, Even
Bigger's maximum, and what a turn's start or end brings. Each card is one declaration (hooks.py)."""
from __future__ import annotations

from .board import FACES, MAX_HP, alive, counter_sets, name, owns
from .hooks import Ask, Change, Together, Use, counters_bought, keep


def wings_ready(state: dict, i: int) -> bool:
    """Whether monster i's Wings are still off and it has the ϟ to switch them on."""
    p = state["players"][i]
    return not p.get("wings") and p["energy"] >= WINGS.price


def rescue_possible(state: dict, i: int, amount: int) -> bool:
    """Whether Rapid Healing could keep a loss of `amount` from reducing monster i to 0♥: it has
    the card and the ϟ for a ♥, and room to gain ♥."""
    p = state["players"][i]
    return (0 < p["hp"] <= amount and p["hp"] < p["max_hp"] and owns(state, i, "rapid_healing")
            and p["energy"] >= RAPID_HEALING.price)


def _wings_closed(game, s, i):
    p = s["players"][i]
    if p.get("wings"):
        return f"{name(s, i)}'s Wings are on already: it loses no ♥ this turn."
    if p["energy"] < WINGS.price:
        return f"Wings costs {WINGS.price}ϟ; {name(s, i)} has {p['energy']}ϟ."
    return None


def _healing_closed(game, s, i):
    p = s["players"][i]
    if p["energy"] < RAPID_HEALING.price:
        return f"Rapid Healing costs {RAPID_HEALING.price}ϟ; {name(s, i)} has {p['energy']}ϟ."
    if p["hp"] <= 0:
        return f"{name(s, i)} is at 0♥: Rapid Healing prevents a fall, it does not heal up from 0♥."
    if p["hp"] >= p["max_hp"]:
        return f"{name(s, i)} is at full health already."
    return None


def _hearts_to_buy(s, i):
    p, price = s["players"][i], RAPID_HEALING.price
    most = min(p["max_hp"] - p["hp"], p["energy"] // price)
    return {"hp": p["hp"], "choices": [{"hearts": n, "price": n * price} for n in range(most + 1)]}


def _battery(s, i, n):
    # Edition ruling: these 2ϟ are moved, not newly gained, so Friend of Children does not add.
    # Each copy (the card, a Mimic token) gives 2ϟ from its own set.
    changes = []
    for key in counter_sets(s, i, "battery_monster"):
        left = s["players"][i]["counters"][key]
        whose = "Mimic's Battery Monster" if key == "mimic" else "Battery Monster"
        taken = min(2, left)
        changes.append(Change(i, say=f"{whose}: {taken}ϟ moved to the pool ({max(0, left - 2)} left).",
                              counters=(key, -taken), moved=taken))
    return changes


def _underdog(s, i):
    mine = s["players"][i]["stars"]
    fewest = all(s["players"][j]["stars"] > mine for j in alive(s) if j != i)
    return [Change(i, stars=1, why="Rooting for the Underdog")] if fewest else []


WINGS = keep(
    "wings", price=2,
    reduce=lambda s, i, amount: -amount if s["players"][i].get("wings") else 0,  # no ♥ lost this turn
    asks=Ask(lambda s, i, amount: amount > 0 and wings_ready(s, i), "its owner may pay {price}ϟ for Wings",
             "Wings decision to make",
             lambda s, i: {"price": WINGS.price, "pay": [True, False] if s["players"][i]["energy"] >= WINGS.price else [False]}),
    use=Use((), _wings_closed, lambda game, s, i: {"price": WINGS.price}, turn="any"))
RAPID_HEALING = keep(
    "rapid_healing", price=2,  # a ♥
    asks=Ask(lambda s, i, amount: amount > 0 and rescue_possible(s, i, amount),
             "it would be reduced to 0♥: Rapid Healing can prevent it ({price}ϟ a ♥)", "Rapid Healing question",
             _hearts_to_buy, announced=True),
    use=Use((), _healing_closed, lambda game, s, i: {"price": RAPID_HEALING.price}, turn="any", during_losses=True))

LIFE_KEEPS = (
    keep("friend_of_children", energy=lambda s, i: 1),
    keep("regeneration", heal=lambda s, i: 1),
    keep("even_bigger", max_hp=12, bought=lambda s, i, key: [Change(i, hearts=2, why="Even Bigger")]),
    keep("armor_plating", reduce=lambda s, i, amount: -1 if amount == 1 else 0),
    keep("camouflage", asks=Ask(lambda s, i, amount: True, "its owner rolls {n} Camouflage dice",
                                "Camouflage dice to roll", lambda s, i: {"faces": list(FACES)}, amount="dice")),
    WINGS,
    RAPID_HEALING,
    keep("jets", yield_loss=Together(lambda s, i, n, amount: 0)),
    keep("were_only_making_it_stronger",
         hurt=lambda s, i, lost: [Change(i, energy=1, why="We're Only Making It Stronger!")] if lost >= 2 else []),
    keep("it_has_a_child", reborn=Together(lambda s, i, n: MAX_HP)),
    keep("eater_of_the_dead", fallen=lambda s, i, dead: [Change(i, stars=3, why="Eater of the Dead")]),
    keep("battery_monster", bought=counters_bought(6, "Battery Monster"), turn_start=Together(_battery)),
    keep("energy_hoarder", turn_end=lambda s, i: [Change(i, stars=s["players"][i]["energy"] // 6, why="Energy Hoarder")]),
    keep("solar_powered",
         turn_end=lambda s, i: [Change(i, energy=1, why="Solar Powered")] if s["players"][i]["energy"] == 0 else []),
    keep("rooting_for_the_underdog", turn_end=_underdog),
    keep("herbivore", turn_end=lambda s, i: [] if s.get("hurt_others") else [Change(i, stars=1, why="Herbivore")]),
)
