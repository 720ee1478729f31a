"""The web layer is cut by feature: no module that defines a blueprint imports another module that
defines one. What two blueprints share (a cookie's token, a night's live regions, a table's links,
the websocket loop) lives in a module without routes (http/, nights/regions.py, tables/render.py,
live/push.py), so that a feature's routes can move or go without pulling another's along."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.rules.test_layers_imports import PACKAGE, imported, module_name, modules

WEB = PACKAGE / "web"


def defines_blueprint(path: Path) -> bool:
    """Whether the module makes a Blueprint (and so holds routes or an app's hooks)."""
    return any(isinstance(n, ast.Call) and getattr(n.func, "id", None) == "Blueprint"
               for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))


BLUEPRINTS = {module_name(p): p for p in modules(WEB) if defines_blueprint(p)}


def test_every_blueprint_module_is_found():
    """The scan sees the blueprints create_app registers (a scan that saw none would pass anything)."""
    found = {name.removeprefix("companion.web.") for name in BLUEPRINTS}
    assert found == {"tables.api", "tables.pages", "tables.seat_pages", "tables.rewind_pages", "tables.plays_api",
                     "tables.qr", "nights.api", "nights.pages", "nights.phone_api", "nights.phone_pages", "leagues.api",
                     "leagues.pages", "leagues.live", "groups.api", "groups.pages", "live.sockets", "http.pwa"}


@pytest.mark.parametrize("path", BLUEPRINTS.values(), ids=lambda p: str(p.relative_to(WEB)))
def test_no_blueprint_imports_another_blueprint_s_module(path):
    here = module_name(path)
    wrong = [f"line {line}: {name}" for line, name in imported(path) if name in BLUEPRINTS and name != here]
    assert not wrong, (f"{path.relative_to(PACKAGE)} imports another blueprint's module: move what it needs into a "
                       f"module without routes (docs/architecture.md): {wrong}")
