"""The network lines of communication run on, compiled once per board, and the flood fill that
traces one side's lines over it [000 10.1]. `engine.panzer_campaigns.supply` turns a fill into Local
Supply Values.

What never changes during a game is compiled once: a "supply neighbour" table of `6 * size`
hex indices where an edge no line can ever use is -1 (off the map, a river, canal, AT ditch,
cliff or impassable hexside without a bridge, ford or ferry, or into water and impassable
terrain), the static blocked hexes, and the map cut into square tiles with the connected
pieces of each tile. A side's fill then walks a tile's pieces as single nodes wherever no
enemy unit, enemy zone of control, minefield or damaged bridge touches the tile, and hex by
hex only in the tiles that something dynamic touches, which keeps tracing both sides of a
500x500 map well inside the 0.2 s budget.

>>> from engine.panzer_campaigns.board import Board
>>> from schemas.panzer_campaigns.map import MapFile, TerrainType
>>> board = Board.from_files(MapFile(
...     format_version=2, name="lake", width=3, height=1,
...     terrain=[TerrainType(id="clear", code=".", name="Clear"),
...              TerrainType(id="water", code="~", name="Water", water=True)],
...     terrain_rows=[".~."]))
>>> network = SupplyNetwork.of(board)
>>> list(network.blocked), network.edge_hexes
([0, 1, 0], (0, 2))
>>> fill = network.trace([], (), [[0]])
>>> [fill.rank(h) for h in range(3)]  # the lake cuts the far shore off
[2, 1, 0]
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from engine.panzer_campaigns.board import HEXSIDE_BIT, IMPASSABLE, Board
from schemas.vocabulary import HexsideKind, MovementClass

LOC_BLOCKING_HEXSIDES = (
    HexsideKind.RIVER,
    HexsideKind.CANAL,
    HexsideKind.AT_DITCH,
    HexsideKind.IMPASSABLE,
    HexsideKind.CLIFF,
)
"""Hexsides a line of communication crosses only at a bridge, ford or ferry [000 10.1]: the
manual names rivers ("crossing rivers only using bridges or ferries"; fords "allow movement",
[000 4.5]); canals, AT ditches, cliffs and impassable hexsides stop ground movement the same way
[INF, digest 6.4]. Streams, gullies, dikes, embankments, escarpments and hedgerows never block."""

LOC_BLOCKING_MASK = sum(HEXSIDE_BIT[kind] for kind in LOC_BLOCKING_HEXSIDES)

FERRIABLE_MASK = HEXSIDE_BIT[HexsideKind.RIVER] | HEXSIDE_BIT[HexsideKind.CANAL]
"""Hexsides engineers ferry across: "River and Canal Ferrying" [000 7.5]."""

GROUND_CLASSES = (
    MovementClass.FOOT,
    MovementClass.SKI,
    MovementClass.BICYCLE,
    MovementClass.HORSE,
    MovementClass.MOTORIZED,
    MovementClass.HALFTRACK,
    MovementClass.TRACKED,
)

TILE = 8
"""Side of the square tiles (in columns and rows) the fill contracts to single nodes."""

UNREACHED = 0
BLOCKED = 1
FIRST_RANK = 2
"""Ranks in a fill: 0 unreached, 1 blocked, then one rank per seed group from 2 on."""


def blocked_terrain(board: Board) -> bytes:
    """A translation table from terrain number to 1 where the terrain stops every line of
    communication: water [000 10.1 "map edge ground hex"] and terrain no ground movement class
    may enter (-1 for all of them in the Parameter Data) [INF, digest 6.4]. Marsh, which only
    vehicles cannot enter, carries supply."""
    table = bytearray(256)
    for number, terrain_id in enumerate(board.terrain_ids):
        terrain = board.legend[terrain_id]
        costs = [board.movement[c].terrain[number] for c in GROUND_CLASSES if c in board.movement]
        if terrain.water or (costs and all(cost == IMPASSABLE for cost in costs)):
            table[number] = 1
    return bytes(table)


def mask_bytes(values: array[int], mask: int) -> bytes:
    """One byte per element of an array of 16-bit masks: 1 where `values[i] & mask`."""
    raw = values.tobytes()
    low, high = (raw[0::2], raw[1::2]) if sys.byteorder == "little" else (raw[1::2], raw[0::2])
    low_table = bytes(1 if b & mask & 0xFF else 0 for b in range(256))
    high_table = bytes(1 if b & (mask >> 8) & 0xFF else 0 for b in range(256))
    size = len(values)
    merged = int.from_bytes(low.translate(low_table), "little") | int.from_bytes(
        high.translate(high_table), "little"
    )
    return merged.to_bytes(size, "little")


def iter_ones(flags: bytes | bytearray) -> Iterable[int]:
    """The positions of the 1 bytes in a 0/1 byte string (found at C speed)."""
    position = flags.find(1)
    while position >= 0:
        yield position
        position = flags.find(1, position + 1)


@dataclass(slots=True)
class Fill:
    """The result of a fill: the rank of the seed group that reached each hex.

    Hexes of untouched tiles share their piece's node; `rank(h)` resolves that.
    """

    node: array[int]
    """Node of each hex (itself, its tile piece, or the blocked sentinel); `size + 1` long."""
    owner: array[int]
    """Rank of each node: 0 unreached, 1 blocked, 2 + i reached from seed group i."""

    def rank(self, hex_index: int) -> int:
        """The rank of the seed group that reached a hex (0 unreached, 1 blocked)."""
        return self.owner[self.node[hex_index]]


class _InteriorTiles:
    """The exits of whole tiles away from the map edge, worked out once: a full TILE x TILE
    tile with every hex of its surrounding ring on the map has the same exits, shifted by its
    first hex's index, wherever it lies (TILE is even, so every tile starts on the same column
    and row parity, and offset hex neighbours differ only by parity); and a whole tile's exits
    are all its rim's neighbours outside it, since no edge of a hex without a cut edge or a
    blocked neighbour is cut. Edge tiles and rough ones are worked out hex by hex."""

    __slots__ = ("height", "offsets", "width")

    def __init__(self, network: SupplyNetwork) -> None:
        self.width, self.height = network.board.width, network.board.height
        self.offsets: tuple[int, ...] | None = None

    def _is_interior(self, spans: list[tuple[int, int]]) -> bool:
        first, last = spans[0][0], spans[-1][1] - 1
        width = self.width
        row, column = divmod(first, width)
        return (
            len(spans) == TILE
            and last - spans[-1][0] == TILE - 1
            and row >= 1
            and column >= 1
            and last // width <= self.height - 2
            and last % width <= width - 2
        )

    def exits(self, spans: list[tuple[int, int]]) -> tuple[int, ...] | None:
        """The tile's exits if it is interior and they are known."""
        if self.offsets is None or not self._is_interior(spans):
            return None
        first = spans[0][0]
        return tuple([first + offset for offset in self.offsets])

    def learn(self, spans: list[tuple[int, int]], exits: tuple[int, ...]) -> None:
        """Keep the exits of the first interior tile worked out hex by hex."""
        if self.offsets is None and self._is_interior(spans):
            first = spans[0][0]
            self.offsets = tuple(exit - first for exit in exits)


class SupplyNetwork:
    """The static part of supply tracing on one board (see the module docstring)."""

    _cache: WeakKeyDictionary[Board, SupplyNetwork] = WeakKeyDictionary()

    def __init__(self, board: Board) -> None:
        self.board = board
        self.size = board.size
        self.blocked = bytearray(board.terrain.translate(blocked_terrain(board)))
        # [000 4.5] "Supply can be traced across a Full-Hex-Ferry"; full-hex bridges likewise
        # while intact (damage is dynamic, see `trace`).
        for hex_index in board.full_hex:
            self.blocked[hex_index] = 0
        self.neighbors = self._neighbor_table()
        self.edge_hexes = tuple(
            h for h in self._border_hexes() if board.is_edge(h) and not self.blocked[h]
        )
        self._build_tiles()
        self._cut_cache: tuple[tuple[frozenset[int], frozenset[int]], array[int]] | None = None

    @classmethod
    def of(cls, board: Board) -> SupplyNetwork:
        """The network of a board, compiled on first use and kept as long as the board."""
        network = cls._cache.get(board)
        if network is None:
            network = cls._cache[board] = cls(board)
        return network

    # --- building ---------------------------------------------------------------------------

    def _neighbor_table(self) -> array[int]:
        """The supply neighbour table; also marks in `self._rough` every hex that is blocked
        or has a cut edge, so that `_build_tiles` can skip the search in tiles without any."""
        board, blocked = self.board, self.blocked
        table = array("i", board.neighbors)
        rough = self._rough = bytearray(blocked)
        uncrossable = int.from_bytes(
            mask_bytes(board.hexsides, LOC_BLOCKING_MASK), "little"
        ) & int.from_bytes(board.crossings.translate(bytes([1] + [0] * 255)), "little")
        for edge in iter_ones(uncrossable.to_bytes(len(table), "little")):
            table[edge] = -1
            rough[edge // 6] = 1
        cut = array("i", [-1] * 6)
        for hex_index in iter_ones(blocked):
            base = 6 * hex_index
            for direction in range(6):
                other = table[base + direction]
                if other >= 0:
                    table[6 * other + (direction + 3) % 6] = -1
                    rough[other] = 1
            table[base : base + 6] = cut
        return table

    def _border_hexes(self) -> list[int]:
        width, height = self.board.width, self.board.height
        rows = {0, height - 1}
        border = [row * width + column for row in sorted(rows) for column in range(width)]
        border += [
            row * width + column for row in range(1, height - 1) for column in {0, width - 1}
        ]
        return sorted(set(border))

    def _build_tiles(self) -> None:
        """Cut the map into TILE x TILE tiles and find the connected pieces of each tile: a
        tile without blocked hexes or cut edges is one piece whose exits are the neighbours of
        its rim; the others are searched hex by hex."""
        board, size = self.board, self.size
        width, height = board.width, board.height
        tiles_across = (width + TILE - 1) // TILE
        tiles_down = (height + TILE - 1) // TILE
        self.tile_of = array("i", [0]) * size
        self.tile_hexes: list[list[int]] = []
        self.exits: list[tuple[int, ...]] = []
        self.static_node = array("i", [-1]) * (size + 1)
        blocked, rough = self.blocked, self._rough
        for tile_row in range(tiles_down):
            pattern = array("i", [tile_row * tiles_across + c // TILE for c in range(width)])
            for row in range(tile_row * TILE, min(height, tile_row * TILE + TILE)):
                self.tile_of[row * width : row * width + width] = pattern
        rough_tiles = {self.tile_of[h] for h in iter_ones(rough)}
        interior = _InteriorTiles(self)
        for tile_row in range(tiles_down):
            rows = range(tile_row * TILE, min(height, tile_row * TILE + TILE))
            for tile_column in range(tiles_across):
                tile = tile_row * tiles_across + tile_column
                columns = range(tile_column * TILE, min(width, tile_column * TILE + TILE))
                spans = [(row * width + columns.start, row * width + columns.stop) for row in rows]
                if tile in rough_tiles:
                    members = [h for a, b in spans for h in range(a, b) if not blocked[h]]
                    self.tile_hexes.append(members)
                    self._search_pieces(tile, members)
                else:
                    members = []
                    for a, b in spans:
                        members.extend(range(a, b))
                    self.tile_hexes.append(members)
                    self._whole_piece(spans, interior)
        self.nodes = size + len(self.exits) + 1
        sentinel = self.nodes - 1
        # A hex's node is its tile piece (size + piece); blocked hexes and -1 (the extra last
        # entry) map to the sentinel node, whose owner is always BLOCKED.
        for hex_index in iter_ones(blocked):
            self.static_node[hex_index] = sentinel
        self.static_node[size] = sentinel
        self.owner_template = array("H", [UNREACHED]) * self.nodes
        self.owner_template[sentinel] = BLOCKED
        del self._rough

    def _whole_piece(self, spans: list[tuple[int, int]], interior: _InteriorTiles) -> None:
        """A tile with no blocked hex and no cut edge: one piece; only its rim has exits."""
        node = self.size + len(self.exits)
        exits = interior.exits(spans)
        if exits is None:
            table, tile_of = self.neighbors, self.tile_of
            tile = tile_of[spans[0][0]]
            outside: set[int] = set()
            rim = [h for a, b in (spans[0], spans[-1]) for h in range(a, b)]
            rim += [h for a, b in spans[1:-1] for h in (a, b - 1)]
            for here in rim:
                for there in table[6 * here : 6 * here + 6]:
                    if there >= 0 and tile_of[there] != tile:
                        outside.add(there)
            exits = tuple(sorted(outside))
            interior.learn(spans, exits)
        self.exits.append(exits)
        for a, b in spans:
            self.static_node[a:b] = array("i", [node]) * (b - a)

    def _search_pieces(self, tile: int, members: list[int]) -> None:
        """The connected pieces of a tile with blocked hexes or cut edges."""
        table, tile_of, node_of = self.neighbors, self.tile_of, self.static_node
        for start in members:
            if node_of[start] >= 0:
                continue
            node = self.size + len(self.exits)
            node_of[start] = node
            stack, outside = [start], set()
            while stack:
                here = stack.pop()
                for there in table[6 * here : 6 * here + 6]:
                    if there < 0:
                        continue
                    if tile_of[there] != tile:
                        outside.add(there)
                    elif node_of[there] < 0:
                        node_of[there] = node
                        stack.append(there)
            self.exits.append(tuple(sorted(outside)))

    # --- tracing ----------------------------------------------------------------------------

    def cut_table(
        self, cut_edges: Collection[int], opened_edges: Collection[int] = ()
    ) -> array[int]:
        """The neighbour table with some more edges cut, from both sides (damaged bridges),
        and some opened (engineers' bridges [000 7.4]), cached for the last sets asked for."""
        if not cut_edges and not opened_edges:
            return self.neighbors
        key = (frozenset(cut_edges), frozenset(opened_edges))
        if self._cut_cache is not None and self._cut_cache[0] == key:
            return self._cut_cache[1]
        table = self.neighbors[:]
        for edge in key[0]:
            other = table[edge]
            table[edge] = -1
            if other >= 0:
                table[6 * other + (edge % 6 + 3) % 6] = -1
        neighbors, blocked = self.board.neighbors, self.blocked
        for edge in key[1]:
            here, other = edge // 6, neighbors[edge]
            if other >= 0 and not blocked[here] and not blocked[other]:
                table[edge] = other
                table[6 * other + (edge % 6 + 3) % 6] = here
        self._cut_cache = (key, table)
        return table

    def trace(
        self,
        blocked_hexes: Iterable[int],
        cut_edges: Collection[int],
        seed_groups: Sequence[Sequence[int]],
        opened_edges: Collection[int] = (),
    ) -> Fill:
        """Flood fill from each group of seed hexes in turn, group i marking what it reaches
        with rank 2 + i; a hex reached by an earlier group keeps that group's rank (so give the
        groups in descending supply value: "units automatically use the highest Supply Source
        available to them" [000 10.1]). `blocked_hexes` and the two sides of `cut_edges` are
        what changes during a game on top of the static network, and `opened_edges` the
        engineers' bridges [000 7.4]."""
        size, tile_of = self.size, self.tile_of
        blocked = list(blocked_hexes)
        touched = {tile_of[h] for h in blocked}
        for edge in (*cut_edges, *opened_edges):
            touched.add(tile_of[edge // 6])
            other = self.board.neighbors[edge]
            if other >= 0:
                touched.add(tile_of[other])
        node = self.static_node[:]
        for tile in touched:
            for hex_index in self.tile_hexes[tile]:
                node[hex_index] = hex_index
        owner = self.owner_template[:]
        for hex_index in blocked:
            owner[hex_index] = BLOCKED
        table = self.cut_table(cut_edges, opened_edges)
        exits = self.exits
        for rank, seeds in enumerate(seed_groups, FIRST_RANK):
            frontier = []
            for seed in seeds:
                start = node[seed]
                if not owner[start]:
                    owner[start] = rank
                    frontier.append(start)
            while frontier:
                reached: list[int] = []
                add = reached.append
                for here in frontier:
                    for there in (
                        table[6 * here : 6 * here + 6] if here < size else exits[here - size]
                    ):
                        target = node[there]
                        if not owner[target]:
                            owner[target] = rank
                            add(target)
                frontier = reached
        return Fill(node, owner)
