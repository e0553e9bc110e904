"""The frame every chart of the Balance panel shares, drawn with QPainter as plotting tools draw
theirs: a title, axes with round-number ticks and labels, axis titles, a legend, and tool tips
with the exact figures under the mouse. Margins follow the font, so the charts read the same at
100 % and 200 %."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QHelpEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QToolTip, QWidget

AXIS_COLOR = QColor("#444444")
GRID_COLOR = QColor("#e4e4e4")
SERIES_COLORS = (QColor("#3a6ea5"), QColor("#d9822b"))
"""Run A (or the only run) and run B: blue and orange, told apart in grey too by their shade."""
LINE_COLORS = tuple(
    QColor(c)
    for c in (
        "#1f77b4",
        "#ff7f0e",
        "#2ca02c",
        "#d62728",
        "#9467bd",
        "#8c564b",
        "#e377c2",
        "#7f7f7f",
        "#bcbd22",
        "#17becf",
    )
)
"""The usual ten-colour cycle of plotting tools, for one line per objective."""
LINE_STYLES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine)
"""Beyond ten lines the colours repeat with another dash, so no two lines look alike."""


def nice_ticks(low: float, high: float, most: int) -> list[float]:
    """Round tick values (steps of 1, 2 or 5 times a power of ten) covering low..high, at most
    `most` of them (and at least two).

    >>> nice_ticks(0, 1, 5)
    [0.0, 0.25, 0.5, 0.75, 1.0]
    >>> nice_ticks(-367, 578, 6)
    [-400.0, -200.0, 0.0, 200.0, 400.0, 600.0]
    """
    if high <= low:
        high = low + 1
    most = max(2, most)
    raw = (high - low) / (most - 1)
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * power
        first = math.floor(low / step) * step
        last = math.ceil(high / step) * step
        if round((last - first) / step) + 1 <= most:
            break
    count = round((last - first) / step) + 1
    return [round(first + i * step, 10) for i in range(count)]


@dataclass(frozen=True)
class LegendEntry:
    """One entry of a chart's legend: a box, a line or a band in a colour, and its text."""

    text: str
    color: QColor
    shape: str = "box"
    """"box", "line" (dashed by `style`), "band", or "lineband" (a line in its band)."""
    style: Qt.PenStyle = Qt.PenStyle.SolidLine


class PlotFrame(QWidget):
    """A chart with a title, an x and a y axis, and a legend; subclasses give the ranges, the
    ticks' labels, the data drawing and the tool tip of a point."""

    x_title = ""
    y_title = ""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.show_title = True
        """Off when a tab above the chart already names it (a short panel keeps the room)."""
        self.empty_text = "No games yet: Run plays the scenario."
        self.setMinimumSize(180, 100)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def sizeHint(self) -> QSize:
        return QSize(420, 280)

    # What subclasses give ---------------------------------------------------------------------

    def has_data(self) -> bool:
        """Whether there is anything to draw."""
        return False

    def y_range(self) -> tuple[float, float]:
        """The lowest and highest value of the y axis."""
        return 0.0, 1.0

    def y_label(self, value: float) -> str:
        """A y tick's label."""
        return f"{value:g}"

    def x_ticks(self, plot: QRectF) -> list[tuple[float, str]]:
        """(x position, label) of each x tick."""
        return []

    def legend(self) -> list[LegendEntry]:
        """The legend's entries (none: no legend)."""
        return []

    def draw_data(self, painter: QPainter, plot: QRectF) -> None:
        """Draw the data inside `plot`."""

    def tip_at(self, point: QPointF, plot: QRectF) -> str | None:
        """The exact figures under the mouse (rich text), or None."""
        return None

    def tip_for(self, point: QPointF) -> str | None:
        """The tool tip at a point of the widget (the tests ask it directly)."""
        return self.tip_at(point, self.plot_rect()) if self.has_data() else None

    # Geometry ---------------------------------------------------------------------------------

    def chart_font(self) -> QFont:
        """The font of ticks, labels and legend: the panel's, one point smaller."""
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() - 1))
        return font

    def legend_rows(self, width: float) -> list[list[tuple[LegendEntry, float]]]:
        """The legend's entries with their widths, wrapped into rows no wider than `width`."""
        metrics = QFontMetricsF(self.chart_font())
        rows: list[list[tuple[LegendEntry, float]]] = [[]]
        used = 0.0
        for entry in self.legend():
            size = metrics.height() * 1.6 + metrics.horizontalAdvance(entry.text) + 12
            if rows[-1] and used + size > width:
                rows.append([])
                used = 0.0
            rows[-1].append((entry, size))
            used += size
        return [row for row in rows if row]

    def plot_rect(self) -> QRectF:
        """Where the data is drawn, inside the title, the tick labels and the legend."""
        metrics = QFontMetricsF(self.chart_font())
        low, high = self.y_range()
        labels = [self.y_label(v) for v in nice_ticks(low, high, 6)]
        left = metrics.height() * 1.6 + max(metrics.horizontalAdvance(t) for t in labels) + 8
        right = metrics.horizontalAdvance("00") + 4
        top = self.title_height() + metrics.height() * 0.4
        legend = len(self.legend_rows(self.width() - left - right)) * metrics.height() * 1.3
        bottom = metrics.height() * 2.6 + legend
        return QRectF(
            left, top, max(1.0, self.width() - left - right), max(1.0, self.height() - top - bottom)
        )

    def y_of(self, value: float, plot: QRectF) -> float:
        """The y position of a value."""
        low, high = self.y_range()
        return plot.bottom() - plot.height() * (value - low) / ((high - low) or 1)

    # Painting ---------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        painter.setFont(self.chart_font())
        self._draw_title(painter)
        if not self.has_data():
            painter.setPen(AXIS_COLOR)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.empty_text)
            return
        plot = self.plot_rect()
        self._draw_y_axis(painter, plot)
        painter.save()
        painter.setClipRect(plot.adjusted(-6, -6, 6, 6))
        self.draw_data(painter, plot)
        painter.restore()
        self._draw_x_axis(painter, plot)
        self._draw_legend(painter, plot)

    def title_height(self) -> float:
        """The height the title takes at the top (none when it is not shown)."""
        return QFontMetricsF(self.chart_font()).height() * 1.4 if self.show_title else 0.0

    def _draw_title(self, painter: QPainter) -> None:
        if not self.show_title:
            return
        font = QFont(self.chart_font())
        font.setBold(True)
        painter.save()
        painter.setFont(font)
        painter.setPen(self.palette().text().color())
        metrics = QFontMetricsF(font)
        box = QRectF(0, 2, self.width(), metrics.height() * 1.4)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.title)
        painter.restore()

    def _draw_y_axis(self, painter: QPainter, plot: QRectF) -> None:
        metrics = QFontMetricsF(painter.font())
        low, high = self.y_range()
        most = max(3, min(8, int(plot.height() // (metrics.height() * 1.6)) + 1))
        for value in nice_ticks(low, high, most):
            if not low - 1e-9 <= value <= high + 1e-9:
                continue
            y = self.y_of(value, plot)
            painter.setPen(QPen(GRID_COLOR, 1))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(AXIS_COLOR)
            painter.drawLine(QPointF(plot.left() - 4, y), QPointF(plot.left(), y))
            label = self.y_label(value)
            painter.drawText(
                QPointF(
                    plot.left() - 7 - metrics.horizontalAdvance(label),
                    y + metrics.ascent() / 2 - 1,
                ),
                label,
            )
        painter.setPen(QPen(AXIS_COLOR, 1))
        painter.drawLine(plot.topLeft(), plot.bottomLeft())
        painter.save()
        painter.translate(metrics.ascent() + 2, plot.center().y())
        painter.rotate(-90)
        painter.drawText(QPointF(-metrics.horizontalAdvance(self.y_title) / 2, 0), self.y_title)
        painter.restore()

    def _draw_x_axis(self, painter: QPainter, plot: QRectF) -> None:
        metrics = QFontMetricsF(painter.font())
        painter.setPen(QPen(AXIS_COLOR, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        right_edge = -1e9
        for x, label in self.x_ticks(plot):
            painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4))
            width = metrics.horizontalAdvance(label)
            if x - width / 2 < right_edge + 4:
                continue  # labels that would overlap are left out; the tick stays
            painter.drawText(QPointF(x - width / 2, plot.bottom() + 5 + metrics.ascent()), label)
            right_edge = x + width / 2
        title_y = plot.bottom() + 6 + metrics.height() + metrics.ascent()
        painter.drawText(
            QPointF(plot.center().x() - metrics.horizontalAdvance(self.x_title) / 2, title_y),
            self.x_title,
        )

    def _draw_legend(self, painter: QPainter, plot: QRectF) -> None:
        metrics = QFontMetricsF(painter.font())
        y = plot.bottom() + metrics.height() * 2.6 + 2
        for row in self.legend_rows(plot.width()):
            x = plot.left()
            for entry, size in row:
                mark = QRectF(
                    x, y + metrics.height() * 0.2, metrics.height() * 1.3, metrics.height() * 0.6
                )
                if entry.shape == "lineband":  # a median line in its quartile band
                    fill = QColor(entry.color)
                    fill.setAlpha(70)
                    painter.fillRect(mark, fill)
                    painter.setPen(QPen(entry.color, 2))
                    painter.drawLine(
                        QPointF(mark.left(), mark.center().y()),
                        QPointF(mark.right(), mark.center().y()),
                    )
                elif entry.shape in ("box", "band"):
                    fill = QColor(entry.color)
                    if entry.shape == "band":
                        fill.setAlpha(70)
                    painter.fillRect(mark, fill)
                    painter.setPen(QPen(entry.color.darker(130), 1))
                    painter.drawRect(mark)
                else:
                    painter.setPen(QPen(entry.color, 2, entry.style))
                    painter.drawLine(
                        QPointF(mark.left(), mark.center().y()),
                        QPointF(mark.right(), mark.center().y()),
                    )
                painter.setPen(AXIS_COLOR)
                painter.drawText(
                    QPointF(mark.right() + 5, y + metrics.ascent()),
                    entry.text,
                )
                x += size
            y += metrics.height() * 1.3

    # Interaction ------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            tip = self.tip_for(QPointF(event.pos()))
            if tip:
                QToolTip.showText(event.globalPos(), tip, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)


def percent(value: float) -> str:
    """A share as a percentage for labels: 0.125 -> "12.5 %", whole numbers without decimals."""
    number = value * 100
    return f"{number:.0f} %" if abs(number - round(number)) < 0.05 else f"{number:.1f} %"
