"""What a finished table tells BG Stats (api.md, "Finished tables"): the play its push-play link
carries, and the link itself. Pure work on a table: nothing is sent anywhere; the link goes out
only when a person taps it.

Times: the log's "at" stamps are UTC, and so is the play's date (the server knows no phone's
time zone). The play starts when the table was made (players sit down and set up then), or at
its first action if that is earlier (an imported table was made when it was imported), and ends
at the last action of its log. Paused time (`paused` in the record: pause.py) is no play time.

BG Stats matches plays by their source: `sourcePlayId` is the table's id (a second tap of the
link logs nothing twice) and each player's `sourcePlayerId` is a digest of their name as the
forgiving comparison reads it, within the table's group when it has one (the same person across
the group's tables), else within the table.
"""
from __future__ import annotations

import hashlib
import json
import random
from urllib.parse import quote

from ..games.names import name_key
from .pause import moment, paused_seconds
from .table import Table

BGSTATS_PLAY = "https://app.bgstatsapp.com/createPlay.html"
LOCATION = "Kyoto Table Companion"
SOURCE = "Kyoto Table Companion"


def play(table: Table) -> dict | None:
    """The play BG Stats logs for this table (the contract's JSON), or None while it is played."""
    state, game, record = table.state, table.game, table.record
    if not state.get("over"):
        return None
    actions = record["actions"]
    times = [t for t in (moment(record.get("created")), moment(actions[0].get("at")) if actions else None) if t]
    start = min(times, default=None)
    end = (moment(actions[-1].get("at")) if actions else None) or start
    places = game.places(state)
    # Who started is what the table's setup chose (some games pass the first player card on).
    setup = game.setup(record["players"], record["options"], random.Random(record["seed"]))
    first = setup.get(game.start_field)
    out: dict = {"game": {"name": game.title, "sourceGameId": game.id, "highestWins": True}}
    if end is not None:
        out["playDate"] = end.strftime("%Y-%m-%d %H:%M:%S")
    played_s = (end - start).total_seconds() - paused_seconds(record, end) if start and end else 0
    out["durationMin"] = max(0, round(played_s / 60))
    scope = record.get("group") or record["id"]
    out["players"] = [
        {"name": p["name"], "rank": places[i],
         "score": p.get(game.score_field) if game.score_field else None,
         "winner": places[i] == 1, "startPlayer": first == i, "sourcePlayerId": player_id(scope, p["name"])}
        for i, p in enumerate(state["players"])
    ]
    out["location"] = LOCATION
    out["sourceName"] = SOURCE
    out["sourcePlayId"] = record["id"]
    return out


def player_id(scope: str, name: str) -> str:
    """A player's `sourcePlayerId`: the same for the same name (as the forgiving comparison reads
    it) within `scope` (a group's id, or a table's), and telling nothing of the name itself."""
    key = name_key(name) or name
    return hashlib.sha256(f"{scope}\n{key}".encode()).hexdigest()[:16]


def link(table: Table) -> str | None:
    """The address that hands this finished table's play to BG Stats, or None while it is played."""
    found = play(table)
    if found is None:
        return None
    data = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_PLAY}?data={quote(data, safe='')}"

