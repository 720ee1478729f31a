"""Starting a real server for a test: a free loopback port, and waiting until the worker answers."""
from __future__ import annotations

import socket
import ssl
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_answering(proc: subprocess.Popen, url: str, seconds: float = 20,
                         context: ssl.SSLContext | None = None) -> None:
    """Wait until `url` answers (the master accepts connections before its worker has booted);
    fail the test with the server's output if it does not, or if the server exits."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=1, context=context).close()
            return
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    proc.kill()
    pytest.fail(f"the server did not answer {url}:\n{proc.communicate()[0]}")


def server_command() -> str:
    """The Procfile's `web:` command, bound to loopback."""
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web:"))
    return line.split(":", 1)[1].strip().replace("--bind 0.0.0.0:", "--bind 127.0.0.1:")
