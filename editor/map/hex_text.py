"""One line about a hex for the status bar: where it is, its terrain and height, what runs
along its sides and through it, and who stands there."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from editor.document import Document
from editor.map.hex_facts import HexFacts, hex_facts
from schemas.vocabulary import Direction

Offset = tuple[int, int]
SEPARATOR = " · "
MOST_UNITS = 3
"""Units named before "and N more"."""


def words(value: Enum | str) -> str:
    """An enum value as words: `up_right` -> `up right`."""
    text = value.value if isinstance(value, Enum) else value
    return str(text).replace("_", " ")


def sides(directions: Iterable[Direction]) -> str:
    """Directions as words: `up, down right`."""
    return ", ".join(words(d) for d in directions)


def describe_hex(document: Document, hex_: Offset) -> str:
    """The status bar text for a hex, e.g. `14,59 Bastogne · Town (-35%) · 510 m · river
    up right · primary road up, down · 2 units: …`."""
    map_file = document.map
    column, row = hex_
    if not (0 <= column < map_file.width and 0 <= row < map_file.height):
        return f"{column},{row} off the map"
    facts = hex_facts(document, hex_)
    parts = [f"{column},{row}" + "".join(f" {p.name}" for p in facts.places)]
    parts.append(terrain_text(facts))
    if facts.elevation is not None:
        parts.append(f"{facts.elevation} m")
    parts += _grouped(facts.hexsides)
    parts += [f"{words(kind)} {words(side)}" for side, kind in facts.crossings]
    parts += [f"{words(kind)} {sides(directions)}" for kind, directions in facts.connections]
    parts += [f"full-hex {words(f.kind)}" for f in facts.full_hex]
    parts += [_objective_text(o) for o in facts.objectives]
    parts += [f"{words(s.side)} supply {s.value}%" for s in facts.sources]
    if facts.units:
        names = [entry.unit.name if entry else p.unit for p, entry in facts.units]
        shown = ", ".join(names[:MOST_UNITS])
        more = len(names) - MOST_UNITS
        count = f"{len(names)} unit{'s' if len(names) > 1 else ''}"
        parts.append(f"{count}: {shown}" + (f" and {more} more" if more > 0 else ""))
    return SEPARATOR.join(parts)


def terrain_text(facts: HexFacts) -> str:
    """The terrain's name with its defence modifier, e.g. `Town (-35%)`."""
    terrain = facts.terrain
    if terrain is None:
        return f"unknown terrain '{facts.code}'"
    if terrain.defense_modifier:
        return f"{terrain.name} ({terrain.defense_modifier:+d}%)"
    return terrain.name


def _grouped(pairs: Sequence[tuple[Direction, Enum]]) -> list[str]:
    """`river up, up right` for each kind, in the order the kinds first appear."""
    by_kind: dict[Enum, list[Direction]] = {}
    for side, kind in pairs:
        by_kind.setdefault(kind, []).append(side)
    return [f"{words(kind)} {sides(directions)}" for kind, directions in by_kind.items()]


def _objective_text(objective: object) -> str:
    points = getattr(objective, "points", 0)
    owner = getattr(objective, "owner", None)
    kind = getattr(objective, "kind", "normal")
    label = "objective" if kind == "normal" else f"{kind} objective"
    return f"{label} {points} VP" + (f" ({words(owner)})" if owner else "")
