"""The terrain tools: the terrain brush and the eyedropper here, the line, rectangle and bucket
fill in `terrain_shapes`, the elevation brush in `terrain_elevation`; `TERRAIN_TOOLS` lists
them all in tool-bar order for the registry.

The brush shows on the map while dragging: each segment of a stroke is a `PaintTerrain`
command merged into the stroke's first one, so a stroke is one undo step, and Escape undoes
it and takes it off the stack (see `StrokeCommand.discard`).
"""

from __future__ import annotations

import random

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from editor.map.geometry import Offset
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent
from editor.tools.terrain_base import Stroke, StrokeTool, TerrainTool, count_text
from editor.tools.terrain_commands import PaintTerrain, StrokeCommand
from editor.tools.terrain_elevation import ElevationBrushTool
from editor.tools.terrain_options import brush_options, eyedropper_options
from editor.tools.terrain_shapes import BucketFillTool, TerrainLineTool, TerrainRectangleTool


class TerrainBrushTool(StrokeTool):
    """Paint the palette's terrain (or its random mix) by dragging across hexes."""

    name = "terrain_brush"
    label = "Terrain Brush"

    icon = "paintbrush"
    shortcut = "B"
    tip = "Drag to paint terrain; Alt or Ctrl + click picks the terrain under the mouse"

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self.seeds = random.Random()
        """Where each stroke's mix seed comes from (tests give it a fixed seed)."""

    def next_seed(self) -> int:
        return self.seeds.getrandbits(32)

    def command_for(self, hexes: list[Offset], stroke: Stroke) -> StrokeCommand:
        assert self.document is not None
        cells = {hex_: self.palette.code_for(hex_, stroke.seed) for hex_ in hexes}
        return PaintTerrain(self.document, cells, "Paint Terrain", merge_key=stroke.key)

    def pick(self, hex_: Offset) -> None:
        code = self.terrain_at(hex_)
        if self.palette.set_current(code):
            self.message.emit(f"Painting with {self.palette.describe(code)}")
        else:
            self.message.emit(f"The code {code!r} of this hex is not in the map's legend")

    def hover_text(self, hex_: Offset | None) -> str:
        size = count_text(len(self.footprint(self._cursor))) if hex_ is not None else ""
        under = f"; under the mouse: {self.palette.describe(self.terrain_at(hex_))}" if hex_ else ""
        return f"Paint {self.palette.summary()}, {size}{under}"

    def finished_text(self, changed: int) -> str:
        if not changed:
            current = self.palette.describe(self.palette.current)
            return f"Nothing painted: the hexes already have {current}"
        return f"Painted {count_text(changed)} with {self.palette.summary()}"

    def preview_color(self) -> QColor:
        color = QColor(self.palette.color(self.palette.current))
        color.setAlpha(170)
        return color

    def options(self) -> QWidget | None:
        return brush_options(self)


class EyedropperTool(TerrainTool):
    """Pick the terrain under the mouse for the other terrain tools (Shift + click: the second
    terrain of the random mix)."""

    name = "terrain_eyedropper"
    label = "Eyedropper"

    icon = "pipette"
    shortcut = "I"
    tip = "Click a hex to paint with its terrain; Shift + click sets the mix's second terrain"

    def press(self, event: ToolEvent) -> None:
        if self.document is None or event.hex is None:
            return
        code = self.terrain_at(event.hex)
        if self.palette.entry(code) is None:
            self.message.emit(f"The code {code!r} of this hex is not in the map's legend")
        elif event.shift:
            self.palette.set_second(code)
            self.message.emit(f"Mixing in {self.palette.describe(code)}")
        else:
            self.palette.set_current(code)
            self.message.emit(f"Painting with {self.palette.describe(code)}")

    def hover(self, event: ToolEvent) -> None:
        if self.document is not None and event.hex is not None:
            self.message.emit(f"Pick {self.palette.describe(self.terrain_at(event.hex))}")

    def options(self) -> QWidget | None:
        return eyedropper_options(self)

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.PointingHandCursor


TERRAIN_TOOLS: tuple[type[MapTool], ...] = (
    TerrainBrushTool,
    TerrainLineTool,
    TerrainRectangleTool,
    BucketFillTool,
    EyedropperTool,
    ElevationBrushTool,
)
"""The terrain tools in tool-bar order."""
