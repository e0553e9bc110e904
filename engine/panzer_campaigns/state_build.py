"""How a `GameState` is filled in at the start of a scenario: the organizations and their
attachments, the units placed and waiting, the map overlays, objectives and supply values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.hexgrid import DIRECTIONS
from engine.panzer_campaigns.state_records import Losses, MinefieldState, ObjectiveState
from engine.panzer_campaigns.units import UnitState, UnitStatus
from schemas.panzer_campaigns.scenario import BridgeState
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState

_DIRECTION_NUMBER = {direction: n for n, direction in enumerate(DIRECTIONS)}


def fill_start(state: GameState) -> None:
    """Fill in a state just made from a scenario's models with the scenario's start."""
    _organizations(state)
    _units(state)
    _overlays(state)
    _objectives(state)
    _supply(state)


def _organizations(state: GameState) -> None:
    for org_id, entry in state.oob_index.organizations.items():
        state.organization_parent[org_id] = entry.parent
    for attachment in state.scenario.attachments:
        if attachment.organization in state.organization_parent:
            state.organization_parent[attachment.organization] = attachment.attach_to


def _new_unit(state: GameState, unit_id: str) -> UnitState | None:
    entry = state.oob_index.units.get(unit_id)
    if entry is None or unit_id in state.units:
        return None
    unit = UnitState(
        id=unit_id,
        unit=entry.unit,
        side=entry.side,
        nation=entry.nation,
        organization=entry.parent,
        strength=entry.unit.strength,
    )
    state.units[unit_id] = unit
    return unit


def _units(state: GameState) -> None:
    for placement in state.scenario.placements:
        unit = _new_unit(state, placement.unit)
        if unit is None or not state.board.grid.contains(*placement.hex):
            continue
        unit.mode = placement.mode
        unit.facing = _DIRECTION_NUMBER[placement.facing] if placement.facing is not None else None
        if placement.strength is not None:
            unit.strength = placement.strength
        # A PzC-scale fatigue in a PB scenario is Maximum there [001 "Fatigue Levels"].
        unit.fatigue = min(placement.fatigue, state.profile.fatigue_max)
        _combine_at_start(state, unit, placement.combined_with)
        if placement.strength is None:
            unit.strength = state.full_strength(unit)
        unit.fixed = placement.fixed
        unit.disrupted = placement.disrupted
        unit.detached = placement.detached
        unit.low_ammo = placement.low_ammo
        unit.low_fuel = placement.low_fuel
        unit.on_foot = placement.on_foot
        unit.stockpiled = placement.stockpiled  # [000 10.3] placed by the designer
        state.put(unit, state.board.index(*placement.hex))
    for reinforcement in state.scenario.reinforcements:
        for unit_id in state.iter_scheduled_units(reinforcement.units, reinforcement.organizations):
            unit = _new_unit(state, unit_id)
            if unit is not None:
                unit.status = UnitStatus.WAITING
                unit.mode = reinforcement.mode
    state.partisans = tuple(u.id for u in state.units.values() if u.unit.partisan)


def _combine_at_start(state: GameState, unit: UnitState, companies: list[str]) -> None:
    """A counter the scenario places combined: the other companies are in the game,
    merged into it, so it can break down into them [000 4.9]."""
    for company_id in companies:
        company = _new_unit(state, company_id)
        if company is not None:
            company.status = UnitStatus.COMBINED
            unit.combined += (company_id,)
    unit.subunits = 1 + len(companies)


def _overlays(state: GameState) -> None:
    overlays = state.scenario.overlays
    board = state.board
    index = board.index
    for minefield in overlays.minefields:
        state.minefields[index(*minefield.hex)] = MinefieldState(
            minefield.strength, minefield.penetrated, minefield.side
        )
    state.obstacles = {index(*o.hex): o.penetrated for o in overlays.obstacles}
    state.congestion = {index(*c.hex): 0 for c in overlays.congestion}
    state.rubble = {index(*r.hex): r.cleared for r in overlays.rubble}
    state.rail_damage = {index(*r.hex) for r in overlays.rail_damage}
    state.fortifications = {index(*f.hex): f.kind for f in overlays.fortifications}
    state.reduced_forts = {index(*f.hex) for f in overlays.fortifications if f.vacated}
    most = state.profile.wrecks_blocking_sight
    if most is not None:
        state.sight_walls = frozenset(index(*w.hex) for w in overlays.wrecks if w.count > most)
    for bridge in overlays.bridges:
        hex_index = index(*bridge.hex)
        damaged = bridge.state is BridgeState.DAMAGED
        if bridge.side is None:
            if damaged:
                state.damaged_full_hex_bridges.add(hex_index)
            else:
                state.wired_full_hex_bridges[hex_index] = bridge.wired_by
            continue
        direction = _DIRECTION_NUMBER[bridge.side]
        edges = [6 * hex_index + direction]
        other = board.neighbor(hex_index, direction)
        if other >= 0:
            edges.append(6 * other + (direction + 3) % 6)
        for edge in edges:
            if damaged:
                state.damaged_bridges.add(edge)
            else:
                state.wired_bridges[edge] = bridge.wired_by


def _objectives(state: GameState) -> None:
    for objective in state.scenario.objectives:
        state.objectives.append(
            ObjectiveState(
                objective,
                state.board.index(*objective.hex),
                objective.owner,
                float(objective.points),
            )
        )


def _supply(state: GameState) -> None:
    header = state.scenario.header
    state.global_supply = {
        Side.ALLIED: header.global_supply.allied,
        Side.AXIS: header.global_supply.axis,
    }
    state.source_values = {s.id: s.value for s in state.scenario.supply.sources}
    capacity = state.parameters.supply.rail_capacity
    state.rail_capacity = {Side.ALLIED: capacity.allied, Side.AXIS: capacity.axis}
    state.losses = {side: Losses() for side in Side}
    state.exit_points = dict.fromkeys(Side, 0.0)
    state.banked_points = dict.fromkeys(Side, 0.0)
