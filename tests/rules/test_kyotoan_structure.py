"""The shape of the Last Kyotoan Standing package: no import hidden inside a function, no
module importing another that imports it back (directly or round a longer circle), the layers in
their order (raw counters below the cards' hooks below effects), and every Keep card declared once."""
from __future__ import annotations

import ast
from pathlib import Path

import companion.games.kyotoan as package
from companion.games.kyotoan.cards import CARDS
from companion.games.kyotoan.hooks import MOMENTS
from companion.games.kyotoan.keeps import KEEPS
from companion.games.kyotoan.keeps_dice import DICE_KEEPS
from companion.games.kyotoan.keeps_life import LIFE_KEEPS
from companion.games.kyotoan.keeps_shop import SHOP_KEEPS

PACKAGE = Path(package.__file__).parent
DOTTED = package.__name__


def _trees() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.glob("*.py"))}


def _imported(node: ast.Import | ast.ImportFrom) -> set[str]:
    """The package's modules an import statement names."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif node.level == 1:  # from .x import ... / from . import x, y
        names = [f"{DOTTED}.{node.module}" if node.module else f"{DOTTED}.{alias.name}" for alias in node.names]
    elif node.level == 0 and node.module:
        names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    else:
        return set()  # from .. import: outside the package
    prefix = DOTTED + "."
    return {name[len(prefix):].split(".")[0] for name in names if name.startswith(prefix)}


def graph() -> dict[str, set[str]]:
    """Each module of the package -> the modules of the package it imports."""
    trees = _trees()
    return {name: {m for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                   for m in _imported(node) if m in trees and m != name}
            for name, tree in trees.items()}


def circle(edges: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports (its modules, the first again at the end), or None."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return None
        for nxt in sorted(edges.get(name, ())):
            found = visit(nxt, path + [name])
            if found:
                return found
        done.add(name)
        return None

    return next((found for name in sorted(edges) if (found := visit(name, []))), None)


def below(edges: dict[str, set[str]], name: str) -> set[str]:
    """Every module `name` imports, directly or through others."""
    seen: set[str] = set()
    todo = list(edges[name])
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(edges[m])
    return seen


def test_no_import_is_hidden_inside_a_function():
    hidden = {f"{name}.py:{inner.lineno}" for name, tree in _trees().items() for node in ast.walk(tree)
              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
              for inner in ast.walk(node) if isinstance(inner, (ast.Import, ast.ImportFrom))}
    assert not hidden, f"imports inside functions: {sorted(hidden)}"


def test_no_module_imports_one_that_imports_it_back():
    assert circle(graph()) is None, f"a circle of imports: {' -> '.join(circle(graph()))}"


def test_the_circle_finder_finds_circles():
    # What the test above relies on, shown on made-up imports.
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert circle({"effects": {"keeps"}, "keeps": {"board"}, "board": set()}) is None
    assert _imported(ast.parse("from . import keeps, board").body[0]) == {"keeps", "board"}
    assert _imported(ast.parse(f"from {DOTTED}.effects import heal").body[0]) == {"effects"}


def test_raw_counters_are_below_the_hooks_which_are_below_effects():
    edges = graph()
    assert below(edges, "board") <= {"cards"}, "board.py reads raw counters only"
    assert {"board", "keeps_dice", "keeps_life", "keeps_shop"} <= below(edges, "keeps")
    assert "effects" not in below(edges, "keeps"), "a card's hook returns what changes; effects.py applies it"
    assert "keeps" in below(edges, "effects")
    for declarations in ("keeps_dice", "keeps_life", "keeps_shop"):
        assert below(edges, declarations) <= {"board", "cards", "hooks"}, declarations


def test_every_keep_card_is_declared_once_with_moments_the_engine_asks():
    declared = [k.id for k in (*DICE_KEEPS, *SHOP_KEEPS, *LIFE_KEEPS)]
    assert sorted(declared) == sorted(c for c, card in CARDS.items() if card.kind == "keep")
    assert len(set(declared)) == len(declared) == len(KEEPS)
    for k in KEEPS.values():
        assert set(k.at) <= set(MOMENTS) and (k.at or k.use or k.asks), k.id
