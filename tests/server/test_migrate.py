"""`companion migrate`: a data folder the release before this store wrote (tests/data/
release-0061ece: a journal left by a crash, a log that lost its last line, a table from the first
releases, a finished game in the index, a night whose round named one game, Kyotoan games recorded
under older rules) is refused by the server with the command's name, then converted once."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion import create_app
from companion.cli import main
from companion.store import StoreError, TinyDBStore
from companion.tables import TableService

OLD = Path(__file__).parent.parent / "data" / "release-0061ece"
GANGS, FIRST_RELEASES, EVENT = "SWuc8Jxk2Xs", "IVGfHCm-tko", "lDNZS3jVbhc"
REFUSED, TAKEN, NIGHT_TABLE = "pD8XOKaiJrc", "uxGU856fS9A", "7oe3oZwrpLs"  # older-rules logs today's rules refuse / take


@pytest.fixture
def old(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(OLD, folder)
    return folder


def test_the_server_refuses_an_older_folder_naming_the_command_and_touches_nothing(old):
    before = sorted((p.relative_to(old), p.read_bytes()) for p in old.rglob("*") if p.is_file())
    with pytest.raises(StoreError, match="companion migrate"):
        create_app({"TESTING": True, "DATA_DIR": str(old)})
    assert sorted((p.relative_to(old), p.read_bytes()) for p in old.rglob("*") if p.is_file()) == before


def test_migrate_converts_every_table_night_and_listing_once(old, capsys):
    # As seated before desks had host tokens of their own, by a desk that names its maker by label
    # (revoked, and the desk it made not yet with it).
    seated = old / "tables" / f"{NIGHT_TABLE}.json"
    document = json.loads(seated.read_text())
    handed = document["table"]["1"]["record"].pop("desk_hosts") and document["table"]["1"]["record"]["host_token"]
    seated.write_text(json.dumps(document))
    night_file = old / "events" / f"{EVENT}.json"
    document = json.loads(night_file.read_text())
    document["table"]["1"]["record"]["desks"] = [
        {"id": "d1", "token": "t1", "label": "Door", "made": "2026-12-07T09:00:00+00:00", "by": "organiser",
         "revoked": "2026-12-07T10:00:00+00:00", "revoked_by": "organiser"},
        {"id": "d2", "token": "t2", "label": "Bar", "made": "2026-12-07T09:30:00+00:00", "by": "Door"}]
    night_file.write_text(json.dumps(document))

    assert main(["migrate", "--data", str(old)]) == 0
    said = capsys.readouterr().out
    assert REFUSED in said and "unconverted/" in said and TAKEN not in said
    assert not any((old / name).exists() for name in ("index.json", "index.log", "journal.log"))
    svc = TableService(TinyDBStore(old))
    gangs = svc.get(GANGS)
    assert gangs.version == 4 and len(gangs.record["redo"]) == 1  # the undo came back from the journal
    first = svc.get(FIRST_RELEASES)
    assert first.record["schema"] == 1 and first.record["seat_tokens"] == [None, None]
    taken = svc.get(TAKEN)
    assert all(e["rules"] == taken.game.rules_version for e in taken.record["actions"])
    assert (old / "unconverted" / f"{REFUSED}.json").exists() and svc.store.load_table(REFUSED) is None
    assert svc.store.table_for_code(gangs.record["join_code"]) == GANGS and svc.store.table_count() == 5  # not the one set aside
    night = svc.store.load_event(EVENT)
    revoked = "2026-12-07T10:00:00+00:00"  # Bar, made by the Door, is revoked with it
    assert [(d["by_desk"], d["revoked"]) for d in night["desks"]] == [("organiser", revoked), ("d1", revoked)]
    table = svc.get(NIGHT_TABLE)
    assert table.record["desk_hosts"] == {} and table.record["host_token"] != handed
    assert table.record["rematch_key"] == handed
    assert night["revision"] == 0 and night["rounds"][0]["games"] == ["gangs"]
    assert night["rounds"][0]["tables"][0]["game"] == "gangs"

    again = sorted((p.relative_to(old), p.read_bytes()) for p in old.rglob("*") if p.is_file())
    assert main(["migrate", "--data", str(old)]) == 0  # once is enough: a second run changes nothing
    assert sorted((p.relative_to(old), p.read_bytes()) for p in old.rglob("*") if p.is_file()) == again

    client = create_app({"TESTING": True, "DATA_DIR": str(old)}).test_client()
    assert client.get(f"/api/tables/{GANGS}").json["version"] == 4
    assert client.get(f"/api/events/{EVENT}/standings").status_code == 200


def test_a_neko_table_set_up_before_the_die_had_faces_keeps_the_die_it_was_played_with(old):
    # Its stored options name every option of its time; the app's first die took 0 to 6 and X.
    neko = TableService(TinyDBStore(old.parent / "new")).create("neko", ["Ann", "Bob"], {"first_player": 0}, seed=0)
    record = {k: v for k, v in neko.record.items() if k not in ("actions", "version")}
    record["options"] = {"first_player": 0, "sheets": None, "growth_spaces": None, "experienced": False}
    (old / "tables" / f"{neko.id}.json").write_text(json.dumps({"table": {"1": {"record": {
        **record, "version": 1, "actions": [{"seq": 1, "at": "2026-01-01T20:00:00.000+00:00", "log": [], "rules": 2, "action": {
            "type": "check", "player": 0, "skill": "hunting", "objective": 6, "die": 6, "target": "bug"}}]}}}}))
    assert main(["migrate", "--data", str(old)]) == 0
    table = TableService(TinyDBStore(old)).get(neko.id)
    assert table.state["die"] == [0, 1, 2, 3, 4, 5, 6, "X"] and table.state["players"][0]["victories"] == 1


def test_an_old_english_history_becomes_message_ids_and_a_line_it_cannot_match_stays_as_it_was(old):
    assert main(["migrate", "--data", str(old)]) == 0
    svc = TableService(TinyDBStore(old))
    entries = svc.get(GANGS).record["actions"]
    lines = [line for e in entries for line in e["log"]]
    assert lines and all(isinstance(line, dict) and line["id"] for line in lines), lines
    shown = svc.get(GANGS).log_for(svc.get(GANGS).viewer_for(None))
    assert all(isinstance(line, str) for e in shown for line in e["log"])  # a Said is its English text
    client = create_app({"TESTING": True, "DATA_DIR": str(old)}).test_client()
    assert "donne" in client.get(f"/t/{GANGS}/history?lang=fr").text


def test_a_plain_english_line_no_move_says_is_shown_as_it_is(app):
    made = app.test_client().post("/api/tables", json={"game": "gangs", "players": ["Ann", "Ben"]}).json
    service = app.extensions["companion.tables"]
    table = service.get(made["id"])
    table.record["actions"].append({"seq": 1, "version": 1, "action": {"type": "give", "to": 1}, "log": ["An old line, kept as words."],
                                    "at": "2026-12-07T10:00:00+00:00", "rules": 1})
    entries = table.log_for(table.viewer_for(None))
    assert entries[-1]["log"] == ["An old line, kept as words."]
