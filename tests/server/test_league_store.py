"""Both stores keep a league's record as they keep a night's: a new one never overwrites another,
a change built on an older revision is refused and changes nothing, a damaged one says so."""
from __future__ import annotations

import pytest

from companion.leagues.records import new_league
from companion.store.base import StaleLeague, StoreError
from companion.store.redis_store import RedisStore
from companion.store.tinydb_store import TinyDBStore
from tests.redis_server import redis_prefix, redis_server, redis_url  # noqa: F401 (fixtures)


@pytest.fixture(params=["tinydb", "redis"])
def store(request, tmp_path):
    if request.param == "tinydb":
        return TinyDBStore(tmp_path / "data")
    return RedisStore(request.getfixturevalue("redis_url"), request.getfixturevalue("redis_prefix"))


def test_a_league_is_stored_and_changed_on_its_revision(store):
    record = new_league("Thursday Club")
    store.save_league(record, None)
    assert store.load_league(record["id"]) == record
    changed = {**record, "events": ["abc"], "revision": 1}
    store.save_league(changed, 0)
    with pytest.raises(StaleLeague, match="changed at the same moment"):
        store.save_league({**record, "name": "Stale", "revision": 1}, 0)
    assert store.load_league(record["id"]) == changed


def test_a_new_league_never_overwrites_a_stored_one(store):
    record = new_league("Thursday Club")
    store.save_league(record, None)
    with pytest.raises(StoreError, match="took the id of the league"):
        store.save_league({**record, "name": "Other"}, None)
    assert store.load_league(record["id"])["name"] == "Thursday Club"


def test_an_unknown_or_impossible_id_is_no_league(store):
    assert store.load_league("nosuchleague") is None and store.load_league("../events/x") is None
    with pytest.raises(StoreError, match="gone"):
        store.save_league({**new_league("Gone"), "revision": 1}, 0)


def test_a_damaged_league_file_says_so(tmp_path):
    store = TinyDBStore(tmp_path / "data")
    record = new_league("Thursday Club")
    store.save_league(record, None)
    (store.leagues_dir / f"{record['id']}.json").write_text("{cut")
    with pytest.raises(StoreError, match="damaged .*its nights are not affected"):
        store.load_league(record["id"])
