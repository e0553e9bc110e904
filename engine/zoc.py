"""Zones of control: the six hexes around a unit that hinder enemy movement and supply lines
[000 3.3, 4.4], and the units that exert none. Maps are cached on the state until a unit changes.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.ruleset import RulesetProfile
from engine.spotting import is_concealed
from engine.state import GameState, other_side
from engine.units import UnitState
from schemas.vocabulary import Side

ALL_DIRECTIONS = (0, 1, 2, 3, 4, 5)


def exerts_zoc(unit: UnitState, profile: RulesetProfile) -> bool:
    """Whether a unit on the map exerts a zone of control.

    No ZOC [000 3.3, 4.2]: HQs, supply units, broken units, partisans; in Panzer Campaigns also
    towed anti-tank and towed heavy AA guns and irregulars. Panzer Battles lists concealed units
    instead [001 1.2]: those that `engine.spotting.is_concealed` finds hidden by their hex's
    cover from the enemy (see `exerts_zoc_now`).
    """
    static = unit.unit
    if unit.is_hq or static.supply_unit or unit.broken or static.partisan:
        return False
    if profile.irregulars_without_zoc and static.irregular:
        return False
    if (
        profile.towed_at_and_heavy_aa_without_zoc
        and static.towed
        and (static.anti_tank or unit.is_heavy_aa)
    ):
        return False
    return not (static.air is not None or static.naval)


def exerts_zoc_now(state: GameState, unit: UnitState) -> bool:
    """Whether a unit on the map exerts a zone of control in the current state: `exerts_zoc`,
    and in Panzer Battles not while concealed [001 1.2]."""
    if not exerts_zoc(unit, state.profile):
        return False
    return not (state.profile.concealed_without_zoc and is_concealed(state, unit))


def zoc_directions(unit: UnitState) -> tuple[int, ...]:
    """The directions a unit's ZOC covers: all six, or with a facing "the hex it is facing plus
    the two adjacent hexes" [000 5.4].

    >>> from schemas.oob import Unit
    >>> faced = UnitState("a", Unit(id="a", name="a", unit_class="infantry", strength=1,
    ...                   speed=1), side=Side.AXIS, nation="de", organization=None, facing=0)
    >>> zoc_directions(faced)
    (5, 0, 1)
    """
    if unit.facing is None:
        return ALL_DIRECTIONS
    return ((unit.facing - 1) % 6, unit.facing, (unit.facing + 1) % 6)


def zoc_map(state: GameState, side: Side) -> bytearray:
    """A byte per hex, 1 where `side`'s units exert a zone of control (cached per state)."""
    return state.cached(("zoc", side), lambda: _compute(state, side))


def _compute(state: GameState, side: Side) -> bytearray:
    zoc = bytearray(state.board.size)
    neighbors = state.board.neighbors
    for unit in state.iter_units(side):
        if not exerts_zoc_now(state, unit):
            continue
        base = 6 * unit.hex
        for direction in zoc_directions(unit):
            other = neighbors[base + direction]
            if other >= 0:
                zoc[other] = 1
    return zoc


def zoc_hexes_of(state: GameState, units: Iterable[UnitState]) -> set[int]:
    """The hexes in the zones of control of some units (those that exert one now), as what a
    side knows of the enemy's zones under Fog of War."""
    neighbors = state.board.neighbors
    found: set[int] = set()
    for unit in units:
        if unit.on_map and exerts_zoc_now(state, unit):
            for direction in zoc_directions(unit):
                other = neighbors[6 * unit.hex + direction]
                if other >= 0:
                    found.add(other)
    return found


def known_zoc_map(state: GameState, side: Side) -> bytearray:
    """A byte per hex, 1 where `side` knows the enemy exerts a zone of control: round the enemy
    units it sees (spotted or Unknown), and on the hexes its own units stand in, whose zone they
    feel (cached per state). With Fog of War a side moves by this map (`engine.movement_steps`).
    """
    return state.cached(("known_zoc", side), lambda: _known(state, side))


def _known(state: GameState, side: Side) -> bytearray:
    enemy = other_side(side)
    zoc = bytearray(state.board.size)
    seen = [
        state.units[unit_id]
        for unit_id, sighting in state.sightings[side].items()
        if state.units[unit_id].hex == sighting.hex
    ]
    for index in zoc_hexes_of(state, seen):
        zoc[index] = 1
    true = zoc_map(state, enemy)
    for hex_index, stack in state.stacks.items():
        if stack[0].side is side and true[hex_index]:
            zoc[hex_index] = 1
    return zoc


def is_in_enemy_zoc(state: GameState, hex_index: int, side: Side) -> bool:
    """Whether a hex lies in the zone of control of `side`'s enemy."""
    enemy = Side.AXIS if side is Side.ALLIED else Side.ALLIED
    return bool(zoc_map(state, enemy)[hex_index])
