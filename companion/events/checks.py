"""The checks every way into an event shares (the API, the organiser's forms, an import): one
reading of an event's setup and of player names, so a value one door refuses every door refuses.
Pure functions: no Flask, no I/O."""
from __future__ import annotations

import re

from ..games import RuleViolation, get_game
from ..games.fields import index_text, is_int, quoted
from ..games.names import clean_name, folded, name_key  # noqa: F401 (name_key: moved to games/names.py; nights import it from here)
from ..games.said import said, said_n, word
from ..games.words import listed
from .standings import DEFAULT_SCHEME, SCHEMES

EVENT_NAME_MAX = 80
DATE_MAX = 20
MAX_ROUNDS = 20
# Players a night holds (registered, checked in or not). A real night is 8 to a few hundred; every
# read of a night this big (standings, pages, exports) stays under 50 ms (bench/night_bounds.py).
# Every game seats at least 2 at a table, so no round of a night this big needs more than 200
# tables: what an import may create (importing.MAX_TABLES; tests/web/test_night_bounds.py checks it).
MAX_PLAYERS = 400
# A pasted list: one name per line, or cells of a spreadsheet row (tabs), or commas and semicolons.
LIST_SEPARATORS = re.compile(r"[\r\n\t,;]+")
# Numbering or a bullet in front of a pasted name ("1. Flo", "2) Gus", "(3) Hana", "#4 Ivo",
# "5 Jo", "- Ken", "• Lu"); a name that starts with digits and goes on without a space ("2Pac")
# keeps them. A cell that is only a number (a spreadsheet's row number) is no name at all.
NUMBERING = re.compile(r"^\s*(?:\(?[#№]?\d{1,3}(?:[.):\]]\s*|\s+|$)|[-*•·–—]\s+)")
NUMBER_WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                            "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())}


def event_setup(name: object, games: object, rounds: object, scoring: object = None, date: object = None,
                final: object = None) -> dict:
    """An event's name, games, planned rounds, scoring, date and planned final (how many it seats,
    or None), cleaned; a RuleViolation with a sentence for the first that is wrong."""
    clean = clean_name(name, word("event name"), EVENT_NAME_MAX)
    if not isinstance(games, list) or not games:
        raise RuleViolation(said("'games' lists the game ids the night may use."))
    ids = []
    for game in games:
        game_id = get_game(game).id
        if game_id not in ids:
            ids.append(game_id)
    if not is_int(rounds) or not 1 <= rounds <= MAX_ROUNDS:
        raise RuleViolation(said("'rounds' must be a whole number from 1 to {most}.", most=MAX_ROUNDS))
    scoring = DEFAULT_SCHEME if scoring is None or scoring == "" else scoring
    if not isinstance(scoring, str) or scoring not in SCHEMES:
        raise RuleViolation(said("Unknown scoring. Choose one of: {schemes}.", schemes=", ".join(SCHEMES)))
    if date is not None and date != "":
        date = clean_name(date, word("date"), DATE_MAX)
    return {"name": clean, "games": ids, "rounds_planned": rounds, "scoring": scoring, "date": date or None,
            "final_planned": planned_final(final, [get_game(g) for g in ids])}


def planned_final(final: object, games: list) -> int | None:
    """How many players the night's planned final seats (None: no final planned), a number one of
    the night's `games` seats at a table; else a RuleViolation with a sentence."""
    if final is None or final == "":
        return None
    low, high = min(g.min_players for g in games), max(g.max_players for g in games)
    limits = listed([f"{g.title} {g.min_players}–{g.max_players}" for g in games])
    if not is_int(final):
        raise RuleViolation(said("'final' is how many players the night's final seats: a whole number from {low} to {high} "
                                 "({limits} players), or none for a night without a planned final.", low=low, high=high,
                                 limits=limits))
    if not any(g.min_players <= final <= g.max_players for g in games):
        raise RuleViolation(said("A final of {final} fits no table of this night's games ({limits} players): "
                                 "plan one of {low} to {high} players, or none.", final=final, limits=limits, low=low, high=high))
    return final


def round_games(given: object, event_games: list[str]) -> list:
    """The games a round is to play (one id, or a list of ids), each one the night lists, as Game
    objects in the order given; else a RuleViolation with a sentence."""
    ids = [given] if isinstance(given, str) else given
    if not isinstance(ids, list) or not ids:
        raise RuleViolation(said("Choose at least one game for the round."))
    games = []
    for game_id in ids:
        game = get_game(game_id)
        if game.id not in event_games:
            raise RuleViolation(said("This night plays {games}, not {game}.", games=[get_game(g).title for g in event_games],
                                     game=game.title))
        if game not in games:
            games.append(game)
    return games


def rounds_from_form(text: object) -> int:
    """The organiser form's 'rounds' field as a number, or a RuleViolation with a sentence (a
    number typed as a word is answered with its digits)."""
    digits = text.strip() if isinstance(text, str) else ""
    if digits.isascii() and digits.isdigit() and len(digits) <= 3:
        if not 1 <= int(digits) <= MAX_ROUNDS:
            raise RuleViolation(said("A night has from 1 to {most} rounds; {n} is not one of them.", most=MAX_ROUNDS, n=int(digits)))
        return int(digits)
    if not digits:
        raise RuleViolation(said("Type how many rounds the night has, such as 3."))
    word = NUMBER_WORDS.get(digits.casefold())
    example = f"{word}" if word else "3"
    raise RuleViolation(said("Type the number of rounds in digits, such as {example}: “{typed}” is not a number the app reads.",
                             example=example, typed=digits[:20]))


def final_from_form(text: object) -> object:
    """The organiser form's 'final' field: None when left empty (no final planned), else as
    `form_number` reads it, for `planned_final` to check."""
    return None if not isinstance(text, str) or not text.strip() else form_number(text)


def form_number(text: object) -> object:
    """A form field's digits as a whole number (spaces around them forgiven); anything else
    (blank, "5.5", "²", full-width digits, a number too long to mean anything here) as it came,
    for the check that reads it to refuse with its sentence. ("²".isdigit() is true but int("²")
    fails: `index_text` reads ASCII digits only.)"""
    number = index_text(text.strip(), 10 ** 6) if isinstance(text, str) else None
    return text if number is None else number


def pasted_names(text: str) -> list[str]:
    """The names of a pasted list: split on lines, tabs, commas and semicolons, with any
    numbering or bullet in front of a name taken off; blank entries are dropped."""
    names = (NUMBERING.sub("", part, count=1) for part in LIST_SEPARATORS.split(text))
    return [n for n in names if n.strip()]


def player_names(names: object) -> list[str]:
    """Names typed for registration (a list, or a pasted text: see `pasted_names`), each cleaned
    as every name is; two that would be mistaken for each other are refused."""
    if isinstance(names, str):
        names = pasted_names(names)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleViolation(said("'names' is a list of player names."))
    if len(names) > MAX_PLAYERS:  # refused before thousands of names are cleaned one by one
        raise RuleViolation(said("A night holds at most {most} players; this list names {n}.", most=MAX_PLAYERS, n=len(names)))
    clean = [clean_name(n, word("player's name")) for n in names]
    if not clean:
        raise RuleViolation(said("Give at least one name."))
    refuse_lookalikes(clean)
    return clean


def room_for(registered: int, adding: int) -> None:
    """A RuleViolation naming the limit when `adding` more players would take a night that has
    `registered` past MAX_PLAYERS."""
    if registered + adding > MAX_PLAYERS:
        room = MAX_PLAYERS - registered
        raise RuleViolation(said("A night holds at most {most} players and this one has {registered}: room for {room} more, "
                                 "not {adding}. Nobody was registered.", most=MAX_PLAYERS, registered=registered, room=room,
                                 adding=adding))


def refuse_lookalikes(names: list[str]) -> None:
    """A RuleViolation naming the first two cleaned names that are the same but for case."""
    seen: dict[str, str] = {}
    for name in names:
        other = seen.get(name.casefold())
        if other == name:
            raise RuleViolation(said("'{name}' is listed twice: give each player a different name.", name=name))
        if other is not None:
            raise RuleViolation(said("'{other}' and '{name}' would be taken for the same player: give each player a different name.",
                                     other=other, name=name))
        seen[name.casefold()] = name


def find_player(players: list[dict], name: object) -> dict | None:
    """The registered player a typed name means (cleaned, case forgiven), or None."""
    wanted = folded(name)
    return next((p for p in players if p["name"].casefold() == wanted), None)


def places_from_placings(placings: object, players: list[str], where: dict) -> dict[str, int]:
    """Placings best first (each a name, or a list of names sharing that place) as {name: place},
    every player of the table once; else a RuleViolation naming the table (`where`: its table and
    round numbers) and the player."""
    if not isinstance(placings, list) or not placings:
        raise RuleViolation(said("Table {table} of round {round}: list its players best first ({players}).", **where,
                                 players=players))
    ranked = []
    for entry in placings:
        group = entry if isinstance(entry, list) and entry else [entry]
        ranked.append([_seated(name, players, where) for name in group])
    return _places(ranked, players, where)


def places_from_numbers(numbers: dict[str, object], players: list[str], where: dict) -> dict[str, int]:
    """Places typed or tapped per player ({name: "1", ...}; equal numbers are a tie; "1, 1, 2" is
    read as 1, 1, 3) as {name: place}; a player without a number is named in the sentence."""
    missing = [p for p in players if not str(numbers.get(p, "")).strip()]
    if missing:
        raise RuleViolation(unplaced(missing, where))
    given = {}
    for name in players:
        text = str(numbers[name]).strip()
        if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= len(players):
            raise RuleViolation(said("Table {table} of round {round}: {name}'s place is a number from 1 to {n}.", **where,
                                     name=name, n=len(players)))
        given[name] = int(text)
    order = sorted(set(given.values()))
    return _places([[n for n in players if given[n] == k] for k in order], players, where)


def _seated(name: object, players: list[str], where: dict) -> str:
    wanted = folded(name)
    found = next((p for p in players if p.casefold() == wanted), None)
    if found is None:
        shown = name if isinstance(name, str) else "?"
        raise RuleViolation(said("Table {table} of round {round}: “{typed}” does not play there; its players are {players}.",
                                 **where, typed=shown[:40], players=players))
    return found


def _places(ranked: list[list[str]], players: list[str], where: dict) -> dict[str, int]:
    # Competition ranking: two sharing first place are both 1st, the next is 3rd.
    places, place = {}, 1
    for group in ranked:
        for name in group:
            if name in places:
                raise RuleViolation(said("Table {table} of round {round}: {name} is placed twice.", **where, name=name))
            places[name] = place
        place += len(group)
    missing = [p for p in players if p not in places]
    if missing:
        raise RuleViolation(unplaced(missing, where))
    return places


def unplaced(missing: list[str], where: dict):
    """The sentence naming the players of a table (`where`) who have no place yet."""
    return said_n("Table {table} of round {round}: {names} has no place yet; place every player.",
                  "Table {table} of round {round}: {names} have no place yet; place every player.", len(missing),
                  **where, names=missing)


def seated_names(record: dict) -> set[str]:
    """Everyone who has sat at a table of the night (case forgiven), in any round."""
    return {n.casefold() for rnd in record["rounds"] for t in rnd["tables"] for n in t["players"]}


def removable(record: dict, names: list[str]) -> list[dict]:
    """The registered players `names` mean, if none of them has sat at a table: a name typed wrong
    (or a player gone before their first round) leaves the night; one who has sat keeps their
    results and is checked out instead (a RuleViolation says so, and nobody is removed)."""
    found, seated = [], seated_names(record)
    for name in names:
        player = find_player(record["players"], name)
        if player is None:
            raise RuleViolation(said("'{name}' is not registered for this night: check the spelling. Nobody was removed.", name=name))
        if player["name"].casefold() in seated:
            raise RuleViolation(said("{name} has sat at a table tonight, so their results stay: check them out "
                                     "instead. Nobody was removed.", name=player['name']))
        found.append(player)
    return found


def swap_seats(record: dict, rnd: dict, a: object, b: object) -> tuple[tuple[dict, int], tuple[dict, int]]:
    """Where the two players a swap names sit in round `rnd` (table entry, seat), or a
    RuleViolation saying which name is wrong: unknown, not seated this round, the same player
    twice, or two players of one table."""
    spots = {name.casefold(): (t, k) for t in rnd["tables"] for k, name in enumerate(t["players"])}
    for name in (a, b):
        if folded(name) not in spots:
            known = find_player(record["players"], name)
            raise RuleViolation(said("{name} has no seat in round {round}.", name=known['name'], round=rnd['round']) if known else
                                said("'{name}' is not registered for this night: check the spelling.", name=quoted(name)))
    if folded(a) == folded(b):
        raise RuleViolation(said("Those are the same player: name two players to swap."))
    first, second = spots[folded(a)], spots[folded(b)]
    if first[0] is second[0]:
        raise RuleViolation(said("They sit at the same table already."))
    return first, second


def checked_result(results: list[dict], table_id: object, placings: object) -> tuple[dict, dict[str, int]]:
    """The result row of `table_id` among a night's `results` and the places `placings` gives its
    players (a list best first, or the form's {name: place number}); RuleViolation for either."""
    entry = next((r for r in results if r["table_id"] == table_id), None)
    if entry is None:
        raise RuleViolation(said("That table is not part of this event: reload the page to see the tables as they are."))
    where = {"table": entry['table'], "round": entry['round']}
    if isinstance(placings, dict):
        return entry, places_from_numbers(placings, entry["players"], where)
    return entry, places_from_placings(placings, entry["players"], where)


def untouched(record: dict, entry: dict, table) -> None:
    """RuleViolation unless a round's table `entry` (its table in the app `table`, or None) has
    neither started nor a result: only then may its players or game change."""
    if (table is not None and table.version) or entry["table_id"] in record["manual"]:
        number = next(k for r in record["rounds"] for k, t in enumerate(r["tables"], 1) if t is entry)
        done = entry["table_id"] in record["manual"] or (table is not None and table.state.get("over"))
        raise RuleViolation(said("Table {number} has a result: its players and game stay as they are.", number=number) if done else
                            said("Table {number} has started: its players and game stay as they are.", number=number))


def registrable(record: dict, names: list[str], more=()) -> None:
    """A RuleViolation when one of `names` (cleaned) cannot be registered at the night `record`:
    registered already (`unregistered`), or refused by one of `more` checks, each (record, names)."""
    unregistered(record["players"], names)
    for check in more:
        check(record, names)


def unregistered(players: list[dict], names: list[str]) -> None:
    """RuleViolation, saying what to do, when one of `names` is registered already (case forgiven)."""
    for name in names:
        known = find_player(players, name)
        if known is not None:
            if not known["checked_in"]:  # a player who left and came back is checked in again
                raise RuleViolation(said("{name} is already registered (typed “{typed}”), and checked out: if it is the same "
                                         "player back, tap Check in beside {name}; if not, give the new player a "
                                         "different name. Nobody was registered.", name=known['name'], typed=name)
                                    if known["name"] != name else
                                    said("{name} is already registered, and checked out: if it is the same "
                                         "player back, tap Check in beside {name}; if not, give the new player a "
                                         "different name. Nobody was registered.", name=known['name']))
            raise RuleViolation(said("{name} is already registered (typed “{typed}”): take that name off the list, or give "
                                     "the new player a different name. Nobody was registered.", name=known['name'], typed=name)
                                if known["name"] != name else
                                said("{name} is already registered: take that name off the list, or give "
                                     "the new player a different name. Nobody was registered.", name=known['name']))
