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
from ..words import counted, listed
from .rules import (
    BENEFIT_NAMES,
    BENEFITS,
    CARDS_PER_COLOUR,
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

SYMBOL_WORDS = {None: "no symbol", "pass": "the double arrow (pass the starting player card)",
                "card": "the card symbol (draw a banana card)", "banana": "the banana symbol (take a banana token)"}

TURN_FIELDS = ("player",)  # a turn may name its player (the engine checks it is the right one)


def colour(value: object) -> str:
    """A colour of the Boss Kito cards, or a sentence listing them."""
    if not is_one_of(value, COLOURS):
        raise RuleViolation(f"'{quoted(value)}' is not a colour; the colours are {', '.join(COLOURS)}.")
    return value


def take_cards(state: dict, n: int, lines: list[str]) -> int:
    """Take n cards from the draw pile, shuffling the discard pile into it when it runs out."""
    return piles.take(state, n, "draw_pile", "discard", lines, "draw pile")


def play(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """a) Play 1 banana card face up."""
    check_fields(action, ("colour",), TURN_FIELDS)
    c = colour(action["colour"])
    if p["hand"] == 0:
        raise RuleViolation(f"{p['name']} has no banana card in hand to play.")
    if c not in room(state["players"]):
        raise RuleViolation(f"All {CARDS_PER_COLOUR} {c} banana cards are on the table already.")
    p["hand"] -= 1
    p["played"][c].append(0)
    lines.append(f"{p['name']} plays a {c} banana card.")


def place(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """b) Place 1 or 2 banana tokens on cards already played (both on one card, or one on each of two)."""
    on = action.get("on")
    if not isinstance(on, list) or not 1 <= len(on) <= PLACE_MAX:
        raise RuleViolation("Place 1 or 2 banana tokens: pick the colour of the card each goes on.")
    check_fields(action, ("on",), TURN_FIELDS)
    colours = [colour(c) for c in on]
    for c in colours:
        if c not in own_colours(p):
            raise RuleViolation(f"{p['name']} has no {c} banana card on the table to put a token on.")
    if p["tokens"] < len(colours):
        raise RuleViolation(f"{p['name']} has {counted(p['tokens'], 'banana token')}.")
    for c in colours:
        # Where a token lies among cards of one colour changes nothing (docs/rulings.md): the first.
        p["played"][c][0] += 1
        p["tokens"] -= 1
    lines.append(f"{p['name']} places {counted(len(colours), 'banana token')} on {listed(list(dict.fromkeys(colours)))}.")


def draw(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """c) Draw 1 banana card (impossible when the draw and discard piles are both empty)."""
    check_fields(action, (), TURN_FIELDS)
    if not take_cards(state, 1, lines):
        raise RuleViolation("The draw pile and the discard pile are both empty: no card can be drawn.")
    p["hand"] += 1
    lines.append(f"{p['name']} draws a banana card.")


def take(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """d) Take 3 banana tokens from the general stock, or what is left of it."""
    check_fields(action, (), TURN_FIELDS)
    n = to_take(state["stock"])
    if not n:
        raise RuleViolation("The general stock is empty: no banana tokens can be taken.")
    state["stock"] -= n
    p["tokens"] += n
    lines.append(f"{p['name']} takes {counted(n, 'banana token')}.")


def exchange(state: dict, p: dict, action: dict, lines: list[str]) -> None:
    """e) Discard any number of cards from the hand and draw as many (the discards may come back)."""
    check_fields(action, ("count",), TURN_FIELDS)
    if p["hand"] == 0:
        raise RuleViolation(f"{p['name']} has no cards in hand to exchange.")
    n = int_field(action, "count", 1, p["hand"], "'count' (cards from your hand)")
    state["discard"] += n
    take_cards(state, n, lines)
    lines.append(f"{p['name']} exchanges {counted(n, 'banana card')}.")


def reveal(state: dict, action: dict, lines: list[str]) -> None:
    """The five benefits turned face up for the round, left to right, with their symbols."""
    check_fields(action, ("row",), ("symbols",))
    row = action["row"]
    if not isinstance(row, list) or len(row) > len(COLOURS) or any(not is_int(v) or v not in BENEFITS for v in row):
        raise RuleViolation("'row' is the five benefit numbers (1 to 9), left to right.")
    if len(row) < len(COLOURS):
        # A page sends the numbers tapped so far: say how many are missing rather than what 'row' is.
        raise RuleViolation(f"Enter all {len(COLOURS)} benefits, left to right: {len(row)} of {len(COLOURS)} entered.")
    left = cards_left(state["revealed"])
    for number in set(row):
        if row.count(number) > left[number]:
            n = left[number]
            raise RuleViolation(f"Only {counted(n, 'benefit card')} numbered {number} {'is' if n == 1 else 'are'} left; check the row.")
    # Without symbols, the table's option gives each number its usual symbol.
    symbols = action.get("symbols", [state["symbols"].get(str(v)) for v in row])
    if not isinstance(symbols, list) or len(symbols) != len(COLOURS) or any(s not in SYMBOLS + (None,) for s in symbols):
        raise RuleViolation(f"'symbols' is five entries, each null or one of {', '.join(SYMBOLS)}.")
    for number in row:
        state["revealed"][str(number)] += 1
    state["row"] = list(row)
    state["row_symbols"] = list(symbols)
    shown = ", ".join(f"{c} {v}" + (f" ({s})" if s else "") for c, v, s in zip(COLOURS, row, symbols))
    lines.append(f"Round {state['round']} benefits: {shown}.")


def mark(state: dict, action: dict, lines: list[str]) -> None:
    """The symbol printed on every benefit card of one number (the rulebook does not list them):
    set once for the table, it comes with that number at each reveal (docs/rulings.md)."""
    check_fields(action, ("number", "symbol"))
    number = int_field(action, "number", BENEFITS[0], BENEFITS[-1], "'number' (a benefit number)")
    symbol = action["symbol"]
    if symbol is not None and not is_one_of(symbol, SYMBOLS):
        raise RuleViolation(f"'{quoted(symbol)}' is not a symbol; a benefit card shows {', '.join(SYMBOLS)} or none (null).")
    state["symbols"][str(number)] = symbol
    lines.append(f"Benefit {number} cards carry {SYMBOL_WORDS[symbol]}.")


def hand_out(state: dict, lines: list[str]) -> list[int]:
    """Hand out the round's benefits ("Handing Out the Benefits") and clear the table; returns the
    winners of double arrows, in column order, who each decide who gets the starting player card.

    Column by column from the left, the most bananas in its colour wins its benefit (a tie or no
    card: it is discarded) and performs its additional action at once; then every played token
    goes back to the stock and every played card to the discard pile (docs/rulings.md)."""
    players = state["players"]
    passes = []
    lines.append(f"Round {state['round']} ends: the benefits are handed out.")
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
            why = "a tie" if any(p["played"][colour] for p in players) else "no banana card"
            lines.append(f"{colour.capitalize()}: {BENEFIT_NAMES[number]} ({number}) is discarded ({why}).")
            handed.append({"colour": colour, "benefit": number, "player": None, "discarded": why})
            continue
        p = players[winner]
        p["benefits"] = sorted(p["benefits"] + [number])
        lines.append(f"{colour.capitalize()}: {p['name']} wins {BENEFIT_NAMES[number]} ({number}) with {bananas(p['played'][colour])} bananas.")
        handed.append({"colour": colour, "benefit": number, "player": winner, "bananas": bananas(p["played"][colour])})
        symbol = state["row_symbols"][col]
        if symbol == "card" and take_cards(state, 1, lines):
            p["hand"] += 1
            lines.append(f"{p['name']} draws a banana card (card symbol).")
        elif symbol == "banana" and state["stock"]:
            state["stock"] -= 1
            p["tokens"] += 1
            lines.append(f"{p['name']} takes a banana token (banana symbol).")
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
