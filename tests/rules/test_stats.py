"""A finished table's statistics (api.md, "Groups, statistics and rewind"): every recorded game
replayed, and each figure checked against what the game's own history says in words (the lines a
player reads), so the figures say what the table's log says."""
from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from companion.games import RuleViolation, get_game
from companion.tables import stats
from companion.tables.table import Table

from ..engine_checks import DATA

CONTRACT = {
    "kyotoan": ["turns_in_kyoto", "damage_dealt", "hearts_healed", "cards_bought", "energy_gained"],
    "gangs": ["bells", "cards_received", "refused"],
    "neko": ["checks", "criticals", "medals"],
    "bosskito": ["tokens_placed", "benefits"],
}


def played(path: Path) -> tuple[dict, dict, list[str]]:
    """A recorded game as a table's record, its last state and its history's lines."""
    rec = json.loads(path.read_text())
    game = get_game(rec["game"])
    state, lines = game.setup(rec["players"], rec["options"], random.Random(rec["seed"])), []
    for action in rec["actions"]:
        state, said = game.apply(state, action)
        lines += said
    record = {"id": "t", "game": rec["game"], "players": rec["players"], "options": game.validate_options(rec["options"], len(rec["players"])),
              "seed": rec["seed"], "version": len(rec["actions"]), "actions": [{"action": a, "at": "2026-01-01T00:00:00+00:00"} for a in rec["actions"]]}
    return record, state, lines


def said(lines: list[str], pattern: str) -> Counter:
    """How much the history's lines matching `pattern` add up to, per name (group "who"; group
    "n" the amount, else 1 a line)."""
    found: Counter = Counter()
    for line in lines:
        for m in re.finditer(pattern, line):
            found[m["who"]] += int(m["n"]) if "n" in m.groupdict() and m["n"] else 1
    return found


def figures_by_name(record: dict, state: dict) -> dict[str, dict]:
    # Some recorded games stop before the end: the fold counts them as far as they go.
    table = stats.figures(Table(record, state)) if state["over"] else stats.counted(record)
    return {p["name"]: p for p in table["players"]}


def games(prefix: str) -> list[Path]:
    return sorted(DATA.glob(f"{prefix}_game_*.json"))


@pytest.mark.parametrize("path", sorted(DATA.glob("*_game_*.json")), ids=lambda p: p.stem)
def test_every_player_has_the_contracts_figures_and_no_other(path):
    record, state, _ = played(path)
    players = list(figures_by_name(record, state).values())
    assert [p["name"] for p in players] == record["players"]
    assert all(list(p) == ["name", *CONTRACT[record["game"]]] for p in players)
    assert all(isinstance(v, int) and v >= 0 for p in players for k, v in p.items() if k != "name")


@pytest.mark.parametrize("path", games("kyotoan"), ids=lambda p: p.stem)
def test_kyotoan_figures_are_what_the_history_tells(path):
    record, state, lines = played(path)
    got = figures_by_name(record, state)
    monster = {p["name"]: f"{p['monster']} ({p['name']})" for p in state["players"]}
    by_monster = {p["monster"]: p["name"] for p in state["players"]}
    in_kyoto = said(lines, r"(?P<who>[^.]+?) gains 2★ \(starting the turn in Kyoto\)")
    energy = said(lines, r"(?P<who>[^.]+?) gains (?P<n>\d+)ϟ")
    healed = said(lines, r"(?P<who>[^.]+?) heals (?P<n>\d+)♥")
    bought = said(lines, r"(?P<who>[^.]+?) buys ")
    smashed = said(lines, r"loses (?P<n>\d+)♥ \(smashed by (?P<who>[^)]+)\)")
    for name, figures in got.items():
        assert figures["turns_in_kyoto"] == in_kyoto[monster[name]]
        assert figures["energy_gained"] == energy[monster[name]]
        assert figures["hearts_healed"] == healed[monster[name]]
        assert figures["cards_bought"] == bought[monster[name]]
        # Every smash the history names is damage dealt by the smasher (cards may deal more).
        assert figures["damage_dealt"] >= sum(n for m, n in smashed.items() if by_monster[m] == name)
    # Every ♥ a monster lost in these games was dealt by another (no Poison): the totals agree.
    lost = said(lines, r"(?P<who>[^.]+?) loses (?P<n>\d+)♥")
    assert sum(f["damage_dealt"] for f in got.values()) == sum(lost.values())
    assert sum(v for f in got.values() for k, v in f.items() if k != "name") > 0


def test_damage_a_bought_card_deals_counts_for_its_buyer():
    record, state, _ = played(DATA / "kyotoan_game_five_with_bay.json")
    # Eve's Flame Thrower took 2♥ from each of the four others; her smash later took Ann's last 2♥.
    assert figures_by_name(record, state)["Eve"]["damage_dealt"] == 4 * 2 + 2


def test_kyotoan_last_standing_in_numbers():
    record, state, _ = played(DATA / "kyotoan_game_last_standing.json")
    got = figures_by_name(record, state)
    # Bob's Cyber Kitty smashed Ann for 6♥ then 4♥; Ann hit back for 3♥ after a turn begun in Kyoto.
    assert (got["Bob"]["damage_dealt"], got["Ann"]["damage_dealt"], got["Ann"]["turns_in_kyoto"]) == (10, 3, 1)


@pytest.mark.parametrize("path", games("gangs"), ids=lambda p: p.stem)
def test_gangs_figures_are_what_the_history_tells(path):
    record, state, lines = played(path)
    got = figures_by_name(record, state)
    refused = said(lines, r"(?P<who>\w+) refuses it with their Refuse card")
    received = said(lines, r"(?:gives .+? to (?P<who>\w+)\.|^(?P<keeper>\w+) keeps )") + said(lines, r"^(?P<who>\w+) keeps ")
    received += said(lines, r"(?P<who>\w+) draws .+ for the Draw symbol")
    for name, figures in got.items():
        assert figures["refused"] == refused[name]
        assert figures["cards_received"] == received[name]
        assert figures["bells"] == next(p["bells"] for p in state["players"] if p["name"] == name)


def test_gangs_two_players_in_numbers():
    record, state, _ = played(DATA / "gangs_game_two_players.json")
    got = figures_by_name(record, state)
    assert got["Ann"] == {"name": "Ann", "bells": 13, "cards_received": 10, "refused": 0}
    assert got["Bob"] == {"name": "Bob", "bells": 0, "cards_received": 12, "refused": 1}


def test_neko_figures_are_what_the_history_tells():
    record, state, lines = played(DATA / "neko_game_two_kittens.json")
    got = figures_by_name(record, state)
    checks = said(lines, r"(?P<who>\w+) checks \w+")
    criticals = said(lines, r"(?P<who>\w+) checks [^:]+: rolls X, a critical failure")
    fights = said(lines, r"(?P<who>\w+) fights \w+: \w+ wins after (?P<n>\d+) tr") + said(lines, r"\w+ fights (?P<who>\w+): \w+ wins after (?P<n>\d+) tr")
    medals = {m["who"]: int(m["n"]) for line in lines for m in re.finditer(r"(?P<who>\w+) earns a Medal from [^(]+\((?P<n>\d+)\)", line)}
    for name, figures in got.items():
        assert figures["checks"] == checks[name] + fights[name]
        assert figures["criticals"] == criticals[name]
        assert figures["medals"] == medals[name]
    assert got["Bob"]["criticals"] == 1


def test_bosskito_figures_are_what_the_history_tells():
    record, state, lines = played(DATA / "bosskito_game_two_players.json")
    got = figures_by_name(record, state)
    placed = said(lines, r"(?P<who>\w+) places (?P<n>\d+) banana tokens?")
    won = said(lines, r"(?P<who>\w+) wins [^.]+? \(\d+\) with")
    for name, figures in got.items():
        assert figures["tokens_placed"] == placed[name] > 0
        assert figures["benefits"] == won[name]


def test_a_game_still_played_has_no_statistics_yet():
    game = get_game("gangs")
    record = {"id": "t", "game": "gangs", "players": ["Ann", "Bob"], "options": game.validate_options({}, 2), "seed": 1,
              "version": 0, "actions": []}
    with pytest.raises(RuleViolation, match="not over"):
        stats.figures(Table(record, game.setup(["Ann", "Bob"], {}, random.Random(1))))
