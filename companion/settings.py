"""The app's settings: its defaults, then every `COMPANION_*` variable of the environment through
Flask's `app.config.from_prefixed_env("COMPANION")` (COMPANION_ACTION_LIMIT lands in
`config["ACTION_LIMIT"]`; any Flask setting may be given the same way, COMPANION_SESSION_COOKIE_NAME
say). README's *Configuration* lists the documented ones.

Flask reads each value as JSON when it parses, so "0" becomes 0 and "60 per 10 minutes" stays
text; each documented setting is then held to its own type: a number where one is expected (a
clear error otherwise), the text as written where text is expected ("123" stays "123", "true"
stays "true", quotes stay)."""
from __future__ import annotations

import os
from pathlib import Path

from flask import Config

PREFIX = "COMPANION"
# Settings whose variable is not named after their key in app.config (Flask-Limiter's key, and
# the data folder's older name).
RENAMED = {"DATA": "DATA_DIR", "RATELIMIT_STORAGE": "RATELIMIT_STORAGE_URI"}
TEXT = ("DATA_DIR", "REDIS_URL", "REDIS_PREFIX", "PUBLIC_URL", "CREATE_LIMIT", "TABLES_LIMIT",
        "REFUSED_LIMIT", "RATELIMIT_STORAGE_URI")
NUMBERS = ("TRUSTED_PROXIES", "ACTION_LIMIT")


class SettingError(ValueError):
    """A documented setting given a value of the wrong kind."""


def defaults() -> dict:
    """The documented settings' defaults (the data folder beside the folder the server starts in)."""
    return {
        "DATA_DIR": str(Path.cwd() / "companion-data"),
        # Tables, live pushes and limits in this Redis, shared by every process that names it
        # (several workers, several machines); empty: the embedded store, one process.
        "REDIS_URL": "",
        # What this app's Redis keys start with (two apps may share one Redis).
        "REDIS_PREFIX": "companion",
        "PUBLIC_URL": "",
        # Tables and events created or imported per address (see web/limits.py).
        "CREATE_LIMIT": "60 per 10 minutes",
        # Every table stored per address, a night's rounds and swaps included: the largest round
        # (200 tables) and its night fit in one window.
        "TABLES_LIMIT": "300 per 10 minutes",
        # How many proxies in front set X-Forwarded-For/-Proto (0: trust no such header).
        "TRUSTED_PROXIES": 0,
        "RATELIMIT_STORAGE_URI": "memory://",
        # Ten times a real table's pace is far below this; a runaway script is not.
        "ACTION_LIMIT": 120,
        # Changes refused for want of a right, per address (web/limits.py): apart from the tables'.
        "REFUSED_LIMIT": "60 per 10 seconds",
        # Live pages this process holds (web/sockets.py); None: the server's default.
        "MAX_PHONES": None,
    }


def load(config: Config) -> None:
    """Fill `config` with the defaults, then the environment's COMPANION_* variables, each
    documented one of its own type."""
    config.from_mapping(defaults())
    config.from_prefixed_env(PREFIX)
    for name, key in RENAMED.items():
        if name in config:
            config[key] = config.pop(name)
    names = {key: name for name, key in RENAMED.items()}
    for key in TEXT:  # as written: JSON would read "123" as a number, "true" as a boolean, '"a"' unquoted
        config[key] = os.environ.get(f"{PREFIX}_{names.get(key, key)}", config[key])
    for key in NUMBERS + ("MAX_PHONES",):
        value = config[key]
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise SettingError(f"{PREFIX}_{key} is {os.environ.get(f'{PREFIX}_{key}', value)!r}: "
                               "it takes a whole number, 0 or more")
    config["MAX_PHONES"] = config["MAX_PHONES"] or None  # 0: the server's default, as --max-phones 0
