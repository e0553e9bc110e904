"""The facts of a board every movement profile's costs read, built once per board and kept
while the board lives: terrain numbers frozen under snow, water and deep-water hexes, the edges
with hexside features, road and railway links, metres climbed, and the memos of step costs.
"""

from __future__ import annotations

import weakref
from array import array
from collections import OrderedDict
from itertools import chain, repeat
from operator import sub
from typing import TYPE_CHECKING

from engine.panzer_campaigns.board import Board
from engine.panzer_campaigns.weather import frozen_terrain
from schemas.vocabulary import Condition, ConnectionKind

if TYPE_CHECKING:
    from engine.panzer_campaigns.movement_costs import MoveProfile, StepOptions

_EDGE_CACHE_BYTES = 64_000_000
"""Memory for edge-cost arrays per board: 4 of 12 MB on a 500x500 map, 1 on a 1000x1000."""
_OPTIONS_KEPT = 400_000
"""Steps whose options the memos of a board keep (about 60 MB at most)."""


class BoardFacts:
    """Lists and layers of a board that every profile's costs use, built once per board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        legend = [board.legend[terrain_id] for terrain_id in board.terrain_ids]
        numbers = {terrain_id: n for n, terrain_id in enumerate(board.terrain_ids)}
        self.frozen_number = tuple(
            numbers.get(frozen_terrain(t.id, Condition.SNOW, legend), n)
            for n, t in enumerate(legend)
        )
        self.water_numbers = frozenset(n for n, t in enumerate(legend) if t.water)
        self.feature_edges = [
            e
            for e, (side, crossing) in enumerate(zip(board.hexsides, board.crossings, strict=True))
            if side or crossing
        ]
        self._hexes_of: dict[int, array[int]] = {}
        self.edge_cache: OrderedDict[MoveProfile, array[float]] = OrderedDict()
        self.edge_cache_size = max(1, min(4, _EDGE_CACHE_BYTES // (48 * board.size)))
        """Edge-cost arrays kept: 8 bytes an edge, 6 edges a hex."""
        self.options_memo: dict[MoveProfile, dict[int, StepOptions]] = {}
        """`MapCosts.options` already worked out, by profile and edge (no bridge damaged)."""
        self._climbs: array[int] | None = None
        self._deep: bytearray | None = None

    def options_of(self, profile: MoveProfile) -> dict[int, StepOptions]:
        """The memo of `MapCosts.options` of a profile: a player turn's searches ask for the
        same steps again and again. Emptied past _OPTIONS_KEPT steps in all."""
        if sum(map(len, self.options_memo.values())) > _OPTIONS_KEPT:
            for memo in self.options_memo.values():
                memo.clear()
        return self.options_memo.setdefault(profile, {})

    def hexes_of(self, number: int) -> array[int]:
        """The hexes of terrain number `number` (found on first use)."""
        found = self._hexes_of.get(number)
        if found is None:
            terrain, code = self.board.terrain, bytes((number,))
            found = array("i")
            index = terrain.find(code)
            while index >= 0:
                found.append(index)
                index = terrain.find(code, index + 1)
            self._hexes_of[number] = found
        return found

    def link_edges(self, kind: ConnectionKind) -> list[int]:
        """Edges along which a road or railway of `kind` leaves a hex."""
        masks = self.board.connections.get(kind)
        if masks is None:
            return []
        return [
            6 * index + d
            for index, mask in enumerate(masks)
            if mask
            for d in range(6)
            if mask >> d & 1
        ]

    @property
    def climbs(self) -> array[int]:
        """Metres climbed along each edge (0 going down or off the map)."""
        if self._climbs is None:
            board = self.board
            elevation = board.elevation
            beyond = [*elevation, -(10**9)]  # index -1 (off the map): never a climb
            target = map(beyond.__getitem__, board.neighbors)
            source = chain.from_iterable(zip(*[elevation] * 6, strict=True))
            rise = map(sub, target, source)
            self._climbs = array("i", map(max, rise, repeat(0)))
        return self._climbs

    @property
    def deep(self) -> bytearray:
        """Water hexes with no land around them, the only ones ships may enter [000 4.2]."""
        if self._deep is None:
            board = self.board
            water = bytearray(board.size)
            for number in self.water_numbers:
                for index in self.hexes_of(number):
                    water[index] = 1
            deep = bytearray(board.size)
            neighbors = board.neighbors
            for index in range(board.size):
                if water[index] and all(
                    other < 0 or water[other] for other in neighbors[6 * index : 6 * index + 6]
                ):
                    deep[index] = 1
            self._deep = deep
        return self._deep


_FACTS: weakref.WeakKeyDictionary[Board, BoardFacts] = weakref.WeakKeyDictionary()


def board_facts(board: Board) -> BoardFacts:
    """The per-board facts of `board`, built on first use."""
    facts = _FACTS.get(board)
    if facts is None:
        facts = _FACTS[board] = BoardFacts(board)
    return facts
