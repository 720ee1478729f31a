"""The night's final: one table of the best `top` players by the standings, seated by standing
(seat 0 is the leader), playing one of the night's games within its player limits. Pure
functions (rounds.seated_final seats it).

A final may follow the night's planned rounds (or cut the night short after any round); the
night ends with it. Once it has a result, its players top the standings in their final places
(`by_final`); every point still counts. Only checked-in players are seated; a tie at the cut is
broken as the standings break it, and the desk sees who is seated first (docs/rulings.md).
"""
from __future__ import annotations

from ..games import RuleViolation
from ..games.fields import is_int
from ..games.said import Said, said, said_n
from .checks import round_games


def is_final(rnd: dict) -> bool:
    """Whether a round of the night is its final."""
    return bool(rnd.get("final"))


def had_final(record: dict) -> bool:
    """Whether the night has seated its final already."""
    return any(is_final(rnd) for rnd in record["rounds"])


def blocker(record: dict, results: list[dict]) -> Said | None:
    """Why a final cannot be seated now (a sentence), or None when it can: a round must have been
    played, every table of it must have a result (the standings are what seats it), and a night
    has one final."""
    if not record["rounds"]:
        return said("No round has been played yet: a final seats the best of the standings, so play a round first.")
    if had_final(record):
        return said("The night's final has been seated already: the night ends with it.")
    playing = [r for r in results if r["places"] is None]
    if playing:
        return said_n("Round {round} still has {n} table without a result ({tables}): the final is seated from the "
                      "standings once every table has one.",
                      "Round {round} still has {n} tables without a result ({tables}): the final is seated from the "
                      "standings once every table has one.", len(playing), round=len(record['rounds']),
                      tables=[str(r['table']) for r in playing])
    return None


def finalists(record: dict, standings: list[dict], top: object, game_id: object) -> tuple[object, list[str]]:
    """The final's game and its players, best first (the table's seats in order); a sentence for
    a game the night does not play, a `top` that is not a whole number, or one outside the game's
    player limits or above the players checked in."""
    game = round_games(game_id, record["games"])[0]
    if not is_int(top):
        raise RuleViolation(said("'top' is how many players the final seats: a whole number from {low} to {high} for {game}.",
                                 low=game.min_players, high=game.max_players, game=game.title))
    if not game.min_players <= top <= game.max_players:
        raise RuleViolation(said("{game} is for {low} to {high} players: a final of {top} cannot play it. Choose another "
                                 "number or another game.", game=game.title, low=game.min_players, high=game.max_players,
                                 top=top))
    present = {p["name"] for p in record["players"] if p["checked_in"]}
    ranked = [row["name"] for row in standings if row["name"] in present]
    if top > len(ranked):
        raise RuleViolation(said("Only {n} players are checked in: a final of {top} cannot be seated.", n=len(ranked), top=top))
    return game, ranked[:top]


def final_places(record: dict, results: list[dict]) -> dict[str, int] | None:
    """The final's placings once it has a result (None before, or on a night without a final)."""
    number = next((rnd["round"] for rnd in record["rounds"] if is_final(rnd)), None)
    return next((r["places"] for r in results if r["round"] == number and r["places"]), None)


def by_final(rows: list[dict], places: dict[str, int] | None) -> list[dict]:
    """The standings rows with the final's result on top: its players ranked by their place at the
    final table (a shared place shared; the standings' order within it), each with "final": that
    place; then everyone else in the standings' order, ranked on from there (ties kept)."""
    if not places:
        return rows
    top = sorted((r for r in rows if r["name"] in places), key=lambda r: places[r["name"]])  # stable
    ranked = [{**r, "rank": places[r["name"]], "final": places[r["name"]]} for r in top]
    previous, rank = None, 0
    for k, r in enumerate((r for r in rows if r["name"] not in places), start=len(top) + 1):
        if r["rank"] != previous:
            previous, rank = r["rank"], k
        ranked.append({**r, "rank": rank})
    return ranked
