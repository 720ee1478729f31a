"""A turn after the dice: the smash and the yields it asks, the enter step, the end of a turn and of
the game. Each action handler takes (game, state, action) and returns the log lines; the steps
that go on after held losses (`then_*`) are named in the engine's `steps` table (losses.py)."""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import bool_field, check_fields, check_named_player, int_field, player_field
from ..said import filled, said, word
from . import effects as fx
from . import keeps, losses
from .cards import CARDS
from .effects import WIN_STARS, gain_stars


def check_turn_player(state: dict, action: dict) -> None:
    """A move of the turn may name its monster (a stale phone's tap then cannot play for another)."""
    check_named_player(state, action, state["current"], said("It is {expected}'s turn."), lambda i: fx.name(state, i))


# -- the smash -----------------------------------------------------------------------------------
def ask_yields(state: dict, lines: list[str]) -> None:
    """Monsters in Kyoto that lose ♥ to the smash decide whether to yield, before the loss (also
    the Bay or City monster that Nova Breath hits from the other seat), unless the answer changes
    nothing: the smash eliminates the monster whichever it answers (`yield_matters`)."""
    attack = state["attack"]
    for key, amount in attack["damage"].items():
        t = int(key)
        p = state["players"][t]
        if not fx.in_kyoto(state, t):
            continue  # only monsters in Kyoto may yield (Nova Breath also hits those outside)
        if not yield_matters(state, t, amount):
            lines.append(said("{who} is not asked to yield: the smash eliminates it whether it yields or stays.",
                              who=fx.name(state, t)))
        elif p["auto_yield"] is not None:
            decision = p["hp"] - amount < p["auto_yield"]
            attack["yields"][key] = decision
            told = said("{who} yields (auto-yield below {below}♥).") if decision else \
                said("{who} stays (auto-yield below {below}♥).")
            lines.append(filled(told, who=fx.name(state, t), below=p["auto_yield"]))
        else:
            attack["yields"][key] = None
    if any(v is None for v in attack["yields"].values()):
        state["phase"] = "yield"


def yield_matters(state: dict, t: int, amount: int) -> bool:
    """Whether monster t's answer to a yield before a smash of `amount` can change anything
    (docs/rulings.md, "Who is asked to yield"): a hit it survives (where it stands then differs),
    one a card may still cancel after it stays (a question the loss would ask: keeps.ANSWERS),
    Jets (yielding takes no ♥) and Burrowing (the monster taking the seat it yields loses 1♥;
    only an attacker outside Kyoto takes it). Otherwise it falls either way, its
    seat is empty either way, and the same monster enters it (It Has a Child! too: its owner plays
    on outside Kyoto)."""
    lost = fx.reduced_loss(state, t, amount)
    if lost < state["players"][t]["hp"] or keeps.next_question(state, {"player": t, "amount": lost, "asked": []}):
        return True
    if keeps.yield_loss(state, t, amount)[0] < amount:
        return True
    return bool(keeps.total("yield_toll", state, t)) and not fx.in_kyoto(state, state["current"])


def answer_yield(game, state: dict, action: dict) -> list[str]:
    """`yield`: a monster in Kyoto answers whether it leaves before the smash lands."""
    check_fields(action, ("player", "yield"))
    i = player_field(state, action, "player")
    decision = bool_field(action, "yield")
    attack = state["attack"]
    owed = state["phase"] == "yield" and attack and attack["yields"].get(str(i), False) is None
    if not owed:
        raise RuleViolation(said("{who} has no yield to decide now.", who=fx.name(state, i)))
    attack["yields"][str(i)] = decision
    lines = [said("{who} yields Kyoto.", who=fx.name(state, i)) if decision else said("{who} stays in Kyoto.", who=fx.name(state, i))]
    if all(v is not None for v in attack["yields"].values()):
        finish_resolve(game, state, lines)
    return lines


def finish_resolve(game, state: dict, lines: list[str]) -> None:
    """Yielded monsters leave and the smash lands (losses may wait for their owners)."""
    me = state["current"]
    attack = state["attack"]
    if attack:
        for key, gave_up in attack["yields"].items():
            if gave_up:
                fx.leave(state, int(key))
        why = said("smashed by {monster}", monster=state['players'][me]['monster'])
        for key, amount in attack["damage"].items():
            t = int(key)
            if attack["yields"].get(key):
                amount, card = keeps.yield_loss(state, t, amount)
                if card and not amount:
                    lines.append(said("{who} yields with {name} and loses no ♥.", who=fx.name(state, t),
                                      name=CARDS[card].name))
                    continue
            fx.damage(state, t, amount, why, lines, by=me)
        for key in attack["damage"]:
            fx.fire("hit", state, me, lines, int(key))
        fx.fire("smashed", state, me, lines)  # a ✸ was resolved, hit or not
        # The monster taking a yielded seat loses ♥ (Burrowing), after the enter step.
        state["burrowing"] = sum(keeps.total("yield_toll", state, int(k)) for k, gave_up in attack["yields"].items() if gave_up)
        state["attack"] = None
    then_smashed(game, state, lines)


def _losses_settled(state: dict, step: str, lines: list[str]) -> bool:
    """The held losses are decided and the fallen are gone; False while a loss waits for its
    owner (then `step`, a key of the engine's `steps`, goes on once it is decided)."""
    if losses.waiting(state, step, lines):
        return False
    losses.eliminate(state, lines)
    return True


def then_smashed(game, state: dict, lines: list[str]) -> None:
    """After the smash: the fallen go, then the enter step (and Burrowing's loss)."""
    if not _losses_settled(state, "smashed", lines):
        return
    me = state["current"]
    state["phase"] = "buy"
    burrowers = state.pop("burrowing", 0)
    if game_decided(state, lines):
        return
    if not fx.in_kyoto(state, me):
        if state["kyoto"]["city"] is None:
            fx.enter(state, me, "city", lines)
        elif fx.bay_open(state) and state["kyoto"]["bay"] is None:
            fx.enter(state, me, "bay", lines)
        if burrowers and fx.in_kyoto(state, me):
            fx.damage(state, me, burrowers, " and ".join(CARDS[c].name for c in keeps.TOLLS), lines)
    then_settle(game, state, lines)


def then_settle(game, state: dict, lines: list[str]) -> None:
    """After a loss in the buy step (a card, Burrowing): the fallen go; the game may end, and a
    monster a card eliminated on its own turn ends that turn."""
    if not _losses_settled(state, "settle", lines):
        return
    if game_decided(state, lines):
        return
    if not state["players"][state["current"]]["alive"]:
        finish_turn(game, state, lines)


# -- the end of a turn and of the game ------------------------------------------------------------
def end_turn(game, state: dict, action: dict) -> list[str]:
    """`end_turn`: the active monster is done buying."""
    check_fields(action, (), ("player",))
    check_turn_player(state, action)
    if state["phase"] != "buy":
        raise RuleViolation(said("Resolve the dice before ending the turn.") if state["phase"] == "roll" else said("Answer the yield first."))
    lines: list[str] = []
    finish_turn(game, state, lines)
    return lines


def auto_yield(game, state: dict, action: dict) -> list[str]:
    """`auto_yield`: a monster's standing answer to yields (below N♥ after the hit, or off)."""
    check_fields(action, ("player", "below"))
    i = player_field(state, action, "player")
    if not state["players"][i]["alive"]:
        raise RuleViolation(said("{who} is out of the game.", who=fx.name(state, i)))
    below = action["below"]
    if below is not None:
        below = int_field(action, "below", 1, 12, "'below'")
    state["players"][i]["auto_yield"] = below
    who = fx.name(state, i)
    return [said("{who} will yield automatically below {below}♥.", who=who, below=below) if below else said("{who} decides each yield.", who=who)]


def game_decided(state: dict, lines: list[str]) -> bool:
    """One monster left (it wins) or none (nobody wins): the game ends at once."""
    standing = fx.alive(state)
    if len(standing) > 1:
        return False
    state["over"] = True
    state["phase"] = "over"
    state["winner"] = standing[0] if standing else None
    lines.append(
        said("{who} is the Last Kyotoan Standing!", who=fx.name(state, standing[0])) if standing else said("No monster is left: nobody wins.")
    )
    snapshot(state)
    return True


def finish_turn(game, state: dict, lines: list[str]) -> None:
    """The active monster's end of turn: its cards, then Poison (which may wait for a choice)."""
    me = state["current"]
    if state["players"][me]["alive"]:
        fx.fire("turn_end", state, me, lines)
        poison = state["players"][me]["poison"]
        if poison:
            fx.damage(state, me, poison, said("Poison tokens"), lines)
    then_ended(game, state, lines)


def then_ended(game, state: dict, lines: list[str]) -> None:
    """The end of a turn after Poison: victory by ★, then the next turn."""
    if not _losses_settled(state, "ended", lines):
        return
    me = state["current"]
    if game_decided(state, lines):
        return
    winners = [i for i in fx.alive(state) if state["players"][i]["stars"] >= WIN_STARS]
    snapshot(state)
    if winners:
        state["over"] = True
        state["phase"] = "over"
        state["winner"] = winners[0] if len(winners) == 1 else winners
        one = len(winners) == 1
        if one:
            lines.append(said("{who} reaches {stars}★ and wins!", who=fx.name(state, winners[0]), stars=WIN_STARS))
        else:
            lines.append(said("{who} reach {stars}★ and win!", who=[fx.name(state, w) for w in winners], stars=WIN_STARS))
        return
    if state.get("freeze_time") and state["players"][me]["alive"]:
        state["phase"] = "freeze_time"  # offered, not forced: its owner answers (`freeze_time`)
        lines.append(said("{who} may take another turn with one less die (Freeze Time).", who=fx.name(state, me)))
        return
    next_turn(state, lines)


def freeze_time(game, state: dict, action: dict) -> list[str]:
    """`freeze_time`: the active monster takes the extra turn Freeze Time offers ("you can take
    another turn with one less die"), or lets the next monster play."""
    check_fields(action, ("player", "take"))
    i = player_field(state, action, "player")
    take = bool_field(action, "take")
    if state["phase"] != "freeze_time" or i != state["current"]:
        raise RuleViolation(said("{who} has no Freeze Time turn to take now.", who=fx.name(state, i)))
    state["freeze_time"] = take
    lines = [said("{who} takes another turn (Freeze Time).", who=fx.name(state, i)) if take
             else said("{who} does not take another turn (Freeze Time).", who=fx.name(state, i))]
    next_turn(state, lines)
    return lines


def next_turn(state: dict, lines: list[str]) -> None:
    """The next turn begins: whose (`_next_turn`), its ★ for starting in Kyoto, its cards."""
    me = state["current"]
    nxt = _next_turn(state, me)
    state["current"] = nxt
    state["turn"] += 1
    state.update(phase="roll", dice=[], kept=[], rolls=0, closed=False, asked=None, selling=[])
    lines.append(said("{who}'s turn.", who=fx.name(state, nxt)))
    state["hurt_others"] = False
    state["used"] = []
    for p in state["players"]:
        for card in keeps.FOR_THE_TURN:
            p.pop(card, None)
    if fx.in_kyoto(state, nxt):
        gain_stars(state, nxt, 2, word("starting the turn in Kyoto"), lines)
    fx.fire("turn_start", state, nxt, lines)


def _next_turn(state: dict, me: int) -> int:
    """Whose turn comes after monster me's: its own again with Freeze Time taken (one die less), the
    monster owed another turn by Frenzy (also bought on another's turn with Opportunist: the
    order then goes on after the monster whose turn it was), else the next monster standing."""
    fewer = state.get("fewer_dice", 0)
    state["fewer_dice"] = 0
    players = state["players"]
    if state.get("freeze_time") and players[me]["alive"]:
        state["freeze_time"] = False
        state["fewer_dice"] = fewer + 1  # one less die than the turn that earned it
        return me
    extra = state["extra_turn"]
    state["extra_turn"] = False
    if extra is not False and extra is not None and players[extra]["alive"]:
        if extra != me:
            state.setdefault("order_after", me)
        return extra
    after = state.pop("order_after", me)
    n = len(players)
    return next(j % n for j in range(after + 1, after + n + 1) if players[j % n]["alive"])


def snapshot(state: dict) -> None:
    """Add the ★ and ♥ of every monster to the timeline (the chart), with each one's maximum ♥
    then (Even Bigger raises it), so that the chart's ♥ scale is the monsters' real one."""
    players = state["players"]
    state["timeline"].append({"turn": state["turn"], "stars": [p["stars"] for p in players], "hp": [p["hp"] for p in players],
                              "max_hp": [p["max_hp"] for p in players]})
