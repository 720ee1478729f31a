"""What the monsters may do now (api.md, "Offers"): every move the engine accepts, with its choices.

The offers ask the engine's own checks, so the two cannot drift: a card's `use` offer is made
exactly when its declaration's `closed` says nothing (powers.usable_now), a buy lists market.shops,
a question a loss asks comes with its card's `asks.choices`, and the engine's gate (`Game.waits`,
with `goes_ahead` and `waiting` below: the market still to tap in, a loss to answer) is the one
check of what waits, for a move and here alike.

One offer per move; "player" is the monster the move is for. The moves of a turn (market, roll,
resolve, buy, sweep, end_turn, use) name the active monster and may be sent with or without
"player" (naming another monster is refused). Prices are in ϟ, after every discount.

  {"type": "market", "player": 0, "slots": 1, "size": 3, "market": ["heal", "tank"], "deck": {"jets": 1, ...}}
      `cards`: `size` cards: the face-up `market` cards and `slots` cards from `deck` (the cards
      left, with their counts). With `slots` 0 it is a correction, open to anyone ("player": null):
      any `size` cards of market and deck.
  {"type": "auto_yield", "player": 1, "below": [null, 1, 2, ..., 12]}      a living monster's setting
  {"type": "auto_pass", "player": 1, "card": <probe.CARD>, "on": [true, false]}   another: never asked
  {"type": "freeze_time", "player": 0, "take": [true, false]}   the extra turn a card offers at the end of a turn
  {"type": "roll", "player": 0, "dice": 6, "rolls_left": 2, "pays": null, "price": 0}
      `faces`: `dice` faces. `rolls_left`: every roll still possible. `pays`: what pays for this
      roll: null (the turn's allowance), "smoke_cloud" (a counter), "energy_drink" (`price` 1ϟ) or
      "background_dweller" (then only a roll that keeps the faces of `keep` is accepted). `keep`,
      when present (Background Dweller past the allowance): a roll keeping these faces, its 3s
      rerolled, is free. `faces_optional` (true, within the allowance but for its last roll):
      `faces` may be left out, for a roll whose dice are all rerolled before they are entered;
      the dice that resolve are then the next roll's. Then `kept` (true) sends as `faces` only the
      1 to `dice` - 1 dice kept, the others rolled again unentered (the state's `kept`, which the
      next roll's entry starts from).
  {"type": "resolve", "player": 0, "hearts": 2, "cure": {"poison": 1}, "heal_others": [{"player": 1, "prices": [2, 3]}]}
      `cure` (only with tokens and rolled ♥): up to that many tokens of each kind; `heal_others`
      (Healing Ray): up to len(prices) ♥ to each listed monster, which pays prices[n - 1] for n ♥.
      `cure` and `heal_others` together spend at most `hearts` (the rolled ♥).
  {"type": "yield", "player": 2, "damage": 3, "jets": false, "yield": [true, false]}
      `jets`: yielding costs no ♥.
  {"type": <a card of keeps.ANSWERS>, "player": 2, <its amount>: 3, ...its `asks.choices`}
      a question a held loss asks (what is owed, losses.owed, with its choices); each card's
      declaration shows its offer and the answer it takes.
  {"type": "buy", "player": 0, "cards": [{"card": "acid_attack", "price": 5}]}
      from the market: the active monster in its buy step, or (Opportunist) another monster the
      moment a card is revealed; only the cards the buyer can pay.
  {"type": "buy", "player": 0, "from": 1, "cards": [{"card": "jets", "price": 4}]}   Parasitic Tentacles
  {"type": "sweep", "player": 0, "price": 2}
  {"type": "end_turn", "player": 0}
  {"type": "use", "player": 0, "card": <a card of keeps.USABLE>, ...its `use.choices`}
      a card its owner may use now ("player": the owner, on another's turn too); each card's
      declaration shows its offer and the fields `use` takes.
"""
from __future__ import annotations

from ..fields import is_one_of
from ..said import said, said_n
from . import dice, keeps, losses, market, powers, probe, settings
from . import effects as fx
from .keeps import ANSWERS, KEEPS, USABLE

AUTO_YIELD_CHOICES = [None, *range(1, 13)]
ALWAYS = ("market", "auto_yield", "auto_pass")  # moves that never wait


def goes_ahead(state: dict, action: dict, owed: list[dict]) -> bool:
    """Whether a move is taken while a decision is owed first (`owed`, as the engine's `pending`
    lists it): the face-up cards still to tap in let by only a buy the moment they are revealed
    (Opportunist's); a loss waiting for its answers lets by those, and a card whose `use` says
    `during_losses`. A correction of the market and an auto-yield setting never wait."""
    kind, card = action["type"], action.get("card")
    if kind in ALWAYS:
        return True
    if owed[0]["type"] == "market":
        return kind == "buy" and action.get("player") not in (None, state["current"])
    if owed[0]["type"] == probe.CARD:  # the answer, and the cards that never wait for a turn's step
        return kind == "use" and (card == probe.CARD or (is_one_of(card, USABLE) and KEEPS[card].use.during_losses))
    return kind in ANSWERS or (kind == "use" and is_one_of(card, USABLE) and KEEPS[card].use.during_losses)


def waiting(state: dict, owed: list[dict]) -> str:
    """Why other moves wait: the cards to tap in at the market, or whose loss of ♥ is to answer."""
    if owed[0]["type"] == "market":
        return said_n("First tap in the {n} card face up at Nishiki Market.",
                      "First tap in the {n} cards face up at Nishiki Market.", owed[0]['slots'])
    if owed[0]["type"] == probe.CARD:
        return said("{NAME} first: {asking}.", NAME=probe.NAME, asking=probe.asking(state, [d['player'] for d in owed]))
    waiting = ", ".join(sorted({fx.name(state, d["player"]) for d in owed}))
    return said("A loss of ♥ waits for {waiting}: answer that first.", waiting=waiting)


def offers(game, state: dict) -> list[dict]:
    """Every move the rules allow now, for any monster."""
    if state["over"]:
        return []
    short = market.short(state)
    found = [_market(state, short)] if short else []
    found += PHASES[state["phase"]](game, state) + _buys(game, state) + _uses(game, state)
    if not short:
        found.append(_market(state, 0))
    found = [o for o in found if game.waits(state, o) is None]
    return found + [{"type": "auto_yield", "player": i, "below": list(AUTO_YIELD_CHOICES)} for i in fx.alive(state)] \
        + settings.offers(state)


def _market(state: dict, short: int) -> dict:
    deck = {cid: n for cid, n in state["deck"].items() if n}
    size = min(market.MARKET_SIZE, len(state["market"]) + sum(deck.values()))
    # Tapping in is the active monster's step (as `pending` says); a correction is anyone's.
    player = state["current"] if short else None
    return {"type": "market", "player": player, "slots": short, "size": size, "market": list(state["market"]), "deck": deck}


def _rolling(game, state: dict) -> list[dict]:
    me = state["current"]
    # No roll follows a die change, a probe's reroll or the end of the rolling (probe.py).
    found = [] if probe.rolling_over(state) else _roll(game, state, me)
    return found + ([_resolve(state, me)] if state["rolls"] and state["dice"] else [])


def _roll(game, state: dict, me: int) -> list[dict]:
    allowed, used = game.rolls_allowed(state, me), state["rolls"]
    roll = {"type": "roll", "player": me, "dice": game.dice_count(state, me),
            "rolls_left": max(0, allowed - used) + game.extra_rolls(state, me), "pays": None, "price": 0}
    if used < allowed:
        if dice.may_skip_faces(state, allowed):
            roll["faces_optional"] = True
        return [roll]
    # Past the allowance: what pays for a roll (dice.roll pays the same), or a free reroll.
    paying, free = keeps.roll_payer(state, me), keeps.free_reroll(state, me)
    if not (paying or free):
        return []
    roll.update(pays=paying[0] if paying else free[0], price=-paying[1].moved if paying else 0)
    if free:
        roll["keep"] = free[1]
    return [roll]


def _resolve(state: dict, me: int) -> dict:
    p = state["players"][me]
    hearts = state["dice"].count("heart")
    offer = {"type": "resolve", "player": me, "hearts": hearts}
    cure = {kind: min(p[kind], hearts) for kind in ("poison", "shrink") if p[kind] and hearts}
    if cure:
        offer["cure"] = cure
    gifts = keeps.listed("gifts", state, me, hearts) if hearts else []
    if gifts:
        offer["heal_others"] = gifts
    return offer


def _yields(game, state: dict) -> list[dict]:
    attack = state["attack"]
    return [{"type": "yield", "player": int(k), "damage": attack["damage"][k],
             "jets": keeps.yield_loss(state, int(k), attack["damage"][k])[0] == 0, "yield": [True, False]}
            for k, v in attack["yields"].items() if v is None]


def _loss_answers(game, state: dict) -> list[dict]:
    found, seen = [], set()
    for owed in losses.owed(state):
        kind, i = owed["type"], owed["player"]
        if (kind, i) not in seen:  # the first held loss of a monster is the one its answer settles
            seen.add((kind, i))
            found.append({**owed, **KEEPS[kind].asks.choices(state, i)})
    return found


def _buying(game, state: dict) -> list[dict]:
    me = state["current"]
    found = [{"type": "end_turn", "player": me}]
    if state["players"][me]["energy"] >= market.SWEEP_COST and state["market"]:
        found.append({"type": "sweep", "player": me, "price": market.SWEEP_COST})
    return found


def _freezing(game, state: dict) -> list[dict]:
    return [{"type": "freeze_time", "player": state["current"], "take": [True, False]}]


PHASES = {"roll": _rolling, "yield": _yields, "losses": _loss_answers, "buy": _buying, "freeze_time": _freezing}


def _priced(game, state: dict, i: int, cards: list[str]) -> list[dict]:
    """The cards (each once) monster i can pay, with what each costs it."""
    energy = state["players"][i]["energy"]
    priced = ({"card": c, "price": game.cost(state, i, c)} for c in dict.fromkeys(cards))
    return [c for c in priced if c["price"] <= energy]


def _buys(game, state: dict) -> list[dict]:
    """What each monster may buy now (market.shops, as `buy` checks), the active monster first."""
    me = state["current"]
    found = []
    for i in [me] + [j for j in fx.alive(state) if j != me]:
        for seller, cards in market.shops(state, i).items():
            cards = _priced(game, state, i, cards)
            if cards:
                found.append({"type": "buy", "player": i, **({} if seller is None else {"from": seller}), "cards": cards})
    return found


def _uses(game, state: dict) -> list[dict]:
    """The cards each monster may use now (powers.usable_now: the checks of `use`), card by card."""
    return [offer for cid in USABLE for i in fx.alive(state) if (offer := powers.usable_now(game, state, i, cid))]
