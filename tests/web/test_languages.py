"""Every page in the phone's language: `?lang=` (kept in a cookie), else Accept-Language, else
English; `<html lang>` says which; the picker on every page keeps the page it is on; pushed regions
and kept fragments are drawn once per language, never served in another phone's."""
from __future__ import annotations

import re

import pytest
from flask_babel import gettext

from companion.games.kyotoan.cards import CARDS
from companion.web.words import catalogs

from .test_pages import create_from_form, words


def html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


@pytest.mark.parametrize("header, lang", [("de-DE,de;q=0.9,en;q=0.5", "de"), ("ja", "ja"), ("fr-CA", "fr"),
                                          ("es, it;q=0.8", "en"), ("", "en")])
def test_the_phone_s_accept_language_chooses_the_page_s_language(client, header, lang):
    page = client.get("/join", headers={"Accept-Language": header} if header else {}).text
    assert html_lang(page) == lang
    assert {"en": "Join a table", "de": "An einen Tisch", "ja": "テーブルに参加", "fr": "Rejoindre une table"}[lang] in page


def test_lang_in_the_address_wins_and_the_cookie_keeps_it_for_the_next_page(client):
    resp = client.get("/join?lang=ja", headers={"Accept-Language": "de"})
    assert html_lang(resp.text) == "ja" and "参加コード" in resp.text
    cookie = resp.headers["Set-Cookie"]
    assert cookie.startswith("lang=ja;") and "Path=/" in cookie and "SameSite=Lax" in cookie
    # The next page, without ?lang=, on a phone whose browser asks for German: the choice holds.
    page = client.get("/", headers={"Accept-Language": "de"}).text
    assert html_lang(page) == "ja" and "テーブルを始める" in page
    # Another choice replaces it.
    client.get("/?lang=fr")
    assert html_lang(client.get("/join").text) == "fr"


def test_an_unknown_lang_changes_nothing(client):
    resp = client.get("/join?lang=xx", headers={"Accept-Language": "de"})
    assert html_lang(resp.text) == "de" and "lang=" not in resp.headers.get("Set-Cookie", "")
    assert "Accept-Language" in resp.headers["Vary"] and "Cookie" in resp.headers["Vary"]
    # A script is one cached file whatever the language: a new cookie must not fetch it again.
    assert "Cookie" not in client.get("/static/js/app.js").headers.get("Vary", "")


def test_the_picker_lists_each_language_by_its_own_name_and_keeps_the_page(client):
    page = client.get("/t/nope/history?mode=watch&lang=de").text
    picker = re.search(r'<details class="tool-menu" id="language">(.*?)</details>', page, re.S).group(1)
    links = re.findall(r'<a href="([^"]+)" lang="(\w+)"[^>]*>([^<]+)</a>', picker)
    assert [(lang, name) for _, lang, name in links] == [("en", "English"), ("ja", "日本語"), ("fr", "Français"), ("de", "Deutsch")]
    assert all(url.startswith("/t/nope/history?mode=watch&amp;lang=") for url, _, _ in links)
    assert 'aria-current="true">Deutsch' in picker and "Sprache: Deutsch" in words(picker)


def test_the_table_page_speaks_each_phone_s_language_and_pushes_do_not_mix(client):
    table_id = create_from_form(client)
    de = words(client.get(f"/t/{table_id}?lang=de").text)
    assert "Wem gehört dieses Handy?" in de and "Rückgängig" in de
    # Two phones on the same version, one in Japanese, one in English: the render cache keeps each.
    ja = client.get(f"/t/{table_id}/regions?mode=watch&since=-1&lang=ja").text
    en = client.get(f"/t/{table_id}/regions?mode=watch&since=-1&lang=en").text
    assert "履歴" in ja and "History" not in words(ja)
    assert "History" in en and "履歴" not in en


def test_a_game_s_own_names_are_shown_in_the_page_s_language(client, app):
    """Last Kyotoan Standing's market in German: each card's name and text as the catalog says them."""
    table_id = create_from_form(client, players=("Ann", "Bob"), game="kyotoan")
    market = app.extensions["companion.tables"].get(table_id).state["market"]
    page = client.get(f"/t/{table_id}?lang=de").text
    with app.test_request_context("/?lang=de"):
        for c in market:
            name, text = gettext(CARDS[c].name), gettext(CARDS[c].text)
            assert name != CARDS[c].name or c in ("camouflage", "gourmet", "metamorph", "opportunist", "regeneration")
            assert name in page and text.replace("„", "") in page.replace("„", "")


def test_one_request_s_language_never_leaks_into_the_next(app):
    """The catalog is kept per request (web/catalogs.py): a German page, then another phone's."""
    german, fresh = app.test_client(), app.test_client()
    assert "An einen Tisch" in german.get("/join?lang=de").text
    assert html_lang(fresh.get("/join").text) == "en" and "Join a table" in fresh.get("/join").text
    with app.test_request_context("/?lang=ja"):
        assert catalogs.gettext("History") == "履歴"
    with app.test_request_context("/"):
        assert catalogs.gettext("History") == "History"


def test_the_installed_app_is_named_in_the_phone_s_language(client):
    """The manifest comes without cookies: its words follow Accept-Language, and it says which."""
    body = client.get("/manifest.webmanifest", headers={"Accept-Language": "ja"}).json
    assert body["lang"] == "ja" and body["name"] == "Kyoto Table Companion"
    assert [s["name"] for s in body["shortcuts"]] == ["テーブルに参加", "大会を開く"]


def test_a_page_drawn_for_a_form_links_its_languages_to_the_form_s_page(client):
    """A refused table answers the POST /tables with the home page: its picker opens home, not /tables
    (which takes no GET)."""
    resp = client.post("/tables", data={"game": "gangs", "players": ["Ann"], "first_player": "0"},
                       headers={"Referer": "http://localhost/?lang=fr"})
    assert resp.status_code == 422 and 'href="/?lang=de"' in resp.text and "/tables?lang" not in resp.text
