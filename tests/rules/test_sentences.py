"""Every sentence an engine says is a message id the `rules` catalog holds, with its values, so a
phone can read it in its own language (api.md, "Languages"): the history's lines, the refusals,
the withheld moves' reasons and the questions, met in random games played through the offers.
A sentence built as plain text (an f-string, a join) fails here, naming it."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.games import RuleViolation, all_games
from companion.games.said import Said, loaded, stored

from ..offers_checks import PLAYS, fill_offer

POT = Path(__file__).resolve().parents[2] / "companion" / "translations" / "rules.pot"
with POT.open("rb") as f:
    IDS = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
GAMES = {g.id: g for g in all_games()}


def unextracted(value: object, where: str) -> list[str]:
    """Where `value` is a sentence that is plain text, or a Said (or a word of one) whose id
    `pybabel extract` did not find: empty when all of it can be translated."""
    if isinstance(value, Said):
        found = [] if value.id in IDS else [f"{where}: id not in rules.pot: {value.id!r}"]
        for k, v in value.values.items():  # its words too; plain values are names and numbers
            for item in v if isinstance(v, list) else [v]:
                if isinstance(item, Said):
                    found += unextracted(item, f"{where} ({k})")
        return found
    if isinstance(value, list):
        return [m for v in value for m in unextracted(v, where)]
    return [f"{where}: plain text: {value!r}"]


def walk(game, seed: int, steps: int = 120) -> list[str]:
    """A random game through the offers; what it says that cannot be translated."""
    rnd = random.Random(seed)
    n = rnd.randint(game.min_players, game.max_players)
    state = game.setup([f"P{i}" for i in range(n)], {}, rnd)
    found: list[str] = []
    for _ in range(steps):
        if state["over"]:
            break
        for w in game.withheld(state, PLAYS):
            found += unextracted(w["why"], f"withheld {w['type']}")
        for d in state.get("pending", []):
            asks = game.asks(state, d)
            if asks is not None:
                found += unextracted(asks, f"asks {d['type']}")
        offers = game.offers(state, PLAYS)
        for kind in list(game.actions)[:8]:
            try:  # a move missing its fields, or taken out of turn: refused with a sentence
                game.apply(state, {"type": kind, "player": rnd.randrange(n)})
            except RuleViolation as exc:
                found += unextracted(exc.said, f"refusal of {kind}")
        action = fill_offer(game, rnd.choice(offers), state, rnd)
        state, lines = game.apply(state, action)
        found += unextracted(list(lines), f"log of {action['type']}")
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_sentence_of_a_random_game_is_an_extracted_message_id(game_id):
    found = sorted({m for seed in range(4) for m in walk(GAMES[game_id], seed)})
    assert found == [], "\n".join(found[:40])


def test_a_sentence_kept_as_json_comes_back_the_same_in_english():
    game = GAMES["gangs"]
    state = game.setup(["Ann", "Bob"], {}, random.Random(1))
    offer = game.offers(state, PLAYS)[0]
    _, lines = game.apply(state, fill_offer(game, offer, state, random.Random(2)))
    for line in lines:
        again = loaded(stored(line))
        assert isinstance(again, Said) and again == line and again.id == line.id


def test_a_line_logged_as_plain_english_is_said_as_it_was():
    assert loaded("Ann gives a 3 to Bob.") == "Ann gives a 3 to Bob."
