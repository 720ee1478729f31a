"""`{% cache key %}…{% endcache %}`: a template fragment rendered once per key and reused.

For parts of a push that stay the same while the table changes around them (Gangs of Kyoto's
card picker: the same 40 tiles at every give of a game, a third of a push's render time,
measured). The key must name everything the fragment shows: a fragment may use only what its
key holds and the template's constants, never the table's version or a phone's token.

The pattern is Jinja's own documented example (docs, "Extensions": a fragment cache), with an
in-process LRU: the cache belongs to the app's template environment, never to a module.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from jinja2 import nodes
from jinja2.ext import Extension
from markupsafe import Markup

FRAGMENTS_KEPT = 256


class FragmentCache(Extension):
    """The `cache` tag: its body is rendered once per key (the key: any hashable value)."""

    tags = {"cache"}

    def __init__(self, environment):
        super().__init__(environment)
        environment.extend(fragments=OrderedDict(), fragments_lock=threading.Lock())

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        key = parser.parse_expression()
        body = parser.parse_statements(("name:endcache",), drop_needle=True)
        return nodes.CallBlock(self.call_method("_cached", [key]), [], [], body).set_lineno(lineno)

    def _cached(self, key, caller) -> Markup:
        env = self.environment
        with env.fragments_lock:
            html = env.fragments.get(key)
            if html is not None:
                env.fragments.move_to_end(key)
                return html
        # Rendered outside the lock: two phones may render the same fragment once each, at worst.
        html = Markup(caller())
        with env.fragments_lock:
            env.fragments[key] = html
            while len(env.fragments) > FRAGMENTS_KEPT:
                env.fragments.popitem(last=False)
        return html
