"""The round on paper (api.md, Paper): /e/<id>/print lists every table with its
players, every player by name with their table, the standings and one result slip a table; what
prints holds no control (every button, link, form and nav sits inside .screen-only, which the
print CSS hides)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

from tests.web.test_event_rounds import night
from tests.web.test_events import play_gangs_to_a_win

CONTROLS = {"button", "nav", "form", "input", "select", "textarea", "a", "details"}
VOID = {"meta", "link", "input", "br", "img", "hr"}


class Sheets(HTMLParser):
    """The page's sections by id (their text), and every control outside .screen-only."""

    def __init__(self):
        super().__init__()
        self.stack, self.sections, self.loose, self.slips = [], {}, [], 0

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        hidden = "screen-only" in classes or any(h for _, _, h in self.stack)
        in_body = any(t == "body" for t, _, _ in self.stack)
        if tag in CONTROLS and in_body and not hidden:
            self.loose.append(tag)
        self.slips += "slip" in classes
        if tag not in VOID:
            self.stack.append((tag, dict(attrs).get("id"), hidden))

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data):
        for _, ident, _ in self.stack:
            if ident:
                self.sections[ident] = self.sections.get(ident, "") + " " + data


def seated_night(client):
    eid, h, names = night(client, n=10, games=("gangs",), rounds=2)
    tables = client.post(f"/api/events/{eid}/rounds", json={"games": ["gangs"]}, headers=h).json["tables"]
    return eid, names, tables


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_paper_lists_every_table_every_name_the_standings_and_a_slip_a_table(client):
    eid, names, tables = seated_night(client)
    winner = play_gangs_to_a_win(client, tables[0])
    reply = client.get(f"/e/{eid}/print")
    assert reply.status_code == 200
    page = Sheets()
    page.feed(reply.get_data(as_text=True))
    by_table, by_name = words(page.sections["paper-tables"]), words(page.sections["paper-names"])
    for number, t in enumerate(tables, start=1):
        assert f"Table {number} Gangs of Kyoto" in by_table
        block = by_table.split(f"Table {number} ")[1].split("Table ")[0]
        assert all(f"seat {k} {name}" in block for k, name in enumerate(t["players"], start=1))
        for k, name in enumerate(t["players"], start=1):
            assert f"{name} Table {number} · seat {k}" in by_name
    assert [n for n in re.findall(r"P\d\d", by_name)] == sorted(names), "alphabetical"
    standings = words(page.sections["paper-standings"])
    assert all(name in standings for name in names)
    assert re.search(rf"1 {winner} \d", standings), "the winner of the finished table leads"
    assert page.slips == len(tables)
    slips = words(page.sections["paper-slips"])
    for number, t in enumerate(tables, start=1):
        assert f"Table {number} · Gangs of Kyoto" in slips
    assert slips.count("Signature") == len(tables)


def test_nothing_that_prints_is_a_control_and_print_css_hides_the_screen_controls(client):
    eid, _, _ = seated_night(client)
    html = client.get(f"/e/{eid}/print").get_data(as_text=True)
    page = Sheets()
    page.feed(html)
    assert page.loose == [], f"controls outside .screen-only: {page.loose}"
    assert "data-print" in html and 'class="screen-only' in html
    css = client.get("/static/css/print.css").get_data(as_text=True)
    printing = css.split("@media print", 1)[1]
    assert re.search(r"\.screen-only\s*\{\s*display:\s*none", printing)
    assert "@page" in css and re.search(r"break-before:\s*page", printing)


def test_a_night_before_its_first_round_prints_its_players_and_says_the_pairings_come_later(client):
    eid, names, _ = night(client, n=5, games=("gangs",), rounds=2)
    page = Sheets()
    page.feed(client.get(f"/e/{eid}/print").get_data(as_text=True))
    assert "once round 1 starts" in page.sections["paper-tables"]
    assert words(page.sections["paper-names"]).count("not seated this round") == 5
    assert "paper-slips" not in page.sections


def test_the_desk_and_the_players_page_link_to_the_paper(client):
    event = client.post("/events", data={"name": "Linked", "games": ["gangs"], "rounds": "2"})
    eid = event.headers["Location"].split("/e/")[1].split("/")[0]
    assert f'href="/e/{eid}/print"' in client.get(f"/e/{eid}/admin").get_data(as_text=True)
    assert f'href="/e/{eid}/print"' in client.get(f"/e/{eid}").get_data(as_text=True)


def test_an_unknown_night_on_paper_is_the_404_sentence_of_every_night_page(client):
    reply = client.get("/e/nope/print")
    assert reply.status_code == 404
    assert "There is no tournament night at this address" in reply.get_data(as_text=True)
