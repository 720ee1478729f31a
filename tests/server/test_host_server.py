"""The host's server as a newcomer starts it: every setting checked before it binds (a bad one
stops it with a sentence naming it, no traceback, nothing made); its data folder the user's data
directory whichever folder it starts from; and a second server on that folder refused with a
sentence naming the folder and the first one's address, the first untouched."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.servers import free_port, wait_until_answering

pytestmark = pytest.mark.slow  # starts server processes

CHECKOUT = Path(__file__).resolve().parents[2]


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "companion.cli", "serve", *args]


def environment(home: Path, **extra: str) -> dict:
    """The environment without COMPANION_* settings, the user's folders under `home`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_") and k not in ("PORT", "HOST")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"), PYTHONPATH=str(CHECKOUT),
               PYTHONUNBUFFERED="1", **extra)
    return env


def create_table(port: int) -> dict:
    body = json.dumps({"game": "gangs", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        assert reply.status == 201
        return json.load(reply)


def table_exists(port: int, table_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{table_id}", timeout=10) as reply:
            return reply.status == 200
    except urllib.error.HTTPError:
        return False


def stop(proc: subprocess.Popen) -> str:
    proc.terminate()
    try:
        return proc.communicate(timeout=15)[0]
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.communicate()[0]


def start(tmp_path: Path, *args: str, cwd: Path | None = None, **env: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen(command("--host", "127.0.0.1", "--port", str(port), *args), cwd=cwd or tmp_path,
                            env=environment(tmp_path / "home", **env), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    wait_until_answering(proc, f"http://127.0.0.1:{port}/api/games")
    return proc, port


BAD = [
    (["--port", "70000"], {}, "--port is '70000': it takes a port number from 1 to 65535."),
    ([], {"PORT": "abc"}, "PORT is 'abc': it takes a port number from 1 to 65535."),
    ([], {"COMPANION_WORKERS": "two"}, "COMPANION_WORKERS is 'two': it takes a number of processes"),
    (["--redis", "notaurl"], {}, "--redis is 'notaurl': it takes a Redis address"),
    ([], {"COMPANION_CREATE_LIMIT": "60 per ten minutes"}, "COMPANION_CREATE_LIMIT is '60 per ten minutes': it takes a rate"),
    ([], {"COMPANION_REFUSED_LIMIT": "sixty per 10 seconds"}, "COMPANION_REFUSED_LIMIT is 'sixty per 10 seconds': it takes a rate"),
    ([], {"COMPANION_ACTION_LIMIT": "many"}, "COMPANION_ACTION_LIMIT is 'many': it takes a whole number"),
]


@pytest.mark.parametrize(("args", "env", "sentence"), BAD, ids=[b[2].split(" is ")[0] for b in BAD])
def test_a_bad_setting_stops_the_server_with_a_sentence_naming_it_before_anything_is_made(tmp_path, args, env, sentence):
    data = tmp_path / "data"
    done = subprocess.run(command("--data", str(data), *args), cwd=tmp_path, env=environment(tmp_path / "home", **env),
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("companion serve: ") and sentence in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not data.exists() and not (tmp_path / "home").exists()  # nothing made, nothing bound


def test_the_data_folder_is_the_users_own_whichever_folder_the_server_starts_from(tmp_path):
    first, second = tmp_path / "desktop", tmp_path / "downloads"
    first.mkdir()
    second.mkdir()
    proc, port = start(tmp_path, cwd=first)
    table = create_table(port)
    out = stop(proc)
    folder = tmp_path / "home" / ".local" / "share" / "kyoto-companion"
    assert f"Data folder: {folder} (new, empty)" in out  # printed at start, whole
    proc, port = start(tmp_path, cwd=second)
    try:
        assert table_exists(port, table["id"])  # the host's tables, started from elsewhere
    finally:
        out = stop(proc)
    assert f"Data folder: {folder}\n" in out
    assert not list(first.iterdir()) and not list(second.iterdir())  # nothing written where it started


def test_a_second_server_on_the_same_folder_is_refused_and_the_first_is_untouched(tmp_path):
    data = tmp_path / "data"
    proc, port = start(tmp_path, "--data", str(data))
    try:
        create_table(port)
        before = {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}
        other = free_port()
        done = subprocess.run(command("--host", "127.0.0.1", "--port", str(other), "--data", str(data)), cwd=tmp_path,
                              env=environment(tmp_path / "home"), capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 1
        assert f"Another server is already running on the data folder {data}, at http://127.0.0.1:{port}/." in done.stderr
        assert "Traceback" not in done.stderr
        assert {p: p.read_bytes() for p in data.rglob("*") if p.is_file()} == before  # index.log whole
        table = create_table(port)  # the first still stores new tables (it answered 503 before)
        assert table_exists(port, table["id"])
    finally:
        stop(proc)
    # Once the first has stopped, the folder is free (the lock ends with its process).
    proc, port = start(tmp_path, "--data", str(data))
    try:
        assert table_exists(port, table["id"])
    finally:
        stop(proc)
