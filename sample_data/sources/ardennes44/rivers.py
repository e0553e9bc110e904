"""Traces the Ardennes rivers and streams along hex edges, each course an unbroken chain of river
or stream hexsides; the cheapest-path search it does this with also routes the roads.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from sample_data.sources.mapkit import Point, Projection, SideKey, midpoint, nearest_on_segment
from schemas.vocabulary import Direction, HexsideKind

Node = TypeVar("Node", bound=Hashable)

WaterSides = dict[SideKey, tuple[HexsideKind, str]]
"""River and stream hexsides with the name of the waterway on each."""


@dataclass
class Waterway:
    """A river or stream polyline in kilometres, with water levels at its points."""

    name: str
    kind: HexsideKind
    points: list[Point]
    levels: list[float]
    label: Point


# Corner i of a flat-topped hex (Layout.corners, clockwise from the right-hand corner) and
# corner i + 1 bound the hexside in this direction.
_EDGE_DIRECTIONS = (
    Direction.DOWN_RIGHT,
    Direction.DOWN,
    Direction.DOWN_LEFT,
    Direction.UP_LEFT,
    Direction.UP,
    Direction.UP_RIGHT,
)


class _CornerGraph:
    """The corners of the hex grid (with a margin round the map) and the edges between them."""

    def __init__(self, projection: Projection) -> None:
        self.proj = projection
        self.edges: dict[Point, dict[Point, SideKey]] = {}
        grid, layout = projection.grid, projection.layout
        for row in range(-3, projection.height + 3):
            for column in range(-3, projection.width + 3):
                points = [self._key(p) for p in layout.corners(grid.hex_at(column, row))]
                for i, direction in enumerate(_EDGE_DIRECTIONS):
                    a, b = points[i], points[(i + 1) % 6]
                    key = grid.hexside_key(column, row, direction)
                    self.edges.setdefault(a, {})[b] = key
                    self.edges.setdefault(b, {})[a] = key

    @staticmethod
    def _key(point: Point) -> Point:
        # Corners computed from neighbouring hexes differ in the last bits; a millimetre grid
        # makes them one point.
        return round(point[0], 6), round(point[1], 6)

    def nearest(self, point: Point) -> Point:
        hex_ = self.proj.layout.hex_at_pixel(*point)
        candidates = [
            self._key(c) for h in (hex_, *hex_.neighbors()) for c in self.proj.layout.corners(h)
        ]
        return min(candidates, key=lambda c: math.dist(c, point))

    def side(self, a: Point, b: Point) -> SideKey:
        return self.edges[a][b]

    def path(self, start: Point, goal: Point, segment: tuple[Point, Point]) -> list[Point]:
        """Cheapest corner-to-corner run from start to goal that hugs the segment."""

        def moves(here: Point, cost: float) -> Iterator[tuple[Point, float]]:
            for there in self.edges[here]:
                off, _ = nearest_on_segment(midpoint(here, there), *segment)
                if off <= 3.0:
                    yield there, cost + math.dist(here, there) + 4.0 * off * off

        return cheapest_path(start, goal, moves)


def cheapest_path(
    start: Node, goal: Node, moves: Callable[[Node, float], Iterable[tuple[Node, float]]]
) -> list[Node]:
    """Dijkstra's cheapest path from start to goal, both included.

    `moves(here, cost)` gives the nodes one step from `here` with the total cost of reaching each
    that way, `cost` being what reaching `here` cost; the caller adds the step, so its rounding
    stays the caller's.
    """
    best = {start: 0.0}
    came: dict[Node, Node] = {}
    queue: list[tuple[float, int, Node]] = [(0.0, 0, start)]
    pushed = 0  # equal costs leave the queue in the order they entered it
    while queue:
        cost, _, here = heapq.heappop(queue)
        if here == goal:
            break
        if cost > best[here]:
            continue
        for there, total in moves(here, cost):
            if total < best.get(there, math.inf):
                best[there] = total
                came[there] = here
                pushed += 1
                heapq.heappush(queue, (total, pushed, there))
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1]


def trace_waterways(projection: Projection, waterways: list[Waterway]) -> WaterSides:
    """Hexsides along each waterway, on the map and in a margin round it.

    The polyline's points are snapped to hex corners and joined by the cheapest run of hex
    edges that keeps close to the line, so a river is one unbroken chain of hexsides, and
    a tributary ends on a corner of the river it joins.
    """
    corners = _CornerGraph(projection)
    traced: set[Point] = set()
    sides: WaterSides = {}
    for way in waterways:
        stops = [corners.nearest(p) for p in way.points]
        for end in (0, -1):
            joined = min(traced, key=lambda c: math.dist(c, way.points[end]), default=None)
            if joined is not None and math.dist(joined, way.points[end]) < 0.8:
                stops[end] = joined
        run: list[Point] = [stops[0]]
        for i, (a, b) in enumerate(itertools.pairwise(stops)):
            segment = (way.points[i], way.points[i + 1])
            run.extend(corners.path(a, b, segment)[1:])
        for a, b in itertools.pairwise(run):
            key = corners.side(a, b)
            traced.update((a, b))
            if key in sides and sides[key][0] is HexsideKind.RIVER:
                continue
            sides[key] = (way.kind, way.name)
    return sides
