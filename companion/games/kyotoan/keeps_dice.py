"""Keep cards of the dice: more dice and rolls, what pays for a roll, ✸ added, ★ for what was rolled,
where the ✸ land and what they leave, a die changed before resolving, rolled ♥ given away.
Each card is one declaration (hooks.py says what each moment is called with and returns)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..base import RuleViolation
from ..fields import bool_field, int_field, is_one_of
from ..said import filled, said
from .board import FACE_WORDS, FACES, alive, copies, counter_sets, in_kyoto, name, neighbours, used
from .cards import CARDS
from .hooks import Change, Together, Use, counters_bought, keep


def _stars(n: int, test: Callable[[Counter], bool], card: str):
    """★ for a combination rolled."""
    return lambda s, i, counts: [Change(i, stars=n, why=CARDS[card].name)] if test(counts) else []


def _freeze(s, i, n, counts):
    # One more turn, however many copies (docs/rulings.md: copies of a card).
    if counts["1"] < 3:
        return []
    return [Change(i, again=True, say=said("{who} will take another turn with one less die (Freeze Time).",
                                           who=name(s, i)))]


def _tokens(kind: str):
    """A token per copy to each monster the ✸ hit that still has ♥."""
    return Together(lambda s, i, n, t: [Change(t, **{kind: n})] if s["players"][t]["hp"] > 0 else [])


def _smoke_pays(s, i, n):
    sets = counter_sets(s, i, "smoke_cloud")
    if not sets:
        return None
    left = s["players"][i]["counters"][sets[0]] - 1
    whose = "Mimic's Smoke Cloud" if sets[0] == "mimic" else "Smoke Cloud"
    return Change(i, counters=(sets[0], -1), say=said("{who} spends a {whose} counter for an extra roll ({left} left).",
                                                      who=name(s, i), whose=whose, left=left))


def _drink_pays(s, i, n):
    price = KEEPS_BY_ID["energy_drink"].price
    if s["players"][i]["energy"] < price:
        return None
    return Change(i, moved=-price, say=said("{who} spends {price}ϟ (Energy Drink) for an extra roll.", who=name(s, i),
                                            price=price))


def _dweller(s, i, n):
    # Background Dweller: every die not showing 3 is kept; a roll keeping them is free.
    return [f for f in s["dice"] if f != "3"] if "3" in s["dice"] else None


def ray_price(energy: int, hearts: int) -> int | None:
    """What a monster with `energy` pays for `hearts` ♥ from Healing Ray: 2ϟ each, 1ϟ for its
    last one; None when it cannot pay for them all."""
    price = 0
    for _ in range(hearts):
        if energy - price < 1:
            return None
        price += 2 if energy - price >= 2 else 1
    return price


def _gifts(s, i, n, hearts):
    found = []
    for j in alive(s):
        q = s["players"][j]
        prices = [ray_price(q["energy"], k) for k in range(1, min(hearts, q["max_hp"] - q["hp"]) + 1)]
        prices = [price for price in prices if price is not None]
        if j != i and prices:
            found.append({"player": j, "prices": prices})
    return found


@dataclass(frozen=True)
class DieChange:
    """One die given another face after a roll, before resolving (edition ruling). Its offer:
    {"type": "use", "player": 0, "card": card, "dice": [0, 1, 2, 3, 4, 5], "faces": [...], "price": 0},
    without "faces" when the card gives one face; `use` takes `die` (one of `dice`) and `face`."""

    card: str
    face: str | None = None  # the face it gives (Herd Culler: a 1); None: any face
    mark: str | None = None  # once a turn per copy: its mark in state["used"] ({i}: the owner)
    limit: str = ""  # why not, once used ({who}: the owner)
    spent_on: tuple[str, ...] = ()  # the faces after which the card is discarded
    said: str = ""  # what the history says when it is discarded ({face}: the face given)

    def closed(self, game, state: dict, i: int) -> str | None:
        """Why monster i cannot change a die with the card now (None: it can)."""
        if state["phase"] != "roll" or not state["rolls"]:
            return said("{name} changes a die after a roll, before the dice are resolved.", name=CARDS[self.card].name)
        if not state["dice"]:
            return said("There is no die to change.")
        refused = game.change_refused(state)
        if refused:
            return refused
        if self.mark and used(state, self.mark.format(i=i)) >= copies(state, i, self.card):
            return filled(self.limit, who=name(state, i))
        price, energy = KEEPS_BY_ID[self.card].price, state["players"][i]["energy"]
        if energy < price:
            return said("{name} costs {price}ϟ; {who} has {energy}ϟ.", name=CARDS[self.card].name, price=price,
                        who=name(state, i), energy=energy)
        return None

    def choices(self, game, state: dict, i: int) -> dict:
        """The dice it may change (their positions), the faces it may give, its price."""
        offer: dict = {"dice": list(range(len(state["dice"])))}
        if self.face is None:
            offer["faces"] = list(FACES)
        offer["price"] = KEEPS_BY_ID[self.card].price
        return offer

    def act(self, game, state: dict, i: int, action: dict) -> list[Change]:
        """The die `die` given the card's face (or `face`), its price paid, the turn's marks (the
        card's once-a-turn, and a die changed: the rolling is over); the card used up after the
        faces it is spent on."""
        die = int_field(action, "die", 0, len(state["dice"]) - 1, said("'die' (the position of the die)"))
        face = self.face or action.get("face")
        if not is_one_of(face, FACES):
            raise RuleViolation(said("'face' is one of {list}.", list=', '.join(FACES)))
        before = state["dice"][die]
        changes = [Change(i, say=said("{who} uses {name}: a {FACE_WORDS} becomes {FACE_WORDS2}.", who=name(state, i),
                                      name=CARDS[self.card].name, FACE_WORDS=FACE_WORDS[before],
                                      FACE_WORDS2=FACE_WORDS[face]), moved=-KEEPS_BY_ID[self.card].price, die=(die, face),
                          mark=self.mark.format(i=i) if self.mark else "")]
        if self.card != PROBE:
            changes.append(Change(i, mark=CHANGED))
        if face in self.spent_on:
            changes.append(Change(i, say=filled(self.said, face=FACE_WORDS[face]), spent=self.card))
        return changes


def _die_change(change: DieChange, turn: str = "own") -> Use:
    fields = ("die",) if change.face else ("die", "face")
    return Use(fields, change.closed, change.choices, turn=turn, act=change.act)


# Psychic Probe: "You can reroll a die of your choice after the last Roll of each other Monster.
# If the result of your reroll is ♥, discard this card." Its owner is asked once the roller has
# rolled for the last time (probe.py) and answers with a reroll or `"pass": true`. Offer:
#   {"type": "use", "player": 1, "card": "psychic_probe", "dice": [0, ...], "faces": [...], "price": 0, "pass": [true]}
_REROLL = DieChange("psychic_probe", mark="psychic_probe:{i}", limit=said("{who} has used Psychic Probe on this turn already."),
                    spent_on=("heart",), said=said("The reroll is a {face}: Psychic Probe is discarded."))


PROBE = "psychic_probe"  # its question is the roll's last step (probe.py)
CHANGED = "die_changed"  # the turn's mark of a die changed by the roller's card: the rolling is over


def _probe_closed(game, state: dict, i: int) -> str | None:
    return game.probe_refused(state, i)


def _probe_choices(game, state: dict, i: int) -> dict:
    return {**_REROLL.choices(game, state, i), "pass": [True]}


def _probe_act(game, state: dict, i: int, action: dict) -> list[Change]:
    if "pass" not in action:
        return _REROLL.act(game, state, i, action)
    if not bool_field(action, "pass") or "die" in action or "face" in action:
        raise RuleViolation(said("Psychic Probe: send a 'die' and its 'face' to reroll, or \"pass\": true alone."))
    return [Change(i, say=said("{who} passes on Psychic Probe.", who=name(state, i)), mark=f"{PROBE}_pass:{i}")]


DICE_KEEPS = (
    keep("extra_head", dice=lambda s, i: 1),
    keep("giant_brain", rolls=lambda s, i: 1),
    keep("smoke_cloud", bought=counters_bought(3), pay_roll=Together(_smoke_pays),
         extra_rolls=Together(lambda s, i, n: sum(s["players"][i]["counters"][k] for k in counter_sets(s, i, "smoke_cloud")))),
    keep("energy_drink", price=1, pay_roll=Together(_drink_pays),
         extra_rolls=Together(lambda s, i, n: s["players"][i]["energy"])),
    keep("background_dweller", free_reroll=Together(_dweller)),
    keep("acid_attack", smash=lambda s, i, c: 1),
    keep("burrowing", smash=lambda s, i, c: 1 if in_kyoto(s, i) else 0, yield_toll=lambda s, i: 1),
    keep("spiked_tail", smash=lambda s, i, c: 1 if c["smash"] else 0),
    keep("urbavore", smash=lambda s, i, c: 1 if in_kyoto(s, i) and c["smash"] else 0,
         turn_start=lambda s, i: [Change(i, stars=1, why="Urbavore")] if in_kyoto(s, i) else []),
    keep("poison_quills", smash=lambda s, i, c: 2 if c["2"] >= 3 else 0),
    keep("alpha_monster", resolved=_stars(1, lambda c: c["smash"] >= 1, "alpha_monster")),
    keep("gourmet", resolved=_stars(2, lambda c: c["1"] >= 3, "gourmet")),
    keep("detritivore", resolved=_stars(2, lambda c: all(c[f] for f in "123"), "detritivore")),
    keep("complete_destruction", resolved=_stars(9, lambda c: all(c[f] for f in FACES), "complete_destruction")),
    keep("freeze_time", resolved=Together(_freeze)),
    keep("nova_breath", targets=Together(lambda s, i, n, hit: [j for j in alive(s) if j != i])),
    keep("poison_spit", hit=_tokens("poison")),
    keep("shrink_ray", hit=_tokens("shrink")),
    keep("fire_breathing", smashed=Together(
        lambda s, i, n: [Change(j, loss=n, why="Fire Breathing") for j in neighbours(s, i)])),
    keep("healing_ray", gifts=Together(_gifts)),
    # Herd Culler: "You can change one of your dice to a 1 each turn." (offer: no "faces")
    keep("herd_culler", use=_die_change(DieChange(
        "herd_culler", face="1", mark="herd_culler", limit=said("Herd Culler changes one die each turn: it was used this turn.")))),
    # Plot Twist: "Before resolving your dice, you may change one die to any result. Discard when used."
    keep("plot_twist", use=_die_change(DieChange("plot_twist", spent_on=FACES))),
    # Stretchy: "Before resolving your dice, you can spend 2ϟ to change one of your dice to any result."
    keep("stretchy", price=2, use=_die_change(DieChange("stretchy"))),
    # Psychic Probe (its block above; the question: probe.py). Offer: "player" is the prober.
    keep("psychic_probe", use=Use(("die", "face", "pass"), _probe_closed, _probe_choices, turn="others", act=_probe_act)),
)
KEEPS_BY_ID = {k.id: k for k in DICE_KEEPS}
