"""What a group's page and its JSON tell of its plays (api.md, "Groups, statistics and rewind"):
every finished table as a play, each player's plays, wins, win rate and games, and who beats
whom. Pure functions over the tables' finished states: no Flask, no I/O.

The same person across tables is the same name after the forgiving comparison registration uses
(case, spaces, accents, full-width letters: games.names.name_key), shown as last spelled. A win
is a first place (a shared first place is a win for each: Game.places); "beats" counts the tables
where one player finished ahead of another, so a tie beats nobody.
"""
from __future__ import annotations

from ..games.names import name_key
from ..tables import Table


def play_of(table: Table) -> dict:
    """A finished table as the group lists it: `{"table_id", "game", "ended_at", "places"}`,
    places best first (`[name, place]`; equal places in seating order)."""
    places = table.game.places(table.state)
    names = table.record["players"]
    actions = table.record["actions"]
    order = sorted(range(len(names)), key=lambda i: (places[i], i))
    return {"table_id": table.id, "game": table.record["game"], "ended_at": actions[-1]["at"] if actions else table.record.get("created"),
            "places": [[names[i], places[i]] for i in order]}


def plays_of(tables: list[Table]) -> list[dict]:
    """The group's finished tables as plays, the latest first."""
    found = [play_of(t) for t in tables if t.state.get("over")]
    return sorted(found, key=lambda p: str(p["ended_at"] or ""), reverse=True)


def _key(name: str) -> str:
    return name_key(name) or name


def players_of(plays: list[dict]) -> list[dict]:
    """Each player's `{"name", "plays", "wins", "win_rate", "by_game": {game: {"plays", "wins"}}}`,
    most wins first (then win rate, plays, name). `win_rate` is wins per play, to 3 places."""
    rows: dict[str, dict] = {}
    for play in reversed(plays):  # oldest first: the last spelling is the one shown
        for name, place in play["places"]:
            row = rows.setdefault(_key(name), {"name": name, "plays": 0, "wins": 0, "by_game": {}})
            row["name"] = name
            game = row["by_game"].setdefault(play["game"], {"plays": 0, "wins": 0})
            won = int(place == 1)
            row["plays"] += 1
            row["wins"] += won
            game["plays"] += 1
            game["wins"] += won
    for row in rows.values():
        row["win_rate"] = round(row["wins"] / row["plays"], 3)
    ordered = sorted(rows.values(), key=lambda r: (-r["wins"], -r["win_rate"], -r["plays"], r["name"].casefold()))
    return [{k: r[k] for k in ("name", "plays", "wins", "win_rate", "by_game")} for r in ordered]


def beats_of(plays: list[dict]) -> dict[str, dict[str, int]]:
    """Who beats whom: for each player's shown name, how many tables they finished ahead of each
    other player they met (only pairs that met and where one finished ahead are listed)."""
    shown = {_key(name): name for play in reversed(plays) for name, _ in play["places"]}
    ahead: dict[str, dict[str, int]] = {}
    for play in plays:
        for name, place in play["places"]:
            for other, their in play["places"]:
                if place < their:
                    row = ahead.setdefault(shown[_key(name)], {})
                    row[shown[_key(other)]] = row.get(shown[_key(other)], 0) + 1
    return ahead


def rivalries(players: list[dict], beats: dict[str, dict[str, int]]) -> list[dict]:
    """Each pair of players where one ever finished ahead of the other: `{"a", "b", "a_ahead",
    "b_ahead"}`, `a` the one listed first among the players (most wins first)."""
    pairs = []
    for k, p in enumerate(players):
        for q in players[k + 1:]:
            ahead, behind = beats.get(p["name"], {}).get(q["name"], 0), beats.get(q["name"], {}).get(p["name"], 0)
            if ahead or behind:
                pairs.append({"a": p["name"], "b": q["name"], "a_ahead": ahead, "b_ahead": behind})
    return pairs


def by_game(players: list[dict]) -> dict[str, list[dict]]:
    """The players of each game with their plays and wins there, most wins first (the page's
    "by game" tables)."""
    games: dict[str, list[dict]] = {}
    for p in players:
        for game, figures in p["by_game"].items():
            games.setdefault(game, []).append({"name": p["name"], **figures})
    return {g: sorted(rows, key=lambda r: (-r["wins"], -r["plays"], r["name"].casefold())) for g, rows in sorted(games.items())}
