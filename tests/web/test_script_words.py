"""The scripts' sentences in the page's language: every sentence a script says is in the catalog a
page carries (companion/web/words/script_words.py), so that it is extracted and translated; the catalog
comes with non-English pages, each counted sentence with its language's CLDR plural forms."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.web.words.script_words import COUNTED, SAID

SCRIPTS = sorted((Path(__file__).resolve().parents[2] / "static" / "js").rglob("*.js"))
STRING = r'"((?:[^"\\]|\\.)*)"'
KNOWN = set(SAID) | {one for one, _ in COUNTED} | {other for _, other in COUNTED}
# A script's literal that reads as a sentence: a capital, then two or more words; or words ending a sentence.
SENTENCE = re.compile(r"^[A-Z][a-z']+( [a-z'…]+){2,}|[a-z]{2,} [a-z]{2,}[a-z ,]*[.…]$")
# Literals that look like sentences and are none: markup, selectors and messages to the developer.
NOT_SAID = {"use strict"}


def literals(path: Path) -> list[str]:
    code = re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", path.read_text())  # comments are not said
    return [text(s) for s in re.findall(STRING, code)]


def text(literal: str) -> str:
    """A double-quoted literal's value (a regular expression's backslashes as written)."""
    try:
        return json.loads(f'"{literal}"')
    except json.JSONDecodeError:
        return literal


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_every_sentence_a_script_says_is_in_the_catalog(path):
    said = [s for s in literals(path) if SENTENCE.search(s) and s not in NOT_SAID]
    assert [s for s in said if s not in KNOWN] == []


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_every_catalog_call_names_a_sentence_of_the_catalog(path):
    code = path.read_text()
    for call in re.finditer(r"\b(?:say|ktcSay|count|ktcCount)\(\s*" + STRING + r"(?:,\s*" + STRING + ")?", code):
        assert text(call.group(1)) in KNOWN, call.group(0)


def page_catalog(page: str) -> dict | None:
    found = re.search(r'<script type="application/json" id="script-words">(.*?)</script>', page, re.S)
    return json.loads(found.group(1)) if found else None


def test_an_english_page_carries_no_catalog_and_others_carry_theirs(client):
    assert page_catalog(client.get("/?lang=en").text) is None
    ja = page_catalog(client.get("/?lang=ja").text)
    assert ja["Your turn, %(name)s."] == "%(name)s の番です。" and ja["%(num)s minute"] == {"other": "%(num)s 分"}
    fr = page_catalog(client.get("/?lang=fr").text)
    # French: one for 0 and 1, many for a million, other for the rest (CLDR).
    assert fr["%(num)s minute"] == {"one": "%(num)s minute", "many": "%(num)s minutes", "other": "%(num)s minutes"}
    de = page_catalog(client.get("/?lang=de").text)
    assert de["Live"] == "Live" if "Live" in de else True
    assert de["Time is up."] == "Die Zeit ist um."
