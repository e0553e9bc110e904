"""The map's dense layers compared hex by hex and the changed hexes gathered into regions, as a
designer paints them: "12 hexes of forest painted around [41, 18]" rather than twelve lines."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

from schemas.diffing.changes import Change
from schemas.diffing.names import Names

Cell = tuple[int, int]
REACH = (-2, -1, 0, 1, 2)


def regions(cells: Sequence[Cell]) -> list[list[Cell]]:
    """Changed hexes in groups as a designer paints them: hexes whose columns and rows differ by
    at most two belong together (a hex's six neighbours are within one in offset coordinates;
    the wider reach keeps one brush stroke over hexes that already had the terrain in one
    region), in file order of each region's first hex."""
    remaining = set(cells)
    groups: list[list[Cell]] = []
    for start in cells:
        if start not in remaining:
            continue
        remaining.discard(start)
        group, frontier = [start], [start]
        while frontier:
            column, row = frontier.pop()
            for dc in REACH:
                for dr in REACH:
                    neighbour = (column + dc, row + dr)
                    if neighbour in remaining:
                        remaining.discard(neighbour)
                        group.append(neighbour)
                        frontier.append(neighbour)
        groups.append(group)
    return groups


def centre(group: Sequence[Cell]) -> Cell:
    """The hex of a region nearest its mean: always one of its own hexes."""
    mean_c = sum(c for c, _ in group) / len(group)
    mean_r = sum(r for _, r in group) / len(group)
    return min(group, key=lambda cell: ((cell[0] - mean_c) ** 2 + (cell[1] - mean_r) ** 2, cell))


def row_cells(
    old_rows: Sequence[str], new_rows: Sequence[str], split: Callable[[str], Sequence[str]]
) -> list[tuple[Cell, str | None, str | None]]:
    """Every hex whose value differs, with the old and new values (None beyond a row's end);
    rows that are equal as text are skipped without splitting."""
    found: list[tuple[Cell, str | None, str | None]] = []
    for row in range(max(len(old_rows), len(new_rows))):
        before = old_rows[row] if row < len(old_rows) else ""
        after = new_rows[row] if row < len(new_rows) else ""
        if before == after:
            continue
        a, b = split(before), split(after)
        for column in range(max(len(a), len(b))):
            x = a[column] if column < len(a) else None
            y = b[column] if column < len(b) else None
            if x != y:
                found.append(((column, row), x, y))
    return found


def terrain_changes(old_rows: Sequence[str], new_rows: Sequence[str], names: Names) -> list[Change]:
    """Terrain painted: one change per connected region of one new terrain, naming what it was
    when it was one terrain throughout."""
    by_terrain: dict[str | None, list[tuple[Cell, str | None]]] = defaultdict(list)
    for cell, before, after in row_cells(old_rows, new_rows, list):
        by_terrain[after].append((cell, before))
    changes = []
    for code, cells in by_terrain.items():
        was = dict(cells)
        name = names.terrain.get(code or "", code or "nothing")
        for group in regions([cell for cell, _ in cells]):
            olds = {was[cell] for cell in group}
            previous = names.terrain.get(next(iter(olds)) or "", "") if len(olds) == 1 else ""
            where = centre(group)
            noun = "hex" if len(group) == 1 else "hexes"
            text = f"{len(group)} {noun} of {name} painted around [{where[0]}, {where[1]}]"
            changes.append(
                Change(
                    "map",
                    "Terrain",
                    "painted",
                    text + (f" (was {previous})" if previous else ""),
                    field="terrain",
                    old=previous or None,
                    new=name,
                    hex=where,
                    count=len(group),
                    path=("terrain_rows", where[1]),
                )
            )
    return changes


def layer_changes(
    section: str, what: str, old_rows: Sequence[str], new_rows: Sequence[str], path: str
) -> list[Change]:
    """Elevation or road and rail links changed: one change per connected region; elevation
    says by how many metres it was raised or lowered."""
    is_elevation = path == "elevation_rows"
    split: Callable[[str], Sequence[str]] = str.split if is_elevation else list
    found = row_cells(old_rows, new_rows, split)
    steps = {cell: _metres(after) - _metres(before) for cell, before, after in found}
    changes = []
    for group in regions([cell for cell, _, _ in found]):
        where = centre(group)
        noun = "hex" if len(group) == 1 else "hexes"
        text = f"{what} changed in {len(group)} {noun} around [{where[0]}, {where[1]}]"
        if is_elevation:
            rise = [steps[cell] for cell in group]
            if min(rise) > 0:
                text = f"{len(group)} {noun} raised around [{where[0]}, {where[1]}] ({_span(rise)})"
            elif max(rise) < 0:
                lowered = [-r for r in rise]
                text = (
                    f"{len(group)} {noun} lowered around [{where[0]}, {where[1]}] "
                    f"({_span(lowered)})"
                )
        changes.append(
            Change(
                "map",
                section,
                "painted",
                text,
                field=path,
                hex=where,
                count=len(group),
                path=(path, where[1]),
            )
        )
    return changes


def _metres(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:
        return 0


def _span(metres: Sequence[int]) -> str:
    low, high = min(metres), max(metres)
    return f"by {low} m" if low == high else f"by {low} to {high} m"
