"""`{% cache key %}` (companion/web/tables/fragments.py): a fragment is drawn once per key and reused,
and a different key draws it again, so a cached part never shows another table's content."""
from __future__ import annotations

from companion.web.tables.fragments import FRAGMENTS_KEPT


def test_a_fragment_is_drawn_once_per_key_and_again_for_another(app):
    drawn = []
    env = app.jinja_env
    template = env.from_string("<p>{% cache ('cards', key) %}{{ draw(key) }}{% endcache %}</p>")

    def draw(key):
        drawn.append(key)
        return f"tiles of {key}"

    assert template.render(key="a", draw=draw) == "<p>tiles of a</p>"
    assert template.render(key="a", draw=draw) == "<p>tiles of a</p>"
    assert drawn == ["a"]  # the second render reused the first
    assert template.render(key="b", draw=draw) == "<p>tiles of b</p>"
    assert drawn == ["a", "b"]


def test_the_fragment_cache_keeps_a_bounded_number_of_fragments(app):
    env = app.jinja_env
    template = env.from_string("{% cache ('n', n) %}{{ n }}{% endcache %}")
    for n in range(FRAGMENTS_KEPT + 50):
        assert template.render(n=n) == str(n)
    assert len(env.fragments) == FRAGMENTS_KEPT
    # Kept per language (outside a request: English); the oldest went first.
    assert ("en", ("n", 0)) not in env.fragments and ("en", ("n", FRAGMENTS_KEPT + 49)) in env.fragments


def test_a_fragment_drawn_in_one_language_is_not_served_in_another(app):
    template = app.jinja_env.from_string("{% cache ('said',) %}{{ said() }}{% endcache %}")
    for lang, words in (("de", "Würfeln"), ("fr", "Lancer"), ("de", "Würfeln")):
        with app.test_request_context(f"/?lang={lang}"):
            assert template.render(said=lambda words=words: words) == words


def test_a_fragment_is_drawn_once_per_language(app):
    template = app.jinja_env.from_string("{% cache 'k' %}{{ _('History') }}{% endcache %}")
    for lang, word in (("de", "Verlauf"), ("en", "History"), ("ja", "履歴"), ("de", "Verlauf")):
        with app.test_request_context(f"/?lang={lang}"):
            assert template.render() == word


def test_gangs_card_picker_lists_every_offered_card_from_the_cache(client):
    reply = client.post("/api/tables", json={"game": "gangs", "players": ["Ann", "Bob", "Cy"], "seed": 3})
    table = reply.get_json()
    offers = client.get(f"/api/tables/{table['id']}", headers={"Authorization": f"Bearer {table['token']}"}).get_json()["offers"]
    cards = next(o for o in offers if o["type"] in ("give", "draw"))["cards"]
    expected = sum(len(c["values"]) for c in cards)
    play_link = "/" + table["urls"]["play"].split("/", 3)[3]  # the path of the play link
    for _ in range(2):  # drawn, then served from the cache: the same tiles both times
        page = client.get(play_link, follow_redirects=True).get_data(as_text=True)
        assert page.count('name="card:json"') == expected


def test_a_fragment_kept_across_versions_names_the_version_asked_for_in_its_forms(app):
    drawn = []
    template = app.jinja_env.from_string(
        '{% cache ("pad", 7), v %}<form><input type="hidden" name="version" value="{{ v }}">'
        '<b>{{ draw(v) }}</b><i>value="{{ v }}"</i></form>{% endcache %}')

    def draw(v):
        drawn.append(v)
        return "roll"

    assert template.render(v=3, draw=draw) == '<form><input type="hidden" name="version" value="3"><b>roll</b><i>value="3"</i></form>'
    # Drawn once; at version 4 the version field says 4, and nothing else the fragment holds changes.
    assert template.render(v=4, draw=draw) == '<form><input type="hidden" name="version" value="4"><b>roll</b><i>value="3"</i></form>'
    assert drawn == [3]
