"""The fate of external riders in an assault [001 #23]: riding on a vehicle that attacks or
defends, they are eliminated before the combat is resolved.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.panzer_campaigns.carrying import is_external_rider
from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.objectives import record_loss
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState, UnitStatus


def eliminate_riders(state: GameState, vehicles: Iterable[UnitState]) -> list[LossesTaken]:
    """Eliminate the external riders of `vehicles`: they "are automatically eliminated when on
    a vehicle that attacks or defends in an assault" [001 #23, "Carry/Uncarry"]. Their men count
    as the side's losses. Passengers inside a Transport or Naval unit are not riders and stay
    aboard. Decision (the manual does not say when): before the combat values are drawn, so
    the riders add nothing to either side's assault or defense."""
    riders = [
        state.units[passenger_id]
        for vehicle in vehicles
        for passenger_id in vehicle.carrying
        if is_external_rider(state, state.units[passenger_id])
    ]
    events = []
    for rider in riders:
        lost = rider.strength
        points = record_loss(state, rider, lost)
        rider.strength = 0
        state.remove(rider, UnitStatus.ELIMINATED)
        events.append(
            LossesTaken(
                state.turn,
                rider.id,
                rider.side,
                CombatKind.ASSAULT.value,
                float(rider.men_equivalent),
                lost,
                rider.unit.component.value,
                0,
                False,
                None,
                True,
                False,
                points,
            )
        )
    if riders:
        state.touch()
    return events
