"""Only the server's own user may read its data: every file of the data folder
is 0600 and every folder 0700, whatever the umask, for what the server writes, for a backup and
what a restore unpacks, and for a folder an earlier version left readable to everyone."""
from __future__ import annotations

import os
import stat
import tarfile

import pytest

from companion import create_app
from companion.cli import main
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)

UMASKS = [0o022, 0o000]


@pytest.fixture(params=UMASKS, ids=["umask 022", "umask 000"])
def umask(request):
    """The process's umask for the test (put back after it)."""
    old = os.umask(request.param)
    yield request.param
    os.umask(old)


def modes(folder) -> dict[str, str]:
    """Every path under `folder` (itself as '.') and its permission bits, in octal."""
    found = {".": oct(stat.S_IMODE(os.stat(folder).st_mode))}
    for root, folders, files in os.walk(folder):
        for name in folders + files:
            path = os.path.join(root, name)
            found[os.path.relpath(path, folder)] = oct(stat.S_IMODE(os.lstat(path).st_mode))
    return found


def private(found: dict[str, str], folder) -> dict[str, str]:
    """The modes `found` should have: 0700 for the folders, 0600 for the files."""
    return {name: oct(0o700 if os.path.isdir(os.path.join(folder, name)) else 0o600) for name in found}


def play_a_night(data, restart: bool = True):
    """Use a server on `data` as a venue does: a table, actions, an event, then a restart."""
    client = create_app({"DATA_DIR": str(data), "ACTION_LIMIT": 0}).test_client()
    table = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}}).json
    auth = {"Authorization": f"Bearer {table['token']}"}
    for value in (2, 3):
        client.post(f"/api/tables/{table['id']}/actions", json={"type": "give", "to": 1, "card": {"value": value}}, headers=auth)
    assert client.post("/api/events", json={"name": "Friday night", "games": ["gangs"], "rounds": 2}).status_code == 201
    if restart:
        create_app({"DATA_DIR": str(data)})  # a restart reads the index and every file again
    return table


def test_every_file_the_server_writes_is_0600_and_every_folder_0700_whatever_the_umask(tmp_path, umask):
    data = tmp_path / "data"
    table = play_a_night(data, restart=False)
    found = modes(data)
    assert {"secret_key", "index/0.json", f"tables/{table['id']}.log", f"tables/{table['id']}.json"} <= set(found), found
    assert any(name.startswith("events/") for name in found), found
    assert found == private(found, data)
    create_app({"DATA_DIR": str(data)})  # a restart
    found = modes(data)
    assert "index/0.json" in found and found == private(found, data)


def test_a_backup_and_what_its_restore_unpacks_are_0600_files_in_0700_folders_whatever_the_umask(tmp_path, umask):
    data, archive = tmp_path / "data", tmp_path / "night.tar.gz"
    table = play_a_night(data)
    assert main(["backup", "--data", str(data), "--out", str(archive)]) == 0
    assert oct(stat.S_IMODE(archive.stat().st_mode)) == "0o600"
    with tarfile.open(archive) as tar:  # unpacked by hand (`tar xzf`), too, they stay private
        assert {m.name: oct(m.mode) for m in tar.getmembers()} == {m.name: "0o600" for m in tar.getmembers()}
    restored = tmp_path / "a" / "restored"
    assert main(["restore", str(archive), "--data", str(restored)]) == 0
    found = modes(restored)
    assert f"tables/{table['id']}.json" in found and found == private(found, restored)
    # Over an existing folder (--force), one an earlier version left open to everyone.
    os.chmod(restored, 0o755)
    os.chmod(restored / "tables", 0o777)
    assert main(["restore", str(archive), "--data", str(restored), "--force"]) == 0
    found = modes(restored)
    assert found == private(found, restored)


def test_a_data_folder_an_earlier_version_left_readable_is_made_private_when_the_server_starts(tmp_path):
    data = tmp_path / "data"
    play_a_night(data)
    for root, folders, files in os.walk(data):  # as the earlier version wrote them
        os.chmod(root, 0o755)
        for name in files:
            os.chmod(os.path.join(root, name), 0o644)
    create_app({"DATA_DIR": str(data)})
    found = modes(data)
    assert found == private(found, data)


def test_with_redis_the_data_folder_the_server_makes_is_0700_and_empty(tmp_path, umask, redis_url, redis_prefix):  # noqa: F811
    data = tmp_path / "data"
    client = create_app({"DATA_DIR": str(data), "REDIS_URL": redis_url, "REDIS_PREFIX": redis_prefix}).test_client()
    assert client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob"], "options": {}}).status_code == 201
    assert modes(data) == {".": "0o700"}
