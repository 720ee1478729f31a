"""Keep cards of buying and selling: prices, ★ for buying, where else a monster may buy (Opportunist,
Parasitic Tentacles), Metamorph's sale, Made in a Lab's peek and the Mimic token. Each card is one
declaration (hooks.py); `closed` is the only check of when a card is used, and its offer is made
exactly when it says nothing."""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import bool_field, is_one_of, player_field, quoted
from ..said import said
from .board import copies, mimicked, name, used
from .cards import CARDS
from .hooks import Change, Together, Use, keep


def _opportunist(s, i, n):
    # The cards revealed a moment ago (still face up), on another monster's turn.
    if i == s["current"] or not s["players"][i]["alive"]:
        return []
    return [(None, [c for c in s.get("revealed", []) if c in s["market"]])]


def _tentacles(s, i, n):
    # During the owner's Buy Power cards step: any card of another monster.
    if i != s["current"] or s["phase"] != "buy":
        return []
    return [(j, list(q["cards"])) for j, q in enumerate(s["players"]) if j != i]


# Metamorph: "At the end of your turn you can discard any keep cards you have to gain their full cost
# in ϟ." Chosen in the buy step, paid when the turn ends (before the other end-of-turn cards:
# docs/rulings.md), so the same turn cannot spend the ϟ. Offer: {"type": "use", "player": 0,
# "card": "metamorph", "sell": [{"card": "jets", "gain": 5}]}; `sell`: the ids of any non-empty
# selection of these entries (one entry per card owned and not yet put up for sale).
def _metamorph_closed(game, s, i):
    if s["phase"] != "buy":
        return said("Metamorph sells cards at the end of its owner's turn, after the dice are resolved.")
    return None


def _unsold(s, i) -> list[str]:
    left = list(s["players"][i]["cards"])
    for c in s.get("selling") or []:
        if c in left:
            left.remove(c)
    return left


def _metamorph_choices(game, s, i):
    cards = _unsold(s, i)
    return {"sell": [{"card": c, "gain": CARDS[c].cost} for c in cards]} if cards else None


def _metamorph_sells(game, s, i, action):
    sell, left = action.get("sell"), _unsold(s, i)
    if not isinstance(sell, list) or not sell or any(not isinstance(c, str) or left.count(c) < sell.count(c) for c in sell):
        raise RuleViolation(said("'sell' lists Keep cards the monster owns and has not put up for sale yet."))
    gain = sum(CARDS[c].cost for c in sell)
    return [Change(i, say=said("{who} will discard {list} at the end of its turn (Metamorph: +{gain}ϟ then).",
                               who=name(s, i), list=', '.join(CARDS[c].name for c in sell), gain=gain), sells=tuple(sell))]


def _metamorph_pays(s, i, n):
    # The cards put up for sale this turn that the owner still has, discarded for their cost.
    sold, left = [], list(s["players"][i]["cards"])
    for c in s.get("selling") or []:
        if c in left:
            left.remove(c)
            sold.append(c)
    if not sold:
        return []
    return [Change(i, say=said("{who} discards {list} (Metamorph).", who=name(s, i),
                               list=', '.join(CARDS[c].name for c in sold)),
                   discards=tuple(sold), energy=sum(CARDS[c].cost for c in sold), why="Metamorph")]


# Made in a Lab: "During the Buy Power cards step, you can peek at the top card of the deck and buy
# it or put it back on top of the deck." Offer: {"type": "use", "player": 0, "card": "made_in_a_lab",
# "peek": [{"card": "heal", "price": 3, "buy": [false, true]}]}: the table taps in the card peeked.
def _lab_closed(game, s, i):
    if s["phase"] != "buy":
        return said("Made in a Lab peeks during the Buy Power cards step.")
    if used(s, "made_in_a_lab") >= copies(s, i, "made_in_a_lab"):  # once a turn per copy
        return said("Made in a Lab has peeked this turn already.")
    energy = s["players"][i]["energy"]
    prices = [game.cost(s, i, c) for c, n in s["deck"].items() if n]
    if prices and min(prices) > energy:  # a peek could only put the card back: nothing to enter
        return said("Made in a Lab buys the top card: {who} has {energy}ϟ, and every card in the deck costs more.",
                    who=name(s, i), energy=energy)
    return None


def _lab_choices(game, s, i):
    energy = s["players"][i]["energy"]
    peek = [{"card": c, "price": game.cost(s, i, c)} for c, n in s["deck"].items() if n]
    for c in peek:
        c["buy"] = [False, True] if c["price"] <= energy else [False]
    return {"peek": peek} if peek else None


def _lab_peeks(game, s, i, action):
    # The table taps in the peeked top card; the owner buys it (through the market) or puts it back.
    peek = action.get("peek")
    if not is_one_of(peek, CARDS) or not s["deck"].get(peek):
        raise RuleViolation(said("'peek' is the id of the card on top of the deck (a card still in the deck)."))
    if not bool_field(action, "buy"):
        return [Change(i, mark="made_in_a_lab", say=said("{who} peeks at the top card (Made in a Lab) and puts it back.",
                                                         who=name(s, i)))]
    price, energy = game.cost(s, i, peek), s["players"][i]["energy"]
    if energy < price:
        raise RuleViolation(said("{name} costs {price}ϟ; {who} has {energy}ϟ.", name=CARDS[peek].name, price=price,
                                 who=name(s, i), energy=energy))
    return [Change(i, mark="made_in_a_lab", buy=peek)]


# Mimic: "Choose a keep card any monster has in play and put a Mimic token on it. This card counts
# as a duplicate of that card as if you had just bought it. Spend 1ϟ at the start of your turn to
# move the Mimic token and change the card you are mimicking." (The token's copies: mimic.py.)
# Offer: {"type": "use", "player": 0, "card": "mimic", "price": 1, "targets": [{"of": 1, "target": "jets"}]};
# `use` takes `of` and `target`.
def _mimic_closed(game, s, i):
    """Placing an unplaced token is free, at the start of its owner's turn or in its buy step;
    moving a placed one costs 1ϟ, once, at the start of the turn (docs/rulings.md)."""
    at_start = s["phase"] == "roll" and not s["rolls"]
    if mimicked(s, i) is None:
        if not at_start and s["phase"] != "buy":
            return said("The Mimic token is placed at the start of its owner's turn or in its Buy Power cards step.")
        return None
    if not at_start:
        return said("The Mimic token moves at the start of its owner's turn, before the first roll.")
    if used(s, "mimic"):
        return said("The Mimic token has moved this turn already.")
    price, energy = MIMIC.price, s["players"][i]["energy"]
    if energy < price:
        return said("Moving the Mimic token costs {price}ϟ; {who} has {energy}ϟ.", price=price, who=name(s, i),
                    energy=energy)
    return None


def _mimic_choices(game, s, i):
    token = s["players"][i]["mimic"] if mimicked(s, i) else None
    targets = [{"of": j, "target": c} for j, q in enumerate(s["players"]) for c in dict.fromkeys(q["cards"])
               if c != "mimic" and {"card": c, "of": j} != token]
    return {"price": MIMIC.price if token else 0, "targets": targets} if targets else None


def _mimic_moves(game, s, i, action):
    # Placed (free) or moved (its price) on another Keep card in play; when it may is `_mimic_closed`.
    of = player_field(s, action, "of")
    target = action.get("target")
    if not isinstance(target, str) or target not in s["players"][of]["cards"]:
        raise RuleViolation(said("{who} has no Keep card '{target}' in play to mimic.", who=name(s, of),
                                 target=quoted(target)))
    if target == "mimic":
        raise RuleViolation(said("Mimic copies another Keep card, not a Mimic."))
    changes = []
    if mimicked(s, i) is not None:
        if s["players"][i]["mimic"] == {"card": target, "of": of}:
            raise RuleViolation(said("The Mimic token is on that {name} already.", name=CARDS[target].name))
        changes.append(Change(i, say=said("{who} spends {price}ϟ to move its Mimic token.", who=name(s, i),
                                          price=MIMIC.price),
                              moved=-MIMIC.price, mark="mimic"))
    if of == i:
        told = said("{who} puts its Mimic token on its own {name}.", who=name(s, i), name=CARDS[target].name)
    else:
        told = said("{who} puts its Mimic token on {owner}'s {name}.", who=name(s, i), owner=name(s, of),
                    name=CARDS[target].name)
    return changes + [Change(i, say=told, token=(of, target))]


MIMIC = keep("mimic", price=1, use=Use(("of", "target"), _mimic_closed, _mimic_choices, act=_mimic_moves))

SHOP_KEEPS = (
    keep("alien_origin", cost=lambda s, i, card: -1),
    keep("media_friendly", buys=lambda s, i, card: [Change(i, stars=1, why="Media-Friendly")]),
    keep("opportunist", shop=Together(_opportunist)),
    keep("parasitic_tentacles", shop=Together(_tentacles)),
    keep("metamorph", use=Use(("sell",), _metamorph_closed, _metamorph_choices, act=_metamorph_sells),
         turn_end=Together(_metamorph_pays)),
    keep("made_in_a_lab", use=Use(("peek", "buy"), _lab_closed, _lab_choices, act=_lab_peeks)),
    MIMIC,
)
