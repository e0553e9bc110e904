"""Zones of control: the maps of the hexes each side's units control, which hinder enemy
movement and supply lines [000 3.3, 4.4], kept up to date unit by unit
(`engine.panzer_campaigns.zoc_tracker`);
who exerts a zone where is `engine.panzer_campaigns.zoc_rules`.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from engine.panzer_campaigns.zoc_rules import exerts_zoc_now, zoc_directions
from engine.panzer_campaigns.zoc_tracker import ZocTracker
from schemas.vocabulary import Side


def zoc_map(state: GameState, side: Side) -> bytearray:
    """A byte per hex, 1 where `side`'s units exert a zone of control. Read it, never write
    it: it is the state's own, counted again only around the units changed since it was last
    asked for, and a later change gives a new map (`ZocTracker`)."""
    key = ("zoc", side)
    hit = state.derived.get(key)
    if hit is not None and hit[0] == state.version and hit[1].is_current(state):
        tracker: ZocTracker = hit[1]
        return tracker.map
    tracker = hit[1] if hit is not None else ZocTracker(side)
    zoc = tracker.current(state)
    state.derived[key] = (state.version, tracker)
    return zoc


def zoc_from_scratch(state: GameState, side: Side) -> bytearray:
    """`zoc_map` traced afresh from every unit of `side` on the map, the reference the kept
    map is tested against."""
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
    feel (cached per state). With Fog of War a side moves by this map
    (`engine.panzer_campaigns.movement_steps`).
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
