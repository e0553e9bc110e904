"""The Tactical GameX board: the map assembled from the situation's panels, drawn with its
terrain, hill levels, hexsides, roads, stream features, panel seams, native addresses, setup
areas and counters (as the physical counters), zoomed with the wheel and handed to the current
board tool under the mouse. Hex positions come from `engine.hexgrid`'s Grid and Layout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QMouseEvent,
    QPainter,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.tactical_gamex.counter_art import paint_counter
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.forces import COUNTER_MIME, placed_counters
from engine.hexgrid import Grid, Layout
from schemas.io import FileKind
from schemas.tactical_gamex.vocabulary import HexFeature, HexsideKind, Terrain
from schemas.vocabulary import Direction, Side

Offset = tuple[int, int]
SIZE = 20.0
"""Centre to corner of a hex in scene units."""

TERRAIN_COLOURS: dict[Terrain, QColor] = {
    Terrain.CLEAR: QColor("#e9e2c0"),
    Terrain.WOODS: QColor("#6f9a4c"),
    Terrain.TOWN: QColor("#c9b7a0"),
    Terrain.CITY: QColor("#a99a88"),
    Terrain.SWAMP: QColor("#9fb89a"),
    Terrain.WATER: QColor("#5b8ec9"),
    Terrain.SEA: QColor("#3f73b0"),
    Terrain.BEACH: QColor("#eedc9a"),
    Terrain.STREAM: QColor("#a9c7df"),
}
HEXSIDE_PENS: dict[HexsideKind, tuple[str, float]] = {
    HexsideKind.SLOPE: ("#8a5a2b", 2.5),
    HexsideKind.RIDGE: ("#5a3a1b", 3.5),
    HexsideKind.CLIFF: ("#1b1b1b", 4.0),
    HexsideKind.GREEN: ("#2f7d32", 3.0),
    HexsideKind.WOODED: ("#3f6a2c", 3.0),
}
SIDE_TINTS: dict[Side, QColor] = {
    Side.ALLIED: QColor(200, 50, 30, 34),
    Side.AXIS: QColor(30, 70, 190, 34),
}
LEVEL_TINT = QColor(120, 80, 30)
ALL_LAYERS = frozenset(
    {"terrain", "hexsides", "seams", "addresses", "setup_areas", "markers", "counters"}
)
MARKER_LABELS: dict[str, str] = {
    "mines": "M",
    "improved_position": "IP",
    "fortification": "F",
    "block": "Blk",
    "wreck": "Wr",
    "temporary_bridge": "TBr",
}
"""What a neutral counter placed by the situation reads on the board [003 8.0]."""


def paint_marker(
    painter: QPainter, centre: QPointF, label: str, *, dashed: bool = False, row: int = 0
) -> None:
    """A neutral counter as a white square in the hex's lower half reading `label` (shrunk to
    fit), dashed when secret; `row` 1 stacks a second one above it (test-play's own)."""
    painter.save()
    font = QFont()
    font.setPixelSize(round(SIZE * 0.28))
    font.setBold(True)
    painter.setFont(font)
    top = centre.y() + SIZE * 0.1 - row * SIZE * 0.7
    rect = QRectF(centre.x() - SIZE * 0.55, top, SIZE * 1.1, SIZE * 0.62)
    pen = QPen(QColor("#202020"), SIZE * 0.05)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(QColor(250, 250, 245, 235))
    painter.drawRect(rect)
    painter.setPen(QColor("#202020"))
    wide = painter.fontMetrics().horizontalAdvance(label)
    if wide > rect.width() * 0.92:  # "M 2:1" keeps inside its square
        fitted = QFont(font)
        fitted.setPixelSize(max(4, int(font.pixelSize() * rect.width() * 0.92 / wide)))
        painter.setFont(fitted)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
    painter.restore()


class BoardItem(QGraphicsItem):
    """Everything of the board, painted in one item (a board is a few hundred hexes)."""

    def __init__(self, view: BoardView) -> None:
        super().__init__()
        self.view = view

    def boundingRect(self) -> QRectF:
        return self.view.board_rect()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.view.paint_board(painter, option.exposedRect)


class BoardView(QGraphicsView):
    """The assembled board of the open Tactical GameX document."""

    hex_hovered = Signal(object)
    """Emitted with the board hex under the mouse (or None)."""
    hex_clicked = Signal(object)
    """Emitted with the board hex clicked with the select tool."""
    counter_dropped = Signal(str, object)
    """Emitted with the Unit ID of a counter dragged out of the Forces panel and the board hex
    it was dropped on."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tgx_board")
        self.document: TgxDocument | None = None
        self.layers = set(ALL_LAYERS)
        self.tool: Any = None
        self.selected_hex: Offset | None = None
        self.selected_counter: str | None = None
        self._fit_pending = False
        self.highlight_area: str | None = None
        self.overlays: list[Callable[[QPainter], None]] = []
        """Painters drawn over the board's layers (test-play's units, reach and path)."""
        self.grid = Grid(1, 1)
        self.layout = Layout(SIZE)
        self._scene = QGraphicsScene(self)
        self.item = BoardItem(self)
        self._scene.addItem(self.item)
        self.setScene(self._scene)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setBackgroundBrush(QColor("#6d6f73"))
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    # Document --------------------------------------------------------------------------------

    def set_document(self, document: TgxDocument | None) -> None:
        """Show another document's board (None: nothing)."""
        if self.document is not None:
            self.document.changed.disconnect(self._changed)
        self.document = document
        self.selected_hex = None
        if document is not None:
            document.changed.connect(self._changed)
        self._rebuild()
        self._fit_pending = True
        self.zoom_to_fit()

    def board(self) -> Any:
        """The assembled board, or None (nothing open, or a layout that makes none)."""
        return self.document.board() if self.document is not None else None

    def _changed(self, change: Any) -> None:
        # A panel's edit (`PanelPart`) or a reload of one changes the board as the layout does.
        if change.kind in (FileKind.SITUATION, FileKind.UNIT_TYPES) or not isinstance(
            change.kind, FileKind
        ):
            self._rebuild()

    def _rebuild(self) -> None:
        board = self.board()
        self.item.prepareGeometryChange()
        if board is not None:
            self.grid = Grid(board.width, board.height, "odd")
        rect = self.board_rect()
        self._scene.setSceneRect(rect.adjusted(-SIZE, -SIZE, SIZE, SIZE))
        self.item.update()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        # A board opened before the window took its size is fitted once it has one.
        if self._fit_pending and self.isVisible():
            self.zoom_to_fit()

    def zoom_to_fit(self) -> None:
        """Show the whole board."""
        rect = self.board_rect()
        if rect.isEmpty():
            return
        if self.isVisible() and self.viewport().width() > 50:
            self._fit_pending = False
        self.resetTransform()
        self.fitInView(rect.adjusted(-SIZE, -SIZE, SIZE, SIZE), Qt.AspectRatioMode.KeepAspectRatio)

    def set_layer(self, key: str, shown: bool) -> None:
        """Show or hide one layer."""
        (self.layers.add if shown else self.layers.discard)(key)
        self.item.update()

    # Geometry --------------------------------------------------------------------------------

    def board_rect(self) -> QRectF:
        """The board's bounding rectangle in scene units."""
        board = self.board()
        if board is None:
            return QRectF()
        corners = [
            self.layout.corners(self.grid.hex_at(c, r))
            for c, r in ((0, 0), (board.width - 1, board.height - 1), (1, board.height - 1))
            if board.contains(c, r)
        ]
        xs = [x for points in corners for x, _ in points]
        ys = [y for points in corners for _, y in points]
        return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def center(self, spot: Offset) -> QPointF:
        """The scene position of a board hex's centre."""
        return QPointF(*self.layout.center(self.grid.hex_at(*spot)))

    def polygon(self, spot: Offset) -> QPolygonF:
        """A board hex's outline in scene units."""
        return QPolygonF([QPointF(x, y) for x, y in self.layout.corners(self.grid.hex_at(*spot))])

    def hex_at(self, scene: QPointF) -> Offset | None:
        """The board hex at a scene position, or None off the board."""
        board = self.board()
        if board is None:
            return None
        column, row = self.grid.offset_of(self.layout.hex_at_pixel(scene.x(), scene.y()))
        return (column, row) if board.contains(column, row) else None

    def hex_under(self, event: QMouseEvent) -> Offset | None:
        """The board hex under a mouse event."""
        return self.hex_at(self.mapToScene(event.position().toPoint()))

    # Input -----------------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.zoom_by(1.15 ** (event.angleDelta().y() / 120))
        event.accept()

    def zoom_by(self, factor: float) -> None:
        """Zoom in (factor above 1) or out, about the mouse, within sensible bounds."""
        scale = self.transform().m11() * factor
        if 0.2 <= scale <= 12:
            self.scale(factor, factor)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        spot = self.hex_under(event)
        if event.button() == Qt.MouseButton.MiddleButton:
            self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
            super().mousePressEvent(event)
            return
        if self.tool is not None and spot is not None and self.tool.press(spot, event):
            event.accept()
            return
        if spot is not None:
            self.selected_hex = spot
            self.hex_clicked.emit(spot)
            self.item.update()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        spot = self.hex_under(event)
        self.hex_hovered.emit(spot)
        if self.tool is not None and spot is not None and event.buttons():
            self.tool.drag(spot, event)
        elif self.tool is not None and hasattr(self.tool, "hover"):
            self.tool.hover(spot, event)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.tool is not None:
            self.tool.release(self.hex_under(event), event)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        super().mouseReleaseEvent(event)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.document is not None and event.mimeData().hasFormat(COUNTER_MIME):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        spot = self.hex_at(self.mapToScene(event.position().toPoint()))
        self.hex_hovered.emit(spot)
        if spot is not None and event.mimeData().hasFormat(COUNTER_MIME):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        spot = self.hex_at(self.mapToScene(event.position().toPoint()))
        data = event.mimeData()
        if spot is None or not data.hasFormat(COUNTER_MIME):
            event.ignore()
            return
        event.acceptProposedAction()
        self.counter_dropped.emit(bytes(data.data(COUNTER_MIME).data()).decode(), spot)

    def leaveEvent(self, event: Any) -> None:
        self.hex_hovered.emit(None)
        super().leaveEvent(event)

    # Painting --------------------------------------------------------------------------------

    def paint_board(self, painter: QPainter, exposed: QRectF) -> None:
        """Paint the board's layers inside `exposed`."""
        board = self.board()
        document = self.document
        if board is None or document is None:
            return
        spots = [
            (c, r)
            for r in range(board.height)
            for c in range(board.width)
            if exposed.intersects(self.polygon((c, r)).boundingRect())
        ]
        scale = painter.worldTransform().m11()
        self._paint_terrain(painter, board, spots)
        if "setup_areas" in self.layers:
            self._paint_setup_areas(painter, board, document)
        if "hexsides" in self.layers:
            self._paint_hexsides(painter, board, spots)
        if "seams" in self.layers:
            self._paint_seams(painter, board, spots)
        if "addresses" in self.layers and scale * SIZE >= 14:
            self._paint_addresses(painter, board, spots)
        if "markers" in self.layers:
            self._paint_markers(painter, board, document)
        if "counters" in self.layers:
            self._paint_counters(painter, board, document)
        if self.selected_hex is not None:
            pen = QPen(QColor("#ffd21f"), 3)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(self.polygon(self.selected_hex))
        for overlay in self.overlays:
            overlay(painter)
        preview = getattr(self.tool, "paint_preview", None)
        if preview is not None:
            preview(painter)

    def _paint_terrain(self, painter: QPainter, board: Any, spots: list[Offset]) -> None:
        grid_pen = QPen(QColor(40, 40, 30, 90), 0)
        road = QPen(QColor("#7a4e24"), SIZE * 0.18)
        road.setCapStyle(Qt.PenCapStyle.RoundCap)
        for spot in spots:
            terrain = board.terrain_at(*spot)
            colour = TERRAIN_COLOURS.get(terrain, QColor("#ff00ff"))
            level = board.level_at(*spot)
            if level:
                colour = _mix(colour, LEVEL_TINT, min(0.45, 0.18 * level))
            painter.setPen(grid_pen)
            painter.setBrush(colour if "terrain" in self.layers else QColor("#ece8d8"))
            painter.drawPolygon(self.polygon(spot))
            if level and "terrain" in self.layers and painter.worldTransform().m11() * SIZE >= 10:
                painter.setPen(QColor(60, 40, 20, 160))
                font = QFont()
                font.setPixelSize(round(SIZE * 0.35))
                painter.setFont(font)
                centre = self.center(spot)
                painter.drawText(
                    QRectF(centre.x() - SIZE * 0.6, centre.y(), SIZE * 1.2, SIZE * 0.7),
                    Qt.AlignmentFlag.AlignCenter,
                    f"L{level}",
                )
        painter.setPen(road)
        shown = set(spots)
        for spot, direction in board.road_links:
            if spot in shown:
                end = self.layout.side_middle(self.grid.hex_at(*spot), direction)
                painter.drawLine(self.center(spot), QPointF(*end))
        for spot, kinds in board.features.items():
            centre = self.center(spot)
            if HexFeature.BRIDGE in kinds:
                painter.setPen(QPen(QColor("#202020"), SIZE * 0.12))
                for y in (-SIZE * 0.25, SIZE * 0.25):
                    painter.drawLine(
                        centre + QPointF(-SIZE * 0.5, y), centre + QPointF(SIZE * 0.5, y)
                    )
            if HexFeature.FORD in kinds:
                pen = QPen(QColor("#2f5f8f"), SIZE * 0.1, Qt.PenStyle.DotLine)
                painter.setPen(pen)
                painter.drawLine(centre + QPointF(-SIZE * 0.6, 0), centre + QPointF(SIZE * 0.6, 0))
        if board.names and painter.worldTransform().m11() * SIZE >= 8:
            font = QFont()
            font.setPixelSize(round(SIZE * 0.42))
            font.setItalic(True)
            painter.setFont(font)
            painter.setPen(QColor("#202020"))
            for spot, name in board.names.items():
                centre = self.center(spot)
                painter.drawText(
                    QRectF(centre.x() - SIZE * 2, centre.y() + SIZE * 0.2, SIZE * 4, SIZE * 0.7),
                    Qt.AlignmentFlag.AlignCenter,
                    name,
                )

    def _paint_hexsides(self, painter: QPainter, board: Any, spots: list[Offset]) -> None:
        shown = set(spots)
        for (spot, direction), kinds in board.hexsides.items():
            if spot not in shown:
                continue
            a, b = self.layout.side_ends(self.grid.hex_at(*spot), direction)
            for kind in sorted(kinds, key=lambda k: -HEXSIDE_PENS[k][1]):
                colour, width = HEXSIDE_PENS[kind]
                pen = QPen(QColor(colour), width * SIZE / 20)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                painter.setPen(pen)
                painter.drawLine(QPointF(*a), QPointF(*b))

    def _paint_seams(self, painter: QPainter, board: Any, spots: list[Offset]) -> None:
        pen = QPen(QColor(150, 20, 20, 170), SIZE * 0.08, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for spot in spots:
            if len(board.addresses.get(spot, ())) > 1:
                painter.drawPolygon(self.polygon(spot))
        # End to end, panels abut along whole rows: the edge below each panel's last row.
        for placed in board.panels:
            if placed.row == 0:
                continue
            for column in range(placed.column, placed.column + placed.panel.width):
                spot = (column, placed.row)
                if board.contains(*spot):
                    a, b = self.layout.side_ends(self.grid.hex_at(*spot), Direction.UP)
                    painter.drawLine(QPointF(*a), QPointF(*b))

    def _paint_addresses(self, painter: QPainter, board: Any, spots: list[Offset]) -> None:
        font = QFont()
        font.setPixelSize(round(SIZE * 0.3))
        painter.setFont(font)
        painter.setPen(QColor(30, 30, 30, 170))
        for spot in spots:
            found = board.addresses.get(spot, ())
            if not found:
                continue
            text = " / ".join(a.split(" ")[-1] for a in found)
            centre = self.center(spot)
            painter.drawText(
                QRectF(centre.x() - SIZE, centre.y() - SIZE * 0.85, SIZE * 2, SIZE * 0.45),
                Qt.AlignmentFlag.AlignCenter,
                text,
            )

    def _paint_setup_areas(self, painter: QPainter, board: Any, document: TgxDocument) -> None:
        for area in document.situation.setup_areas:
            tint = QColor(SIDE_TINTS.get(area.side, QColor(120, 120, 120, 70)))
            if area.id == self.highlight_area:
                tint.setAlpha(64)
            hexes = area_hexes(board, area)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(tint))
            for spot in hexes:
                painter.drawPolygon(self.polygon(spot))
            # The area's outline: every edge of its hexes whose neighbour is outside it.
            edge = QColor(tint)
            edge.setAlpha(230)
            pen = QPen(edge, SIZE * (0.16 if area.id == self.highlight_area else 0.1))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            for spot in hexes:
                for direction in Direction:
                    if self.grid.neighbor(*spot, direction) not in hexes:
                        a, b = self.layout.side_ends(self.grid.hex_at(*spot), direction)
                        painter.drawLine(QPointF(*a), QPointF(*b))

    def _paint_markers(self, painter: QPainter, board: Any, document: TgxDocument) -> None:
        """The situation's neutral counters: white squares in the hex's lower half, with the
        kind and strength (mines' CRT column, a fortification's DS); a secret one dashed."""
        for marker in document.situation.markers:
            spot = board.hex_of(marker.hex)
            if spot is None:
                continue
            label = MARKER_LABELS.get(marker.kind.value, marker.kind.value)
            if marker.strength is not None:
                label = f"{label} {marker.strength}"
            paint_marker(painter, self.center(spot), label, dashed=marker.secret)

    def _paint_counters(self, painter: QPainter, board: Any, document: TgxDocument) -> None:
        types = {t.id: t for t in document.unit_types.unit_types}
        stacks: dict[Offset, list[Any]] = {}
        for counter, _where in placed_counters(document.situation):
            spot = board.hex_of(counter.hex)
            if spot is not None and counter.type in types:
                stacks.setdefault(spot, []).append(counter)
        side = SIZE * 1.3  # as tall as three quarters of the hex
        for spot, counters in stacks.items():
            centre = self.center(spot)
            for depth, counter in enumerate(counters[:4]):
                offset = depth * SIZE * 0.1
                rect = QRectF(
                    centre.x() - side / 2 + offset, centre.y() - side / 2 - offset, side, side
                )
                paint_counter(
                    painter,
                    rect,
                    types[counter.type],
                    label=counter.id,
                    command_post=counter.command_post,
                    selected=counter.id == self.selected_counter,
                )


def area_hexes(board: Any, area: Any) -> set[Offset]:
    """The board hexes of a setup area: its hexes and its whole panels."""
    found = {spot for a in area.hexes if (spot := board.hex_of(a)) is not None}
    if area.panels:
        for placed in board.panels:
            if placed.panel.id in area.panels:
                for r in range(placed.panel.height):
                    for c in range(placed.panel.width):
                        spot = placed.to_board(c, r)
                        if spot is not None:
                            found.add(spot)
    return found


def _mix(a: QColor, b: QColor, share: float) -> QColor:
    return QColor(
        round(a.red() * (1 - share) + b.red() * share),
        round(a.green() * (1 - share) + b.green() * share),
        round(a.blue() * (1 - share) + b.blue() * share),
    )
