"""Counterbattery spotting, the optional rule [000 5.4]: an unspotted artillery unit that fires
may be spotted by the enemy, the more likely the stronger it is and the nearer the enemy.

>>> counterbattery_chance(120, 1000, 3, 100)  # 12 guns, 3 hexes from the nearest enemy
0.04
"""

from __future__ import annotations

from engine.panzer_campaigns.combat.events import CounterbatterySpotted
from engine.panzer_campaigns.sightings import Sight, Sighting
from engine.panzer_campaigns.stacking import per_side, road_stacking_limit
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import OptionalRule

COUNTERBATTERY_RANGE = 10
""""This probability applies up to ranges of 10 hexes" [000 5.4]."""


def counterbattery_chance(
    men_equivalent: float, max_road_stacking: float, distance: int, side_pct: float
) -> float:
    """ "Normalized Strength / Range to Enemy", the normalized strength being "Men-Equivalent
    Strength / Max Road Stacking Value", times the side's Counterbattery Parameter Data value
    (100 = x1), for a nearest enemy up to 10 hexes away [000 5.4]; at most 1."""
    if not 1 <= distance <= COUNTERBATTERY_RANGE or max_road_stacking <= 0:
        return 0.0
    chance = men_equivalent / max_road_stacking / distance * side_pct / 100
    return min(chance, 1.0)


def nearest_enemy_distance(state: GameState, unit: UnitState) -> int | None:
    """The range from `unit` to the nearest enemy unit on the map, if one is within 10 hexes."""
    board = state.board
    enemy = other_side(unit.side)
    for radius in range(1, COUNTERBATTERY_RANGE + 1):
        for hex_index in board.iter_within(unit.hex, radius):
            if board.distance(unit.hex, hex_index) != radius:
                continue
            if any(other.side is enemy for other in state.units_at(hex_index)):
                return radius
    return None


def counterbattery_spotting(
    state: GameState, unit: UnitState, *, was_spotted: bool
) -> CounterbatterySpotted | None:
    """After `unit` fired indirectly, under the Counterbattery Fire optional rule: if the enemy
    had not spotted it, it is spotted with `counterbattery_chance` [000 5.4]. Decisions: the
    Counterbattery value is the spotting side's (its sound ranging), the Max Road Stacking
    Value the firing side's; the unit stays spotted while it stays in its hex, like a recon
    report [000 4.8]."""
    if was_spotted or not state.is_rule_on(OptionalRule.COUNTERBATTERY_FIRE) or not unit.on_map:
        return None
    distance = nearest_enemy_distance(state, unit)
    if distance is None:
        return None
    enemy = other_side(unit.side)
    chance = counterbattery_chance(
        unit.men_equivalent,
        road_stacking_limit(state, unit.side),
        distance,
        per_side(state.parameters.combat.counterbattery, enemy),
    )
    if chance <= 0 or state.rng.random() >= chance:
        return None
    state.sightings[enemy][unit.id] = Sighting(Sight.SPOTTED, unit.hex, reported=True)
    return CounterbatterySpotted(state.turn, unit.id, unit.side, chance)
