"""What the rules switch off now, and why: the other half of the offers (api.md, "Withheld").

An offer lists what may be done; a `Withheld` names a control the rules switch off (a whole
action, or some choices of one) with the sentence that says why, in the rulebook's words. Every
engine says them with its offers (`Game.withheld`), so a page draws the reason beside the control
and never writes one itself (boardgame.io's `INVALID_MOVE` with its reason, said before the tap).
"""
from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from typing import Any

# Where a `rule` comes from when the rulebook is silent and docs/rulings.md decides.
RULING = "docs/rulings.md"


@dataclass(frozen=True)
class Withheld:
    """One control the rules switch off: the action `type` of `player` (None: anyone's), the
    whole of it (`field` None) or the `values` of one of its choices (`field`), narrowed by `where`
    to part of an offer (Kyoto no Neko's skills of one target); `why` says it of this table in
    words, `rule` is the rulebook's sentence it rests on, as printed, and `source` where that is."""

    type: str
    player: int | None
    why: str
    rule: str
    field: str | None = None
    values: tuple = ()
    where: dict[str, Any] = _field(default_factory=dict)
    source: str = "rulebook"

    def as_json(self) -> dict:
        """The entry as the API and the pages get it (api.md, "Withheld")."""
        made = {"type": self.type, "player": self.player, "why": self.why, "rule": self.rule, "source": self.source}
        if self.field is not None:
            made.update(field=self.field, values=list(self.values))
        if self.where:
            made["where"] = dict(self.where)
        return made


def find(entries: list[dict], kind: str, player: int | None = None, field_name: str | None = None, value: Any = None,
         **where: Any) -> dict | None:
    """The first entry withholding `kind` (of `player`, when given; its `field_name`, or `value`
    of it, when given; within `where`), or None: what a page asks to draw a reason beside a control."""
    for e in entries:
        if e["type"] != kind or (player is not None and e["player"] not in (None, player)):
            continue
        if field_name is not None and e.get("field") != field_name:
            continue
        if value is not None and value not in e.get("values", ()):
            continue
        if any(e.get("where", {}).get(k) != v for k, v in where.items()):
            continue
        return e
    return None
