"""Work and memory that anyone can cause stay bounded: unknown ids leave nothing behind, an undo
costs the same late in a long game as early, a table's lock lives only while it is used."""
from __future__ import annotations

import gc
import time
import tracemalloc

import pytest

from companion import create_app
from companion.games import get_game
from companion.games.kyotoan.cards import CARDS

MARKETS = [list(CARDS)[0:3], list(CARDS)[3:6]]


def flood_unknown_ids(client, start, count):
    for n in range(start, start + count):
        client.post(f"/api/tables/nosuch{n}/actions", json={"type": "roll"}, headers={"Authorization": "Bearer x"})


@pytest.mark.slow
def test_memory_stays_flat_under_a_flood_of_unknown_table_ids(tmp_path):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "ACTION_WINDOW_SECONDS": 1})
    client = app.test_client()
    flood_unknown_ids(client, 0, 300)  # warm-up: caches of compiled templates, routing, logging
    time.sleep(2.2)
    client.get("/api/games")
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    flood_unknown_ids(client, 1000, 1500)
    time.sleep(2.2)  # the limiter's window passes: its entries for these ids expire
    client.post("/api/tables/nosuch-last/actions", json={}, headers={"Authorization": "Bearer x"})
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    # Each unknown id used to keep ~7 KB for good (10 MB here): now what is left is noise.
    assert grown < 200_000, f"{grown} bytes kept after 1,500 unknown table ids"
    assert app.extensions["companion.tables"]._cache.locks_in_use() == 0


def count_applies(monkeypatch, game_id="kyotoan"):
    game = get_game(game_id)
    calls = [0]
    real = type(game).apply

    def counting(self, state, action):
        calls[0] += 1
        return real(self, state, action)
    monkeypatch.setattr(type(game), "apply", counting)
    return calls


def long_table(api, actions):
    """A stored Last Kyotoan Standing table whose log holds `actions` market corrections (written
    as one record, as a restart would read it: acting 5,000 times with an fsync each is slow)."""
    table = api.create("kyotoan", ("Ann", "Bob"))
    service = api.client.application.extensions["companion.tables"]
    record = service.get(table["id"]).record
    entries = [{"seq": n + 1, "action": {"type": "market", "cards": MARKETS[n % 2]}, "log": [], "at": "", "rules": 2}
               for n in range(actions)]
    service.store.save_table({**record, "actions": entries, "version": actions})
    service._cache.clear()
    return table, service


def test_an_undo_late_in_a_long_game_costs_what_it_costs_early(api, monkeypatch):
    work = {}
    for length in (50, 5000):
        table, service = long_table(api, length)
        service.get(table["id"])  # read from its file once, as after a restart
        calls = count_applies(monkeypatch)
        service.undo(table["id"], table["token"])
        service.undo(table["id"], table["token"])
        work[length] = calls[0]
        monkeypatch.undo()
        assert service.get(table["id"]).state["market"] == MARKETS[(length - 3) % 2]
    # Rules steps replayed by two undos: the same bounded number however long the log.
    assert work[5000] <= max(work[50], 100)
