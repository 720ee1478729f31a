"""A tiny DOM for the push tests: parses the regions' HTML, applies a websocket message's
out-of-band swaps as htmx's ws extension does (each top-level element takes the place of the
page's element with its id: a morph leaves the page showing what it brings, as an outerHTML swap
does), and writes a region back in a canonical form (attributes sorted, white space collapsed,
comments and empty text dropped) to compare with a fresh render."""
from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Element:
    """An element: its tag, attributes and children (elements and text)."""

    def __init__(self, tag: str, attrs: dict, parent: Element | None = None):
        self.tag, self.attrs, self.parent, self.children = tag, attrs, parent, []

    def walk(self):
        """This element and every element under it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.walk()

    def by_id(self, id_: str) -> list[Element]:
        """The elements under this one (itself too) with this id."""
        return [e for e in self.walk() if e.attrs.get("id") == id_]

    def canonical(self) -> str:
        """This element written in a canonical form."""
        attrs = "".join(f' {k}="{escape(v)}"' for k, v in sorted(self.attrs.items()) if k != "hx-swap-oob")
        inner = "".join(c.canonical() if isinstance(c, Element) else c for c in self.children)
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.root = Element("#root", {})
        self.at = self.root

    def handle_starttag(self, tag, attrs):
        el = Element(tag, {k: (v if v is not None else "") for k, v in attrs}, self.at)
        self.at.children.append(el)
        if tag not in VOID:
            self.at = el

    def handle_endtag(self, tag):
        node = self.at
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.at = node.parent

    def handle_data(self, data):
        text = re.sub(r"\s+", " ", data)
        if text.strip():
            self.at.children.append(text.strip())

    def handle_entityref(self, name):
        self.handle_data(f"&{name};")

    def handle_charref(self, name):
        self.handle_data(f"&#{name};")


def parse(html: str) -> Element:
    """The elements of `html` under a root element."""
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root


def _replace(old: Element, new: Element) -> None:
    siblings = old.parent.children
    siblings[siblings.index(old)] = new
    new.parent = old.parent


def apply(page: Element, message: str) -> None:
    """Swap `message`'s top-level elements into `page`, as the ws extension does."""
    for el in [c for c in parse(message).children if isinstance(c, Element)]:
        how = el.attrs.pop("hx-swap-oob", "true")
        assert how in ("true", "morph"), f"a swap the tiny DOM does not know: {how}"
        for target in page.by_id(el.attrs["id"]):
            _replace(target, parse(_html(el)).children[0])


def _html(el: Element) -> str:
    """An element written back as HTML (enough to parse it again)."""
    attrs = "".join(f' {k}="{escape(v)}"' for k, v in el.attrs.items())
    inner = "".join(_html(c) if isinstance(c, Element) else c for c in el.children)
    return f"<{el.tag}{attrs}>{inner}" + ("" if el.tag in VOID else f"</{el.tag}>")


def regions(page: Element, names) -> dict[str, str]:
    """Each named region of `page`, canonical."""
    return {name: page.by_id(name)[0].canonical() for name in names}
