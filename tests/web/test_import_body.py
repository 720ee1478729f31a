"""An import's body is one JSON object: anything else, nested beyond what Python parses
included, is refused with a sentence (422), never a server error."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("body", ["[1, 2]", '{"a": ', "[" * 100_000 + "]" * 100_000], ids=["list", "cut", "deep"])
def test_a_body_that_is_not_one_json_object_is_refused_with_a_sentence(client, body):
    for url in ("/api/events/import", "/api/leagues/import"):
        resp = client.post(url, data=body, content_type="application/json")
        assert resp.status_code == 422 and "JSON object" in resp.json["error"]
