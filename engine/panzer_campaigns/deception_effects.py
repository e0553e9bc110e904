"""What deception does to the enemy [000 4.3, 4.2]: the deception sources of a side that work
now (deployed markers and partisans, after enemy patrols negate them), the chance that a Travel
Mode move into a hex is deceived, and whether an engineer's demolition is foiled. Kept apart
from `engine.panzer_campaigns.deception` (deploying, detecting, recalling) so that movement and the
engineers'
rules can ask without importing the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.panzer_campaigns.patrols import patrols_near
from engine.panzer_campaigns.stacking import per_side
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import OptionalRule, Side


def markers(state: GameState, side: Side) -> dict[str, int]:
    """`side`'s deployed deception units and the hex of each marker."""
    return {
        unit_id: hex_index
        for unit_id, hex_index in state.deception_markers.items()
        if state.units[unit_id].side is side
    }


def sources(state: GameState, side: Side) -> list[int]:
    """The deception sources of `side` that work now - its deployed markers and its partisans
    on the map - by hex, after enemy patrols negate them [000 4.2, 4.3].

    "Patrolling will, by default, negate the ability of any Partisan unit within Deception
    range of having any Deception effects"; under the Extended Patrolling optional rule
    "deployed Deception units will also have their Deception effects negated". Decision: the
    "Deception range" is the Range of the source's side, measured from the patrol.
    """
    enemy = other_side(side)
    range_ = per_side(state.parameters.deception.range, side)
    found = []
    extended = state.is_rule_on(OptionalRule.EXTENDED_PATROLLING)
    for hex_index in markers(state, side).values():
        if not (extended and patrols_near(state, enemy, hex_index, range_)):
            found.append(hex_index)
    for unit_id in state.partisans:
        unit = state.units[unit_id]
        working = unit.side is side and unit.on_map
        if working and not patrols_near(state, enemy, unit.hex, range_):
            found.append(unit.hex)
    return found


def threatens(state: GameState, unit: UnitState, path_hexes: Sequence[int]) -> bool:
    """Whether a move of `unit` along `path_hexes` may be deceived: in Travel Mode, through a
    hex within reach of a working enemy deception source [000 4.3]."""
    if unit.mode is not Mode.TRAVEL:
        return False
    if not state.deception_markers and not state.partisans:
        return False  # most scenarios: no deception at all, and no work per move
    return any(effect_chance(state, unit.side, h) > 0 for h in path_hexes)


def effect_chance(state: GameState, mover_side: Side, hex_index: int) -> int:
    """The chance in % that a unit of `mover_side` entering `hex_index` in Travel Mode is
    deceived: the enemy's Deception Effect where a working source of the enemy lies within the
    enemy's Deception Radius, else 0 [000 4.3]."""
    zone = state.cached(("deception", mover_side), lambda: _zone(state, mover_side))
    return zone.get(hex_index, 0)


def _zone(state: GameState, mover_side: Side) -> dict[int, int]:
    enemy = other_side(mover_side)
    params = state.parameters.deception
    radius, chance = per_side(params.radius, enemy), per_side(params.effect, enemy)
    if chance <= 0:
        return {}
    zone: dict[int, int] = {}
    for hex_index in sources(state, enemy):
        for other in state.board.iter_within(hex_index, radius):
            zone[other] = chance
    return zone


def demolition_foiled(state: GameState, engineer: UnitState, hex_index: int) -> bool:
    """Whether an engineer's demolition at `hex_index` fails to the enemy's deception: within
    the enemy's Deception Radius of a working enemy source, with the enemy's Deception Damage
    probability, one roll [000 4.3]. No roll, and False, out of reach."""
    enemy = other_side(engineer.side)
    params = state.parameters.deception
    radius = per_side(params.radius, enemy)
    board = state.board
    if not any(board.distance(h, hex_index) <= radius for h in sources(state, enemy)):
        return False
    return state.rng.randrange(100) < per_side(params.damage, enemy)
