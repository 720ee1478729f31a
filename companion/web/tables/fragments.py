"""`{% cache key %}…{% endcache %}`: a template fragment rendered once per key and reused.

For parts of a push that stay the same while the table changes around them (Gangs of Kyoto's
card picker: the same 40 tiles at every give of a game, a third of a push's render time,
measured). The key must name everything the fragment shows: a fragment may use only what its
key holds and the template's constants, never the table's version or a phone's token.

`{% cache key, version %}`: a fragment holding forms, each of which names the table's version in its
hidden `version` field (partials/_macros.html `post`), is kept once for every version: served at
another version, those fields (and nothing else) say the version asked for. Its key must then also
name the table (the forms' addresses) and whether it is pushed (a pushed form carries no CSRF
token; a page's carries its session's: `pushed or csrf_token()`). Every fragment is kept once per
language besides: the tag adds the request's language to its key.

The pattern is Jinja's own documented example (docs, "Extensions": a fragment cache), with an
in-process LRU: the cache belongs to the app's template environment, never to a module.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from jinja2 import nodes
from jinja2.ext import Extension
from markupsafe import Markup

from ..words.languages import current as language

# A Kyotoan table keeps about 7 alive (its market correction, a seat's auto-yield each): 1,024
# hold a venue's tables with room to spare; an evicted fragment is only drawn again.
FRAGMENTS_KEPT = 1024


class FragmentCache(Extension):
    """The `cache` tag: its body is rendered once per key (the key: any hashable value)."""

    tags = {"cache"}

    def __init__(self, environment):
        super().__init__(environment)
        environment.extend(fragments=OrderedDict(), fragments_lock=threading.Lock())

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        key = parser.parse_expression()
        version = parser.parse_expression() if parser.stream.skip_if("comma") else nodes.Const(None)
        body = parser.parse_statements(("name:endcache",), drop_needle=True)
        return nodes.CallBlock(self.call_method("_cached", [key, version]), [], [], body).set_lineno(lineno)

    def _cached(self, key, version, caller) -> Markup:
        env = self.environment
        key = (language(), key)  # drawn in this phone's language, shared with phones in the same
        with env.fragments_lock:
            kept = env.fragments.get(key)
            if kept is not None:
                env.fragments.move_to_end(key)
                return at_version(*kept, version)
        # Rendered outside the lock: two phones may render the same fragment once each, at worst.
        html = Markup(caller())
        with env.fragments_lock:
            env.fragments[key] = (html, version)
            while len(env.fragments) > FRAGMENTS_KEPT:
                env.fragments.popitem(last=False)
        return html


def at_version(html: Markup, drawn_at, version) -> Markup:
    """A fragment drawn at version `drawn_at`, its forms' version fields saying `version`."""
    if version == drawn_at:
        return html
    return Markup(str(html).replace(f'name="version" value="{drawn_at}"', f'name="version" value="{version}"'))
