"""Every sentence the services raise (a table's, a night's, a league's and a group's refusals) is
a sentence value whose id the `rules` catalog holds, so the API and the pages say it in the
phone's language (api.md, "Languages"; docs/sentences.md). An exception raised with a plain
string, an f-string or a `.format` of one is English only: this scan names each."""
from __future__ import annotations

import ast
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
SERVICES = [ROOT / "companion" / part for part in ("tables", "events", "leagues", "groups")]
POT = ROOT / "companion" / "translations" / "rules.pot"
# Errors no phone reads: a programmer's mistake, never a player's or an organiser's.
DEVELOPER_ONLY = {"TypeError", "AssertionError", "NotImplementedError", "KeyError"}


def _plain(node: ast.expr) -> bool:
    """Whether an argument is English text built in place (a literal, an f-string, a join, `.format`)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _plain(node.left) or _plain(node.right)
    if isinstance(node, ast.IfExp):
        return _plain(node.body) or _plain(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return isinstance(node.func.value, (ast.Constant, ast.JoinedStr))
    return False


def _sources():
    for folder in SERVICES:
        for path in sorted(folder.glob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def _name(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")


def test_no_service_raises_plain_english():
    plain = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                if _name(node.exc) not in DEVELOPER_ONLY and _plain(node.exc.args[0]):
                    plain.append(f"{path.relative_to(ROOT)}:{node.lineno} raises {_name(node.exc)} with plain text")
    assert not plain, "\n".join(plain)


def test_every_service_sentence_is_in_the_catalog():
    with POT.open("rb") as f:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    missing = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node) in ("said", "said_n", "word") and node.args:
                first = node.args[0]
                if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {_name(node)} of no literal")
                elif first.value not in ids:
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: not in rules.pot: {first.value!r}")
    assert not missing, "\n".join(missing)


def test_the_scan_sees_plain_text():
    """The scan itself: an f-string, a literal, a `.format` and a sentence value, told apart."""
    raised = [ast.parse(src).body[0].exc.args[0] for src in (
        'raise RuleViolation(f"{name} is taken.")', 'raise NotAllowed("No.")', 'raise RuleViolation("{}".format(x))',
        'raise RuleViolation(said("{name} is taken.", name=name))', 'raise RuleViolation(OVER)')]
    assert [_plain(a) for a in raised] == [True, True, True, False, False]


def test_every_plural_translation_fills_each_form_of_its_language():
    """A plural sentence with a form left empty is said in English for the counts of that form
    (French has three: CLDR's "many" for a million)."""
    empty = []
    for po in sorted(POT.parent.glob("*/LC_MESSAGES/rules.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        for m in catalog:
            if m.id and not isinstance(m.id, str) and m.string[0] and not all(m.string):
                empty.append(f"{po.parent.parent.name}: {m.id[0]!r}")
    assert not empty, "\n".join(empty)
