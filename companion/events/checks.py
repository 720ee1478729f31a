"""A night's setup, its rounds, swaps and removals as every way in reads them (the API, the
organiser's forms, an import), so a value one door refuses every door refuses. Names:
registration.py; results: placings.py. Pure functions: no Flask, no I/O."""
from __future__ import annotations

from ..games import RuleViolation, get_game
from ..games.fields import index_text, is_int, quoted
from ..games.names import clean_name, folded
from ..games.said import said, word
from ..games.words import listed
from .registration import find_player
from .standings import DEFAULT_SCHEME, SCHEMES

EVENT_NAME_MAX = 80
DATE_MAX = 20
MAX_ROUNDS = 20
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


def untouched(record: dict, entry: dict, table) -> None:
    """RuleViolation unless a round's table `entry` (its table in the app `table`, or None) has
    neither started nor a result: only then may its players or game change."""
    if (table is not None and table.version) or entry["table_id"] in record["manual"]:
        number = next(k for r in record["rounds"] for k, t in enumerate(r["tables"], 1) if t is entry)
        done = entry["table_id"] in record["manual"] or (table is not None and table.state.get("over"))
        raise RuleViolation(said("Table {number} has a result: its players and game stay as they are.", number=number) if done else
                            said("Table {number} has started: its players and game stay as they are.", number=number))


