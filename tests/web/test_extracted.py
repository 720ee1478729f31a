"""Every word a page shows is extracted for translation: each template is parsed as the app
parses it, and a text between tags, an attribute a person reads (aria-label, title, alt, placeholder) or a string literal printed as it is, fails the
test when it holds a word outside `_()`, `ngettext()` or a filter that translates (`|tr`).

A failing line names the template and the words: wrap them in `{{ _("…") }}` (docs/languages.md),
then extract and translate them; a proper name or symbol that reads the same in every language goes
in ALLOWED with the reason."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from jinja2 import nodes

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
SOURCES = sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.html"))
HOLE = "\x00"  # where an expression's output goes in a template's text
# Words that read the same in every language: ids and markup a person never reads as words.
ALLOWED = {
    "rewind-page",  # a class name (rewind.html's body_class block)
    "wide big-screen-page",  # class names (the big screens' body_class block)
}
READ = re.compile(r'\s(aria-label|title|alt|placeholder)="([^"]*)"')
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more (a lone X or P is a die face or a bike's mark)


def skeleton(node: nodes.Node, out: list[str]) -> None:
    """The template's text in source order, each expression's output a HOLE; string literals
    printed as they are (not through a call or a filter) kept as text, so that they are checked."""
    if isinstance(node, nodes.TemplateData):
        out.append(node.data)
    elif isinstance(node, nodes.Output):
        for child in node.nodes:
            skeleton(child, out) if isinstance(child, nodes.TemplateData) else out.append(printed(child))
    elif isinstance(node, (nodes.Stmt, nodes.Template)):
        # A block's text apart from its neighbours' (two branches' letters never make a word).
        out.append(HOLE)
        for child in node.iter_child_nodes():
            if isinstance(child, (nodes.Stmt, nodes.Output)):
                skeleton(child, out)
        out.append(HOLE)


def printed(expr: nodes.Expr) -> str:
    """What an expression prints that no call translates: its literal strings (a condition's
    branches, a concatenation's parts), else a HOLE."""
    if isinstance(expr, nodes.Const) and isinstance(expr.value, str):
        return expr.value
    if isinstance(expr, nodes.CondExpr):
        return printed(expr.expr1) + HOLE + (printed(expr.expr2) if expr.expr2 is not None else "")
    if isinstance(expr, (nodes.Concat,)):
        return "".join(printed(e) for e in expr.nodes)
    if isinstance(expr, (nodes.Or, nodes.And)):
        return printed(expr.left) + HOLE + printed(expr.right)
    if isinstance(expr, nodes.Filter) and expr.name in ("capitalize", "upper", "lower", "title", "trim", "e", "escape", "safe"):
        return printed(expr.node)
    return HOLE


TAG = re.compile(r"""<(?:[^>"']|"[^"]*"|'[^']*')*>""")  # a tag, a > inside its quoted attributes too


def untranslated(env, source: str) -> list[str]:
    """The words of a template's source a person would read in English whatever the page's language."""
    parts: list[str] = []
    skeleton(env.parse(source), parts)
    text = "".join(parts)
    text = re.sub(r"<!--.*?-->|<script\b.*?</script>|<style\b.*?</style>", " ", text, flags=re.S)
    found = [value for _, value in READ.findall(text)]
    found += TAG.sub("\n", text).split("\n")
    words = []
    for run in found:
        run = re.sub(r"&\w+;|&#\d+;", " ", run).replace(HOLE, " ").strip()
        if WORD.search(run) and run not in ALLOWED:
            words.append(run)
    return words


@pytest.mark.parametrize("name", SOURCES)
def test_every_word_of_the_template_is_extracted(app, name):
    env = app.jinja_env
    assert untranslated(env, env.loader.get_source(env, name)[0]) == []


@pytest.mark.parametrize("source, words", [
    ("<p>Hello {{ name }}</p>", ["Hello"]), ('<img alt="A cat">', ["A cat"]),
    ("<b>{{ 'Sorry' if x else _('Fine') }}</b>", ["Sorry"]), ("{% if x %}<i>out</i>{% endif %}", ["out"]),
    ("{{ 'Tie: ' ~ names }}", ["Tie:"]), ('<details hx-trigger="a>b"><summary>More</summary></details>', ["More"]),
    ("<p>{{ _('Hello') }} · {{ n }} ♥ {% if a %}P{% endif %}{% if b %}T{% endif %}</p>", []),
])
def test_the_check_finds_words_left_in_english(app, source, words):
    """The test above can fail: a word in a tag's text, an attribute, a printed literal."""
    assert untranslated(app.jinja_env, source) == words
