"""A board hex in words for the status bar and the Hex Info panel: its native addresses (two on
a seam), terrain, hill level, hexsides, stream features, name, the counters on it and the setup
areas it belongs to [003 3.0, 3.2]."""

from __future__ import annotations

from typing import Any

from editor.tactical_gamex.board_view import area_hexes
from editor.tactical_gamex.forces import placed_counters

Offset = tuple[int, int]


def hex_line(board: Any, spot: Offset) -> str:
    """One line for the status bar: "Village A2 · clear · level 1".

    The native address comes first; a seam hex gives both panels' addresses.
    """
    addresses = board.addresses.get(spot, ())
    where = " / ".join(addresses) if addresses else "unnumbered strip"
    parts = [where, board.terrain_at(*spot).value]
    level = board.level_at(*spot)
    if level:
        parts.append(f"level {level}")
    name = board.names.get(spot)
    if name:
        parts.append(name)
    parts.append(f"board {spot[0]},{spot[1]}")
    return " · ".join(parts)


def hex_report(document: Any, board: Any, spot: Offset) -> str:
    """Everything about a hex, one fact a line, for Hex Info."""
    lines = [hex_line(board, spot)]
    if len(board.addresses.get(spot, ())) > 1:
        lines.append("Seam hex: either panel's address names it")
    mass = board.mass[spot[1] * board.width + spot[0]]
    if mass:
        lines.append(f"Hill mass {mass}")
    sides = [
        f"{direction.value}: {', '.join(sorted(k.value for k in kinds))}"
        for (where, direction), kinds in board.hexsides.items()
        if where == spot
    ]
    if sides:
        lines.append("Hexsides — " + "; ".join(sides))
    features = board.features.get(spot)
    if features:
        lines.append("Features — " + ", ".join(sorted(f.value for f in features)))
    types = {t.id: t for t in document.unit_types.unit_types}
    for counter, _path in placed_counters(document.situation):
        if board.hex_of(counter.hex) == spot:
            unit_type = types.get(counter.type)
            values = (
                f"{unit_type.name}: {unit_type.attack} {unit_type.weapon.value} "
                f"{unit_type.range}{'*' if unit_type.double_range else ''} / "
                f"DS {unit_type.defense} / MP {unit_type.movement}"
                if unit_type is not None
                else f"unknown type {counter.type}"
            )
            cp = ", CP" if counter.command_post else ""
            lines.append(f"Counter {counter.id}{cp} — {values}")
    for marker in document.situation.markers:
        if board.hex_of(marker.hex) == spot:
            strength = f" {marker.strength}" if marker.strength is not None else ""
            whose = f", {marker.side.value}" if marker.side is not None else ""
            secret = ", secret" if marker.secret else ""
            lines.append(f"Neutral counter: {marker.kind.value}{strength}{whose}{secret}")
    areas = [
        f"{area.id} ({area.side.value})"
        for area in document.situation.setup_areas
        if spot in area_hexes(board, area)
    ]
    if areas:
        lines.append("Setup area " + ", ".join(areas))
    return "\n".join(lines)
