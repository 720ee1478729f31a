"""What the event pages show, read from the service: the current round with each table's state,
standings, results, conflicts, the desks. The pages draw from this and work out no rule again.
No Flask: the web layer passes what it knows about the phone (whether it holds a desk).
"""
from __future__ import annotations

from ..games import all_games
from ..games.names import name_key
from .checks import folded, seated_names
from .desks import desk_for, open_desks
from .final import blocker as final_blocker
from .final import had_final
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
    games = {g.id: g for g in all_games()}
    seats = []
    for number, t in enumerate(current["tables"] if current else [], start=1):
        table = service.own_table(record, t["table_id"])  # None: played on paper
        result = results[t["table_id"]]
        seat = {**t, "number": number, "result": result, "in_app": table is not None,
                "version": table.version if table else 0, "over": bool(table and table.state.get("over")),
                # Untouched: nobody has played a move or entered a result, so seats and game may change.
                "untouched": not (table and table.version) and t["table_id"] not in record["manual"] and not result["places"]}
        if desk and table is not None:
            seat.update(play_token=table.record["play_token"], join_code=table.record["join_code"])
        seat["other_games"] = [g for g in record["games"] if g != t["game"]
                               and games[g].min_players <= len(t["players"]) <= games[g].max_players] if seat["untouched"] else []
        seats.append(seat)
    standings = service.standings(record, rows)
    blocker = service.round_blocker(record, rows)
    final = service.ended(record, rows)
    present = sum(1 for p in record["players"] if p["checked_in"])
    return {
        "event": record, "current": current, "seats": seats, "standings": standings, "results": rows, "games": games,
        "done": bool(seats) and all(s["result"]["places"] for s in seats),
        "conflicts": service.conflicts(record, rows) if organiser else [],
        "blocker": blocker, "final": final, "final_blocker": final_blocker(record, rows), "has_final": had_final(record),
        # The planned final is the desk's next step once the planned rounds are seated (no round may follow them).
        "final_next": bool(record.get("final_planned")) and not had_final(record)
        and len(record["rounds"]) >= record["rounds_planned"],
        "final_pick": final_pick(record, games, present),
        "podium": [r for r in standings if r["rank"] <= 3 and r["played"]] if final else [],
        "present": present,
        "seated": seated_names(record),  # who has sat at a table: the others may be removed (a typo)
        "this_desk": organiser if desk else None, "desks": open_desks(record) if desk else [],
        "explanations": EXPLANATIONS, "scheme_text": SCHEMES[record["scoring"]][0],
    }


def final_pick(record: dict, games: dict, present: int) -> dict:
    """What the desk's final form offers first: the planned number (else 4, or fewer with fewer
    players here) and the first of the night's games whose table seats that many."""
    top = record.get("final_planned") or min(4, present)
    fits = [g for g in record["games"] if games[g].min_players <= top <= games[g].max_players]
    return {"top": top, "game": (fits or record["games"])[0]}


def seated_by_name(record: dict, seats: list[dict]) -> list[dict]:
    """Every registered player in alphabetical order (accents and case forgiven) with where they
    sit in the current round (`seats` from page_context): table number, game, seat; table None
    for a player not seated this round (arrived late, or checked out)."""
    where = {name: {"table": s["number"], "game": s["game"], "seat": k} for s in seats
             for k, name in enumerate(s["players"], start=1)}
    names = sorted((p["name"] for p in record["players"]), key=lambda n: (_plain(n), n))
    return [{"name": n, "table": None, **where.get(n, {})} for n in names]


def find_seat(record: dict, rows: list[dict], typed: object) -> dict:
    """Where a player typed by name sits in the current round: the registered players the name
    means (the same name, case, spaces and accents forgiven; else every name containing it), each with
    table number, game, seat, the others at the table and the table's result if it has one."""
    wanted = folded(typed)
    if not wanted:
        return {"typed": "", "found": []}
    wanted = _plain(wanted)
    players = [p["name"] for p in record["players"]]
    names = [n for n in players if _plain(n) == wanted] or [n for n in players if wanted in _plain(n)]
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


def _plain(name: str) -> str:
    # "Élodie" is found by "elodie": a phone's keyboard may not offer the accent.
    return name_key(name) or ""
