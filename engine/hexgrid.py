"""Hex geometry: the one module that does coordinate arithmetic.

Hexes are flat-topped and stand in columns, as in the manuals; files and the UI speak offset
coordinates `(column, row)` and a `Grid` converts them to axial `Hex(q, r)` values, on which
neighbours, distances, lines, rings and pixel positions are computed (see Red Blob Games'
hexagonal grid guide for the algebra).

>>> grid = Grid(10, 8)
>>> start = grid.hex_at(2, 3)
>>> [grid.offset_of(h) for h in start.neighbors()]
[(2, 2), (3, 2), (3, 3), (2, 4), (1, 3), (1, 2)]
>>> start.distance(grid.hex_at(6, 3))
4
"""

from __future__ import annotations

import heapq
import math
import sys
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import count
from typing import Literal, NamedTuple

from schemas.panzer_campaigns.map import CONNECTION_BITS
from schemas.vocabulary import Direction

DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
"""The six directions clockwise from Up."""

_STEPS: dict[Direction, tuple[int, int]] = {
    Direction.UP: (0, -1),
    Direction.UP_RIGHT: (1, -1),
    Direction.DOWN_RIGHT: (1, 0),
    Direction.DOWN: (0, 1),
    Direction.DOWN_LEFT: (-1, 1),
    Direction.UP_LEFT: (-1, 0),
}

_OPPOSITE: dict[Direction, Direction] = {
    d: DIRECTIONS[(i + 3) % 6] for i, d in enumerate(DIRECTIONS)
}


def opposite(direction: Direction) -> Direction:
    """The direction pointing the other way.

    >>> opposite(Direction.UP_RIGHT)
    <Direction.DOWN_LEFT: 'down_left'>
    """
    return _OPPOSITE[direction]


class Hex(NamedTuple):
    """A hex in axial coordinates; q grows to the right, r down-left to up-right diagonals."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (q + r + s = 0)."""
        return -self.q - self.r

    def neighbor(self, direction: Direction) -> Hex:
        """The adjacent hex in `direction`.

        >>> Hex(0, 0).neighbor(Direction.DOWN)
        Hex(q=0, r=1)
        """
        dq, dr = _STEPS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> list[Hex]:
        """The six adjacent hexes, clockwise from Up."""
        return [self.neighbor(d) for d in DIRECTIONS]

    def distance(self, other: Hex) -> int:
        """Number of hex steps between two hexes.

        >>> Hex(0, 0).distance(Hex(3, -1))
        3
        """
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> Direction | None:
        """The direction of an adjacent hex, or None if `other` is not adjacent.

        >>> Hex(2, 2).direction_to(Hex(3, 1))
        <Direction.UP_RIGHT: 'up_right'>
        """
        step = (other.q - self.q, other.r - self.r)
        for direction, delta in _STEPS.items():
            if delta == step:
                return direction
        return None

    def iter_ring(self, radius: int) -> Iterator[Hex]:
        """The hexes exactly `radius` steps away, counter-clockwise on screen from the corner
        down-left of this hex; the hex itself for radius 0.

        >>> len(list(Hex(0, 0).iter_ring(2)))
        12
        """
        if radius == 0:
            yield self
            return
        dq, dr = _STEPS[Direction.DOWN_LEFT]
        current = Hex(self.q + dq * radius, self.r + dr * radius)
        for direction in (
            Direction.DOWN_RIGHT,
            Direction.UP_RIGHT,
            Direction.UP,
            Direction.UP_LEFT,
            Direction.DOWN_LEFT,
            Direction.DOWN,
        ):
            for _ in range(radius):
                yield current
                current = current.neighbor(direction)

    def iter_range(self, radius: int) -> Iterator[Hex]:
        """All hexes within `radius` steps, nearest first (1, 7, 19, 37… hexes).

        >>> len(list(Hex(5, 5).iter_range(3)))
        37
        """
        for ring in range(radius + 1):
            yield from self.iter_ring(ring)

    def line_to(self, other: Hex) -> list[Hex]:
        """The hexes on the straight line from this hex to `other`, both included.

        >>> Hex(0, 0).line_to(Hex(3, 0))
        [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0), Hex(q=3, r=0)]
        """
        steps = self.distance(other)
        if steps == 0:
            return [self]
        # A tiny nudge keeps points that fall exactly on an edge on one consistent side.
        aq, ar = self.q + 1e-6, self.r + 1e-6
        bq, br = other.q + 1e-6, other.r + 1e-6
        return [
            _round(aq + (bq - aq) * i / steps, ar + (br - ar) * i / steps) for i in range(steps + 1)
        ]

    def sight_line(self, other: Hex, nudge: Literal[1, -1] = 1) -> list[Hex]:
        """The hexes on the straight line from this hex to `other`, both included, for line of
        sight. A line running exactly along hexsides passes between two hexes at each such
        point; `nudge` picks the side: +1 and -1 give the two lines, which differ only there.

        Unlike `line_to` (whose equal nudges of q and r leave exact ties to float noise, and
        whose lines the editor's tools and the sample titles are built with), the nudge's three
        cube parts differ (q +1, r +2, s -3 millionths): the same displacement always gives the
        same shape, and the same nudge the same hexes from either end.

        >>> Hex(0, 0).sight_line(Hex(1, 1))[1], Hex(0, 0).sight_line(Hex(1, 1), -1)[1]
        (Hex(q=0, r=1), Hex(q=1, r=0))
        """
        steps = self.distance(other)
        if steps == 0:
            return [self]
        eq, er = 1e-6 * nudge, 2e-6 * nudge
        aq, ar = self.q + eq, self.r + er
        bq, br = other.q + eq, other.r + er
        return [
            _round(aq + (bq - aq) * i / steps, ar + (br - ar) * i / steps) for i in range(steps + 1)
        ]

    def touching_sides(self, direction: Direction) -> list[tuple[Hex, Direction]]:
        """The four edges that share a corner with this hex's edge in `direction`: its two
        neighbouring edges on this hex, then the two that run off from its corners between the
        hexes beyond (each named from some hex; see `canonical_side`).

        >>> Hex(0, 0).touching_sides(Direction.UP)  # doctest: +NORMALIZE_WHITESPACE
        [(Hex(q=0, r=0), <Direction.UP_LEFT: 'up_left'>),
         (Hex(q=0, r=0), <Direction.UP_RIGHT: 'up_right'>),
         (Hex(q=0, r=-1), <Direction.DOWN_LEFT: 'down_left'>),
         (Hex(q=0, r=-1), <Direction.DOWN_RIGHT: 'down_right'>)]
        """
        turn = DIRECTIONS.index(direction)
        beyond = self.neighbor(direction)
        # Around a corner meet three hexes: this one and the neighbours across the two edges
        # that end there; the third edge at the corner separates those two neighbours.
        return [
            (self, DIRECTIONS[(turn - 1) % 6]),
            (self, DIRECTIONS[(turn + 1) % 6]),
            (beyond, DIRECTIONS[(turn - 2) % 6]),
            (beyond, DIRECTIONS[(turn + 2) % 6]),
        ]


def _round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


Offset = tuple[int, int]
"""A hex as (column, row), as files and the UI write it."""


@lru_cache(maxsize=256)
def _disc_steps(
    shifted: Literal["odd", "even"], parity: int, radius: int
) -> tuple[tuple[int, int], ...]:
    """`Grid.disc_steps` for a center in a column of `parity` (0 even, 1 odd)."""
    grid = Grid(1, 1, shifted)
    return tuple(
        (column - parity, row)
        for column, row in map(grid.offset_of, grid.hex_at(parity, 0).iter_range(radius))
    )


@lru_cache(maxsize=65536)
def _line_steps(
    shifted: Literal["odd", "even"], lower: bool, columns: int, rows: int, nudge: Literal[1, -1]
) -> tuple[tuple[int, int], ...]:
    """`Grid.line_steps` for a start column that is shifted down (`lower`) or not."""
    start = (1, 0) if lower == (shifted == "odd") else (0, 0)
    grid = Grid(start[0] + abs(columns) + 2, 1, shifted)
    a = grid.hex_at(*start)
    b = grid.hex_at(start[0] + columns, rows)
    steps = []
    for hex_ in a.sight_line(b, nudge):
        column, row = grid.offset_of(hex_)
        steps.append((column - start[0], row))
    return tuple(steps)


@dataclass(frozen=True, slots=True)
class Grid:
    """A rectangular map of `width` columns and `height` rows with its column stagger.

    `shifted` says which columns sit half a hex lower: "odd" (1, 3, 5…) or "even" (0, 2, 4…).
    """

    width: int
    height: int
    shifted: Literal["odd", "even"] = "odd"

    def hex_at(self, column: int, row: int) -> Hex:
        """The axial hex of an offset position (which need not be on the map).

        >>> Grid(4, 4).hex_at(1, 0)
        Hex(q=1, r=0)
        >>> Grid(4, 4, shifted="even").hex_at(1, 0)
        Hex(q=1, r=-1)
        """
        if self.shifted == "odd":
            return Hex(column, row - (column - (column & 1)) // 2)
        return Hex(column, row - (column + (column & 1)) // 2)

    def offset_of(self, hex_: Hex) -> Offset:
        """The offset (column, row) of an axial hex.

        >>> grid = Grid(9, 9, shifted="even")
        >>> grid.offset_of(grid.hex_at(5, 7))
        (5, 7)
        """
        q, r = hex_
        if self.shifted == "odd":
            return q, r + (q - (q & 1)) // 2
        return q, r + (q + (q & 1)) // 2

    def line_steps(
        self, a: Offset, b: Offset, nudge: Literal[1, -1] = 1
    ) -> tuple[tuple[int, int], ...]:
        """The offsets of the hexes on the sight line from `a` to `b` (`Hex.sight_line`), as
        (column, row) steps from `a`: a line's shape depends only on the stagger of `a`'s
        column and the displacement, so shapes are computed once (line-of-sight walks ask
        for thousands).

        >>> grid = Grid(9, 9)
        >>> grid.line_steps((2, 2), (2, 5))
        ((0, 0), (0, 1), (0, 2), (0, 3))
        """
        lower = (a[0] & 1) == (1 if self.shifted == "odd" else 0)
        return _line_steps(self.shifted, lower, b[0] - a[0], b[1] - a[1], nudge)

    def disc_steps(self, center: Offset, radius: int) -> tuple[tuple[int, int], ...]:
        """The offsets of the hexes within `radius` of `center` in `Hex.iter_range`'s order
        (nearest first), as (column, row) steps from it, on the map or not: they depend only
        on the stagger of the center's column, so each radius is computed once (spotting asks
        for thousands of discs).

        >>> grid = Grid(9, 9)
        >>> [grid.offset_of(h) for h in grid.hex_at(3, 4).iter_range(1)][:3]
        [(3, 4), (2, 5), (3, 5)]
        >>> grid.disc_steps((3, 4), 1)[:3]
        ((0, 0), (-1, 1), (0, 1))
        """
        return _disc_steps(self.shifted, center[0] & 1, radius)

    def contains(self, column: int, row: int) -> bool:
        """Whether an offset position lies on the map."""
        return 0 <= column < self.width and 0 <= row < self.height

    def contains_hex(self, hex_: Hex) -> bool:
        """Whether an axial hex lies on the map."""
        return self.contains(*self.offset_of(hex_))

    def neighbor(self, column: int, row: int, direction: Direction) -> Offset:
        """The offset of the neighbour of (column, row) in `direction` (maybe off the map).

        >>> Grid(5, 5).neighbor(1, 1, Direction.UP_RIGHT)
        (2, 1)
        """
        return self.offset_of(self.hex_at(column, row).neighbor(direction))

    def neighbors(self, column: int, row: int) -> list[tuple[Direction, Offset]]:
        """The on-map neighbours of (column, row) with their directions."""
        center = self.hex_at(column, row)
        found = []
        for direction in DIRECTIONS:
            offset = self.offset_of(center.neighbor(direction))
            if self.contains(*offset):
                found.append((direction, offset))
        return found

    def index(self, column: int, row: int) -> int:
        """The position of a hex in arrays over the map: rows one after the other.

        >>> Grid(10, 8).index(3, 2)
        23
        """
        return row * self.width + column

    def axial_table(self) -> tuple[array[int], array[int]]:
        """The axial q and r of every hex index (row by row), for loops that measure many
        distances between hex indexes: a column's r is its row less the column's own shift.

        >>> grid = Grid(3, 2, shifted="even")
        >>> qs, rs = grid.axial_table()
        >>> [(qs[i], rs[i]) for i in range(6)] == [
        ...     tuple(grid.hex_at(c, r)) for r in range(2) for c in range(3)]
        True
        """
        width, height = self.width, self.height
        shift = [self.hex_at(column, 0).r for column in range(width)]
        qs = array("i", range(width)) * height
        rs = array("i", [row + shift[column] for row in range(height) for column in range(width)])
        return qs, rs

    def neighbor_table(self) -> array[int]:
        """For every hex index `i` and direction number `d` (clockwise from Up), the index of the
        neighbour at `6 * i + d`, or -1 where it lies off the map. Hot loops (paths, supply)
        look neighbours up here instead of converting coordinates.

        >>> grid = Grid(3, 3)
        >>> table = grid.neighbor_table()
        >>> [table[6 * grid.index(1, 1) + d] for d in range(6)]
        [1, 5, 8, 7, 6, 3]
        >>> table[6 * grid.index(0, 0) + 0]
        -1
        """
        width, height = self.width, self.height
        if height < 4:
            return array("i", self._neighbor_rows(range(height)))
        # Rows 1 to height - 2 differ only by `width` in every entry that is on the map: the
        # middle rows are the second row's entries plus a multiple of `width`, added to all
        # entries of a row at once as one large integer (no entry carries into the next), and
        # the off-map entries at the left and right edges put back afterwards.
        second = array("i", self._neighbor_rows(range(1, 2)))
        off_map = [k for k, target in enumerate(second) if target < 0]
        for k in off_map:
            second[k] = 0
        order: Literal["little", "big"] = sys.byteorder
        start = int.from_bytes(second.tobytes(), order)
        ones = int.from_bytes(array("i", [1]).tobytes() * len(second), order)
        length = 4 * len(second)
        middle = b"".join(
            (start + ones * (step * width)).to_bytes(length, order) for step in range(height - 2)
        )
        table = array("i", self._neighbor_rows(range(1)))
        table.frombytes(middle)
        table.extend(self._neighbor_rows(range(height - 1, height)))
        row_length = 6 * width
        for k in off_map:
            table[row_length + k : row_length * (height - 1) : row_length] = array("i", [-1]) * (
                height - 2
            )
        return table

    def _neighbor_rows(self, rows: range) -> list[int]:
        """The neighbour table's entries of some consecutive rows, hex by hex."""
        width, height = self.width, self.height
        steps = []
        for column in range(2):
            center = self.hex_at(column, 0)
            steps.append([self.offset_of(center.neighbor(d)) for d in DIRECTIONS])
        entries = []
        for row in rows:
            for column in range(width):
                for step_column, step_row in steps[column & 1]:
                    target_column = column + step_column - (column & 1)
                    target_row = row + step_row
                    on_map = 0 <= target_column < width and 0 <= target_row < height
                    entries.append(target_row * width + target_column if on_map else -1)
        return entries

    def direction_between(self, a: Offset, b: Offset) -> Direction | None:
        """The direction from offset `a` to adjacent offset `b`, or None if not adjacent."""
        return self.hex_at(*a).direction_to(self.hex_at(*b))

    def is_edge(self, column: int, row: int) -> bool:
        """Whether a hex lies on the map edge (fewer than six neighbours on the map)."""
        return column in (0, self.width - 1) or row in (0, self.height - 1)

    def hexside_key(self, column: int, row: int, direction: Direction) -> tuple[Offset, Direction]:
        """The canonical name of a hexside: seen from the hex where it is Up, Up Right or Down
        Right, so both hexes sharing an edge name it the same way.

        >>> grid = Grid(5, 5)
        >>> grid.hexside_key(2, 2, Direction.DOWN) == grid.hexside_key(2, 3, Direction.UP)
        True
        """
        if direction in CONNECTION_BITS:
            return (column, row), direction
        return self.neighbor(column, row, direction), opposite(direction)

    def connection_slot(self, a: Offset, b: Offset) -> tuple[Offset, int]:
        """Where the road or rail link between adjacent hexes is stored in connection rows:
        the hex it leaves Up, Up Right or Down Right from, and the bit for that direction.

        >>> Grid(5, 5).connection_slot((2, 3), (2, 2))
        ((2, 3), 1)
        """
        direction = self.direction_between(a, b)
        if direction is None:
            raise ValueError(f"{a} and {b} are not adjacent")
        owner, canonical = self.hexside_key(*a, direction)
        return owner, CONNECTION_BITS[canonical]


@dataclass(frozen=True, slots=True)
class Layout:
    """Pixel geometry of flat-topped hexes: `size` is the centre-to-corner distance."""

    size: float
    origin_x: float = 0.0
    origin_y: float = 0.0

    def center(self, hex_: Hex) -> tuple[float, float]:
        """Pixel centre of a hex.

        >>> Layout(10).center(Hex(2, 0))
        (30.0, 17.32050807568877)
        """
        x = self.size * 1.5 * hex_.q
        y = self.size * math.sqrt(3) * (hex_.r + hex_.q / 2)
        return x + self.origin_x, y + self.origin_y

    def hex_at_pixel(self, x: float, y: float) -> Hex:
        """The hex containing a pixel position.

        >>> layout = Layout(10)
        >>> layout.hex_at_pixel(*layout.center(Hex(4, -1)))
        Hex(q=4, r=-1)
        """
        px, py = (x - self.origin_x) / self.size, (y - self.origin_y) / self.size
        fq = 2.0 / 3.0 * px
        fr = -1.0 / 3.0 * px + math.sqrt(3) / 3.0 * py
        return _round(fq, fr)

    def corners(self, hex_: Hex) -> list[tuple[float, float]]:
        """The six corners of a hex, clockwise from the right-hand corner."""
        cx, cy = self.center(hex_)
        return [
            (
                cx + self.size * math.cos(math.radians(60 * i)),
                cy + self.size * math.sin(math.radians(60 * i)),
            )
            for i in range(6)
        ]

    def side_ends(
        self, hex_: Hex, direction: Direction
    ) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners of a hex's edge in `direction`, clockwise.

        >>> layout = Layout(10)
        >>> [(round(x, 2), round(y, 2)) for x, y in layout.side_ends(Hex(0, 0), Direction.UP)]
        [(-5.0, -8.66), (5.0, -8.66)]
        """
        corners = self.corners(hex_)
        turn = DIRECTIONS.index(direction)
        # Corners count clockwise from the right-hand one; the Up edge joins the upper two.
        return corners[(turn + 4) % 6], corners[(turn + 5) % 6]

    def nearest_side(self, hex_: Hex, x: float, y: float) -> Direction:
        """The edge of `hex_` nearest a pixel position (for a position inside the hex, the
        nearest hexside of the whole map): the edge whose middle lies in its direction.

        >>> layout = Layout(10)
        >>> cx, cy = layout.center(Hex(3, 1))
        >>> layout.nearest_side(Hex(3, 1), cx + 6, cy - 3)
        <Direction.UP_RIGHT: 'up_right'>
        >>> layout.nearest_side(Hex(3, 1), cx - 1, cy + 8)
        <Direction.DOWN: 'down'>
        """
        cx, cy = self.center(hex_)
        angle = math.degrees(math.atan2(y - cy, x - cx))
        # Edge middles of a flat-topped hex lie every 60 degrees from straight up (-90).
        return DIRECTIONS[round((angle + 90.0) / 60.0) % 6]

    def side_middle(self, hex_: Hex, direction: Direction) -> tuple[float, float]:
        """The pixel position of the middle of a hex's edge, halfway between the two centres.

        >>> [round(v, 2) for v in Layout(10).side_middle(Hex(0, 0), Direction.DOWN)]
        [0.0, 8.66]
        """
        ax, ay = self.center(hex_)
        bx, by = self.center(hex_.neighbor(direction))
        return (ax + bx) / 2, (ay + by) / 2

    def side_distance(self, hex_: Hex, direction: Direction, x: float, y: float) -> float:
        """The distance from a pixel position to a hex's edge (the segment between its corners).

        >>> layout = Layout(10)
        >>> cx, cy = layout.center(Hex(0, 0))
        >>> round(layout.side_distance(Hex(0, 0), Direction.DOWN, cx, cy), 3)
        8.66
        """
        (ax, ay), (bx, by) = self.side_ends(hex_, direction)
        dx, dy = bx - ax, by - ay
        share = ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)
        share = min(1.0, max(0.0, share))
        return math.hypot(x - ax - share * dx, y - ay - share * dy)


Edge = tuple[Hex, Direction]
"""A hex edge named from one of the two hexes it separates."""


def canonical_side(hex_: Hex, direction: Direction) -> Edge:
    """The one name of an edge: seen from the hex where it is Up, Up Right or Down Right (as
    `Grid.hexside_key` names it in offset coordinates).

    >>> canonical_side(Hex(2, 2), Direction.DOWN_LEFT)
    (Hex(q=1, r=3), <Direction.UP_RIGHT: 'up_right'>)
    """
    if direction in CONNECTION_BITS:
        return hex_, direction
    return hex_.neighbor(direction), opposite(direction)


_UNIT = Layout(1.0)


def side_chain(
    start: Edge,
    goal: Edge,
    limit: int = 12,
    allowed: Callable[[Edge], bool] | None = None,
) -> list[Edge] | None:
    """The shortest chain of edges, each sharing a corner with the one before, that leads from
    edge `start` to edge `goal` (a river drawn along the hex edges between two points): the
    canonical edges after `start` up to `goal`, or None when no chain of at most `limit` edges
    exists through edges `allowed` (all by default). Of equally short chains the one keeping
    nearest the straight line between the two edges wins.

    >>> chain = side_chain((Hex(0, 0), Direction.UP), (Hex(0, 1), Direction.UP))
    >>> len(chain)
    3
    >>> chain[-1]
    (Hex(q=0, r=1), <Direction.UP: 'up'>)
    >>> side_chain((Hex(0, 0), Direction.UP), (Hex(9, 0), Direction.UP), limit=4) is None
    True
    """
    start, goal = canonical_side(*start), canonical_side(*goal)
    if start == goal:
        return []
    ax, ay = _side_middle(start)
    bx, by = _side_middle(goal)
    length = math.hypot(bx - ax, by - ay) or 1.0

    def straying(side: Edge) -> float:
        # Distance of the edge's middle from the line between the two ends, in hexes; scaled
        # down so that it only ever breaks ties between chains of equal length.
        x, y = _side_middle(side)
        return abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / length * 1e-4

    best: dict[Edge, float] = {start: 0.0}
    came_from: dict[Edge, Edge] = {}
    queue: list[tuple[float, int, Edge]] = [(0.0, 0, start)]
    tiebreak = count(1)
    while queue:
        cost, _, side = heapq.heappop(queue)
        if side == goal:
            chain = [side]
            while chain[-1] in came_from and came_from[chain[-1]] != start:
                chain.append(came_from[chain[-1]])
            return chain[::-1]
        if cost > best[side] or cost >= limit:
            continue
        for touching in side[0].touching_sides(side[1]):
            following = canonical_side(*touching)
            if allowed is not None and not allowed(following):
                continue
            new_cost = cost + 1.0 + straying(following)
            if new_cost < best.get(following, math.inf) and new_cost < limit + 1:
                best[following] = new_cost
                came_from[following] = side
                heapq.heappush(queue, (new_cost, next(tiebreak), following))
    return None


def _side_middle(side: Edge) -> tuple[float, float]:
    hex_, direction = side
    ax, ay = _UNIT.center(hex_)
    bx, by = _UNIT.center(hex_.neighbor(direction))
    return (ax + bx) / 2, (ay + by) / 2
