"""Two phones at one table read one history, each in its own language (api.md, "Languages"): the
log keeps what happened, not the sentence. Refusals answer in the request's language too, in the
pages and in the JSON API; the catalogs a phone reads are the ones compiled from the .po files."""
from __future__ import annotations

import html
import io
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.games.said import said as said_value
from tests.web.test_pages import HX, give_form

TRANSLATIONS = Path(__file__).resolve().parents[2] / "companion" / "translations"


def said(page: str) -> str:
    """A reply's text as read: tags dropped, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", page)).split())


def gangs_table(app):
    made = app.test_client().post("/api/tables", json={"game": "gangs", "players": ["Ann", "Ben", "Cat"],
                                                       "options": {"first_player": 0}}).json
    return made


def test_two_phones_read_one_history_each_in_its_own_language(app):
    made = gangs_table(app)
    tid, play = made["id"], urlsplit(made["urls"]["play"]).path
    ja, fr = app.test_client(), app.test_client()
    ja.get(play, headers={"Accept-Language": "ja"})
    fr.get(play, headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert ja.post(f"/t/{tid}/act", data=give_form(0, 2), headers={**HX, "Accept-Language": "ja"}).status_code == 200

    ja_page = said(ja.get(f"/t/{tid}", headers={"Accept-Language": "ja"}).text)
    fr_page = said(fr.get(f"/t/{tid}", headers={"Accept-Language": "fr"}).text)
    assert "Annが3をCatに渡します。" in ja_page
    assert "Ann donne un 3 à Cat." in fr_page
    assert "Ann gives a 3 to Cat." not in ja_page and "Ann gives a 3 to Cat." not in fr_page
    # The whole history page too, and a phone asking for nothing in particular reads English.
    assert "Ann donne un 3 à Cat." in said(fr.get(f"/t/{tid}/history", headers={"Accept-Language": "fr"}).text)
    assert "Ann gives a 3 to Cat." in said(app.test_client().get(f"/t/{tid}/watch").text)
    # The log itself keeps the message id and its values, not a sentence.
    entry = app.extensions["companion.tables"].get(tid).record["actions"][-1]
    assert entry["log"][0]["id"] == "{giver} gives {card_name} to {receiver}."
    assert entry["log"][0]["values"]["giver"] == "Ann"


def test_a_phones_chosen_language_beats_its_browsers(app):
    made = gangs_table(app)
    tid = made["id"]
    phone = app.test_client()
    phone.get(urlsplit(made["urls"]["play"]).path)
    phone.set_cookie("lang", "de")  # what ?lang=de keeps on the phone (web/languages.py)
    phone.post(f"/t/{tid}/act", data=give_form(0, 2), headers=HX)
    assert "Ann gibt eine 3 an Cat." in said(phone.get(f"/t/{tid}", headers={"Accept-Language": "fr"}).text)
    assert "Ann donne un 3 à Cat." in said(phone.get(f"/t/{tid}?lang=fr").text)


@pytest.mark.parametrize(("lang", "words"), [("en", "Unknown action 'teleport'"), ("fr", "Action inconnue « teleport »"),
                                             ("de", "Unbekannte Aktion „teleport“"), ("ja", "不明なアクション「teleport」")])
def test_the_api_refuses_in_the_language_the_request_asks_for(app, lang, words):
    made = gangs_table(app)
    reply = app.test_client().post(f"/api/tables/{made['id']}/actions", json={"type": "teleport"},
                                   headers={"Authorization": f"Bearer {made['token']}", "Accept-Language": lang})
    assert reply.status_code == 422 and reply.json["error"].startswith(words)


def test_the_api_log_speaks_the_callers_language(app):
    made = gangs_table(app)
    auth = {"Authorization": f"Bearer {made['token']}"}
    client = app.test_client()
    done = client.post(f"/api/tables/{made['id']}/actions", json={"type": "give", "to": 2, "card": {"value": 3, "kind": "plain"}},
                       headers={**auth, "Accept-Language": "fr"})
    assert done.status_code == 200 and done.json["log"] == ["Ann donne un 3 à Cat."]
    log = client.get(f"/api/tables/{made['id']}/log", headers={**auth, "Accept-Language": "de"}).json
    assert log[-1]["log"] == ["Ann gibt eine 3 an Cat."]
    assert client.get(f"/api/tables/{made['id']}/log", headers=auth).json[-1]["log"] == ["Ann gives a 3 to Cat."]


@pytest.mark.parametrize("lang", ["ja", "fr", "de"])
def test_each_compiled_catalog_is_its_po_file_compiled(lang):
    folder = TRANSLATIONS / lang / "LC_MESSAGES"
    with (folder / "rules.po").open("rb") as f:
        catalog = read_po(f)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    assert (folder / "rules.mo").read_bytes() == compiled.getvalue(), "run pybabel compile (docs/sentences.md)"


def test_a_fragment_kept_for_one_phone_is_not_served_to_a_phone_reading_another_language(app):
    drawn = app.jinja_env.from_string('{% cache ("why", 1) %}{{ why|told }}{% endcache %}')
    why = said_value("The game is over; undo the last action to change it.")
    with app.test_request_context("/?lang=fr"):
        assert drawn.render(why=why) == "La partie est terminée ; annulez la dernière action pour la modifier."
    with app.test_request_context("/?lang=de"):
        assert drawn.render(why=why) == "Das Spiel ist vorbei; nimm die letzte Aktion zurück, um es zu ändern."


def test_a_switched_off_control_says_why_in_the_phones_language(app):
    made = gangs_table(app)
    tid = made["id"]
    phone = app.test_client()
    phone.get(urlsplit(made["urls"]["play"]).path)
    phone.post(f"/t/{tid}/act", data=give_form(0, 2), headers=HX)  # Cat has a card: none more this turn
    page = said(phone.get(f"/t/{tid}", headers={"Accept-Language": "fr"}).text)
    assert "Cat a déjà reçu une carte : impossible d'en recevoir une autre ce tour-ci !" in page


def test_a_screen_reader_reads_the_symbols_in_the_phones_language(app):
    with app.test_request_context("/?lang=fr"):
        said_fr = str(app.jinja_env.filters["spoken"]("Ann gains 2★ and 1ϟ."))
    assert 'aria-label="points de victoire">★' in said_fr and 'aria-label="énergie">ϟ' in said_fr


def test_a_body_the_api_cannot_read_is_refused_in_the_callers_language(app):
    made = gangs_table(app)
    reply = app.test_client().post(f"/api/tables/{made['id']}/actions", data="[]", content_type="application/json",
                                   headers={"Authorization": f"Bearer {made['token']}", "Accept-Language": "de-DE"})
    assert reply.status_code == 422 and reply.json["error"] == "Der Body muss ein JSON-Objekt sein."
