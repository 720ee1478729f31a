"""What the event pages show, read from the service: the current round with each table's state,
standings, results, conflicts, the desks. The pages draw from this and work out no rule again.
No Flask: the web layer passes what it knows about the phone (whether it holds a desk).
"""
from __future__ import annotations

from ..games import all_games
from .checks import folded
from .desks import desk_for, open_desks
from .service import EventService
from .standings import EXPLANATIONS, SCHEMES


def page_context(service: EventService, record: dict, token: str | None = None, desk: bool = False) -> dict:
    """Everything an event template needs. The results that disagree only when `token` opens the
    desk; a table's way in (play token, join code) and the desks only for the desk's own page
    (`desk`): the players' page and the big screen are open to anyone."""
    organiser = desk_for(record, token)
    desk = desk and organiser is not None
    rows = service.results(record)
    results = {r["table_id"]: r for r in rows}
    current = record["rounds"][-1] if record["rounds"] else None
    seats = []
    for t in current["tables"] if current else []:
        table = service.own_table(record, t["table_id"])  # None: played on paper
        seat = {**t, "result": results[t["table_id"]], "in_app": table is not None,
                "version": table.version if table else 0, "over": bool(table and table.state.get("over"))}
        if desk and table is not None:
            seat.update(play_token=table.record["play_token"], join_code=table.record["join_code"])
        seats.append(seat)
    return {
        "event": record, "current": current, "seats": seats, "standings": service.standings(record, rows),
        "results": rows, "games": {g.id: g for g in all_games()},
        "conflicts": service.conflicts(record, rows) if organiser else [],
        "blocker": service.round_blocker(record, rows),
        "this_desk": organiser if desk else None, "desks": open_desks(record) if desk else [],
        "explanations": EXPLANATIONS, "scheme_text": SCHEMES[record["scoring"]][0],
    }


def find_seat(record: dict, rows: list[dict], typed: object) -> dict:
    """Where a player typed by name sits in the current round: the registered players the name
    means (the same name, case and spaces forgiven; else every name containing it), each with
    table number, game, seat, the others at the table and the table's result if it has one."""
    wanted = folded(typed)
    if not wanted:
        return {"typed": "", "found": []}
    players = [p["name"] for p in record["players"]]
    names = [n for n in players if n.casefold() == wanted] or [n for n in players if wanted in n.casefold()]
    number = len(record["rounds"])
    current = [r for r in rows if r["round"] == number]
    found = []
    for name in names:
        row = next((r for r in current if name in r["players"]), None)
        seat = {"name": name, "table": None}
        if row is not None:
            seat.update(table=row["table"], game=row["game"], seat=row["players"].index(name) + 1, size=len(row["players"]),
                        others=[n for n in row["players"] if n != name],
                        place=(row["places"] or {}).get(name))
        found.append(seat)
    return {"typed": typed.strip(), "found": found, "round": number}
