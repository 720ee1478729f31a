"""An undo says whose it was: every phone reads whose phone undid or redid what
("Ben's phone undid: Ann gives a 3 to Cat."); the page's Undo asks first on the phone that taps
it before it takes back another player's move entered on another phone, never for its own; a tap
that entered two steps (Last Kyotoan Standing's "Final dice: resolve") is undone as one and named
as one. The JSON API never asks (tools depend on it) and says who undid or redid what."""
from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

from companion.store.tinydb_store import TinyDBStore
from companion.tables import TableService
from tests.web.test_pages import HX, give_form

from .test_one_tap_undo import ROLL, kyotoan_table

PLAYERS = ["Ann", "Ben", "Cat"]


def said(page: str) -> str:
    """A reply's text as read: tags dropped, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", page)).split())


def gangs(app):
    """A Gangs of Kyoto table with Ann's phone and Ben's phone, each holding its seat, and a watcher."""
    host = app.test_client()
    made = host.post("/api/tables", json={"game": "gangs", "players": PLAYERS, "options": {"first_player": 0}}).json
    phones = []
    for seat in (0, 1):
        phone = app.test_client()
        phone.get(urlsplit(made["urls"]["play"]).path)
        assert phone.post(f"/t/{made['id']}/seat", data={"seat": str(seat)}).status_code == 302
        phones.append(phone)
    return made, phones


def version(app, table_id):
    return app.extensions["companion.tables"].get(table_id).version


def test_bens_phone_is_asked_before_it_undoes_anns_move_and_every_phone_reads_who_undid_it(app):
    made, (ann, ben) = gangs(app)
    tid = made["id"]
    assert ann.post(f"/t/{tid}/act", data=give_form(0, 2), headers=HX).status_code == 200
    asked = ben.post(f"/t/{tid}/undo", data={"version": "1"}, headers=HX)
    assert asked.status_code == 200
    text = said(asked.text)
    assert "Undo Ann's move? Ann gives a 3 to Cat. (entered on Ann's phone)" in text
    assert "Yes, undo Ann's move" in text and "Keep it" in text
    assert version(app, tid) == 1, "asking changes nothing"
    assert 'name="confirmed" value="1"' in asked.text and 'role="alertdialog"' in asked.text

    done = ben.post(f"/t/{tid}/undo", data={"version": "1", "confirmed": "1"}, headers=HX)
    assert done.status_code == 200 and version(app, tid) == 2
    assert "Ben's phone undid: Ann gives a 3 to Cat." in said(done.text)
    # Ann's phone and a watcher (its history) read the same sentence.
    assert "Ben's phone undid: Ann gives a 3 to Cat." in said(ann.get(f"/t/{tid}").text)
    watcher = app.test_client().get(f"/t/{tid}/watch").text
    assert "Ben's phone undid: Ann gives a 3 to Cat." in said(watcher)

    redone = ann.post(f"/t/{tid}/redo", data={"version": "2"}, headers=HX)
    assert redone.status_code == 200 and version(app, tid) == 3
    assert "Ann's phone redid: Ann gives a 3 to Cat." in said(redone.text)
    assert "Ann's phone redid: Ann gives a 3 to Cat." in said(ben.get(f"/t/{tid}").text)


def test_undoing_your_own_move_is_not_asked(app):
    made, (ann, _) = gangs(app)
    tid = made["id"]
    ann.post(f"/t/{tid}/act", data=give_form(0, 2), headers=HX)
    undone = ann.post(f"/t/{tid}/undo", data={"version": "1"}, headers=HX)
    assert undone.status_code == 200 and version(app, tid) == 2
    assert "Undo Ann's move?" not in said(undone.text) and "Ann's phone undid: Ann gives a 3 to Cat." in said(undone.text)


def test_a_move_of_your_own_seat_entered_on_another_phone_is_not_asked(app):
    made, (ann, ben) = gangs(app)
    tid = made["id"]
    ann.post(f"/t/{tid}/act", data=give_form(0, 2), headers=HX)  # Ann's turn's first card
    ann.post(f"/t/{tid}/act", data=give_form(1, 1), headers=HX)
    ann.post(f"/t/{tid}/act", data=give_form(2, 0), headers=HX)  # Ben's turn now
    ann.post(f"/t/{tid}/act", data=give_form(3, 2), headers=HX)  # Ann's phone enters Ben's move
    undone = ben.post(f"/t/{tid}/undo", data={"version": "4"}, headers=HX)
    assert version(app, tid) == 5 and "Ben's phone undid: Ben gives a 3 to Cat." in said(undone.text)


def test_without_script_the_question_is_a_page_and_its_yes_undoes(app):
    made, (ann, ben) = gangs(app)
    tid = made["id"]
    ann.post(f"/t/{tid}/act", data=give_form(0, 2))
    page = ben.post(f"/t/{tid}/undo", data={"version": "1"})
    assert page.status_code == 200 and "Undo Ann's move?" in said(page.text) and version(app, tid) == 1
    assert 'name="_csrf"' in page.text.split('id="undo-ask"', 1)[1], "the plain form carries its token"
    assert ben.post(f"/t/{tid}/undo", data={"version": "1", "confirmed": "1"}).status_code == 302
    assert version(app, tid) == 2


def test_a_stale_undo_is_not_asked_but_refused_as_stale(app):
    made, (ann, ben) = gangs(app)
    tid = made["id"]
    ann.post(f"/t/{tid}/act", data=give_form(0, 2), headers=HX)
    stale = ben.post(f"/t/{tid}/undo", data={"version": "0"}, headers=HX)
    assert stale.status_code == 409 and "Undo Ann's move?" not in said(stale.text)


def test_the_final_dice_tap_is_undone_as_one_and_named_as_one(client):
    tid, h = kyotoan_table(client)  # this phone: play rights, no seat (the shared phone)
    client.post(f"/t/{tid}/act", data=ROLL, headers=HX)
    page = said(client.get(f"/t/{tid}").text)
    assert "↶ Undo Alienoid (Ann) resolves 1 1 1 2 2 2" in page, "the Undo names the tap by its last step"
    undone = said(client.post(f"/t/{tid}/undo", data={"version": "3"}, headers=HX).text)
    line = re.search(r"The shared phone undid: [^#]*?\.", undone).group(0)
    assert line.startswith("The shared phone undid: Alienoid (Ann) resolves 1 1 1 2 2 2") and "rolls" not in line
    log = client.get(f"/api/tables/{tid}/log", headers=h).json
    assert [e["action"]["type"] for e in log] == ["market"], "one undo took back the whole tap"
    redone = said(client.post(f"/t/{tid}/redo", data={"version": "4"}, headers=HX).text)
    assert "The shared phone redid: Alienoid (Ann) resolves 1 1 1 2 2 2" in redone


def test_the_api_never_asks_and_says_who_undid_and_redid_what(app):
    made, (ann, _) = gangs(app)
    tid = made["id"]
    ann.post(f"/t/{tid}/act", data=give_form(0, 2), headers=HX)
    host = {"Authorization": f"Bearer {made['token']}"}
    undone = app.test_client().post(f"/api/tables/{tid}/undo", json={}, headers=host)
    assert undone.status_code == 200 and undone.json["version"] == 2
    assert undone.json["undone"] == {"by": "The host's phone", "name": "Ann gives a 3 to Cat."}
    redone = app.test_client().post(f"/api/tables/{tid}/redo", json={}, headers=host).json
    assert redone["redone"] == {"by": "The host's phone", "name": "Ann gives a 3 to Cat."}


def test_whose_phone_undid_it_survives_a_restart(tmp_path):
    svc = TableService(TinyDBStore(tmp_path))
    table = svc.create("gangs", PLAYERS, {"first_player": 0}, 1)
    host = table.record["host_token"]
    svc.act(table.id, host, {"type": "give", "to": 2, "card": {"kind": "plain", "value": 3}})
    svc.undo(table.id, host)
    again = TableService(TinyDBStore(tmp_path)).get(table.id)  # read from the files: the change log replayed
    assert again.record["redo"][-1]["undone"] == {"by": "host", "version": 2}
