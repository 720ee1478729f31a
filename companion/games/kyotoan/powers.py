"""The Keep cards a monster uses by choice (`use`), and the rolled ♥ it spends on cards while
resolving (Poison and Shrink Ray cures, Healing Ray). `use` takes (game, state, action) and returns
the log lines. When a card may be used, and its offer, are the card's declaration (its `Use`:
keeps_dice.py, keeps_shop.py, keeps_life.py), and so is what using it does (its `act`: the
Changes it returns, applied here)."""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import check_fields, index_text, is_int, is_one_of, player_field, quoted
from ..said import filled, said, said_n
from . import effects as fx
from . import keeps, losses, market
from .board import owns, token_count
from .cards import CARDS
from .effects import heal
from .keeps import KEEPS, USABLE

__all__ = ["USABLE"]
USE_FIELDS = tuple(dict.fromkeys(f for cid in USABLE for f in KEEPS[cid].use.fields))  # every field `use` may take
TURNS = {"own": lambda state, me: me == state["current"], "any": lambda state, me: True,
         "others": lambda state, me: me != state["current"]}
NOT_ON_THIS_TURN = {"own": said("{card} is used on its owner's own turn."),
                    "others": said("{card} rerolls a die of another monster, after its roll.")}


def owner_of_use(state: dict, action: dict) -> int:
    """The monster a `use` is for: the one it names, else the active monster."""
    return player_field(state, action, "player") if "player" in action else state["current"]


def use(game, state: dict, action: dict) -> list[str]:
    """`use`: an activated power (a card of USABLE): whose turn, ownership, then the card's own
    `closed` check, then what it does."""
    check_fields(action, ("card",), ("player",) + USE_FIELDS)
    cid = action["card"]
    if not is_one_of(cid, USABLE):
        raise RuleViolation(said("'{cid}' is not a card that is used this way; usable now: {list}.", cid=quoted(cid),
                                 list=', '.join(sorted(USABLE))))
    how = KEEPS[cid].use
    check_fields(action, ("card",), ("player",) + how.fields)
    me = owner_of_use(state, action)
    if not TURNS[how.turn](state, me):
        raise RuleViolation(filled(NOT_ON_THIS_TURN[how.turn], card=CARDS[cid].name))
    if not state["players"][me]["alive"] or not owns(state, me, cid):
        raise RuleViolation(said("{who} does not own {name}.", who=fx.name(state, me), name=CARDS[cid].name))
    closed = how.closed(game, state, me)
    if closed:
        raise RuleViolation(closed)
    lines: list[str] = []
    changes = how.act(game, state, me, action)
    fx.apply(state, changes, lines, by=me)
    for c in changes:
        if c.buy:  # drawn from the deck onto the market, then off it again through its one path
            state["deck"][c.buy] -= 1
            state["market"].append(c.buy)
            lines.extend(market.buy(game, state, {"type": "buy", "card": c.buy}))
    if KEEPS[cid].asks:  # used while its own question waits: the question may be settled now
        losses.ask_again(game, state, me, cid, lines)
    return lines


def usable_now(game, state: dict, me: int, cid: str) -> dict | None:
    """The offer of monster me's card `cid` now (its choices), or None: the same checks as `use`."""
    how = KEEPS[cid].use
    if not (TURNS[how.turn](state, me) and owns(state, me, cid)) or how.closed(game, state, me):
        return None
    choices = how.choices(game, state, me)
    return None if choices is None else {"type": "use", "player": me, "card": cid, **choices}


def cure(state: dict, me: int, asked: object, hearts: int, lines: list[str]) -> int:
    """Rolled ♥ used to discard Poison or Shrink Ray tokens instead of healing; returns how many."""
    if asked is None:
        return 0
    p = state["players"][me]
    if not isinstance(asked, dict) or set(asked) - {"poison", "shrink"} or any(
        not is_int(v) or v < 0 for v in asked.values()
    ):
        raise RuleViolation(said("'cure' is {\"poison\": n, \"shrink\": n}: how many ♥ discard each kind of token."))
    used = sum(asked.values())
    if used > hearts:
        raise RuleViolation(said("{who} rolled {hearts}♥; it cannot discard {used} tokens with them.",
                                 who=fx.name(state, me), hearts=hearts, used=quoted(used)))
    for kind, n in asked.items():
        if n > p[kind]:
            if kind == "poison":
                raise RuleViolation(said_n("{who} has {n} poison token.", "{who} has {n} poison tokens.", p[kind],
                                           who=fx.name(state, me)))
            raise RuleViolation(said_n("{who} has {n} shrink token.", "{who} has {n} shrink tokens.", p[kind],
                                       who=fx.name(state, me)))
        p[kind] -= n
        if n:
            lines.append(said("{who} uses {n}♥ to discard {tokens}.", who=fx.name(state, me), n=n,
                              tokens=token_count(kind, n)))
    return used


def healing_ray(state: dict, me: int, gifts: object, hearts: int, lines: list[str]) -> int:
    """Healing Ray: rolled ♥ given to other monsters, each paying what the card's `gifts` hook
    prices them (keeps_dice.ray_price); returns the ♥ used."""
    if isinstance(gifts, list):  # the page's form sends one entry per player index (None: no field)
        gifts = {str(j): n for j, n in enumerate(gifts) if n is not None and not (is_int(n) and n == 0)}
    if gifts is None or gifts == {}:
        return 0
    if not isinstance(gifts, dict) or any(
        index_text(k, len(state["players"])) is None or not is_int(v) or v < 0 for k, v in gifts.items()
    ):
        raise RuleViolation(said("'heal_others' maps a player index to the ♥ it gains, e.g. {\"1\": 2}."))
    if not owns(state, me, "healing_ray"):
        raise RuleViolation(said("{who} needs Healing Ray to heal other monsters.", who=fx.name(state, me)))
    used = sum(gifts.values())
    if used > hearts:
        raise RuleViolation(said("{who} has {hearts}♥ left to give; it cannot give {used}.", who=fx.name(state, me),
                                 hearts=hearts, used=quoted(used)))
    offered = {gift["player"]: gift["prices"] for gift in keeps.listed("gifts", state, me, hearts)}
    for key, n in gifts.items():
        j = int(key)
        if j == me or j >= len(state["players"]) or not state["players"][j]["alive"]:
            raise RuleViolation(said("Healing Ray heals other monsters still in the game."))
        target = state["players"][j]
        if target["hp"] + n > target["max_hp"]:
            raise RuleViolation(said("{who} can gain only {n}♥.", who=fx.name(state, j),
                                     n=target['max_hp'] - target['hp']))
        prices = offered.get(j, [])
        if n > len(prices):
            raise RuleViolation(said("{who} cannot pay for {n}♥ ({energy}ϟ).", who=fx.name(state, j), n=n,
                                     energy=target['energy']))
        price = prices[n - 1] if n else 0
        target["energy"] -= price
        state["players"][me]["energy"] += price
        lines.append(said("{who} pays {price}ϟ to {who2} (Healing Ray).", who=fx.name(state, j), price=price,
                          who2=fx.name(state, me)))
        heal(state, j, n, "Healing Ray", lines)
    return used
