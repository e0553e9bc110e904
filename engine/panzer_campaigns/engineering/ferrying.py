"""Engineers ferrying units across rivers and canals and over water hexes [000 7.5].

Decisions, with their sections:

- [000 7.5] River and canal ferrying moves the unit one hex, into or out of the engineer's hex,
  across a river or canal hexside with no usable bridge; it takes the ferried unit's whole
  allowance and none of the engineer's. An engineer ferries itself out of its hex in Travel
  Mode. "Valid for movement" is read as: the unit could enter that terrain, no enemy holds it,
  and the unit would not end over-stacked.
- [000 7.5] Water hex ferrying needs an engineer with Has Boats (set on its placement) next to
  the water hex; "at most one unit at a time" is read as: the water hex holds no unit. The
  manual does not say how a ferried unit leaves the water hex: the same order carries it from
  the water hex to an adjacent land hex, on the same conditions, while a Has Boats engineer is
  next to the water hex.
- The engineer must have its full allowance: it may not have spent movement points this turn.
"""

from __future__ import annotations

from engine.panzer_campaigns.allowance import movement_allowance
from engine.panzer_campaigns.board import HEXSIDE_BIT
from engine.panzer_campaigns.engineering import abilities
from engine.panzer_campaigns.engineering.bridges import (
    direction_to,
    live_bridge_edges,
    live_pontoons,
)
from engine.panzer_campaigns.engineering.events import UnitFerried
from engine.panzer_campaigns.engineering.progress import BRIDGE_WORKS
from engine.panzer_campaigns.engineering.works import WorkKind
from engine.panzer_campaigns.movement import finish_move
from engine.panzer_campaigns.movement_costs import INF, map_costs
from engine.panzer_campaigns.movement_steps import Mover
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.map import FullHexKind
from schemas.panzer_campaigns.oob import Component
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import HexsideKind, MovementClass

FERRIED_CROSSINGS = HEXSIDE_BIT[HexsideKind.RIVER] | HEXSIDE_BIT[HexsideKind.CANAL]
_MEN_CLASSES = frozenset({MovementClass.SKI, MovementClass.BICYCLE, MovementClass.HORSE})


def has_boats(state: GameState, unit: UnitState) -> bool:
    """Whether the scenario gave the engineer boats ("Has Boats") [000 7.5]."""
    if not abilities.ferries(unit):
        return False
    return any(p.unit == unit.id and p.has_boats for p in state.scenario.placements)


def _passenger_problem(state: GameState, unit: UnitState) -> str | None:
    static = unit.unit
    men = static.movement_class in _MEN_CLASSES and static.component is Component.MEN
    if not (static.movement_class is MovementClass.FOOT or men or unit.on_foot):
        return f"{unit.id} is not a foot unit (or men of ski, bicycle or horse class) [000 7.5]"
    if unit.mp_spent > 0:
        return f"{unit.id} needs its full movement allowance [000 7.5]"
    if unit.mode is not Mode.TRAVEL:
        return f"{unit.id} must be in Travel Mode to be ferried [000 7.5]"
    if unit.disrupted or unit.broken:
        return f"{unit.id} is {'broken' if unit.broken else 'disrupted'}"
    return None


def _engineer_problem(
    state: GameState, engineer: UnitState, *, itself: bool, boats: bool
) -> str | None:
    if boats and not has_boats(state, engineer):
        return f"{engineer.id} has no boats (Has Boats) for water hexes [000 7.5]"
    if not abilities.ferries(engineer):
        return f"{engineer.id} is no engineer able to ferry [000 7.1]"
    if engineer.disrupted or engineer.broken:
        return f"{engineer.id} is {'broken' if engineer.broken else 'disrupted'}"
    if engineer.mp_spent > 0:
        return f"{engineer.id} needs its full movement allowance [000 7.5]"
    if engineer.mode is Mode.RAIL or (engineer.mode is Mode.TRAVEL) is not itself:
        need = "in Travel Mode to ferry itself" if itself else "not in Travel or Rail Mode"
        return f"{engineer.id} must be {need} [000 7.5]"
    work = state.engineering.works.get(engineer.id)
    if work is not None and (work.kind in BRIDGE_WORKS or boats):
        return f"{engineer.id} is at work: {work.kind.label} [000 7.5]"
    if (
        boats
        and engineer.hex in state.minefields
        and engineer.id not in (state.engineering.not_clearing)
    ):
        return f"{engineer.id} is clearing mines [000 7.5]"
    if boats and work is not None and work.kind is WorkKind.LAY_MINES:
        return f"{engineer.id} is laying mines [000 7.5]"
    return None


def _enter_problem(state: GameState, unit: UnitState, target: int) -> str | None:
    stack = state.stacks.get(target)
    if stack and stack[0].side is not unit.side:
        return "enemy units hold that hex"
    costs = map_costs(state, unit)
    if not abilities.is_water(state, target) and costs.entry[state.board.terrain[target]] == INF:
        return f"{unit.id} cannot enter {costs.terrain_name(target)} [000 7.5]"
    return Mover(state, unit).end_problem(target)


def why_not_ferry(
    state: GameState, engineer: UnitState, unit: UnitState, target: int
) -> str | None:
    """Why `engineer` may not ferry `unit` to the adjacent hex `target` now, or None [000 7.5].
    Gap decided: how a unit ferried onto a water hex leaves it is not said; this same order
    carries it to adjacent land while a Has Boats engineer is next to the water hex."""
    if engineer.side is not unit.side:
        return "an engineer ferries only units of its side"
    if direction_to(state, unit.hex, target) is None:
        return "the ferried unit moves one hex, to an adjacent hex"
    water_in, water_out = abilities.is_water(state, target), abilities.is_water(state, unit.hex)
    if water_in or water_out:
        water = target if water_in else unit.hex
        if water_in and water_out:
            return "a unit is ferried from land to water or back, not across open water"
        if direction_to(state, engineer.hex, water) is None:
            return f"{engineer.id} must be next to the water hex [000 7.5]"
        if water_in and (
            state.board.full_hex.get(water) is FullHexKind.BRIDGE or water in live_pontoons(state)
        ):
            return "a bridge spans that water hex: no ferrying into it [000 7.5]"
        if water_in and state.stacks.get(water):
            return "at most one unit at a time is ferried into a water hex [000 7.5]"
        why = _engineer_problem(state, engineer, itself=engineer is unit, boats=True)
    else:
        if engineer.hex not in (unit.hex, target):
            return "the ferried unit must move into or out of the engineer's hex [000 7.5]"
        d = direction_to(state, unit.hex, target)
        assert d is not None
        edge = 6 * unit.hex + d
        if not state.board.hexsides[edge] & FERRIED_CROSSINGS:
            return "engineers ferry across river and canal hexsides [000 7.5]"
        if edge in live_bridge_edges(state):
            return "a bridge crosses there: move across it instead"
        if engineer is unit and engineer.hex != unit.hex:
            return "an engineer ferries itself out of its own hex"
        why = _engineer_problem(state, engineer, itself=engineer is unit, boats=False)
    return why or _passenger_problem(state, unit) or _enter_problem(state, unit, target)


def ferry(state: GameState, engineer: UnitState, unit: UnitState, target: int) -> UnitFerried:
    """Ferry the unit to `target` (check `why_not_ferry` first): it uses its whole allowance,
    the engineer none [000 7.5]."""
    start = unit.hex
    allowance = movement_allowance(state, unit)
    finish_move(state, unit, allowance, target, start)
    board = state.board
    return UnitFerried(
        state.turn, unit.side, engineer.id, unit.id, board.offset(start), board.offset(target)
    )
