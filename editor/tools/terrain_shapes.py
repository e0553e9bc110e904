"""The terrain tools that paint a shape at once: a line or a rectangle dragged out and painted on
release, and the bucket fill of a region of one terrain (contiguous, or the whole map)."""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator
from typing import cast

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from editor.map.geometry import Frame, Offset
from editor.selection import Selection
from editor.tools.base import ToolEvent
from editor.tools.terrain_base import TerrainTool, count_text, paint_region, visible_members
from editor.tools.terrain_commands import PaintTerrain
from editor.tools.terrain_options import fill_options, shape_options
from engine.hexgrid import Hex
from schemas.io import FileKind


class ShapeTool(TerrainTool):
    """Drag from one hex to another: the shape between them is previewed while dragging and
    painted on release, one undo step. Escape drops it."""

    command_text = ""
    noun = ""

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self.seeds = random.Random()
        """Where each shape's mix seed comes from (tests give it a fixed seed)."""
        self.start: Hex | None = None
        self.end: Hex | None = None

    def shape(self) -> list[Offset]:
        """The on-map hexes of the shape dragged so far."""
        raise NotImplementedError

    def press(self, event: ToolEvent) -> None:
        if self.document is None or event.hex is None:
            return
        self.start = self.end = self.axial(event)
        self._dragged()

    def move(self, event: ToolEvent) -> None:
        here = self.axial(event)
        if self.start is not None and here != self.end:
            self.end = here
            self._dragged()

    def release(self, event: ToolEvent) -> None:
        if self.start is None or self.document is None:
            return
        hexes = self.shape()
        self.start = self.end = None
        seed = self.seeds.getrandbits(32)
        cells = {hex_: self.palette.code_for(hex_, seed) for hex_ in hexes}
        command = PaintTerrain(self.document, cells, self.command_text)
        self.document.push(command)
        if command.is_empty:
            self.message.emit(f"Nothing painted: the {self.noun} already has that terrain")
        else:
            changed = count_text(command.hexes_changed)
            self.message.emit(f"Painted {changed} with {self.palette.summary()}")
        self.preview_changed.emit()

    def hover(self, event: ToolEvent) -> None:
        self.message.emit(f"Drag to paint a {self.noun} of {self.palette.summary()}")

    def cancel(self) -> None:
        if self.start is not None:
            self.start = self.end = None
            self.message.emit(f"{self.noun.capitalize()} cancelled")
            self.preview_changed.emit()

    def _dragged(self) -> None:
        count = count_text(len(self.shape()))
        self.message.emit(f"{self.noun.capitalize()} of {count}: release to paint")
        self.preview_changed.emit()

    def preview_color(self) -> QColor:
        color = QColor(self.palette.color(self.palette.current))
        color.setAlpha(170)
        return color

    def options(self) -> QWidget | None:
        return shape_options(self)


class TerrainLineTool(ShapeTool):
    """Paint a straight line of hexes."""

    name = "terrain_line"
    label = "Terrain Line"

    icon = "pencil-line"
    shortcut = "L"
    tip = "Drag from a hex to another to paint the line of hexes between them"
    command_text = "Paint Terrain Line"
    noun = "line"

    def shape(self) -> list[Offset]:
        if self.start is None or self.end is None:
            return []
        return self.on_map(self.start.line_to(self.end))

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        hexes = self.shape()
        if hexes:
            paint_region(painter, frame, set(hexes), self.preview_color(), hexes)


class Box:
    """The hexes of columns c0..c1 and rows r0..r1, as a collection that needs no memory."""

    def __init__(self, c0: int, c1: int, r0: int, r1: int) -> None:
        self.c0, self.c1, self.r0, self.r1 = c0, c1, r0, r1

    def __contains__(self, hex_: object) -> bool:
        column, row = _offset(hex_)
        return self.c0 <= column <= self.c1 and self.r0 <= row <= self.r1

    def __len__(self) -> int:
        return (self.c1 - self.c0 + 1) * (self.r1 - self.r0 + 1)

    def __iter__(self) -> Iterator[Offset]:
        for row in range(self.r0, self.r1 + 1):
            for column in range(self.c0, self.c1 + 1):
                yield column, row


class TerrainRectangleTool(ShapeTool):
    """Paint a box of hexes: every column and row between two corners (offset coordinates)."""

    name = "terrain_rectangle"
    label = "Terrain Rectangle"

    icon = "rectangle-horizontal"
    shortcut = "R"
    tip = "Drag from a corner hex to the opposite one to paint the box of hexes between them"
    command_text = "Paint Terrain Rectangle"
    noun = "rectangle"

    def box(self) -> Box | None:
        """The box dragged so far, clipped to the map."""
        if self.start is None or self.end is None or self.geometry is None:
            return None
        grid = self.geometry.grid
        (a, b), (c, d) = grid.offset_of(self.start), grid.offset_of(self.end)
        last_column, last_row = grid.width - 1, grid.height - 1
        c0, c1 = max(0, min(a, c)), min(last_column, max(a, c))
        r0, r1 = max(0, min(b, d)), min(last_row, max(b, d))
        return Box(c0, c1, r0, r1) if c0 <= c1 and r0 <= r1 else None

    def shape(self) -> list[Offset]:
        box = self.box()
        return list(box) if box is not None else []

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        box = self.box()
        if box is None:
            return
        shown = visible_members(frame, box)
        if shown:
            paint_region(painter, frame, box, self.preview_color(), shown)


class Region:
    """Hexes of one terrain found by the bucket fill, as a mask over the map's hex indices."""

    def __init__(self, width: int, mask: bytearray, indices: list[int], code: str) -> None:
        self.width = width
        self.mask = mask
        self.indices = indices
        self.code = code

    def __contains__(self, hex_: object) -> bool:
        column, row = _offset(hex_)
        index = row * self.width + column
        return 0 <= column < self.width and 0 <= index < len(self.mask) and bool(self.mask[index])

    def __len__(self) -> int:
        return len(self.indices)

    def __iter__(self) -> Iterator[Offset]:
        width = self.width
        for index in self.indices:
            yield index % width, index // width


class BucketFillTool(TerrainTool):
    """Fill the region of one terrain around the clicked hex (six neighbours), or replace that
    terrain everywhere on the map."""

    name = "terrain_fill"
    label = "Bucket Fill"

    icon = "paint-bucket"
    shortcut = "F"
    tip = "Click a hex to fill the region of its terrain; the options can replace it map-wide"

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self.global_replace = False
        """Replace the clicked hex's terrain everywhere instead of in its region."""
        self.seeds = random.Random()
        self._seed = self.seeds.getrandbits(32)
        self._region: Region | None = None
        self._region_key: tuple[int, bool] | None = None
        self._neighbors: tuple[tuple[int, int, str], array[int]] | None = None
        self._hover: Offset | None = None
        self._changes: tuple[tuple[object, ...], int] | None = None

    def set_global(self, on: bool) -> None:
        """Replace map-wide (True) or fill the contiguous region (False)."""
        self.global_replace = on
        self._region = None
        self.preview_changed.emit()

    # Regions -----------------------------------------------------------------------------------

    def region(self, hex_: Offset) -> Region:
        """The hexes the fill would paint when clicking `hex_` (kept while the map is unchanged
        and the mouse stays inside it)."""
        assert self.document is not None
        key = (self.document.version(FileKind.MAP), self.global_replace)
        if self._region is not None and self._region_key == key and hex_ in self._region:
            return self._region
        map_file = self.document.map
        width, height = map_file.width, map_file.height
        # Rows of a broken map may be short or long: pad with a code no legend uses.
        flat = "".join(row[:width].ljust(width, "\0") for row in map_file.terrain_rows)
        flat = flat.ljust(width * height, "\0")
        column, row = hex_
        start = row * width + column
        code = flat[start]
        if self.global_replace:
            indices = [i for i, char in enumerate(flat) if char == code]
            mask = bytearray(width * height)
            for index in indices:
                mask[index] = 1
        else:
            mask, indices = _flood(flat, start, self._neighbor_table())
        self._region, self._region_key = Region(width, mask, indices, code), key
        return self._region

    def _neighbor_table(self) -> array[int]:
        assert self.geometry is not None
        grid = self.geometry.grid
        key = (grid.width, grid.height, grid.shifted)
        if self._neighbors is None or self._neighbors[0] != key:
            self._neighbors = (key, grid.neighbor_table())
        return self._neighbors[1]

    def cells(self, region: Region) -> dict[Offset, str]:
        """The new code of every hex of a region that changes."""
        if not self.palette.mixing:
            if self.palette.current == region.code:
                return {}
            return dict.fromkeys(region, self.palette.current)
        cells = {hex_: self.palette.code_for(hex_, self._seed) for hex_ in region}
        return {hex_: code for hex_, code in cells.items() if code != region.code}

    # Input -------------------------------------------------------------------------------------

    def hover(self, event: ToolEvent) -> None:
        if event.hex != self._hover:
            self._hover = event.hex
            self.preview_changed.emit()
        if self.document is None or event.hex is None:
            return
        region = self.region(event.hex)
        self.message.emit(self._describe(region, self.changes(region)))

    def _describe(self, region: Region, changes: int) -> str:
        what = self.palette.describe(region.code)
        if not changes:
            return f"Nothing to fill: the hexes already have {self.palette.summary()}"
        if self.global_replace:
            where = f"every {what} hex on the map ({len(region):,})"
        else:
            where = f"the {count_text(len(region))} of {what} here"
        return f"Fill {where} with {self.palette.summary()}: {count_text(changes)} will change"

    def changes(self, region: Region) -> int:
        """How many hexes a click on the region would change (kept for the hover)."""
        palette = self.palette
        key = (region, palette.current, palette.second, palette.mixing, palette.mix_percent)
        if self._changes is None or self._changes[0] != (*key, self._seed):
            self._changes = ((*key, self._seed), len(self.cells(region)))
        return self._changes[1]

    def press(self, event: ToolEvent) -> None:
        if self.document is None or event.hex is None:
            return
        region = self.region(event.hex)
        cells = self.cells(region)
        text = "Replace Terrain" if self.global_replace else "Fill Terrain"
        command = PaintTerrain(self.document, cells, text)
        self.document.push(command)
        self._seed = self.seeds.getrandbits(32)
        if command.is_empty:
            self.message.emit(self._describe(region, 0))
        else:
            self.message.emit(f"Filled {count_text(command.hexes_changed)}")
        self.preview_changed.emit()

    def cancel(self) -> None:
        self._hover = None
        self.preview_changed.emit()

    def deactivate(self) -> None:
        self._region = None  # a map-wide mask is a quarter megabyte on a big map
        super().deactivate()

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        if self.document is None or self._hover is None:
            return
        region = self.region(self._hover)
        if not self.changes(region):
            return
        shown = visible_members(frame, region)
        if shown:
            color = QColor(self.palette.color(self.palette.current))
            color.setAlpha(120)
            paint_region(painter, frame, region, color, shown)

    def options(self) -> QWidget | None:
        return fill_options(self)

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.PointingHandCursor


def _offset(hex_: object) -> Offset:
    column, row = cast(Offset, hex_)
    return column, row


def _flood(flat: str, start: int, neighbors: array[int]) -> tuple[bytearray, list[int]]:
    """The hexes connected to `start` through neighbours of the same code: a mask over the
    hex indices and the indices themselves."""
    code = flat[start]
    mask = bytearray(len(flat))
    mask[start] = 1
    found = [start]
    pending = [start]
    while pending:
        index = pending.pop()
        for other in neighbors[6 * index : 6 * index + 6]:
            if other >= 0 and not mask[other] and flat[other] == code:
                mask[other] = 1
                found.append(other)
                pending.append(other)
    found.sort()
    return mask, found
