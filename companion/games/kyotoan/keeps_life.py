"""Keep cards of ♥, ϟ and turns: extra gains, smaller losses, the questions a loss asks (in the
edition's order), yielding with Jets, It Has a Child! at 0♥, Even Bigger's maximum, and what a
turn's start or end brings. Each card is one declaration (hooks.py); a card that asks or is used
is one block here: its text, its question and answer, its use, its offers."""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import bool_field, int_field
from ..said import said
from .board import FACE_WORDS, FACES, MAX_HP, alive, counter_sets, name, owns
from .hooks import Answer, Ask, Change, Together, Use, counters_bought, keep

# -- the questions a loss of ♥ asks its owner before it lands ---------------------------------------
# Edition order: the yield (with Jets) comes first, then Armor Plating (it asks nothing), then the
# three cards below, each asked once, in the order they are declared (keeps.ANSWERS): Camouflage's
# dice, then Wings if ♥ are still to be lost, then Rapid Healing if the loss would reduce the
# monster to 0♥. The answer is an action named as the card, {"type": card, "player": i, ...fields},
# and its offer is what is owed (losses.owed) with the question's `choices`; losses.py applies what
# the answer returns (hooks.Answer).

# Camouflage: "If you lose ♥, roll a die for each ♥ you lost. Each ♥ result reduces the loss by 1♥."
# Asked of every loss (beyond what Armor Plating takes). Offer:
#   {"type": "camouflage", "player": 2, "dice": 3, "faces": ["1", "2", "3", "heart", "energy", "smash"]}
def _camouflage_rolled(s, i, n, action):
    faces = action["faces"]
    if not isinstance(faces, list) or len(faces) != n or any(f not in FACES for f in faces):
        raise RuleViolation(said("Camouflage rolls {n} dice for {who}: enter {n} faces.", n=n, who=name(s, i)))
    hearts = faces.count("heart")
    rolled = " ".join(FACE_WORDS[f] for f in faces)
    if hearts:
        return Answer(say=said("{who} rolls {faces} for Camouflage: {hearts}♥ cancelled.", who=name(s, i), faces=rolled,
                               hearts=hearts), amount=n - hearts)
    return Answer(say=said("{who} rolls {faces} for Camouflage.", who=name(s, i), faces=rolled), amount=n)


CAMOUFLAGE = keep("camouflage", asks=Ask(
    applies=lambda s, i, amount: True, told=said("its owner rolls {n} Camouflage dice"), missing=said("Camouflage dice to roll"),
    choices=lambda s, i: {"faces": list(FACES)}, amount="dice", fields=("faces",), answer=_camouflage_rolled))


# Wings: "Spend 2ϟ to not lose ♥ this turn." Asked of a loss while Wings are off and its owner has
# the ϟ; also switched on ahead of a loss, on any turn. Offers:
#   {"type": "wings", "player": 2, "damage": 3, "price": 2, "pay": [true, false]}
#   {"type": "use", "player": 1, "card": "wings", "price": 2}
def wings_ready(state: dict, i: int) -> bool:
    """Whether monster i's Wings are still off and it has the ϟ to switch them on."""
    p = state["players"][i]
    return not p.get("wings") and p["energy"] >= WINGS.price


def _wings_on(s, i):
    p = s["players"][i]
    if p["energy"] < WINGS.price:
        raise RuleViolation(said("Wings costs {price}ϟ; {who} has {energy}ϟ.", price=WINGS.price, who=name(s, i),
                                 energy=p['energy']))
    return Change(i, say=said("{who} spends {price}ϟ on Wings: it loses no ♥ this turn.", who=name(s, i),
                              price=WINGS.price),
                  moved=-WINGS.price, on="wings")


def _wings_answered(s, i, amount, action):
    if not bool_field(action, "pay"):
        return Answer(say=said("{who} does not use Wings.", who=name(s, i)))
    return Answer(changes=(_wings_on(s, i),), spared=True)  # every loss of it this turn


def _wings_closed(game, s, i):
    p = s["players"][i]
    if p.get("wings"):
        return said("{who}'s Wings are on already: it loses no ♥ this turn.", who=name(s, i))
    if p["energy"] < WINGS.price:
        return said("Wings costs {price}ϟ; {who} has {energy}ϟ.", price=WINGS.price, who=name(s, i), energy=p['energy'])
    return None


WINGS = keep(
    "wings", price=2, for_the_turn=True,
    reduce=lambda s, i, amount: -amount if s["players"][i].get("wings") else 0,  # no ♥ lost this turn
    asks=Ask(applies=lambda s, i, amount: amount > 0 and wings_ready(s, i), told=said("its owner may pay {price}ϟ for Wings"),
             missing=said("Wings decision to make"),
             choices=lambda s, i: {"price": WINGS.price, "pay": [True, False] if s["players"][i]["energy"] >= WINGS.price else [False]},
             fields=("pay",), answer=_wings_answered),
    use=Use((), _wings_closed, lambda game, s, i: {"price": WINGS.price}, turn="any",
            act=lambda game, s, i, action: [_wings_on(s, i)]))


# Rapid Healing: "Spend 2ϟ at any time to gain 1♥. This may be used to prevent your health from
# being reduced to 0." Asked of a loss that would reduce its owner to 0♥: the ♥ it buys come before
# the loss lands, so a monster saved never went to 0 (Eater of the Dead and It Has a Child! do not
# see it fall), and ♥ bought short of the loss do not save it. A ♥ bought with `use` while the
# question waits asks it again (losses.ask_again) as long as the loss would still reduce it to 0♥.
# Offers:
#   {"type": "rapid_healing", "player": 2, "damage": 3, "hp": 2, "choices": [{"hearts": 0, "price": 0}, {"hearts": 1, "price": 2}]}
#   {"type": "use", "player": 1, "card": "rapid_healing", "price": 2}      +1♥
def rescue_possible(state: dict, i: int, amount: int) -> bool:
    """Whether Rapid Healing could keep a loss of `amount` from reducing monster i to 0♥: it has
    the card and the ϟ for a ♥, and room to gain ♥."""
    p = state["players"][i]
    return (0 < p["hp"] <= amount and p["hp"] < p["max_hp"] and owns(state, i, "rapid_healing")
            and p["energy"] >= RAPID_HEALING.price)


def _hearts_bought(s, i, hearts):
    p, price = s["players"][i], hearts * RAPID_HEALING.price
    if price > p["energy"]:
        raise RuleViolation(said("{hearts}♥ cost {price}ϟ; {who} has {energy}ϟ.", hearts=hearts, price=price,
                                 who=name(s, i), energy=p['energy']))
    if p["hp"] + hearts > p["max_hp"]:
        raise RuleViolation(said("{who} can gain only {n}♥.", who=name(s, i), n=p['max_hp'] - p['hp']))
    return Change(i, moved=-price, hearts=hearts, why=said("Rapid Healing, {price}ϟ", price=price))


def _healing_answered(s, i, amount, action):
    hearts = int_field(action, "hearts", 0, s["players"][i]["max_hp"], said("'hearts' (♥ bought with Rapid Healing)"))
    if not hearts:
        return Answer(say=said("{who} does not use Rapid Healing.", who=name(s, i)))
    return Answer(changes=(_hearts_bought(s, i, hearts),))


def _healing_closed(game, s, i):
    p = s["players"][i]
    if p["energy"] < RAPID_HEALING.price:
        return said("Rapid Healing costs {price}ϟ; {who} has {energy}ϟ.", price=RAPID_HEALING.price, who=name(s, i),
                    energy=p['energy'])
    if p["hp"] <= 0:
        return said("{who} is at 0♥: Rapid Healing prevents a fall, it does not heal up from 0♥.", who=name(s, i))
    if p["hp"] >= p["max_hp"]:
        return said("{who} is at full health already.", who=name(s, i))
    return None


def _hearts_to_buy(s, i):
    p, price = s["players"][i], RAPID_HEALING.price
    most = min(p["max_hp"] - p["hp"], p["energy"] // price)
    return {"hp": p["hp"], "choices": [{"hearts": n, "price": n * price} for n in range(most + 1)]}


RAPID_HEALING = keep(
    "rapid_healing", price=2,  # a ♥
    asks=Ask(applies=lambda s, i, amount: amount > 0 and rescue_possible(s, i, amount),
             told=said("it would be reduced to 0♥: Rapid Healing can prevent it ({price}ϟ a ♥)"), missing=said("Rapid Healing question"),
             choices=_hearts_to_buy, announced=True, fields=("hearts",), answer=_healing_answered),
    use=Use((), _healing_closed, lambda game, s, i: {"price": RAPID_HEALING.price}, turn="any", during_losses=True,
            act=lambda game, s, i, action: [_hearts_bought(s, i, 1)]))


# -- the other cards of ♥, ϟ and turns ----------------------------------------------------------------
def _battery(s, i, n):
    # Edition ruling: these 2ϟ are moved, not newly gained, so Friend of Children does not add.
    # Each copy (the card, a Mimic token) gives 2ϟ from its own set.
    changes = []
    for key in counter_sets(s, i, "battery_monster"):
        left = s["players"][i]["counters"][key]
        whose = "Mimic's Battery Monster" if key == "mimic" else "Battery Monster"
        taken = min(2, left)
        changes.append(Change(i, say=said("{whose}: {taken}ϟ moved to the pool ({max} left).", whose=whose,
                                          taken=taken, max=max(0, left - 2)),
                              counters=(key, -taken), moved=taken))
    return changes


def _underdog(s, i):
    mine = s["players"][i]["stars"]
    fewest = all(s["players"][j]["stars"] > mine for j in alive(s) if j != i)
    return [Change(i, stars=1, why="Rooting for the Underdog")] if fewest else []


LIFE_KEEPS = (
    keep("friend_of_children", energy=lambda s, i: 1),
    keep("regeneration", heal=lambda s, i: 1),
    keep("even_bigger", max_hp=12, bought=lambda s, i, key: [Change(i, hearts=2, why="Even Bigger")]),
    keep("armor_plating", reduce=lambda s, i, amount: -1 if amount == 1 else 0),
    CAMOUFLAGE,
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
