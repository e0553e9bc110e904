"""The Damage Rail action [000 4.4]: a Deployed unit wrecks the railway in its hex for a third
of its allowance, so that no unit moves there in Rail Mode, enters Rail Mode or is supplied by
rail through it for the rest of the game."""

from __future__ import annotations

from engine.panzer_campaigns.allowance import movement_allowance, mp_left
from engine.panzer_campaigns.engineering.status import is_building_bridge
from engine.panzer_campaigns.march_events import RailDamaged
from engine.panzer_campaigns.movement_steps import EPSILON
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import ConnectionKind

RAIL_DAMAGE_SHARE = 1 / 3  # "It costs a unit 1/3 of its Movement allowance"


def rail_damage_cost(state: GameState, unit: UnitState) -> float:
    """The movement points damaging the rail costs `unit`: 1/3 of its allowance [000 4.4]."""
    return movement_allowance(state, unit) * RAIL_DAMAGE_SHARE


def why_not_damage_rail(state: GameState, unit: UnitState) -> str | None:
    """Why `unit` may not damage the railway in its hex now, as a player reads it; None when
    it may [000 4.4]: "Any Deployed unit that is not Broken, Digging-In, or building a bridge
    can damage the rail lines in the hex that it is occupying unless there are other units in
    the same hex that are in Rail Mode", for 1/3 of its allowance.

    Decisions: partisans cannot ("the damage represented by hex rail damage ... [is]
    extensive", [000 4.2]); the unit must have the 1/3 left, as for any action priced in
    movement points; a hex already damaged cannot be damaged again, it stays so.
    """
    if unit.mode is not Mode.DEPLOYED:
        return "only a Deployed unit can damage rail lines [000 4.4]"
    if unit.broken:
        return "a Broken unit cannot damage rail lines [000 4.4]"
    if unit.digging_in:
        return "a unit Digging-In cannot damage rail lines [000 4.4]"
    if is_building_bridge(state, unit):
        return "a unit building a bridge cannot damage rail lines [000 4.4]"
    if unit.unit.partisan:
        return "partisans cannot damage rail lines [000 4.2]"
    rail = state.board.connections.get(ConnectionKind.RAILROAD)
    if rail is None or not rail[unit.hex]:
        return "no railway runs through its hex"
    if unit.hex in state.rail_damage:
        return "the railway in its hex is already damaged"
    if any(other.mode is Mode.RAIL for other in state.units_at(unit.hex)):
        return "units in Rail Mode stand in its hex [000 4.4]"
    cost = rail_damage_cost(state, unit)
    if mp_left(state, unit) + EPSILON < cost:
        return f"it needs {cost:g} movement points (1/3 of its allowance) [000 4.4]"
    return None


def damage_rail(state: GameState, unit: UnitState) -> RailDamaged:
    """Damage the railway in `unit`'s hex (`why_not_damage_rail` must be None) [000 4.4]."""
    cost = rail_damage_cost(state, unit)
    unit.mp_spent += cost
    state.rail_damage.add(unit.hex)
    state.touch()  # rail paths and supply by rail change
    return RailDamaged(state.turn, unit.id, unit.side, state.board.offset(unit.hex), cost)
