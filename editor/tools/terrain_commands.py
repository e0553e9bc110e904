"""The undoable edits of the terrain tools: paint terrain codes and set elevations on hexes.

Both rewrite only the rows they change (one SET step per row), so the map view re-renders only
the tiles of those rows, and both leave out hexes that already hold the value: a stroke over
hexes that already have the terrain pushes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from PySide6.QtGui import QUndoCommand

from editor.commands import EditFile
from editor.document import Change, ChangeAction, Document
from editor.map.geometry import Offset
from schemas.io import FileKind
from schemas.panzer_campaigns.map import MapFile
from schemas.problems import ModelPath

T = TypeVar("T")

ELEVATION_RANGE = (-500, 9000)
"""The elevations the tools write, in metres: the Dead Sea shore to above any battlefield."""


class StrokeCommand(EditFile):
    """A map edit that may be one segment of a stroke; `discard` makes the stack drop it.

    The segments of a stroke merge into the first one pushed (same `merge_key`). Escape undoes
    that merged command; marked obsolete first, it leaves the stack as it is undone, so Redo
    cannot bring the cancelled stroke back.

    Every step is a SET, so redo and undo put the last (or the first) root in place at once
    and then name each changed path once: the map view compares the rows a single time
    instead of once per step, which keeps undoing a long stroke quick."""

    def __init__(self, document: Document, text: str, merge_key: object = None) -> None:
        super().__init__(document, FileKind.MAP, text, merge_key)
        self.before = self.root
        """The map before the command."""
        self.paths: dict[ModelPath, Change] = {}
        """The first change at each path the command sets, in order."""
        self._discarding = False
        self.hexes_changed = 0
        """How many hexes the command (with the segments merged into it) changes."""

    def step(self, change: Change, root: Any) -> None:
        assert change.action is ChangeAction.SET, "a stroke only replaces values"
        super().step(change, root)
        self.paths.setdefault(change.path, change)

    def discard(self) -> bool:
        """Undo this command and take it off the stack; only the command on top of the stack
        can be discarded (returns whether it was)."""
        stack = self.document.undo_stack
        index = stack.index()
        if index == 0 or stack.command(index - 1) is not self:
            return False
        self._discarding = True
        stack.undo()
        return True

    def redo(self) -> None:
        root = self.root
        for change in self.paths.values():
            self.document.install(self.kind, root, change)

    def undo(self) -> None:
        for change in reversed(self.paths.values()):
            self.document.install(self.kind, self.before, change.inverse())
        if self._discarding:
            self.setObsolete(True)

    def mergeWith(self, other: QUndoCommand) -> bool:
        merged = super().mergeWith(other)
        if merged and isinstance(other, StrokeCommand):
            for path, change in other.paths.items():
                self.paths.setdefault(path, change)
            self.hexes_changed += other.hexes_changed
        return merged


class PaintTerrain(StrokeCommand):
    """Give hexes a terrain: `cells` maps (column, row) to a legend code. Codes must be in the
    map's legend; hexes off the map and hexes that already hold the code are left out."""

    def __init__(
        self,
        document: Document,
        cells: Mapping[Offset, str],
        text: str = "Paint Terrain",
        merge_key: object = None,
    ) -> None:
        super().__init__(document, text, merge_key)
        map_file: MapFile = self.root
        legend = {entry.code for entry in map_file.terrain}
        unknown = set(cells.values()) - legend
        if unknown:
            raise ValueError(f"terrain codes not in the map's legend: {sorted(unknown)}")
        for row, columns in sorted(_by_row(cells, map_file).items()):
            old = map_file.terrain_rows[row]
            chars = list(old)
            changed = 0
            for column, code in columns.items():
                if column < len(chars) and chars[column] != code:
                    chars[column] = code
                    changed += 1
            if changed:
                # A row of legend codes needs no further validation: it is the same string type.
                self.set(("terrain_rows", row), "".join(chars), validate=False)
                self.hexes_changed += changed


class SetElevation(StrokeCommand):
    """Set the elevation in metres of hexes: `values` maps (column, row) to whole metres,
    clamped to ELEVATION_RANGE. A flat map (no elevation rows) gets rows of zeros in the same
    step, so undo takes them away again."""

    def __init__(
        self,
        document: Document,
        values: Mapping[Offset, int],
        text: str = "Set Elevation",
        merge_key: object = None,
    ) -> None:
        super().__init__(document, text, merge_key)
        map_file: MapFile = self.root
        low, high = ELEVATION_RANGE
        rows = map_file.elevation_rows
        width = map_file.width
        changed_rows: dict[int, list[int]] = {}
        for row, columns in _by_row(values, map_file).items():
            current = parse_elevation_row(rows[row], width) if row < len(rows) else [0] * width
            before = list(current)
            for column, value in columns.items():
                current[column] = min(high, max(low, int(value)))
            changed = sum(1 for a, b in zip(before, current, strict=True) if a != b)
            if changed:
                changed_rows[row] = current
                self.hexes_changed += changed
        if not changed_rows:
            return
        if not rows:
            flat = format_elevation_row([0] * width)
            created = [
                format_elevation_row(changed_rows[r]) if r in changed_rows else flat
                for r in range(map_file.height)
            ]
            self.step(
                Change(FileKind.MAP, ("elevation_rows",), ChangeAction.SET),
                map_file.model_copy(update={"elevation_rows": created}),
            )
            return
        for row, new in sorted(changed_rows.items()):
            self.set(("elevation_rows", row), format_elevation_row(new), validate=False)


def _by_row(cells: Mapping[Offset, T], map_file: MapFile) -> dict[int, dict[int, T]]:
    rows: dict[int, dict[int, T]] = {}
    for (column, row), value in cells.items():
        if 0 <= column < map_file.width and 0 <= row < map_file.height:
            rows.setdefault(row, {})[column] = value
    return rows


def parse_elevation_row(text: str, width: int) -> list[int]:
    """A row of elevations as whole metres, `width` long (bad or missing values read as 0).

    >>> parse_elevation_row("120 -5 x", 4)
    [120, -5, 0, 0]
    """
    values = []
    for part in text.split()[:width]:
        try:
            values.append(int(part))
        except ValueError:
            values.append(0)
    return values + [0] * (width - len(values))


def format_elevation_row(values: Iterable[int]) -> str:
    """A row of elevations as the map file writes it: single spaces between whole metres.

    >>> format_elevation_row([120, 0, -5])
    '120 0 -5'
    """
    return " ".join(str(value) for value in values)


def elevation_at(map_file: MapFile, hex_: Offset) -> int:
    """The elevation of one hex in metres (0 on a flat map)."""
    column, row = hex_
    rows = map_file.elevation_rows
    if row >= len(rows):
        return 0
    return parse_elevation_row(rows[row], map_file.width)[column]
