"""The map and its parameter data compiled into flat arrays indexed by hex, which the engine's hot
loops (movement, supply tracing) read instead of walking the pydantic file models.

A hex is an index `i = row * width + column`; an edge is `6 * i + d` with the direction number
`d` clockwise from Up. Every edge-based layer is stored from both sides, so a loop standing in a
hex never has to find the canonical side of an edge.
"""

from __future__ import annotations

import re
import weakref
from array import array
from collections.abc import Iterator
from dataclasses import dataclass

from engine.hexgrid import DIRECTIONS, Grid, Hex, opposite
from schemas.panzer_campaigns.map import CONNECTION_BITS, MapFile
from schemas.panzer_campaigns.parameters import ParameterFile
from schemas.vocabulary import ConnectionKind, CrossingKind, HexsideKind, MovementClass

HEXSIDE_BIT: dict[HexsideKind, int] = {kind: 1 << n for n, kind in enumerate(HexsideKind)}
"""The bit of each hexside kind in `Board.hexsides` masks."""

CROSSING_CODE: dict[CrossingKind, int] = {kind: n + 1 for n, kind in enumerate(CrossingKind)}
"""The code of each crossing kind in `Board.crossings`; 0 means no crossing."""

IMPASSABLE = -1
"""Movement cost meaning "cannot enter or cross" [000 4.2]."""

_DIRECTION_NUMBER = {direction: n for n, direction in enumerate(DIRECTIONS)}
_DIGIT = re.compile("[1-7]")


@dataclass(frozen=True, slots=True)
class MovementTables:
    """Movement costs of one movement class, arranged for lookups by index."""

    terrain: tuple[int, ...]
    """Cost to enter a hex, by terrain number (the legend's order); -1 = impassable."""
    hexsides: dict[HexsideKind, int]
    """Extra cost to cross each hexside kind; -1 = only by a crossing. Missing kinds cost 0."""
    connections: dict[ConnectionKind, int]
    """Cost per hex along each road or rail class; missing classes cannot be used."""


class Board:
    """The static map of a game: terrain, elevation, edges, roads and rail, and movement costs.

    Build it from a map without layer errors (`schemas.panzer_campaigns.checks.check_map` codes
    MAP001-MAP006);
    the game's setup check runs that first, and a map whose layers do not fit raises ValueError.

    >>> from schemas.panzer_campaigns.map import HexsideFeature, TerrainType
    >>> board = Board.from_files(MapFile(
    ...     format_version=2, name="two villages", width=3, height=2,
    ...     terrain=[TerrainType(id="clear", code=".", name="Clear"),
    ...              TerrainType(id="village", code="v", name="Village", urban=True)],
    ...     terrain_rows=[".v.", "..v"], elevation_rows=["100 120 100", "90 90 110"],
    ...     hexsides=[HexsideFeature(hex=(1, 0), side="down", kind="river")]))
    >>> village = board.index(1, 0)
    >>> board.terrain_id(village), board.elevation[village]
    ('village', 120)
    >>> below = board.neighbor(village, 3)  # Down
    >>> board.offset(below), board.edge_kinds(below, 0)  # the same river, seen from below
    ((1, 1), frozenset({<HexsideKind.RIVER: 'river'>}))
    """

    def __init__(self, map_file: MapFile, parameters: ParameterFile | None = None) -> None:
        self.grid = Grid(map_file.width, map_file.height, map_file.shifted_columns)
        self.width, self.height = map_file.width, map_file.height
        self.size = self.width * self.height
        self.neighbors = self.grid.neighbor_table()
        self.terrain_ids: tuple[str, ...] = tuple(t.id for t in map_file.terrain)
        self.legend = {t.id: t for t in map_file.terrain}
        # Terrain codes are printable ASCII, so one byte table turns a row into legend numbers.
        numbers = bytearray(range(256))
        for number, terrain in enumerate(map_file.terrain):
            numbers[ord(terrain.code)] = number
        self.terrain = bytearray(
            b"".join(row.encode("ascii").translate(numbers) for row in map_file.terrain_rows)
        )
        self.elevation = array("i", [0]) * self.size
        if map_file.elevation_rows:
            self.elevation = array("i")
            for row in map_file.elevation_rows:
                self.elevation.extend(map(int, row.split()))
        if len(self.terrain) != self.size or len(self.elevation) != self.size:
            raise ValueError(
                f"the terrain or elevation layer of '{map_file.name}' does not fit its "
                f"{self.width}x{self.height} size; validate the map first"
            )
        self.hexsides = array("H", [0]) * (6 * self.size)
        for feature in map_file.hexsides:
            for edge in self._both_sides(*feature.hex, _DIRECTION_NUMBER[feature.side]):
                self.hexsides[edge] |= HEXSIDE_BIT[feature.kind]
        self.crossings = bytearray(6 * self.size)
        for crossing in map_file.crossings:
            for edge in self._both_sides(*crossing.hex, _DIRECTION_NUMBER[crossing.side]):
                self.crossings[edge] = CROSSING_CODE[crossing.kind]
        self.full_hex = {self.index(*f.hex): f.kind for f in map_file.full_hex_features}
        self.connections = {
            kind: self._connection_masks(rows) for kind, rows in map_file.connections.items()
        }
        # Decision [001 #20]: the manual only names "Raised" rail and roads in its list of
        # differences and gives them no effect on movement, sight or combat anywhere; the
        # links are loaded for the map's views and no rule reads them.
        self.raised = self._connection_masks(map_file.raised) if map_file.raised else None
        self.movement = (
            {cls: _tables(parameters, cls, self.terrain_ids) for cls in MovementClass}
            if parameters is not None
            else {}
        )

    @classmethod
    def from_files(cls, map_file: MapFile, parameters: ParameterFile | None = None) -> Board:
        """Compile a map (and the movement costs of a parameter file) into a board."""
        return cls(map_file, parameters)

    @classmethod
    def shared(cls, map_file: MapFile, parameters: ParameterFile | None = None) -> Board:
        """The board of these very models, compiled once and shared while both live.

        Models are immutable and a board is never changed once built, so every game of a
        title (each scenario `hexwright validate` checks, each test-play the editor starts
        while the map is unchanged) can use one board and what is compiled on it (supply
        network, movement tables) instead of compiling them again.
        """
        key = (id(map_file), id(parameters))
        hit = _SHARED.get(key)
        if hit is not None and _alive(hit) == (map_file, parameters):
            return hit[2]
        for stale in [k for k, entry in _SHARED.items() if None in _alive(entry)[:1]]:
            del _SHARED[stale]
        board = cls(map_file, parameters)
        _SHARED[key] = (
            weakref.ref(map_file),
            weakref.ref(parameters) if parameters is not None else None,
            board,
        )
        return board

    # --- hexes ------------------------------------------------------------------------------

    def index(self, column: int, row: int) -> int:
        """The index of the hex at (column, row)."""
        return row * self.width + column

    def offset(self, index: int) -> tuple[int, int]:
        """The (column, row) of a hex index."""
        row, column = divmod(index, self.width)
        return column, row

    def neighbor(self, index: int, direction: int) -> int:
        """The neighbour of a hex in direction number `direction`, or -1 off the map."""
        return self.neighbors[6 * index + direction]

    def hex_of(self, index: int) -> Hex:
        """The axial hex of a hex index, for `engine.hexgrid` arithmetic."""
        return self.grid.hex_at(*self.offset(index))

    def distance(self, a: int, b: int) -> int:
        """Hex steps between two hex indices.

        >>> from schemas.panzer_campaigns.map import TerrainType
        >>> board = Board.from_files(MapFile(format_version=2, name="m", width=5, height=5,
        ...     terrain=[TerrainType(id="clear", code=".", name="Clear")],
        ...     terrain_rows=["....."] * 5))
        >>> board.distance(board.index(0, 0), board.index(4, 2))
        4
        """
        return self.hex_of(a).distance(self.hex_of(b))

    def iter_within(self, index: int, radius: int) -> Iterator[int]:
        """The hexes on the map within `radius` steps of a hex, nearest first (in
        `Hex.iter_range`'s order)."""
        width, height = self.width, self.height
        row, column = divmod(index, width)
        for step_column, step_row in self.grid.disc_steps((column, row), radius):
            near_column = column + step_column
            near_row = row + step_row
            if 0 <= near_column < width and 0 <= near_row < height:
                yield near_row * width + near_column

    def is_edge(self, index: int) -> bool:
        """Whether a hex lies on the map edge [000 10.1]."""
        return -1 in self.neighbors[6 * index : 6 * index + 6]

    def terrain_id(self, index: int) -> str:
        """The terrain id of a hex."""
        return self.terrain_ids[self.terrain[index]]

    # --- edges ------------------------------------------------------------------------------

    def edge_kinds(self, index: int, direction: int) -> frozenset[HexsideKind]:
        """The hexside features along one edge of a hex."""
        mask = self.hexsides[6 * index + direction]
        return frozenset(kind for kind, bit in HEXSIDE_BIT.items() if mask & bit)

    def crossing(self, index: int, direction: int) -> CrossingKind | None:
        """The bridge, ford or ferry on one edge of a hex, if any."""
        code = self.crossings[6 * index + direction]
        return list(CrossingKind)[code - 1] if code else None

    def has_connection(self, kind: ConnectionKind, index: int, direction: int) -> bool:
        """Whether a road or railway of `kind` leaves a hex in direction number `direction`."""
        masks = self.connections.get(kind)
        return masks is not None and bool(masks[index] >> direction & 1)

    # --- building ---------------------------------------------------------------------------

    def _both_sides(self, column: int, row: int, direction: int) -> list[int]:
        index = self.index(column, row)
        edges = [6 * index + direction]
        other = self.neighbors[6 * index + direction]
        if other >= 0:
            edges.append(6 * other + _DIRECTION_NUMBER[opposite(DIRECTIONS[direction])])
        return edges

    def _connection_masks(self, rows: list[str]) -> bytearray:
        """Six-bit direction masks per hex from canonical connection rows (both ends set)."""
        masks = bytearray(self.size)
        canonical = [(_DIRECTION_NUMBER[d], bit) for d, bit in CONNECTION_BITS.items()]
        for row, text in enumerate(rows):
            for match in _DIGIT.finditer(text):
                index, digit = row * self.width + match.start(), int(match.group())
                for direction, bit in canonical:
                    if digit & bit:
                        other = self.neighbors[6 * index + direction]
                        if other >= 0:
                            masks[index] |= 1 << direction
                            masks[other] |= 1 << ((direction + 3) % 6)
        return masks


_Shared = tuple["weakref.ref[MapFile]", "weakref.ref[ParameterFile] | None", Board]
_SHARED: dict[tuple[int, int], _Shared] = {}
"""Boards by the ids of their map and parameter models, with weak references to check that
an id still means the same model."""


def _alive(entry: _Shared) -> tuple[MapFile | None, ParameterFile | None]:
    """The models an entry was built from, None where one is gone (a stale entry)."""
    map_ref, parameters_ref, _ = entry
    parameters = parameters_ref() if parameters_ref is not None else None
    if parameters_ref is not None and parameters is None:
        return None, None
    return map_ref(), parameters


def _tables(
    parameters: ParameterFile, movement_class: MovementClass, terrain_ids: tuple[str, ...]
) -> MovementTables:
    costs = parameters.movement
    return MovementTables(
        terrain=tuple(
            costs.terrain.get(terrain, {}).get(movement_class, IMPASSABLE)
            for terrain in terrain_ids
        ),
        hexsides={
            kind: row[movement_class]
            for kind, row in costs.hexsides.items()
            if movement_class in row
        },
        connections={
            kind: row[movement_class]
            for kind, row in costs.connections.items()
            if movement_class in row
        },
    )
