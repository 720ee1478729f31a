"""An event import never holds the server for long at a time: its body is read, its tables
replayed and stored in slices with pauses between them (the other phones' requests run there),
and what is read is exactly what json.loads reads."""
from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.nights import big_import
from companion import pacing
from companion.web import json_slices

SLICE_BOUND = 0.05  # seconds of this thread's CPU between two pauses: the promise's 50 ms

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=5),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(value=json_values, piece=st.integers(1, 60), indent=st.sampled_from([None, 1]))
def test_a_body_read_in_slices_is_what_json_reads(value, piece, indent):
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    assert json_slices.loads(text, piece=piece) == json.loads(text)


@settings(max_examples=300, deadline=None)
@given(value=json_values, cut=st.integers(0, 400), junk=st.sampled_from(['"', "\\", "]", "}", "[", "{", ",", ":", "x", ""]),
       piece=st.integers(1, 60))
def test_a_body_json_refuses_is_refused_and_one_it_reads_is_read_alike(value, cut, junk, piece):
    text = json.dumps(value)
    spoiled = text[:cut % (len(text) + 1)] + junk + text[cut % (len(text) + 1):]
    try:
        expected = json.loads(spoiled)
    except ValueError:
        with pytest.raises(ValueError):
            json_slices.loads(spoiled, piece=piece)
    else:
        assert json_slices.loads(spoiled, piece=piece) == expected


def test_an_unclosed_string_of_escaped_quotes_is_read_once_not_once_per_quote():
    text = '["' + '\\"' * 500_000 + "]"  # 1 MB; read again from every quote it would take minutes
    began = time.process_time()
    with pytest.raises(ValueError):
        json_slices.loads(text)
    assert time.process_time() - began < 2


def test_nesting_deeper_than_32_levels_is_refused_before_anything_is_built(client):
    body = '{"a": ' + "[" * 40 + "]" * 40 + "}"
    resp = client.post("/api/events/import", data=body, content_type="application/json")
    assert resp.status_code == 422 and "deeper than 32" in resp.json["error"]


@pytest.mark.slow
def test_an_event_import_of_thousands_of_actions_never_holds_the_server_more_than_50_ms_at_a_time(client, monkeypatch):
    body = json.dumps(big_import(tables=3, actions=2000))  # 0.5 MB, 6,000 actions replayed
    stretches, since = [], [time.thread_time()]
    real_sleep = time.sleep

    def pause(seconds):
        # Under the event-loop worker this sleep is where the other phones' requests run.
        stretches.append(time.thread_time() - since[0])
        real_sleep(seconds)
        since[0] = time.thread_time()
    monkeypatch.setattr(pacing.time, "sleep", pause)
    resp = client.post("/api/events/import", data=body, content_type="application/json")
    stretches.append(time.thread_time() - since[0])
    assert resp.status_code == 201, resp.json
    assert len(stretches) > 20
    assert max(stretches) < SLICE_BOUND, f"held {max(stretches) * 1000:.0f} ms between two pauses"
