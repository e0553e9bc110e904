"""What the terrain tools share: the palette, strokes that merge into one undo step (and that
Escape takes back without leaving anything to redo), brushes that paint a footprint along the
mouse path, and the drawing of hex previews."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from PySide6.QtCore import QLineF, QObject, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen

from editor.document import Document
from editor.map.geometry import Frame, Offset
from editor.map.scene import MapScene
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent, new_stroke
from editor.tools.terrain_commands import StrokeCommand
from editor.tools.terrain_palette import TerrainPalette
from engine.hexgrid import Hex

RADII = (0, 1, 2, 3)
"""Brush radii in hexes: footprints of 1, 7, 19 and 37 hexes."""
PREVIEW_LIMIT = 6000
"""Most hexes a preview fills one by one; a larger one is only counted in the status bar."""
_EDGE_DARK = QColor(20, 20, 20, 210)
_EDGE_LIGHT = QColor(255, 255, 255, 235)


def footprint_size(radius: int) -> int:
    """Hexes within `radius` steps of a hex (on an open map).

    >>> [footprint_size(r) for r in RADII]
    [1, 7, 19, 37]
    """
    return 3 * radius * (radius + 1) + 1


class Stroke:
    """One press-drag-release: its id, the hexes it has touched, and the command it put on the
    undo stack (the first segment pushed; the later ones merge into it)."""

    def __init__(self, document: Document, seed: int = 0) -> None:
        self.document = document
        self.key = ("stroke", new_stroke())
        self.seed = seed
        """Seeds the random mix: the same seed paints the same pattern."""
        self.touched: set[Offset] = set()
        self.command: StrokeCommand | None = None

    @property
    def hexes_changed(self) -> int:
        """How many hexes the stroke has changed so far."""
        return self.command.hexes_changed if self.command is not None else 0

    def push(self, command: StrokeCommand) -> None:
        """Run one segment; segments that change nothing leave the stack alone."""
        if command.is_empty:
            return
        self.document.push(command)
        stack = self.document.undo_stack
        if stack.command(stack.index() - 1) is command:
            # It did not merge: the stroke's first change, or the stroke was undone meanwhile
            # (Ctrl+Z while dragging) and it starts again from here.
            self.command = command

    def cancel(self) -> None:
        """Undo what the stroke did and leave nothing to redo."""
        if self.command is not None:
            self.command.discard()
            self.command = None


class TerrainTool(MapTool):
    """A map tool that works with the window's terrain palette."""

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self.palette = TerrainPalette.of(selection)
        self.palette.changed.connect(self.preview_changed)

    def set_scene(self, scene: MapScene | None) -> None:
        super().set_scene(scene)
        self.palette.set_document(self.document)

    def axial(self, event: ToolEvent) -> Hex | None:
        """The hex under the mouse, also beyond the map's edge (strokes run off and on)."""
        if self.geometry is None:
            return None
        return self.geometry.layout.hex_at_pixel(event.world.x(), event.world.y())

    def on_map(self, hexes: Iterable[Hex]) -> list[Offset]:
        """The offsets of the hexes that lie on the map, in order, without repeats."""
        assert self.geometry is not None
        grid = self.geometry.grid
        seen: dict[Offset, None] = {}
        for hex_ in hexes:
            offset = grid.offset_of(hex_)
            if grid.contains(*offset):
                seen[offset] = None
        return list(seen)

    def terrain_at(self, hex_: Offset) -> str:
        """The legend code of a hex."""
        assert self.document is not None
        column, row = hex_
        line = self.document.map.terrain_rows[row]
        return line[column] if column < len(line) else ""


class StrokeTool(TerrainTool):
    """A brush: a press paints the footprint under the mouse, a drag paints it along the path
    with no gaps however fast the mouse moves, the release ends the stroke (one undo step).
    Alt or Ctrl + click picks instead of painting (see `pick`)."""

    settings_changed = Signal()
    """A setting of the brush changed (its options widget follows)."""

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self.radius = 0
        self.stroke: Stroke | None = None
        self._last: Hex | None = None
        self._cursor: Hex | None = None

    def set_scene(self, scene: MapScene | None) -> None:
        super().set_scene(scene)
        self.settings_changed.emit()  # the options read the new map

    # Settings ----------------------------------------------------------------------------------

    def set_radius(self, radius: int) -> None:
        """Brush radius in hexes (see RADII)."""
        self.radius = max(RADII[0], min(RADII[-1], radius))
        self.settings_changed.emit()
        self.preview_changed.emit()

    def footprint(self, center: Hex | None) -> list[Offset]:
        """The on-map hexes the brush covers around a hex."""
        if center is None or self.geometry is None:
            return []
        return self.on_map(center.iter_range(self.radius))

    # Input -------------------------------------------------------------------------------------

    def press(self, event: ToolEvent) -> None:
        if self.document is None:
            return
        if event.control or event.modifiers & Qt.KeyboardModifier.AltModifier:
            if event.hex is not None:
                self.pick(event.hex)
            return
        self.stroke = Stroke(self.document, self.next_seed())
        self._last = self._cursor = self.axial(event)
        self._dab([self._last] if self._last is not None else [])
        self.preview_changed.emit()

    def move(self, event: ToolEvent) -> None:
        here = self.axial(event)
        self._set_cursor(here)
        if self.stroke is None or here is None or here == self._last:
            return
        path = self._last.line_to(here)[1:] if self._last is not None else [here]
        self._last = here
        self._dab(path)

    def release(self, event: ToolEvent) -> None:
        stroke, self.stroke = self.stroke, None
        if stroke is not None:
            self.message.emit(self.finished_text(stroke.hexes_changed))
        self.preview_changed.emit()

    def hover(self, event: ToolEvent) -> None:
        self._set_cursor(self.axial(event))
        self.message.emit(self.hover_text(event.hex))

    def cancel(self) -> None:
        stroke, self.stroke = self.stroke, None
        if stroke is not None:
            stroke.cancel()
            self.message.emit("Stroke cancelled")
        self.preview_changed.emit()

    def _set_cursor(self, hex_: Hex | None) -> None:
        if hex_ != self._cursor:
            self._cursor = hex_
            self.preview_changed.emit()

    def _dab(self, centres: Iterable[Hex]) -> None:
        stroke = self.stroke
        assert stroke is not None
        fresh: list[Offset] = []
        for center in centres:
            for offset in self.footprint(center):
                if offset not in stroke.touched:
                    stroke.touched.add(offset)
                    fresh.append(offset)
        if fresh:
            stroke.push(self.command_for(fresh, stroke))

    # For subclasses ----------------------------------------------------------------------------

    def next_seed(self) -> int:
        """The seed of a new stroke's random choices."""
        return 0

    def command_for(self, hexes: list[Offset], stroke: Stroke) -> StrokeCommand:
        """The command of one segment: what the brush does to hexes it has not touched yet in
        this stroke."""
        raise NotImplementedError

    def pick(self, hex_: Offset) -> None:
        """Alt or Ctrl + click: take a setting from the hex (its terrain, its elevation)."""

    def hover_text(self, hex_: Offset | None) -> str:
        """The status line while the mouse hovers."""
        return ""

    def finished_text(self, changed: int) -> str:
        """The status line after a stroke."""
        return f"{changed} {_hexes(changed)} changed"

    # Preview -----------------------------------------------------------------------------------

    def preview_color(self) -> QColor:
        """The fill of the footprint preview."""
        return QColor(255, 255, 255, 90)

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        hexes = self.footprint(self._cursor)
        if hexes:
            paint_region(painter, frame, hexes, self.preview_color())


def _hexes(count: int) -> str:
    return "hex" if count == 1 else "hexes"


def count_text(count: int) -> str:
    """A number of hexes in words, e.g. "1 hex", "1,204 hexes"."""
    return f"{count:,} {_hexes(count)}"


def paint_region(
    painter: QPainter,
    frame: Frame,
    hexes: Collection[Offset],
    fill: QColor,
    visible_only: Iterable[Offset] | None = None,
) -> None:
    """Fill hexes and outline the region they form (a dark and a light line, readable on any
    terrain). `visible_only`, when given, lists the hexes to consider (those in view) instead
    of every member of `hexes`, for regions far larger than the view."""
    geometry = frame.geometry
    shown = list(visible_only) if visible_only is not None else list(hexes)
    if not shown or len(shown) > PREVIEW_LIMIT:
        return
    members = hexes if isinstance(hexes, set | frozenset | dict) else set(hexes)
    zoom = frame.zoom
    polygon = geometry.hex_polygon(zoom)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    grid = geometry.grid
    edges: list[QLineF] = []
    for hex_ in shown:
        x, y = frame.point(hex_)
        painter.drawPolygon(polygon.translated(x, y))
        column, row = hex_
        for direction, shape in geometry.edges.items():
            if grid.neighbor(column, row, direction) not in members:
                (x0, y0), (x1, y1) = shape.start, shape.end
                edges.append(QLineF(x + x0 * zoom, y + y0 * zoom, x + x1 * zoom, y + y1 * zoom))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for pen in (QPen(_EDGE_DARK, 3.0), QPen(_EDGE_LIGHT, 1.4)):
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLines(edges)
    painter.restore()


def visible_members(frame: Frame, contains: Collection[Offset]) -> list[Offset] | None:
    """The hexes in view (one hex of margin) that belong to a region, or None when the view
    holds too many hexes to look at one by one (then no preview is drawn)."""
    hexes = frame.hexes(margin=1)
    if hexes is None:
        return []
    c0, c1, r0, r1 = hexes
    if (c1 - c0 + 1) * (r1 - r0 + 1) > 4 * PREVIEW_LIMIT:
        return None
    return [h for h in frame.geometry.iter_hexes(hexes) if h in contains]
