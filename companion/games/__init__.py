"""The registry of rules engines, by game id (api.md fixes the ids)."""
from __future__ import annotations

from .base import Game, RuleViolation, Viewer, WATCHER
from .fields import quoted

_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add an engine to the registry under its id."""
    _REGISTRY[game.id] = game
    return game


def get_game(game_id: object) -> Game:
    """The engine for `game_id`, or a RuleViolation naming the games there are."""
    _load_builtin()
    if not isinstance(game_id, str) or game_id not in _REGISTRY:
        raise RuleViolation(f"Unknown game '{quoted(game_id)}'. Choose one of: {', '.join(sorted(_REGISTRY))}.")
    return _REGISTRY[game_id]


def all_games() -> list[Game]:
    """Every registered engine, in a stable order."""
    _load_builtin()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def _load_builtin() -> None:
    # Imported on first use so that importing the package has no side effects beyond definitions.
    if not _REGISTRY:
        from .bosskito.engine import BossKito
        from .gangs.engine import GangsOfKyoto
        from .kyotoan.engine import LastKyotoanStanding
        from .neko.engine import KyotoNoNeko

        register(BossKito())
        register(GangsOfKyoto())
        register(LastKyotoanStanding())
        register(KyotoNoNeko())


__all__ = ["Game", "RuleViolation", "Viewer", "WATCHER", "register", "get_game", "all_games"]
