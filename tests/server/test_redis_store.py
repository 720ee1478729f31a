"""Several processes on one Redis, as one process sees it: two apps (or two table services) on the
same Redis stand for two server processes. A copy cached by one is not trusted after the other
changed the table, seats and cookies work through either, changes interleave into one gapless
sequence, a retried write is applied once, limits count for both, and a Redis that is gone or a
damaged table gets a sentence instead of a wrong answer."""
from __future__ import annotations

import threading

import pytest

from companion import create_app
from companion.games import RuleViolation
from companion.store import StaleWrite, StoreError, redis_store
from companion.store.redis_store import RedisStore
from companion.tables import SeatTaken, TableService, VersionConflict
from companion.tables import table as table_module  # where a cached copy catches up (table.caught_up)
from companion.tables.table import fold
from tests.conftest import PhoneClient
from tests.redis_server import RedisServer, redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)
from tests.servers import free_port

GANGS = {"game": "gangs", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}}


def give(table, n=0):
    """An action the table owes now (Gangs: the pending give or draw)."""
    owed = table.state["pending"][0]
    card = {"value": n % 3, "kind": "plain"}
    return {"type": "draw", "card": card} if owed["type"] == "draw" else {"type": "give", "to": owed["to"][0], "card": card}


@pytest.fixture
def two(redis_url, redis_prefix):
    """Two table services on one Redis: two server processes, each with its own table cache."""
    return TableService(RedisStore(redis_url, redis_prefix)), TableService(RedisStore(redis_url, redis_prefix))


@pytest.fixture
def apps(tmp_path, redis_url, redis_prefix):
    """Makes two apps on one Redis (each with its own data folder, which they must not need);
    their live listeners stop after the test."""
    made = []

    def make(**config):
        pair = []
        for name in ("a", "b"):
            app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / f"{name}{len(made)}"), "REDIS_URL": redis_url,
                              "REDIS_PREFIX": redis_prefix, "ACTION_LIMIT": 0, **config})
            app.test_client_class = PhoneClient
            pair.append(app)
        made.extend(pair)
        return pair

    yield make
    for app in made:
        app.extensions["companion.live"].close()


def test_a_copy_cached_by_one_process_is_not_trusted_after_the_other_changed_the_table(two):
    a, b = two
    table = a.create(**{k: GANGS[k] for k in ("players", "options")}, game_id="gangs", seed=1)
    token = table.record["host_token"]
    assert b.get(table.id).version == 0  # now cached in b
    acted, _ = a.act(table.id, token, give(table))
    assert b.get(table.id).version == 1 and b.get(table.id).state == acted.state
    # b acts on what a stored (no version reused), and a sees it in turn; undo and redo too.
    after_b, _ = b.act(table.id, token, give(acted, 1))
    assert after_b.version == 2 and a.get(table.id).record == after_b.record
    assert a.undo(table.id, token).version == 3 and b.redo(table.id, token).version == 4
    stored = a.get(table.id).record["actions"]
    assert stored == b.get(table.id).record["actions"]
    # The same entries, the one put back marked with whose phone redid it (Redis keeps the mark).
    assert [{k: v for k, v in e.items() if k != "redone"} for e in stored] == after_b.record["actions"]
    assert stored[-1]["redone"] == {"by": "host", "version": 4}
    # A phone that read version 2 through b and acts through a gets the ordinary conflict.
    with pytest.raises(VersionConflict):
        a.act(table.id, token, give(after_b), version=2)


def test_a_process_catches_up_on_actions_made_elsewhere_without_folding_the_whole_game(two, monkeypatch):
    a, b = two
    table = a.create("gangs", ["A", "B", "C", "D", "E"], {"first_player": 0}, seed=1)
    token, current = table.record["host_token"], table
    for n in range(55):  # past a checkpoint
        current = a.act(table.id, token, give(current, n))[0]
    b.get(table.id)
    for n in range(50):
        current = a.act(table.id, token, give(current, n))[0]
    monkeypatch.setattr(table_module, "fold_with_checkpoints", lambda record: pytest.fail("folded whole"))
    caught = b.get(table.id)  # the 50 new actions applied to b's copy
    assert caught.version == 105 and caught.state == current.state and caught.checkpoints == current.checkpoints
    monkeypatch.undo()
    a.undo(table.id, token)  # an undo elsewhere: the copy's log is no longer the start, so a whole fold
    assert b.get(table.id).state == fold(a.get(table.id).record) and b.get(table.id).version == 106


def test_a_seat_taken_through_one_process_counts_in_the_other(two):
    a, b = two
    table = a.create("gangs", GANGS["players"], GANGS["options"], seed=1)
    host = table.record["host_token"]
    b.get(table.id)
    seat_token = a.claim_seat(table.id, table.record["play_token"], 1)[1]
    assert b.get(table.id).viewer_for(seat_token).seat == 1
    with pytest.raises(SeatTaken):
        b.claim_seat(table.id, table.record["play_token"], 1)
    # A seat change built on a copy from before it (a process that had not looked yet) is refused.
    stale = b.store.load_table(table.id)
    a.free_seat(table.id, host, 1)
    with pytest.raises(StaleWrite):
        b.store.save_table({**stale, "seat_tokens": [None, "mine", None]}, stale)
    assert a.get(table.id).record["seat_tokens"] == [None, None, None]


def test_writers_in_two_processes_get_one_gapless_sequence(two):
    a, b = two
    table = a.create("gangs", ["A", "B", "C", "D", "E"], {"first_player": 0}, seed=1)
    token = table.record["host_token"]
    acknowledged, refused = [], []

    def writer(svc, n):
        for k in range(8):
            try:
                current = svc.get(table.id)
                new, _ = svc.act(table.id, token, give(current, n + k), version=current.version)
                acknowledged.append(new.version)
            except (VersionConflict, RuleViolation):
                refused.append(n)

    threads = [threading.Thread(target=writer, args=(svc, n)) for n, svc in enumerate((a, b, a, b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = TableService(RedisStore(a.store.redis, a.store.prefix)).get(table.id)
    assert sorted(acknowledged) == list(range(1, final.version + 1)) and len(acknowledged) >= 8
    assert [e["seq"] for e in final.record["actions"]] == list(range(1, final.version + 1))
    assert final.state == fold(final.record)


def test_a_write_retried_after_its_reply_was_lost_is_applied_once(two, monkeypatch):
    a, _ = two
    table = a.create("gangs", GANGS["players"], GANGS["options"], seed=1)
    acted, _ = a.act(table.id, table.record["host_token"], give(table))
    change = {"op": "act", "version": 2, "entry": {**acted.record["actions"][0], "seq": 2}}
    record = {**acted.record, "version": 2, "actions": acted.record["actions"] + [change["entry"]]}
    monkeypatch.setattr(redis_store, "write_id", lambda: "same-write")  # the client sends it again
    a.store.append_change(record, change)
    a.store.append_change(record, change)
    assert a.store.load_table(table.id)["version"] == 2 and len(a.store.load_table(table.id)["actions"]) == 2
    monkeypatch.setattr(redis_store, "write_id", lambda: "another-write")
    with pytest.raises(StaleWrite):  # another write built on version 1 is still refused
        a.store.append_change(record, change)


def test_pushes_reach_the_phones_of_the_other_process_once(apps):
    one, other = apps()
    table = one.test_client().post("/api/tables", json=GANGS).json
    here = one.extensions["companion.live"].subscribe(table["id"])
    there = other.extensions["companion.live"].subscribe(table["id"])
    there.wait(2)  # the wake-up once the other process listens on the table's channel
    here.wait(2)  # and this process's own: on a busy machine it may come after the push below
    resp = one.test_client().post(f"/api/tables/{table['id']}/actions", json={"type": "give", "to": 1, "card": {"value": 4}},
                                  headers={"Authorization": f"Bearer {table['token']}"})
    assert resp.status_code == 200
    assert there.wait(5) == 1
    assert here.wait(0) == 1 and here.wait(0.3) is None  # its own push, not echoed back through Redis


def test_limits_and_cookies_are_the_same_through_either_process(apps):
    one, other = apps(CREATE_LIMIT="3 per minute")
    codes = [app.test_client().post("/api/tables", json=GANGS).status_code for app in (one, other, one, other)]
    assert codes == [201, 201, 201, 429]
    # A cookie signed by one process is read by the other (the key lives in Redis, not in a folder).
    signer = one.session_interface.get_signing_serializer(one)
    assert other.session_interface.get_signing_serializer(other).loads(signer.dumps({"csrf": "x"})) == {"csrf": "x"}


def test_a_damaged_table_in_redis_says_so_and_other_tables_work(apps, redis_prefix):
    one, _ = apps()
    client = one.test_client()
    damaged, other = client.post("/api/tables", json=GANGS).json, client.post("/api/tables", json=GANGS).json
    one.extensions["companion.store"].redis.hset(f"{redis_prefix}:t:{{{damaged['id']}}}", "setup", "{not json")
    fresh, _ = apps()
    resp = fresh.test_client().get(f"/api/tables/{damaged['id']}")
    assert resp.status_code == 503 and "damaged" in resp.json["error"] and "Redis" in resp.json["error"]
    assert fresh.test_client().get(f"/api/tables/{other['id']}").status_code == 200


def test_without_redis_nothing_is_acknowledged_and_the_reason_is_given(tmp_path):
    server = RedisServer(tmp_path / "redis").start()
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "d"), "REDIS_URL": server.url, "ACTION_LIMIT": 0,
                      "RATELIMIT_ENABLED": False})
    client = app.test_client()
    table = client.post("/api/tables", json=GANGS).json

    def act():
        return client.post(f"/api/tables/{table['id']}/actions", json={"type": "give", "to": 1, "card": {"value": 4}},
                           headers={"Authorization": f"Bearer {table['token']}"})

    # Redis full (it refuses writes rather than drop data): a sentence, and Redis's words stay in the log.
    store = app.extensions["companion.store"]
    store.redis.config_set("maxmemory", 1)
    resp = act()
    assert resp.status_code == 503 and "refused to save the action" in resp.json["error"] and "OOM" not in resp.json["error"]
    store.redis.config_set("maxmemory", 0)
    server.kill()
    resp = act()
    assert resp.status_code == 503 and "Redis" in resp.json["error"] and "127.0.0.1" not in resp.json["error"]
    server.start()  # the same folder and port: it reads its append-only file back
    assert client.get(f"/api/tables/{table['id']}").json["version"] == 0
    with pytest.raises(StoreError, match="Cannot reach Redis at 127.0.0.1"):
        RedisStore(f"redis://127.0.0.1:{free_port()}/0")
    server.stop()


def test_pushes_between_processes_resume_after_redis_restarts(tmp_path):
    server = RedisServer(tmp_path / "redis").start()
    made = [create_app({"TESTING": True, "DATA_DIR": str(tmp_path / name), "REDIS_URL": server.url, "ACTION_LIMIT": 0,
                        "RATELIMIT_ENABLED": False}) for name in ("a", "b")]
    try:
        table = made[0].test_client().post("/api/tables", json=GANGS).json
        there = made[1].extensions["companion.live"].subscribe(table["id"])
        there.wait(2)
        server.kill()
        server.start()
        woken = there.wait(5)  # the page was told to read its table again: pushes may have been lost
        assert woken == 0
        resp = made[0].test_client().post(f"/api/tables/{table['id']}/actions", json={"type": "give", "to": 1, "card": {"value": 4}},
                                          headers={"Authorization": f"Bearer {table['token']}"})
        assert resp.status_code == 200
        seen = [there.wait(5) for _ in range(3)]
        assert 1 in seen
    finally:
        for app in made:
            app.extensions["companion.live"].close()
        server.stop()
