"""The elevation brush: set, raise, lower or smooth the ground under a brush of 1 to 37 hexes,
one undo step per stroke."""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QWidget

from editor.map import style
from editor.map.geometry import Frame, Offset
from editor.selection import Selection
from editor.tools.terrain_base import Stroke, StrokeTool, count_text
from editor.tools.terrain_commands import (
    ELEVATION_RANGE,
    SetElevation,
    StrokeCommand,
    parse_elevation_row,
)
from editor.tools.terrain_options import elevation_options
from editor.tools.terrain_relief import ElevationMode, elevation_range, ramp_color
from schemas.io import FileKind
from schemas.panzer_campaigns.map import MapFile

VALUES_FROM = 30.0
"""Least zoom (pixels per hex) at which the preview writes the new elevation in each hex."""


class _Elevations:
    """The elevations of a map's rows, parsed on first use (a segment reads a few rows)."""

    def __init__(self, map_file: MapFile) -> None:
        self.map = map_file
        self.rows: dict[int, list[int]] = {}

    def at(self, hex_: Offset) -> int:
        column, row = hex_
        values = self.rows.get(row)
        if values is None:
            rows = self.map.elevation_rows
            width = self.map.width
            values = parse_elevation_row(rows[row], width) if row < len(rows) else [0] * width
            self.rows[row] = values
        return values[column]


class ElevationBrushTool(StrokeTool):
    """Shape the ground: each hex under a stroke changes once per stroke."""

    name = "elevation_brush"
    label = "Elevation Brush"

    icon = "mountain"
    shortcut = "E"
    tip = "Drag to set, raise, lower or smooth the ground; Alt or Ctrl + click picks an elevation"

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self.mode = ElevationMode.RAISE
        self.value = 100
        """The elevation the Set mode gives, in metres."""
        self.step = 10
        """How far Raise and Lower move the ground, in metres."""
        self._range: tuple[int, int] | None = None
        self._range_version = -1

    def set_mode(self, mode: ElevationMode) -> None:
        """Set, raise, lower or smooth."""
        self.mode = ElevationMode(mode)
        self.settings_changed.emit()
        self.preview_changed.emit()

    def set_value(self, metres: int) -> None:
        """The elevation of the Set mode."""
        low, high = ELEVATION_RANGE
        self.value = max(low, min(high, int(metres)))
        self.settings_changed.emit()
        self.preview_changed.emit()

    def set_step(self, metres: int) -> None:
        """The step of Raise and Lower."""
        self.step = max(1, min(ELEVATION_RANGE[1], int(metres)))
        self.settings_changed.emit()

    # Painting ----------------------------------------------------------------------------------

    def new_values(self, hexes: list[Offset]) -> dict[Offset, int]:
        """What the brush makes of the elevation of each hex."""
        assert self.document is not None
        ground = _Elevations(self.document.map)
        if self.mode is ElevationMode.SET:
            return dict.fromkeys(hexes, self.value)
        if self.mode is ElevationMode.RAISE:
            return {hex_: ground.at(hex_) + self.step for hex_ in hexes}
        if self.mode is ElevationMode.LOWER:
            return {hex_: ground.at(hex_) - self.step for hex_ in hexes}
        assert self.geometry is not None
        grid = self.geometry.grid
        values = {}
        for hex_ in hexes:
            around = [ground.at(other) for _, other in grid.neighbors(*hex_)]
            values[hex_] = round(sum(around) / len(around)) if around else ground.at(hex_)
        return values

    def command_for(self, hexes: list[Offset], stroke: Stroke) -> StrokeCommand:
        assert self.document is not None
        text = f"{self.mode.value.capitalize()} Elevation"
        return SetElevation(self.document, self.new_values(hexes), text, merge_key=stroke.key)

    def pick(self, hex_: Offset) -> None:
        assert self.document is not None
        self.set_value(_Elevations(self.document.map).at(hex_))
        self.message.emit(f"Setting the ground to {self.value} m")

    def elevation_range(self) -> tuple[int, int] | None:
        """The map's lowest and highest ground, read again when the map changed and no stroke
        is under way (a stroke must not pay for reading the whole map at every segment)."""
        if self.document is None:
            return None
        version = self.document.version(FileKind.MAP)
        if self.stroke is None and version != self._range_version:
            self._range = elevation_range(self.document.map)
            self._range_version = version
        return self._range

    def hover_text(self, hex_: Offset | None) -> str:
        if self.document is None:
            return ""
        count = count_text(len(self.footprint(self._cursor)))
        action = {
            ElevationMode.SET: f"Set {count} to {self.value} m",
            ElevationMode.RAISE: f"Raise {count} by {self.step} m",
            ElevationMode.LOWER: f"Lower {count} by {self.step} m",
            ElevationMode.SMOOTH: f"Smooth {count}",
        }[self.mode]
        if hex_ is None:
            return action
        return f"{action}; under the mouse: {_Elevations(self.document.map).at(hex_)} m"

    def finished_text(self, changed: int) -> str:
        if not changed:
            return "Nothing changed: the ground already had those elevations"
        return f"{self.mode.value.capitalize()}: {count_text(changed)} changed"

    def preview_color(self) -> QColor:
        if self.mode is ElevationMode.SET:
            known = self.elevation_range()
            low, high = known if known is not None else (0, max(1, self.value))
            color = ramp_color(self.value, min(low, self.value), max(high, self.value))
        else:
            color = QColor(
                {
                    ElevationMode.RAISE: "#d9a05b",
                    ElevationMode.LOWER: "#4f86b8",
                    ElevationMode.SMOOTH: "#ffffff",
                }[self.mode]
            )
        color.setAlpha(150)
        return color

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        super().paint_preview(painter, frame)
        if self.stroke is not None or frame.zoom < VALUES_FROM or self.document is None:
            return
        # While hovering, each hex of the footprint shows the elevation it would get.
        values = self.new_values(self.footprint(self._cursor))
        font = style.label_font(round(frame.zoom * 0.26))
        metrics = QFontMetricsF(font)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        halo = QPen(style.HALO, 3.0)
        halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        for hex_, value in values.items():
            text = str(min(ELEVATION_RANGE[1], max(ELEVATION_RANGE[0], value)))
            x, y = frame.point(hex_)
            path = QPainterPath()
            origin = QPointF(x - metrics.horizontalAdvance(text) / 2, y + metrics.ascent() / 2.6)
            path.addText(origin, font, text)
            painter.strokePath(path, halo)
            painter.fillPath(path, style.INK)
        painter.restore()

    def options(self) -> QWidget | None:
        return elevation_options(self)

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.CrossCursor
