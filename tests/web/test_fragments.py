"""`{% cache key %}` (companion/web/fragments.py): a fragment is drawn once per key and reused,
and a different key draws it again, so a cached part never shows another table's content."""
from __future__ import annotations

from companion.web.fragments import FRAGMENTS_KEPT


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
    assert ("n", 0) not in env.fragments and ("n", FRAGMENTS_KEPT + 49) in env.fragments  # the oldest went first


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
