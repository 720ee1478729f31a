"""The store: atomic writes, leftovers cleaned, durability across restarts, threads, full disks.

What every store must do is run against both, the embedded TinyDB files and Redis (`opened`);
what only the files can get wrong (torn lines, fsyncs, a read-only folder) against TinyDB.
"""
from __future__ import annotations

import json
import os
import threading
import time

import pytest

from companion import create_app
from companion.games import RuleViolation
from companion.store import StaleWrite, StoreError, TinyDBStore, files
from companion.tables import TableService, VersionConflict
from companion.tables.table import fold
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)

GIVE = {"type": "give", "to": 1, "card": {"value": 1, "kind": "plain"}}


def service(folder):
    return TableService(TinyDBStore(folder))


@pytest.fixture(params=["tinydb", "redis"])
def opened(request, tmp_path):
    """Opens the store under test on the same data each time it is called, as a restarted server
    (or another process) does: the embedded files in a folder, or a Redis under a key prefix."""
    if request.param == "tinydb":
        return lambda: TinyDBStore(tmp_path)
    from companion.store.redis_store import RedisStore

    url, prefix = request.getfixturevalue("redis_url"), request.getfixturevalue("redis_prefix")
    return lambda: RedisStore(url, prefix)


def test_an_acknowledged_action_survives_a_restart(opened):
    first = TableService(opened())
    table = first.create("gangs", ["Ann", "Bob"], {"first_player": 0}, seed=1)
    first.act(table.id, table.record["host_token"], GIVE)
    reopened = TableService(opened()).get(table.id)
    assert reopened.version == 1
    assert reopened.state["players"][1]["row"] == [{"value": 1, "kind": "plain", "bells": 0}]


def test_undo_redo_and_seats_read_back_as_they_were_acknowledged(opened):
    svc = TableService(opened())
    table = svc.create("gangs", ["A", "B", "C"], {"first_player": 0}, seed=1)
    token = table.record["host_token"]
    state = table.state
    for n in range(6):
        owed = state["pending"][0]
        state = svc.act(table.id, token, {"type": "give", "to": owed["to"][0], "card": {"value": n % 3}})[0].state
    svc.undo(table.id, token)
    svc.undo(table.id, token)
    svc.redo(table.id, token)
    seat_token = svc.claim_seat(table.id, token, 2)[1]
    live = svc.get(table.id)
    reopened = TableService(opened()).get(table.id)
    assert reopened.version == live.version == 9 and len(reopened.record["redo"]) == 1
    assert reopened.record == live.record and reopened.state == live.state
    assert reopened.viewer_for(seat_token).seat == 2


def test_a_change_built_on_an_older_copy_is_refused_and_stores_nothing(opened):
    store = opened()
    svc = TableService(store)
    table = svc.create("gangs", ["Ann", "Bob", "Cy"], {"first_player": 0}, seed=1)
    token = table.record["host_token"]
    first, _ = svc.act(table.id, token, {"type": "give", "to": 1, "card": {"value": 1}})
    second, _ = svc.act(table.id, token, {"type": "give", "to": 2, "card": {"value": 2}})
    with pytest.raises(StaleWrite) as refused:
        store.append_change(second.record, {"op": "act", "version": 2, "entry": second.record["actions"][-1]})
    assert refused.value.current == 2
    with pytest.raises(StaleWrite):
        store.save_table(first.record)
    assert TableService(opened()).get(table.id).record["actions"] == second.record["actions"]


def test_events_are_kept_and_unknown_or_unsafe_ids_find_nothing(opened):
    store = opened()
    store.save_event({"id": "night-1", "schema": 1, "name": "Friday", "manual": {}, "rounds": []}, None)
    store.save_event({"id": "night-1", "schema": 1, "name": "Friday (moved)", "manual": {}, "rounds": [], "revision": 1}, 0)
    assert opened().load_event("night-1")["name"] == "Friday (moved)"
    for missing in ("night-2", "../index", "a" * 65, ""):
        assert store.load_event(missing) is None and store.load_table(missing) is None


def test_a_crash_mid_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    svc = service(tmp_path)
    table = svc.create("gangs", ["Ann", "Bob"], {"first_player": 0}, seed=1)
    path = tmp_path / "tables" / f"{table.id}.json"
    before = path.read_bytes()

    def crash(*_args):
        raise OSError(5, "simulated crash before the rename")

    # A document write (a seat taken) that dies before its rename.
    monkeypatch.setattr(files.os, "replace", crash)
    with pytest.raises(StoreError):
        svc.claim_seat(table.id, table.record["host_token"], 0)
    monkeypatch.undo()
    assert path.read_bytes() == before and json.loads(before)
    assert not list(tmp_path.rglob("*.tmp"))
    assert svc.get(table.id).record["seat_tokens"] == [None, None]  # nothing unsaved is shown

    # An action whose append dies: not acknowledged, not shown, not there after a restart.
    monkeypatch.setattr(files.os, "fsync", crash)
    with pytest.raises(StoreError):
        svc.act(table.id, table.record["host_token"], GIVE)
    monkeypatch.undo()
    assert svc.get(table.id).version == 0


def test_a_torn_last_line_of_the_change_log_is_ignored(tmp_path):
    svc = service(tmp_path)
    table = svc.create("gangs", ["Ann", "Bob"], {"first_player": 0}, seed=1)
    svc.act(table.id, table.record["host_token"], GIVE)
    log = tmp_path / "tables" / f"{table.id}.log"
    with open(log, "ab") as fh:
        fh.write(b'{"op":"act","version":2,"entry":{"seq":2,"act')  # the power went out here
    reopened = service(tmp_path).get(table.id)
    assert reopened.version == 1 and reopened.state["players"][1]["row"][0]["value"] == 1


def test_the_change_log_holds_one_line_per_change_and_replays_every_kind(tmp_path):
    from tests.server.test_durability import next_action

    svc = service(tmp_path)
    table = svc.create("gangs", ["A", "B", "C"], {"first_player": 0}, seed=1)
    token, state, changes = table.record["host_token"], table.state, 0
    for n in range(30):
        state = svc.act(table.id, token, next_action(state, n))[0].state
        changes += 1
        if n % 7 == 0:
            svc.undo(table.id, token)
            svc.redo(table.id, token)
            changes += 2
    svc.undo(table.id, token)
    # Two entries undone as one version (as a whole tap is): saved whole, logged as a splice.
    live = svc.get(table.id)
    record = live.record
    two_back = {**record, "version": record["version"] + 1, "actions": record["actions"][:-2],
                "redo": record["redo"] + record["actions"][-2:][::-1]}
    svc.store.save_table(two_back, record)
    changes += 2
    log_lines = (tmp_path / "tables" / f"{table.id}.log").read_bytes().count(b"\n")
    assert log_lines == changes  # one line each, never rewritten
    reopened = service(tmp_path).get(table.id)
    assert reopened.record == two_back and reopened.version == live.version + 1


def test_leftover_temporary_files_are_cleaned_at_start_up(tmp_path):
    (tmp_path / "tables").mkdir()
    leftover = tmp_path / "tables" / "abc.json.x1.tmp"
    leftover.write_text('{"half": ')
    TinyDBStore(tmp_path)
    assert not leftover.exists()


def test_an_action_rewrites_only_its_own_tables_file(tmp_path):
    svc = service(tmp_path)
    a = svc.create("gangs", ["Ann", "Bob"], {"first_player": 0}, seed=1)
    b = svc.create("gangs", ["Cy", "Dee"], {"first_player": 0}, seed=1)
    others = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*.json") if a.id not in p.name}
    os.sync()
    svc.act(a.id, a.record["host_token"], GIVE)
    assert {p: p.stat().st_mtime_ns for p in others} == others
    assert svc.get(b.id).version == 0


def test_many_threads_on_one_table_lose_nothing_and_never_double_apply(opened):
    svc = TableService(opened())
    table = svc.create("gangs", ["A", "B", "C", "D", "E"], {"first_player": 0}, seed=1)
    token = table.record["host_token"]
    results, errors = [], []

    def writer(to):
        try:
            svc.act(table.id, token, {"type": "give", "to": to, "card": {"value": 0, "kind": "plain"}})
            results.append(to)
        except RuleViolation as exc:
            errors.append(str(exc))

    threads = [threading.Thread(target=writer, args=(i % 5,)) for i in range(25)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = TableService(opened()).get(table.id)  # read back from the store
    # Every acknowledged action is stored once, versions are gapless, and every refusal was a
    # rule (a player who already had a card this turn), never a lost or doubled write.
    assert len(results) + len(errors) == 25 and len(results) >= 5
    assert final.version == len(results)
    assert [e["seq"] for e in final.record["actions"]] == list(range(1, len(results) + 1))
    assert sorted(e["action"]["to"] for e in final.record["actions"]) == sorted(results)
    assert final.state == fold(final.record) == svc.get(table.id).state
    assert all("already received" in e for e in errors)


def test_two_phones_on_the_same_version_exactly_one_applies(opened):
    svc = TableService(opened())
    table = svc.create("gangs", ["A", "B", "C"], {"first_player": 0}, seed=1)
    token = table.record["host_token"]
    barrier = threading.Barrier(8)
    outcomes = []

    def phone(to):
        barrier.wait()
        try:
            svc.act(table.id, token, {"type": "give", "to": to % 3, "card": {"value": 1}}, version=0)
            outcomes.append("ok")
        except VersionConflict:
            outcomes.append("conflict")
        except RuleViolation:
            outcomes.append("rule")

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("ok") == 1
    assert svc.get(table.id).version == 1


def test_a_read_only_data_folder_gives_a_clear_error_and_acknowledges_nothing(tmp_path, monkeypatch):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    client = app.test_client()
    table = client.post("/api/tables", json={"game": "gangs", "players": ["A", "B"], "options": {"first_player": 0}}).json

    def read_only(*_args, **_kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(files.tempfile, "mkstemp", read_only)
    monkeypatch.setattr(files.os, "open", read_only)
    resp = client.post(
        f"/api/tables/{table['id']}/actions", json=GIVE, headers={"Authorization": f"Bearer {table['token']}"}
    )
    assert resp.status_code == 503 and "cannot write its data folder" in resp.json["error"]
    monkeypatch.undo()
    assert client.get(f"/api/tables/{table['id']}").json["version"] == 0


def test_join_codes_are_found_and_tables_counted(opened):
    svc = TableService(opened())
    table = svc.create("gangs", ["Ann", "Bob"], seed=1)
    later = svc.create("gangs", ["Cy", "Dee"], seed=2)
    code = table.record["join_code"]
    assert svc.find_by_code(code.lower()[:3] + " " + code.lower()[3:]).id == table.id
    store = opened()
    assert store.table_count() == 2 and store.table_for_code(code) == table.id
    assert store.table_for_code(later.record["join_code"]) == later.id
    assert store.table_for_code("ZZZZZZ") is None


def test_a_reader_opening_a_table_while_it_is_written_never_sees_it_go_back(tmp_path, monkeypatch):
    """A table read from disk (a cache miss) while its log is appended to shows a version at least
    as new as any it showed before, and is whole."""
    from tests.server.test_durability import next_action

    real_read = files.DocumentFile.read

    def slow_read(self):  # a slow disk: the record is read, then its change log a moment later
        document = real_read(self)
        time.sleep(0.002)
        return document

    monkeypatch.setattr(files.DocumentFile, "read", slow_read)
    svc = service(tmp_path)
    table = svc.create("gangs", ["A", "B", "C", "D"], {"first_player": 0}, seed=1)
    token, store = table.record["host_token"], svc.store
    done, seen, problems = threading.Event(), [0], []

    def reader():
        while not done.is_set():
            record = store.load_table(table.id)
            if record["version"] < seen[-1] or len(record["actions"]) != record["version"]:
                problems.append((seen[-1], record["version"], len(record["actions"])))
            seen.append(record["version"])

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        state = table.state
        for n in range(150):
            state = svc.act(table.id, token, next_action(state, n))[0].state
    finally:
        done.set()
        thread.join()
    assert not problems and len(seen) > 10
    assert store.load_table(table.id)["version"] == 150
