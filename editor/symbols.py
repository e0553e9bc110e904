"""NATO (APP-6 style) land unit symbols drawn with QPainter, for the OOB tree, the unit form and
the map counters: a frame in the side's colour, the unit class icon inside, the echelon above.

Every drawing is expressed in fractions of the frame, so one routine serves 16 px tree icons and
64 px counters. Side colours follow the APP-6 fills, a little muted to sit well next to terrain:

- Allied: friendly blue `#8EC8EC` (APP-6 "crystal blue", softened),
- Axis: hostile salmon red `#F0A08C` (APP-6 "salmon", softened),

both outlined in near-black `#1E1E1E`, so the two sides stay distinct even for colour-blind
designers (light blue vs warm red differ in lightness and hue).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap

from schemas.panzer_campaigns.oob import (
    AirborneKind,
    OrgLevel,
    Unit,
    UnitClass,
    UnitSize,
)
from schemas.vocabulary import MovementClass, Side

_SIDE_COLORS = {Side.ALLIED: QColor("#8EC8EC"), Side.AXIS: QColor("#F0A08C")}
_INK = QColor("#1E1E1E")

FRAME_ASPECT = 1.5
"""Width over height of the land unit frame (APP-6 friendly land units)."""
BAND = 0.34
"""Height of the echelon band above the frame (and the HQ staff band below), in frame heights."""


def side_color(side: Side) -> QColor:
    """The fill of a side's symbols: friendly blue for the Allies, salmon red for the Axis."""
    return QColor(_SIDE_COLORS[Side(side)])


def frame_rect(rect: QRectF) -> QRectF:
    """The unit frame inside `rect`, centred, leaving room for the echelon above and the HQ
    staff below; map counters use it to place text around the symbol."""
    height = min(rect.width() / FRAME_ASPECT, rect.height() / (1 + 2 * BAND))
    width = height * FRAME_ASPECT
    center = rect.center()
    return QRectF(center.x() - width / 2, center.y() - height / 2, width, height)


# Echelons -------------------------------------------------------------------------------------

_UNIT_ECHELON = {
    UnitSize.SQUAD: ("dot", 1),
    UnitSize.PLATOON: ("dot", 3),
    UnitSize.COMPANY: ("bar", 1),
    UnitSize.BATTALION: ("bar", 2),
}
_ORG_ECHELON = {
    OrgLevel.PLATOON: ("dot", 3),
    OrgLevel.COMPANY: ("bar", 1),
    OrgLevel.BATTALION: ("bar", 2),
    OrgLevel.REGIMENT: ("bar", 3),
    OrgLevel.BRIGADE: ("x", 1),
    OrgLevel.DIVISION: ("x", 2),
    OrgLevel.CORPS: ("x", 3),
    OrgLevel.ARMY: ("x", 4),
    OrgLevel.ARMY_GROUP: ("x", 5),
    OrgLevel.HIGH_COMMAND: ("x", 6),
}
Echelon = tuple[str, int]
SMALL = 24
"""Frames shorter than this (tree icons) are snapped to whole pixels to stay sharp."""


def _draw_echelon(
    painter: QPainter, frame: QRectF, echelon: Echelon, pen: QPen, pixels: float | None
) -> None:
    """Dots, bars or crosses centred above the frame; `pixels` is the mark height of small
    frames drawn on whole pixels (None for larger ones)."""
    kind, count = echelon
    small = pixels is not None
    stroke = pen.widthF()
    gap = 1.0 if small else frame.height() * 0.08
    size = pixels if pixels is not None else frame.height() * BAND - gap
    bottom = frame.top() - stroke / 2 - gap
    if kind == "dot":
        mark = float(max(2, round(size * 0.55))) if small else size * 0.55
        pitch = mark + (1 if small else mark * 0.6)
    elif kind == "bar":
        mark = stroke
        pitch = 2.0 if small else max(stroke * 2.2, size * 0.3)
    else:
        mark = size if small else size * 0.78
        pitch = mark + (1 if small else size * 0.2)
    # Tall stacks (army group and up) close up so they stay within the frame's width.
    if (count - 1) * pitch + mark > frame.width():
        pitch = (frame.width() - mark) / (count - 1)
    left = frame.center().x() - ((count - 1) * pitch + mark) / 2
    if small:
        left = float(round(left))
    painter.save()
    if kind == "dot":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pen.color())
        for i in range(count):
            dot = QRectF(left + i * pitch, bottom - mark, mark, mark)
            if small:
                painter.fillRect(dot, pen.color())
            else:
                painter.drawEllipse(dot)
    elif kind == "bar":
        painter.setPen(pen)
        for i in range(count):
            x = left + stroke / 2 + i * pitch
            painter.drawLine(QLineF(x, bottom, x, bottom - size))
    elif small:
        # Pixel crosses: antialiased 3 px diagonals blur into carets.
        span = round(mark)
        for i in range(count):
            x = round(left + i * pitch)
            for step in range(span):
                for column in (x + step, x + span - 1 - step):
                    painter.fillRect(QRectF(column, bottom - span + step, 1, 1), pen.color())
    else:
        cross_pen = QPen(pen)
        cross_pen.setWidthF(stroke * (1.0 if small else 0.85))
        painter.setPen(cross_pen)
        for i in range(count):
            x = left + i * pitch
            painter.drawLine(QLineF(x, bottom, x + mark, bottom - size))
            painter.drawLine(QLineF(x, bottom - size, x + mark, bottom))
    painter.restore()


# Class icons ----------------------------------------------------------------------------------
# Each glyph draws into the frame with the pen already set; coordinates are fractions of it.

Glyph = Callable[[QPainter, QRectF], None]


def _p(frame: QRectF, x: float, y: float) -> QPointF:
    return QPointF(frame.left() + x * frame.width(), frame.top() + y * frame.height())


def _line(painter: QPainter, frame: QRectF, a: tuple[float, float], b: tuple[float, float]) -> None:
    painter.drawLine(_p(frame, *a), _p(frame, *b))


def _cross(painter: QPainter, frame: QRectF) -> None:
    _line(painter, frame, (0, 0), (1, 1))
    _line(painter, frame, (0, 1), (1, 0))


def _oval(painter: QPainter, frame: QRectF) -> None:
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(
        QRectF(_p(frame, 0.2, 0.27), _p(frame, 0.8, 0.73)),
        frame.height() * 0.23,
        frame.height() * 0.23,
    )


def _diagonal(painter: QPainter, frame: QRectF) -> None:
    _line(painter, frame, (0, 1), (1, 0))


def _dot(painter: QPainter, frame: QRectF, y: float = 0.5, scale: float = 1.0) -> None:
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_INK)
    r = frame.height() * 0.13 * scale
    painter.drawEllipse(_p(frame, 0.5, y), r, r)
    painter.restore()


def _ring(painter: QPainter, frame: QRectF) -> None:
    painter.setBrush(Qt.BrushStyle.NoBrush)
    r = frame.height() * 0.27
    painter.drawEllipse(_p(frame, 0.5, 0.5), r, r)


def _anti_tank(painter: QPainter, frame: QRectF) -> None:
    _line(painter, frame, (0, 1), (0.5, 0))
    _line(painter, frame, (0.5, 0), (1, 1))


def _engineer(painter: QPainter, frame: QRectF) -> None:
    path = QPainterPath(_p(frame, 0.3, 0.62))
    path.lineTo(_p(frame, 0.3, 0.38))
    path.lineTo(_p(frame, 0.7, 0.38))
    path.lineTo(_p(frame, 0.7, 0.62))
    path.moveTo(_p(frame, 0.5, 0.38))
    path.lineTo(_p(frame, 0.5, 0.62))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)


def _air_defence(painter: QPainter, frame: QRectF) -> None:
    # The APP-6 dome: an arc springing from the bottom edge.
    painter.setBrush(Qt.BrushStyle.NoBrush)
    dome = QRectF(_p(frame, 0.18, 0.42), _p(frame, 0.82, 1.58))
    painter.drawArc(dome, 0, 180 * 16)


def _heavy_air_defence(painter: QPainter, frame: QRectF) -> None:
    _air_defence(painter, frame)
    r = frame.height() * 0.26
    painter.drawArc(
        QRectF(_p(frame, 0.5, 1.0), _p(frame, 0.5, 1.0)).adjusted(-r, -r, r, r), 0, 180 * 16
    )


def _mortar(painter: QPainter, frame: QRectF) -> None:
    # Upward arrow standing on a small ring.
    r = frame.height() * 0.1
    base = _p(frame, 0.5, 0.8)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(base, r, r)
    _line(painter, frame, (0.5, 0.8 - 0.1), (0.5, 0.18))
    _line(painter, frame, (0.42, 0.32), (0.5, 0.18))
    _line(painter, frame, (0.58, 0.32), (0.5, 0.18))


def _rocket(painter: QPainter, frame: QRectF) -> None:
    _dot(painter, frame, 0.66, 0.85)
    _line(painter, frame, (0.38, 0.42), (0.5, 0.2))
    _line(painter, frame, (0.62, 0.42), (0.5, 0.2))


def _heavy_weapons(painter: QPainter, frame: QRectF) -> None:
    # Infantry with a machine-gun arrow: the support weapons company.
    _cross(painter, frame)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_INK)
    painter.drawRect(QRectF(_p(frame, 0.0, 0.8), _p(frame, 1.0, 1.0)))
    painter.restore()


def _supply(painter: QPainter, frame: QRectF) -> None:
    _line(painter, frame, (0, 0.72), (1, 0.72))


def _transport(painter: QPainter, frame: QRectF) -> None:
    # A spoked wheel.
    painter.setBrush(Qt.BrushStyle.NoBrush)
    r = frame.height() * 0.3
    c = _p(frame, 0.5, 0.5)
    painter.drawEllipse(c, r, r)
    for dx, dy in ((1, 0), (0, 1), (0.7, 0.7), (0.7, -0.7)):
        painter.drawLine(
            QPointF(c.x() - dx * r, c.y() - dy * r), QPointF(c.x() + dx * r, c.y() + dy * r)
        )


def _wheels(painter: QPainter, frame: QRectF) -> None:
    painter.setBrush(Qt.BrushStyle.NoBrush)
    r = frame.height() * 0.1
    for x in (0.36, 0.64):
        painter.drawEllipse(_p(frame, x, 0.8), r, r)


def _naval(painter: QPainter, frame: QRectF) -> None:
    # An anchor.
    painter.setBrush(Qt.BrushStyle.NoBrush)
    _line(painter, frame, (0.5, 0.22), (0.5, 0.8))
    _line(painter, frame, (0.4, 0.32), (0.6, 0.32))
    arc = QRectF(_p(frame, 0.34, 0.5), _p(frame, 0.66, 0.82))
    painter.drawArc(arc, 180 * 16, 180 * 16)
    r = frame.height() * 0.06
    painter.drawEllipse(_p(frame, 0.5, 0.17), r, r)


def _air(painter: QPainter, frame: QRectF) -> None:
    # The APP-6 fixed-wing sign: two lobes meeting in the centre.
    painter.setBrush(Qt.BrushStyle.NoBrush)
    path = QPainterPath(_p(frame, 0.5, 0.5))
    path.cubicTo(_p(frame, 0.35, 0.22), _p(frame, 0.12, 0.3), _p(frame, 0.14, 0.5))
    path.cubicTo(_p(frame, 0.12, 0.7), _p(frame, 0.35, 0.78), _p(frame, 0.5, 0.5))
    path.cubicTo(_p(frame, 0.65, 0.22), _p(frame, 0.88, 0.3), _p(frame, 0.86, 0.5))
    path.cubicTo(_p(frame, 0.88, 0.7), _p(frame, 0.65, 0.78), _p(frame, 0.5, 0.5))
    painter.drawPath(path)


def _rail(painter: QPainter, frame: QRectF) -> None:
    _line(painter, frame, (0.12, 0.84), (0.88, 0.84))
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_INK)
    r = frame.height() * 0.07
    for x in (0.3, 0.45, 0.55, 0.7):
        painter.drawEllipse(_p(frame, x, 0.73), r, r)
    painter.restore()


def _text(label: str) -> Glyph:
    def draw(painter: QPainter, frame: QRectF) -> None:
        painter.save()
        font = painter.font()
        font.setPixelSize(max(4, round(frame.height() * 0.42)))
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(frame, Qt.AlignmentFlag.AlignCenter, label)
        painter.restore()

    return draw


def _both(*glyphs: Glyph) -> Glyph:
    def draw(painter: QPainter, frame: QRectF) -> None:
        for glyph in glyphs:
            glyph(painter, frame)

    return draw


def _headquarters(painter: QPainter, frame: QRectF) -> None:
    # The staff itself is drawn below the frame; inside, a small pennant reads at 16 px.
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_INK)
    flag = QPainterPath(_p(frame, 0.38, 0.22))
    flag.lineTo(_p(frame, 0.68, 0.36))
    flag.lineTo(_p(frame, 0.38, 0.5))
    flag.closeSubpath()
    painter.drawPath(flag)
    painter.restore()
    _line(painter, frame, (0.38, 0.22), (0.38, 0.8))


def _mountain(painter: QPainter, frame: QRectF) -> None:
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_INK)
    peak = QPainterPath(_p(frame, 0.5, 0.72))
    peak.lineTo(_p(frame, 0.62, 1.0))
    peak.lineTo(_p(frame, 0.38, 1.0))
    peak.closeSubpath()
    painter.drawPath(peak)
    painter.restore()


def _parachute(painter: QPainter, frame: QRectF) -> None:
    # Two shallow cups side by side at the bottom edge: the APP-6 airborne modifier.
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for left in (0.36, 0.5):
        cup = QRectF(_p(frame, left, 0.66), _p(frame, left + 0.14, 0.9))
        painter.drawArc(cup, 180 * 16, 180 * 16)


def _glider_wing(painter: QPainter, frame: QRectF) -> None:
    _line(painter, frame, (0.3, 0.86), (0.7, 0.86))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawArc(QRectF(_p(frame, 0.43, 0.74), _p(frame, 0.57, 0.98)), 0, 180 * 16)


def _ski(painter: QPainter, frame: QRectF) -> None:
    _line(painter, frame, (0.22, 0.88), (0.74, 0.88))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawArc(QRectF(_p(frame, 0.68, 0.72), _p(frame, 0.8, 0.88)), 270 * 16, 180 * 16)


_CLASS_GLYPHS: dict[UnitClass, Glyph] = {
    UnitClass.HEADQUARTERS: _headquarters,
    UnitClass.INFANTRY: _cross,
    UnitClass.MOTORIZED_INFANTRY: _both(_cross, lambda p, f: _line(p, f, (0.5, 0), (0.5, 1))),
    UnitClass.MECHANIZED_INFANTRY: _both(_cross, _oval),
    UnitClass.HEAVY_WEAPONS: _heavy_weapons,
    UnitClass.ARMOR: _oval,
    UnitClass.ARTILLERY: _dot,
    UnitClass.HEAVY_ARTILLERY: _both(_dot, _ring),
    UnitClass.SIEGE_GUN: _both(_dot, _ring, _supply),
    UnitClass.INFANTRY_ARTILLERY: _both(_cross, lambda p, f: _dot(p, f, 0.5, 0.9)),
    UnitClass.MORTAR: _mortar,
    UnitClass.ROCKET: _rocket,
    UnitClass.ANTI_TANK: _anti_tank,
    UnitClass.ENGINEER: _engineer,
    UnitClass.CAVALRY: _diagonal,
    UnitClass.RECON: _diagonal,
    UnitClass.ARMORED_CAR: _both(_diagonal, _oval),
    UnitClass.ANTI_AIRCRAFT: _air_defence,
    UnitClass.HEAVY_ANTI_AIRCRAFT: _heavy_air_defence,
    UnitClass.AIRBORNE: _both(_cross, _parachute),
    UnitClass.GLIDER: _both(_cross, _glider_wing),
    UnitClass.COMMANDO: _text("CDO"),
    UnitClass.SKI: _both(_cross, _ski),
    UnitClass.IRREGULAR: _text("IRR"),
    UnitClass.PARTISAN: _text("G"),
    UnitClass.BICYCLE: _both(_cross, _wheels),
    UnitClass.MOTORCYCLE: _both(_diagonal, _wheels),
    UnitClass.NAVAL: _naval,
    UnitClass.ARMORED_TRAIN: _both(_oval, _rail),
    UnitClass.SUPPLY: _supply,
    UnitClass.TRANSPORT: _transport,
    UnitClass.AIR: _air,
}

_ARTILLERY_DOT = {
    UnitClass.ARTILLERY,
    UnitClass.HEAVY_ARTILLERY,
    UnitClass.SIEGE_GUN,
    UnitClass.ROCKET,
}
_SELF_PROPELLED_CLASSES = _ARTILLERY_DOT | {
    UnitClass.ANTI_TANK,
    UnitClass.ANTI_AIRCRAFT,
    UnitClass.HEAVY_ANTI_AIRCRAFT,
    UnitClass.MORTAR,
}
_RECON_CLASSES = {UnitClass.RECON, UnitClass.CAVALRY, UnitClass.ARMORED_CAR, UnitClass.MOTORCYCLE}
_AIRBORNE_CLASSES = {UnitClass.AIRBORNE, UnitClass.GLIDER}

_MODIFIER_GLYPHS: dict[str, Glyph] = {
    "oval": _oval,
    "diagonal": _diagonal,
    "mountain": _mountain,
    "parachute": _parachute,
    "glider": _glider_wing,
    "ski": _ski,
    "supply": _supply,
}


def _modifiers(unit: Unit) -> tuple[str, ...]:
    """What adds to the class icon: the unit's flags that change its picture."""
    unit_class = unit.unit_class
    extra: list[str] = []
    tracked = unit.self_propelled or unit.movement_class is MovementClass.TRACKED
    if tracked and unit_class in _SELF_PROPELLED_CLASSES:
        extra.append("oval")
    if unit.recon and unit_class not in _RECON_CLASSES:
        extra.append("diagonal")
    if unit.airborne is not AirborneKind.NONE and unit_class not in _AIRBORNE_CLASSES:
        extra.append("glider" if unit.airborne is AirborneKind.GLIDER else "parachute")
    elif unit.mountain:
        extra.append("mountain")
    elif unit.movement_class is MovementClass.SKI and unit_class is not UnitClass.SKI:
        extra.append("ski")
    if unit.supply_unit and unit_class not in {UnitClass.SUPPLY, UnitClass.SIEGE_GUN}:
        extra.append("supply")
    return tuple(extra)


def symbol_key(unit: Unit) -> tuple[object, ...]:
    """The values of a unit that decide its symbol (for caches of drawn symbols)."""
    return (unit.unit_class, unit.size, _modifiers(unit))


# Painting -------------------------------------------------------------------------------------


def _ink_pen(frame: QRectF) -> QPen:
    pen = QPen(_INK, max(1.0, frame.height() * 0.065))
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen


def _paint_frame(painter: QPainter, frame: QRectF, side: Side, pen: QPen) -> None:
    painter.setPen(pen)
    painter.setBrush(QBrush(side_color(side)))
    painter.drawRect(frame)


def _paint_staff(painter: QPainter, frame: QRectF, pen: QPen) -> None:
    # The headquarters staff: a line down from the frame's lower left corner.
    x = frame.left()
    painter.setPen(pen)
    painter.drawLine(QLineF(x, frame.bottom(), x, frame.bottom() + frame.height() * BAND))


def _inner(frame: QRectF, pen: QPen) -> QRectF:
    """The frame less its outline, so icons meet the border without overdrawing it."""
    half = pen.widthF() / 2
    return frame.adjusted(half, half, -half, -half)


def paint_unit_symbol(painter: QPainter, rect: QRectF, unit: Unit, side: Side) -> None:
    """Draw a unit's symbol (frame, class icon, echelon, HQ staff) centred in `rect`."""
    _paint_symbol(
        painter,
        rect,
        side,
        unit_class=unit.unit_class,
        modifiers=_modifiers(unit),
        echelon=_UNIT_ECHELON[unit.size],
    )


def paint_organization_symbol(painter: QPainter, rect: QRectF, level: OrgLevel, side: Side) -> None:
    """Draw an organization's symbol: an empty frame with the HQ staff and its echelon."""
    _paint_symbol(
        painter, rect, side, unit_class=None, modifiers=(), echelon=_ORG_ECHELON[OrgLevel(level)]
    )


def _paint_symbol(
    painter: QPainter,
    rect: QRectF,
    side: Side,
    *,
    unit_class: UnitClass | None,
    modifiers: tuple[str, ...],
    echelon: Echelon,
) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    frame = frame_rect(rect)
    pen = _ink_pen(frame)
    mark: float | None = None
    if frame.height() < SMALL:
        frame, mark = _pixel_frame(rect, frame.height())
        pen.setWidthF(1.0)
    _paint_frame(painter, frame, side, pen)
    inner = _inner(frame, pen)
    glyph_pen = QPen(pen)
    glyph_pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    glyph_pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.save()
    painter.setClipRect(inner)
    painter.setPen(glyph_pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if unit_class is not None:
        _CLASS_GLYPHS[unit_class](painter, inner)
    for name in modifiers:
        painter.setPen(glyph_pen)
        _MODIFIER_GLYPHS[name](painter, inner)
    painter.restore()
    if unit_class is None or unit_class is UnitClass.HEADQUARTERS:
        _paint_staff(painter, frame, pen)
    _draw_echelon(painter, frame, echelon, pen, mark)
    painter.restore()


def _pixel_frame(rect: QRectF, height: float) -> tuple[QRectF, float]:
    """A small frame on whole pixels, and the pixel size of its echelon marks.

    Bands of whole pixels above (marks plus a one-pixel gap) and below (the HQ staff), a 1 px
    outline on pixel centres and an even width keep the outline and the centre lines sharp
    instead of smeared grey.
    """
    mark = max(3, round(height * 0.27))
    above, below = mark + 1, max(2, round(height * 0.22))
    frame_height = int(min((rect.width() - 1) / FRAME_ASPECT, rect.height() - above - below - 1))
    frame_width = min(2 * round(frame_height * FRAME_ASPECT / 2), 2 * int((rect.width() - 1) / 2))
    spare = rect.height() - (above + frame_height + 1 + below)
    top = int(rect.top()) + above + int(spare / 2) + 0.5
    left = int(rect.left()) + int((rect.width() - frame_width - 1) / 2) + 0.5
    return QRectF(left, top, frame_width, frame_height), float(mark)


# Icons ----------------------------------------------------------------------------------------

_ICONS: dict[tuple[object, ...], QIcon] = {}


def _icon(key: tuple[object, ...], size: int, paint: Callable[[QPainter, QRectF], None]) -> QIcon:
    icon = _ICONS.get(key)
    if icon is None:
        icon = QIcon()
        # A second, doubled pixmap keeps the symbol crisp on high-density screens.
        for scale in (1, 2):
            pixmap = QPixmap(size * scale, size * scale)
            pixmap.setDevicePixelRatio(scale)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            paint(painter, QRectF(0, 0, size, size))
            painter.end()
            icon.addPixmap(pixmap)
        _ICONS[key] = icon
    return icon


def symbol_icon(unit: Unit, side: Side, size: int = 20) -> QIcon:
    """A unit's symbol as an icon of `size` px, shared by every unit that looks the same."""
    key = ("unit", *symbol_key(unit), Side(side), size)
    return _icon(key, size, lambda p, r: paint_unit_symbol(p, r, unit, side))


def organization_icon(level: OrgLevel, side: Side, size: int = 20) -> QIcon:
    """An organization's symbol (frame, HQ staff, echelon) as an icon of `size` px."""
    key = ("organization", OrgLevel(level), Side(side), size)
    return _icon(key, size, lambda p, r: paint_organization_symbol(p, r, level, side))
