"""The air recon mission [000 8.1]: a RECON air unit over any hex reports enemy units within
the turn's visibility of it, each with the manual's probability, half in detail and half as
Unknown.

The probability for an enemy unit R hexes from the target hex, in a hex of terrain modifier M,
flown by S aircraft: 1/(R+1) x (100% + M) x S/(S+5) x status (Disrupted 1/2, Broken 0) x
quality (A 150%, B 125%, C 100%, D 80%, E 60%, F 40%) [000 8.1].

Decisions, with their sections:

- "The terrain modifier associated with the hex" is the terrain's fire modifier (the one fire
  and the Hex Info Area show [000 5.2]), so cover lowers the chance; a probability over 1 is
  certain.
- "Within the current Visibility range of the target hex": the turn's effective visibility
  (dawn, dusk and night lower it [000 11.0]), at least the target hex itself.
- A unit already spotted in detail is not rolled for; a unit seen as Unknown may be spotted in
  detail. What recon reports holds while the enemy unit stays in its hex, as ground Recon
  Spotting does (`engine.panzer_campaigns.spotting`, `Sighting.reported`) [000 4.8].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panzer_campaigns.air.events import AirReconSpotted
from engine.panzer_campaigns.combat.terrain import terrain_of
from engine.panzer_campaigns.sightings import Sight, Sighting
from engine.panzer_campaigns.spotting import sync, visibility
from engine.panzer_campaigns.state import other_side
from schemas.vocabulary import Quality

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState

RECON_QUALITY_FACTOR: dict[Quality, float] = {
    Quality.A: 1.5,
    Quality.B: 1.25,
    Quality.C: 1.0,
    Quality.D: 0.8,
    Quality.E: 0.6,
    Quality.F: 0.4,
}
"""The quality modifier of the air unit's spotting probability [000 8.1]."""

DETAIL_CHANCE = 0.5
"""A unit spotted is seen in detail half the time, as Unknown otherwise [000 8.1]."""


def recon_probability(
    distance: int,
    terrain_pct: float,
    aircraft: int,
    quality: Quality,
    *,
    disrupted: bool = False,
    broken: bool = False,
) -> float:
    """The chance an air recon mission spots an enemy unit [000 8.1] (see the module).

    >>> recon_probability(0, 0, 5, Quality.C)  # 1 x 1 x 5/10
    0.5
    >>> round(recon_probability(1, -20, 15, Quality.A), 4)  # 1/2 x 80% x 15/20 x 150%
    0.45
    >>> recon_probability(0, 0, 5, Quality.C, disrupted=True)
    0.25
    >>> recon_probability(0, 0, 5, Quality.C, broken=True)
    0.0
    """
    if broken or aircraft <= 0:
        return 0.0
    chance = 1 / (distance + 1)
    chance *= max(0.0, 1 + terrain_pct / 100)
    chance *= aircraft / (aircraft + 5)
    chance *= 0.5 if disrupted else 1.0
    chance *= RECON_QUALITY_FACTOR[quality]
    return min(chance, 1.0)


def unit_probability(
    state: GameState, aircraft: UnitState, hex_index: int, enemy: UnitState
) -> float:
    """The chance `aircraft` over `hex_index` spots `enemy`."""
    distance = state.board.distance(hex_index, enemy.hex)
    return recon_probability(
        distance,
        terrain_of(state, enemy.hex).defense_modifier,
        aircraft.strength,
        aircraft.unit.quality,
        disrupted=aircraft.disrupted,
        broken=aircraft.broken,
    )


def fly_recon(state: GameState, aircraft: UnitState, hex_index: int) -> AirReconSpotted:
    """The recon rolls of `aircraft` over `hex_index`, added to its side's sightings."""
    sync(state)
    board = state.board
    sightings = state.sightings[aircraft.side]
    reach = max(visibility(state), 0)
    spotted: list[str] = []
    unknown: list[str] = []
    for enemy in state.iter_units(other_side(aircraft.side)):
        if board.distance(hex_index, enemy.hex) > reach or enemy.carried_by is not None:
            continue
        old = sightings.get(enemy.id)
        if old is not None and old.grade is Sight.SPOTTED and old.hex == enemy.hex:
            continue
        if state.rng.random() >= unit_probability(state, aircraft, hex_index, enemy):
            continue
        grade = Sight.SPOTTED if state.rng.random() < DETAIL_CHANCE else Sight.UNKNOWN
        if old is not None and old.hex == enemy.hex:
            grade |= old.grade
        if old is None or old.hex != enemy.hex or grade is not old.grade:
            (spotted if grade is Sight.SPOTTED else unknown).append(enemy.id)
        sightings[enemy.id] = Sighting(grade, enemy.hex, reported=True)
    state.sight_version = state.version
    return AirReconSpotted(
        state.turn,
        aircraft.side,
        aircraft.id,
        board.offset(hex_index),
        tuple(spotted),
        tuple(unknown),
    )
