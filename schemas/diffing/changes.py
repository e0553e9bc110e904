"""One change between two versions of a file, and the designer's sentence for it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

Place = tuple[str | int, ...]
"""A model path inside the file (as `schemas.problems.ModelPath`), for the editor to go to."""


@dataclass(frozen=True)
class Change:
    """What changed, where, and how a designer reads it.

    `subject` names the thing ("Release of 2. SS-Panzer-Division"), `field` the attribute that
    changed (None when the thing as a whole was added, removed or painted), `old`/`new` the
    values as plain data, `unit` the field's unit from the schema's `measured(unit=…)`. `hex`,
    `unit_id` and `path` say where the editor goes when the change is clicked."""

    kind: str
    """The file kind: scenario, oob, map, parameters or weather."""
    section: str
    """The part of the file a designer looks in: Releases, Objectives, Terrain, Units…"""
    action: str
    """added, removed, changed, moved or painted."""
    subject: str
    field: str | None = None
    old: Any = None
    new: Any = None
    unit: str | None = None
    hex: tuple[int, int] | None = None
    count: int | None = None
    unit_id: str | None = None
    path: Place = ()
    file: str = ""
    detail: str | None = None
    """With no `field`, what changed in the designer's terms where old and new are too long to
    show (a briefing: "1 paragraph changed — "Dawn" → "Morning""); with one, what follows the
    change (a unit type's value: "4 units follow")."""

    @property
    def text(self) -> str:
        """The sentence a designer reads: "Objective Bastogne: 100 → 150 VP"."""
        if self.action == "changed" and self.detail and self.field is None:
            return f"{self.subject}: {self.detail}"
        if self.action == "changed":
            what = f"{self.subject}: {self.field} " if self.field else f"{self.subject}: "
            after = f" ({self.detail})" if self.detail else ""
            return what + f"{shown(self.old)} → {shown(self.new)}{_unit(self.unit)}{after}"
        if self.action == "moved":
            return f"{self.subject} moved from {shown(self.old)} to {shown(self.new)}"
        if self.action == "painted":
            return self.subject
        at = f" at {shown(self.hex)}" if self.hex is not None else ""
        return f"{self.subject} {self.action}{at}"

    def as_json(self) -> dict[str, Any]:
        """The change as plain JSON data (see `schemas.diffing.report` for the structure)."""
        return {
            "file": self.file,
            "kind": self.kind,
            "section": self.section,
            "action": self.action,
            "subject": self.subject,
            "field": self.field,
            "old": _plain(self.old),
            "new": _plain(self.new),
            "unit": self.unit,
            "hex": list(self.hex) if self.hex is not None else None,
            "count": self.count,
            "unit_id": self.unit_id,
            "path": list(self.path),
            "detail": self.detail,
            "text": self.text,
        }


def _unit(unit: str | None) -> str:
    return f" {unit}" if unit else ""


def shown(value: Any) -> str:
    """A value as a designer reads it: hexes as [c, r], empty as "none", lists comma-separated."""
    if value is None:
        return "none"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"[{value[0]}, {value[1]}]"
    if isinstance(value, (list, tuple)):
        return ", ".join(shown(v) for v in value) if value else "none"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str) and len(value) > 60:
        return repr(value[:57] + "…")
    if isinstance(value, dict):
        return ", ".join(f"{k}: {shown(v)}" for k, v in value.items()) or "none"
    return str(value)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (date, datetime)):
        return shown(value)
    return str(value)
