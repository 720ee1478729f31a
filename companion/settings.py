"""The app's settings: its defaults, then every `COMPANION_*` variable of the environment through
Flask's `app.config.from_prefixed_env("COMPANION")` (COMPANION_ACTION_LIMIT lands in
`config["ACTION_LIMIT"]`; any Flask setting may be given the same way, COMPANION_SESSION_COOKIE_NAME
say). README's *Configuration* lists the documented ones.

Flask reads each value as JSON when it parses, so "0" becomes 0 and "60 per 10 minutes" stays
text; each documented setting is then held to its own type: a number where one is expected, the
text as written where text is expected ("123" stays "123", "true" stays "true", quotes stay).

Every documented setting is checked here, before the server binds: a value of the wrong kind
stops it with a `SettingError` naming the setting and what it takes. Nothing is dropped silently
(Flask-Limiter skips a limit it cannot parse and only logs it: a creation limit of "60 per ten
minutes" would have been no limit at all)."""
from __future__ import annotations

import os
from urllib.parse import urlsplit

from flask import Config
from limits import parse_many
from limits.storage import SCHEMES
from platformdirs import user_data_path

from .games.fields import is_int

PREFIX = "COMPANION"
APP_NAME = "kyoto-companion"  # the data folder's name in the user's data directory
# Settings whose variable is not named after their key in app.config (Flask-Limiter's key, and
# the data folder's older name).
RENAMED = {"DATA": "DATA_DIR", "RATELIMIT_STORAGE": "RATELIMIT_STORAGE_URI"}
TEXT = ("DATA_DIR", "REDIS_URL", "REDIS_PREFIX", "PUBLIC_URL", "CREATE_LIMIT", "TABLES_LIMIT",
        "REFUSED_LIMIT", "RATELIMIT_STORAGE_URI")
NUMBERS = ("TRUSTED_PROXIES", "ACTION_LIMIT")
LIMITS = ("CREATE_LIMIT", "TABLES_LIMIT", "REFUSED_LIMIT", "EVENT_IMPORT_LIMIT")
LIMIT_FORM = "a rate such as '60 per 10 minutes' (several joined by ';')"
REDIS_SCHEMES = ("redis", "rediss", "unix")


class SettingError(ValueError):
    """A documented setting given a value of the wrong kind (its message names the setting and
    what it takes)."""


def default_data_dir() -> str:
    """The host's data folder when none is given: the user's data directory (platformdirs), the
    same whichever folder the server is started from."""
    return str(user_data_path(APP_NAME, appauthor=False))


def defaults() -> dict:
    """The documented settings' defaults."""
    return {
        "DATA_DIR": default_data_dir(),
        # Tables, live pushes and limits in this Redis, shared by every process that names it
        # (several workers, several machines); empty: the embedded store, one process.
        "REDIS_URL": "",
        # What this app's Redis keys start with (two apps may share one Redis).
        "REDIS_PREFIX": "companion",
        "PUBLIC_URL": "",
        # Tables and events created or imported per address (see web/http/limits.py).
        "CREATE_LIMIT": "60 per 10 minutes",
        # Every table stored per address, a night's rounds and swaps included: the largest round
        # (200 tables) and its night fit in one window.
        "TABLES_LIMIT": "300 per 10 minutes",
        # How many proxies in front set X-Forwarded-For/-Proto (0: trust no such header).
        "TRUSTED_PROXIES": 0,
        "RATELIMIT_STORAGE_URI": "memory://",
        # Ten times a real table's pace is far below this; a runaway script is not.
        "ACTION_LIMIT": 120,
        # Changes refused for want of a right, per address (web/http/limits.py): apart from the tables'.
        "REFUSED_LIMIT": "60 per 10 seconds",
        # Live pages this process holds (web/live/push.py); None: the server's default.
        "MAX_PHONES": None,
    }


def variable(key: str) -> str:
    """The environment variable a config key is read from."""
    names = {key: name for name, key in RENAMED.items()}
    return f"{PREFIX}_{names.get(key, key)}"


def load(config: Config) -> None:
    """Fill `config` with the defaults, then the environment's COMPANION_* variables, each
    documented one of its own type; SettingError for one that is not."""
    config.from_mapping(defaults())
    config.from_prefixed_env(PREFIX)
    for name, key in RENAMED.items():
        if name in config:
            config[key] = config.pop(name)
    for key in TEXT:  # as written: JSON would read "123" as a number, "true" as a boolean, '"a"' unquoted
        config[key] = os.environ.get(variable(key), config[key])
    for key in NUMBERS + ("MAX_PHONES",):
        value = config[key]
        if value is not None and (not is_int(value) or value < 0):
            raise SettingError(f"{variable(key)} is {os.environ.get(variable(key), value)!r}: "
                               "it takes a whole number, 0 or more.")
    config["MAX_PHONES"] = config["MAX_PHONES"] or None  # 0: the server's default, as --max-phones 0
    check(config)


def check(config) -> None:
    """Hold the settings that are text to their form (rate limits, Redis and storage addresses);
    SettingError naming the first that is not."""
    for key in LIMITS:
        if key in config:
            rate_limit(config[key], variable(key))
    if config.get("REDIS_URL"):
        redis_url(config["REDIS_URL"], variable("REDIS_URL"))
    storage = config.get("RATELIMIT_STORAGE_URI") or ""
    if urlsplit(storage).scheme not in SCHEMES:
        raise SettingError(f"{variable('RATELIMIT_STORAGE_URI')} is {storage!r}: it takes a storage address "
                           "such as 'memory://' or 'redis://host:6379'.")


def rate_limit(value, name: str) -> str:
    """`value` if it is a rate limit Flask-Limiter reads; SettingError naming `name` otherwise."""
    try:
        if isinstance(value, str) and parse_many(value):
            return value
    except ValueError:
        pass
    raise SettingError(f"{name} is {value!r}: it takes {LIMIT_FORM}.")


def redis_url(value: str, name: str) -> str:
    """`value` if it is a Redis address (redis://, rediss:// or unix://); SettingError otherwise."""
    parts = urlsplit(value)
    if parts.scheme in REDIS_SCHEMES and (parts.hostname or parts.path):
        try:
            parts.port  # noqa: B018 - a port that is not a number raises here
            return value
        except ValueError:
            pass
    raise SettingError(f"{name} is {value!r}: it takes a Redis address such as 'redis://localhost:6379/0'.")


def whole_number(value, name: str, low: int, high: int | None = None, what: str = "a whole number") -> int:
    """`value` (text or a number) as an int from `low` to `high`; SettingError naming `name`."""
    text = str(value).strip()
    if text.isascii() and text.lstrip("-").isdigit():
        number = int(text)
        if number >= low and (high is None or number <= high):
            return number
    bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
    raise SettingError(f"{name} is {value!r}: it takes {what} {bounds}.")
