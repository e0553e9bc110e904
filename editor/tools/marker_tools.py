"""The Markers tool (O): objectives, supply sources and reinforcement arrival hexes on the map.
A click places a new objective or supply source with the values of the options (or sets the
chosen reinforcement's arrival hex), a drag moves the marker under the mouse, Shift+click
deletes it. The chosen reinforcement's scatter and protection radii show around its arrival.

A marker is everything of the current kind on a hex: its objectives, its supply sources, or
the reinforcements arriving there (only the chosen one, when it is among them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QApplication, QWidget

from editor.docks.table_columns import fresh_id
from editor.map import style
from editor.map.geometry import Frame, MapGeometry
from editor.map.markers import arrival_side, side_fill
from editor.map.scene import MapScene
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent
from editor.tools.placement_commands import (
    OBJECTIVES,
    REINFORCEMENTS,
    SOURCES,
    DeleteMarker,
    MoveMarker,
    PlaceObjective,
    PlaceSupplySource,
    counted,
)
from editor.tools.placement_rules import hex_text
from editor.tools.unit_options import MarkerKind, MarkerOptions
from engine.hexgrid import DIRECTIONS
from schemas.panzer_campaigns.scenario import (
    ExitObjective,
    LimitedObjective,
    NormalObjective,
    Reinforcement,
    SupplySource,
    SurrenderObjective,
)
from schemas.problems import ModelPath

Offset = tuple[int, int]

_GOOD_PENS = (QPen(QColor(20, 20, 20, 200), 4.0), QPen(style.SELECTED, 2.0))
_BAD_PENS = (QPen(QColor(20, 20, 20, 200), 5.0), QPen(QColor("#d32f2f"), 3.0))
_NOUNS: dict[MarkerKind, str] = {
    MarkerKind.OBJECTIVE: "Objective",
    MarkerKind.SOURCE: "Supply Source",
    MarkerKind.ARRIVAL: "Arrival Hex",
}
_LISTS: dict[MarkerKind, ModelPath] = {
    MarkerKind.OBJECTIVE: OBJECTIVES,
    MarkerKind.SOURCE: SOURCES,
    MarkerKind.ARRIVAL: REINFORCEMENTS,
}


@dataclass
class _Press:
    pixel: QPointF
    hex: Offset
    rows: list[int]
    """The rows of the marker on the pressed hex, in its list."""
    dragging: bool = False
    target: Offset | None = None


class MarkersTool(MapTool):
    """Place, move and delete objectives and supply sources, and set arrival hexes."""

    name = "markers"
    label = "Markers"

    icon = "flag"
    shortcut = "O"
    tip = (
        "Click to place an objective or supply source or set an arrival hex, drag a marker to "
        "move it, Shift+click to delete it"
    )

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self._options: MarkerOptions | None = None
        self._press: _Press | None = None
        self._hover: Offset | None = None

    # Options -----------------------------------------------------------------------------------

    @property
    def settings(self) -> MarkerOptions:
        """The options page (made at the first need): what to place, with which values."""
        if self._options is None:
            self._options = MarkerOptions()
            self._options.set_document(self.document)
            self._options.changed.connect(self.preview_changed)
        return self._options

    def options(self) -> QWidget | None:
        return self.settings

    def set_scene(self, scene: MapScene | None) -> None:
        super().set_scene(scene)
        if self._options is not None:
            self._options.set_document(self.document)

    @property
    def kind(self) -> MarkerKind:
        """What the tool places."""
        return self.settings.kind

    # Mouse -------------------------------------------------------------------------------------

    def press(self, event: ToolEvent) -> None:
        if self.document is None or event.hex is None:
            return
        if event.shift:
            self._delete_at(event.hex)
            return
        self._press = _Press(event.pixel, event.hex, self._rows_at(event.hex))

    def move(self, event: ToolEvent) -> None:
        press = self._press
        if press is None:
            return
        if not press.dragging:
            travelled = (event.pixel - press.pixel).manhattanLength()
            if travelled < QApplication.startDragDistance() or not press.rows:
                return
            press.dragging = True
        press.target = event.hex
        why = self._refusal(press, event.hex)
        noun = _NOUNS[self.kind].lower()
        if why:
            self.message.emit(f"Cannot move the {noun} there: {why}")
        elif event.hex is not None and event.hex != press.hex:
            self.message.emit(f"Move the {noun} to {hex_text(event.hex)}")
        self.preview_changed.emit()

    def release(self, event: ToolEvent) -> None:
        press = self._press
        self.cancel()
        if press is None or self.document is None:
            return
        if press.dragging:
            self._finish_move(press, event.hex)
        elif event.hex == press.hex:
            self._click(press)

    def hover(self, event: ToolEvent) -> None:
        if event.hex != self._hover:
            self._hover = event.hex
            self.preview_changed.emit()

    def cancel(self) -> None:
        if self._press is not None:
            self._press = None
            self.preview_changed.emit()

    # Markers on a hex --------------------------------------------------------------------------

    def _items(self, kind: MarkerKind | None = None) -> list[Any]:
        assert self.document is not None
        scenario = self.document.scenario
        kind = kind or self.kind
        if kind == MarkerKind.OBJECTIVE:
            return list(scenario.objectives)
        if kind == MarkerKind.SOURCE:
            return list(scenario.supply.sources)
        return list(scenario.reinforcements)

    def _rows_at(self, hex_: Offset) -> list[int]:
        rows = [row for row, item in enumerate(self._items()) if tuple(item.hex) == hex_]
        if self.kind == MarkerKind.ARRIVAL:
            chosen = self.settings.reinforcement_id
            mine = [row for row in rows if self._items()[row].id == chosen]
            return mine or rows
        return rows

    def _refusal(self, press: _Press, target: Offset | None) -> str:
        """Why the pressed marker may not move to `target`, or ""."""
        if target is None:
            return "off the map"
        if target != press.hex and self.kind != MarkerKind.ARRIVAL and self._rows_at(target):
            return f"{hex_text(target)} has one already"
        return ""

    # Edits -------------------------------------------------------------------------------------

    def _click(self, press: _Press) -> None:
        assert self.document is not None
        kind, hex_ = self.kind, press.hex
        self.selection.select_hex(hex_)
        if kind == MarkerKind.ARRIVAL:
            self._set_arrival(hex_)
            return
        noun = _NOUNS[kind].lower()
        if press.rows:
            self.message.emit(
                f"{hex_text(hex_)} has a {noun}: drag it to move it, Shift+click to delete it"
            )
            return
        if kind == MarkerKind.OBJECTIVE:
            objective = self.new_objective(hex_)
            if isinstance(objective, str):
                self.message.emit(f"No objective placed: {objective}")
                return
            self.document.push(PlaceObjective(self.document, objective))
            self.message.emit(f"Objective {objective.id} placed at {hex_text(hex_)}")
        else:
            source = self.new_source(hex_)
            self.document.push(PlaceSupplySource(self.document, source))
            self.message.emit(f"Supply source {source.id} placed at {hex_text(hex_)}")

    def new_objective(self, hex_: Offset) -> Any:
        """An objective on a hex with the options' values and a fresh id, or why not."""
        assert self.document is not None
        options = self.settings
        values: dict[str, Any] = {
            "id": fresh_id((o.id for o in self.document.scenario.objectives), "objective"),
            "hex": hex_,
            "points": options.points.value(),
            "owner": options.owner.currentData(),
        }
        kind = options.objective_kind_value
        if kind == "exit":
            return ExitObjective(**values)
        if kind == "limited":
            first, last = options.first_turn.value(), options.last_turn.value()
            if last < first:
                return f"its last turn ({last}) comes before its first ({first})"
            return LimitedObjective(**values, first_turn=first, last_turn=last)
        if kind == "surrender":
            nation = options.nation.currentData()
            if nation is None:
                return "choose the nation that surrenders"
            return SurrenderObjective(**values, nation=nation)
        return NormalObjective(**values)

    def new_source(self, hex_: Offset) -> SupplySource:
        """A supply source on a hex with the options' values and a fresh id."""
        assert self.document is not None
        options = self.settings
        return SupplySource(
            id=fresh_id((s.id for s in self.document.scenario.supply.sources), "source"),
            hex=hex_,
            side=options.source_side.currentData(),
            value=options.source_value.value(),
        )

    def _set_arrival(self, hex_: Offset) -> None:
        assert self.document is not None
        chosen = self.settings.reinforcement_id
        rows = [r for r, item in enumerate(self._items()) if item.id == chosen]
        if not rows:
            self.message.emit("Choose a reinforcement in the tool options first")
            return
        self.document.push(MoveMarker(self.document, REINFORCEMENTS, rows, hex_, "Set Arrival Hex"))
        self.message.emit(f"{chosen} now arrives at {hex_text(hex_)}")

    def _finish_move(self, press: _Press, target: Offset | None) -> None:
        assert self.document is not None
        why = self._refusal(press, target)
        noun = _NOUNS[self.kind]
        if why or target is None or target == press.hex:
            self.message.emit(f"{noun} not moved: {why}" if why else "")
            return
        text = "Set Arrival Hex" if self.kind == MarkerKind.ARRIVAL else f"Move {noun}"
        list_path = _LISTS[self.kind]
        self.document.push(MoveMarker(self.document, list_path, press.rows, target, text))
        self.selection.select_hex(target)
        self.message.emit(f"{noun} moved to {hex_text(target)}")

    def _delete_at(self, hex_: Offset) -> None:
        assert self.document is not None
        kind = self.kind
        if kind == MarkerKind.ARRIVAL:
            self.message.emit("Reinforcements are deleted in the Schedule dock")
            return
        rows = self._rows_at(hex_)
        noun = _NOUNS[kind]
        if not rows:
            self.message.emit(f"No {noun.lower()} at {hex_text(hex_)} to delete")
            return
        text = counted("Delete", noun, len(rows))
        self.document.push(DeleteMarker(self.document, _LISTS[kind], rows, text))
        self.message.emit(f"{text} at {hex_text(hex_)}")

    # Preview -----------------------------------------------------------------------------------

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        if self.scene is None or self.document is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        chosen = self.settings.reinforcement() if self.kind == MarkerKind.ARRIVAL else None
        if chosen is not None:
            fill = side_fill(arrival_side(chosen, self.document.oob_index))
            paint_radii(painter, frame, tuple(chosen.hex), chosen, fill)  # type: ignore[arg-type]
        press = self._press
        if press is not None and press.dragging:
            self._paint_drag(painter, frame, press)
            return
        hover = self._hover
        if hover is not None:
            if chosen is not None and hover != tuple(chosen.hex):
                fill = side_fill(arrival_side(chosen, self.document.oob_index))
                paint_radii(painter, frame, hover, chosen, fill, ghost=True)
            self.scene.paint_outline(painter, frame, hover, _GOOD_PENS)

    def _paint_drag(self, painter: QPainter, frame: Frame, press: _Press) -> None:
        assert self.scene is not None
        target = press.target
        if target is None:
            return
        start, end = QPointF(*frame.point(press.hex)), QPointF(*frame.point(target))
        painter.setPen(QPen(QColor(20, 20, 20, 200), 4.0))
        painter.drawLine(QLineF(start, end))
        painter.setPen(QPen(style.SELECTED, 2.0, Qt.PenStyle.DashLine))
        painter.drawLine(QLineF(start, end))
        bad = bool(self._refusal(press, target))
        self.scene.paint_outline(painter, frame, target, _BAD_PENS if bad else _GOOD_PENS)


def paint_radii(
    painter: QPainter,
    frame: Frame,
    center: Offset,
    reinforcement: Reinforcement,
    fill: QColor,
    *,
    ghost: bool = False,
) -> None:
    """A reinforcement's protection radius (shaded, solid edge) and scatter radius (dashed
    edge) around an arrival hex, each labelled; fainter for a `ghost` (where a click would put
    it)."""
    painter.save()
    painter.setOpacity(0.5 if ghost else 1.0)
    protection, scatter = reinforcement.protection, reinforcement.scatter
    if protection:
        shade = QColor(fill)
        shade.setAlpha(70)
        painter.fillPath(_region(frame, center, protection), QBrush(shade))
        edge = QPen(QColor(fill).darker(160), 2.5)
        _paint_boundary(painter, frame, center, protection, [edge])
    if scatter:
        dashes = QPen(QColor(20, 20, 20), 2.5, Qt.PenStyle.DashLine)
        light = QPen(QColor(255, 255, 255, 220), 1.2, Qt.PenStyle.DashLine)
        _paint_boundary(painter, frame, center, scatter, [dashes, light])
    # Labels last, over the rings' edges.
    if protection:
        _ring_label(painter, frame, center, protection, "protection")
    if scatter:
        _ring_label(painter, frame, center, scatter, "scatter")
    painter.restore()


def _hexes_within(geometry: MapGeometry, center: Offset, radius: int) -> list[Any]:
    grid = geometry.grid
    origin = grid.hex_at(*center)
    return [h for h in origin.iter_range(radius) if grid.contains_hex(h)]


def _region(frame: Frame, center: Offset, radius: int) -> QPainterPath:
    """The hexes within `radius` of a hex as one area (no darker seams where they touch)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    geometry = frame.geometry
    shape = geometry.hex_polygon(frame.zoom)
    for hex_ in _hexes_within(geometry, center, radius):
        x, y = frame.point(geometry.grid.offset_of(hex_))
        path.addPolygon(shape.translated(x, y))
        path.closeSubpath()
    return path.simplified()


def _paint_boundary(
    painter: QPainter,
    frame: Frame,
    center: Offset,
    radius: int,
    pens: Sequence[QPen],
) -> None:
    """The outer edge of the hexes within `radius`: each hex side facing a hex further out."""
    geometry = frame.geometry
    origin = geometry.grid.hex_at(*center)
    zoom = frame.zoom
    lines: list[QLineF] = []
    for hex_ in _hexes_within(geometry, center, radius):
        x, y = frame.point(geometry.grid.offset_of(hex_))
        for direction in DIRECTIONS:
            if origin.distance(hex_.neighbor(direction)) <= radius:
                continue
            edge = geometry.edges[direction]
            lines.append(
                QLineF(
                    x + edge.start[0] * zoom,
                    y + edge.start[1] * zoom,
                    x + edge.end[0] * zoom,
                    y + edge.end[1] * zoom,
                )
            )
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for pen in pens:
        painter.setPen(pen)
        painter.drawLines(lines)


def _ring_label(painter: QPainter, frame: Frame, center: Offset, radius: int, what: str) -> None:
    """ "scatter 3" on the top edge of a radius (left of the middle; protection to the right)."""
    x, y = frame.point(center)
    top = y - (radius + 0.5) * frame.zoom
    text = f"{what} {radius}"
    painter.setFont(style.label_font(10))
    metrics = painter.fontMetrics()
    width, height = metrics.horizontalAdvance(text) + 8, metrics.height() + 2
    offset = -width - 4 if what == "scatter" else 4
    rect = QRectF(x + offset, top - height / 2, width, height)
    painter.setPen(QPen(QColor(20, 20, 20), 1.0))
    painter.setBrush(QColor(250, 248, 240, 230))
    painter.drawRoundedRect(rect, 3, 3)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
