"""A night's rounds as its desk changes them: a round or the final seated, two seats swapped, a
table's game changed. Pure deciders (records.Decided): `draft` makes a table without storing it
(TableService.draft), `found(table id)` is the night's own table of an id (None: on paper), `desk`
the desk making the change (desks.desk_for) and `who` its name in the history."""
from __future__ import annotations

import random
import secrets

from ..games import RuleViolation
from ..games.said import said
from ..games.words import listed
from .checks import round_games, swap_seats, untouched
from .final import blocker as final_blocker
from .final import finalists
from .reading import night_standings, round_blocker
from .records import Decided, met, note, now
from .seating import round_seating


def next_round(record: dict, games: object, rows: list[dict], draft, desk: dict) -> Decided:
    """Seat the checked-in players at new tables of one game (an id) or several (a list of ids:
    tables of each, each within its game's limits), grouped by the standings (`rows`: the night's
    results) after the first round; its reply is the round."""
    chosen = round_games(games, record["games"])
    blocker = round_blocker(record, rows)
    if blocker:
        raise RuleViolation(blocker)
    present = [p["name"] for p in record["players"] if p["checked_in"]]
    number = len(record["rounds"]) + 1
    order = [row["name"] for row in night_standings(record, rows) if row["name"] in present] if record["rounds"] else None
    try:
        plan, rng = round_seating(number, record["seed"], present, [(g.id, g.min_players, g.max_players) for g in chosen],
                                  order, met(record))
    except ValueError as exc:
        raise RuleViolation(said("Cannot start the round: {why}", why=exc.args[0])) from None
    return seated(record, desk, draft, [g.id for g in chosen], plan, rng)


def seated_final(record: dict, rows: list[dict], top: object, game_id: object, draft, desk: dict) -> Decided:
    """One table of the best `top` players by the standings, seated by standing, playing
    `game_id`; its reply is the round (with "final": true)."""
    blocked = final_blocker(record, rows)
    if blocked:
        raise RuleViolation(blocked)
    game, names = finalists(record, night_standings(record, rows), top, game_id)
    rng = random.Random(record["seed"] * 1000 + len(record["rounds"]) + 1)  # as a round's (seating.round_seating)
    done = seated(record, desk, draft, [game.id], [(game.id, names)], rng, final=True)
    note(record, desk["label"], "final", text=f"seated the final: {game.title} for {listed(names)}")
    return done


def seated(record: dict, desk: dict, draft, games: list[str], plan: list, rng: random.Random, **mark) -> Decided:
    """A new round of the planned tables ((game id, names) each), seeded from `rng`; its reply is
    the round as the API replies it (host tokens: the `desk`'s). The earlier rounds' tables close:
    an undo there would change the standings it was seated from (the desk corrects, and it shows)."""
    number, tables, drafts = len(record["rounds"]) + 1, [], []
    for game_id, names in plan:
        drafts.append(draft(game_id, names, {}, rng.randrange(1 << 30)))
        tables.append({"table_id": drafts[-1].id, "token": drafts[-1].record["desk_hosts"][desk["id"]], "game": game_id, "players": names})
    record["rounds"].append({"round": number, "games": games, "tables": [
        {k: t[k] for k in ("table_id", "game", "players")} for t in tables], "started": now(), **mark})
    closed = [("close", t["table_id"], (record["name"], rnd["round"])) for rnd in record["rounds"][:-1] for t in rnd["tables"]]
    return Decided({"round": number, "tables": tables, **mark}, drafts, closed)


def swapped(record: dict, a: object, b: object, found, draft, who: str) -> Decided:
    """Swap two players' seats in the current round (only while both tables are untouched): both
    tables are made anew and the old ones retired."""
    rnd = current(record)
    (ta, ka), (tb, kb) = swap_seats(record, rnd, a, b)
    for t in (ta, tb):
        untouched(record, t, found(t["table_id"]))
    ta["players"][ka], tb["players"][kb] = tb["players"][kb], ta["players"][ka]
    done = renewed(record, [ta, tb], draft)
    number = {id(t): k for k, t in enumerate(rnd["tables"], start=1)}
    note(record, who, "swap", text=f"swapped {ta['players'][ka]} (now at table {number[id(ta)]}) and "
         f"{tb['players'][kb]} (now at table {number[id(tb)]}) in round {rnd['round']}")
    return done


def regamed(record: dict, table_id: object, game_id: object, found, draft, who: str) -> Decided:
    """Give a table of the current round another of the night's games (only while it is
    untouched, and only a game its players' number fits): it is made anew, the old one retired."""
    rnd = current(record)
    entry = next((t for t in rnd["tables"] if t["table_id"] == table_id), None)
    if entry is None:
        raise RuleViolation(said("That table is not in the current round: reload the page to see the tables as they are."))
    game = round_games(game_id, record["games"])[0]
    number = rnd["tables"].index(entry) + 1
    if not game.min_players <= len(entry["players"]) <= game.max_players:
        raise RuleViolation(said("Table {number} seats {n}; {game} is for {low} to {high} players.", number=number,
                                 n=len(entry['players']), game=game.title, low=game.min_players, high=game.max_players))
    untouched(record, entry, found(entry["table_id"]))
    entry["game"] = game.id
    if game.id not in rnd["games"]:
        rnd["games"].append(game.id)
    done = renewed(record, [entry], draft)
    note(record, who, "game", text=f"table {number} of round {rnd['round']} plays {game.title}")
    return done


def renewed(record: dict, entries: list[dict], draft) -> Decided:
    """Give each table of `entries` a new table (new tokens: the old play link plays no more), the old retired."""
    drafts, old = [], []
    for entry in entries:
        old.append(entry["table_id"])
        drafts.append(draft(entry["game"], entry["players"], {}, secrets.randbits(30)))
        entry["table_id"] = drafts[-1].id
    return Decided(drafts=drafts, marks=[("retire", table_id, (record["name"],)) for table_id in old])


def current(record: dict) -> dict:
    """The night's current round, or a sentence saying none has started."""
    if not record["rounds"]:
        raise RuleViolation(said("No round has started."))
    return record["rounds"][-1]
