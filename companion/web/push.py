"""What turns a page showing a table's regions at one version into the page at the next: the
changed parts alone, as htmx out-of-band swaps (issue 29: push only what changed).

A region's template marks its parts: `<!--p-->` and `<!--/p-->` around one element with a stable id
(a player on the board, the undo line of the history). What lies outside the parts is the
region's frame. Two renders of a region are compared as strings, cheap and exact, with no change
tracking in the engines:

- the same region: nothing;
- the same frame: each part whose HTML changed, alone (a websocket message's top-level element
  with an id replaces the page's element of that id);
- another frame (a part appeared, the game ended): the whole region.

The history's list (`<ol id="history-log">`) is a list part: the entries that appeared are
prepended, those gone (an undo, the 31st oldest) deleted by id, an older one an undo brings back
appended. The controls carry the version they were drawn at in every form: controls that differ in
that alone are left as they are and their version fields set to the new one (one element for all).
"""
from __future__ import annotations

import itertools
import re

from markupsafe import Markup

OPEN = "<!--p-->"
_FORM_PART = re.compile(r"<!--p--><form ")
_MARKS = re.compile(r"<!--/?p-->")
_SPACE = re.compile(r"\s+")
_VERSION = re.compile(r'name="version" value="\d+"')
_ITEM = re.compile(r'<li id="[^"]+".*?</li>', re.S)
_ID = re.compile(r'id="([^"]+)"')
LIST = '<ol id="history-log">'


def numbered(html: str, prefix: str) -> Markup:
    """`html` with each part that is a form given an id by its place (`prefix`-1, -2, …): the
    controls' forms are parts, and a form at the same place across versions is the same part."""
    count = itertools.count(1)
    return Markup(_FORM_PART.sub(lambda _: f'{OPEN}<form id="{prefix}-{next(count)}" ', str(html)))


def changes(name: str, old: str, new: str) -> str:
    """The out-of-band swaps that turn region `name` rendered as `old` into `new` on a page."""
    if old == new:
        return ""
    if name == "controls" and _VERSION.sub("", old) == _VERSION.sub("", new):
        return _version_fields(new)
    was, now = _MARKS.split(old), _MARKS.split(new)
    # The split alternates frame, part, frame, part, …: the frames are the even pieces. Frames
    # that differ only in the blank lines a template's conditions leave are the same frame.
    if len(was) != len(now) or (was[::2] != now[::2] and _blank(was[::2]) != _blank(now[::2])):
        return new
    return "".join(_part_changes(a, b) for a, b in zip(was[1::2], now[1::2]) if a != b)


def _blank(frames: list[str]) -> list[str]:
    """Frames with each run of white space as one space."""
    return [_SPACE.sub(" ", frame) for frame in frames]


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
