"""Reading an event export back in: every field is checked before anything is stored. Pure functions.

An export (EventService.export_json) names its tables by their old ids and, when the organiser
took it, carries each table's whole export. `read_export` checks the whole file and returns what
the import needs; the service then creates each table anew from its export. So an event holds
only tables that it created: an id in an import never reaches a table that is already here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..games import RuleViolation, get_game
from ..games.fields import is_int
from ..games.names import clean_name
from ..games.said import filled, said, word
from .checks import event_setup
from .registration import MAX_PLAYERS, refuse_lookalikes

EXPORT_SCHEMA = 1
# A long night (60 players, 15 tables a round, 4 rounds of Last Kyotoan Standing at ~300 actions)
# stays below this; replaying more would hold the server for seconds.
MAX_ACTIONS = 30_000
# Tables an import may create (a long night of 64 players and 6 rounds has under 100).
MAX_TABLES = 200
EXPORT_FIELDS = {"schema", "id", "name", "date", "games", "rounds_planned", "final_planned", "scoring", "created", "players",
                 "rounds", "manual", "settled", "history", "results", "standings", "tables"}
# The history a night and an import keep (its newest entries: a long night makes a few hundred).
HISTORY_MAX = 2000
DAMAGED = said("The event export is incomplete or damaged ({what}); nothing was imported.")


@dataclass
class EventImport:
    """A checked event export: the setup, players, rounds (tables by their old ids), the results
    the organiser entered (by old id), the exports of the tables played in the app (by old id),
    the conflicts settled (by old id) and the history."""

    setup: dict
    players: list[dict]
    rounds: list[dict]
    manual: dict[str, dict[str, int]] = field(default_factory=dict)
    table_exports: dict[str, dict] = field(default_factory=dict)
    settled: dict[str, dict[str, int]] = field(default_factory=dict)
    history: list[dict] = field(default_factory=list)


def read_export(data: object) -> EventImport:
    """The checked content of an event export, or a RuleViolation with a sentence."""
    if not isinstance(data, dict):
        raise RuleViolation(said("An import is an event export: an object with name, games, players and rounds."))
    unknown = sorted(set(data) - EXPORT_FIELDS)
    if unknown:
        raise RuleViolation(filled(DAMAGED, what=said("an event export has no field '{field}'", field=unknown[0][:40])))
    schema = data.get("schema", EXPORT_SCHEMA)
    if not is_int(schema):
        raise RuleViolation(said("An event export's 'schema' is a whole number."))
    if schema > EXPORT_SCHEMA:
        raise RuleViolation(said("This export comes from a newer version of the app."))
    setup = event_setup(data.get("name"), data.get("games"), data.get("rounds_planned"), data.get("scoring"), data.get("date"),
                        data.get("final_planned"))
    players = _players(data.get("players"), setup["rounds_planned"])
    rounds = _rounds(data.get("rounds"), setup, players)
    seated = {t["table_id"]: t for r in rounds for t in r["tables"]}
    exports = _table_exports(data.get("tables", {}), seated, rounds)
    manual = _manual(data.get("manual", {}), data.get("results", []), seated, exports)
    settled = data.get("settled", {})
    if not isinstance(settled, dict) or not set(settled) <= set(seated):
        raise RuleViolation(filled(DAMAGED, what=said("'settled' maps tables of the rounds to placings")))
    # Only a table recreated from its log can disagree with its entered result again.
    settled = {old_id: _places(places, seated[old_id]["players"]) for old_id, places in settled.items() if old_id in exports}
    return EventImport(setup, players, rounds, manual, exports, settled, _history(data.get("history", [])))


def _players(given: object, rounds_planned: int) -> list[dict]:
    if not isinstance(given, list):
        raise RuleViolation(filled(DAMAGED, what=said("'players' is a list of players")))
    if len(given) > MAX_PLAYERS:
        raise RuleViolation(said("A night holds at most {most} players; this export has {n}, so nothing was imported.",
                                 most=MAX_PLAYERS, n=len(given)))
    players = []
    for p in given:
        if not isinstance(p, dict) or set(p) - {"name", "checked_in", "since_round"}:
            raise RuleViolation(filled(DAMAGED, what=said("each player is {fields}", fields="{name, checked_in, since_round}")))
        present, since = p.get("checked_in", True), p.get("since_round", 1)
        if not isinstance(present, bool) or not is_int(since) \
                or not 1 <= since <= rounds_planned + 1:
            raise RuleViolation(filled(DAMAGED, what=said("a player's checked_in is true or false, since_round a round number")))
        players.append({"name": clean_name(p.get("name"), word("player's name")), "checked_in": present, "since_round": since})
    refuse_lookalikes([p["name"] for p in players])
    return players


def _rounds(given: object, setup: dict, players: list[dict]) -> list[dict]:
    # A final (final.py) may follow the planned rounds: one round more, the last.
    final = isinstance(given, list) and bool(given) and isinstance(given[-1], dict) and given[-1].get("final") is True
    if not isinstance(given, list) or len(given) > setup["rounds_planned"] + final:
        raise RuleViolation(filled(DAMAGED, what=said("'rounds' is a list of at most {n} rounds and a final", n=setup['rounds_planned'])))
    registered = {p["name"].casefold(): p["name"] for p in players}
    rounds, table_ids = [], set()
    for number, rnd in enumerate(given, start=1):
        if not isinstance(rnd, dict) or set(rnd) - {"round", "game", "games", "started", "tables", "final"} \
                or not isinstance(rnd.get("tables"), list) or not rnd["tables"]:
            raise RuleViolation(filled(DAMAGED, what=said("round {number} is {fields}", number=number,
                                                       fields="{round, games, started, tables, final}")))
        if "final" in rnd and (rnd["final"] is not True or number != len(given)):
            raise RuleViolation(filled(DAMAGED, what=said("only the last round may be the final (\"final\": true)")))
        # An export made before rounds could mix games names one "game" for all its tables.
        listed = rnd.get("games")
        default = rnd.get("game", listed[0] if isinstance(listed, list) and listed else None)
        started = rnd.get("started", "")
        tables, seated = [], set()
        for t in rnd["tables"]:
            if not isinstance(t, dict) or not {"table_id", "players"} <= set(t) <= {"table_id", "players", "game"} \
                    or not isinstance(t["table_id"], str) or not 1 <= len(t["table_id"]) <= 64 \
                    or t["table_id"] in table_ids or not isinstance(t["players"], list):
                raise RuleViolation(filled(DAMAGED, what=said("each table of round {number} is {fields} with its own id", number=number,
                                                                 fields="{table_id, game, players}")))
            game = get_game(t.get("game", default))
            if game.id not in setup["games"]:
                raise RuleViolation(filled(DAMAGED, what=said("round {number} plays {game}, which the event does not list", number=number,
                                                                 game=game.id)))
            if not game.min_players <= len(t["players"]) <= game.max_players:
                raise RuleViolation(filled(DAMAGED, what=said("a table of round {number} seats {n}; {game} is for {low} to {high}", number=number,
                                                                 n=len(t['players']), game=game.title, low=game.min_players,
                                                                 high=game.max_players)))
            names = []
            for raw in t["players"]:
                name = registered.get(clean_name(raw, word("player's name")).casefold())
                if name is None or name in seated:
                    raise RuleViolation(filled(DAMAGED, what=said("round {number} seats a player who is not registered, or seats one twice",
                                                                     number=number)))
                seated.add(name)
                names.append(name)
            table_ids.add(t["table_id"])
            tables.append({"table_id": t["table_id"], "game": game.id, "players": names})
        games = list(dict.fromkeys(t["game"] for t in tables))
        rounds.append({"round": number, "games": games, "tables": tables,
                       "started": started if isinstance(started, str) and len(started) <= 40 else "",
                       **({"final": True} if rnd.get("final") else {})})
    return rounds


def _table_exports(given: object, seated: dict[str, dict], rounds: list[dict]) -> dict[str, dict]:
    if not isinstance(given, dict):
        raise RuleViolation(filled(DAMAGED, what=said("'tables' maps table ids to table exports")))
    game_of = {t["table_id"]: t["game"] for r in rounds for t in r["tables"]}
    exports, actions = {}, 0
    for old_id, export in given.items():
        entry = seated.get(old_id)
        if entry is None or not isinstance(export, dict) or not isinstance(export.get("actions"), list):
            raise RuleViolation(filled(DAMAGED, what=said("each table export belongs to a table of a round and lists its actions")))
        players = export.get("players")
        if export.get("game") != game_of[old_id] or not isinstance(players, list) or len(players) != len(entry["players"]) \
                or [clean_name(p, word("player's name")).casefold() for p in players] != [n.casefold() for n in entry["players"]]:
            raise RuleViolation(filled(DAMAGED, what=said("a table export seats other players, or plays another game, than its round says")))
        actions += len(export["actions"])
        # The table is made with the round's registered names (an export may differ in case only).
        exports[old_id] = {**export, "players": list(entry["players"])}
    if len(exports) > MAX_TABLES:
        raise RuleViolation(said("An event import creates at most {most} tables; this one has {n}.", most=MAX_TABLES,
                                 n=len(exports)))
    if actions > MAX_ACTIONS:
        raise RuleViolation(said("An event import holds at most {most} actions in all; this one has {n}.", most=MAX_ACTIONS,
                                 n=actions))
    # In seating order, so tables are created in the order the rounds list them.
    return {old_id: exports[old_id] for old_id in seated if old_id in exports}


def _manual(manual: object, results: object, seated: dict[str, dict], exports: dict[str, dict]) -> dict[str, dict[str, int]]:
    """The organiser-entered results, and the results of tables without an export (which then
    stand as organiser-entered results: there is no log to read them from)."""
    if not isinstance(manual, dict) or not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
        raise RuleViolation(filled(DAMAGED, what=said("'manual' maps table ids to placings and 'results' lists results")))
    given = dict(manual)
    for r in results:
        tid = r.get("table_id")
        if isinstance(tid, str) and tid not in exports and tid not in given and r.get("places"):
            given[tid] = r["places"]
    checked = {}
    for old_id, places in given.items():
        entry = seated.get(old_id)
        if entry is None:
            raise RuleViolation(filled(DAMAGED, what=said("a result names a table that sits in no round")))
        checked[old_id] = _places(places, entry["players"])
    return checked


def _places(places: object, players: list[str]) -> dict[str, int]:
    wrong = filled(DAMAGED, what=said("a result gives each player of its table one place from 1 to the table's size"))
    if not isinstance(places, dict) or len(places) != len(players):
        raise RuleViolation(wrong)
    by_fold = {n.casefold(): n for n in players}
    checked = {}
    for raw, place in places.items():
        name = by_fold.get(clean_name(raw, word("player's name")).casefold())
        if name is None or name in checked or not is_int(place) \
                or not 1 <= place <= len(players):
            raise RuleViolation(wrong)
        checked[name] = place
    return checked


def _history(given: object) -> list[dict]:
    """The history's entries as kept: each a flat object of short texts, numbers, empty values
    and placings (names cleaned as every name is), the newest HISTORY_MAX of them."""
    wrong = filled(DAMAGED, what=said("'history' lists entries of texts, numbers and placings"))
    if not isinstance(given, list):
        raise RuleViolation(wrong)
    entries = []
    for entry in given[-HISTORY_MAX:]:
        if not isinstance(entry, dict) or len(entry) > 12:
            raise RuleViolation(wrong)
        checked = {}
        for key, value in entry.items():
            if not isinstance(key, str) or not 1 <= len(key) <= 20:
                raise RuleViolation(wrong)
            if isinstance(value, dict):
                if len(value) > 10 or not all(is_int(p) for p in value.values()):
                    raise RuleViolation(wrong)
                value = {clean_name(n, word("player's name")): p for n, p in value.items()}
            elif isinstance(value, str):
                value = clean_name(value, word("history entry"), 80) if value.strip() else ""
            elif value is not None and (not is_int(value)):
                raise RuleViolation(wrong)
            checked[key] = value
        entries.append(checked)
    return entries
