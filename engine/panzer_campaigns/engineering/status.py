"""What an engineer's work means to the rest of the rules: units building a bridge do not
assault [000 6.1] nor rest [000 9.3, 12.0]; units building or maintaining a bridge, or laying
or clearing mines, defend at half their assault value [000 6.2]."""

from __future__ import annotations

from engine.panzer_campaigns.engineering.mines import is_clearing
from engine.panzer_campaigns.engineering.works import WorkKind
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState

BRIDGE_BUILDING = frozenset(
    {WorkKind.BUILD_BRIDGE, WorkKind.PONTOON, WorkKind.DISMANTLE, WorkKind.WIRE}
)
"""Bridge operations: "bridge building" for the assault and recovery rules."""


def is_building_bridge(state: GameState, unit: UnitState) -> bool:
    """Whether the unit has a bridge operation under way (wiring and dismantling included)."""
    work = state.engineering.works.get(unit.id)
    return work is not None and work.kind in BRIDGE_BUILDING


def half_defense_reason(state: GameState, unit: UnitState) -> str | None:
    """Why the unit defends an assault at 1/2 for its engineering work, or None [000 6.2]."""
    if is_building_bridge(state, unit) or unit.id in state.engineering.bridges:
        return "building or maintaining a bridge"
    work = state.engineering.works.get(unit.id)
    if (work is not None and work.kind is WorkKind.LAY_MINES) or (
        unit.hex in state.minefields and is_clearing(state, unit)
    ):
        return "laying or clearing mines"
    return None
