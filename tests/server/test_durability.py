"""Durability on a really full disk and with torn change logs: a write that did not complete is
refused (503) and leaves nothing behind; every acknowledged action survives a restart; a version
is never handed out twice."""
from __future__ import annotations

import errno
import os
import subprocess

import pytest

from companion import create_app
from companion.store import StaleWrite, StoreError, TinyDBStore, files
from companion.tables import TableService, VersionConflict

GIVE = {"type": "give", "to": 1, "card": {"value": 1, "kind": "plain"}}
IN_CI = os.environ.get("CI") == "true"


@pytest.fixture
def small_disk(tmp_path):
    """A 512 KiB tmpfs mounted for this test alone: a disk that really fills up."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    if os.geteuid() != 0:
        if IN_CI:
            pytest.fail("CI must run this test as root: it mounts a small tmpfs to fill a real disk.")
        pytest.skip("mounting a small tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount_point)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.fail(f"running as root but cannot mount a tmpfs: {mounted.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def fill(folder):
    """Write a file until the filesystem has not one byte left; returns it (delete it to free)."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as fh:
        for chunk in (65536, 4096, 1):
            try:
                while fh.write(b"\0" * chunk):
                    pass
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
    return filler


def next_action(state, n):
    """A legal Gangs of Kyoto action for the state (the cards vary so the log lines do too)."""
    owed = state["pending"][0]
    card = {"value": n % 3, "kind": "plain"}
    if owed["type"] == "draw":
        return {"type": "draw", "card": card}
    return {"type": "give", "to": owed["to"][n % len(owed["to"])], "card": card}


def make_app(data):
    return create_app({"TESTING": True, "DATA_DIR": str(data), "ACTION_LIMIT": 0})


def test_a_full_disk_acknowledges_nothing_it_did_not_keep_and_a_restart_loses_no_acknowledged_action(small_disk):
    data = small_disk / "data"
    client = make_app(data).test_client()
    table = client.post("/api/tables", json={"game": "gangs", "players": ["A", "B", "C", "D"],
                                             "options": {"first_player": 0}}).json
    auth = {"Authorization": f"Bearer {table['token']}"}
    acknowledged, state, n = [], table["state"], 0

    def act():
        nonlocal state, n
        n += 1
        action = next_action(state, n)
        resp = client.post(f"/api/tables/{table['id']}/actions", json=action, headers=auth)
        if resp.status_code == 200:
            assert resp.json["version"] == len(acknowledged) + 1  # a new version, never one handed out before
            acknowledged.append(action)
            state = resp.json["state"]
        return resp

    for _ in range(3):
        assert act().status_code == 200  # the change log exists before the disk fills
    filler = fill(small_disk)
    refusals = 0
    for _ in range(200):
        resp = act()
        if resp.status_code != 200:
            assert resp.status_code == 503 and "disk is full" in resp.json["error"]
            refusals += 1
            # Refused means not there: the table still shows the last acknowledged version.
            assert client.get(f"/api/tables/{table['id']}").json["version"] == len(acknowledged)
            if refusals == 5:
                break
    assert refusals == 5 and len(acknowledged) > 3
    log = data / "tables" / f"{table['id']}.log"
    assert log.read_bytes().endswith(b"\n")  # no fragment of a refused action is left

    filler.unlink()  # space again: later actions must not be glued to anything a refusal left
    for _ in range(5):
        assert act().status_code == 200

    restarted = make_app(data).test_client()
    stored = restarted.get(f"/api/tables/{table['id']}").json
    assert stored["version"] == len(acknowledged)
    assert [e["action"] for e in restarted.get(f"/api/tables/{table['id']}/log").json] == acknowledged
    nxt = restarted.post(f"/api/tables/{table['id']}/actions", json=next_action(stored["state"], n + 1), headers=auth)
    assert nxt.status_code == 200 and nxt.json["version"] == len(acknowledged) + 1


def test_a_full_disk_refuses_a_new_table_and_leaves_no_trace_of_it(small_disk):
    data = small_disk / "data"
    svc = TableService(TinyDBStore(data))
    kept = svc.create("gangs", ["Ann", "Bob"], {"first_player": 0}, seed=1)
    filler = fill(small_disk)
    with pytest.raises(StoreError, match="disk is full"):
        for _ in range(50):  # the first create may still fit in a page that has room
            svc.create("gangs", ["Cy", "Dee"], {"first_player": 0}, seed=1)
    filler.unlink()
    reopened = TinyDBStore(data)
    # Every table file is listed (none half-made) and can be found by its join code.
    assert reopened.table_count() == len(list((data / "tables").glob("*.json")))
    assert reopened.table_for_code(kept.record["join_code"]) == kept.id


def test_a_write_cut_short_is_refused_cut_back_and_never_reuses_a_version(tmp_path, monkeypatch):
    svc = TableService(TinyDBStore(tmp_path))
    table = svc.create("gangs", ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=1)
    token = table.record["host_token"]
    svc.act(table.id, token, next_action(table.state, 1))
    log = tmp_path / "tables" / f"{table.id}.log"
    before = log.read_bytes()
    real_write, calls = os.write, []

    def short_write(fd, data):  # a full disk takes the first half of a line, then no more
        calls.append(len(data))
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, bytes(data[: len(data) // 2]))

    monkeypatch.setattr(files.os, "write", short_write)
    with pytest.raises(StoreError):
        svc.act(table.id, token, next_action(svc.get(table.id).state, 2))
    monkeypatch.undo()
    assert log.read_bytes() == before
    assert svc.get(table.id).version == 1
    acted, _ = svc.act(table.id, token, next_action(svc.get(table.id).state, 3))
    reopened = TableService(TinyDBStore(tmp_path)).get(table.id)
    assert acted.version == reopened.version == 2
    assert reopened.record["actions"] == acted.record["actions"]


@pytest.mark.parametrize("torn", [
    b'{"op":"act","version":2,"entry":{"seq":2,"act',  # the power went out mid-line
    b'{"op":"undo","version":2}',  # the whole line but not its newline: the write never completed
])
def test_a_torn_tail_is_cut_when_the_table_is_opened_before_anything_is_appended(tmp_path, torn):
    svc = TableService(TinyDBStore(tmp_path))
    table = svc.create("gangs", ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=1)
    token = table.record["host_token"]
    svc.act(table.id, token, next_action(table.state, 1))
    with open(tmp_path / "tables" / f"{table.id}.log", "ab") as fh:
        fh.write(torn)

    after_crash = TableService(TinyDBStore(tmp_path))
    opened = after_crash.get(table.id)
    assert opened.version == 1 and len(opened.record["actions"]) == 1  # the unfinished write is not shown
    acted, _ = after_crash.act(table.id, token, next_action(opened.state, 2))
    assert acted.version == 2

    reopened = TableService(TinyDBStore(tmp_path)).get(table.id)
    assert reopened.version == 2 and reopened.record["actions"] == acted.record["actions"]


def test_a_version_already_stored_is_never_stored_again(tmp_path):
    store = TinyDBStore(tmp_path)
    svc = TableService(store)
    table = svc.create("gangs", ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=1)
    token = table.record["host_token"]
    first, _ = svc.act(table.id, token, next_action(table.state, 1))
    second, _ = svc.act(table.id, token, next_action(first.state, 2))
    log = tmp_path / "tables" / f"{table.id}.log"
    before = log.read_bytes()
    # Changes built on version 1 again (an older copy of the table): an action, then a whole save.
    with pytest.raises(StaleWrite):
        store.append_change(second.record, {"op": "act", "version": 2, "entry": second.record["actions"][-1]})
    with pytest.raises(StaleWrite):
        store.save_table(first.record)
    assert log.read_bytes() == before
    assert TableService(TinyDBStore(tmp_path)).get(table.id).record["actions"] == second.record["actions"]


def test_a_slow_read_racing_an_action_never_gets_a_version_acknowledged_twice(tmp_path):
    """Right after a restart a phone reads the table while another acts: the reader's copy, read
    before the action, must not become the base of a second action with the same version."""
    import threading
    import time

    first = TableService(TinyDBStore(tmp_path))
    table = first.create("gangs", ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=1)
    token = table.record["host_token"]
    first.act(table.id, token, next_action(table.state, 0))
    restarted = TableService(TinyDBStore(tmp_path))
    real_load = restarted.store.load_table

    def slow_load(table_id):
        record = real_load(table_id)
        if threading.current_thread().name == "reader":
            time.sleep(0.3)  # read, then descheduled before the copy is cached
        return record

    restarted.store.load_table = slow_load
    reader = threading.Thread(target=lambda: restarted.get(table.id), name="reader")
    reader.start()
    time.sleep(0.05)
    acknowledged = {}

    def act(n):
        try:
            acted, _ = restarted.act(table.id, token, next_action(restarted.get(table.id).state, n))
        except (StaleWrite, VersionConflict):
            return  # refused: nothing acknowledged
        assert acted.version not in acknowledged  # never the same version twice
        acknowledged[acted.version] = acted.record["actions"][-1]["action"]

    act(1)
    reader.join()  # its copy, read before action 1, is cached now (or not)
    act(2)
    stored = TableService(TinyDBStore(tmp_path)).get(table.id)
    for version, action in acknowledged.items():
        assert stored.record["actions"][version - 1]["action"] == action
