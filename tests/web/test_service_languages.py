"""The services' refusals in the request's language (api.md, "Languages"): a table's (a seat
taken, an undo refused), a night's (a round refused, a name taken at check-in) and a league's (a
merge refused), in the JSON API's `{"error": ...}`: Japanese and German by Accept-Language,
English without it. The catalogs are the compiled ones (tests/web/test_history_languages.py)."""
from __future__ import annotations

import html
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.store import StaleWrite, files
from companion.web.words.said import told
from tests.league_helpers import auth, new_league, new_night, play_round

JA, DE = {"Accept-Language": "ja"}, {"Accept-Language": "de-DE,de;q=0.9"}


def three_ways(send) -> tuple[str, str, str]:
    """The same refused request's sentence in English (no Accept-Language), Japanese and German;
    each reply refuses with the same status."""
    replies = [send({}), send(JA), send(DE)]
    assert len({r.status_code for r in replies}) == 1 and replies[0].status_code >= 400, [r.json for r in replies]
    return tuple(r.json["error"] for r in replies)


@pytest.fixture
def table(client):
    made = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob", "Cy"]}).json
    return made


def test_a_seat_taken_is_refused_in_the_phones_language(client, table):
    url, play = f"/api/tables/{table['id']}/seats", urlsplit(table["urls"]["play"]).path.rsplit("/", 1)[-1]
    assert client.post(url, json={"seat": 1}, headers=auth(play)).status_code == 200  # Bob's phone
    # Another phone with the play code (not the host's) asks for Bob's seat.
    en, ja, de = three_ways(lambda lang: client.post(url, json={"seat": 1}, headers={**auth(play), **lang}))
    assert en.startswith("Bob's seat is taken by another phone.")
    assert ja.startswith("Bob の席は別のスマホが使っています。") and "「Bob の席を別のスマホに譲る」" in ja
    assert de.startswith("Der Platz von Bob ist von einem anderen Handy belegt.")


def test_an_undo_refused_and_a_refused_imports_action_in_the_phones_language(client, table):
    host = auth(table["token"])
    en, ja, de = three_ways(lambda lang: client.post(f"/api/tables/{table['id']}/undo", headers={**host, **lang}))
    assert en == "There is nothing to undo: no action has been entered yet."
    assert ja == "取り消すものがありません。まだ何も入力されていません。"
    assert de == "Es gibt nichts rückgängig zu machen: Es wurde noch keine Aktion eingegeben."
    # The import's wrapper says the rules' own refusal inside it in the same language.
    export = client.get(f"/api/tables/{table['id']}/export", headers=host).json
    bad = {**export, "actions": [{"action": {"type": "no_such_move"}}]}
    en, ja, de = three_ways(lambda lang: client.post("/api/tables/import", json=bad, headers=lang))
    assert en.startswith("Action 1 of the import is refused: ")
    assert ja.startswith("取り込みの 1 番目の手は認められません：") and "Action" not in ja
    assert de.startswith("Aktion 1 des Imports wird abgelehnt: ")
    assert en[len("Action 1 of the import is refused: "):] not in de  # the reason inside is German too


@pytest.fixture
def night(client):
    """A night of Gangs of Kyoto with Ann and Bob registered, and its check-in key."""
    made = client.post("/api/events", json={"name": "Club night", "games": ["gangs"], "rounds": 3}).json
    assert client.post(f"/api/events/{made['id']}/players", json={"names": ["Ann", "Bob"]},
                       headers=auth(made["token"])).status_code == 200
    url = client.get(f"/api/events/{made['id']}", headers=auth(made["token"])).json["urls"]["checkin"]
    return {**made, "key": parse_qs(urlsplit(url).query)["key"][0]}


def test_a_round_refused_and_a_name_taken_at_check_in_in_the_phones_language(client, night):
    rounds, h = f"/api/events/{night['id']}/rounds", auth(night["token"])
    en, ja, de = three_ways(lambda lang: client.post(rounds, json={"game": "neko"}, headers={**h, **lang}))
    assert en == "This night plays Gangs of Kyoto, not Kyoto no Neko."
    assert ja == "この大会で遊ぶのは Gangs of Kyoto です。Kyoto no Neko ではありません。"
    assert de == "An diesem Abend wird Gangs of Kyoto gespielt, nicht Kyoto no Neko."

    join = f"/api/events/{night['id']}/join"
    assert client.post(join, json={"name": "Ann", "key": night["key"]}).status_code == 201
    en, ja, de = three_ways(lambda lang: client.post(join, json={"name": "ann", "key": night["key"]}, headers=lang))
    assert en.startswith("Ann is checked in on another phone already.")
    assert ja.startswith("Ann は別のスマホでチェックイン済みです。") and ja.endswith("このスマホで Ann としてチェックインできるよう主催者に頼んでください。")
    assert de.startswith("Ann ist schon auf einem anderen Handy eingecheckt.")


def test_a_merge_refused_in_the_phones_language(client):
    league = new_league(client)
    night = new_night(client, league, ("Anne", "Ann", "Bo"))
    play_round(client, night, lambda p: list(p))
    url, h = f"/api/leagues/{league['id']}/players/merge", auth(league["token"])
    en, ja, de = three_ways(lambda lang: client.post(url, json={"names": ["Zed", "Bo"], "into": "Bo"}, headers={**h, **lang}))
    assert en == "Zed is not a player of this league: check the spelling. Nothing was merged."
    assert ja == "Zed はこのリーグのプレイヤーではありません。つづりを確認してください。何もまとめられていません。"
    assert de == "Zed ist kein Spieler dieser Liga: Prüfe die Schreibweise. Nichts wurde zusammengeführt."
    two = {"names": ["Zed", "Zoe", "Bo"], "into": "Bo"}
    en, ja, de = three_ways(lambda lang: client.post(url, json=two, headers={**h, **lang}))
    assert en.startswith("Zed and Zoe are not players of this league")
    assert ja.startswith("Zed、Zoe はこのリーグのプレイヤーではありません。")  # the list as Japanese lists
    assert de.startswith("Zed und Zoe sind keine Spieler dieser Liga")
    # French has three plural forms (CLDR's "many"): two names take the plural, not English.
    fr = client.post(url, json=two, headers={**h, "Accept-Language": "fr"}).json["error"]
    assert fr.startswith("Zed et Zoe ne sont pas des joueurs de cette ligue")
    en, ja, de = three_ways(lambda lang: client.post(url, json={"names": ["Anne", "Ann"], "into": "Ann"}, headers={**h, **lang}))
    assert "they are two people" in en
    assert ja == "Anne と Ann はどちらも「Week」のプレイヤーです。2 人は別人なので、Ann にまとめられません。何もまとめられていません。"
    assert "sind beide Spieler von „Week“" in de


def test_the_home_pages_variants_are_the_engines_sentences_in_the_phones_language(client):
    """A variant's help is an engine's Option help (a sentence value), said through the `rules`
    catalog as every engine sentence is: one translation, not a second one in the page words."""
    ja = client.get("/", headers=JA).get_data(as_text=True)
    de = client.get("/", headers=DE).get_data(as_text=True)
    en = client.get("/").get_data(as_text=True)
    assert "オープンゲーム・バリアント：勝利点の山を全員に公開します。" in ja
    assert "Open Game variant" not in ja and "Open Game variant" not in de
    assert "Open Game variant: VP piles are face up for everyone." in en


def test_a_names_refusal_names_the_field_in_the_phones_language(client):
    """The word a name's refusal names ("league name") is a word of the sentence, translated with it."""
    en, ja, de = three_ways(lambda lang: client.post("/api/leagues", json={"name": "   "}, headers=lang))
    assert en == "Every league name needs at least one visible character."
    assert ja == "リーグ名には目に見える文字が1文字以上必要です。"
    assert de == "Jeder Liganame braucht mindestens ein sichtbares Zeichen."


def test_a_pages_message_strip_says_a_service_refusal_in_the_phones_language(client):
    """The join page's refusal of a wrong code (TableNotFound, a service error, not a rule's)."""
    ja = client.post("/join", data={"code": "ZZZZZZ"}, headers=JA)
    en = client.post("/join", data={"code": "ZZZZZZ"})
    assert ja.status_code == en.status_code == 404
    assert "参加コード「ZZZZZZ」で遊んでいる最中のテーブルはありません。" in ja.get_data(as_text=True)
    assert "No table that is still playing has the join code 'ZZZZZZ'." in html.unescape(en.get_data(as_text=True))


def test_the_stores_refusals_in_the_phones_language(client, monkeypatch):
    """A disk that cannot be written, and a table's stored version gone by: the store's sentences
    (the thing not saved named in the phone's words too), and nothing is acknowledged."""
    table = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}}).json
    host = auth(table["token"])
    give = {"type": "give", "to": 1, "card": {"value": 1, "kind": "plain"}}

    def read_only(*_args, **_kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(files.os, "open", read_only)
    en, ja, de = three_ways(lambda lang: client.post(f"/api/tables/{table['id']}/actions", json=give,
                                                     headers={**host, **lang}))
    monkeypatch.undo()
    assert en == "The server cannot write its data folder: the action was not saved."
    assert ja == "サーバーがデータフォルダに書き込めません。アクションは保存されていません。"
    assert de == "Der Server kann nicht in seinen Datenordner schreiben: nicht gespeichert (Aktion)."
    assert client.get(f"/api/tables/{table['id']}").json["version"] == 0
    with client.application.test_request_context(headers={"Accept-Language": "fr"}):
        said_in_french = told(StaleWrite(table["id"], 7).args[0])
    assert said_in_french == "La table a changé (elle en est à la version 7) ; regardez le nouvel état et réessayez."
