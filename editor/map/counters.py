"""Unit counters on the map: the top unit of each stack as a counter in its side's colour with
its NATO symbol and strength, a stack shadow and count when several units share the hex, and
plain side-coloured blocks when zoomed out. Drawn counters are cached as pixmaps.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen, QPixmap

from editor import symbols
from editor.map import style
from editor.map.geometry import Frame
from editor.map.scenario_index import Offset, ScenarioIndex
from schemas.panzer_campaigns.oob import Component, Unit
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import Mode, Placement
from schemas.vocabulary import Side

COUNTER_SHARE = 0.7
"""Counter side over hex height."""
STACK_STEP = 0.07
"""How far each unit under the top one peeks out, in counter sides."""
_UNKNOWN = QColor("#bdbdbd")
_MODE_MARK = {Mode.TRAVEL: "T", Mode.RAIL: "R"}


def counter_size(zoom: float) -> int:
    """Counter side in pixels at a zoom."""
    return max(4, round(zoom * COUNTER_SHARE))


class CounterPainter:
    """Draws the stacks of the visible hexes, caching one pixmap per look."""

    def __init__(self, capacity: int = 2000) -> None:
        self.capacity = capacity
        self._cache: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()
        self._faces: dict[tuple[object, ...], QPixmap] = {}
        self._kinds: dict[int, tuple[Unit, tuple[object, ...]]] = {}

    def clear(self) -> None:
        """Forget the cached counters (the OOB changed)."""
        self._cache.clear()
        self._faces.clear()
        self._kinds.clear()

    def paint(
        self,
        painter: QPainter,
        frame: Frame,
        index: ScenarioIndex,
        oob: OobIndex,
        selected: Sequence[str] = (),
    ) -> None:
        """Draw every stack in the frame."""
        hexes = frame.hexes(margin=1)
        if hexes is None or not index.placements:
            return
        visible = index.stacks_within(*hexes)
        if frame.zoom < style.COUNTERS_FROM:
            self._blocks(painter, frame, visible, oob)
            return
        chosen = set(selected)
        size = counter_size(frame.zoom)
        for hex_, stack in visible:
            top = next((p for p in stack if p.unit in chosen), stack[0])
            pixmap = self._stack_pixmap(top, len(stack), size, oob, top.unit in chosen)
            x, y = frame.point(hex_)
            margin = (pixmap.width() - size) / 2
            painter.drawPixmap(
                QPointF(round(x - size / 2 - margin), round(y - size / 2 - margin)), pixmap
            )

    def _blocks(
        self,
        painter: QPainter,
        frame: Frame,
        visible: list[tuple[Offset, list[Placement]]],
        oob: OobIndex,
    ) -> None:
        """Zoomed out: one small square per stack in a deep shade of its side's colour, so
        the front line stands out from towns and fields."""
        side = max(3.0, frame.zoom * 0.5)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(QPen(style.INK, 1.0) if side >= 5 else Qt.PenStyle.NoPen)
        fills = {s: _deep(symbols.side_color(s)) for s in Side}
        # The whole map shows thousands of stacks, each a square placed from its column's
        # position as `Frame.point` computes it, without a call per stack.
        zoom, shift_x, shift_y = frame.zoom, frame.shift_x, frame.shift_y
        column_x, column_y = frame.geometry.column_x, frame.geometry.column_y
        units = oob.units
        half = side / 2
        # Squares of one colour in a row are drawn in one call, in the same order.
        run: list[QRectF] = []
        current: QColor | None = None
        for (column, row), stack in visible:
            entry = units.get(stack[0].unit)
            color = fills[entry.side] if entry is not None else _UNKNOWN
            if color is not current:
                if run:
                    painter.drawRects(run)
                    run = []
                painter.setBrush(color)
                current = color
            x = column_x[column] * zoom + shift_x
            y = (column_y[column] + row) * zoom + shift_y
            run.append(QRectF(round(x - half), round(y - half), side, side))
        if run:
            painter.drawRects(run)

    def _stack_pixmap(
        self, top: Placement, count: int, size: int, oob: OobIndex, selected: bool
    ) -> QPixmap:
        entry = oob.units.get(top.unit)
        kind = self._kind(entry.unit) if entry is not None else None
        look = (
            (entry.unit.name, entry.unit.strength, entry.side, kind) if entry is not None else None
        )
        key = (top.unit, look, top.strength, top.mode, count, size, selected)
        pixmap = self._cache.get(key)
        if pixmap is not None:
            self._cache.move_to_end(key)
            return pixmap
        pixmap = _draw_stack(top, count, size, oob, selected, faces=self._faces, kind=kind)
        if len(self._faces) > self.capacity:
            self._faces.clear()
        self._cache[key] = pixmap
        while len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return pixmap

    def _kind(self, unit: Unit) -> tuple[object, ...]:
        """A unit's symbol key, worked out once per unit model (models are frozen: an edit
        makes a new one)."""
        known = self._kinds.get(id(unit))
        if known is None or known[0] is not unit:
            if len(self._kinds) > 4 * self.capacity:
                self._kinds.clear()
            known = self._kinds[id(unit)] = (unit, symbols.symbol_key(unit))
        return known[1]


def _draw_stack(
    top: Placement,
    count: int,
    size: int,
    oob: OobIndex,
    selected: bool,
    *,
    faces: dict[tuple[object, ...], QPixmap],
    kind: tuple[object, ...] | None = None,
) -> QPixmap:
    """A stack's counter; `kind` is the top unit's symbol key when already known."""
    under = min(count - 1, 2)
    margin = _stack_margin(size, under)
    rect = QRectF(margin, margin, size, size)
    entry = oob.units.get(top.unit)
    if entry is None:
        pixmap = _stack_base(size, under, _UNKNOWN)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        _paint_unknown(painter, rect, _UNKNOWN)
    else:
        # The stack under the text (the blanks beneath and the top unit's blank and symbol)
        # is the same for every stack of that kind, side, size and depth: copied, it gives
        # the very pixels drawing it again would, as drawing onto a transparent pixmap copies.
        # The count badge joins it when nothing drawn after it could touch its pixels.
        badge_first = count > 1 and not selected and _badge_clear(top, size)
        key = (kind or symbols.symbol_key(entry.unit), entry.side, size, under)
        base = faces.get(key)
        if base is None:
            base = faces[key] = _draw_base(entry.unit, entry.side, size, under, faces)
        if badge_first:
            badged = faces.get((*key, count))
            if badged is None:
                badged = faces[(*key, count)] = _with_badge(base, margin, size, count)
            base = badged
        pixmap = base.copy()
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        _paint_counter_text(painter, rect, top, oob)
        if badge_first:
            painter.end()
            return pixmap
    if selected:
        pen = QPen(style.SELECTED, max(2.0, size * 0.08))
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect.adjusted(-1, -1, 1, 1))
    if count > 1:
        _paint_count(painter, rect, count)
    painter.end()
    return pixmap


def _badge_clear(top: Placement, size: int) -> bool:
    """Whether a stack's count badge and its strength line touch no common pixel, so the
    badge may be drawn before the strength instead of after it with the same pixels: no mode
    mark in the corner under the badge, and the badge (with its outline and a pixel of
    smoothing) ending above the top of the strength's line of type (less two pixels)."""
    if _MODE_MARK.get(top.mode) and size >= 30:
        return False
    return _badge_bottom(size) < _text_top(size)


def _badge_bottom(size: int) -> float:
    return _badge_radius(size) * 1.15 + 1.5


@cache
def _text_top(size: int) -> float:
    """The top of the strength's line of type below a counter's top edge, less two pixels."""
    metrics = QFontMetricsF(style.label_font(max(7, round(size * 0.27))))
    return size * 0.67 + (size * 0.31 - metrics.height()) / 2 - 2


def _with_badge(base: QPixmap, margin: int, size: int, count: int) -> QPixmap:
    """A copy of a stack's base with its count badge."""
    pixmap = base.copy()
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    _paint_count(painter, QRectF(margin, margin, size, size), count)
    painter.end()
    return pixmap


def _stack_margin(size: int, under: int) -> int:
    """The room around a counter for the units peeking out beneath and the count badge."""
    step = max(2.0, size * STACK_STEP)
    return int(max(step * under, _badge_radius(size)) + 3)


def _stack_base(size: int, under: int, fill: QColor) -> QPixmap:
    """A transparent pixmap holding the `under` blanks beneath a stack's top counter."""
    margin = _stack_margin(size, under)
    step = max(2.0, size * STACK_STEP)
    pixmap = QPixmap(size + 2 * margin, size + 2 * margin)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    # Units below the top one peek out up and to the right, like a real stack.
    for depth in range(under, 0, -1):
        rect = QRectF(margin + depth * step, margin - depth * step, size, size)
        _paint_blank(painter, rect, fill.darker(100 + 12 * depth))
    painter.end()
    return pixmap


def _draw_base(
    unit: Unit, side: Side, size: int, under: int, faces: dict[tuple[object, ...], QPixmap]
) -> QPixmap:
    """The blanks beneath and the top unit's face: everything of a stack but its marks."""
    fill = symbols.side_color(side)
    pixmap = _stack_base(size, under, fill)
    # The face (blank and symbol) is opaque and whole pixels wide, so copying one drawn for
    # another unit of the same kind gives the very pixels drawing it again would.
    key = (symbols.symbol_key(unit), side, size)
    face = faces.get(key)
    if face is None:
        face = faces[key] = _draw_face(unit, side, size, fill)
    painter = QPainter(pixmap)
    margin = _stack_margin(size, under)
    painter.drawPixmap(margin, margin, face)
    painter.end()
    return pixmap


def _paint_blank(painter: QPainter, rect: QRectF, fill: QColor) -> None:
    painter.setPen(QPen(style.INK, 1.0))
    painter.setBrush(fill)
    painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5))


def _paint_unknown(painter: QPainter, rect: QRectF, fill: QColor) -> None:
    """The counter of a unit the OOB does not hold: a blank with a question mark."""
    _paint_blank(painter, rect, fill.lighter(112))
    painter.setPen(style.INK)
    painter.setFont(style.label_font(round(rect.width() * 0.5)))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")


def _draw_face(unit: Unit, side: Side, size: int, fill: QColor) -> QPixmap:
    """A counter's blank and symbol, without the strength and mode marks."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    rect = QRectF(0, 0, size, size)
    _paint_blank(painter, rect, fill.lighter(112))
    _paint_symbol(painter, rect, unit, side)
    painter.end()
    return pixmap


def _paint_symbol(painter: QPainter, rect: QRectF, unit: Unit, side: Side) -> None:
    # The symbol's bands for echelon marks and HQ staff take a third of its height; letting
    # the lower band reach into the strength line keeps the frame large.
    size = rect.width()
    symbol_area = QRectF(rect.left() + size * 0.05, rect.top(), size * 0.9, size * 0.84)
    symbols.paint_unit_symbol(painter, symbol_area, unit, side)


def _paint_counter_text(
    painter: QPainter, rect: QRectF, placement: Placement, oob: OobIndex
) -> None:
    size = rect.width()
    text = strength_text(placement, oob)
    painter.setPen(style.INK)
    painter.setFont(style.label_font(max(7, round(size * 0.27))))
    text_rect = QRectF(rect.left(), rect.top() + size * 0.67, size, size * 0.31)
    painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, text)
    mark = _MODE_MARK.get(placement.mode)
    if mark and size >= 30:
        painter.setFont(style.label_font(max(6, round(size * 0.2))))
        painter.drawText(
            QRectF(rect.left() + size * 0.04, rect.top() + size * 0.02, size * 0.3, size * 0.3),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
            mark,
        )


def strength_text(placement: Placement, oob: OobIndex) -> str:
    """The strength a counter shows: the placement's, else the full strength of the unit and
    every company combined into it [000 4.9], with "g" or "v" for guns or vehicles."""
    strength = placement.strength
    if strength is None:
        strength = oob.full_strength(placement.unit, placement.combined_with)
    component = oob.units[placement.unit].unit.component
    return f"{strength}" + ("" if component is Component.MEN else component.value[0])


def _paint_count(painter: QPainter, rect: QRectF, count: int) -> None:
    """A dark badge with the number of units in the hex, on the counter's top-left corner."""
    radius = _badge_radius(rect.width())
    center = QPointF(rect.left() + radius * 0.15, rect.top() + radius * 0.15)
    painter.setPen(QPen(QColor("#f4f1e6"), 1.0))
    painter.setBrush(style.INK)
    painter.drawEllipse(center, radius, radius)
    painter.setFont(style.label_font(max(6, round(radius * 1.25))))
    badge = QRectF(center.x() - radius, center.y() - radius, 2 * radius, 2 * radius)
    painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(count))


def _badge_radius(size: float) -> float:
    return max(5.0, size * 0.19)


def _deep(color: QColor) -> QColor:
    """A side colour saturated and darkened to read as a dot on the terrain."""
    return QColor.fromHsvF(color.hsvHueF(), 0.9, 0.72)
