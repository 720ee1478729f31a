"""`companion serve`'s settings, each read from its option or else its variable, and every one
checked before the server opens its data folder or binds: a value of the wrong kind stops it
with a sentence naming the option or variable it came from and what it takes (`--port 70000`,
`PORT=abc`, `COMPANION_WORKERS=two`, `--redis notaurl`), never a traceback. The app's own
`COMPANION_*` settings (the rate limits among them) are checked here too (settings.py), so a
limit the server cannot read stops it instead of being dropped."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from flask import Config

from .. import settings
from ..settings import SettingError, redis_url, whole_number
from .loop import one_worker_unless_redis

MAX_WORKERS = 64  # far past what a venue's machine runs; a typo (800) is refused, not forked


@dataclass
class ServeOptions:
    """What `companion serve` runs with, every value checked."""

    host: str
    port: int
    data: Path
    max_phones: int | None
    redis: str | None
    workers: int
    certfile: str | None
    keyfile: str | None


def given(value, option: str, variable: str, default: str | None) -> tuple[str | None, str]:
    """The value to use and the name to blame for it: the option's, else the variable's, else
    the default (blamed on the option)."""
    if value is not None:
        return value, option
    if os.environ.get(variable) not in (None, ""):
        return os.environ[variable], variable
    return default, option


def serve_options(args) -> ServeOptions:
    """Read and check `companion serve`'s arguments and the environment; SettingError naming
    the first setting that is wrong. The app's settings are then read from the environment the
    server will run with (COMPANION_DATA, COMPANION_REDIS_URL and COMPANION_MAX_PHONES set here)."""
    host = given(args.host, "--host", "HOST", "0.0.0.0")[0]
    port = whole_number(*given(args.port, "--port", "PORT", "8000"), 1, 65535, "a port number")
    workers = whole_number(*given(args.workers, "--workers", "COMPANION_WORKERS", "1"), 1, MAX_WORKERS,
                           "a number of processes")
    phones = whole_number(*given(args.max_phones, "--max-phones", "COMPANION_MAX_PHONES", "0"), 0, None)
    redis, blamed = given(args.redis, "--redis", "COMPANION_REDIS_URL", None)
    if redis:
        redis_url(redis, blamed)
        os.environ["COMPANION_REDIS_URL"] = redis  # for the app and for its workers' checks
    certfile = given(args.certfile, "--certfile", "COMPANION_CERTFILE", None)[0]
    keyfile = given(args.keyfile, "--keyfile", "COMPANION_KEYFILE", None)[0]
    if bool(certfile) != bool(keyfile):
        raise SettingError("--certfile and --keyfile (COMPANION_CERTFILE, COMPANION_KEYFILE) go together: "
                           "give both, or neither for plain HTTP.")
    refusal = one_worker_unless_redis(workers)
    if refusal:
        raise SettingError(refusal)
    data = Path(given(args.data, "--data", "COMPANION_DATA", None)[0] or settings.default_data_dir()).resolve()
    os.environ["COMPANION_DATA"] = str(data)
    if phones:
        os.environ["COMPANION_MAX_PHONES"] = str(phones)
    settings.load(Config(str(data)))  # every COMPANION_* setting the app will read, checked now
    return ServeOptions(host, port, data, phones or None, redis or None, workers, certfile, keyfile)
