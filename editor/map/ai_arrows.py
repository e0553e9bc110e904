"""The A/I orders drawn on the map: an arrow from the centre of each organization's units to the
target of each of its orders, coloured and lettered by stance, and dragging an arrow's head onto
another hex retargets the order (one undo step).

`AiOrdersLayer` wraps the Map Aids overlay, so the view draws both; it is a Map Aids layer,
toggled in that dock, and view state only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QMouseEvent, QPainter, QPen, QPolygonF

from editor.commands import SetValues
from editor.document import Change, Document
from editor.map.geometry import Frame, MapGeometry
from editor.map.scenario_index import Offset
from schemas.ai_orders import AiOrder, Stance
from schemas.io import FileKind
from schemas.problems import ModelPath

if TYPE_CHECKING:
    from editor.map.view import MapOverlay, MapView

STANCE_COLORS: dict[Stance, QColor] = {
    Stance.ATTACK: QColor("#e53935"),
    Stance.DEFEND: QColor("#1e88e5"),
    Stance.HOLD: QColor("#78909c"),
    Stance.MOVE: QColor("#43a047"),
    Stance.RESERVE: QColor("#8e24aa"),
    Stance.EXIT: QColor("#fb8c00"),
}
"""One colour per stance, told apart on every terrain colour of the map."""
STANCE_LETTERS = {stance: stance.value[0].upper() for stance in Stance}
"""The letter in an arrow's head: A, D, H, M, R, E."""
HEAD_GRAB = 0.45
"""How near (in hexes) to an arrow's head a press grabs it."""


@dataclass(frozen=True)
class Arrow:
    """One order on the map, in world coordinates."""

    organization: str
    path: ModelPath
    """The order's place in the scenario: `("ai", "organizations", n, "orders", m)`."""
    order: AiOrder
    start: tuple[float, float] | None
    """The centre of the organization's units on the map (or of its arrival hexes); None when
    none is on the map: the target alone is drawn."""
    end: tuple[float, float]
    """The centre of the target (objective, hex or area)."""
    radius: float
    """The radius of the target area in world units (0: one hex)."""
    area: tuple[tuple[float, float], ...] = ()
    """The centres of the hexes of an area target."""


def arrows_of(document: Document, geometry: MapGeometry) -> list[Arrow]:
    """Every order with a target, as an arrow; hold and reserve orders without a target are
    drawn as a ring around the units instead (start == end)."""
    scenario = document.scenario
    index = document.oob_index
    placed = {p.unit: tuple(p.hex) for p in scenario.placements}
    arriving: dict[str, Offset] = {}
    for reinforcement in scenario.reinforcements:
        for unit in reinforcement.units:
            arriving.setdefault(unit, tuple(reinforcement.hex))  # type: ignore[arg-type]
        for organization in reinforcement.organizations:
            for unit in index.iter_units_under(organization):
                arriving.setdefault(unit, tuple(reinforcement.hex))  # type: ignore[arg-type]
    objectives = {o.id: tuple(o.hex) for o in scenario.objectives}
    arrows = []
    for entry_number, entry in enumerate(scenario.ai.organizations):
        if entry.organization not in index.organizations:
            continue
        units = list(index.iter_units_under(entry.organization))
        hexes = [placed[u] for u in units if u in placed] or [
            arriving[u] for u in units if u in arriving
        ]
        start = _centre(geometry, hexes) if hexes else None
        for number, order in enumerate(entry.orders):
            end = _target(geometry, order, objectives)
            if end is None:
                end = start
            if end is None:
                continue
            arrows.append(
                Arrow(
                    entry.organization,
                    ("ai", "organizations", entry_number, "orders", number),
                    order,
                    start,
                    end,
                    float(order.radius),
                    tuple(geometry.center(*hex_) for hex_ in order.area),
                )
            )
    return arrows


def _centre(geometry: MapGeometry, hexes: list[tuple[int, ...]]) -> tuple[float, float]:
    points = [geometry.center(h[0], h[1]) for h in hexes]
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def _target(
    geometry: MapGeometry, order: AiOrder, objectives: dict[str, tuple[int, ...]]
) -> tuple[float, float] | None:
    if order.objective is not None:
        hex_ = objectives.get(order.objective)
        return geometry.center(hex_[0], hex_[1]) if hex_ is not None else None
    if order.hex is not None:
        return geometry.center(*order.hex)
    if order.area:
        return _centre(geometry, list(order.area))
    return None


def retarget(document: Document, path: ModelPath, hex_: Offset) -> None:
    """Aim an order at a hex (keeping its radius), clearing its objective or area: one undo
    step "Retarget A/I Order"."""
    document.push(
        SetValues(
            document,
            FileKind.SCENARIO,
            [((*path, "objective"), None), ((*path, "area"), []), ((*path, "hex"), hex_)],
            "Retarget A/I Order",
        )
    )


class AiOrdersLayer(QObject):
    """The Map Aids overlay plus the A/I order arrows, and the drag that retargets them."""

    changed = Signal()
    """The arrows changed (shown, hidden, an order edited): the map needs repainting."""

    def __init__(self, aids: MapOverlay, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.aids = aids
        self.on = False
        self.document: Document | None = None
        self.view: MapView | None = None
        self._arrows: tuple[tuple[int, int], list[Arrow]] | None = None
        self.dragging: Arrow | None = None
        self.drag_point: QPointF | None = None
        """Where the dragged head is, in the view's pixels."""

    def set_document(self, document: Document | None) -> None:
        """Draw the orders of another document."""
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        self.document = document
        self._arrows = None
        if document is not None:
            document.changed.connect(self._document_changed)
        self.changed.emit()

    def set_view(self, view: MapView | None) -> None:
        """Take mouse presses on arrow heads in this view."""
        if self.view is not None:
            self.view.removeEventFilter(self)
        self.view = view
        if view is not None:
            view.installEventFilter(self)

    def set_on(self, on: bool) -> None:
        """Show or hide the arrows."""
        if on != self.on:
            self.on = on
            self.changed.emit()

    def _document_changed(self, change: Change) -> None:
        if self.on and change.kind in (FileKind.SCENARIO, FileKind.OOB, FileKind.MAP):
            self.changed.emit()

    def arrows(self) -> list[Arrow]:
        """The arrows of the open document (kept until the scenario or OOB changes)."""
        document = self.document
        if document is None:
            return []
        key = (document.version(FileKind.SCENARIO), document.version(FileKind.OOB))
        if self._arrows is None or self._arrows[0] != key:
            geometry = MapGeometry.of(document.map)
            self._arrows = (key, arrows_of(document, geometry))
        return self._arrows[1]

    # Painting ----------------------------------------------------------------------------------

    def paint(self, painter: QPainter, frame: Frame) -> None:
        """The Map Aids, then the arrows over them."""
        self.aids.paint(painter, frame)
        if not self.on or self.document is None:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        zoom = frame.zoom
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(max(8, round(zoom * 0.3)))
        painter.setFont(font)
        for arrow in self.arrows():
            end = _pixel(frame, arrow.end)
            if arrow is self.dragging and self.drag_point is not None:
                end = self.drag_point
            start = _pixel(frame, arrow.start) if arrow.start is not None else None
            area = [_pixel(frame, point) for point in arrow.area]
            _draw_arrow(painter, arrow, start, end, area=area, zoom=zoom)
        painter.restore()

    # Dragging a head ---------------------------------------------------------------------------

    def head_at(self, pixel: QPointF) -> Arrow | None:
        """The arrow whose head is under a pixel of the view (the last drawn, on top, first)."""
        view = self.view
        if not self.on or view is None or view.scene is None or view.aids is not self:
            return None
        reach = HEAD_GRAB * view.zoom()
        for arrow in reversed(self.arrows()):
            if arrow.start is None or arrow.start == arrow.end:
                continue
            head = view.viewport.to_pixel(QPointF(*arrow.end))
            if math.hypot(head.x() - pixel.x(), head.y() - pixel.y()) <= reach:
                return arrow
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.view or not isinstance(event, QMouseEvent):
            return False
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            arrow = self.head_at(event.position())
            if arrow is None:
                return False
            self.dragging, self.drag_point = arrow, event.position()
            return True
        if self.dragging is None:
            return False
        if kind == QEvent.Type.MouseMove:
            self.drag_point = event.position()
            self.changed.emit()
            return True
        if kind == QEvent.Type.MouseButtonRelease:
            arrow, self.dragging, self.drag_point = self.dragging, None, None
            view = self.view
            hex_ = view.hex_at(event.position()) if view is not None else None
            if hex_ is not None and self.document is not None and hex_ != arrow.order.hex:
                retarget(self.document, arrow.path, hex_)
            self.changed.emit()
            return True
        return False


def _pixel(frame: Frame, world: tuple[float, float]) -> QPointF:
    return QPointF(world[0] * frame.zoom + frame.shift_x, world[1] * frame.zoom + frame.shift_y)


def _draw_arrow(
    painter: QPainter,
    arrow: Arrow,
    start: QPointF | None,
    end: QPointF,
    *,
    area: list[QPointF],
    zoom: float,
) -> None:
    color = STANCE_COLORS[arrow.order.stance]
    width = max(2.0, zoom * 0.08)
    halo = QColor(0, 0, 0, 150)
    if arrow.radius:
        ring = QPen(color, max(1.5, width / 2), Qt.PenStyle.DashLine)
        painter.setPen(ring)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        size = (arrow.radius + 0.5) * zoom
        painter.drawEllipse(end, size, size)
    if area:
        painter.setPen(QPen(color, max(1.5, width / 2), Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for centre in area:
            painter.drawEllipse(centre, zoom * 0.4, zoom * 0.4)
    head = max(6.0, zoom * 0.32)
    if start is not None and math.hypot(end.x() - start.x(), end.y() - start.y()) > head:
        angle = math.atan2(end.y() - start.y(), end.x() - start.x())
        # The shaft stops at the head's back, so the head's point lands on the target.
        back = QPointF(end.x() - math.cos(angle) * head, end.y() - math.sin(angle) * head)
        for pen_color, pen_width in ((halo, width + 2), (color, width)):
            pen = QPen(pen_color, pen_width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(start, back)
        left, right = angle + math.radians(150), angle - math.radians(150)
        wing = head * 1.1
        triangle = QPolygonF(
            [
                end,
                QPointF(end.x() + math.cos(left) * wing, end.y() + math.sin(left) * wing),
                QPointF(end.x() + math.cos(right) * wing, end.y() + math.sin(right) * wing),
            ]
        )
        painter.setPen(QPen(halo, 1.5))
        painter.setBrush(QBrush(color))
        painter.drawPolygon(triangle)
        badge = QPointF(back.x(), back.y())
    else:
        badge = end
    # The stance's letter in a disc: the colour alone is not enough for every eye.
    radius = max(6.0, zoom * 0.2)
    painter.setPen(QPen(halo, 1.5))
    painter.setBrush(QBrush(color))
    painter.drawEllipse(badge, radius, radius)
    painter.setPen(QPen(QColor("white")))
    box = QRectF(badge.x() - radius, badge.y() - radius, radius * 2, radius * 2)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, STANCE_LETTERS[arrow.order.stance])
