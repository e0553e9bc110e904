"""Line of sight between hexes from the map alone: elevation and the terrain the legend declares
blocking [000 5.0]. Units never block a line; range (visibility) is
`engine.panzer_campaigns.spotting`'s business.

Decisions, with their sections:

- [000 5.0] "units cannot see through towns, woods or over hills": a hex between the two ends
  blocks when its terrain is declared `blocks_los` (a legend `height_m` above 0 makes it an
  obstacle of that height instead, so a view from a hill passes over low woods; with no height
  it always blocks), or when its ground rises above the straight sight line between the two
  ends' ground elevations. The ends' own terrain never blocks: a unit in woods sees out and is
  seen into (hiding there is concealment, not line of sight [000 4.8]).
- The manual names no hexside feature that blocks sight (hedgerows, embankments), so none does.
- Panzer Battles: a hex with more than 7 wrecks blocks sight [001 #14]; the scenario lays them,
  so they are `walls` the state passes, not part of the board.
- A line along hexsides passes between two hexes at a point; it is clear when either side of it
  is clear (the two `Hex.sight_line` nudges), so no arbitrary tie-break hides a unit; along the
  map's edge only the side on the map counts.
- Line of sight is symmetric: the manual gives elevation a fire modifier [000 5.2] but no
  asymmetry of seeing, and the sight line is the same straight line from both ends.
"""

from __future__ import annotations

import math
import weakref
from array import array

from engine.panzer_campaigns.board import Board

_NUDGES: tuple[int, int] = (1, -1)


class SightMap:
    """The line-of-sight data of one board: the height each hex blocks at, and the lines already
    asked for (a board never changes, so an answer holds for the board's life)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        tops: list[float] = []
        for terrain_id in board.terrain_ids:
            terrain = board.legend[terrain_id]
            if not terrain.blocks_los:
                tops.append(0.0)
            elif terrain.height_m > 0:
                tops.append(float(terrain.height_m))
            else:
                tops.append(math.inf)
        cover = array("d", tops)
        elevation = board.elevation
        self.top = array("d", (elevation[i] + cover[t] for i, t in enumerate(board.terrain)))
        """Height (m) above which a sight line passes over each hex."""
        self._lines: dict[tuple[int, int], bool] = {}
        self._walled: dict[frozenset[int], dict[tuple[int, int], bool]] = {}

    def is_clear(self, a: int, b: int, walls: frozenset[int] = frozenset()) -> bool:
        """Whether nothing between hexes `a` and `b` blocks the view (see the module's rules);
        `walls` are more hexes that block, whatever their height."""
        key = (a, b) if a <= b else (b, a)
        lines = self._walled.setdefault(walls, {}) if walls else self._lines
        hit = lines.get(key)
        if hit is None:
            hit = lines[key] = self._walk(*key, walls)
        return hit

    def forget(self) -> None:
        """Drop the lines already walked (the benchmark's from-scratch figures)."""
        self._lines.clear()
        self._walled.clear()

    def line(self, a: int, b: int, nudge: int = 1) -> list[int]:
        """The hexes of the straight line from `a` to `b`, both included; -1 where a line along
        the map's edge passes off it."""
        board = self.board
        width, height = board.width, board.height
        start, end = board.offset(a), board.offset(b)
        column, row = start
        result = []
        for step_column, step_row in board.grid.line_steps(start, end, 1 if nudge > 0 else -1):
            c, r = column + step_column, row + step_row
            result.append(r * width + c if 0 <= c < width and 0 <= r < height else -1)
        return result

    def _walk(self, a: int, b: int, walls: frozenset[int]) -> bool:
        elevation = self.board.elevation
        low, high = elevation[a], elevation[b]
        top = self.top
        for nudge in _NUDGES:
            line = self.line(a, b, nudge)
            steps = len(line) - 1
            for i in range(1, steps):
                # Off the map is no way around: along the edge only the map's side counts.
                here = line[i]
                if here < 0 or here in walls or top[here] > low + (high - low) * i / steps:
                    break
            else:
                return True
        return False


_MAPS: weakref.WeakKeyDictionary[Board, SightMap] = weakref.WeakKeyDictionary()


def sight_map(board: Board) -> SightMap:
    """The line-of-sight data of a board, built once and shared by every game on it."""
    found = _MAPS.get(board)
    if found is None:
        found = _MAPS[board] = SightMap(board)
    return found


def has_line_of_sight(board: Board, a: int, b: int, walls: frozenset[int] = frozenset()) -> bool:
    """Whether hex `a` sees hex `b` as far as the map (and `walls`, hexes that block whatever
    their height) goes, at any range.

    >>> from schemas.panzer_campaigns.map import MapFile, TerrainType
    >>> board = Board.from_files(MapFile(format_version=2, name="m", width=5, height=1,
    ...     terrain=[TerrainType(id="clear", code=".", name="Clear"),
    ...              TerrainType(id="forest", code="f", name="Forest", blocks_los=True)],
    ...     terrain_rows=["..f.."]))
    >>> [has_line_of_sight(board, 0, other) for other in (1, 2, 4)]
    [True, True, False]
    """
    return sight_map(board).is_clear(a, b, walls)
