"""An event's changes are never lost across processes: every event record counts its changes
("revision"), and the store refuses a save built on an older revision (StaleEvent): the service
tries nothing again, nothing is changed, and the desk that repeats its change has it kept. Both
stores behave the same; two EventService objects on one store stand for two server processes.
Then two real server processes on one Redis registering players at once: every name is kept,
once, a refused registration being repeated as its desk is told to."""
from __future__ import annotations

import copy
import threading

import pytest

from companion.events.service import EventService
from companion.store import redis_store
from companion.store.base import StaleEvent, StoreError
from companion.store.redis_store import RedisStore
from companion.store.tinydb_store import TinyDBStore
from companion.tables import TableService
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)
from tests.server.test_redis_processes import call, serve


@pytest.fixture(params=["tinydb", "redis"])
def make_store(request, tmp_path):
    """Makes a new store object on one shared storage (a data folder, or one Redis and prefix):
    each call is another process's view of the same data."""
    if request.param == "tinydb":
        return lambda: TinyDBStore(tmp_path / "data")
    url, prefix = request.getfixturevalue("redis_url"), request.getfixturevalue("redis_prefix")
    return lambda: RedisStore(url, prefix)


def service(store) -> EventService:
    """One process's event service (its own lock and table cache) on `store`."""
    return EventService(store, TableService(store))


def night(events: EventService, players=("Aiko", "Botan", "Chika", "Daisuke")) -> dict:
    """A new night with these players registered and checked in."""
    record = events.create("Friday", ["gangs"], 2)
    if players:
        events.register(record["id"], record["token"], list(players))
    return events.get(record["id"])


def racing(events: EventService, first_read: dict) -> EventService:
    """`events` whose next read of the event answers `first_read`: the copy that another process
    read at the same moment, before either stored its change."""
    real, served = events.get, []

    def get(event_id):
        if not served:
            served.append(True)
            return copy.deepcopy(first_read)
        return real(event_id)
    events.get = get
    return events


def test_a_change_built_on_a_read_another_process_overtook_is_refused_and_kept_when_repeated(make_store):
    one = service(make_store())
    record = night(one, players=())
    two = racing(service(make_store()), one.get(record["id"]))
    one.register(record["id"], record["token"], ["Aiko"])
    # The second built its change on the read made before the first stored: refused, nothing changed.
    with pytest.raises(StaleEvent, match="at the same moment from another desk"):
        two.register(record["id"], record["token"], ["Botan"])
    assert [p["name"] for p in one.get(record["id"])["players"]] == ["Aiko"]
    after = two.register(record["id"], record["token"], ["Botan"])  # the desk repeats it
    stored = one.get(record["id"])
    assert [p["name"] for p in stored["players"]] == ["Aiko", "Botan"] == [p["name"] for p in after["players"]]
    assert stored["revision"] == record["revision"] + 2


def test_a_refused_round_leaves_no_table_behind(make_store):
    one = service(make_store())
    record = night(one)
    two = racing(service(make_store()), one.get(record["id"]))
    one.register(record["id"], record["token"], ["Emi"], present=False)
    listed = make_store().table_count()  # as a process started now lists them
    with pytest.raises(StaleEvent):
        two.start_round(record["id"], record["token"], "gangs")
    assert make_store().table_count() == listed and not one.get(record["id"])["rounds"]
    rnd = two.start_round(record["id"], record["token"], "gangs")
    assert make_store().table_count() == listed + 1 and two.tables.get(rnd["tables"][0]["table_id"]).version == 0


def test_a_change_the_fresh_record_refuses_says_why_and_changes_nothing(make_store):
    one = service(make_store())
    record = night(one, players=())
    two = service(make_store())
    one.register(record["id"], record["token"], ["Aiko"])
    with pytest.raises(Exception, match="Aiko is already registered"):
        two.register(record["id"], record["token"], ["aiko"])
    stored = one.get(record["id"])
    assert [p["name"] for p in stored["players"]] == ["Aiko"] and stored["revision"] == record["revision"] + 1


def test_a_stale_save_is_refused_and_changes_nothing(make_store):
    one, other = make_store(), make_store()
    events = service(one)
    record = night(events)
    stale = copy.deepcopy(record)
    events.checkin(record["id"], record["token"], ["Aiko"], False)
    kept = events.get(record["id"])
    stale["players"].append({"name": "Zed", "checked_in": True, "since_round": 1})
    stale["revision"] += 1
    with pytest.raises(StaleEvent) as refused:
        other.save_event(stale, record["revision"])
    assert refused.value.current == kept["revision"]
    assert other.load_event(record["id"]) == one.load_event(record["id"]) == kept


def test_a_new_event_never_overwrites_a_stored_one(make_store):
    store = make_store()
    record = night(service(store))
    with pytest.raises(StoreError):
        make_store().save_event({**record, "players": [], "revision": 0}, None)
    assert store.load_event(record["id"]) == record


def test_a_retried_event_write_whose_reply_was_lost_is_applied_once(redis_url, redis_prefix, monkeypatch):
    store = RedisStore(redis_url, redis_prefix)
    record = night(service(store))
    changed = {**record, "name": "Friday (moved)", "revision": record["revision"] + 1}
    monkeypatch.setattr(redis_store, "write_id", lambda: "same-write")  # the client sends it again
    store.save_event(changed, record["revision"])
    store.save_event(changed, record["revision"])  # its own write: not refused as stale
    assert store.load_event(record["id"]) == changed
    monkeypatch.setattr(redis_store, "write_id", lambda: "another-write")
    with pytest.raises(StaleEvent):  # another write built on the same revision is still refused
        store.save_event({**changed, "name": "Saturday"}, record["revision"])


def test_an_export_and_its_import_carry_no_counter(make_store):
    from companion.events.transfer import export_json, import_event
    events = service(make_store())
    record = night(events)
    events.checkin(record["id"], record["token"], ["Botan"], False)
    exported = export_json(events, events.get(record["id"]), organiser=True)
    assert "revision" not in exported
    imported = import_event(events, exported)
    assert imported["revision"] == 0 and events.get(imported["id"])["players"] == events.get(record["id"])["players"]


@pytest.mark.slow
def test_two_real_processes_registering_at_once_keep_every_name(tmp_path, redis_url, redis_prefix):
    started = [serve(tmp_path / name, redis_url, redis_prefix) for name in ("one", "two")]
    try:
        (_, one), (_, two) = started
        status, made = call(f"{one}/api/events", {"name": "Friday", "games": ["gangs"], "rounds": 2})
        assert status == 201
        names = [f"P{k:02d}" for k in range(24)]
        replies = []

        def register(base, name):
            # A desk told another desk changed the night at the same moment repeats its change.
            while (status := call(f"{base}/api/events/{made['id']}/players", {"names": [name]}, made["token"])[0]) == 409:
                pass
            replies.append(status)
        threads = [threading.Thread(target=register, args=((one, two)[k % 2], name)) for k, name in enumerate(names)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert replies == [200] * len(names)
        status, event = call(f"{two}/api/events/{made['id']}", token=made["token"])
        assert status == 200 and sorted(p["name"] for p in event["players"]) == names
    finally:
        for proc, _ in started:
            proc.terminate()
            proc.communicate(timeout=15)
