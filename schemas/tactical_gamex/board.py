"""The board a situation plays on, assembled from its geomorphic panels: terrain, hill levels
and masses, hexsides, roads and stream features in board offset coordinates (odd columns half a
hex lower, as on every panel), with each hex's native addresses ("Village A2") both ways.

How panels join [003 3.0, 3.2]; the text gives no geometry, so these are decisions:

- Side by side, the last column of the left panel and the first column of the right one are
  the half hexes of their long edges; together they are one seam hex, addressed by either
  panel. A panel placed in column `x` of the arrangement starts at board column `x * (W - 1)`,
  which is even when the width W is odd, so columns keep their half-hex shift across panels.
- End to end, whole rows abut: a panel in row `y` starts at board row `y * H`. The bottom hex
  of a shifted column is cut by the panel's edge; its other half is the unnumbered strip above
  the next panel's first row, so it keeps the upper panel's address only.
- Turned 180 degrees, a panel's hex `(c, r)` lands at `(W-1-c, H-1-r)`, in a shifted column
  at `(W-1-c, H-2-r)` (the shifted column's cut hex goes to the top, beyond the panel's edge,
  and its unnumbered top strip comes to the bottom, where it plays as Clear: "hexes without
  terrain art are Clear" [003 3.2.1]). Hexsides and road links turn to the opposite direction.
- On a seam, the half with terrain art predominates [003 3.2.1: half hexes play as their
  predominant terrain]; when both halves have different art, the left panel's wins and
  `board_problems` warns. Levels take the higher half, hexsides, roads and features both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from schemas.problems import Problem, error, warning
from schemas.tactical_gamex.addresses import PanelAddress, format_address, parse_address
from schemas.tactical_gamex.panel import PanelFile
from schemas.tactical_gamex.situation import BoardLayout
from schemas.tactical_gamex.vocabulary import (
    TERRAIN_CODES,
    BoardEdge,
    Compass,
    HexFeature,
    HexsideKind,
    Terrain,
)
from schemas.vocabulary import Direction

Offset = tuple[int, int]

OPPOSITE: dict[Direction, Direction] = {
    Direction.UP: Direction.DOWN,
    Direction.UP_RIGHT: Direction.DOWN_LEFT,
    Direction.DOWN_RIGHT: Direction.UP_LEFT,
    Direction.DOWN: Direction.UP,
    Direction.DOWN_LEFT: Direction.UP_RIGHT,
    Direction.UP_LEFT: Direction.DOWN_RIGHT,
}
"""Each direction turned 180 degrees."""

_ROAD_BITS = ((Direction.UP, 1), (Direction.UP_RIGHT, 2), (Direction.DOWN_RIGHT, 4))

_ODD_COLUMN_STEPS: dict[Direction, tuple[Offset, Offset]] = {
    Direction.UP: ((0, -1), (0, -1)),
    Direction.UP_RIGHT: ((1, -1), (1, 0)),
    Direction.DOWN_RIGHT: ((1, 0), (1, 1)),
    Direction.DOWN: ((0, 1), (0, 1)),
    Direction.DOWN_LEFT: ((-1, 0), (-1, 1)),
    Direction.UP_LEFT: ((-1, -1), (-1, 0)),
}


def neighbor(column: int, row: int, direction: Direction) -> Offset:
    """The board hex next to another (odd columns half a hex lower), maybe off the board.

    `schemas` cannot import `engine.hexgrid`; this one step is checked against it in the
    tests, and the engine's own arithmetic stays there.

    >>> neighbor(1, 1, Direction.UP_RIGHT), neighbor(2, 1, Direction.UP_RIGHT)
    ((2, 1), (3, 0))
    """
    step = _ODD_COLUMN_STEPS[direction][column % 2]
    return column + step[0], row + step[1]


@dataclass(frozen=True)
class PlacedPanel:
    """Where one panel lies on the board."""

    panel: PanelFile
    column: int
    """Board column of the panel's own column 0 (before turning)."""
    row: int
    """Board row of its row 0."""
    rotated: bool

    def to_board(self, column: int, row: int) -> Offset | None:
        """The board hex of a panel hex, or None for a cut hex turned beyond the panel's edge.

        >>> from schemas.tactical_gamex.panel import PanelFile
        >>> panel = PanelFile.model_construct(width=5, height=4)
        >>> PlacedPanel(panel, 4, 0, False).to_board(0, 0)
        (4, 0)
        >>> turned = PlacedPanel(panel, 4, 0, True)
        >>> turned.to_board(0, 0), turned.to_board(1, 0)
        ((8, 3), (7, 2))
        >>> PlacedPanel(panel, 0, 0, True).to_board(1, 3) is None
        True
        """
        width, height = self.panel.width, self.panel.height
        if self.rotated:
            column, row = width - 1 - column, height - 1 - row - (column % 2)
            if row < 0:
                return None
        return self.column + column, self.row + row

    def to_panel(self, column: int, row: int) -> Offset | None:
        """The panel hex at a board hex, or None when the board hex is none of this panel's
        numbered hexes (outside it, or a turned panel's unnumbered strip)."""
        local_column, local_row = column - self.column, row - self.row
        width, height = self.panel.width, self.panel.height
        if not (0 <= local_column < width and 0 <= local_row < height):
            return None
        if self.rotated:
            local_column = width - 1 - local_column
            local_row = height - 1 - local_row - (local_column % 2)
            if local_row < 0:
                return None
        return local_column, local_row


@dataclass(frozen=True)
class AssembledBoard:
    """One board from a situation's panels, in board offset coordinates."""

    width: int
    height: int
    terrain: tuple[Terrain, ...]
    """Per hex, row by row (`index = row * width + column`)."""
    level: tuple[int, ...]
    """Hill level per hex [003 6.3.7]."""
    mass: tuple[str, ...]
    """Hill mass per hex: `panel:letter`, or "" for none."""
    hexsides: Mapping[tuple[Offset, Direction], frozenset[HexsideKind]]
    """Hexside terrain, each edge from the hex it was printed beside."""
    road_links: frozenset[tuple[Offset, Direction]]
    """Road links, each once, from one of its two hexes."""
    features: Mapping[Offset, frozenset[HexFeature]]
    """Bridges and fords in stream hexes."""
    names: Mapping[Offset, str]
    """Printed names."""
    panels: tuple[PlacedPanel, ...]
    """The panels as placed."""
    addresses: Mapping[Offset, tuple[str, ...]] = field(default_factory=dict)
    """Each hex's native addresses: two on a seam, none on a turned panel's unnumbered strip."""
    hexes_by_address: Mapping[str, Offset] = field(default_factory=dict)
    """Board hex of each native address (in its canonical spelling)."""
    seam_conflicts: tuple[Offset, ...] = ()
    """Seam hexes whose two halves carry different terrain art."""
    destroyed_bridges: frozenset[Offset] = frozenset()
    """Printed bridges the situation has down at the start (no longer in `features`)."""
    folded_ids: Mapping[str, str] = field(default_factory=dict)
    """Each panel's Map ID by its case-folded spelling."""
    road_hexes: frozenset[Offset] = frozenset()
    """Hexes a road runs through (either end of a link); towns count as road too [003 3.2.3]
    but are not listed here."""

    def contains(self, column: int, row: int) -> bool:
        """Whether a board hex exists."""
        return 0 <= column < self.width and 0 <= row < self.height

    def terrain_at(self, column: int, row: int) -> Terrain:
        """The terrain of a board hex."""
        return self.terrain[row * self.width + column]

    def level_at(self, column: int, row: int) -> int:
        """The hill level of a board hex."""
        return self.level[row * self.width + column]

    def address_of(self, column: int, row: int) -> str:
        """The first native address of a board hex ("" for an unnumbered strip)."""
        found = self.addresses.get((column, row), ())
        return found[0] if found else ""

    def hex_of(self, address: str) -> Offset | None:
        """The board hex of a native address in any spelling ("village a2"), or None."""
        parsed = parse_address(address)
        if parsed is None:
            return None
        # Map IDs are read whatever their case ("village A2"), as a designer types them.
        panel = self.folded_ids.get(parsed.panel.casefold(), parsed.panel)
        return self.hexes_by_address.get(str(parsed._replace(panel=panel)))

    def is_edge(self, column: int, row: int, edge: BoardEdge) -> bool:
        """Whether a hex lies on one edge of the board."""
        if edge is BoardEdge.TOP:
            return row == 0
        if edge is BoardEdge.BOTTOM:
            return row == self.height - 1
        if edge is BoardEdge.LEFT:
            return column == 0
        return column == self.width - 1

    def edge_hexes(self, edge: BoardEdge) -> list[Offset]:
        """The hexes along one edge."""
        return [
            (c, r)
            for r in range(self.height)
            for c in range(self.width)
            if self.is_edge(c, r, edge)
        ]


_CLOCKWISE = (BoardEdge.TOP, BoardEdge.RIGHT, BoardEdge.BOTTOM, BoardEdge.LEFT)
_COMPASS = (Compass.NORTH, Compass.EAST, Compass.SOUTH, Compass.WEST)


def compass_edge(north: BoardEdge, compass: Compass) -> BoardEdge:
    """The board edge a compass point names, given the edge north points to [003 2.3].

    >>> east = Compass.EAST
    >>> compass_edge(BoardEdge.TOP, east).value, compass_edge(BoardEdge.LEFT, east).value
    ('right', 'top')
    """
    start = _CLOCKWISE.index(north)
    return _CLOCKWISE[(start + _COMPASS.index(compass)) % 4]


def assemble(
    layout: BoardLayout, panels: Mapping[str, PanelFile]
) -> tuple[AssembledBoard | None, list[Problem]]:
    """The board of a layout, from its panels by file (as `layout.panels[i].file` names them),
    with the problems of the arrangement at their paths in the situation (`board.panels[i]`).

    The panels must have passed their own checks (rows that fit). No board when a panel is
    missing or the arrangement cannot make one.
    """
    problems = _layout_problems(layout, panels)
    if any(p.is_error for p in problems):
        return None, problems
    first = panels[layout.panels[0].file]
    width, height = first.width, first.height
    columns = 1 + max(p.column for p in layout.panels)
    rows = 1 + max(p.row for p in layout.panels)
    board_width = columns * (width - 1) + 1 if columns > 1 else width
    board_height = rows * height
    count = board_width * board_height
    terrain: list[Terrain | None] = [None] * count
    level = [0] * count
    mass = [""] * count
    hexsides: dict[tuple[Offset, Direction], frozenset[HexsideKind]] = {}
    roads: set[tuple[Offset, Direction]] = set()
    features: dict[Offset, frozenset[HexFeature]] = {}
    names: dict[Offset, str] = {}
    addresses: dict[Offset, tuple[str, ...]] = {}
    by_address: dict[str, Offset] = {}
    conflicts: list[Offset] = []
    placed: list[PlacedPanel] = []
    for placement in sorted(layout.panels, key=lambda p: (p.row, p.column)):
        panel = panels[placement.file]
        where = PlacedPanel(
            panel, placement.column * (width - 1), placement.row * height, placement.rotated
        )
        placed.append(where)
        for r, line in enumerate(panel.terrain_rows):
            for c, code in enumerate(line):
                spot = where.to_board(c, r)
                if spot is None:
                    continue
                i = spot[1] * board_width + spot[0]
                here = TERRAIN_CODES[code]
                before = terrain[i]
                if before is None or before is Terrain.CLEAR:
                    terrain[i] = here
                elif here is not Terrain.CLEAR and here is not before:
                    conflicts.append(spot)
                level[i] = max(level[i], _digit(panel.level_rows, c, r))
                letter = _char(panel.mass_rows, c, r)
                if letter != "." and not mass[i]:
                    mass[i] = f"{panel.id}:{letter}"
                road = _digit(panel.road_rows, c, r)
                for direction, bit in _ROAD_BITS:
                    if road & bit:
                        turned = OPPOSITE[direction] if where.rotated else direction
                        roads.add((spot, turned))
                address = format_address(panel.id, c, r)
                addresses[spot] = (*addresses.get(spot, ()), address)
                by_address[address] = spot
        for side in panel.hexsides:
            spot = where.to_board(*side.hex)
            if spot is not None:
                key = (spot, OPPOSITE[side.side] if where.rotated else side.side)
                hexsides[key] = hexsides.get(key, frozenset()) | frozenset(side.kinds)
        for feature in panel.features:
            spot = where.to_board(*feature.hex)
            if spot is not None:
                features[spot] = features.get(spot, frozenset()) | {feature.kind}
        for name in panel.names:
            spot = where.to_board(*name.hex)
            if spot is not None:
                names.setdefault(spot, name.name)
    board = AssembledBoard(
        width=board_width,
        height=board_height,
        terrain=tuple(t or Terrain.CLEAR for t in terrain),
        level=tuple(level),
        mass=tuple(mass),
        hexsides=hexsides,
        road_links=frozenset(roads),
        features=features,
        names=names,
        panels=tuple(placed),
        addresses=addresses,
        hexes_by_address=by_address,
        seam_conflicts=tuple(conflicts),
        folded_ids={p.panel.id.casefold(): p.panel.id for p in placed},
        road_hexes=frozenset(
            spot
            for start, direction in roads
            for spot in (start, neighbor(*start, direction))
            if 0 <= spot[0] < board_width and 0 <= spot[1] < board_height
        ),
    )
    board, changed = _situation_changes(board, layout)
    problems += changed
    for spot in conflicts:
        problems.append(
            warning(
                "TGX013",
                f"the two halves of seam hex {' / '.join(addresses[spot])} have different "
                f"terrain; it plays as {board.terrain_at(*spot).value}",
                path=("board", "panels"),
                hex=spot,
            )
        )
    return board, problems


def _situation_changes(
    board: AssembledBoard, layout: BoardLayout
) -> tuple[AssembledBoard, list[Problem]]:
    """The board with the situation's terrain overrides and destroyed bridges applied."""
    problems: list[Problem] = []
    terrain = list(board.terrain)
    for i, override in enumerate(layout.overrides):
        spot = board.hex_of(override.hex)
        if spot is None:
            problems.append(
                error(
                    "TGX032",
                    f"{override.hex} is no hex of the board's panels",
                    path=("board", "overrides", i, "hex"),
                )
            )
            continue
        terrain[spot[1] * board.width + spot[0]] = override.terrain
    features = dict(board.features)
    destroyed: set[Offset] = set()
    for i, address in enumerate(layout.destroyed_bridges):
        spot = board.hex_of(address)
        where = ("board", "destroyed_bridges", i)
        if spot is None:
            problems.append(
                error("TGX032", f"{address} is no hex of the board's panels", path=where)
            )
        elif HexFeature.BRIDGE not in features.get(spot, frozenset()):
            problems.append(
                error("TGX003", f"no bridge is printed at {address} to be destroyed", path=where)
            )
        else:
            features[spot] = features[spot] - {HexFeature.BRIDGE}
            if not features[spot]:
                del features[spot]
            destroyed.add(spot)
    if not layout.overrides and not destroyed:
        return board, problems
    return (
        replace(
            board,
            terrain=tuple(terrain),
            features=features,
            destroyed_bridges=frozenset(destroyed),
        ),
        problems,
    )


def _layout_problems(layout: BoardLayout, panels: Mapping[str, PanelFile]) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[Offset, int] = {}
    ids: dict[str, int] = {}
    for i, placement in enumerate(layout.panels):
        where = ("board", "panels", i)
        if placement.file not in panels:
            problems.append(error("TGX010", f"panel '{placement.file}' is not loaded", path=where))
            continue
        panel = panels[placement.file]
        slot = (placement.column, placement.row)
        if slot in seen:
            problems.append(
                error(
                    "TGX010",
                    f"two panels at column {slot[0]}, row {slot[1]} of the arrangement",
                    path=where,
                )
            )
        seen[slot] = i
        if panel.id in ids:
            problems.append(
                error("TGX010", f"Map ID '{panel.id}' is used by two panels", path=where)
            )
        ids[panel.id] = i
    if any(p.is_error for p in problems):
        return problems
    shapes = {(panels[p.file].width, panels[p.file].height) for p in layout.panels}
    if len(shapes) > 1:
        problems.append(
            error(
                "TGX010",
                "geomorphic panels of one board must be the same size; these are "
                + ", ".join(f"{w}x{h}" for w, h in sorted(shapes)),
                path=("board", "panels"),
            )
        )
        return problems
    width = next(iter(shapes))[0]
    columns = {p.column for p in layout.panels}
    rows = {p.row for p in layout.panels}
    if (
        len(seen) != len(columns) * len(rows)
        or max(columns) + 1 != len(columns)
        or max(rows) + 1 != len(rows)
    ):
        problems.append(
            error(
                "TGX010",
                "the panels must fill a rectangle of the arrangement from column 0, row 0",
                path=("board", "panels"),
            )
        )
    if width % 2 == 0 and (len(columns) > 1 or any(p.rotated for p in layout.panels)):
        problems.append(
            error(
                "TGX010",
                f"panels {width} columns wide cannot join side by side or turn: their half-hex "
                "edges would not meet (an odd width keeps the columns' shift)",
                path=("board", "panels"),
            )
        )
    return problems


def _digit(rows: list[str], column: int, row: int) -> int:
    value = _char(rows, column, row)
    return int(value) if value.isdigit() else 0


def _char(rows: list[str], column: int, row: int) -> str:
    if row < len(rows) and column < len(rows[row]):
        return rows[row][column]
    return "."


def panel_address(board: AssembledBoard, column: int, row: int) -> PanelAddress | None:
    """The first panel hex at a board hex, or None for an unnumbered strip."""
    text = board.address_of(column, row)
    return parse_address(text) if text else None
