"""The Balance panel's objectives chart: for each objective, the share of games in which the
side that held it at the start still holds it at the end of each turn. A few objectives share
one plot, a line each with a legend; more are drawn as small multiples, one small plot each
with the same axes, which read better than a tangle of lines."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

from editor.docks.balance_plot import (
    AXIS_COLOR,
    GRID_COLOR,
    LINE_COLORS,
    LINE_STYLES,
    SERIES_COLORS,
    LegendEntry,
    PlotFrame,
    percent,
)
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.balance import GameRecord

SMALL_MULTIPLES_FROM = 5
"""From this many objectives on, each gets a small plot of its own."""


@dataclass(frozen=True)
class ObjectiveLine:
    """One objective's line: the share of games in which `side` holds it at each turn's end."""

    id: str
    name: str
    side: str
    shares: tuple[float, ...]
    games: int


def hold_lines(
    records: Sequence[GameRecord], names: dict[str, str], owners: dict[str, Side | None]
) -> list[ObjectiveLine]:
    """Each objective's hold rate by turn for the side that owns it at the start of the games
    (else `owners`, the scenario's; the Allies for one neutral at the start, as the
    comparison counts it), over the games that played that turn; ordered by name."""
    played = [r for r in records if r.error is None]
    ids = sorted(
        {key for r in played for key in r.owners_by_turn}, key=lambda k: (names.get(k, k), k)
    )
    lines = []
    for key in ids:
        started = next((r.owners_at_start.get(key) for r in played if r.owners_at_start), None)
        side = Side(started) if started else owners.get(key) or Side.ALLIED
        histories = [r.owners_by_turn.get(key, ()) for r in played]
        turns = max((len(h) for h in histories), default=0)
        shares = []
        for turn in range(turns):
            seen = [h[turn] for h in histories if len(h) > turn]
            shares.append(sum(o == side.value for o in seen) / len(seen) if seen else 0.0)
        name = names.get(key) or key
        lines.append(ObjectiveLine(key, name, side.value, tuple(shares), len(played)))
    return lines


class HoldChart(PlotFrame):
    """Objective hold rates by turn: lines with a legend, or small multiples when many."""

    x_title = "Turn"
    y_title = "Held"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Objectives held by their starting owner", parent)
        self.lines: list[ObjectiveLine] = []
        self.side_names: dict[str, str] = {}
        """Side value -> how the legend names it (a Tactical GameX situation's `Soviet`)."""

    def side_of(self, line: ObjectiveLine) -> str:
        """How the chart names the side a line follows."""
        return self.side_names.get(line.side, line.side)

    def set_lines(self, lines: Sequence[ObjectiveLine]) -> None:
        """Show these objectives."""
        self.lines = list(lines)
        self.update()

    @property
    def small_multiples(self) -> bool:
        """Whether each objective gets a plot of its own."""
        return len(self.lines) >= SMALL_MULTIPLES_FROM

    def has_data(self) -> bool:
        return any(line.shares for line in self.lines)

    def turns(self) -> int:
        """Turns on the x axis."""
        return max((len(line.shares) for line in self.lines), default=0)

    def y_range(self) -> tuple[float, float]:
        return 0.0, 1.0

    def y_label(self, value: float) -> str:
        return percent(value)

    def x_of(self, turn: int, plot: QRectF) -> float:
        """The x position of a turn (1-based) inside `plot`."""
        turns = self.turns()
        if turns <= 1:
            return plot.center().x()
        return plot.left() + plot.width() * (turn - 1) / (turns - 1)

    def turn_at(self, x: float, plot: QRectF) -> int:
        """The turn nearest a position inside `plot`."""
        turns = self.turns()
        step = plot.width() / max(1, turns - 1)
        return 1 + max(0, min(turns - 1, round((x - plot.left()) / step)))

    def x_ticks(self, plot: QRectF) -> list[tuple[float, str]]:
        turns = self.turns()
        metrics = QFontMetricsF(self.chart_font())
        room = max(1, int(plot.width() // (metrics.horizontalAdvance("000") + 8)))
        step = max(1, -(-turns // room))
        return [(self.x_of(t, plot), str(t)) for t in range(1, turns + 1) if (t - 1) % step == 0]

    def pen_of(self, index: int) -> tuple[QColor, Qt.PenStyle]:
        """The colour and dash of the index-th line."""
        colors = len(LINE_COLORS)
        return LINE_COLORS[index % colors], LINE_STYLES[(index // colors) % len(LINE_STYLES)]

    def legend(self) -> list[LegendEntry]:
        if self.small_multiples:
            return []
        return [
            LegendEntry(f"{line.name} ({self.side_of(line)})", *self._legend_pen(i))
            for i, line in enumerate(self.lines)
        ]

    def _legend_pen(self, index: int) -> tuple[QColor, str, Qt.PenStyle]:
        color, style = self.pen_of(index)
        return color, "line", style

    def draw_data(self, painter: QPainter, plot: QRectF) -> None:
        for i, line in enumerate(self.lines):
            color, style = self.pen_of(i)
            painter.setPen(QPen(color, 2, style))
            painter.drawPolyline(self._points(line, plot))

    def _points(self, line: ObjectiveLine, plot: QRectF) -> QPolygonF:
        return QPolygonF(
            [QPointF(self.x_of(t, plot), self.y_of(s, plot)) for t, s in enumerate(line.shares, 1)]
        )

    def tip_at(self, point: QPointF, plot: QRectF) -> str | None:
        if not self.turns() or not plot.adjusted(-8, 0, 8, 0).contains(point):
            return None
        turn = self.turn_at(point.x(), plot)
        rows = [f"<b>Turn {turn}</b>: games in which the starting owner holds"]
        for line in self.lines:
            if turn <= len(line.shares):
                rows.append(f"{line.name} ({self.side_of(line)}): {percent(line.shares[turn - 1])}")
        return "<br>".join(rows)

    # Small multiples --------------------------------------------------------------------------

    def cells(self) -> list[tuple[ObjectiveLine, QRectF, QRectF]]:
        """Each objective's cell and the plot inside it, in rows under the title."""
        metrics = QFontMetricsF(self.chart_font())
        top = self.title_height() + metrics.height() * 0.2
        bottom = metrics.height() * 1.5
        width, height = float(self.width()), max(1.0, self.height() - top - bottom)
        count = len(self.lines)
        columns = max(1, min(count, round(math.sqrt(count * width / (3.2 * height)))))
        rows = math.ceil(count / columns)
        cell_w, cell_h = width / columns, height / rows
        found = []
        for index, line in enumerate(self.lines):
            row, column = divmod(index, columns)
            cell = QRectF(column * cell_w, top + row * cell_h, cell_w, cell_h)
            label = metrics.height() * 1.1
            plot = cell.adjusted(8, label + 2, -8, -4)
            found.append((line, cell, plot))
        return found

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.small_multiples or not self.has_data():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        font = self.chart_font()
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        self._draw_title(painter)
        for line, cell, plot in self.cells():
            painter.setPen(QPen(GRID_COLOR, 1))
            painter.drawRect(plot)
            painter.drawLine(
                QPointF(plot.left(), plot.center().y()), QPointF(plot.right(), plot.center().y())
            )
            last = percent(line.shares[-1]) if line.shares else ""
            painter.setPen(AXIS_COLOR)
            name = metrics.elidedText(
                f"{line.name} ({self.side_of(line)})",
                Qt.TextElideMode.ElideRight,
                plot.width() - metrics.horizontalAdvance(last) - 6,
            )
            baseline = cell.top() + metrics.ascent() + 1
            painter.drawText(QPointF(plot.left(), baseline), name)
            painter.drawText(
                QPointF(plot.right() - metrics.horizontalAdvance(last), baseline), last
            )
            painter.setPen(QPen(SERIES_COLORS[0], 1.8))
            painter.drawPolyline(self._points(line, plot))
        caption = f"Turns 1–{self.turns()} across, 0–100 % of games up; the last turn's figure"
        painter.setPen(AXIS_COLOR)
        painter.drawText(
            QRectF(0, self.height() - metrics.height() * 1.4, self.width(), metrics.height() * 1.3),
            Qt.AlignmentFlag.AlignCenter,
            metrics.elidedText(caption, Qt.TextElideMode.ElideRight, self.width() - 8),
        )

    def line_at(self, point: QPointF) -> tuple[ObjectiveLine, QRectF] | None:
        """The small multiple under a point: its objective and plot."""
        for line, cell, plot in self.cells():
            if cell.contains(point):
                return line, plot
        return None

    def small_tip(self, point: QPointF) -> str | None:
        """The tool tip over a small multiple: the objective's share at the turn under the
        mouse, and at the end."""
        found = self.line_at(point)
        if found is None or not self.turns():
            return None
        line, plot = found
        turn = min(self.turn_at(point.x(), plot), len(line.shares))
        if turn < 1:
            return None
        return (
            f"<b>{line.name}</b> (held by the {self.side_of(line)} side at the start)<br>"
            f"Turn {turn}: held in {percent(line.shares[turn - 1])} of {line.games} games<br>"
            f"At the end: {percent(line.shares[-1])}"
        )

    def tip_for(self, point: QPointF) -> str | None:
        """The tool tip at a point, whichever way the chart is drawn."""
        if not self.has_data():
            return None
        if self.small_multiples:
            return self.small_tip(point)
        return self.tip_at(point, self.plot_rect())
