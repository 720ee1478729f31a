"""What the monsters may do now (api.md, "Offers"): every move the engine accepts, with its choices.

One offer per move; "player" is the monster the move is for. The moves of a turn (market, roll,
resolve, buy, sweep, end_turn, use) name the active monster and may be sent with or without
"player" (naming another monster is refused). Prices are in ϟ, after every discount.

  {"type": "market", "player": 0, "slots": 1, "size": 3, "market": ["heal", "tank"], "deck": {"jets": 1, ...}}
      `cards`: `size` cards: the face-up `market` cards and `slots` cards from `deck` (the cards
      left, with their counts). With `slots` 0 it is a correction, open to anyone ("player": null):
      any `size` cards of market and deck.
  {"type": "auto_yield", "player": 1, "below": [null, 1, 2, ..., 12]}      a living monster's setting
  {"type": "roll", "player": 0, "dice": 6, "rolls_left": 2, "pays": null, "price": 0}
      `faces`: `dice` faces. `rolls_left`: every roll still possible. `pays`: what pays for this
      roll: null (the turn's allowance), "smoke_cloud" (a counter), "energy_drink" (`price` 1ϟ) or
      "background_dweller" (then only a roll that keeps the faces of `keep` is accepted). `keep`,
      when present (Background Dweller past the allowance): a roll keeping these faces, its 3s
      rerolled, is free.
  {"type": "resolve", "player": 0, "hearts": 2, "cure": {"poison": 1}, "heal_others": [{"player": 1, "prices": [2, 3]}]}
      `cure` (only with tokens and rolled ♥): up to that many tokens of each kind; `heal_others`
      (Healing Ray): up to len(prices) ♥ to each listed monster, which pays prices[n - 1] for n ♥.
      `cure` and `heal_others` together spend at most `hearts` (the rolled ♥).
  {"type": "yield", "player": 2, "damage": 3, "jets": false, "yield": [true, false]}
      `jets`: yielding costs no ♥.
  {"type": "camouflage", "player": 2, "dice": 3, "faces": ["1", "2", "3", "heart", "energy", "smash"]}
  {"type": "wings", "player": 2, "damage": 3, "price": 2, "pay": [true, false]}
  {"type": "rapid_healing", "player": 2, "damage": 3, "hp": 2, "choices": [{"hearts": 0, "price": 0}, {"hearts": 1, "price": 2}]}
      the ♥ bought before a loss of `damage` that would reduce the monster (at `hp`) to 0♥ lands.
  {"type": "buy", "player": 0, "cards": [{"card": "acid_attack", "price": 5}]}
      from the market: the active monster in its buy step, or (Opportunist) another monster the
      moment a card is revealed; only the cards the buyer can pay.
  {"type": "buy", "player": 0, "from": 1, "cards": [{"card": "jets", "price": 4}]}   Parasitic Tentacles
  {"type": "sweep", "player": 0, "price": 2}
  {"type": "end_turn", "player": 0}
  {"type": "use", "player": 0, "card": "plot_twist", "dice": [0, 1, 2, 3, 4, 5], "faces": [...], "price": 0}
      also "stretchy" (price 2) and "psychic_probe" (player: the prober, on another's turn);
      "herd_culler" has no "faces": the die becomes a 1. `die`: one of `dice`; `face`: one of `faces`.
  {"type": "use", "player": 1, "card": "wings", "price": 2}
  {"type": "use", "player": 1, "card": "rapid_healing", "price": 2}
      +1♥ (while the monster's Rapid Healing question waits: one ♥ bought before the loss).
  {"type": "use", "player": 0, "card": "metamorph", "sell": [{"card": "jets", "gain": 5}]}
      `sell`: the ids of any non-empty selection of these entries (one entry per card owned).
  {"type": "use", "player": 0, "card": "made_in_a_lab", "peek": [{"card": "heal", "price": 3, "buy": [false, true]}]}
  {"type": "use", "player": 0, "card": "mimic", "price": 1, "targets": [{"of": 1, "target": "jets"}]}
"""
from __future__ import annotations

from . import effects as fx
from . import keeps, losses, market, mimic, powers
from .cards import CARDS
from .dice import dweller_keeps, extra_roll_payer
from .effects import FACES

AUTO_YIELD_CHOICES = [None, *range(1, 13)]


def offers(game, state: dict) -> list[dict]:
    """Every move the rules allow now, for any monster (the game is not over)."""
    if state["over"]:
        return []
    found: list[dict] = []
    phase = state["phase"]
    short = market.short(state)
    if short:
        found.append(_market(state, short))
        if phase != "losses":
            found += _opportunist(game, state)
    elif phase == "losses":
        found += _loss_answers(state) + _rapid_healing(state)
    else:
        if phase == "yield":
            found += _yields(state)
        elif phase == "roll":
            found += _rolling(game, state)
        elif phase == "buy":
            found += _buying(game, state)
        found += _opportunist(game, state) + _wings(state) + _rapid_healing(state)
    if not short:
        found.append(_market(state, 0))
    return found + [{"type": "auto_yield", "player": i, "below": list(AUTO_YIELD_CHOICES)} for i in fx.alive(state)]


def _market(state: dict, short: int) -> dict:
    deck = {cid: n for cid, n in state["deck"].items() if n}
    size = min(market.MARKET_SIZE, len(state["market"]) + sum(deck.values()))
    # Tapping in is the active monster's step (as `pending` says); a correction is anyone's.
    player = state["current"] if short else None
    return {"type": "market", "player": player, "slots": short, "size": size, "market": list(state["market"]), "deck": deck}


def _priced(game, state: dict, i: int, cards: list[str]) -> list[dict]:
    """The cards (each once) monster i can pay, with what each costs it."""
    energy = state["players"][i]["energy"]
    priced = ({"card": c, "price": game.cost(state, i, c)} for c in dict.fromkeys(cards))
    return [c for c in priced if c["price"] <= energy]


def _opportunist(game, state: dict) -> list[dict]:
    found = []
    for i in fx.alive(state):
        if i != state["current"] and keeps.owns(state, i, "opportunist"):
            cards = _priced(game, state, i, [c for c in state.get("revealed", []) if c in state["market"]])
            if cards:
                found.append({"type": "buy", "player": i, "cards": cards})
    return found


def _yields(state: dict) -> list[dict]:
    attack = state["attack"]
    return [{"type": "yield", "player": int(k), "damage": attack["damage"][k], "jets": keeps.owns(state, int(k), "jets"),
             "yield": [True, False]} for k, v in attack["yields"].items() if v is None]


def _loss_answers(state: dict) -> list[dict]:
    found, seen = [], set()
    for owed in losses.owed(state):
        kind, i = owed["type"], owed["player"]
        if (kind, i) in seen:
            continue  # the first held loss of a monster is the one its answer settles
        seen.add((kind, i))
        p = state["players"][i]
        if kind == "camouflage":
            found.append({**owed, "faces": list(FACES)})
        elif kind == "wings":
            pay = [True, False] if p["energy"] >= losses.WINGS_COST else [False]
            found.append({**owed, "price": losses.WINGS_COST, "pay": pay})
        else:
            most = min(p["max_hp"] - p["hp"], p["energy"] // losses.HEART_COST)
            found.append({**owed, "hp": p["hp"], "choices": [{"hearts": n, "price": n * losses.HEART_COST} for n in range(most + 1)]})
    return found


def _wings(state: dict) -> list[dict]:
    return [{"type": "use", "player": i, "card": "wings", "price": losses.WINGS_COST} for i in fx.alive(state)
            if losses.wings_offered(state, i)]


def _rapid_healing(state: dict) -> list[dict]:
    found = []
    for i in fx.alive(state):
        p = state["players"][i]
        if keeps.owns(state, i, "rapid_healing") and p["energy"] >= losses.HEART_COST and 0 < p["hp"] < p["max_hp"]:
            found.append({"type": "use", "player": i, "card": "rapid_healing", "price": losses.HEART_COST})
    return found


def _die_change(state: dict, i: int, cid: str) -> dict:
    offer = {"type": "use", "player": i, "card": cid, "dice": list(range(len(state["dice"])))}
    if cid != "herd_culler":
        offer["faces"] = list(FACES)
    offer["price"] = powers.STRETCHY_COST if cid == "stretchy" else 0
    return offer


def _rolling(game, state: dict) -> list[dict]:
    me = state["current"]
    p = state["players"][me]
    found = []
    allowed, used = game.rolls_allowed(state, me), state["rolls"]
    roll = {"type": "roll", "player": me, "dice": game.dice_count(state, me),
            "rolls_left": max(0, allowed - used) + game.extra_rolls(state, me), "pays": None, "price": 0}
    kept = dweller_keeps(state, me) if used >= allowed else None
    payer = extra_roll_payer(state, me) if used >= allowed else None
    if used >= allowed:
        roll.update(pays=payer or "background_dweller", price=1 if payer == "energy_drink" else 0)
        if kept is not None:
            roll["keep"] = kept
    if used < allowed or payer or kept is not None:
        found.append(roll)
    if not used:
        return found + _mimic(state, me, at_start=True)
    found.append(_resolve(state, me))
    for cid in ("herd_culler", "plot_twist", "stretchy"):
        if keeps.owns(state, me, cid) and powers.die_change_open(state, me, cid) and (
                cid != "stretchy" or p["energy"] >= powers.STRETCHY_COST):
            found.append(_die_change(state, me, cid))
    for i in fx.alive(state):
        if i != me and keeps.owns(state, i, "psychic_probe") and powers.die_change_open(state, i, "psychic_probe"):
            found.append(_die_change(state, i, "psychic_probe"))
    return found


def _resolve(state: dict, me: int) -> dict:
    p = state["players"][me]
    hearts = state["dice"].count("heart")
    offer = {"type": "resolve", "player": me, "hearts": hearts}
    cure = {kind: min(p[kind], hearts) for kind in ("poison", "shrink") if p[kind] and hearts}
    if cure:
        offer["cure"] = cure
    if hearts and keeps.owns(state, me, "healing_ray"):
        gifts = []
        for j in fx.alive(state):
            q = state["players"][j]
            prices = [powers.ray_price(q["energy"], n) for n in range(1, min(hearts, q["max_hp"] - q["hp"]) + 1)]
            prices = [price for price in prices if price is not None]
            if j != me and prices:
                gifts.append({"player": j, "prices": prices})
        if gifts:
            offer["heal_others"] = gifts
    return offer


def _buying(game, state: dict) -> list[dict]:
    me = state["current"]
    p = state["players"][me]
    found = [{"type": "end_turn", "player": me}]
    cards = _priced(game, state, me, state["market"])
    if cards:
        found.append({"type": "buy", "player": me, "cards": cards})
    if keeps.owns(state, me, "parasitic_tentacles"):
        for j, q in enumerate(state["players"]):
            cards = _priced(game, state, me, q["cards"]) if j != me else []
            if cards:
                found.append({"type": "buy", "player": me, "from": j, "cards": cards})
    if p["energy"] >= market.SWEEP_COST and state["market"]:
        found.append({"type": "sweep", "player": me, "price": market.SWEEP_COST})
    if keeps.owns(state, me, "metamorph") and p["cards"]:
        found.append({"type": "use", "player": me, "card": "metamorph",
                      "sell": [{"card": c, "gain": CARDS[c].cost} for c in p["cards"]]})
    if keeps.owns(state, me, "made_in_a_lab") and powers.lab_open(state, me):
        peek = [{"card": c, "price": game.cost(state, me, c)} for c, n in state["deck"].items() if n]
        for c in peek:
            c["buy"] = [False, True] if c["price"] <= p["energy"] else [False]
        if peek:
            found.append({"type": "use", "player": me, "card": "made_in_a_lab", "peek": peek})
    return found + _mimic(state, me, at_start=False)


def _mimic(state: dict, me: int, at_start: bool) -> list[dict]:
    """Placing (free, at the start of the turn or in the buy step) or moving (1ϟ, once, at the
    start) the Mimic token (mimic.py)."""
    p = state["players"][me]
    if "mimic" not in p["cards"]:
        return []
    token = p["mimic"] if mimic.mimicked(state, me) else None
    if token and not (at_start and "mimic" not in state.get("used", []) and p["energy"] >= mimic.MOVE_COST):
        return []
    targets = [{"of": j, "target": c} for j, q in enumerate(state["players"]) for c in dict.fromkeys(q["cards"])
               if c != "mimic" and {"card": c, "of": j} != token]
    if not targets:
        return []
    return [{"type": "use", "player": me, "card": "mimic", "price": mimic.MOVE_COST if token else 0, "targets": targets}]
