"""A sentence an engine says (a refusal, a question, a line of the history) as a value: its
message id and the values it names, translated only when a phone shows it.

The id is the English gettext template with named placeholders ("{who} gains {n} energy."),
extracted into the `rules` catalog by `pybabel extract` (babel-rules.cfg names the markers `said`,
`said_n` and `word`). A `Said` is a str whose text is the English sentence, so whatever prints,
compares or joins it goes on working; the web layer reads its id and values and says it in the
phone's language (companion/web/words/said.py). The log keeps its JSON form (`as_json`), never its text:
each phone reads the history in its own language. Values that are themselves words (a die face, a
resource) are Said values too; names of players, cards and monsters are plain text, never
translated.
"""
from __future__ import annotations

from functools import reduce
from typing import Any


class Said(str):
    """A sentence as a value: `id` (the English template), `values` (name -> value) and, where a
    count decides the noun, `plural` (the English plural template; the count is `values["n"]`).
    Its text, as a str, is the English sentence."""

    __slots__ = ("id", "values", "plural")

    def __new__(cls, msgid: str, values: dict[str, Any] | None = None, plural: str | None = None) -> Said:
        values = dict(values or {})
        template = plural if plural is not None and values.get("n") != 1 else msgid
        made = super().__new__(cls, template.format(**{k: english(v) for k, v in values.items()}) if values else template)
        made.id, made.values, made.plural = msgid, values, plural
        return made

    def as_json(self) -> dict:
        """The sentence as the log and a state keep it: `{"id", "values"}` (and `"plural"`)."""
        made: dict[str, Any] = {"id": self.id}
        if self.values:
            made["values"] = {k: stored(v) for k, v in self.values.items()}
        if self.plural is not None:
            made["plural"] = self.plural
        return made

    def __reduce__(self):
        # copy and pickle rebuild the value, not a bare str (a str subclass with slots otherwise loses them).
        return (Said, (self.id, self.values, self.plural))


def said(msgid: str, **values: Any) -> Said:
    """A sentence: `msgid` is its English template, `values` fill its named placeholders."""
    return Said(msgid, values)


def said_n(singular: str, plural: str, n: int, **values: Any) -> Said:
    """A sentence whose noun agrees with the count `n` (`{n}` in both templates)."""
    return Said(singular, {"n": n, **values}, plural)


def filled(template: str, **values: Any) -> Said:
    """A template said elsewhere (a data table's sentence, marked there with `said`) filled with
    `values`: the same message id, so it is translated like any other."""
    return Said(getattr(template, "id", template), values, getattr(template, "plural", None))


def word(text: str) -> Said:
    """A word the rules name (a die face, a resource, a colour), translated where it is shown."""
    return Said(text)


def english(value: Any) -> str:
    """A value as the English sentence says it: a list reads "a, b and c"."""
    if isinstance(value, (list, tuple)):
        items = [english(v) for v in value]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""
    return str(value)


def stored(value: Any) -> Any:
    """A sentence (or a value of one) as JSON keeps it: a Said as its id and values, a list item
    by item, anything else as it is."""
    if isinstance(value, Said):
        return value.as_json()
    if isinstance(value, (list, tuple)):
        return [stored(v) for v in value]
    return value


def loaded(value: Any) -> Any:
    """The value `stored` kept, back as the sentence it was: a `{"id", ...}` object is a Said
    again; a plain string (a line logged before sentences were kept as ids) stays as it is."""
    if isinstance(value, dict) and isinstance(value.get("id"), str):
        values = value.get("values")
        values = {k: loaded(v) for k, v in values.items()} if isinstance(values, dict) else {}
        plural = value.get("plural") if isinstance(value.get("plural"), str) else None
        try:
            return Said(value["id"], values, plural)
        except (KeyError, IndexError, ValueError):
            return value["id"]  # a template whose values were lost: said as it is, never an error
    if isinstance(value, list):
        return [loaded(v) for v in value]
    return value


def lines_stored(lines: list) -> list:
    """A log entry's lines as the log keeps them."""
    return [stored(line) for line in lines]


def lines_loaded(lines: list) -> list:
    """A log entry's kept lines as sentences again."""
    return [loaded(line) for line in lines]


# Two parts of a line in a row ("hunting up to 3, agility up to 4"), as a language writes them.
SERIES = said("{a}, {b}")


def series(parts: list) -> Any:
    """Parts a line lists with commas only ("red 7, yellow 4, green 5"), each part translated."""
    return reduce(lambda a, b: filled(SERIES, a=a, b=b), parts) if parts else ""
