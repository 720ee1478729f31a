"""A table's log held compactly in memory (store/entries.py: older entries as their JSON text)
reads exactly as the list of entries it stands for, and every store writes it as that list."""
from __future__ import annotations

import json

import pytest

from companion.store.atomic import AtomicJSONStorage
from companion.store.entries import RECENT, Entries


def entry(n: int) -> dict:
    return {"seq": n, "action": {"type": "give", "to": n % 5, "card": {"value": n % 4, "kind": "plain"}},
            "log": [f"A gives a {n % 4} to B.", "Ünïcode ϟ ♥"], "at": "2026-12-07T01:48:21.950+00:00", "rules": 1}


@pytest.mark.parametrize("n", [0, 1, RECENT, RECENT + 1, 3 * RECENT + 7])
def test_a_compact_log_reads_as_its_list(n):
    plain = [entry(k) for k in range(1, n + 1)]
    log = Entries(plain)
    assert len(log) == n and list(log) == plain and log == plain and log == Entries(plain)
    for k in range(-n, n):
        assert log[k] == plain[k]
    for a in (None, 0, 1, -1, -30, n // 2, n, n + 5):
        for b in (None, 0, 2, -1, -31, n // 2 + 1, n + 5):
            assert list(log[a:b]) == plain[a:b] and log[a:b] == plain[a:b], (a, b)
    assert log[::2] == plain[::2]
    more = [entry(k) for k in range(n + 1, n + 4)]
    assert log + more == plain + more and more + log == more + plain
    assert log[:n // 2] + log[n // 2:] == plain and log + log == plain + plain
    with pytest.raises(IndexError):
        log[n]


def test_an_entry_read_from_a_compact_log_is_a_copy_that_cannot_change_it():
    plain = [entry(k) for k in range(1, 2 * RECENT)]
    log = Entries(plain)
    log[0]["action"]["to"] = 99
    assert log[0] == entry(1)


def test_a_compact_log_is_written_as_the_list_it_stands_for(tmp_path):
    plain = [entry(k) for k in range(1, 2 * RECENT)]
    for name, actions in (("plain", plain), ("compact", Entries(plain))):
        AtomicJSONStorage(tmp_path / f"{name}.json").write({"table": {"1": {"record": {"id": "x", "actions": actions}}}})
    assert (tmp_path / "plain.json").read_bytes() == (tmp_path / "compact.json").read_bytes()
    assert json.loads((tmp_path / "compact.json").read_text())["table"]["1"]["record"]["actions"] == plain


def test_a_compact_log_gives_each_entry_the_text_the_redis_store_writes():
    plain = [entry(k) for k in range(1, 2 * RECENT)]
    assert Entries(plain).texts() == [json.dumps(e, separators=(",", ":"), ensure_ascii=False) for e in plain]


def test_a_log_read_as_texts_is_the_list_they_hold():
    plain = [entry(k) for k in range(1, 2 * RECENT)]
    texts = Entries(plain).texts()
    assert Entries.read(texts) == plain and Entries.read(texts).texts() == texts
    with pytest.raises(ValueError):
        Entries.read(["{not json"] + texts)
