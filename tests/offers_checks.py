"""The two promises of offers (api.md, "Offers"), checked the same way for every game.

- `draw_action`: one move the engine offers now, filled in with choices the offer lists (the
  game's filler in offer_fills.py): the only source of moves of the random games tests play.
- `play_through_offers`: a random game played through offers only: every offer, filled in with
  any of its listed choices, is accepted (the engine never offers what it refuses).
- `random_walk`: the same game with, now and then, an illegal action tried first.
- `refuse_unoffered`: random actions whose type and player match no offer are refused with a
  sentence and change nothing; `refuse_outside`: so are offers filled in with a choice they do
  not list.
- `controls_of` / `assert_controls_match`: the controls a page draws are exactly the offers: every
  enabled control is an offer and every offer has an enabled control.
"""
from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from html.parser import HTMLParser

from companion.games import RuleViolation, Viewer
from companion.games.values import matches

from .offer_fills import FILLS

PLAYS = Viewer(seat=None, can_act=True)  # a phone with the play code and no seat


def fill_offer(game, offer: dict, state: dict, rnd: random.Random) -> dict:
    """An action made from `offer` by the game's filler, with choices the offer lists."""
    action = FILLS[game.id](offer, state, rnd)
    assert matches(offer, action), f"the filler made {action} from {offer}"
    return action


def draw_action(game, state: dict, rnd: random.Random, viewer: Viewer = PLAYS) -> dict:
    """One of the moves the engine offers `viewer` now, picked at random and filled in."""
    offers = game.offers(state, viewer)
    assert offers, f"a game in progress offers something to do (pending: {state.get('pending')})"
    return fill_offer(game, rnd.choice(offers), state, rnd)


def play_through_offers(game, state: dict, rnd: random.Random, steps: int,
                        check: Callable[[dict], None] = lambda s: None, visit: Callable[[dict], None] = lambda s: None) -> dict:
    """Play up to `steps` actions, each an offer picked at random and filled in; every one must be
    accepted. `visit` sees every state reached (to try refused actions on it)."""
    for _ in range(steps):
        visit(state)
        offers = game.offers(state, PLAYS)
        if state["over"]:
            assert offers == [], "a finished game offers nothing"
            break
        assert offers, f"a game in progress offers something to do (pending: {state.get('pending')})"
        offer = rnd.choice(offers)
        action = fill_offer(game, offer, state, rnd)
        try:
            state, lines = game.apply(state, action)
        except RuleViolation as exc:
            raise AssertionError(f"offered {offer}, filled in as {action}, refused: {exc}") from None
        assert lines, "every action is told in words"
        check(state)
    return state


def random_walk(game, state: dict, rnd: random.Random, steps: int, illegal: Callable[[dict, random.Random], dict],
                check: Callable[[dict], None], illegal_rate: float = 0.2) -> dict:
    """Play offered moves (each accepted) through the invariants `check`, trying an `illegal`
    action first now and then: refused, with a sentence, changing nothing."""
    def now_and_then(s: dict) -> None:
        if not s["over"] and rnd.random() < illegal_rate:
            assert_refused(game, s, illegal(s, rnd), game.offers(s, PLAYS))

    check(state)
    return play_through_offers(game, state, rnd, steps, check, now_and_then)


def refuse_unoffered(game, state: dict, rnd: random.Random, make: Callable[[str, int | None, dict, random.Random], dict],
                     tries: int = 6) -> int:
    """Fire random actions of every type the game takes, for random players (or none); those that
    match no offer must be refused with a sentence and change nothing. Returns how many were tried."""
    offers = game.offers(state, PLAYS)
    kinds = list(game.actions) + ["teleport"]
    players = [None, *range(len(state["players"]))]
    tried = 0
    for _ in range(tries):
        kind, player = rnd.choice(kinds), rnd.choice(players)
        action = make(kind, player, state, rnd)
        if any(matches(o, action) for o in offers):
            continue
        assert_refused(game, state, action, offers)
        tried += 1
    return tried


def refuse_outside(game, state: dict, rnd: random.Random, outside: Callable[[dict, dict, random.Random], dict | None]) -> int:
    """Each offer filled in by `outside` with a choice it does not list (None: it has no such
    choice) is refused with a sentence and changes nothing. Returns how many were tried."""
    tried = 0
    for offer in game.offers(state, PLAYS):
        action = outside(offer, state, rnd)
        if action is None:
            continue
        assert_refused(game, state, action, [offer])
        tried += 1
    return tried


def assert_refused(game, state: dict, action: dict, offers: list[dict]) -> None:
    """`action`, outside `offers`, is refused with a sentence and changes nothing."""
    before = copy.deepcopy(state)
    try:
        game.apply(state, action)
    except RuleViolation as exc:
        assert str(exc).endswith((".", "?", "!")), f"a sentence: {exc}"
    else:
        raise AssertionError(f"{action} is outside the offers {offers} and was accepted")
    assert state == before, "a refused action changes nothing"


class _Controls(HTMLParser):
    """Collects, per form posting an action, its fields and its enabled submit buttons (a form's
    `_set` choices, from a select's options or radios, each make a control with each button)."""

    def __init__(self):
        super().__init__()
        self.controls: list[tuple[str, int | None]] = []
        self._form: dict | None = None
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._form = {"fields": {}, "buttons": [], "players": []}
        elif self._form is None:
            return
        elif "data-off" in a:
            # A pad its game keeps in the page hidden while the rules take it away (Kyoto no
            # Neko's, neko.css: a part of it marked data-off): no control.
            self._form["off"] = True
        elif tag == "input":
            name = (a.get("name") or "").split(":")[0]
            kind = a.get("type", "text")
            if kind == "hidden":
                self._form["fields"][name] = a.get("value")
            elif kind == "radio" and name == "player" and "disabled" not in a:
                self._form["players"].append(int(a["value"]))
            elif kind == "radio" and name == "_set" and "disabled" not in a:  # a `_set` select drawn as buttons
                self._form.setdefault("set_options", []).append(a["value"])
            elif kind == "submit" and "disabled" not in a:
                self._form["buttons"].append(_pressed(a))
        elif tag == "select":
            self._select = (a.get("name") or "").split(":")[0]
        elif tag == "option" and self._select in ("player", "_set") and "disabled" not in a and a.get("value"):
            value = a["value"]
            if self._select == "player":
                self._form["players"].append(int(value))
            else:
                self._form.setdefault("set_options", []).append(value)
        elif tag == "button" and a.get("type", "submit") == "submit" and "disabled" not in a:
            self._form["buttons"].append(_pressed(a))

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        if tag != "form" or self._form is None:
            return
        form, self._form = self._form, None
        if form.get("off"):
            return  # a pad hidden
        sets = form.get("set_options") or [None]
        for button in form["buttons"]:
            for chosen in sets:
                fields = dict(form["fields"])
                for extra in (chosen, button):
                    if extra:
                        fields.update(json.loads(extra))
                kind = fields.get("type")
                if kind is None:
                    continue  # undo, redo, seats: not an action
                if form["players"] and "player" not in fields:
                    self.controls.extend((kind, p) for p in form["players"])
                else:
                    player = fields.get("player")
                    self.controls.append((kind, int(player) if player not in (None, "") else None))


def _pressed(button: dict) -> str | None:
    """What a submit button adds to its form's fields when pressed (JSON): its `_set`, or its own
    name and value (a form whose buttons are its moves: `name="type"`)."""
    name = (button.get("name") or "").split(":")[0]
    if name == "_set":
        return button.get("value")
    return json.dumps({name: button.get("value")}) if name else None


def controls_of(html: str) -> set[tuple[str, int | None]]:
    """The (action type, player) of every enabled control in rendered controls (None: names no player)."""
    parser = _Controls()
    parser.feed(html)
    return set(parser.controls)


def assert_controls_match(html: str, offers: list[dict]) -> None:
    """Every enabled control is an offer, and every offer has an enabled control."""
    controls = controls_of(html)
    for kind, player in controls:
        action = {"type": kind} if player is None else {"type": kind, "player": player}
        assert any(matches(o, action) for o in offers), f"a control for {action} matches no offer of {offers}"
    for o in offers:
        # A control for a named player's move names that player, so that a tap on a page drawn
        # before the table moved on is refused instead of applied to whoever's move it now is.
        assert (o["type"], o.get("player")) in controls, \
            f"no control names the offer {o} (controls: {sorted(controls, key=str)})"


def render_controls(app, table, viewer: Viewer = PLAYS) -> tuple[str, list[dict]]:
    """The controls of a table page as `viewer` gets them (the controls region and the phone's own,
    partials/_own.html), and the offers they were drawn from."""
    from flask import render_template

    from companion.web.tables import render

    with app.test_request_context("/"):
        ctx = render.context(table, viewer, "play", history=False)
        html = "".join(render_template(f"partials/_{name}.html", oob=False, pushed=True, **ctx) for name in ("controls", "own"))
        return html, ctx["offers"]
