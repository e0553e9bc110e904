"""A chart of the weather each day of a scenario may bring, drawn with QPainter: stacked bars
of the ground-condition chances with the storm chance over them, and the visibility range
below, against the scenario's dates."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QToolTip, QWidget

from editor.docks.weather_models import CONDITION_COLORS, DayWeather, WeatherOutlook
from schemas.vocabulary import Condition

STORM_COLOR = QColor("#2b2d5c")
VISIBILITY_COLOR = QColor(74, 120, 168, 150)
LIMIT_COLOR = QColor("#a0463c")
HIGHLIGHT_COLOR = QColor("#dce9f8")
GRID_COLOR = QColor("#e2e2e2")
AXIS_COLOR = QColor("#555555")

_LEFT, _RIGHT, _TOP, _BOTTOM = 52, 14, 26, 22
_GAP = 14
_CHANCE_SHARE = 0.64


class WeatherChart(QWidget):
    """Daily condition chances (stacked bars, %), storm chance (line) and visibility range
    (band, hexes) over the scenario's days; the header's visibility limits are dashed."""

    day_clicked = Signal(int)
    """The index of a day the designer clicked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.outlook = WeatherOutlook((), (1, 1), False)
        self.highlight_row: int | None = None
        # Small enough for the bottom panel of a 1280x720 screen; the dock stacks or tabs the
        # table and chart when it has less room.
        self.setMinimumSize(240, 140)
        self.setMouseTracking(False)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def sizeHint(self) -> QSize:
        return QSize(700, 300)

    def set_outlook(self, outlook: WeatherOutlook) -> None:
        """Show other days."""
        self.outlook = outlook
        self.update()

    def set_highlight_row(self, row: int | None) -> None:
        """Shade the days a weather row governs (None: no shading)."""
        if row != self.highlight_row:
            self.highlight_row = row
            self.update()

    # Geometry ---------------------------------------------------------------------------------

    def _plot(self) -> QRectF:
        return QRectF(
            _LEFT,
            _TOP,
            max(1, self.width() - _LEFT - _RIGHT),
            max(1, self.height() - _TOP - _BOTTOM),
        )

    def chance_area(self) -> QRectF:
        """Where the condition bars are drawn."""
        plot = self._plot()
        return QRectF(plot.left(), plot.top(), plot.width(), (plot.height() - _GAP) * _CHANCE_SHARE)

    def visibility_area(self) -> QRectF:
        """Where the visibility band is drawn."""
        plot = self._plot()
        top = self.chance_area().bottom() + _GAP
        return QRectF(plot.left(), top, plot.width(), plot.bottom() - top)

    def _slot(self, index: int) -> QRectF:
        plot = self._plot()
        width = plot.width() / max(1, len(self.outlook.days))
        return QRectF(plot.left() + index * width, plot.top(), width, plot.height())

    def bar_rect(self, index: int) -> QRectF:
        """The stacked bar of a day."""
        slot = self._slot(index)
        width = min(slot.width() * 0.72, 90.0)
        area = self.chance_area()
        return QRectF(slot.center().x() - width / 2, area.top(), width, area.height())

    def day_at(self, x: float) -> int | None:
        """The day under a horizontal position, if any."""
        days = len(self.outlook.days)
        plot = self._plot()
        if not days or not plot.left() <= x < plot.right():
            return None
        return min(days - 1, int((x - plot.left()) / (plot.width() / days)))

    def _vis_max(self) -> int:
        highest = max((d.visibility[1] for d in self.outlook.days), default=1)
        return max(highest, *self.outlook.visibility_limits) + 1

    def _vis_y(self, hexes: float) -> float:
        area = self.visibility_area()
        return area.bottom() - area.height() * hexes / self._vis_max()

    # Painting ---------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() - 1))
        painter.setFont(font)
        if not self.outlook.days:
            painter.setPen(AXIS_COLOR)
            text = self.outlook.message or "No scenario dates to chart."
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, text)
            return
        self._draw_highlight(painter)
        self._draw_chance_axis(painter)
        self._draw_visibility_axis(painter)
        for index, day in enumerate(self.outlook.days):
            self._draw_bar(painter, index, day)
            self._draw_visibility(painter, index, day)
        self._draw_row_breaks(painter)
        self._draw_storm(painter)
        self._draw_limits(painter)
        self._draw_dates(painter)
        self._draw_legend(painter)

    def _draw_highlight(self, painter: QPainter) -> None:
        if self.highlight_row is None:
            return
        plot = self._plot()
        for index, day in enumerate(self.outlook.days):
            if day.row == self.highlight_row:
                slot = self._slot(index)
                painter.fillRect(
                    QRectF(slot.left(), plot.top(), slot.width(), plot.height()), HIGHLIGHT_COLOR
                )

    def _draw_chance_axis(self, painter: QPainter) -> None:
        area = self.chance_area()
        metrics = QFontMetrics(painter.font())
        for percent in (0, 25, 50, 75, 100):
            y = area.bottom() - area.height() * percent / 100
            painter.setPen(QPen(GRID_COLOR, 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(AXIS_COLOR)
            label = f"{percent}%"
            painter.drawText(
                QPointF(
                    area.left() - 6 - metrics.horizontalAdvance(label), y + metrics.ascent() / 2 - 1
                ),
                label,
            )
        self._axis_title(painter, "Chance", area)

    def _draw_visibility_axis(self, painter: QPainter) -> None:
        area = self.visibility_area()
        metrics = QFontMetrics(painter.font())
        top = self._vis_max()
        fitting = max(1, int(area.height() // (metrics.height() + 4)))
        step = max(1, -(-top // fitting))
        for hexes in range(0, top + 1, step):
            y = self._vis_y(hexes)
            painter.setPen(QPen(GRID_COLOR, 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(AXIS_COLOR)
            label = str(hexes)
            painter.drawText(
                QPointF(
                    area.left() - 6 - metrics.horizontalAdvance(label), y + metrics.ascent() / 2 - 1
                ),
                label,
            )
        self._axis_title(painter, "Vis. (hexes)", area)

    def _axis_title(self, painter: QPainter, text: str, area: QRectF) -> None:
        painter.save()
        painter.setPen(AXIS_COLOR)
        painter.translate(12, area.center().y())
        painter.rotate(-90)
        metrics = QFontMetrics(painter.font())
        painter.drawText(QPointF(-metrics.horizontalAdvance(text) / 2, 0), text)
        painter.restore()

    def _draw_bar(self, painter: QPainter, index: int, day: DayWeather) -> None:
        bar = self.bar_rect(index)
        metrics = QFontMetrics(painter.font())
        bottom = bar.bottom()
        for condition, chance in zip(Condition, day.chances, strict=True):
            if chance <= 0:
                continue
            height = bar.height() * chance / 100
            segment = QRectF(bar.left(), bottom - height, bar.width(), height)
            color = CONDITION_COLORS[condition]
            painter.fillRect(segment, color)
            painter.setPen(QPen(color.darker(135), 1))
            painter.drawRect(segment)
            if height >= metrics.height() and bar.width() >= metrics.horizontalAdvance("100") + 4:
                painter.setPen(
                    Qt.GlobalColor.white if color.lightness() < 140 else Qt.GlobalColor.black
                )
                painter.drawText(segment, Qt.AlignmentFlag.AlignCenter, f"{chance:.0f}")
            bottom -= height

    def _draw_visibility(self, painter: QPainter, index: int, day: DayWeather) -> None:
        bar = self.bar_rect(index)
        low, high = day.visibility
        top, bottom = self._vis_y(high), self._vis_y(low)
        band = QRectF(bar.left(), top - 1.5, bar.width(), max(3.0, bottom - top + 3))
        painter.fillRect(band, VISIBILITY_COLOR)
        painter.setPen(QPen(VISIBILITY_COLOR.darker(150), 1))
        painter.drawRect(band)
        text = f"{low}–{high}" if low != high else str(low)
        metrics = QFontMetrics(painter.font())
        if bar.width() >= metrics.horizontalAdvance(text) + 6:
            painter.setPen(QColor("#10263d"))
            box = QRectF(
                band.left(), band.top(), band.width(), max(band.height(), metrics.height())
            )
            if band.height() < metrics.height():
                box.moveBottom(band.top() - 1)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _draw_row_breaks(self, painter: QPainter) -> None:
        plot = self._plot()
        painter.setPen(QPen(QColor("#9a9a9a"), 1, Qt.PenStyle.DotLine))
        days = self.outlook.days
        for index in range(1, len(days)):
            if days[index].row != days[index - 1].row and index > 1:
                x = self._slot(index).left()
                painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))

    def _draw_storm(self, painter: QPainter) -> None:
        area = self.chance_area()
        points = [
            QPointF(self.bar_rect(i).center().x(), area.bottom() - area.height() * day.storm / 100)
            for i, day in enumerate(self.outlook.days)
            if day.storm is not None
        ]
        if not points:
            return
        painter.setPen(QPen(STORM_COLOR, 2))
        painter.drawPolyline(points)
        painter.setBrush(STORM_COLOR)
        for point in points:
            painter.drawEllipse(point, 3.5, 3.5)
        painter.setBrush(Qt.BrushStyle.NoBrush)

    def _draw_limits(self, painter: QPainter) -> None:
        area = self.visibility_area()
        painter.setPen(QPen(LIMIT_COLOR, 1.2, Qt.PenStyle.DashLine))
        for hexes in sorted(set(self.outlook.visibility_limits)):
            y = self._vis_y(hexes)
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))

    def _draw_dates(self, painter: QPainter) -> None:
        metrics = QFontMetrics(painter.font())
        plot = self._plot()
        painter.setPen(QPen(AXIS_COLOR, 1))
        painter.drawLine(QPointF(plot.left(), plot.bottom()), QPointF(plot.right(), plot.bottom()))
        days = self.outlook.days
        width = plot.width() / len(days)
        label_width = metrics.horizontalAdvance("30 Dec") + 10
        every = max(1, -(-int(label_width) // max(1, int(width))))
        for index, day in enumerate(days):
            if index % every:
                continue
            x = self._slot(index).center().x()
            text = f"{day.day.day} {day.day:%b}"
            if index == 0 and metrics.horizontalAdvance(f"{text} (start)") + 8 < width * every:
                text += " (start)"
            painter.drawText(
                QPointF(
                    x - metrics.horizontalAdvance(text) / 2, plot.bottom() + metrics.ascent() + 4
                ),
                text,
            )

    def _draw_legend(self, painter: QPainter) -> None:
        metrics = QFontMetrics(painter.font())
        x = float(_LEFT)
        y = 8.0
        box = 10.0
        entries: list[tuple[str, str, QColor]] = [
            ("box", condition.value.capitalize(), CONDITION_COLORS[condition])
            for condition in Condition
        ]
        entries += [
            ("line", "Storm %", STORM_COLOR),
            ("box", "Visibility", VISIBILITY_COLOR),
            ("dash", "Header limits", LIMIT_COLOR),
        ]
        for shape, text, color in entries:
            if shape == "box":
                painter.fillRect(QRectF(x, y, box, box), color)
                painter.setPen(QPen(color.darker(140), 1))
                painter.drawRect(QRectF(x, y, box, box))
            else:
                style = Qt.PenStyle.SolidLine if shape == "line" else Qt.PenStyle.DashLine
                painter.setPen(QPen(color, 2 if shape == "line" else 1.2, style))
                painter.drawLine(QPointF(x, y + box / 2), QPointF(x + 14, y + box / 2))
            x += (14 if shape != "box" else box) + 4
            painter.setPen(AXIS_COLOR)
            painter.drawText(QPointF(x, y + box - 1), text)
            x += metrics.horizontalAdvance(text) + 12

    # Interaction ------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.day_at(event.pos().x())
            if index is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), describe_day(self.outlook.days[index]), self)
            return True
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.day_at(event.position().x())
        if index is not None:
            self.day_clicked.emit(index)
        super().mousePressEvent(event)


def describe_day(day: DayWeather) -> str:
    """A day's chances, storm and visibility as a tool tip."""
    chances = ", ".join(
        f"{condition.value.capitalize()} {chance:.0f}%"
        for condition, chance in zip(Condition, day.chances, strict=True)
        if chance > 0
    )
    source = f"row {day.row + 1}" if day.row is not None else "the header"
    lines = [f"<b>{day.day:%a %d %b %Y}</b> ({source})", chances]
    if day.storm is not None:
        lines.append(f"Storm {day.storm}%")
    low, high = day.visibility
    lines.append(f"Visibility {low}–{high} hexes" if low != high else f"Visibility {low} hexes")
    if day.note:
        lines.append(f"<i>{day.note}</i>")
    return "<br>".join(lines)
