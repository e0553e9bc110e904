"""Whether a unit may stand on a hex in a mode: the terrain, water, road-only and rail rules that
a placement and a reinforcement's arrival hex must both obey [000 4.1, 4.2].

Whether a unit can stand on a hex at all is `engine.panzer_campaigns.movement_costs.is_enterable`;
this module adds what the mode it starts in asks of the hex, and why, in the words a designer needs.
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum
from typing import Any

from engine.panzer_campaigns.allowance import (
    VEHICLE_CLASSES,
    is_armoured_train,
    is_rail_unit,
    movement_class_of,
)
from engine.panzer_campaigns.board import IMPASSABLE
from engine.panzer_campaigns.movement_costs import is_enterable, map_costs
from engine.panzer_campaigns.stacking import is_ship, road_stacking_limit
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from engine.panzer_campaigns.weather import freezes_terrain
from schemas.panzer_campaigns.map import TerrainType
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import ConnectionKind

__all__ = [
    "ROADS",
    "Footing",
    "FootingRules",
    "is_armoured_train",
    "is_rail_unit",
    "terrain_at",
]

ROADS = (ConnectionKind.PRIMARY_ROAD, ConnectionKind.SECONDARY_ROAD, ConnectionKind.TRAIL)


class Footing(Enum):
    """How a unit stands on a hex in a mode."""

    FINE = "fine"
    NOT_ENTERABLE = "not enterable"
    """Impassable terrain for its movement class, water for a ground unit, land for a ship."""
    ROAD_ONLY_OFF_ROAD = "road only, off the road"
    """Terrain the unit may enter only along a road, and it cannot use one there."""
    ROAD_ONLY_DEPLOYED = "road only, deployed"
    """On a road through such terrain but not in Travel Mode, which it may not leave there."""
    TOWED_GUN_ROAD_ONLY = "towed gun deployed on a road only hex"
    """A towed gun deployed on such a road: allowed, with Travel-Mode fire and defence."""
    RAIL_MODE_OFF_RAIL = "rail mode off a railway"
    RAIL_UNIT_OFF_RAIL = "rail unit off a railway"


def terrain_at(state: GameState, hex_index: int) -> TerrainType | None:
    """The terrain a hex counts as now: under Snow and Frozen conditions Field and Marsh count
    as Clear and Swamp as Forest (`frozen_as`) [000 11.0]; None for a code missing from the
    legend (MAP003)."""
    board = state.board
    number = board.terrain[hex_index]
    if number >= len(board.terrain_ids):
        return None
    terrain = board.legend[board.terrain_ids[number]]
    if terrain.frozen_as is not None and freezes_terrain(state.weather.condition):
        return board.legend.get(terrain.frozen_as, terrain)
    return terrain


def has_rail(state: GameState, hex_index: int) -> bool:
    """Whether a railway runs through a hex."""
    masks = state.board.connections.get(ConnectionKind.RAILROAD)
    return masks is not None and masks[hex_index] != 0


def has_road(state: GameState, hex_index: int) -> bool:
    """Whether a road or trail of any class runs through a hex."""
    connections = state.board.connections
    return any(kind in connections and connections[kind][hex_index] for kind in ROADS)


class FootingRules:
    """`footing` for one state, remembering what `is_enterable` and the movement costs say for
    each kind of mover on each kind of hex: the setup check asks for thousands of units."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._enterable: dict[tuple[Any, ...], bool] = {}
        self._road_only: dict[tuple[Any, ...], bool] = {}
        self._road_limits = {side: road_stacking_limit(state, side) for side in state.global_supply}
        self._numbers = {terrain_id: n for n, terrain_id in enumerate(state.board.terrain_ids)}

    def _mover(self, unit: UnitState) -> tuple[Any, ...]:
        """What `is_enterable` and the map's costs read of a unit (its movement profile)."""
        static = unit.unit
        limit = self._road_limits.get(unit.side)
        return (
            movement_class_of(replace(unit, mode=Mode.TRAVEL)),
            static.air is None,
            is_ship(unit),
            is_rail_unit(unit),
            static.amphibious,
            static.mountain,
            static.commando,
            static.towed,
            static.hard_target,
            static.component,
            limit is None or unit.men_equivalent <= limit,
        )

    def _place(self, hex_index: int) -> tuple[Any, ...]:
        """What `is_enterable` reads of a hex: its terrain, links and full-hex feature."""
        board = self.state.board
        return (
            board.terrain[hex_index],
            hex_index in board.full_hex,
            tuple(bool(masks[hex_index]) for masks in board.connections.values()),
        )

    def _is_plain_ground(self, unit: UnitState, terrain: TerrainType) -> bool:
        """Land the unit's class enters off the road (cost not -1, not road-only for
        vehicles): `is_enterable` would say yes, and no mode is wrong there. Most units stand on
        such ground, and answering here spares building the movement costs of the board."""
        if is_ship(unit) or terrain.water:
            return False
        movement_class = movement_class_of(unit)
        tables = self.state.board.movement.get(movement_class)
        if tables is None:
            return False
        number = self._numbers[terrain.id]
        if tables.terrain[number] == IMPASSABLE:
            return False
        return not (terrain.vehicles_road_only and movement_class in VEHICLE_CLASSES)

    def is_enterable(self, unit: UnitState, hex_index: int) -> bool:
        """`engine.panzer_campaigns.movement.is_enterable`, remembered per kind of mover and hex."""
        key = (self._mover(unit), self._place(hex_index))
        known = self._enterable.get(key)
        if known is None:
            known = self._enterable[key] = is_enterable(self.state, unit, hex_index)
        return known

    def is_road_only(self, unit: UnitState, hex_index: int) -> bool:
        """Whether the unit may enter the hex's land only along a road: "some units must be in
        Travel or Rail Mode in order to enter certain types of terrain" [000 4.1]."""
        key = (self._mover(unit), self.state.board.terrain[hex_index])
        known = self._road_only.get(key)
        if known is None:
            costs = map_costs(self.state, replace(unit, mode=Mode.TRAVEL))
            known = self._road_only[key] = costs.must_leave_by_road(hex_index)
        return known

    def footing(self, unit: UnitState, hex_index: int, mode: Mode) -> Footing:
        """How `unit` stands on `hex_index` in `mode` at the start of a scenario.

        - It must be able to stand there in some mode
        (`engine.panzer_campaigns.movement.is_enterable`: terrain
          its class enters in the starting conditions, a road or railway it may follow through
          road-only land, a full-hex bridge or ferry over water, water for ships, a railway for
          rail units) [000 4.1, 4.2, 4.5].
        - Rail Mode needs "a hex containing a valid rail line" [000 4.1].
        - Land it may enter only by road it "cannot leave Travel Mode while in": a unit deployed
          there is wrong, except a towed gun, which may deploy there with Travel-Mode fire and
          defence [000 4.1]. Rail Mode on a railway there is fine ("by Travel or Rail Mode").
        """
        state = self.state
        if unit.unit.air is not None:
            return Footing.FINE  # air units are never placed on the map (PLACE002)
        if is_rail_unit(unit):
            return Footing.FINE if has_rail(state, hex_index) else Footing.RAIL_UNIT_OFF_RAIL
        if mode is Mode.RAIL and not has_rail(state, hex_index):
            return Footing.RAIL_MODE_OFF_RAIL
        terrain = terrain_at(state, hex_index)
        if terrain is None:
            return Footing.FINE  # a terrain code missing from the legend: MAP003 says so
        if self._is_plain_ground(unit, terrain):
            return Footing.FINE
        if not self.is_enterable(unit, hex_index):
            vehicle = movement_class_of(unit) in VEHICLE_CLASSES
            if terrain.vehicles_road_only and vehicle:
                return Footing.ROAD_ONLY_OFF_ROAD
            return Footing.NOT_ENTERABLE
        if mode is not Mode.DEPLOYED or is_ship(unit) or not self.is_road_only(unit, hex_index):
            return Footing.FINE
        return Footing.TOWED_GUN_ROAD_ONLY if unit.unit.towed else Footing.ROAD_ONLY_DEPLOYED
