"""Air interception [000 8.1]: the chance an air mission against a side is intercepted.

"Each side ... has an Air Interception probability determined by the Parameter Data": the
chance that "an air mission against that side will be Intercepted", so the side flown against
gives the figure. Jets meet half of it ("half that of the normal air interception probability"
[000 8.1]; the Panzer Battles manual says the same [001 "Air Interception"]); 0 means never.
Strikes, carpet bombing and recon are all subject to it. An intercepted mission has no effect
and meets no AA fire (the aircraft never reached the target), and the aircraft must become
available again as after any mission.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panzer_campaigns.stacking import per_side
from engine.panzer_campaigns.state import other_side

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState


def interception_chance(percent: float, *, jet: bool) -> float:
    """The chance (0 to 1) a mission is intercepted, from the target side's Air Interception
    percentage; jets at half [000 8.1].

    >>> interception_chance(40, jet=False), interception_chance(40, jet=True)
    (0.4, 0.2)
    >>> interception_chance(0, jet=False)
    0.0
    """
    chance = percent / 100
    return chance / 2 if jet else chance


def mission_interception_chance(state: GameState, aircraft: UnitState) -> float:
    """The chance a mission `aircraft` flies now is intercepted by the enemy side [000 8.1]."""
    percent = per_side(state.parameters.air.interception, other_side(aircraft.side))
    jet = aircraft.unit.air is not None and aircraft.unit.air.jet
    return interception_chance(percent, jet=jet)


def is_intercepted(state: GameState, aircraft: UnitState) -> bool:
    """One interception roll; nothing is drawn when the chance is 0, so a scenario without
    interception keeps its random stream."""
    chance = mission_interception_chance(state, aircraft)
    return chance > 0 and state.rng.random() < chance
