"""A night from the players' side (api.md, v4 "Nights from the players' side"): checking in by
QR code from a phone, what that phone is shown of its player's night, and the players the desk
takes off. Pure functions: no Flask, no I/O.

The check-in code's key is not stored: it is derived from the event's organiser token (an HMAC),
so every night has one, nights made before this existed and imported ones included, and knowing
the key tells nothing of the token. A phone that checks in holds its player's own token; the
record keeps who holds which name in "phones" ({"name", "token", "own"}: "own" when the phone
registered the name itself, rather than claiming one the organiser registered). Player tokens are
never exported and never in GET /api/events/<id>, which lists "players" without them.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

from ..games import RuleViolation
from ..games.names import clean_name, name_key
from ..games.said import said, word
from ..games.words import listed
from ..tables import same_secret
from .checks import removable, seated_names
from .clock import view as clock_view
from .final import is_final
from .records import note
from .registration import find_player, room_for


class WrongKey(RuleViolation):
    """The check-in link's key is not this night's (mistyped, cut short, or of another night)."""


class NameTaken(RuleViolation):
    """Another phone checked in under this name."""


def checkin_key(record: dict) -> str:
    """The key the night's check-in link carries (`?key=`): the same for the whole night."""
    digest = hmac.new(record["token"].encode(), b"checkin:" + record["id"].encode(), hashlib.sha256).hexdigest()
    return digest[:20]


def check_key(record: dict, key: object) -> None:
    """WrongKey, with what to do, unless `key` is this night's check-in key."""
    if not isinstance(key, str) or not same_secret(checkin_key(record), key):
        raise WrongKey(said("This check-in link is not this night's (it may be cut short): scan the check-in code "
                            "on the big screen, the desk or the printed pairings again."))


def holder(record: dict, token: object) -> str | None:
    """The registered player a phone's token stands for, or None (no such token, or a name the
    organiser has since taken off the night)."""
    if not isinstance(token, str) or not token:
        return None
    entry = next((p for p in record.get("phones", []) if same_secret(p["token"], token)), None)
    if entry is None:
        return None
    player = find_player(record["players"], entry["name"])
    return player["name"] if player else None


def join(record: dict, typed: object, held: object = None, checks=()) -> tuple[str, str]:
    """Register and check in the player `typed` names, for a phone holding `held` (its player token
    for this night, if any); returns (the registered name, this phone's player token).

    A name no one registered is registered; one the organiser registered that no phone holds is
    claimed; one another phone holds is refused (NameTaken); the phone's own name again keeps its
    token. A new name passes registration's own `checks` (a league's: one person, one spelling a
    night). A phone is one player: checked in under another name, it lets go of the first (a name
    it registered itself and that never sat at a table is taken off: a typo corrected)."""
    name = clean_name(typed, word("name"))
    player = _registered(record, name)
    phones = list(record.get("phones", []))
    mine = next((p for p in phones if isinstance(held, str) and held and same_secret(p["token"], held)), None)
    if player is not None:
        taken = next((p for p in phones if p["name"] == player["name"]), None)
        if taken is not None and taken is not mine:
            raise NameTaken(said("{name} is checked in on another phone already. If that is someone else, "
                                 "type your name as the organiser should show it (with your surname's initial, say); "
                                 "if it is you on a new phone, ask the organiser to let this phone check in as {name}.",
                                 name=player['name']))
        if taken is not None and taken is mine:
            player["checked_in"] = True
            return player["name"], mine["token"]
    else:
        for check in checks:
            check(record, [name])
        room_for(len(record["players"]), 1)
    if mine is not None:
        phones.remove(mine)
        _let_go(record, mine)
    own = player is None
    if own:
        player = {"name": name, "checked_in": True, "since_round": len(record["rounds"]) + 1}
        record["players"] = [*record["players"], player]
    player["checked_in"] = True
    token = secrets.token_urlsafe(24)
    record["phones"] = [*phones, {"name": player["name"], "token": token, "own": own}]
    return player["name"], token


def removed(record: dict, names: list[str], who: str) -> None:
    """The desk `who` takes players who never sat off the night (`checks.removable`), and their phones."""
    gone = removable(record, names)
    record["players"] = [p for p in record["players"] if p not in gone]
    forget(record, [p["name"] for p in gone])
    note(record, who, "remove", text=f"removed {listed([p['name'] for p in gone])} (never seated)")


def forget(record: dict, names: list[str]) -> None:
    """Let go of the phones holding `names` (players taken off the night): the name is free again."""
    gone = {n.casefold() for n in names}
    if record.get("phones"):
        record["phones"] = [p for p in record["phones"] if p["name"].casefold() not in gone]


def release(record: dict, typed: object) -> str:
    """Let go of the phone holding the player `typed` names (their phone died: a new one may check
    in as them, and the old one's token opens nothing); returns the registered name, or a
    RuleViolation saying why not."""
    player = find_player(record["players"], typed)
    if player is None:
        raise RuleViolation(said("'{name}' is not registered for this night: check the spelling.", name=clean_name(typed, word("name"))))
    if player["name"] not in by_phone(record):
        raise RuleViolation(said("No phone is checked in as {name}: any phone may check in under that name.", name=player['name']))
    forget(record, [player["name"]])
    return player["name"]


def by_phone(record: dict) -> set[str]:
    """The registered names a phone holds (the desk marks them)."""
    return {p["name"] for p in record.get("phones", [])}


def my_night(record: dict, name: str, standings: list[dict], at: float, ended: bool = False) -> dict:
    """What GET /api/events/<id>/me replies for `name` (without `play_url`, which the web layer
    adds: the table's "table_id" stands in for it): the latest round, this player's table in it
    (number, game, 0-based seat, players) or None, the clock of that table (the round's without a
    table), the player's standing (rank, points, played) once a result counts, and whether the
    round is the night's final (whose phones not at it are told why they have no seat); once the
    night has `ended` ("over"), no clock runs, as GET /api/events/<id>/clock says."""
    rnd = record["rounds"][-1] if record["rounds"] else None
    table = None
    for number, t in enumerate(rnd["tables"] if rnd else [], start=1):
        if name in t["players"]:
            table = {"number": number, "game": t["game"], "seat": t["players"].index(name), "players": list(t["players"]),
                     "table_id": t["table_id"]}
    clock = clock_view(record, at, ended)
    figures = {k: clock[k] for k in ("round", "running", "paused", "ends_at", "remaining_s", "minutes")}
    if table is not None:
        figures.update(clock["tables"].get(table["table_id"], {}))
    row = next((r for r in standings if r["name"] == name), None)
    player = find_player(record["players"], name)
    return {"name": name, "round": rnd["round"] if rnd else None, "final": bool(rnd) and is_final(rnd), "over": ended,
            "table": table, "clock": figures,
            "checked_in": bool(player and player["checked_in"]),
            "standing": {k: row[k] for k in ("rank", "points", "played")} if row and row["played"] else None}


def _registered(record: dict, name: str) -> dict | None:
    """The registered player a typed name means: as registration compares (case forgiven), else the
    one player whose name matches with accents and full-width letters forgiven too (a phone's
    keyboard may not offer "É")."""
    player = find_player(record["players"], name)
    if player is not None:
        return player
    key = name_key(name)
    found = [p for p in record["players"] if name_key(p["name"]) == key]
    return found[0] if len(found) == 1 else None


def _let_go(record: dict, entry: dict) -> None:
    # A name this phone registered itself and that never sat is a typo being corrected: it leaves.
    if entry.get("own") and entry["name"].casefold() not in seated_names(record):
        record["players"] = [p for p in record["players"] if p["name"] != entry["name"]]
