"""The house's layers, read from the source: the web layer imports no game package (it loops over
the registry), an engine names no template, every import stands at the top of its module, and
only the event service stores a night."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion

PACKAGE = Path(companion.__file__).resolve().parent
GAME_PACKAGES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
# The modules that start the process import the app only once gevent has patched the standard
# library (a module imported before the patch keeps unpatched locks and sockets): these alone may
# import inside a function, and each says so where it does.
STARTS_THE_PROCESS = {
    "__init__.py": "create_app: `companion serve` patches before the app's modules load",
    "cli.py": "the command line patches, then imports the app and gunicorn",
    "server/gunicorn_conf.py": "gunicorn's master reads it before the worker patches",
}


def modules(folder: Path) -> list[Path]:
    """Every Python module under `folder`."""
    return sorted(folder.rglob("*.py"))


def module_name(path: Path) -> str:
    """The dotted name of a module of the package ("companion.web.tables.render")."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of each module `path` imports, names imported from a package included."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            name = ".".join(base + ([node.module] if node.module else []))
            found += [(node.lineno, name)] + [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
    return found


def test_the_games_are_found():
    assert GAME_PACKAGES == ["bosskito", "gangs", "kyotoan", "neko"]


@pytest.mark.parametrize("path", modules(PACKAGE / "web"), ids=lambda p: str(p.relative_to(PACKAGE / "web")))
def test_the_web_layer_imports_no_game_package(path):
    games = tuple(f"companion.games.{g}" for g in GAME_PACKAGES)
    wrong = [f"line {line}: {name}" for line, name in imported(path) if name in games or name.startswith(tuple(g + "." for g in games))]
    assert not wrong, f"{path.name} imports a game package (ask the registry, companion.games, instead): {wrong}"


@pytest.mark.parametrize("path", modules(PACKAGE / "games"), ids=lambda p: str(p.relative_to(PACKAGE / "games")))
def test_no_engine_names_a_template(path):
    named = [f"line {n.lineno}: {n.value!r}" for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.strip().endswith(".html")]
    assert not named, f"{path.relative_to(PACKAGE)} names a template (the web layer decides template paths): {named}"


def in_function_imports(path: Path) -> list[str]:
    """The imports written inside a function of the module at `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"line {n.lineno}: {ast.unparse(n)}" for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
            for n in ast.walk(f) if isinstance(n, (ast.Import, ast.ImportFrom))]


@pytest.mark.parametrize("path", [p for p in modules(PACKAGE) if p.relative_to(PACKAGE).as_posix() not in STARTS_THE_PROCESS],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_import_inside_a_function(path):
    found = in_function_imports(path)
    assert not found, f"{path.relative_to(PACKAGE)} imports inside a function (move it to the top): {found}"


def test_only_the_modules_that_start_the_process_are_let_off():
    # A module that no longer imports inside a function (or that moved) leaves the list.
    stale = sorted(name for name in STARTS_THE_PROCESS if not (PACKAGE / name).is_file() or not in_function_imports(PACKAGE / name))
    assert not stale, f"these modules no longer import inside a function: take them off STARTS_THE_PROCESS: {stale}"


POSIX_ONLY = {"fcntl", "termios", "resource", "pwd", "grp", "posix", "pty", "tty"}


@pytest.mark.parametrize("path", [p for p in modules(PACKAGE) if p.relative_to(PACKAGE).parts[0] != "server"],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_nothing_posix_only_is_imported_unguarded_outside_the_server(path):
    # `companion serve` runs on Windows too: a module it loads may use a POSIX-only one
    # only inside `try: ... except ImportError`, with a fallback.
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bare = [f"line {n.lineno}: {ast.unparse(n)}" for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
            and ({a.name.split(".")[0] for a in n.names} | {(getattr(n, "module", None) or "").split(".")[0]}) & POSIX_ONLY]
    assert not bare, f"{path.relative_to(PACKAGE)} imports a POSIX-only module outside try/except ImportError: {bare}"


@pytest.mark.parametrize("path", [p for p in modules(PACKAGE / "events") if p.name != "service.py"], ids=lambda p: p.name)
def test_only_the_event_service_stores_a_night(path):
    # A night's change is decided by a pure function (a record in, the record changed and what to
    # draft or mark out), then stored by EventService alone: no other module of companion/events
    # imports the store, and none reaches into the service's private methods.
    stores = [f"line {line}: {name}" for line, name in imported(path) if name.startswith("companion.store")]
    private = [f"line {n.lineno}: {ast.unparse(n)}" for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in ("service", "events")
               and n.attr.startswith("_") and not n.attr.startswith("__")]
    assert not stores and not private, f"events/{path.name} stores or reaches into the service: {stores + private}"
