"""Storage: the one module that owns where data lives (flaskr's get_db/init_app shape)."""
from __future__ import annotations

from flask import Flask, current_app

from .base import StaleWrite, Store, StoreError, TableDamaged
from .redis_store import RedisStore
from .tinydb_store import TinyDBStore


def get_store() -> Store:
    """The app's store, opened once at start-up."""
    return current_app.extensions["companion.store"]


def init_app(app: Flask) -> None:
    """Open the configured store and attach it to the app: Redis when REDIS_URL is set (several
    processes may then share it), else the embedded TinyDB files in DATA_DIR."""
    if app.config.get("REDIS_URL"):
        app.extensions["companion.store"] = RedisStore(app.config["REDIS_URL"], app.config.get("REDIS_PREFIX") or "companion")
    else:
        app.extensions["companion.store"] = TinyDBStore(app.config["DATA_DIR"])


__all__ = ["StaleWrite", "Store", "StoreError", "TableDamaged", "TinyDBStore", "get_store", "init_app"]
