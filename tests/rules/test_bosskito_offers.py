"""Boss Kito's offers keep the two promises (api.md, "Offers"), and the page draws exactly them.

Whole random games (40 seeds for each number of players) are played through offers alone: every
offer, filled in with any of its listed choices, is accepted; on every other state reached, actions matching no offer and choices
outside an offer's lists are refused. The controls rendered for every state of 12 whole games
played through a real table are the offers, down to the colours, counts and numbers they list.
"""
from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser

import pytest
from flask import render_template

from companion.games import RuleViolation, get_game
from companion.games.bosskito.rules import COLOURS, SYMBOLS
from companion.tables import NotAllowed
from companion.web.services import tables
from companion.web.tables import render

from ..offer_fills import fill_bosskito as fill
from ..offers_checks import (
    PLAYS,
    assert_controls_match,
    play_through_offers,
    refuse_outside,
    refuse_unoffered,
    render_controls,
)
from .test_bosskito_properties import check

GAME = get_game("bosskito")
SEEDS = range(40)
PLAYERS = range(GAME.min_players, GAME.max_players + 1)


def make(kind: str, player: int | None, state: dict, rnd: random.Random) -> dict:
    """A well-formed action of any type for any player (or none), whether or not it is offered."""
    action = {"type": kind, **({} if player is None else {"player": player})}
    fields = {
        "reveal": lambda: {"row": [rnd.randint(1, 9) for _ in COLOURS]},
        "pass_start": lambda: {"to": rnd.randrange(len(state["players"]))},
        "play": lambda: {"colour": rnd.choice(COLOURS)},
        "place": lambda: {"on": rnd.sample(COLOURS, rnd.randint(1, 2))},
        "exchange": lambda: {"count": 1},
        "symbol": lambda: {"number": rnd.randint(1, 9), "symbol": rnd.choice(SYMBOLS)},
    }
    return {**action, **fields.get(kind, dict)()}


def outside(offer: dict, state: dict, rnd: random.Random) -> dict | None:
    """The offer filled in with a choice it does not list, when there is one."""
    action = fill(offer, state, rnd)
    kind = offer["type"]
    if kind == "play" and len(offer["colour"]) < len(COLOURS):
        action["colour"] = rnd.choice([c for c in COLOURS if c not in offer["colour"]])
    elif kind == "place":
        others = [c for c in COLOURS if c not in offer["on"]]
        action["on"] = [rnd.choice(others)] if others and rnd.random() < 0.5 else [offer["on"][0]] * (offer["max"] + 1)
    elif kind == "exchange":
        action["count"] = offer["max"] + 1
    elif kind == "pass_start":
        action["to"] = len(offer["to"])
    elif kind == "symbol":
        action.update(rnd.choice([{"number": max(offer["numbers"]) + 1}, {"number": min(offer["numbers"]) - 1}, {"symbol": "arrow"}]))
    elif kind == "reveal":
        gone = [k for k in range(1, 10) if k not in {n["number"] for n in offer["numbers"]}]
        number = gone[0] if gone else offer["numbers"][-1]["number"]
        left = next((n["left"] for n in offer["numbers"] if n["number"] == number), 0)
        if left + 1 > len(offer["columns"]):
            return None  # the row cannot hold one more than is left
        action["row"] = [number] * (left + 1) + action["row"][left + 1:]
    else:
        return None  # draw and take carry no choice
    return action


@pytest.mark.slow
@pytest.mark.parametrize("n", PLAYERS)
def test_whole_games_through_offers_and_everything_else_refused(n):
    visited, refused = 0, 0

    def visit(state):
        nonlocal visited, refused
        visited += 1
        if state["over"]:
            return
        if visited % 2:  # every other state: the refusals' deep copies are most of the time
            rnd = random.Random(visited)
            refused += refuse_unoffered(GAME, state, rnd, make) + refuse_outside(GAME, state, rnd, outside)

    for seed in SEEDS:
        rnd = random.Random(seed)
        state = GAME.setup([f"P{i}" for i in range(n)], {}, rnd)
        state = play_through_offers(GAME, state, rnd, 1000, check, visit)
        assert state["over"], "a game played through offers reaches its end"
    assert visited > len(SEEDS) * 9 * (1 + 4 * n) and refused > visited / 2


def test_a_player_with_one_token_is_not_offered_a_second():
    state = GAME.setup(["Aya", "Ben"], {"first_player": 0}, random.Random(0))
    state, _ = GAME.apply(state, {"type": "reveal", "row": [9, 8, 7, 6, 5]})
    state["players"][0]["played"]["red"] = [0]
    state["players"][0]["tokens"] = 1
    place = [o for o in GAME.offers(state, PLAYS) if o["type"] == "place"]
    assert place == [{"type": "place", "player": 0, "on": ["red"], "max": 1}]
    with pytest.raises(RuleViolation, match="has 1 banana token"):
        GAME.apply(state, {"type": "place", "player": 0, "on": ["red", "red"]})


def test_a_turn_naming_another_player_is_refused():
    state = GAME.setup(["Aya", "Ben"], {"first_player": 0}, random.Random(0))
    state, _ = GAME.apply(state, {"type": "reveal", "row": [9, 8, 7, 6, 5]})
    with pytest.raises(RuleViolation, match="Aya takes this turn now, not Ben."):
        GAME.apply(state, {"type": "take", "player": 1})
    state, _ = GAME.apply(state, {"type": "take", "player": 0})
    assert state["current"] == 1


class _Choices(HTMLParser):
    """Per action type: the `_set` values of enabled buttons, the options of each select, the
    values of each group of radios and the reveal pad's enabled numbers with their counts."""

    def __init__(self):
        super().__init__()
        self.sets: dict[str, list[dict]] = {}
        self.selects: dict[str, list[str]] = {}  # "type/select name" -> its option values
        self.radios: dict[str, list[str]] = {}  # "type/radio name" -> its values
        self.pad: dict[int, int] = {}  # enabled number -> cards left
        self._type = self._select = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name") == "type":
            self._type = a["value"]
        elif tag == "input" and a.get("type") == "radio":
            self.radios.setdefault(f"{self._type}/{a['name']}", []).append(a["value"])
        elif tag == "button" and a.get("name") == "_set" and "disabled" not in a:
            # A button may name its own move (exchange, in the form of draw and take).
            chosen = json.loads(a["value"])
            self.sets.setdefault(chosen.pop("type", self._type), []).append(chosen)
        elif tag == "button" and a.get("name") == "colour" and "disabled" not in a:
            self.sets.setdefault(self._type, []).append({"colour": a["value"]})  # a card played
        elif tag == "button" and "data-number" in a and "disabled" not in a:
            self.pad[int(a["data-number"])] = int(a["data-left"])
        elif tag == "select":
            self._select = f"{self._type}/{a['aria-label']}"
            self.selects[self._select] = []
        elif tag == "option" and self._select:
            self.selects[self._select].append(a.get("value"))

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def choices_drawn(html: str) -> _Choices:
    parser = _Choices()
    parser.feed(html)
    return parser


def assert_choices_match(html: str, offers: list[dict], state: dict) -> None:
    """The page's buttons, lists and pad hold the offers' choices, no more and no fewer."""
    drawn = choices_drawn(html)
    by_type = {o["type"]: o for o in offers}
    if "play" in by_type:
        assert [s["colour"] for s in drawn.sets["play"]] == by_type["play"]["colour"]
    else:
        assert "play" not in drawn.sets
    if "place" in by_type:
        place = by_type["place"]
        assert drawn.radios["place/on[]"] == place["on"]
        second = drawn.radios.get("place/on[]:json")
        assert second == ([json.dumps(c) for c in place["on"]] + [""] if place["max"] == 2 else None)
    if "exchange" in by_type:
        assert [s["count"] for s in drawn.sets["exchange"]] == list(range(1, by_type["exchange"]["max"] + 1))
    else:
        assert "exchange" not in drawn.sets
    if "pass_start" in by_type:
        assert [s["to"] for s in drawn.sets["pass_start"]] == by_type["pass_start"]["to"]
    if "reveal" in by_type:
        reveal = by_type["reveal"]
        for c in reveal["columns"]:  # nothing preselected: each list starts empty
            assert drawn.selects[f"reveal/{c} benefit"] == [""] + [str(n["number"]) for n in reveal["numbers"]]
        assert drawn.pad == {n["number"]: n["left"] for n in reveal["numbers"]}
    if "symbol" in by_type:
        symbol = by_type["symbol"]
        # Every symbol of every number but the one it carries already (shown pressed, disabled).
        wanted = [{"number": k, "symbol": s} for k in symbol["numbers"] for s in symbol["symbols"]
                  if s != state["symbols"].get(str(k))]
        assert drawn.sets["symbol"] == wanted
    else:
        assert "symbol" not in drawn.sets


@pytest.mark.slow
def test_the_controls_are_the_offers(app):
    rendered = 0
    with app.app_context():
        service = tables()
        for seed in range(12):
            n = PLAYERS[seed % len(PLAYERS)]
            table = service.create("bosskito", [f"P{i}" for i in range(n)], {"first_player": seed % n}, seed=seed)
            host = table.record["host_token"]
            rnd = random.Random(seed)
            while not table.state["over"]:
                html, offers = render_controls(app, table)
                assert_controls_match(html, offers)
                assert_choices_match(html, offers, table.state)
                rendered += 1
                table, _ = service.act(table.id, host, fill(rnd.choice(offers), table.state, rnd))
            html, offers = render_controls(app, table)
            assert offers == [] and 'name="type"' not in html
    assert rendered > 12 * 9 * 9


def test_the_status_line_counts_with_the_engine_numbers(app, monkeypatch):
    # Numbers other than the rulebook's show that the template reads the game's PAGE, not a copy of them.
    monkeypatch.setitem(app.jinja_env.globals, "bosskito_rounds", 7)
    monkeypatch.setitem(app.jinja_env.globals, "bosskito_turns_per_round", 6)
    with app.app_context():
        service = tables()
        table = service.create("bosskito", ["Aya", "Ben"], {"first_player": 1}, seed=1)
        table, _ = service.act(table.id, table.record["host_token"], {"type": "reveal", "row": [9, 8, 7, 6, 5]})
        with app.test_request_context("/"):
            status = render_template("games/bosskito/_status.html", **render.context(table, PLAYS, "play", history=False))
    assert "Round 1 of 7 · Ben's 1st turn of 6 ·" in status


def test_the_reveal_offers_the_numbers_with_cards_left_and_how_many():
    state = GAME.setup(["Aya", "Ben"], {}, random.Random(0))
    state["revealed"].update({"1": 1, "9": 4})
    reveal, symbol = GAME.offers(state, PLAYS)
    assert reveal["numbers"][0] == {"number": 9, "left": 5} and 1 not in [n["number"] for n in reveal["numbers"]]
    assert reveal["symbols"] == [None, *SYMBOLS] and reveal["columns"] == list(COLOURS)
    # Before a reveal the table may set any number's symbol, a setting nobody's turn owns.
    assert symbol == {"type": "symbol", "player": None, "numbers": list(range(1, 10)), "symbols": [None, *SYMBOLS]}


def status_of(app, table) -> str:
    """The status strip every phone shows, as text."""
    with app.test_request_context("/"):
        html = render_template("partials/_status.html", oob=False, **render.context(table, PLAYS, "play", history=False))
    shown = re.sub(r"<span [^>]*\bhidden\b[^>]*>.*?</span>", " ", html)  # cue.js's words, not shown here
    return " ".join(re.sub(r"<[^>]+>", " ", shown).split())


def test_the_status_strip_names_no_turn_while_the_benefits_are_turned_up_or_the_start_card_passed(app):
    with app.app_context():
        service = tables()
        table = service.create("bosskito", ["Aya", "Ben", "Cho", "Dee"], {"first_player": 3}, seed=1)
        host = table.record["host_token"]
        status = status_of(app, table)
        assert "turn" not in status.replace("turning up", "") and "Round 1 of 9 · turning up the benefits ·" in status
        table, _ = service.act(table.id, host, {"type": "reveal", "row": [9, 8, 7, 6, 5], "symbols": ["pass"] + [None] * 4})
        assert "Dee's turn" in status_of(app, table) and "Dee's 1st turn of 4" in status_of(app, table)
        for _ in range(4):  # Dee plays red each turn, the others another colour each: red's 9 is Dee's
            for colour in ("red", "blue", "green", "yellow"):
                table, _ = service.act(table.id, host, {"type": "play", "colour": colour})
        assert table.state["phase"] == "pass"
        status = status_of(app, table)
        assert "'s turn" not in status.replace("pass the starting", "") and "Dee may pass the starting player card" in status
        table, _ = service.act(table.id, host, {"type": "pass_start", "to": 1})
        status = status_of(app, table)
        assert "Round 2 of 9 · turning up the benefits ·" in status and "Ben's turn" not in status


def test_passing_the_starting_player_card_is_the_double_arrows_owners_own_decision(app):
    # "Double arrow: the player may pass the starting player card to another player of his
    # choice." Once Dee's phone holds her seat, another phone cannot choose for her; hers can.
    with app.app_context():
        service = tables()
        table = service.create("bosskito", ["Aya", "Ben", "Cho", "Dee"], {"first_player": 3}, seed=1)
        host, shared = table.record["host_token"], table.record["play_token"]
        table, _ = service.act(table.id, host, {"type": "reveal", "row": [9, 8, 7, 6, 5], "symbols": ["pass"] + [None] * 4})
        dee = service.claim_seat(table.id, shared, 3)[1]
        for _ in range(4):  # Dee plays red each turn: red's 9 and its double arrow are hers
            for colour in ("red", "blue", "green", "yellow"):
                table, _ = service.act(table.id, host, {"type": "play", "colour": colour})
        assert table.state["phase"] == "pass"
        with pytest.raises(NotAllowed, match="Dee"):
            service.act(table.id, shared, {"type": "pass_start", "to": 1})
        assert table.game.decisions(table.state) == [{"type": "pass_start", "player": 3}]
        table, _ = service.act(table.id, dee, {"type": "pass_start", "to": 1})
        assert table.state["starting_player"] == 1
