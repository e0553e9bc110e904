"""The benchmark title's map: elevation, terrain patches, rivers traced along hex edges, towns,
and roads and railways routed between them, as the data of a map file.

All hex arithmetic goes through `engine.hexgrid`. Features are kept by the pair of hexes they
lie between while the map is built, and named canonically (`Grid.hexside_key`,
`Grid.connection_slot`) only when the file's data is written.
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
from array import array
from dataclasses import dataclass
from typing import Any

from engine.hexgrid import DIRECTIONS, Grid, Hex, Layout, Offset
from schemas.panzer_campaigns.map import CONNECTION_NONE
from schemas.vocabulary import Direction

CLEAR, FOREST, ROUGH, MARSH, WATER, VILLAGE, TOWN, CITY = (ord(c) for c in ".frmwvtc")
_OPEN = frozenset({CLEAR})

TERRAIN_LEGEND: list[dict[str, Any]] = [
    {"id": "clear", "code": ".", "name": "Clear", "color": "#d8d8a8"},
    {
        "id": "forest",
        "code": "f",
        "name": "Forest",
        "defense_modifier": -25,
        "blocks_los": True,
        "height_m": 20,
        "glider_hazard": True,
        "color": "#5f8a4a",
    },
    {"id": "rough", "code": "r", "name": "Rough", "defense_modifier": -15, "color": "#b09a78"},
    {
        "id": "marsh",
        "code": "m",
        "name": "Marsh",
        "frozen_as": "clear",
        "airborne_hazard": True,
        "vehicles_road_only": True,
        "color": "#8fb0a0",
    },
    {
        "id": "water",
        "code": "w",
        "name": "Water",
        "landing_eliminates": True,
        "water": True,
        "color": "#6a9fd4",
    },
    {
        "id": "village",
        "code": "v",
        "name": "Village",
        "defense_modifier": -20,
        "urban": True,
        "blocks_los": True,
        "height_m": 10,
        "color": "#c09070",
    },
    {
        "id": "town",
        "code": "t",
        "name": "Town",
        "defense_modifier": -35,
        "urban": True,
        "blocks_los": True,
        "height_m": 15,
        "color": "#a87858",
    },
    {
        "id": "city",
        "code": "c",
        "name": "City",
        "defense_modifier": -50,
        "urban": True,
        "blocks_los": True,
        "height_m": 25,
        "color": "#8c5a44",
    },
]

# Per 500x500 map (250,000 hexes); scaled by area for other sizes.
CITIES = 8
TOWNS = 40
VILLAGES = 220
FOREST_BLOBS = 370
ROUGH_BLOBS = 200
LAKES = 40
MARSH_BLOBS = 70
STREAMS = 40
ESCARPMENTS = 14
RIVERS_ACROSS = 3  # per 500 hexes of map width
RIVERS_DOWN = 1

# Road classes, best last: a link keeps the best class that uses it.
TRAIL, SECONDARY, PRIMARY = 1, 2, 3
ROAD_KINDS = {PRIMARY: "primary_road", SECONDARY: "secondary_road", TRAIL: "trail"}

_INF = math.inf
# Cost of entering a hex for each route profile, in the order of _ROUTE_CODES.
_ROUTE_CODES = (CLEAR, FOREST, ROUGH, MARSH, WATER, VILLAGE, TOWN, CITY)
_ROUTE_TERRAIN: dict[str, tuple[float, ...]] = {
    "primary": (1, 1.6, 2.5, 4, 14, 1, 1, 1),
    "secondary": (1, 1.8, 3, 5, _INF, 1, 1, 1),
    "trail": (1, 1.5, 2, 4, _INF, 1, 1, 1),
    "rail": (1, 2, 5, 6, _INF, 1.2, 1.2, 1.2),
}
_ROUTE_HEXSIDE: dict[str, dict[str, float]] = {
    "primary": {"river": 6, "stream": 1.5, "escarpment": 3},
    "secondary": {"river": 8, "stream": 2, "escarpment": 4},
    "trail": {"river": 10, "stream": 2, "escarpment": 2},
    "rail": {"river": 12, "stream": 3, "escarpment": _INF},
}
_REUSE_COST = 0.4  # following an existing link is cheap, so roads grow into networks
_NOISE_COST = 0.7 / 255  # a little random cost per hex makes routes wind like real roads
_ROUTE_LIMIT = 120_000  # nodes expanded before a route is given up

HexsideKey = tuple[Offset, Direction]
"""A hexside by its canonical name: the hex where it is Up, Up Right or Down Right."""

Pair = tuple[Offset, Offset]
"""Two neighbouring hexes, the smaller first: the hexside or link between them."""


def _pair(a: Offset, b: Offset) -> Pair:
    return (a, b) if a < b else (b, a)


def _scaled(count: float, scale: float) -> int:
    return max(1, round(count * scale))


# --- place names -------------------------------------------------------------------------------

_WEST_START = ["Bel", "Mar", "Ro", "Ver", "Chau", "Mont", "Lan", "Sau", "Bri", "Char", "Val", "Cor",
               "Fon", "Gran", "Leu", "Mal", "Pont", "Ste", "Tour", "Vil"]  # fmt: skip
_WEST_END = ["ville", "mont", "court", "fontaine", "bourg", "champ", "val", "lieu", "ay", "ois",
             "ange", "erre", "ieux", "ac", "on"]  # fmt: skip
_EAST_START = ["Alt", "Berg", "Dorn", "Eich", "Fal", "Gro", "Hoh", "Kirch", "Lin", "Mar", "Nie",
               "Ober", "Rot", "Schön", "Stein", "Tann", "Wal", "Wei", "Zell", "Bruck"]  # fmt: skip
_EAST_END = ["dorf", "feld", "hausen", "heim", "bach", "berg", "burg", "stadt", "au", "ingen",
             "weiler", "rode", "brück", "tal", "wald"]  # fmt: skip
_RIVER_NAMES = ["Aure", "Blies", "Dyle", "Erft", "Gette", "Isen", "Lesse", "Meuse", "Nethe",
                "Ourthe", "Roer", "Salm", "Sauer", "Semois", "Sûre", "Vesdre", "Warche", "Wiltz",
                "Amblève", "Kyll", "Prüm", "Our", "Alzette", "Chiers"]  # fmt: skip


class _Names:
    """Unique place names; western (Allied) and eastern (Axis) flavour by map half."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def place(self, east: bool) -> str:
        starts, ends = (_EAST_START, _EAST_END) if east else (_WEST_START, _WEST_END)
        for attempt in range(1000):
            name = self.rng.choice(starts) + self.rng.choice(ends)
            if attempt > 20:
                prefix = ("Nieder-", "Ober-", "Klein-") if east else ("Saint-", "Petit-", "Haut-")
                name = self.rng.choice(prefix) + name
            if attempt > 200:
                name += f" {attempt}"
            if name not in self.used:
                self.used.add(name)
                return name
        raise RuntimeError("ran out of place names")

    def river(self, number: int) -> str:
        base = _RIVER_NAMES[number % len(_RIVER_NAMES)]
        return base if number < len(_RIVER_NAMES) else f"{base} {number // len(_RIVER_NAMES) + 1}"


# --- map ---------------------------------------------------------------------------------------


@dataclass
class Settlement:
    """A village, town or city: its centre hex, name and rank."""

    center: Offset
    name: str
    rank: int  # 1 village, 2 town, 3 city


@dataclass
class _Edge:
    """A hex edge being traced, walked toward its clockwise (`cw`) or counter-clockwise end."""

    hex: Hex
    side: int
    cw: bool


@dataclass
class MapInfo:
    """What the scenario generator needs to know about the generated map."""

    grid: Grid
    terrain: list[bytearray]
    settlements: list[Settlement]
    road_hexes: set[Offset]
    bridges: list[HexsideKey]
    edge_roads: dict[str, list[Offset]]  # "west"/"east": road hexes on that map edge


class MapBuilder:
    """Builds the map layer by layer: elevation, terrain blobs, rivers, towns, roads, rail."""

    def __init__(self, size: int, rng: random.Random) -> None:
        self.size = size
        self.rng = rng
        self.scale = size * size / 250_000
        self.grid = Grid(size, size, "odd")
        self.layout = Layout(1.0)
        self.terrain = [bytearray(b"." * size) for _ in range(size)]
        self.elevation: list[array[int]] = []
        self.hexsides: dict[Pair, str] = {}
        self.water_vertices: set[tuple[int, int]] = set()
        self.roads: dict[Pair, int] = {}  # link -> best road class using it
        self.rail: dict[Pair, int] = {}
        self.full_hex_bridges: set[Offset] = set()
        self.noise: list[bytes] = []
        self.settlements: list[Settlement] = []
        self.places: list[dict[str, Any]] = []
        self.names = _Names(rng)

    # -- helpers --

    def _random_hex(self, margin: int = 2) -> Offset:
        return (
            self.rng.randrange(margin, self.size - margin),
            self.rng.randrange(margin, self.size - margin),
        )

    def _code(self, offset: Offset) -> int:
        return self.terrain[offset[1]][offset[0]]

    def _blob(
        self,
        code: int,
        start: Offset,
        steps: int,
        *,
        radius: tuple[int, int],
        over: frozenset[int],
        stride: int = 2,
    ) -> None:
        """Stamp discs along a random walk: irregular patches of one terrain."""
        grid, terrain, rng = self.grid, self.terrain, self.rng
        center = grid.hex_at(*start)
        heading = rng.choice(DIRECTIONS)
        for _ in range(steps):
            for hex_ in center.iter_range(rng.randint(*radius)):
                column, row = grid.offset_of(hex_)
                if grid.contains(column, row) and terrain[row][column] in over:
                    terrain[row][column] = code
            # A walk that keeps some heading draws elongated, branching patches, not discs.
            if rng.random() < 0.35:
                heading = rng.choice(DIRECTIONS)
            for _ in range(rng.randint(1, stride)):
                center = center.neighbor(heading if rng.random() < 0.6 else rng.choice(DIRECTIONS))

    # -- layers --

    def build_elevation(self) -> None:
        """A smooth field of hills and valleys in whole metres, quantised to 10 m contours."""
        size, rng = self.size, self.rng
        tau = 2 * math.pi

        def wave(length: int, period: float, amplitude: float) -> list[float]:
            phase = rng.uniform(0, tau)
            return [amplitude * math.sin(i * tau / period + phase) for i in range(length)]

        by_column = wave(size, rng.uniform(160, 260), 1.0)
        by_row = wave(size, rng.uniform(160, 260), 120.0)
        diagonal = wave(2 * size, rng.uniform(70, 110), 50.0)
        cross = wave(3 * size, rng.uniform(35, 55), 25.0)
        for row in range(size):
            b = by_row[row]
            values = array(
                "h",
                (
                    int(260 + by_column[c] * b + diagonal[c + row] + cross[c - 2 * row + 2 * size])
                    // 10
                    * 10
                    for c in range(size)
                ),
            )
            self.elevation.append(values)

    def build_terrain(self) -> None:
        """Rough on the heights, forests, and lakes, before rivers and towns are laid on top."""
        scale = self.scale
        rng = self.rng
        for _ in range(_scaled(ROUGH_BLOBS, scale)):
            for _attempt in range(20):
                column, row = self._random_hex()
                if self.elevation[row][column] > 330:
                    break
            self._blob(
                ROUGH, (column, row), rng.randint(10, 40), radius=(0, 2), over=_OPEN, stride=3
            )
        for _ in range(_scaled(FOREST_BLOBS, scale)):
            self._blob(
                FOREST, self._random_hex(), rng.randint(10, 60), radius=(0, 3),
                over=_OPEN | {ROUGH}, stride=3,
            )  # fmt: skip
        for _ in range(_scaled(LAKES, scale)):
            self._blob(
                WATER, self._random_hex(8), rng.randint(4, 16), radius=(1, 3),
                over=_OPEN | {FOREST, ROUGH}, stride=1,
            )  # fmt: skip

    def _vertex(self, edge: _Edge) -> tuple[float, float]:
        corners = self.layout.corners(edge.hex)
        return corners[(edge.side + 5) % 6] if edge.cw else corners[(edge.side + 4) % 6]

    @staticmethod
    def _vertex_key(point: tuple[float, float]) -> tuple[int, int]:
        # Corners of unit hexes lie on a lattice of x/2 and y/(sqrt(3)/2): exact integer keys.
        return round(point[0] * 2), round(point[1] * 2 / math.sqrt(3))

    @staticmethod
    def _following(edge: _Edge) -> tuple[_Edge, _Edge]:
        """The two edges that continue a traced line from the far end of `edge`.

        At each hex corner three edges meet: the one we came along, the next edge of the same
        hex, and the edge between the two neighbours that share that corner.
        """
        h, d = edge.hex, edge.side
        beyond = h.neighbor(DIRECTIONS[d])
        if edge.cw:
            return _Edge(h, (d + 1) % 6, True), _Edge(beyond, (d + 2) % 6, False)
        return _Edge(h, (d - 1) % 6, False), _Edge(beyond, (d - 2) % 6, True)

    def _trace(self, start: _Edge, heading: float, steps: int, kind: str, join: bool) -> list[Pair]:
        """Walk along hex edges roughly along `heading` (radians, y down), meandering.

        Stops at the map edge, where the line would cross itself, or (with `join`) where it
        meets an earlier watercourse. Returns the hexsides marked, in order.
        """
        grid, rng = self.grid, self.rng
        edge = start
        own: set[tuple[int, int]] = {
            self._vertex_key(self._vertex(_Edge(start.hex, start.side, not start.cw)))
        }
        marked: list[Pair] = []
        wander = 0.0
        amplitude = rng.uniform(0.3, 0.7)
        period = rng.uniform(15, 40)
        phase = rng.uniform(0, 2 * math.pi)
        for step in range(steps):
            a = grid.offset_of(edge.hex)
            b = grid.offset_of(edge.hex.neighbor(DIRECTIONS[edge.side]))
            if not (grid.contains(*a) and grid.contains(*b)):
                break
            key = _pair(a, b)
            both_water = self._code(a) == WATER and self._code(b) == WATER
            if not both_water and not (kind != "river" and key in self.hexsides):
                self.hexsides[key] = kind
                marked.append(key)
            here = self._vertex(edge)
            here_key = self._vertex_key(here)
            if join and here_key in self.water_vertices:
                break
            own.add(here_key)
            wander = 0.92 * wander + rng.gauss(0, 0.12)
            angle = heading + wander + amplitude * math.sin(step / period + phase)
            ux, uy = math.cos(angle), math.sin(angle)
            options = []
            for candidate in self._following(edge):
                there = self._vertex(candidate)
                alignment = (there[0] - here[0]) * ux + (there[1] - here[1]) * uy
                options.append((alignment, candidate, self._vertex_key(there)))
            options.sort(key=lambda item: -item[0])
            if rng.random() < 0.06:
                options.reverse()
            choice = next((o for o in options if o[2] not in own), None)
            if choice is None:
                break
            edge = choice[1]
        self.water_vertices |= own
        return marked

    def _edge_start(self, offset: Offset, side: Direction) -> _Edge:
        return _Edge(self.grid.hex_at(*offset), DIRECTIONS.index(side), self.rng.random() < 0.5)

    def build_water(self) -> None:
        """Rivers across the map, streams that join them, marsh along their banks, escarpments."""
        size, rng, scale = self.size, self.rng, self.scale
        rivers: list[list[Pair]] = []
        across = max(1, round(RIVERS_ACROSS * size / 500))
        for number in range(across):
            row = int((number + 0.5) * size / across) + rng.randint(-size // 10, size // 10)
            start = self._edge_start((1, min(max(row, 2), size - 3)), Direction.DOWN_RIGHT)
            rivers.append(
                self._trace(start, rng.uniform(-0.3, 0.3), 6 * size, "river", join=number > 0)
            )
        for number in range(max(1, round(RIVERS_DOWN * size / 500))):
            column = rng.randint(size // 5, 4 * size // 5) + number
            start = self._edge_start((column, 1), Direction.DOWN)
            rivers.append(
                self._trace(start, math.pi / 2 + rng.uniform(-0.3, 0.3), 6 * size, "river", True)
            )
        for _ in range(_scaled(STREAMS, scale)):
            start = self._edge_start(self._random_hex(10), rng.choice(DIRECTIONS))
            self._trace(start, rng.uniform(0, 2 * math.pi), rng.randint(30, 180), "stream", True)
        for _ in range(_scaled(ESCARPMENTS, scale)):
            start = self._edge_start(self._random_hex(10), rng.choice(DIRECTIONS))
            self._trace(start, rng.uniform(0, 2 * math.pi), rng.randint(6, 24), "escarpment", False)
        banks = [key for key, kind in self.hexsides.items() if kind == "river"]
        for _ in range(_scaled(MARSH_BLOBS, scale)):
            if not banks:
                break
            bank, _other = rng.choice(banks)
            self._blob(MARSH, bank, rng.randint(3, 9), radius=(0, 2), over=_OPEN | {FOREST})
        for number, river in enumerate(rivers):
            if len(river) < 40:
                continue
            name = self.names.river(number)
            for position in (0.2, 0.55, 0.85):
                bank, _other = river[int(len(river) * position)]
                self.places.append({"hex": list(bank), "name": name, "size": "small"})

    def build_settlements(self) -> None:
        """Cities, towns and villages as clusters of urban hexes, spaced apart, with names."""
        grid, scale = self.grid, self.scale
        buckets: dict[tuple[int, int], list[Hex]] = {}
        spacing = {3: 30, 2: 12, 1: 5}

        def free(center: Offset, rank: int) -> bool:
            if self._code(center) in (WATER, MARSH):
                return False
            here = grid.hex_at(*center)
            bx, by = center[0] // 32, center[1] // 32
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for other in buckets.get((bx + dx, by + dy), ()):
                        if here.distance(other) < spacing[rank]:
                            return False
            return True

        size_of = {3: "large", 2: "medium", 1: "small"}
        for rank, count in ((3, CITIES), (2, TOWNS), (1, VILLAGES)):
            for _ in range(_scaled(count, scale)):
                for _attempt in range(60):
                    center = self._random_hex(6)
                    if free(center, rank):
                        break
                else:
                    continue
                here = grid.hex_at(*center)
                buckets.setdefault((center[0] // 32, center[1] // 32), []).append(here)
                self._urbanise(here, rank)
                name = self.names.place(east=center[0] >= self.size // 2)
                self.settlements.append(Settlement(center, name, rank))
                place = {"hex": list(center), "name": name}
                if rank != 2:
                    place["size"] = size_of[rank]
                self.places.append(place)

    def _urbanise(self, center: Hex, rank: int) -> None:
        # (ring, code, chance) per rank: a city has a town belt, a town a village fringe.
        layout = {
            3: [(0, CITY, 1.0), (1, CITY, 0.85), (2, TOWN, 0.55), (3, VILLAGE, 0.15)],
            2: [(0, TOWN, 1.0), (1, TOWN, 0.4), (2, VILLAGE, 0.12)],
            1: [(0, VILLAGE, 1.0), (1, VILLAGE, 0.12)],
        }[rank]
        for ring, code, chance in layout:
            for hex_ in center.iter_ring(ring):
                column, row = self.grid.offset_of(hex_)
                if (
                    self.grid.contains(column, row)
                    and self.terrain[row][column] not in (WATER, CITY)
                    and (ring == 0 or self.rng.random() < chance)
                ):
                    self.terrain[row][column] = code

    def _route(
        self, start: Offset, goal: Offset, profile: str, links: dict[Pair, int]
    ) -> list[Offset] | None:
        """A cheap path for a road or railway (A*), preferring links already built.

        The estimate overrates the remaining cost a little: routes need not be optimal, and
        the search then expands far fewer hexes.
        """
        grid, terrain, hexsides, noise = self.grid, self.terrain, self.hexsides, self.noise
        terrain_cost = dict(zip(_ROUTE_CODES, _ROUTE_TERRAIN[profile], strict=True))
        hexside_cost = _ROUTE_HEXSIDE[profile]
        target = grid.hex_at(*goal)
        best: dict[Offset, float] = {start: 0.0}
        came: dict[Offset, Offset] = {}
        frontier: list[tuple[float, int, Offset]] = [(0.0, 0, start)]
        counter = 0
        while frontier:
            _estimate, _n, node = heapq.heappop(frontier)
            if node == goal:
                path = [node]
                while node in came:
                    node = came[node]
                    path.append(node)
                return path[::-1]
            counter += 1
            if counter > _ROUTE_LIMIT:
                return None
            spent = best[node]
            for _direction, neighbour in grid.neighbors(*node):
                key = (node, neighbour) if node < neighbour else (neighbour, node)
                if key in links:
                    step = _REUSE_COST
                else:
                    column, row = neighbour
                    step = terrain_cost[terrain[row][column]] + noise[row][column] * _NOISE_COST
                    feature = hexsides.get(key)
                    if feature is not None:
                        step += hexside_cost.get(feature, 0.0)
                cost = spent + step
                if cost < best.get(neighbour, _INF):
                    best[neighbour] = cost
                    came[neighbour] = node
                    counter_tie = len(best)
                    remaining = grid.hex_at(*neighbour).distance(target)
                    heapq.heappush(frontier, (cost + 1.2 * remaining, counter_tie, neighbour))
        return None

    def _lay(self, path: list[Offset], rank: int, links: dict[Pair, int]) -> None:
        for a, b in itertools.pairwise(path):
            key = _pair(a, b)
            links[key] = max(rank, links.get(key, 0))
            if rank == PRIMARY and self._code(b) == WATER:
                self.full_hex_bridges.add(b)

    def build_roads(self) -> None:
        """Primary roads join the cities, secondary roads the towns, trails the villages."""
        rng = self.rng
        grid = self.grid
        self.noise = [rng.randbytes(self.size) for _ in range(self.size)]
        cities = [s for s in self.settlements if s.rank == 3]
        towns = [s for s in self.settlements if s.rank >= 2]

        def distance(a: Settlement, b: Settlement) -> int:
            return grid.hex_at(*a.center).distance(grid.hex_at(*b.center))

        pairs: list[tuple[Settlement, Settlement, int]] = []
        # Primary: a spanning tree over the cities plus a few extra links for loops.
        joined = cities[:1]
        waiting = cities[1:]
        while waiting:
            a, b = min(((a, b) for a in joined for b in waiting), key=lambda p: distance(*p))
            pairs.append((a, b, PRIMARY))
            joined.append(b)
            waiting.remove(b)
        for city in cities:
            if rng.random() < 0.3:
                others = sorted(
                    (c for c in cities if c is not city), key=lambda c: distance(city, c)
                )
                if len(others) > 1:
                    pairs.append((city, others[1], PRIMARY))
        for town in (s for s in self.settlements if s.rank == 2):
            near = sorted((s for s in towns if s is not town), key=lambda s: distance(town, s))
            for other in near[: 3 if rng.random() < 0.3 else 2]:
                pairs.append((town, other, SECONDARY))
        for village in (s for s in self.settlements if s.rank == 1):
            near = sorted(
                (s for s in self.settlements if s is not village),
                key=lambda s: distance(village, s),
            )
            for other in near[: 2 if rng.random() < 0.4 else 1]:
                pairs.append((village, other, TRAIL))
        seen: set[tuple[Offset, Offset]] = set()
        for a, b, rank in pairs:
            ends = (min(a.center, b.center), max(a.center, b.center))
            if ends in seen:
                continue
            seen.add(ends)
            profile = {PRIMARY: "primary", SECONDARY: "secondary", TRAIL: "trail"}[rank]
            path = self._route(a.center, b.center, profile, self.roads)
            if path is not None:
                self._lay(path, rank, self.roads)
        # Roads off the map edges, where reinforcements arrive and supply comes from.
        for side_column in (0, self.size - 1):
            for _ in range(max(2, round(4 * self.size / 500))):
                entry = (side_column, rng.randint(self.size // 10, 9 * self.size // 10))
                target = grid.hex_at(*entry)
                nearest = min(towns, key=lambda s: grid.hex_at(*s.center).distance(target))
                path = self._route(entry, nearest.center, "secondary", self.roads)
                if path is not None:
                    self._lay(path, PRIMARY if rng.random() < 0.5 else SECONDARY, self.roads)
        # Rail: a few long lines between distant cities.
        lines = max(3, len(cities) // 2)
        for _ in range(lines):
            a, b = rng.sample(cities, 2) if len(cities) >= 2 else (cities[0], cities[0])
            if a is b:
                continue
            path = self._route(a.center, b.center, "rail", self.rail)
            if path is not None:
                self._lay(path, 1, self.rail)

    def _hexside(self, key: Pair) -> HexsideKey:
        a, b = key
        direction = self.grid.direction_between(a, b)
        assert direction is not None
        return self.grid.hexside_key(*a, direction)

    def _hexside_records(self, features: dict[Pair, str]) -> list[dict[str, Any]]:
        """File records of hexside features in map order: by row, column and side."""
        named = [(self._hexside(key), kind) for key, kind in features.items()]
        named.sort(key=lambda item: (item[0][0][1], item[0][0][0], DIRECTIONS.index(item[0][1])))
        return [
            {"hex": list(owner), "side": direction.value, "kind": kind}
            for (owner, direction), kind in named
        ]

    def crossings(self) -> dict[Pair, str]:
        """Bridges where roads and rail cross rivers and streams, and a few fords elsewhere."""
        rng = self.rng
        chosen: dict[Pair, str] = {}
        strength = {"ford": 0, "light_bridge": 1, "medium_bridge": 2, "heavy_bridge": 3}
        for links, is_rail in ((self.roads, False), (self.rail, True)):
            for key, rank in links.items():
                feature = self.hexsides.get(key)
                if feature not in ("river", "stream"):
                    continue
                if is_rail:
                    kind = "light_bridge"  # light bridges stand for railway bridges [000 4.5]
                elif rank == PRIMARY:
                    kind = "heavy_bridge"
                elif rank == SECONDARY:
                    kind = "medium_bridge"
                else:
                    ford_chance = 0.5 if feature == "stream" else 0.25
                    kind = "ford" if rng.random() < ford_chance else "light_bridge"
                if strength[kind] > strength.get(chosen.get(key, ""), -1):
                    chosen[key] = kind
        for key, feature in self.hexsides.items():
            if feature == "river" and key not in chosen and rng.random() < 0.01:
                chosen[key] = "ford"
        return chosen

    def connection_rows(self, links: dict[Pair, int], rank: int | None) -> list[str]:
        """One text row per map row: each hex's digit is the sum of its link bits."""
        size, grid = self.size, self.grid
        bits = [bytearray(size) for _ in range(size)]
        for (a, b), link_rank in links.items():
            if rank is None or link_rank == rank:
                (column, row), bit = grid.connection_slot(a, b)
                bits[row][column] |= bit
        table = bytes.maketrans(bytes(range(8)), (CONNECTION_NONE + "1234567").encode())
        return [row.translate(table).decode() for row in bits]

    def build(self) -> tuple[dict[str, Any], MapInfo]:
        """Every layer, as the map file's data, and what the scenario needs to know."""
        self.build_elevation()
        self.build_terrain()
        self.build_water()
        self.build_settlements()
        self.build_roads()
        crossings = self.crossings()
        connections = {
            kind: self.connection_rows(self.roads, rank)
            for rank, kind in sorted(ROAD_KINDS.items(), reverse=True)
        }
        connections["railroad"] = self.connection_rows(self.rail, None)
        data = {
            "format_version": 2,
            "name": f"Benchmark front, {self.size}x{self.size}",
            "description": (
                "Generated by bench/generate.py (seeded, deterministic) to measure Hexwright "
                "against its performance budget. Not a historical map."
            ),
            "width": self.size,
            "height": self.size,
            "terrain": TERRAIN_LEGEND,
            "terrain_rows": [row.decode() for row in self.terrain],
            "elevation_rows": [" ".join(map(str, row)) for row in self.elevation],
            "connections": connections,
            "hexsides": self._hexside_records(self.hexsides),
            "crossings": self._hexside_records(crossings),
            "full_hex_features": [
                {"hex": list(h), "kind": "bridge"}
                for h in sorted(self.full_hex_bridges, key=lambda o: (o[1], o[0]))
            ],
            "places": self.places,
        }
        road_hexes = {hex_ for link in self.roads for hex_ in link}
        edge_roads = {
            "west": sorted(h for h in road_hexes if h[0] == 0),
            "east": sorted(h for h in road_hexes if h[0] == self.size - 1),
        }
        bridges = sorted(self._hexside(k) for k, kind in crossings.items() if "bridge" in kind)
        info = MapInfo(self.grid, self.terrain, self.settlements, road_hexes, bridges, edge_roads)
        return data, info
