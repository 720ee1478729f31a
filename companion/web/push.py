"""What turns a page showing a table's regions at one version into the page at the next: the
changed parts alone, as htmx out-of-band swaps (issue 29: push only what changed).

A region's template marks its parts: `<!--p-->` and `<!--/p-->` around one element with a stable id
(a player on the board, the undo line of the history). What lies outside the parts is the
region's frame. Two renders of a region are compared as strings, cheap and exact, with no change
tracking in the engines:

- the same region: nothing;
- the same frame: each part whose HTML changed, alone (a websocket message's top-level element
  with an id replaces the page's element of that id); parts side by side (nothing but white
  space between them) are a list keyed by their ids: a part that appeared is inserted after the
  one before it (or before the first, `data-first`: app.js tells the two apart), one gone is
  deleted;
- another frame (a heading appeared, the game ended): the whole region.

The history's list (`<ol id="history-log">`) is a list part: the entries that appeared are
prepended, those gone (an undo, the 31st oldest) deleted by id, an older one an undo brings back
appended. The controls carry the version they were drawn at in every form: controls that differ in
that alone are left as they are and their version fields set to the new one (one element for
all). A form's id is its content's (without its version and CSRF fields), so a form that stays
keeps its id when others come and go.
"""
from __future__ import annotations

import re
import zlib
from collections import Counter

from markupsafe import Markup

_TAG = re.compile(r"""<!--.*?-->|<(/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>""", re.S)
_VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_NESTED_FORM = re.compile(r"<form\b.*?</form>", re.S)
_HEAD_ID = re.compile(r'\sid="([^"]+)"')
_CLASS = re.compile(r'\sclass="([^"]*)"')
# A part's own parts are marked <!--q-->: a part that changed is compared by them in turn.
_MARKS = {"p": re.compile(r"<!--/?p-->"), "q": re.compile(r"<!--/?q-->")}
_SPACE = re.compile(r"\s+")
_VERSION = re.compile(r'name="version" value="\d+"')
_CSRF = re.compile(r'<input type="hidden" name="_csrf" value="[^"]*">')
_TYPE = re.compile(r'<input type="hidden" name="type" value="([\w-]+)">')
_ITEM = re.compile(r'<li id="[^"]+".*?</li>', re.S)
_ID = re.compile(r'id="([^"]+)"')
_PART_ID = re.compile(r'\s*(?:<!--.*?-->\s*)*<\w+\b[^>]*?\bid="([^"]+)"', re.S)
LIST = '<ol id="history-log">'


def unmarked(html: str) -> str:
    """`html` without its parts' marks, as phones get it: only renders compared here need them
    (a page or push is a few per cent lighter without)."""
    for mark in ("<!--p-->", "<!--/p-->", "<!--q-->", "<!--/q-->"):
        html = html.replace(mark, "")
    return html


def numbered(html: str, prefix: str) -> Markup:
    """A game's controls with each top-level element a part with an id (`prefix`-<name>-<n>) and
    each form inside one a part of it (<its id>-<name>-<n>): the same control across versions,
    the same part, and no id shared by two levels."""
    html = _MARKS["p"].sub("", str(html))  # the forms' own marks (post in _macros.html): placed here
    seen: Counter = Counter()
    out, at = [], 0
    for start, end in _top_level(html):
        element = _named(html[start:end], prefix, seen)
        if not element.startswith("<form"):
            # A form inside is named under its element: a form of the same move elsewhere (the
            # market's entry beside its correction) must never take its id when one comes or goes.
            inner, within = Counter(), _HEAD_ID.search(_TAG.match(element).group(0)).group(1)
            # Its own marked parts are unmarked: parts are two levels deep at most.
            element = _NESTED_FORM.sub(lambda found: f"<!--q-->{_named(_MARKS['q'].sub('', found.group(0)), within, inner)}<!--/q-->", element)
        out += [html[at:start], "<!--p-->", element, "<!--/p-->"]
        at = end
    out.append(html[at:])
    return Markup("".join(out))


def _top_level(html: str) -> list[tuple[int, int]]:
    """Where each top-level element of `html` starts and ends."""
    spans, depth, start = [], 0, 0
    for found in _TAG.finditer(html):
        closing, tag, attrs = found.groups()
        if tag is None:
            continue  # a comment
        if closing:
            depth -= 1
            if depth == 0:
                spans.append((start, found.end()))
        elif tag.lower() in _VOID or attrs.endswith("/"):
            if depth == 0:
                spans.append((found.start(), found.end()))
        else:
            if depth == 0:
                start = found.start()
            depth += 1
    return spans


def _named(element: str, prefix: str, seen: Counter) -> str:
    """`element` with an id: its own, else from the move a form posts, or what it holds where it
    posts none (after its opening tag, whose addresses name the table), or its tag and classes."""
    head = _TAG.match(element)
    if _HEAD_ID.search(head.group(3)):
        return element
    tag = head.group(2)
    if tag == "form":
        kind = _TYPE.search(element)
        key = kind.group(1) if kind else f"{zlib.crc32(_VERSION.sub('', _CSRF.sub('', element[head.end():])).encode()):08x}"
    else:
        classes = _CLASS.search(head.group(3))
        key = "-".join([tag] + (classes.group(1).split() if classes else []))
    seen[key] += 1
    return f'<{tag} id="{prefix}-{key}-{seen[key]}"{element[len(tag) + 1:]}'


def changes(name: str, old: str, new: str) -> str:
    """The out-of-band swaps that turn region `name` rendered as `old` into `new` on a page."""
    if old == new:
        return ""
    if name == "controls" and _VERSION.sub("", old) == _VERSION.sub("", new):
        return _version_fields(new)
    swaps = _framed_changes(old, new)
    if swaps is None:
        return new
    # Forms left in place still carry the version they were drawn at.
    return swaps + _version_fields(new) if name == "controls" else swaps


def _runs(html: str, level: str) -> tuple[list[str], list[list[str]]]:
    """A region's frames (each run of white space as one space) and, between each two, the parts
    side by side there (those marked `level`)."""
    pieces = _MARKS[level].split(html)
    frames, runs = [_frame(pieces[0])], [[]]
    # The split alternates frame, part, frame, part, …: a blank frame joins the parts around it.
    for k in range(1, len(pieces), 2):
        runs[-1].append(pieces[k])
        if pieces[k + 1].strip():
            frames.append(_frame(pieces[k + 1]))
            runs.append([])
    return frames, runs


def _frame(html: str) -> str:
    """A frame as compared: white space runs as one space, a form's version field without its
    value (the controls' version fields are set apart)."""
    return _SPACE.sub(" ", _VERSION.sub("", html))


def _framed_changes(old: str, new: str, level: str = "p") -> str | None:
    """The parts' swaps, where `old` and `new` have the same frame; else None."""
    (frames_was, runs_was), (frames_now, runs_now) = _runs(old, level), _runs(new, level)
    if frames_was != frames_now:
        return None
    swaps = []
    for was, now in zip(runs_was, runs_now):
        if was != now:
            run = _run_changes(was, now, level)
            if run is None:
                return None
            swaps.append(run)
    return "".join(swaps)


def _run_changes(was: list[str], now: list[str], level: str) -> str | None:
    """The swaps that turn parts side by side `was` into `now`, by their ids; None where they
    cannot be told apart or the run was empty (nothing to insert beside)."""
    ids_was, ids_now = [_part_id(p) for p in was], [_part_id(p) for p in now]
    if not was or None in ids_was + ids_now or len(set(ids_was)) < len(was) or len(set(ids_now)) < len(now):
        return None
    old = dict(zip(ids_was, was))
    stays = [i for i in ids_now if i in old]
    if stays != [i for i in ids_was if i in set(ids_now)]:
        return None  # the parts kept changed order
    swaps, before = [], None
    for id_, html in zip(ids_now, now):
        if id_ in old:
            # A form that differs in its version field alone stays (the version fields are set apart).
            if old[id_] != html and _VERSION.sub("", old[id_]) != _VERSION.sub("", html):
                inner = _framed_changes(old[id_], html, "q") if level == "p" and "<!--q-->" in html else None
                swaps.append(_part_changes(old[id_], html) if inner is None else inner)
        elif before is None:
            swaps.append(f'<div hx-swap-oob="beforebegin:#{ids_was[0]}" data-first>{html}</div>')
        else:
            swaps.append(f'<div hx-swap-oob="afterend:#{before}">{html}</div>')
        before = id_
    gone = set(ids_was) - set(ids_now)
    swaps += [f'<div id="{i}" hx-swap-oob="delete"></div>' for i in ids_was if i in gone]
    return "".join(swaps)


def _part_id(part: str) -> str | None:
    """The id of a part's element."""
    found = _PART_ID.match(part)
    return found.group(1) if found else None


def _version_fields(controls: str) -> str:
    """Every version field of the controls set to the version `controls` was drawn at."""
    found = _VERSION.search(controls)
    return (f'<input type="hidden" {found.group(0)} hx-swap-oob="outerHTML:#controls input[name=version]">'
            if found else "")


def _part_changes(old: str, new: str) -> str:
    """One part's swaps: the part itself, or a list's entries that came and went."""
    if not (old.startswith(LIST) and new.startswith(LIST)):
        return new
    was, now = _ITEM.findall(old), _ITEM.findall(new)
    kept = set(was) & set(now)
    first = next((k for k, item in enumerate(now) if item in kept), None)
    if first is None:
        return new
    run = len(kept)
    start = was.index(now[first])
    # Only a run of entries kept in the same order is left in place (the usual case: one entry
    # more on top, the oldest shown gone; or an undo, one off the top and one back at the bottom).
    if now[first:first + run] != was[start:start + run]:
        return new
    gone = [item for item in was if item not in kept]
    swaps = [f'<li id="{_ID.search(item).group(1)}" hx-swap-oob="delete"></li>' for item in gone]
    if first:
        swaps.append(f'<ol hx-swap-oob="afterbegin:#history-log">{"".join(now[:first])}</ol>')
    if first + run < len(now):
        swaps.append(f'<ol hx-swap-oob="beforeend:#history-log">{"".join(now[first + run:])}</ol>')
    return "".join(swaps)
