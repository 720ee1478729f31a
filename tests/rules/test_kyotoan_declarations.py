"""A Keep card that asks or is used is one declaration: a newcomer asked "where is
Camouflage?" greps its name or id and finds one module of the engine, the block that holds the
whole card (its text quoted, its question and answer, its use, its offers); the other modules ask
the declaration. cards.py (the 66 cards as printed: data) is the only other place naming it.

What this does not claim: the page (templates/games/kyotoan/_controls.html) still draws these
cards' controls by name, its words being the page's (the PAGE)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import companion
import companion.games.kyotoan as package
from companion.games.kyotoan.cards import CARDS
from companion.games.kyotoan.engine import LastKyotoanStanding
from companion.games.kyotoan.keeps import ANSWERS, KEEPS, USABLE

PACKAGE = Path(package.__file__).parent
COMPANION = Path(companion.__file__).parent
# Every card that asks or is used but Mimic: its token is the table's (board.mimicked, effects,
# market.py and the counters of the cards it copies name it), and placing it is mimic.py's.
WHOLE = tuple(card for card in ANSWERS + USABLE if card != "mimic")


def _naming(card: str) -> list[str]:
    """The Python modules of companion/ (cards.py apart) whose text names the card: its printed
    name in any case, or its id as a word."""
    words = re.compile(rf"{re.escape(CARDS[card].name)}|\b{card}\b", re.IGNORECASE)
    return sorted(str(path.relative_to(COMPANION)) for path in COMPANION.rglob("*.py")
                  if path != PACKAGE / "cards.py" and words.search(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("card", sorted(set(WHOLE)))
def test_a_card_that_asks_or_is_used_is_named_in_one_module_only(card):
    assert len(_naming(card)) == 1, f"{CARDS[card].name} is named in {_naming(card)}"


def test_the_cards_that_ask_or_are_used_are_those_the_issue_names_and_more():
    # The request named Camouflage, Wings, Rapid Healing, Mimic, Herd Culler and Psychic Probe.
    assert {"camouflage", "wings", "rapid_healing", "herd_culler", "psychic_probe"} <= set(WHOLE)
    assert len(set(WHOLE)) == 10 - 1  # 3 that ask, 9 used (Wings and Rapid Healing both), Mimic apart


@pytest.mark.parametrize("card", sorted(set(ANSWERS + USABLE)))
def test_the_block_declaring_a_card_quotes_its_printed_text(card):
    # The newcomer reads the card as printed beside what the engine makes of it.
    declared = KEEPS[card].asks.answer if KEEPS[card].asks else KEEPS[card].use.act
    source = Path(sys.modules[declared.__module__].__file__).read_text(encoding="utf-8")
    said = " ".join(re.sub(r"\n\s*# ?", " ", source).split())
    assert f'{CARDS[card].name}: "{CARDS[card].text}"' in said


def test_every_question_a_loss_asks_is_answered_by_its_declaration():
    # The engine takes an answer for each card that asks, and nothing else names them.
    for card in ANSWERS:
        asks = KEEPS[card].asks
        assert LastKyotoanStanding.actions[card] is LastKyotoanStanding.actions[ANSWERS[0]], card
        assert asks.answer and asks.fields, card
        assert card in LastKyotoanStanding.seat_decisions


def test_mimic_is_asked_of_its_declaration_by_the_modules_that_take_a_use_or_offer_it():
    # Its token is named wherever copies are counted; the card (when, choices, what using it
    # does) is keeps_shop.py's, and the modules running `use` and offers name no card.
    naming = _naming("mimic")
    assert "games/kyotoan/keeps_shop.py" in naming
    assert not {f"games/kyotoan/{m}.py" for m in ("powers", "offers", "losses")} & set(naming)
