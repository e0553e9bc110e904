"""Drawing what the hexside, road and crossing tools would do, over the map and as the small
swatches of their options: the map's own pens and colours (editor.map.style) on a glow that
sets the preview apart from what is already drawn.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap

from editor import symbols
from editor.map import style
from editor.map.geometry import Frame
from editor.map.scenery import band_polygon, parapet_lines
from editor.tools.map_edit_commands import EdgeKey, Offset
from schemas.panzer_campaigns.map import FullHexKind
from schemas.panzer_campaigns.scenario import BridgeState
from schemas.vocabulary import ConnectionKind, CrossingKind, HexsideKind, Side

DRAW_GLOW = QColor(255, 255, 255, 190)
"""Under a preview of what will be added."""
HOVER_GLOW = QColor(255, 210, 31, 200)
"""Under the edge or hex the pointer is on."""
ERASE_GLOW = QColor(215, 30, 30, 190)
"""Over what will be removed."""
REFUSED = QColor(120, 120, 120, 200)
"""A symbol where the tool cannot put it."""


def _glow_width(zoom: float) -> float:
    return max(7.0, 0.24 * zoom)


def _round_pen(color: QColor, width: float) -> QPen:
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


# Edges -----------------------------------------------------------------------------------------


def edge_line(frame: Frame, edge: EdgeKey) -> QLineF:
    """An edge in view pixels, corner to corner."""
    hex_, direction = edge
    x, y = frame.point(hex_)
    shape = frame.geometry.edges[direction]
    zoom = frame.zoom
    (ax, ay), (bx, by) = shape.start, shape.end
    return QLineF(x + ax * zoom, y + ay * zoom, x + bx * zoom, y + by * zoom)


def edge_crossing(frame: Frame, edge: EdgeKey) -> tuple[QPointF, float, float]:
    """The middle of an edge in view pixels and the unit direction across it."""
    hex_, direction = edge
    x, y = frame.point(hex_)
    shape = frame.geometry.edges[direction]
    mx, my = shape.middle
    tx, ty = shape.toward
    length = math.hypot(tx, ty)
    return QPointF(x + mx * frame.zoom, y + my * frame.zoom), tx / length, ty / length


def paint_edges(
    painter: QPainter,
    frame: Frame,
    edges: Iterable[EdgeKey],
    kind: HexsideKind | None,
    glow: QColor = DRAW_GLOW,
) -> None:
    """Edges on a glow, drawn as `kind` (or as the glow alone)."""
    lines = [edge_line(frame, edge) for edge in edges]
    if not lines:
        return
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(_round_pen(glow, _glow_width(frame.zoom)))
    painter.drawLines(lines)
    if kind is None:
        return
    for pen in style.hexside_pens(kind, max(frame.zoom, 12.0)):
        painter.setPen(pen)
        painter.drawLines(lines)


def paint_erased_edges(painter: QPainter, frame: Frame, edges: Iterable[EdgeKey]) -> None:
    """Edges whose features will be erased: struck through in red."""
    lines = [edge_line(frame, edge) for edge in edges]
    if not lines:
        return
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    pen = _round_pen(ERASE_GLOW, max(4.0, 0.12 * frame.zoom))
    pen.setDashPattern([1.2, 1.0])
    painter.setPen(pen)
    painter.drawLines(lines)


# Roads -----------------------------------------------------------------------------------------


def paint_link_path(
    painter: QPainter,
    frame: Frame,
    path: Sequence[Offset],
    kind: ConnectionKind,
    *,
    erase: bool = False,
) -> None:
    """A road or railway through hex centres on a glow (or struck out in red when erasing)."""
    if not path:
        return
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    points = [QPointF(*frame.point(hex_)) for hex_ in path]
    line = QPainterPath(points[0])
    for point in points[1:]:
        line.lineTo(point)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if erase:
        strike = _round_pen(ERASE_GLOW, max(4.0, 0.12 * frame.zoom))
        strike.setDashPattern([1.2, 1.0])
        painter.setPen(strike)
        painter.drawPath(line)
    else:
        painter.setPen(_round_pen(DRAW_GLOW, _glow_width(frame.zoom)))
        painter.drawPath(line)
        for pen in style.road_pens(kind, max(frame.zoom, 12.0)):
            if pen is not None:
                painter.setPen(pen)
                painter.drawPath(line)
    dot = max(2.5, 0.06 * frame.zoom)
    painter.setPen(QPen(style.INK, 1.0))
    painter.setBrush(ERASE_GLOW if erase else QColor(style.HALO))
    for point in (points[0], points[-1]):
        painter.drawEllipse(point, dot, dot)


# Crossings -------------------------------------------------------------------------------------


def paint_crossing(
    painter: QPainter,
    middle: QPointF,
    across: tuple[float, float],
    zoom: float,
    kind: CrossingKind | FullHexKind,
    *,
    glow: QColor | None = DRAW_GLOW,
) -> None:
    """A bridge, ford or ferry centred on `middle`, spanning along `across` (a unit vector),
    the way the map draws it; `glow` (if any) rings it so it stands out as a proposal."""
    ux, uy = across
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    full = isinstance(kind, FullHexKind)
    length = (0.9 if full else 0.5) * zoom
    if kind in (FullHexKind.BRIDGE, *style.BRIDGE_STYLE):
        deck, rails, width = style.BRIDGE_STYLE[
            CrossingKind.HEAVY_BRIDGE if full else CrossingKind(kind)
        ]
        band = band_polygon(middle, ux, uy, length, max(5.0, width * zoom))
        if glow is not None:
            painter.setPen(_round_pen(glow, max(4.0, 0.1 * zoom)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(band)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(deck))
        painter.drawPolygon(band)
        pen = QPen(QColor(rails), max(1.2, 0.035 * zoom))
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        painter.drawLines(parapet_lines(middle, ux, uy, length, max(5.0, width * zoom)))
        return
    if kind is CrossingKind.FORD:
        band = band_polygon(middle, ux, uy, 0.36 * zoom, max(4.0, 0.13 * zoom))
        if glow is not None:
            painter.setPen(_round_pen(glow, max(4.0, 0.1 * zoom)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(band)
        pen = QPen(QColor("#5a4a2a"), max(1.0, 0.02 * zoom))
        pen.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(pen)
        painter.setBrush(style.FORD_COLOR)
        painter.drawPolygon(band)
        return
    # Ferries, on a hexside or across a water hex: a dashed line with a boat on it.
    half = length / 2 if not full else 0.4 * zoom
    x, y = middle.x(), middle.y()
    route = QLineF(x - ux * half, y - uy * half, x + ux * half, y + uy * half)
    if glow is not None:
        painter.setPen(_round_pen(glow, max(5.0, 0.12 * zoom)))
        painter.drawLine(route)
    pen = QPen(style.FERRY_COLOR, max(1.0, half * 0.1))
    pen.setDashPattern([2.0, 1.5])
    painter.setPen(pen)
    painter.drawLine(route)
    painter.setPen(QPen(QColor("#f4f1e6"), 1.0))
    painter.setBrush(style.FERRY_COLOR)
    painter.drawPolygon(band_polygon(middle, ux, uy, half * 0.8, half * 0.52))


def paint_bridge_state(
    painter: QPainter, middle: QPointF, zoom: float, state: BridgeState, wired_by: Side | None
) -> None:
    """The mark of a wired (a charge in the wiring side's colour) or damaged (a red cross)
    bridge, as the map's overlay layer shows it."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    size = max(5.0, zoom * 0.12)
    x, y = middle.x(), middle.y()
    if state is BridgeState.DAMAGED:
        pen = QPen(QColor("#d01818"), max(2.0, zoom * 0.06))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QLineF(x - size, y - size, x + size, y + size))
        painter.drawLine(QLineF(x - size, y + size, x + size, y - size))
        return
    painter.setPen(QPen(QColor("#b00000"), 1.5))
    painter.setBrush(symbols.side_color(wired_by) if wired_by is not None else QColor("#dddddd"))
    painter.drawEllipse(middle, size, size)
    painter.setFont(style.label_font(max(6, round(size * 1.3))))
    painter.setPen(QColor("#b00000"))
    painter.drawText(
        QRectF(x - size, y - size, 2 * size, 2 * size), Qt.AlignmentFlag.AlignCenter, "W"
    )


def paint_hex_ring(painter: QPainter, frame: Frame, hex_: Offset, color: QColor) -> None:
    """Outline a hex (the target of a full-hex feature)."""
    x, y = frame.point(hex_)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(_round_pen(color, max(2.5, 0.06 * frame.zoom)))
    painter.drawPolygon(frame.geometry.hex_polygon(frame.zoom * 0.92).translated(x, y))


# Swatches for the options ----------------------------------------------------------------------

SWATCH_WIDTH, SWATCH_HEIGHT = 40, 18
_SWATCH_ZOOM = 40.0


def _swatch() -> tuple[QPixmap, QPainter]:
    pixmap = QPixmap(SWATCH_WIDTH, SWATCH_HEIGHT)
    pixmap.fill(style.PAPER)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    return pixmap, painter


def hexside_icon(kind: HexsideKind) -> QIcon:
    """A short stretch of a hexside kind, as the map draws it."""
    pixmap, painter = _swatch()
    line = QLineF(5, SWATCH_HEIGHT / 2, SWATCH_WIDTH - 5, SWATCH_HEIGHT / 2)
    for pen in style.hexside_pens(kind, _SWATCH_ZOOM):
        painter.setPen(pen)
        painter.drawLine(line)
    if kind in style.TICKED_HEXSIDES:
        color, _ = style.TICKED_HEXSIDES[kind]
        painter.setPen(QPen(QColor(color), 1.2))
        for x in (12.0, 20.0, 28.0):
            painter.drawLine(QLineF(x, SWATCH_HEIGHT / 2, x, SWATCH_HEIGHT / 2 + 5))
    painter.end()
    return QIcon(pixmap)


def road_icon(kind: ConnectionKind) -> QIcon:
    """A short stretch of a road class or railway."""
    pixmap, painter = _swatch()
    line = QLineF(4, SWATCH_HEIGHT / 2, SWATCH_WIDTH - 4, SWATCH_HEIGHT / 2)
    for pen in style.road_pens(kind, 30.0):
        if pen is not None:
            painter.setPen(pen)
            painter.drawLine(line)
    if kind is ConnectionKind.RAILROAD:
        painter.setPen(style.rail_tie_pen(30.0))
        painter.drawLine(line)
    painter.end()
    return QIcon(pixmap)


def crossing_icon(kind: CrossingKind | FullHexKind) -> QIcon:
    """A bridge, ford or ferry over a bit of water."""
    pixmap, painter = _swatch()
    middle = QPointF(SWATCH_WIDTH / 2, SWATCH_HEIGHT / 2)
    if isinstance(kind, FullHexKind):
        painter.fillRect(QRectF(8, 0, SWATCH_WIDTH - 16, SWATCH_HEIGHT), style.WATER)
        paint_crossing(painter, middle, (1.0, 0.0), 34.0, kind, glow=None)
    else:
        painter.setPen(style.hexside_pens(HexsideKind.RIVER, 40.0)[0])
        painter.drawLine(QLineF(middle.x(), 0, middle.x(), SWATCH_HEIGHT))
        paint_crossing(painter, middle, (1.0, 0.0), 40.0, kind, glow=None)
    painter.end()
    return QIcon(pixmap)


def state_icon(state: BridgeState) -> QIcon:
    """The wired or damaged mark on a bridge."""
    pixmap, painter = _swatch()
    middle = QPointF(SWATCH_WIDTH / 2, SWATCH_HEIGHT / 2)
    paint_crossing(painter, middle, (1.0, 0.0), 40.0, CrossingKind.MEDIUM_BRIDGE, glow=None)
    paint_bridge_state(painter, middle, 50.0, state, Side.ALLIED)
    painter.end()
    return QIcon(pixmap)
