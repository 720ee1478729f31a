"""Templates without their source's indentation: every line's leading spaces and the blank lines
between them are dropped when a template is compiled, once, so no render pays for it.

The indentation that makes a template readable is a tenth of what a phone is sent (measured on
pushes of all four games: 9-14 %, issue 29), and HTML reads a line break and the spaces after it
as one space, as it reads a line break alone: a page looks and reads the same. Line breaks are
kept, so a space between two words or elements never disappears. No template holds a `<pre>`
or a `<textarea>` whose text spans lines, nor a style that keeps white space (`white-space: pre`);
one that does must not be unindented.
"""
from __future__ import annotations

import re

from jinja2.ext import Extension

_INDENTED_LINES = re.compile(r"\n[ \t\n]*")


class Unindented(Extension):
    """Drops each template line's leading white space and the blank lines, before Jinja parses it."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return _INDENTED_LINES.sub("\n", source)
