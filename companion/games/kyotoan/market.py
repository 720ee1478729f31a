"""Nishiki Market: the cards the table taps in as they are revealed, buying (also with Opportunist
and Parasitic Tentacles) and sweeping. Handlers take (game, state, action) and return the log lines."""
from __future__ import annotations

from collections import Counter

from ..base import RuleViolation
from ..fields import check_fields, player_field, quoted
from ..said import said
from . import effects as fx
from . import keeps, mimic, turns
from .board import owns
from .cards import CARDS
from .discards import DISCARD_EFFECTS

SWEEP_COST = 2
MARKET_SIZE = 3


def market(game, state: dict, action: dict) -> list[str]:
    """`market`: the cards face up at Nishiki Market (new ones turned up, or a correction)."""
    check_fields(action, ("cards",), ("player",))
    turns.check_turn_player(state, action)
    cards = action["cards"]
    if not isinstance(cards, list) or any(not isinstance(c, str) for c in cards):
        raise RuleViolation(said("'cards' is a list of card ids."))
    unknown = [c for c in cards if c not in CARDS]
    if unknown:
        raise RuleViolation(said("'{unknown}' is not a Power card id (for example: acid_attack, energize).",
                                 unknown=quoted(unknown[0])))
    available = Counter(state["market"]) + Counter({k: v for k, v in state["deck"].items() if v})
    wanted = Counter(cards)
    for cid, n in wanted.items():
        if n > available[cid]:
            raise RuleViolation(said("{name} is not in the deck any more (bought, swept or on the market).",
                                     name=CARDS[cid].name))
    size = min(MARKET_SIZE, sum(available.values()))
    if len(cards) != size:
        raise RuleViolation(said("Nishiki Market shows {size} cards; you entered {n}.", size=size, n=len(cards)))
    deck = Counter(state["deck"]) + Counter(state["market"]) - wanted
    state["deck"] = {cid: deck.get(cid, 0) for cid in CARDS}
    new = list((wanted - Counter(state["market"])).elements())
    state["market"] = list(cards)
    state["revealed"] = new
    if new:
        return [said("Revealed at Nishiki Market: {cards}.", cards=", ".join(CARDS[c].name for c in new))]
    return [said("Nishiki Market corrected.")]


def short(state: dict) -> int:
    """How many face-up cards the table still has to tap in."""
    in_deck = sum(state["deck"].values())
    return max(0, min(MARKET_SIZE - len(state["market"]), in_deck))


def shops(state: dict, i: int) -> dict[int | None, list[str]]:
    """Where monster i may buy now, and which cards (before their price): None is the market, in
    its own Buy Power cards step; its cards' `shop` hooks add others (Opportunist: the cards just
    revealed, on another's turn; Parasitic Tentacles: other monsters' cards). `buy` checks this,
    and the offers list it."""
    found = {None: list(state["market"])} if i == state["current"] and state["phase"] == "buy" else {}
    for seller, cards in keeps.listed("shop", state, i):
        found[seller] = found.get(seller, []) + cards
    return found


def _not_for_sale(state: dict, me: int, seller: int | None, cid: object) -> str:
    """Why monster me cannot buy `cid` (from `seller`) now, in words."""
    current = state["current"]
    if seller is not None:
        if not owns(state, me, "parasitic_tentacles"):
            return said("{who} needs Parasitic Tentacles to buy from another monster.", who=fx.name(state, me))
        if me != current or state["phase"] != "buy":
            return said("Parasitic Tentacles buys during its owner's Buy Power cards step.")
        return said("{who} has no card '{cid}' to buy.", who=fx.name(state, seller), cid=quoted(cid))
    if me != current:
        if not owns(state, me, "opportunist") or not state["players"][me]["alive"]:
            return said("It is {who}'s turn; {who2} cannot buy now.", who=fx.name(state, current),
                        who2=fx.name(state, me))
        if cid not in state.get("revealed", []):
            return said("Opportunist buys a card at the moment it is revealed at Nishiki Market.")
    elif state["phase"] != "buy":
        return said("Power cards are bought after the dice are resolved.")
    on = ", ".join(CARDS[c].name for c in state["market"]) or "nothing"
    return said("That card is not face up at Nishiki Market (there: {on}).", on=on)


def buy(game, state: dict, action: dict) -> list[str]:
    """`buy`: a card from the market (also out of turn with Opportunist) or, with Parasitic
    Tentacles, from another monster: one of `shops`."""
    check_fields(action, ("card",), ("player", "from"))
    cid = action["card"]
    me = player_field(state, action, "player") if "player" in action else state["current"]
    p = state["players"][me]
    seller = player_field(state, action, "from") if "from" in action else None
    if cid not in shops(state, me).get(seller, []):
        raise RuleViolation(_not_for_sale(state, me, seller, cid))
    price = game.cost(state, me, cid)
    if p["energy"] < price:
        raise RuleViolation(said("{name} costs {price}ϟ; {who} has {energy}ϟ.", name=CARDS[cid].name, price=price,
                                 who=fx.name(state, me), energy=p['energy']))
    p["energy"] -= price
    lines: list[str] = []
    if seller is None:
        state["market"].remove(cid)
        lines.append(said("{who} buys {name} for {price}ϟ.", who=fx.name(state, me), name=CARDS[cid].name, price=price))
    else:
        _take_from(state, seller, me, cid, price, lines)
    fx.fire("buys", state, me, lines, cid)
    if CARDS[cid].kind == "keep":
        p["cards"].append(cid)
        # A card bought from another monster keeps its counters (its hook gets no new set).
        fx.bought(state, me, cid, cid if seller is None else None, lines)
    else:
        DISCARD_EFFECTS[cid](state, me, lines, CARDS[cid].name)
        state["discard"].append(cid)
        turns.then_settle(game, state, lines)
    return lines


def _take_from(state: dict, seller: int, buyer: int, cid: str, price: int, lines: list[str]) -> None:
    """Parasitic Tentacles: the card (with its counters) changes hands; the seller is paid
    the price the buyer paid, after Alien Origin (edition ruling), moved not gained."""
    owner = state["players"][seller]
    owner["cards"].remove(cid)
    owner["energy"] += price
    counter = owner.get("counters", {}).pop(cid, None)
    if counter is not None:
        state["players"][buyer].setdefault("counters", {})[cid] = counter
    mimic.follow(state, seller, buyer, cid)
    fx.refresh_max_hp(state, seller)
    lines.append(said("{who} buys {name} from {who2} for {price}ϟ (Parasitic Tentacles).", who=fx.name(state, buyer),
                      name=CARDS[cid].name, who2=fx.name(state, seller), price=price))


def sweep(game, state: dict, action: dict) -> list[str]:
    """`sweep`: the active monster pays to discard the three face-up cards."""
    check_fields(action, (), ("player",))
    turns.check_turn_player(state, action)
    me = state["current"]
    if state["phase"] != "buy":
        raise RuleViolation(said("Nishiki Market is swept after the dice are resolved."))
    p = state["players"][me]
    if p["energy"] < SWEEP_COST:
        raise RuleViolation(said("Sweeping costs {SWEEP_COST}ϟ; {who} has {energy}ϟ.", SWEEP_COST=SWEEP_COST,
                                 who=fx.name(state, me), energy=p['energy']))
    if not state["market"]:
        raise RuleViolation(said("There are no face-up cards to sweep."))
    p["energy"] -= SWEEP_COST
    state["discard"].extend(state["market"])
    state["market"] = []
    return [said("{who} pays {SWEEP_COST}ϟ to sweep Nishiki Market.", who=fx.name(state, me), SWEEP_COST=SWEEP_COST)]

