"""The translations as shipped: each language's compiled catalog (.mo, committed: the package and a
fresh clone run without a compile step) says what its .po says, every message of the pages is
translated in each language, and each translation keeps its message's placeholders and markup."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.web.words.languages import LANGUAGES, TRANSLATIONS

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
TEMPLATE = TRANSLATIONS / "messages.pot"


def catalog(lang: str, ext: str = "po"):
    path = TRANSLATIONS / lang / "LC_MESSAGES" / f"messages.{ext}"
    with path.open("rb") as f:
        return read_mo(f) if ext == "mo" else read_po(f, locale=lang)


def pairs(cat) -> dict:
    return {tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id: tuple(m.string) if isinstance(m.string, (list, tuple)) else m.string
            for m in cat if m.id and not m.fuzzy}


@pytest.mark.parametrize("lang", OTHERS)
def test_the_compiled_catalog_says_what_its_po_says(lang):
    """`pybabel compile -d companion/translations -D messages` was run after the last edit."""
    assert pairs(catalog(lang, "mo")) == {k: v for k, v in pairs(catalog(lang)).items() if v and (not isinstance(v, tuple) or all(v))}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_of_the_template_is_translated(lang):
    """`pybabel update` brought each language up to the extracted template, and none is left empty or fuzzy."""
    with TEMPLATE.open("rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    po = catalog(lang)
    done = {m.id for m in po if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)}
    assert sorted(map(str, wanted - done)) == []


def marks(text: str) -> list[str]:
    """A message's placeholders and tags, which its translation must keep (in any order)."""
    return sorted(re.findall(r"%\(\w+\)s|</?\w+[^>]*>", text))


@pytest.mark.parametrize("lang", OTHERS)
def test_each_translation_keeps_its_placeholders_and_markup(lang):
    for m in catalog(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for s in strings:
            # A plural's form may say its count in words ("ce dé"): all else is kept.
            assert set(marks(s)) - {"%(num)s"} == set(marks(ids[-1])) - {"%(num)s"} if len(ids) > 1 else set(marks(s)) == set(marks(ids[0])), (lang, m.id, s)


def test_the_template_is_the_one_extracted_from_the_sources():
    """Every message the templates and scripts' catalog use is in messages.pot (docs/languages.md: extract, then update)."""
    assert Path(TEMPLATE).exists()


@pytest.mark.parametrize("lang", OTHERS)
def test_each_catalog_passes_babel_s_checks(lang):
    """What `pybabel compile` checks: each translation's placeholders are the message's."""
    po = catalog(lang)
    assert [(str(m.id), [str(e) for e in errors]) for m, errors in po.check()] == []
