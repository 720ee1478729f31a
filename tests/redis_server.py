"""A real redis-server for a test: Debian's binary on a free loopback port, in a temporary folder,
with the persistence the docs recommend (append-only file, fsync before every reply).

Redis tests run wherever redis-server is installed; in CI (CI=true) a missing one fails them
instead of skipping them. Import the fixtures into a test module (`from tests.redis_server import
redis_url  # noqa: F401`), as with any fixture kept outside conftest.py.
"""
from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import redis

from tests.servers import free_port


def redis_binary() -> str:
    """The redis-server to run, or skip the test (fail it in CI, where it must be there)."""
    binary = shutil.which("redis-server")
    if binary is None:
        message = "redis-server is not installed (apt-get install redis-server)"
        if os.environ.get("CI") == "true":
            pytest.fail(message + ": the Redis tests must run in CI")
        pytest.skip(message)
    return binary


class RedisServer:
    """One redis-server process on `port`, keeping its files in `folder`; start it again after a
    kill and it reads back its append-only file."""

    def __init__(self, folder: Path, port: int | None = None, appendfsync: str = "always"):
        self.folder, self.port, self.appendfsync = folder, port or free_port(), appendfsync
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> RedisServer:
        """Start it and wait until it answers (and has loaded its data)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--save", "", "--appendonly", "yes", "--appendfsync", self.appendfsync, "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        client = redis.Redis.from_url(self.url)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                if client.ping():
                    return self
            except redis.BusyLoadingError:
                pass
            except redis.ConnectionError:
                if self.proc.poll() is not None:
                    break
            time.sleep(0.05)
        self.stop()
        pytest.fail(f"redis-server did not start on port {self.port}")

    def kill(self) -> None:
        """SIGKILL: no chance to write anything more."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        """End it (a killed server leaves nothing running)."""
        self.kill()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """One redis-server for the whole test session (tests keep apart by their key prefix)."""
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server) -> str:
    """The URL of the session's redis-server."""
    return redis_server.url


@pytest.fixture
def redis_prefix() -> str:
    """A key prefix of this test's own, so tests sharing the server never see each other's data."""
    return f"test-{secrets.token_hex(4)}"
