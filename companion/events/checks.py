"""The checks every way into an event shares (the API, the organiser's forms, an import): one
reading of an event's setup and of player names, so a value one door refuses every door refuses.
Pure functions: no Flask, no I/O."""
from __future__ import annotations

from ..games import RuleViolation, get_game
from ..games.names import clean_name
from .standings import DEFAULT_SCHEME, SCHEMES

EVENT_NAME_MAX = 80
DATE_MAX = 20
MAX_ROUNDS = 20


def event_setup(name: object, games: object, rounds: object, scoring: object = None, date: object = None) -> dict:
    """An event's name, games, planned rounds, scoring and date, cleaned; a RuleViolation with a
    sentence for the first that is wrong."""
    clean = clean_name(name, "event name", EVENT_NAME_MAX)
    if not isinstance(games, list) or not games:
        raise RuleViolation("'games' lists the game ids the night may use.")
    ids = []
    for game in games:
        game_id = get_game(game).id
        if game_id not in ids:
            ids.append(game_id)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise RuleViolation(f"'rounds' must be a whole number from 1 to {MAX_ROUNDS}.")
    scoring = DEFAULT_SCHEME if scoring is None or scoring == "" else scoring
    if not isinstance(scoring, str) or scoring not in SCHEMES:
        raise RuleViolation(f"Unknown scoring. Choose one of: {', '.join(SCHEMES)}.")
    if date is not None and date != "":
        date = clean_name(date, "date", DATE_MAX)
    return {"name": clean, "games": ids, "rounds_planned": rounds, "scoring": scoring, "date": date or None}


def rounds_from_form(text: object) -> int:
    """The organiser form's 'rounds' field as a number, or a RuleViolation with a sentence."""
    digits = text.strip() if isinstance(text, str) else ""
    if not digits.isascii() or not digits.isdigit() or len(digits) > 3:
        raise RuleViolation(f"'rounds' must be a whole number from 1 to {MAX_ROUNDS}, such as 3.")
    return int(digits)


def player_names(names: object) -> list[str]:
    """Names typed for registration (a list, or a pasted text: one per line or comma-separated),
    each cleaned as every name is; two that would be mistaken for each other are refused."""
    if isinstance(names, str):
        names = [n for line in names.splitlines() for n in line.split(",") if n.strip()]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleViolation("'names' is a list of player names.")
    clean = [clean_name(n, "player's name") for n in names]
    if not clean:
        raise RuleViolation("Give at least one name.")
    refuse_lookalikes(clean)
    return clean


def refuse_lookalikes(names: list[str]) -> None:
    """A RuleViolation naming the first two cleaned names that are the same but for case."""
    seen: dict[str, str] = {}
    for name in names:
        other = seen.get(name.casefold())
        if other == name:
            raise RuleViolation(f"'{name}' is listed twice: give each player a different name.")
        if other is not None:
            raise RuleViolation(f"'{other}' and '{name}' would be taken for the same player: give each player a different name.")
        seen[name.casefold()] = name


def folded(name: object) -> str | None:
    """A typed name as names are compared (cleaned, case forgiven), or None if it is no name."""
    try:
        return clean_name(name).casefold()
    except RuleViolation:
        return None


def find_player(players: list[dict], name: object) -> dict | None:
    """The registered player a typed name means (cleaned, case forgiven), or None."""
    wanted = folded(name)
    return next((p for p in players if p["name"].casefold() == wanted), None)
