"""The table layer's words for phones and taps read back in the page's language (web/phones.py)."""
from __future__ import annotations

import pytest

from companion.tables.taps import NOUNS
from companion.web.words import phones


def test_every_kind_of_tap_the_table_layer_names_has_its_words():
    assert set(phones.YOURS) == set(NOUNS)


@pytest.mark.parametrize("lang, said", [
    ("en", ["Ben's phone", "The host's phone", "the shared phone", "your buy", "a move for you", "Ann's move", "this move", "Sven"]),
    ("de", ["das Handy von Ben", "das Handy des Gastgebers", "das gemeinsame Handy", "dein Kauf", "ein Zug für dich", "der Zug von Ann", "dieser Zug", "Sven"]),
    ("ja", ["Ben のスマホ", "ホストのスマホ", "共有スマホ", "あなたの購入", "あなたの手", "Ann の手", "この手", "Sven"]),
])
def test_each_shape_is_said_in_the_page_s_language(app, lang, said):
    with app.test_request_context(f"/?lang={lang}"):
        assert [phones.words(t) for t in ("Ben's phone", "The host's phone", "the shared phone", "your buy", "a move for you",
                                          "Ann's move", "this move", "Sven")] == said
