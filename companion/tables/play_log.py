"""What a finished table tells BG Stats (api.md, "Finished tables"): the play its push-play link
carries, and the link itself. Pure work on a table: nothing is sent anywhere; the link goes out
only when a person taps it.

Times: the log's "at" stamps are UTC, and so is the play's date (the server knows no phone's
time zone). The play starts when the table was made (players sit down and set up then), or at
its first action if that is earlier (an imported table was made when it was imported), and ends
at the last action of its log.
"""
from __future__ import annotations

import json
import random
from datetime import datetime, timezone
from urllib.parse import quote

from .table import Table

BGSTATS_PLAY = "https://app.bgstatsapp.com/createPlay.html"
LOCATION = "Kyoto Table Companion"


def play(table: Table) -> dict | None:
    """The play BG Stats logs for this table (the contract's JSON), or None while it is played."""
    state, game, record = table.state, table.game, table.record
    if not state.get("over"):
        return None
    actions = record["actions"]
    times = [t for t in (_moment(record.get("created")), _moment(actions[0].get("at")) if actions else None) if t]
    start = min(times, default=None)
    end = (_moment(actions[-1].get("at")) if actions else None) or start
    places = game.places(state)
    # Who started is what the table's setup chose (some games pass the first player card on).
    setup = game.setup(record["players"], record["options"], random.Random(record["seed"]))
    first = setup.get(game.start_field)
    out: dict = {"game": {"name": game.title, "sourceGameId": game.id, "highestWins": True}}
    if end is not None:
        out["playDate"] = end.strftime("%Y-%m-%d %H:%M:%S")
    out["durationMin"] = max(0, round((end - start).total_seconds() / 60)) if start and end else 0
    out["players"] = [
        {"name": p["name"], "rank": places[i],
         "score": p.get(game.score_field) if game.score_field else None,
         "winner": places[i] == 1, "startPlayer": first == i}
        for i, p in enumerate(state["players"])
    ]
    out["location"] = LOCATION
    return out


def link(table: Table) -> str | None:
    """The address that hands this finished table's play to BG Stats, or None while it is played."""
    found = play(table)
    if found is None:
        return None
    data = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_PLAY}?data={quote(data, safe='')}"


def _moment(stamp: object) -> datetime | None:
    """A log's time stamp as a UTC time, or None when it is no time (an imported log's text)."""
    if not isinstance(stamp, str):
        return None
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)
