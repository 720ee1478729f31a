"""Tournament nights as a service: the organiser's changes and everyone's reads.

An event record holds its setup, the organiser token, the players (checked in or not), the
rounds with their tables, and the results the organiser entered by hand. Results of tables
played with the app are read from those tables when their game ends, so a table's result
reaches the standings the moment it finishes.
"""
from __future__ import annotations

import csv
import hmac
import io
import random
import secrets
import threading
from datetime import datetime, timezone

from ..games import RuleViolation, get_game
from ..store import Store
from ..tables import NotAllowed, TableNotFound, TableService
from .seating import seat, table_sizes
from .standings import DEFAULT_SCHEME, SCHEMES, standings


class EventNotFound(LookupError):
    """No event has this id."""


class EventService:
    """Create and run tournament nights; only the organiser token changes an event."""

    def __init__(self, store: Store, tables: TableService, publish=lambda key, version: None):
        self.store = store
        self.tables = tables
        self.publish = publish
        self._lock = threading.Lock()

    # -- reading ---------------------------------------------------------------------------
    def get(self, event_id: str) -> dict:
        """The event record, or EventNotFound."""
        record = self.store.load_event(event_id) if isinstance(event_id, str) else None
        if record is None:
            raise EventNotFound(f"There is no event '{event_id}'.")
        return record

    def is_organiser(self, record: dict, token: str | None) -> bool:
        """Whether `token` is this event's organiser token."""
        return bool(token) and hmac.compare_digest(record["token"], token)

    def results(self, record: dict) -> list[dict]:
        """Every table of every round with its result (or None while it plays)."""
        rows = []
        for rnd in record["rounds"]:
            for t in rnd["tables"]:
                places, source = record["manual"].get(t["table_id"]), "organiser"
                if places is None:
                    places, source = self._app_places(t), "app"
                rows.append({"round": rnd["round"], "game": rnd["game"], "table_id": t["table_id"],
                             "players": t["players"], "places": places, "source": source if places else None})
        return rows

    def standings(self, record: dict, results: list[dict] | None = None) -> list[dict]:
        """The standings rows (see events.standings), from `results` when already read."""
        rows = self.results(record) if results is None else results
        return standings([p["name"] for p in record["players"]], [r["places"] for r in rows if r["places"]], record["scoring"])

    def _app_places(self, entry: dict) -> dict[str, int] | None:
        try:
            state = self.tables.get(entry["table_id"]).state
        except TableNotFound:
            return None
        if not state.get("over"):
            return None
        names = entry["players"]
        winners = state["winner"] if isinstance(state["winner"], list) else [state["winner"]]
        places, shared = {}, [w for w in winners if w is not None]
        for position, index in enumerate(state["standings"], start=1):
            places[names[index]] = 1 if index in shared else position
        return places

    # -- the organiser's changes -------------------------------------------------------------
    def create(self, name: object, games: object, rounds: object, scoring: object = None, date: object = None) -> dict:
        """A new event; the reply carries the organiser token."""
        if not isinstance(name, str) or not name.strip() or len(name) > 80:
            raise RuleViolation("An event needs a name of 1 to 80 characters.")
        if not isinstance(games, list) or not games:
            raise RuleViolation("'games' lists the game ids the night may use.")
        ids = [get_game(g).id for g in games]
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 20:
            raise RuleViolation("'rounds' must be a whole number from 1 to 20.")
        scoring = scoring or DEFAULT_SCHEME
        if scoring not in SCHEMES:
            raise RuleViolation(f"Unknown scoring '{scoring}'. Choose one of: {', '.join(SCHEMES)}.")
        if date is not None and (not isinstance(date, str) or len(date) > 20):
            raise RuleViolation("'date' is a short text such as 2026-12-05.")
        record = {
            "id": secrets.token_urlsafe(8), "name": " ".join(name.split()), "date": date, "games": ids,
            "rounds_planned": rounds, "scoring": scoring, "token": secrets.token_urlsafe(24),
            "seed": secrets.randbits(32), "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "players": [], "rounds": [], "manual": {},
        }
        self.store.save_event(record)
        return record

    def register(self, event_id: str, token: str | None, names: object, present: bool = True) -> dict:
        """Register players (checked in unless `present` is false); a name already there is kept."""
        def change(record):
            for name in _names(names):
                if _find(record, name) is None:
                    record["players"].append({"name": name, "checked_in": present, "since_round": len(record["rounds"]) + 1})
        return self._change(event_id, token, change)

    def checkin(self, event_id: str, token: str | None, names: object, present: object) -> dict:
        """Check players in (present) or out (absent, or dropped out)."""
        if not isinstance(present, bool):
            raise RuleViolation("'present' must be true or false.")

        def change(record):
            for name in _names(names):
                player = _find(record, name)
                if player is None:
                    raise RuleViolation(f"'{name}' is not registered for this event.")
                player["checked_in"] = present
        return self._change(event_id, token, change)

    def start_round(self, event_id: str, token: str | None, game_id: object) -> dict:
        """Seat the checked-in players at new tables of one game; returns the round."""
        created = {}

        def change(record):
            game = get_game(game_id)
            if game.id not in record["games"]:
                raise RuleViolation(f"This event plays {', '.join(record['games'])}, not {game.id}.")
            if len(record["rounds"]) >= record["rounds_planned"]:
                raise RuleViolation(f"All {record['rounds_planned']} rounds have been played.")
            playing = [r for r in self.results(record) if r["places"] is None]
            if playing:
                raise RuleViolation(f"Round {len(record['rounds'])} still has {len(playing)} table(s) without a result.")
            present = [p["name"] for p in record["players"] if p["checked_in"]]
            try:
                sizes = table_sizes(len(present), game.min_players, game.max_players)
            except ValueError as exc:
                raise RuleViolation(f"Cannot start the round: {exc}") from None
            number = len(record["rounds"]) + 1
            rng = random.Random(record["seed"] * 1000 + number)
            if record["rounds"]:
                order = [row["name"] for row in self.standings(record) if row["name"] in present]
                seating = seat(order, sizes, rng, _met(record), ranked=True)
            else:
                seating = seat(present, sizes, rng)
            tables = []
            for names in seating:
                table = self.tables.create(game.id, names, {}, rng.randrange(1 << 30), event=record["id"])
                tables.append({"table_id": table.id, "players": names, "token": table.record["host_token"]})
            record["rounds"].append({"round": number, "game": game.id, "tables": [
                {"table_id": t["table_id"], "players": t["players"]} for t in tables], "started": _now()})
            created["round"] = {"round": number, "tables": [{**t, "game": game.id} for t in tables]}
        self._change(event_id, token, change)
        return created["round"]

    def swap(self, event_id: str, token: str | None, a: object, b: object) -> dict:
        """Swap two players' seats in the current round (only while both tables are untouched)."""
        def change(record):
            if not record["rounds"]:
                raise RuleViolation("No round has started.")
            rnd = record["rounds"][-1]
            spots = {}
            for t in rnd["tables"]:
                for k, name in enumerate(t["players"]):
                    spots[name.casefold()] = (t, k)
            ta, ka = spots.get(str(a).casefold(), (None, None))
            tb, kb = spots.get(str(b).casefold(), (None, None))
            if ta is None or tb is None:
                raise RuleViolation("Both players must be seated in the current round.")
            if ta is tb:
                raise RuleViolation("They sit at the same table already.")
            for t in (ta, tb):
                if self.tables.get(t["table_id"]).version or t["table_id"] in record["manual"]:
                    raise RuleViolation("A table that has started cannot change its players.")
            ta["players"][ka], tb["players"][kb] = tb["players"][kb], ta["players"][ka]
            for t in (ta, tb):
                fresh = self.tables.create(rnd["game"], t["players"], {}, secrets.randbits(30), event=record["id"])
                t["table_id"] = fresh.id
        return self._change(event_id, token, change)

    def record_result(self, event_id: str, token: str | None, table_id: object, placings: object, correction: object = False) -> dict:
        """Placings of a table played without the app (or a correction of any table's result)."""
        if not isinstance(correction, bool):
            raise RuleViolation("'correction' must be true or false.")

        def change(record):
            entry = next((r for r in self.results(record) if r["table_id"] == table_id), None)
            if entry is None:
                raise RuleViolation(f"Table '{table_id}' is not part of this event.")
            if not isinstance(placings, list) or sorted(map(str.casefold, map(str, placings))) != sorted(n.casefold() for n in entry["players"]):
                raise RuleViolation("'placings' must list each player of that table once, best first: " + ", ".join(entry["players"]) + ".")
            if entry["places"] and not correction:
                raise RuleViolation("That table already has a result; send it again with correction: true to replace it.")
            by_fold = {n.casefold(): n for n in entry["players"]}
            record["manual"][table_id] = {by_fold[str(n).casefold()]: k for k, n in enumerate(placings, start=1)}
        return self._change(event_id, token, change)

    def _change(self, event_id: str, token: str | None, change) -> dict:
        with self._lock:
            record = self.get(event_id)
            if not self.is_organiser(record, token):
                raise NotAllowed("Only the organiser (with the event's organiser token) can change the event.")
            change(record)
            self.store.save_event(record)
        self.publish(f"event:{event_id}", len(record["rounds"]))
        return record

    # -- exports ---------------------------------------------------------------------------
    def export_csv(self, record: dict) -> str:
        """Standings, then every result, as CSV (cells that a spreadsheet would run are quoted)."""
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["rank", "name", "points", "wins", "median_buchholz", "solkoff", "h2h", "played"])
        for row in self.standings(record):
            w.writerow([row["rank"], _cell(row["name"]), row["points"], row["wins"], row["median_buchholz"],
                        row["solkoff"], row["h2h"], row["played"]])
        w.writerow([])
        w.writerow(["round", "game", "table", "place", "name", "source"])
        for r in self.results(record):
            for name, place in sorted((r["places"] or {}).items(), key=lambda kv: kv[1]):
                w.writerow([r["round"], r["game"], r["table_id"], place, _cell(name), r["source"]])
        return out.getvalue()

    def import_event(self, data: object) -> dict:
        """A new event (new id and organiser token) from an export: players, rounds and results.
        Results of tables that are not on this server are kept as organiser-entered results."""
        if not isinstance(data, dict) or not isinstance(data.get("rounds"), list) or not isinstance(data.get("players"), list):
            raise RuleViolation("An import is an event export: an object with name, games, players, rounds and results.")
        record = self.create(data.get("name"), data.get("games"), data.get("rounds_planned"), data.get("scoring"), data.get("date"))
        try:
            record["players"] = [{"name": str(p["name"]), "checked_in": bool(p["checked_in"]), "since_round": int(p.get("since_round", 1))}
                                 for p in data["players"]]
            record["rounds"] = [{"round": int(r["round"]), "game": get_game(r["game"]).id, "started": str(r.get("started", "")),
                                 "tables": [{"table_id": str(t["table_id"]), "players": [str(n) for n in t["players"]]} for t in r["tables"]]}
                                for r in data["rounds"]]
            record["manual"] = {str(r["table_id"]): {str(k): int(v) for k, v in r["places"].items()}
                                for r in data.get("results", []) if r.get("places")}
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RuleViolation("The event export is incomplete or damaged: nothing was imported.") from None
        self.store.save_event(record)
        return record

    def export_json(self, record: dict) -> dict:
        """The whole event without its organiser token."""
        public = {k: v for k, v in record.items() if k not in ("token", "seed")}
        return {**public, "results": self.results(record), "standings": self.standings(record)}


def _names(names: object) -> list[str]:
    if isinstance(names, str):
        names = [n for line in names.splitlines() for n in line.split(",")]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleViolation("'names' is a list of player names.")
    clean = [" ".join(n.split()) for n in names if n.strip()]
    if not clean:
        raise RuleViolation("Give at least one name.")
    for n in clean:
        if len(n) > 40:
            raise RuleViolation(f"The name '{n[:40]}…' is longer than 40 characters.")
    return clean


def _find(record: dict, name: str) -> dict | None:
    return next((p for p in record["players"] if p["name"].casefold() == name.casefold()), None)


def _met(record: dict) -> dict[frozenset, int]:
    met: dict[frozenset, int] = {}
    for rnd in record["rounds"]:
        for t in rnd["tables"]:
            for i, a in enumerate(t["players"]):
                for b in t["players"][i + 1:]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    return met


def _cell(text: str) -> str:
    # A spreadsheet would run a cell starting with = + - @ as a formula: make it plain text.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
