"""Which hexsides and hexes a drag on the map passes: the edge nearest the pointer, the chain of
edges a drag along the hex edges traces, and the hexes a road drawn from centre to centre
enters. The arithmetic itself is `engine.hexgrid`'s; this turns world points into map terms.
"""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QPointF

from editor.map.geometry import MapGeometry
from editor.tools.map_edit_commands import EdgeKey, Link, Offset, on_map
from engine.hexgrid import Edge, side_chain

NEAR_MIDDLE = 0.26
"""How close (in hexes) the pointer must come to the middle of an edge for a drag to take the
edge in. Edges are 0.58 long and a hex centre lies 0.5 from every edge middle, so a drag along
the edges takes each in turn, and one past a corner does not take the third edge there."""
SAMPLE_STEP = 0.1
"""Spacing, in hexes, of the points looked at between two mouse positions."""


def nearest_edge(geometry: MapGeometry, world: QPointF) -> tuple[EdgeKey, float] | None:
    """The edge nearest a world point and the distance from the point to its middle, or None
    where that edge does not lie between two hexes of the map."""
    layout, grid = geometry.layout, geometry.grid
    x, y = world.x(), world.y()
    hex_ = layout.hex_at_pixel(x, y)
    side = layout.nearest_side(hex_, x, y)
    edge = grid.hexside_key(*grid.offset_of(hex_), side)
    if not on_map(grid, edge):
        return None
    mx, my = layout.side_middle(hex_, side)
    return edge, math.hypot(x - mx, y - my)


class EdgeTrace:
    """The edges a drag passes near, kept as one unbroken chain: when the pointer skips ahead,
    the shortest chain of edges between the last edge and the new one fills the gap."""

    def __init__(self, geometry: MapGeometry, start: EdgeKey, world: QPointF) -> None:
        self.geometry = geometry
        self.edges: dict[EdgeKey, None] = {start: None}
        """The edges in the order they were reached (a dict keeps each once)."""
        self._last = start
        self._world = world

    def extend(self, world: QPointF) -> bool:
        """Follow the pointer to a new position; return whether edges were added."""
        before = len(self.edges)
        start = self._world
        dx, dy = world.x() - start.x(), world.y() - start.y()
        steps = max(1, math.ceil(math.hypot(dx, dy) / SAMPLE_STEP))
        for step in range(1, steps + 1):
            point = QPointF(start.x() + dx * step / steps, start.y() + dy * step / steps)
            found = nearest_edge(self.geometry, point)
            if found is None or found[1] > NEAR_MIDDLE or found[0] == self._last:
                continue
            self._reach(found[0])
        self._world = world
        return len(self.edges) != before

    def _reach(self, edge: EdgeKey) -> None:
        grid = self.geometry.grid

        def axial(key: EdgeKey) -> Edge:
            return grid.hex_at(*key[0]), key[1]

        def allowed(side: Edge) -> bool:
            hex_, direction = side
            return grid.contains_hex(hex_) and grid.contains_hex(hex_.neighbor(direction))

        chain = side_chain(axial(self._last), axial(edge), limit=8, allowed=allowed)
        for hex_, direction in chain if chain is not None else [axial(edge)]:
            self.edges.setdefault((grid.offset_of(hex_), direction), None)
        self._last = edge


def hex_steps(geometry: MapGeometry, start: Offset, end: Offset) -> list[Offset]:
    """The hexes after `start` up to `end` along the straight hex line, each next to the one
    before; hexes off the map end the line early."""
    grid = geometry.grid
    steps = []
    for hex_ in grid.hex_at(*start).line_to(grid.hex_at(*end))[1:]:
        offset = grid.offset_of(hex_)
        if not grid.contains(*offset):
            break
        steps.append(offset)
    return steps


def path_links(path: list[Offset]) -> list[Link]:
    """The links between consecutive hexes of a path, each once, in drawing order."""
    links: dict[Link, None] = {}
    for a, b in itertools.pairwise(path):
        if a != b and (b, a) not in links:
            links.setdefault((a, b), None)
    return list(links)
