"""A Boss Kito round, step by step: the benefits turned face up, the five turn actions (a to e in
the rulebook), and the hand-out at its end.

Each move checks its fields, refuses with a sentence what the rules do not allow (the same
functions of rules.py the offers read), and changes the state (a copy) in place. Who may take the
turn and what comes after it is the engine's business.
"""
from __future__ import annotations

from .. import piles
from ..errors import RuleViolation
from ..fields import check_fields, int_field, is_int, is_one_of, quoted
from ..said import said, said_n, series, word
from .rules import (
    BENEFIT_NAMES,
    BENEFITS,
    CARDS_PER_COLOUR,
    COLOUR_WORDS,
    COLOURS,
    PLACE_MAX,
    SYMBOLS,
    bananas,
    cards_left,
    column_winner,
    own_colours,
    room,
    to_take,
)

# The colours and symbols as the history's lines name them (translated where they are shown).
COLOUR_TITLES = {"red": word("Red"), "yellow": word("Yellow"), "green": word("Green"), "blue": word("Blue"),
                 "purple": word("Purple")}
# Why a benefit is discarded; the state keeps the English key, a page says it with these.
DISCARD_WHYS = {"a tie": word("a tie"), "no banana card": word("no banana card")}
SYMBOL_NAMES = {"pass": word("pass"), "card": word("card"), "banana": word("banana")}
SYMBOL_WORDS = {None: word("no symbol"), "pass": said("the double arrow (pass the starting player card)"),
                "card": said("the card symbol (draw a banana card)"), "banana": said("the banana symbol (take a banana token)")}

TURN_FIELDS = ("player",)  # a turn may name its player (the engine checks it is the right one)


def colour(value: object) -> str:
    """A colour of the Boss Kito cards, or a sentence listing them."""
    if not is_one_of(value, COLOURS):
        raise RuleViolation(said("'{value}' is not a colour; the colours are {list}.", value=quoted(value),
                                 list=', '.join(COLOURS)))
    return value


def take_cards(state: dict, n: int, lines: list[str]) -> int:
    """Take n cards from the draw pile, shuffling the discard pile into it when it runs out."""
    return piles.take(state, n, "draw_pile", "discard", lines, "draw pile")


def play(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """a) Play 1 banana card face up."""
    check_fields(action, ("colour",), TURN_FIELDS)
    c = colour(action["colour"])
    if p["hand"] == 0:
        raise RuleViolation(said("{player} has no banana card in hand to play.", player=p['name']))
    if c not in room(state["players"]):
        raise RuleViolation(said("All {CARDS_PER_COLOUR} {c} banana cards are on the table already.",
                                 CARDS_PER_COLOUR=CARDS_PER_COLOUR, c=COLOUR_WORDS[c]))
    p["hand"] -= 1
    p["played"][c].append(0)
    lines.append(said("{player} plays a {c} banana card.", player=p['name'], c=COLOUR_WORDS[c]))


def place(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """b) Place 1 or 2 banana tokens on cards already played (both on one card, or one on each of two)."""
    on = action.get("on")
    if not isinstance(on, list) or not 1 <= len(on) <= PLACE_MAX:
        raise RuleViolation(said("Place 1 or 2 banana tokens: pick the colour of the card each goes on."))
    check_fields(action, ("on",), TURN_FIELDS)
    colours = [colour(c) for c in on]
    for c in colours:
        if c not in own_colours(p):
            raise RuleViolation(said("{player} has no {c} banana card on the table to put a token on.",
                                     player=p['name'], c=COLOUR_WORDS[c]))
    if p["tokens"] < len(colours):
        raise RuleViolation(said_n("{player} has {n} banana token.", "{player} has {n} banana tokens.", p['tokens'],
                                   player=p['name']))
    for c in colours:
        # Where a token lies among cards of one colour changes nothing (docs/rulings.md): the first.
        p["played"][c][0] += 1
        p["tokens"] -= 1
    lines.append(said_n("{player} places {n} banana token on {fromkeys}.",
                        "{player} places {n} banana tokens on {fromkeys}.", len(colours), player=p['name'],
                        fromkeys=[COLOUR_WORDS[c] for c in dict.fromkeys(colours)]))


def draw(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """c) Draw 1 banana card (impossible when the draw and discard piles are both empty)."""
    check_fields(action, (), TURN_FIELDS)
    if not take_cards(state, 1, lines):
        raise RuleViolation(said("The draw pile and the discard pile are both empty: no card can be drawn."))
    p["hand"] += 1
    lines.append(said("{player} draws a banana card.", player=p['name']))


def take(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """d) Take 3 banana tokens from the general stock, or what is left of it."""
    check_fields(action, (), TURN_FIELDS)
    n = to_take(state["stock"])
    if not n:
        raise RuleViolation(said("The general stock is empty: no banana tokens can be taken."))
    state["stock"] -= n
    p["tokens"] += n
    lines.append(said_n("{player} takes {n} banana token.", "{player} takes {n} banana tokens.", n, player=p['name']))


def exchange(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """e) Discard any number of cards from the hand and draw as many (the discards may come back)."""
    check_fields(action, ("count",), TURN_FIELDS)
    if p["hand"] == 0:
        raise RuleViolation(said("{player} has no cards in hand to exchange.", player=p['name']))
    n = int_field(action, "count", 1, p["hand"], said("'count' (cards from your hand)"))
    state["discard"] += n
    take_cards(state, n, lines)
    lines.append(said_n("{player} exchanges {n} banana card.", "{player} exchanges {n} banana cards.", n,
                        player=p['name']))


def reveal(state: dict, action: dict, lines: list[str]) -> None:
    """The five benefits turned face up for the round, left to right, with their symbols."""
    check_fields(action, ("row",), ("symbols",))
    row = action["row"]
    if not isinstance(row, list) or len(row) > len(COLOURS) or any(not is_int(v) or v not in BENEFITS for v in row):
        raise RuleViolation(said("'row' is the five benefit numbers (1 to 9), left to right."))
    if len(row) < len(COLOURS):
        # A page sends the numbers tapped so far: say how many are missing rather than what 'row' is.
        raise RuleViolation(said("Enter all {n} benefits, left to right: {n2} of {n} entered.", n=len(COLOURS),
                                 n2=len(row)))
    left = cards_left(state["revealed"])
    for number in set(row):
        if row.count(number) > left[number]:
            n = left[number]
            raise RuleViolation(said_n("Only {n} benefit card numbered {number} is left; check the row.",
                                       "Only {n} benefit cards numbered {number} are left; check the row.", n,
                                       number=number))
    # Without symbols, the table's option gives each number its usual symbol.
    symbols = action.get("symbols", [state["symbols"].get(str(v)) for v in row])
    if not isinstance(symbols, list) or len(symbols) != len(COLOURS) or any(s not in SYMBOLS + (None,) for s in symbols):
        raise RuleViolation(said("'symbols' is five entries, each null or one of {list}.", list=', '.join(SYMBOLS)))
    for number in row:
        state["revealed"][str(number)] += 1
    state["row"] = list(row)
    state["row_symbols"] = list(symbols)
    shown = series([said("{colour} {number} ({symbol})", colour=COLOUR_WORDS[c], number=v, symbol=SYMBOL_NAMES[s]) if s
                    else said("{colour} {number}", colour=COLOUR_WORDS[c], number=v) for c, v, s in zip(COLOURS, row, symbols)])
    lines.append(said("Round {round} benefits: {shown}.", round=state['round'], shown=shown))


def mark(state: dict, action: dict, lines: list[str]) -> None:
    """The symbol printed on every benefit card of one number (the rulebook does not list them):
    set once for the table, it comes with that number at each reveal (docs/rulings.md)."""
    check_fields(action, ("number", "symbol"))
    number = int_field(action, "number", BENEFITS[0], BENEFITS[-1], said("'number' (a benefit number)"))
    symbol = action["symbol"]
    if symbol is not None and not is_one_of(symbol, SYMBOLS):
        raise RuleViolation(said("'{symbol}' is not a symbol; a benefit card shows {list} or none (null).",
                                 symbol=quoted(symbol), list=', '.join(SYMBOLS)))
    state["symbols"][str(number)] = symbol
    lines.append(said("Benefit {number} cards carry {SYMBOL_WORDS}.", number=number, SYMBOL_WORDS=SYMBOL_WORDS[symbol]))


def hand_out(state: dict, lines: list[str]) -> list[int]:
    """Hand out the round's benefits ("Handing Out the Benefits") and clear the table; returns the
    winners of double arrows, in column order, who each decide who gets the starting player card.

    Column by column from the left, the most bananas in its colour wins its benefit (a tie or no
    card: it is discarded) and performs its additional action at once; then every played token
    goes back to the stock and every played card to the discard pile (docs/rulings.md)."""
    players = state["players"]
    passes = []
    lines.append(said("Round {round} ends: the benefits are handed out.", round=state['round']))
    # Kept until the next hand-out: the table hands the benefit cards over while the next round's
    # benefits are turned up, and the page shows who gets which (not only the history).
    handed: list[dict] = []
    state["handed_out"] = {"round": state["round"], "columns": handed}
    for col, colour in enumerate(COLOURS):
        number = state["row"][col]
        if number is None:
            continue
        winner = column_winner(players, colour)
        if winner is None:
            why = DISCARD_WHYS["a tie" if any(p["played"][colour] for p in players) else "no banana card"]
            lines.append(said("{capitalize}: {BENEFIT_NAMES} ({number}) is discarded ({why}).",
                              capitalize=colour.capitalize(), BENEFIT_NAMES=BENEFIT_NAMES[number], number=number,
                              why=why))
            handed.append({"colour": colour, "benefit": number, "player": None, "discarded": str(why)})  # the state keeps its English (api.md)
            continue
        p = players[winner]
        p["benefits"] = sorted(p["benefits"] + [number])
        lines.append(said("{capitalize}: {player} wins {BENEFIT_NAMES} ({number}) with {bananas} bananas.",
                          capitalize=colour.capitalize(), player=p['name'], BENEFIT_NAMES=BENEFIT_NAMES[number],
                          number=number, bananas=bananas(p['played'][colour])))
        handed.append({"colour": colour, "benefit": number, "player": winner, "bananas": bananas(p["played"][colour])})
        symbol = state["row_symbols"][col]
        if symbol == "card" and take_cards(state, 1, lines):
            p["hand"] += 1
            lines.append(said("{player} draws a banana card (card symbol).", player=p['name']))
        elif symbol == "banana" and state["stock"]:
            state["stock"] -= 1
            p["tokens"] += 1
            lines.append(said("{player} takes a banana token (banana symbol).", player=p['name']))
        elif symbol == "pass":
            passes.append(winner)
    for p in players:
        for colour in COLOURS:
            state["stock"] += sum(p["played"][colour])
            state["discard"] += len(p["played"][colour])
            p["played"][colour] = []
    state["row"] = [None] * len(COLOURS)
    state["row_symbols"] = [None] * len(COLOURS)
    return passes
