"""The assembled Tactical GameX board as the rules read it [003 3.0-3.2]: per hex its terrain,
hill level and hill mass, roads as the hexsides they cross, hexside terrain, bridges and fords.
Coordinates are the assembled board's offsets (column, row); `engine.hexgrid` does the
arithmetic."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from engine.hexgrid import Grid, Hex
from engine.tactical_gamex.tables import TerrainEffects

Offset = tuple[int, int]
Side2 = frozenset[Offset]
"""A hexside, as the two hexes it separates."""


def side(a: Offset, b: Offset) -> Side2:
    """The hexside between two adjacent hexes."""
    return frozenset((a, b))


@dataclass
class Board:
    """The playing surface: terrain names (keys of the TEC), levels and masses by hex. Nothing
    in a game changes it (copies of a game share it), so lines of sight traced on it are kept."""

    grid: Grid
    terrain: dict[Offset, str]
    tec: Mapping[str, TerrainEffects]
    level: dict[Offset, int] = field(default_factory=dict)
    """Hill level: 0 ground, 1 a hill mass, 2 a mass within it… [003 6.3.7]."""
    mass: dict[Offset, int] = field(default_factory=dict)
    """Which hill mass a hex belongs to (0: none): a slope of the viewer's own mass does not
    block its sight down (example F-I)."""
    roads: set[Side2] = field(default_factory=set)
    """Hexsides a road crosses [003 3.2.3]."""
    hexsides: dict[Side2, frozenset[str]] = field(default_factory=dict)
    """Hexside terrain: slope, ridge, cliff, green, wooded [003 3.2.2]."""
    bridges: set[Offset] = field(default_factory=set)
    fords: set[Offset] = field(default_factory=set)
    names: dict[Offset, str] = field(default_factory=dict)
    """The native address of each hex (panel letter, column, row), for messages."""
    default_terrain: str = "clear"
    road_hexes: set[Offset] = field(default_factory=set, init=False)
    sight_cache: dict[tuple[Offset, Offset, tuple[Offset, ...]], bool] = field(
        default_factory=dict, init=False, repr=False
    )
    """Lines of sight already traced, by their ends and the smoke on the board (`los`)."""
    _walls: dict[frozenset[str], dict[Offset, frozenset[Offset]]] = field(
        default_factory=dict, init=False, repr=False
    )

    def __post_init__(self) -> None:
        self.road_hexes = {h for s in self.roads for h in s}

    def contains(self, hex_: Offset) -> bool:
        return self.grid.contains(*hex_)

    def effects(self, hex_: Offset) -> TerrainEffects:
        """The TEC row of a hex; a hex without terrain art is Clear [003 3.2]."""
        return self.tec[self.terrain.get(hex_, self.default_terrain)]

    def level_of(self, hex_: Offset) -> int:
        return self.level.get(hex_, 0)

    def mass_of(self, hex_: Offset) -> int:
        return self.mass.get(hex_, 0)

    def axial(self, hex_: Offset) -> Hex:
        return self.grid.hex_at(*hex_)

    def offset(self, hex_: Hex) -> Offset:
        return self.grid.offset_of(hex_)

    def distance(self, a: Offset, b: Offset) -> int:
        return self.axial(a).distance(self.axial(b))

    def adjacent(self, a: Offset, b: Offset) -> bool:
        return self.distance(a, b) == 1

    def neighbors(self, hex_: Offset) -> Iterator[Offset]:
        """The adjacent hexes on the board."""
        for _, other in self.grid.neighbors(*hex_):
            if self.contains(other):
                yield other

    def is_road(self, hex_: Offset) -> bool:
        """Whether a road runs in the hex; Town hexes count as road [003 5.3]."""
        if self.effects(hex_).counts_as_road:
            return True
        return hex_ in self.road_hexes

    def road_between(self, a: Offset, b: Offset) -> bool:
        """Whether the road crosses the hexside from a to b (or both are towns) [003 5.3]."""
        if side(a, b) in self.roads:
            return True
        return self.effects(a).counts_as_road and self.effects(b).counts_as_road

    def walls(self, kinds: frozenset[str]) -> dict[Offset, frozenset[Offset]]:
        """Per hex, the neighbours across a hexside holding any of `kinds` (the kinds that
        block sight, for `los`), built once per set of kinds."""
        found = self._walls.get(kinds)
        if found is None:
            across: dict[Offset, set[Offset]] = {}
            for pair, on in self.hexsides.items():
                if on & kinds and len(pair) == 2:
                    one, two = pair
                    across.setdefault(one, set()).add(two)
                    across.setdefault(two, set()).add(one)
            found = self._walls[kinds] = {h: frozenset(o) for h, o in across.items()}
        return found

    def is_stream(self, hex_: Offset) -> bool:
        return self.effects(hex_).stream
