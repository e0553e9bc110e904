"""Deception units [000 4.3]: deploying one as a hidden marker, redeploying it on the midnight
turn, the enemy detecting it, and recalling it when a friendly unit joins it. What deployed units
and partisans do to the enemy within their side's Deception Radius - Travel Mode moves that end
in Disruption, demolitions that fail - unless enemy patrols negate it, is
`engine.panzer_campaigns.deception_effects`.

Parameters are per side (`ParameterFile.deception`): Range, Radius, Effect, Damage, Detect; each
effect uses the values of the side whose deception unit or partisan causes it.
"""

from __future__ import annotations

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.deception_effects import markers
from engine.panzer_campaigns.irregular_events import (
    DeceptionDeployed,
    DeceptionDetected,
    DeceptionRecalled,
)
from engine.panzer_campaigns.movement_costs import is_enterable
from engine.panzer_campaigns.objectives import eliminate
from engine.panzer_campaigns.stacking import per_side
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState, UnitStatus
from schemas.vocabulary import Side

Offset = tuple[int, int]

DEPLOY_RANGE_FACTOR = 3
""""within three times the Deception Range for that side" to deploy."""
REDEPLOY_RANGE_FACTOR = 2
""""or twice the Deception Range for units being redeployed"."""


def is_deception_unit(unit: UnitState) -> bool:
    """A unit the Order of Battle designates DECEPTION [000 4.3]."""
    return unit.unit.deception


def why_not_deploy(state: GameState, unit: UnitState, hex_index: int) -> str | None:
    """Why `unit` may not be deployed (or redeployed) at `hex_index` now; None when it may.

    [000 4.3] Deception units "can be deployed on any turn but only redeployed on the first
    turn on or immediately after midnight"; the unit "must not have moved or otherwise used
    Movement Points in the current turn"; the target within three times the side's Deception
    Range, twice for a redeployment, counted from the unit's counter or its marker. Decisions
    (the manual is silent): a deployed unit redeploys once per player turn (the dialog marks
    it "deployed that turn"); a marker may not be put among enemy units nor where the unit
    could never stand.
    """
    if not is_deception_unit(unit):
        return f"{unit.id} is not a deception unit"
    board = state.board
    if not 0 <= hex_index < board.size:
        return "that hex is off the map"
    deployed = unit.id in state.deception_markers
    if deployed:
        if not state.clock.is_midnight_turn(state.turn):
            return f"{unit.id} redeploys only on the midnight turn"
        if state.deception_moved.get(unit.id) == player_turn_index(state):
            return f"{unit.id} was deployed this turn"
    else:
        if not unit.on_map:
            return f"{unit.id} is not on the map"
        if unit.mp_spent > 0 or unit.moved_in == player_turn_index(state):
            return f"{unit.id} has used movement points this turn"
    start, reach = deployment_reach(state, unit)
    distance = board.distance(start, hex_index)
    if distance > reach:
        return f"{distance} hexes away: {unit.id} deploys within {reach} hexes"
    if state.side_at(hex_index) is other_side(unit.side):
        return "enemy units hold that hex"
    if not is_enterable(state, unit, hex_index):
        return f"{unit.id} could not stand there"
    return None


def deployment_reach(state: GameState, unit: UnitState) -> tuple[int, int]:
    """Where `unit`'s deployment is counted from (its counter, or its marker when deployed)
    and how far it may go: 3x the side's Deception Range, 2x to redeploy [000 4.3]."""
    range_ = per_side(state.parameters.deception.range, unit.side)
    if unit.id in state.deception_markers:
        return state.deception_markers[unit.id], REDEPLOY_RANGE_FACTOR * range_
    return unit.hex, DEPLOY_RANGE_FACTOR * range_


def deployment_hexes(state: GameState, unit: UnitState) -> list[int]:
    """Every hex `unit` may be deployed (or redeployed) at now (`why_not_deploy`), nearest
    first; empty when it may not deploy at all."""
    start, reach = deployment_reach(state, unit)
    if start < 0:
        return []
    return [
        h for h in state.board.iter_within(start, reach) if why_not_deploy(state, unit, h) is None
    ]


def deploy(state: GameState, unit: UnitState, hex_index: int) -> DeceptionDeployed:
    """Deploy `unit` (check `why_not_deploy` first): its counter leaves the map and a marker,
    hidden from the enemy, stands at `hex_index` [000 4.3]."""
    redeployed = unit.id in state.deception_markers
    if not redeployed:
        state.remove(unit, UnitStatus.DEPLOYED)
    state.deception_markers[unit.id] = hex_index
    state.deception_moved[unit.id] = player_turn_index(state)
    state.touch()
    return DeceptionDeployed(
        state.turn, unit.id, unit.side, state.board.offset(hex_index), redeployed
    )


def detect(state: GameState) -> list[DeceptionDetected]:
    """At the beginning of each game turn, each deployed deception unit within its side's
    Deception Radius of an enemy unit is detected and removed with its side's Deception Detect
    probability [000 4.3]. Decisions: "removal from the map" is elimination, its strength
    counting as lost like any eliminated unit's [000 12.0]; markers roll in the order they
    were deployed."""
    found = []
    board = state.board
    for unit_id, hex_index in list(state.deception_markers.items()):
        unit = state.units[unit_id]
        params = state.parameters.deception
        radius = per_side(params.radius, unit.side)
        enemy = other_side(unit.side)
        near = any(state.side_at(other) is enemy for other in board.iter_within(hex_index, radius))
        if near and state.rng.randrange(100) < per_side(params.detect, unit.side):
            del state.deception_markers[unit_id]
            eliminate(state, unit)
            found.append(DeceptionDetected(state.turn, unit_id, unit.side, board.offset(hex_index)))
    return found


def recall_joined(state: GameState, side: Side) -> list[DeceptionRecalled]:
    """At the beginning of `side`'s player turn, a deployed deception unit whose marker shares
    a hex with a friendly regular unit is restored to its counter there [000 4.3]. Decision:
    "regular" excludes partisans and other deception units; recalled, it may move and deploy
    again that turn, as the manual says."""
    found = []
    for unit_id, hex_index in list(markers(state, side).items()):
        if any(
            u.side is side and not u.unit.partisan and not is_deception_unit(u)
            for u in state.units_at(hex_index)
        ):
            del state.deception_markers[unit_id]
            unit = state.units[unit_id]
            state.put(unit, hex_index)
            unit.mp_spent = 0.0
            found.append(
                DeceptionRecalled(state.turn, unit_id, side, state.board.offset(hex_index))
            )
    return found
