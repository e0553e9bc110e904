"""Patrolling and On Foot [000 4.2]: a men-only unit that spends its whole allowance to patrol
spots every enemy within two hexes whatever the line of sight, fires and assaults at 3/4 and
stops Deception effects near it (`engine.panzer_campaigns.deception`) until it moves, which recalls
the patrol
for half its allowance; On Foot infantry rejoins its transport when it starts a player turn with
its headquarters.
"""

from __future__ import annotations

from engine.panzer_campaigns.allowance import PATROL_RECALL_SHARE, movement_allowance
from engine.panzer_campaigns.irregular_events import BackOnTransport, PatrolRecalled, PatrolStarted
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import Component
from schemas.vocabulary import Side

PATROL_SIGHT = 2
"""A Patrolling unit spots "any enemy unit within 2 hexes, regardless of line-of-sight"."""
PATROL_COMBAT_FACTOR = 0.75
""""While in a Patrolling state, a unit has a 3/4 assault and fire value"."""
SLACK = 1e-9


def why_not_patrol(state: GameState, unit: UnitState) -> str | None:
    """Why `unit` may not start patrolling now, as a player reads it; None when it may.

    [000 4.2] "a unit with men (not vehicles or guns and not HQ units)"; it "requires the full
    movement allowance of the unit and the unit cannot be Broken". Decision: the full allowance
    means none of it spent yet this player turn, and a unit that cannot move (speed 0) has no
    allowance to spend, so it may not patrol.
    """
    if unit.patrolling:
        return f"{unit.id} is already patrolling"
    if unit.unit.component is not Component.MEN:
        return f"{unit.id} has {unit.unit.component.value}: only units of men patrol"
    if unit.is_hq:
        return f"{unit.id} is an HQ: HQs do not patrol"
    if unit.broken:
        return f"{unit.id} is Broken"
    if unit.mp_spent > SLACK:
        return f"{unit.id} has used movement points this turn: patrolling takes the whole allowance"
    if movement_allowance(state, unit) <= SLACK:
        return f"{unit.id} has no movement allowance to patrol with"
    return None


def start_patrol(state: GameState, unit: UnitState) -> PatrolStarted:
    """Put `unit` on patrol for its whole allowance (check `why_not_patrol` first)."""
    unit.patrolling = True
    state.patrols.add(unit.id)
    unit.mp_spent = movement_allowance(state, unit)
    state.touch()  # what the side spots and where Deception works change
    return PatrolStarted(state.turn, unit.id, unit.side, state.board.offset(unit.hex))


def recall_cost(state: GameState, unit: UnitState) -> float:
    """Movement points a move costs first to recall the unit's patrols: half its allowance when
    it is Patrolling, else 0 [000 4.2]."""
    return PATROL_RECALL_SHARE * movement_allowance(state, unit) if unit.patrolling else 0.0


def recall(state: GameState, unit: UnitState) -> PatrolRecalled:
    """Recall a Patrolling unit's patrols, spending half its allowance ("This is done
    automatically when the unit moves")."""
    cost = recall_cost(state, unit)
    unit.patrolling = False
    state.patrols.discard(unit.id)
    unit.mp_spent += cost
    state.touch()
    return PatrolRecalled(state.turn, unit.id, unit.side, round(cost, 2))


def patrols_near(
    state: GameState, side: Side, hex_index: int, reach: int, *, broken: bool = True
) -> bool:
    """Whether a Patrolling unit of `side` on the map (one not Broken, unless `broken`) stands
    within `reach` hexes of `hex_index`."""
    board = state.board
    for unit_id in state.patrols:
        unit = state.units[unit_id]
        counts = unit.side is side and unit.on_map and (broken or not unit.broken)
        if counts and board.distance(unit.hex, hex_index) <= reach:
            return True
    return False


def patrol_spots(state: GameState, side: Side, hex_index: int) -> bool:
    """Whether a Patrolling unit of `side` that is not Broken spots a unit in `hex_index`:
    within two hexes, whatever the line of sight or the terrain hides [000 4.2]. Decision:
    "any enemy unit" includes one in concealing terrain, and a patrol is gone when Broken, as
    it cannot be started Broken."""
    return bool(state.patrols) and patrols_near(state, side, hex_index, PATROL_SIGHT, broken=False)


def back_on_transport(state: GameState, side: Side) -> list[BackOnTransport]:
    """At the start of `side`'s player turn, On Foot units stacked with their HQ are no longer
    On Foot: "At the beginning of the player turn when the units are stacked with their HQ
    unit, this state is removed" [000 4.2]."""
    back = []
    for unit in state.iter_units(side):
        if not unit.on_foot:
            continue
        hq = state.hq_of(unit)
        if hq is not None and hq.on_map and hq.hex == unit.hex:
            unit.on_foot = False
            back.append(unit.id)
    if not back:
        return []
    state.touch()
    return [BackOnTransport(state.turn, side, tuple(back))]
