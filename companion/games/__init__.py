"""The registry of rules engines and their pages, by game id (api.md fixes the ids)."""
from __future__ import annotations

from . import bosskito, gangs, kyotoan, neko
from .base import Game, RuleViolation
from .bosskito.engine import BossKito
from .fields import quoted
from .gangs.engine import GangsOfKyoto
from .kyotoan.engine import LastKyotoanStanding
from .neko.engine import KyotoNoNeko
from .page import Page
from .said import said
from .values import WATCHER, Viewer

_REGISTRY: dict[str, Game] = {}
_PAGES: dict[str, Page] = {}


def register(game: Game, page: Page | None = None) -> Game:
    """Add an engine to the registry under its id, with what its pages need (`page`)."""
    _REGISTRY[game.id] = game
    _PAGES[game.id] = page or Page()
    return game


def get_game(game_id: object) -> Game:
    """The engine for `game_id`, or a RuleViolation naming the games there are."""
    if not isinstance(game_id, str) or game_id not in _REGISTRY:
        raise RuleViolation(said("Unknown game '{game}'. Choose one of: {games}.", game=quoted(game_id),
                                 games=", ".join(sorted(_REGISTRY))))
    return _REGISTRY[game_id]


def all_games() -> list[Game]:
    """Every registered engine, in a stable order."""
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def page_of(game: Game) -> Page:
    """What `game`'s pages need of it (its package's PAGE)."""
    return _PAGES[game.id]


def all_pages() -> dict[str, Page]:
    """Every registered game's page, by game id, in a stable order."""
    return {k: _PAGES[k] for k in sorted(_PAGES)}


register(BossKito(), bosskito.PAGE)
register(GangsOfKyoto(), gangs.PAGE)
register(LastKyotoanStanding(), kyotoan.PAGE)
register(KyotoNoNeko(), neko.PAGE)


__all__ = ["Game", "Page", "RuleViolation", "Viewer", "WATCHER", "register", "get_game", "all_games", "page_of", "all_pages"]
