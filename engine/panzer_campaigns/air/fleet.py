"""The scenario's aircraft in play [000 8.0, 8.3]: each air unit of the air setup is a
`UnitState` with status `UnitStatus.AIR` (it has strength, quality, fatigue and can be Disrupted
like any unit, but stands on no hex), and `AirFleet` keeps what only aircraft have: whether each
is ready to fly, the turn it last flew, whether a Single Use unit is spent, and how many aircraft
struck each hex this player turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.panzer_campaigns.units import UnitState, UnitStatus

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState


@dataclass(slots=True)
class AircraftStatus:
    """What one air unit has left to fly."""

    ready: bool = True
    """Available for a mission; every air unit of the setup starts so [000 8.3]."""
    flown: int = -1
    """The game turn it last flew a mission; -1 for never."""
    spent: bool = False
    """A Single Use unit that has flown its one mission [000 8.1]."""


@dataclass(slots=True)
class AirFleet:
    """The air state of a game: each aircraft's status by unit id, in the setup's order, the
    aircraft committed to strikes on each hex (`hex index -> (player turn, aircraft)`), and
    the missions called to fly next turn."""

    aircraft: dict[str, AircraftStatus] = field(default_factory=dict)
    struck: dict[int, tuple[int, int]] = field(default_factory=dict)
    called: dict[str, int] = field(default_factory=dict)
    """Panzer Battles missions called and not yet flown: the hex index by aircraft id, in the
    order called [001 #32]."""


def enlist_aircraft(state: GameState) -> None:
    """Put the air units of the scenario's air setup in the game, ready to fly. Ids that are not
    air units of the OOB are left out (the setup checks report them). Done once per game."""
    fleet = state.air
    if fleet.aircraft:
        return
    for unit_id in state.scenario.air.units:
        entry = state.oob_index.units.get(unit_id)
        if entry is None or entry.unit.air is None or unit_id in state.units:
            continue
        state.units[unit_id] = UnitState(
            id=unit_id,
            unit=entry.unit,
            side=entry.side,
            nation=entry.nation,
            organization=entry.parent,
            status=UnitStatus.AIR,
            strength=entry.unit.strength,
        )
        fleet.aircraft[unit_id] = AircraftStatus()


def aircraft_of(state: GameState, side: object = None) -> list[UnitState]:
    """The air units in play (not eliminated), of one side or both, in the setup's order."""
    found = []
    for unit_id in state.air.aircraft:
        unit = state.units[unit_id]
        if unit.status is UnitStatus.AIR and (side is None or unit.side is side):
            found.append(unit)
    return found
