"""The scenario's marks on the map: objectives with their points in the owner's colour, supply
sources with side and value, reinforcement arrival hexes with their turn, and the overlays
(minefields, obstacles, congestion, fortifications, wired and damaged bridges, rubble, rail
damage, wrecks). Marks sit around the hex centre, where the counters stand.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from editor import symbols
from editor.map import style
from editor.map.geometry import Frame, HexRange
from editor.map.scenario_index import Offset, ScenarioIndex
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import (
    BridgeState,
    FortificationKind,
    Reinforcement,
)
from schemas.vocabulary import Side

NEUTRAL = QColor("#e6e2d3")
_OVERLAY_SLOTS = ((-0.42, -0.2), (0.42, -0.2), (-0.46, 0.12), (0.46, 0.12))
_OBJECTIVE_SLOT = (0.0, -0.47)
_SUPPLY_SLOT = (-0.34, 0.33)
_ARRIVAL_SLOT = (0.34, 0.33)
_KIND_MARK = {"exit": "E", "limited": "L", "surrender": "S"}
_RUBBLE_BITS = ((-0.2, -0.1), (0.12, -0.18), (0.22, 0.08), (-0.05, 0.2), (-0.25, 0.15))


def side_fill(side: Side | None) -> QColor:
    """The colour of a side's marks; neutral for none."""
    return symbols.side_color(side) if side is not None else NEUTRAL


def _in(hexes: HexRange, hex_: Offset) -> bool:
    c0, c1, r0, r1 = hexes
    return c0 <= hex_[0] <= c1 and r0 <= hex_[1] <= r1


def _at(frame: Frame, hex_: Offset, slot: tuple[float, float]) -> QPointF:
    x, y = frame.point(hex_)
    return QPointF(x + slot[0] * frame.zoom, y + slot[1] * frame.zoom)


def _tag(painter: QPainter, center: QPointF, text: str, fill: QColor, zoom: float) -> None:
    """A small rounded label box, e.g. an objective's points."""
    font = style.label_font(max(7, round(zoom * 0.16)))
    painter.setFont(font)
    metrics = painter.fontMetrics()
    width = metrics.horizontalAdvance(text) + max(4.0, zoom * 0.08)
    height = metrics.height() + 1
    rect = QRectF(center.x() - width / 2, center.y() - height / 2, width, height)
    painter.setPen(QPen(style.INK, 1.0))
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, 2.5, 2.5)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


# Objectives, supply sources, arrivals ------------------------------------------------------------


def paint_objectives(painter: QPainter, frame: Frame, index: ScenarioIndex) -> None:
    """Each objective hex: a star in the owner's colour with the points it is worth."""
    hexes = frame.hexes(margin=1)
    if hexes is None:
        return
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    zoom = frame.zoom
    for hex_, objectives in index.objectives.items():
        if not _in(hexes, hex_):
            continue
        first = objectives[0]
        fill = side_fill(first.owner)
        if zoom < style.MARKERS_FROM:
            x, y = frame.point(hex_)
            _star(painter, QPointF(x, y), max(3.5, zoom * 0.45), fill)
            continue
        _ring(painter, frame, hex_, fill)
        points = sum(o.points for o in objectives)
        marks = "".join(sorted({_KIND_MARK.get(o.kind, "") for o in objectives}))
        center = _at(frame, hex_, _OBJECTIVE_SLOT)
        star_radius = max(4.0, zoom * 0.11)
        text = f"{points}{marks}"
        font = style.label_font(max(7, round(zoom * 0.16)))
        painter.setFont(font)
        width = painter.fontMetrics().horizontalAdvance(text) + 2 * star_radius + 6
        _tag(painter, QPointF(center.x() + star_radius, center.y()), text, fill, zoom)
        _star(
            painter,
            QPointF(center.x() - width / 2 + star_radius + 2, center.y()),
            star_radius,
            fill,
        )


def _ring(painter: QPainter, frame: Frame, hex_: Offset, fill: QColor) -> None:
    """An inset hex outline in the owner's colour: the whole hex reads as an objective."""
    zoom = frame.zoom
    width = max(2.0, zoom * 0.05)
    x, y = frame.point(hex_)
    inset = 1.0 - (width + 2) / zoom
    polygon = frame.geometry.hex_polygon(zoom * inset).translated(x, y)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(style.INK, width + 2))
    painter.drawPolygon(polygon)
    painter.setPen(QPen(fill, width))
    painter.drawPolygon(polygon)


def _star(painter: QPainter, center: QPointF, radius: float, fill: QColor) -> None:
    painter.setPen(QPen(style.INK, 1.0))
    painter.setBrush(fill)
    painter.drawPolygon(_star_shape(radius).translated(center.x(), center.y()))


@functools.lru_cache(maxsize=64)
def _star_shape(radius: float) -> QPolygonF:
    """A five-pointed star around the origin (a map shows a few sizes, at many places)."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append(QPointF(r * math.cos(angle), r * math.sin(angle)))
    return QPolygonF(points)


def paint_supply(painter: QPainter, frame: Frame, index: ScenarioIndex) -> None:
    """Each supply source: "S" and its value in the side's colour."""
    hexes = frame.hexes(margin=1)
    if hexes is None:
        return
    zoom = frame.zoom
    for hex_, sources in index.sources.items():
        if not _in(hexes, hex_):
            continue
        fill = side_fill(sources[0].side)
        if zoom < style.MARKERS_FROM:
            x, y = frame.point(hex_)
            side = max(3.0, zoom * 0.4)
            painter.setPen(QPen(style.INK, 1.0))
            painter.setBrush(fill)
            painter.drawRect(QRectF(x - side / 2, y - side / 2, side, side))
            continue
        text = "S " + "/".join(str(s.value) for s in sources)
        _tag(painter, _at(frame, hex_, _SUPPLY_SLOT), text, fill, zoom)


def paint_arrivals(painter: QPainter, frame: Frame, index: ScenarioIndex, oob: OobIndex) -> None:
    """Each reinforcement arrival hex: an arrow with the first turn (and how many more)."""
    hexes = frame.hexes(margin=1)
    if hexes is None:
        return
    zoom = frame.zoom
    for hex_, arrivals in index.arrivals.items():
        if not _in(hexes, hex_):
            continue
        first, turn = arrivals[0]
        fill = side_fill(arrival_side(first, oob))
        if zoom < style.MARKERS_FROM:
            x, y = frame.point(hex_)
            _arrow(painter, QPointF(x, y), max(3.0, zoom * 0.45), fill)
            continue
        text = (
            f"T{turn}" if turn is not None else first.at.strftime("%d %H:%M") if first.at else "?"
        )
        if len(arrivals) > 1:
            text += f" +{len(arrivals) - 1}"
        center = _at(frame, hex_, _ARRIVAL_SLOT)
        _tag(painter, center, text, fill, zoom)
        _arrow(painter, QPointF(center.x(), center.y() - zoom * 0.17), max(4.0, zoom * 0.12), fill)


def arrival_side(reinforcement: Reinforcement, oob: OobIndex) -> Side | None:
    """The side of the first unit or organization of a reinforcement."""
    for node in (*reinforcement.units, *reinforcement.organizations):
        side = oob.side_of(node)
        if side is not None:
            return side
    return None


def _arrow(painter: QPainter, center: QPointF, size: float, fill: QColor) -> None:
    """A downward arrowhead: units come onto the map here."""
    x, y = center.x(), center.y()
    painter.setPen(QPen(style.INK, 1.0))
    painter.setBrush(fill)
    painter.drawPolygon(
        QPolygonF(
            [
                QPointF(x - size, y - size * 0.6),
                QPointF(x + size, y - size * 0.6),
                QPointF(x, y + size * 0.7),
            ]
        )
    )


# Overlays --------------------------------------------------------------------------------------


def paint_overlays(painter: QPainter, frame: Frame, index: ScenarioIndex) -> None:
    """Minefields, obstacles, congestion, fortifications, rubble, rail damage, wrecks in slots
    around the hex centre, and wired or damaged bridges on their hexside."""
    hexes = frame.hexes(margin=1)
    zoom = frame.zoom
    if hexes is None or zoom < style.MARKERS_FROM:
        return
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    size = max(10.0, zoom * 0.3)
    for hex_, items in index.overlays.items():
        if not _in(hexes, hex_):
            continue
        slot = 0
        for name, item in items:
            if name == "bridges":
                continue
            if name == "rubble":
                _rubble(painter, frame, hex_, item.cleared)
                continue
            center = _at(frame, hex_, _OVERLAY_SLOTS[slot % len(_OVERLAY_SLOTS)])
            slot += 1
            _chip(painter, center, size, _chip_fill(name, item))
            _GLYPHS[name](painter, center, size * 0.85, item)
    for bridge in index.bridges:
        if _in(hexes, tuple(bridge.hex)):  # type: ignore[arg-type]
            _bridge_state(painter, frame, bridge)


def _chip(painter: QPainter, center: QPointF, size: float, fill: QColor) -> None:
    """The small square marker every overlay is drawn on, so it reads on any terrain."""
    half = size / 2
    painter.setPen(QPen(style.INK, 1.0))
    painter.setBrush(fill)
    painter.drawRoundedRect(QRectF(center.x() - half, center.y() - half, size, size), 2.0, 2.0)


def _chip_fill(name: str, item: Any) -> QColor:
    side = getattr(item, "side", None)
    if side is not None and name in {"minefields", "fortifications"}:
        return side_fill(side)
    if name == "congestion":
        return QColor("#f2b04a")
    return QColor("#f1ede0")


def _minefield(painter: QPainter, center: QPointF, size: float, item: Any) -> None:
    # One mine per point of strength; a penetrated field is greyed.
    color = QColor("#9a9a9a") if item.penetrated else QColor("#2c2b18")
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    radius = size * 0.16
    spots = [(0.0, -0.22), (-0.26, 0.2), (0.26, 0.2)][: item.strength]
    for dx, dy in spots:
        painter.drawEllipse(QPointF(center.x() + dx * size, center.y() + dy * size), radius, radius)


def _obstacle(painter: QPainter, center: QPointF, size: float, item: Any) -> None:
    # Dragon's teeth.
    painter.setPen(QPen(style.INK, 1.0))
    painter.setBrush(QColor("#b5b5b5") if item.penetrated else QColor("#6b6b6b"))
    tooth = size * 0.36
    for dx in (-tooth, 0.0, tooth):
        x, y = center.x() + dx, center.y()
        painter.drawPolygon(
            QPolygonF(
                [
                    QPointF(x - tooth / 2, y + tooth / 2),
                    QPointF(x + tooth / 2, y + tooth / 2),
                    QPointF(x, y - tooth / 2),
                ]
            )
        )


def _congestion(painter: QPainter, center: QPointF, size: float, item: Any) -> None:
    # Three cars nose to tail.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(style.INK)
    car = size * 0.22
    for dx in (-0.32, 0.0, 0.32):
        x = center.x() + dx * size
        painter.drawRect(QRectF(x - car / 2, center.y() - car * 0.4, car * 0.9, car * 0.8))


def _fortification(painter: QPainter, center: QPointF, size: float, item: Any) -> None:
    pen = QPen(QColor("#3a2a18"), max(1.2, size * 0.13))
    if item.vacated:
        pen.setStyle(Qt.PenStyle.DashLine)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    half = size / 2
    x, y = center.x(), center.y()
    kind = item.kind
    if kind is FortificationKind.IMPROVED_POSITION:
        painter.drawArc(QRectF(x - half, y - half * 0.6, size, size), 0, 180 * 16)
    elif kind is FortificationKind.TRENCH:
        zig = [
            QPointF(x - half + i * size / 4, y + (half / 2 if i % 2 else -half / 2))
            for i in range(5)
        ]
        painter.drawPolyline(QPolygonF(zig))
    elif kind is FortificationKind.BUNKER:
        painter.setBrush(QColor("#9a9a8a"))
        painter.drawRect(QRectF(x - half * 0.8, y - half * 0.8, size * 0.8, size * 0.8))
    else:
        painter.setBrush(QColor("#9a9a8a"))
        painter.drawEllipse(center, half * 0.8, half * 0.8)


def _rail_damage(painter: QPainter, center: QPointF, size: float, item: Any) -> None:
    pen = QPen(QColor("#c0141a"), size * 0.18)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    half = size * 0.4
    x, y = center.x(), center.y()
    painter.drawLine(QLineF(x - half, y - half, x + half, y + half))
    painter.drawLine(QLineF(x - half, y + half, x + half, y - half))


def _wrecks(painter: QPainter, center: QPointF, size: float, item: Any) -> None:
    painter.setPen(QPen(style.INK, 1.0))
    painter.setBrush(QColor("#4d4d4d"))
    x, y = center.x(), center.y()
    painter.drawRoundedRect(QRectF(x - size * 0.5, y - size * 0.05, size, size * 0.35), 2, 2)
    painter.drawRect(QRectF(x - size * 0.2, y - size * 0.28, size * 0.4, size * 0.25))
    if item.count > 1:
        painter.setFont(style.label_font(max(6, round(size * 0.55))))
        painter.setPen(style.INK)
        painter.drawText(QPointF(x + size * 0.55, y + size * 0.3), str(item.count))


_GLYPHS: dict[str, Callable[[QPainter, QPointF, float, Any], None]] = {
    "minefields": _minefield,
    "obstacles": _obstacle,
    "congestion": _congestion,
    "fortifications": _fortification,
    "rail_damage": _rail_damage,
    "wrecks": _wrecks,
}


def _rubble(painter: QPainter, frame: Frame, hex_: Offset, cleared: bool) -> None:
    x, y = frame.point(hex_)
    zoom = frame.zoom
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(120, 90, 60, 120 if cleared else 220))
    bit = max(2.0, zoom * 0.07)
    for dx, dy in _RUBBLE_BITS:
        painter.drawRect(QRectF(x + dx * zoom - bit / 2, y + dy * zoom - bit / 2, bit, bit * 0.8))


def _bridge_state(painter: QPainter, frame: Frame, bridge: Any) -> None:
    """A wired bridge gets a charge in the wiring side's colour, a damaged one a red cross."""
    geometry = frame.geometry
    column, row = bridge.hex
    x, y = frame.point((column, row))
    zoom = frame.zoom
    if bridge.side is not None:
        mx, my = geometry.edges[bridge.side].middle
        x, y = x + mx * zoom, y + my * zoom
    center = QPointF(x, y)
    size = max(5.0, zoom * 0.12)
    if bridge.state is BridgeState.DAMAGED:
        pen = QPen(QColor("#d01818"), max(2.0, zoom * 0.06))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QLineF(x - size, y - size, x + size, y + size))
        painter.drawLine(QLineF(x - size, y + size, x + size, y - size))
    else:
        painter.setPen(QPen(QColor("#b00000"), 1.5))
        painter.setBrush(side_fill(bridge.wired_by))
        painter.drawEllipse(center, size, size)
        painter.setFont(style.label_font(max(6, round(size * 1.3))))
        painter.setPen(QColor("#b00000"))
        painter.drawText(
            QRectF(x - size, y - size, 2 * size, 2 * size), Qt.AlignmentFlag.AlignCenter, "W"
        )
