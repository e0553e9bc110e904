"""Tactical GameX counters drawn as the physical counters: the nation's colour, attack strength,
weapon type and range across the top, the unit's name in the middle, defense strength lower
left and movement points lower right, read in a "Z" [003 2.1]. A `*` follows a double range; an
attached CP is a small flag in the upper right; a disrupted counter shows its reverse side."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap

NATION_COLOURS: dict[str, tuple[str, str]] = {
    "germany": ("#8f9a8a", "#111111"),
    "soviet_union": ("#b3493a", "#fff6e0"),
    "united_states": ("#6f7d3c", "#ffffff"),
    "britain": ("#c9ad7b", "#1a1a1a"),
    "france": ("#4f6fa8", "#ffffff"),
    "italy": ("#a9b56f", "#111111"),
    "japan": ("#d9c35a", "#111111"),
    "finland": ("#e4e4e4", "#1b3a6b"),
    "hungary": ("#7d8f62", "#ffffff"),
    "poland": ("#b9a7a0", "#111111"),
    "romania": ("#8c7a4b", "#ffffff"),
}
"""Counter and print colour of each nation (counter colour shows nationality [003 2.0])."""


def nation_colours(nation: object) -> tuple[QColor, QColor]:
    """The counter's colour and its print colour for a nation."""
    key = str(getattr(nation, "value", nation))
    face, ink = NATION_COLOURS.get(key, ("#d0d0d0", "#111111"))
    return QColor(face), QColor(ink)


def top_line(unit_type: Any) -> str:
    """The top of the counter: attack strength, weapon type, range (with `*`).

    >>> from types import SimpleNamespace as T
    >>> top_line(T(attack=12, weapon=T(value="A"), range=10, double_range=False))
    '12 A 10'
    >>> top_line(T(attack=7, weapon=T(value="I"), range=1, double_range=True))
    '7 I 1*'
    """
    star = "*" if unit_type.double_range else ""
    return f"{unit_type.attack} {unit_type.weapon.value} {unit_type.range}{star}"


def paint_counter(
    painter: QPainter,
    rect: QRectF,
    unit_type: Any,
    *,
    label: str = "",
    command_post: bool = False,
    selected: bool = False,
) -> None:
    """Draw one counter filling `rect` (a square)."""
    face, ink = nation_colours(getattr(unit_type, "nation", ""))
    side = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    outline = QPen(QColor("#ffd21f") if selected else QColor(0, 0, 0, 200))
    outline.setWidthF(max(1.0, side * (0.08 if selected else 0.03)))
    painter.setPen(outline)
    painter.setBrush(face)
    radius = side * 0.08
    painter.drawRoundedRect(rect, radius, radius)
    if side >= 18:
        painter.setPen(ink)
        inner = rect.adjusted(side * 0.06, side * 0.04, -side * 0.06, -side * 0.04)
        font = QFont()
        font.setPixelSize(max(5, round(side * 0.24)))
        font.setBold(True)
        painter.setFont(font)
        third = inner.height() / 3
        top = QRectF(inner.left(), inner.top(), inner.width(), third)
        text = top_line(unit_type)
        wide = painter.fontMetrics().horizontalAdvance(text)
        if wide > inner.width():  # "14 A 10*" keeps to the counter's width
            fitted = QFont(font)
            fitted.setPixelSize(max(5, int(font.pixelSize() * inner.width() / wide)))
            painter.setFont(fitted)
        painter.drawText(top, Qt.AlignmentFlag.AlignCenter, text)
        middle = QRectF(inner.left(), inner.top() + third, inner.width(), third)
        small = QFont(font)
        small.setBold(False)
        small.setPixelSize(max(5, round(side * 0.17)))
        painter.setFont(small)
        name = label or str(getattr(unit_type, "name", ""))
        painter.drawText(
            middle,
            Qt.AlignmentFlag.AlignCenter,
            painter.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(inner.width())),
        )
        painter.setFont(font)
        bottom = QRectF(inner.left(), inner.top() + 2 * third, inner.width(), third)
        painter.drawText(
            bottom,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            str(unit_type.defense),
        )
        painter.drawText(
            bottom,
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            str(unit_type.movement),
        )
    if command_post:
        flag = QRectF(rect.right() - side * 0.26, rect.top() + side * 0.06, side * 0.2, side * 0.14)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#f4f1e6"))
        painter.drawRect(flag)
    painter.restore()


def counter_pixmap(unit_type: Any, side: int, device_ratio: float = 1.0) -> QPixmap:
    """One counter as an image (the Unit Types panel's preview, a drag's cursor)."""
    pixmap = QPixmap(round(side * device_ratio), round(side * device_ratio))
    pixmap.setDevicePixelRatio(device_ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_counter(painter, QRectF(1, 1, side - 2, side - 2), unit_type)
    painter.end()
    return pixmap
