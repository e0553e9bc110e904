"""The Balance panel's charts of one run, or of two side by side (A and B) after a comparison:
how often each victory level came out (bars with their 95 % intervals) and the score by turn
(the median line in its quartile band, the victory levels' thresholds dashed)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

from editor.docks.balance_plot import (
    AXIS_COLOR,
    SERIES_COLORS,
    LegendEntry,
    PlotFrame,
    percent,
)
from schemas.panzer_campaigns.scenario import VictoryLevels

if TYPE_CHECKING:
    from engine.balance import BalanceSummary, GameRecord
    from engine.panzer_campaigns.objectives import Outcome


@functools.cache
def level_labels() -> dict[Outcome, str]:
    """The five victory levels [000 2.0], best for the Allies first, as the x axis names them
    (`LEVEL_LABELS`; made when first asked for, so that the editor's start does not import the
    engine's objectives)."""
    from engine.panzer_campaigns.objectives import Outcome  # noqa: PLC0415

    return {
        Outcome.ALLIED_MAJOR_VICTORY: "Allied major",
        Outcome.ALLIED_MINOR_VICTORY: "Allied minor",
        Outcome.DRAW: "Draw",
        Outcome.AXIS_MINOR_VICTORY: "Axis minor",
        Outcome.AXIS_MAJOR_VICTORY: "Axis major",
    }


def __getattr__(name: str) -> Any:
    if name == "LEVEL_LABELS":
        return level_labels()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class ChartRun:
    """One run as the charts draw it: its name in the legend, its games and their summary."""

    name: str
    records: Sequence[GameRecord]
    summary: BalanceSummary
    played: list[GameRecord] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "played", [r for r in self.records if r.error is None])


class _RunsChart(PlotFrame):
    """A chart of one or two runs."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.runs: list[ChartRun] = []

    def set_runs(self, runs: Sequence[ChartRun]) -> None:
        """Show these runs (none: the empty text)."""
        self.runs = list(runs)
        self.update()

    def has_data(self) -> bool:
        return any(run.played for run in self.runs)

    def legend(self) -> list[LegendEntry]:
        if len(self.runs) < 2:
            return []
        return [LegendEntry(run.name, SERIES_COLORS[i % 2]) for i, run in enumerate(self.runs)]


class LevelChart(_RunsChart):
    """Share of games ending at each victory level, a bar per run, with its 95 % interval as
    an error bar."""

    x_title = "Victory level"
    y_title = "Games"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Victory levels (95 % intervals)", parent)
        self.sides_in_title = False
        """Whether the axis title says which side's levels are at which end, so that a narrow
        chart may leave the side out of each label."""
        self.level_names: list[tuple[str, str]] | None = None
        """(level, its axis label), best for the Allies first; None: Panzer Campaigns' five."""

    def set_level_names(self, names: Sequence[tuple[str, str]] | None) -> None:
        """The levels of the x axis, for a ruleset whose levels are its situation's own
        (Tactical GameX); None for Panzer Campaigns' five."""
        self.level_names = list(names) if names is not None else None
        self.update()

    def levels(self) -> list[tuple[str, str]]:
        """(level, its axis label) along the x axis, best for the Allies first."""
        if self.level_names is not None:
            return self.level_names
        return [(level.value, label) for level, label in level_labels().items()]

    def y_range(self) -> tuple[float, float]:
        return 0.0, 1.0

    def y_label(self, value: float) -> str:
        return percent(value)

    def _slot(self, index: int, plot: QRectF) -> QRectF:
        width = plot.width() / max(1, len(self.levels()))
        return QRectF(plot.left() + index * width, plot.top(), width, plot.height())

    def bar_rect(self, level: int, run: int, plot: QRectF) -> QRectF:
        """The bar of a level for a run (full height: the caller cuts it to the rate)."""
        slot = self._slot(level, plot)
        group = min(slot.width() * 0.7, 150.0)
        width = group / max(1, len(self.runs))
        left = slot.center().x() - group / 2 + run * width
        return QRectF(left + 1, plot.top(), width - 2, plot.height())

    def x_ticks(self, plot: QRectF) -> list[tuple[float, str]]:
        metrics = QFontMetricsF(self.chart_font())
        names = [label for _level, label in self.levels()]
        room = self._slot(0, plot).width() - 6

        def shortened(name: str, step: int) -> str:
            if step == 0:
                return name
            # A level B renamed ("German minor (was 'German marginal')") is marked with a star
            # once shortened; its tool tip keeps the old name.
            base, renamed, _ = name.partition(" (was ")
            words = base.split(" ")
            mark = "*" if renamed else ""
            if len(words) < 2:
                return base + mark
            return " ".join(([words[0][0] + "."] if step == 1 else []) + words[1:]) + mark

        # A narrow chart names the sides by their initials ("S. marginal"), then not at all
        # when the axis title says which side is at which end, rather than leaving labels out;
        # every label is shortened alike, and the tool tip names the level whole.
        step = next(
            (
                step
                for step in ((0, 1, 2) if self.sides_in_title else (0, 1))
                if all(metrics.horizontalAdvance(shortened(n, step)) <= room for n in names)
            ),
            2 if self.sides_in_title else 1,
        )
        return [
            (self._slot(i, plot).center().x(), shortened(name, step))
            for i, name in enumerate(names)
        ]

    def draw_data(self, painter: QPainter, plot: QRectF) -> None:
        metrics = QFontMetricsF(painter.font())
        for r, run in enumerate(self.runs):
            color = SERIES_COLORS[r % 2]
            for i, (level, _label) in enumerate(self.levels()):
                share = run.summary.levels.get(level)
                if share is None:
                    continue
                bar = self.bar_rect(i, r, plot)
                top = self.y_of(share.rate, plot)
                painter.fillRect(QRectF(bar.left(), top, bar.width(), plot.bottom() - top), color)
                # The 95 % interval: a whisker with caps, dark on the bar and beside it.
                x = bar.center().x()
                low, high = self.y_of(share.low, plot), self.y_of(share.high, plot)
                cap = min(8.0, bar.width() / 3)
                painter.setPen(QPen(QColor("#222222"), 1.4))
                painter.drawLine(QPointF(x, low), QPointF(x, high))
                painter.drawLine(QPointF(x - cap, low), QPointF(x + cap, low))
                painter.drawLine(QPointF(x - cap, high), QPointF(x + cap, high))
                label = percent(share.rate)
                width = metrics.horizontalAdvance(label) + 4
                if bar.width() >= width - 2:
                    # Above the whisker, or on a plate over it near the top of the axis.
                    bottom = max(plot.top() + metrics.height(), min(top, high) - 2)
                    plate = QRectF(
                        x - width / 2, bottom - metrics.height(), width, metrics.height()
                    )
                    if bottom > min(top, high) - 2:
                        painter.fillRect(plate, self.palette().base())
                    painter.setPen(AXIS_COLOR)
                    painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, label)

    def tip_at(self, point: QPointF, plot: QRectF) -> str | None:
        if not plot.left() <= point.x() < plot.right():
            return None
        levels = self.levels()
        if not levels:
            return None
        index = int((point.x() - plot.left()) / (plot.width() / len(levels)))
        level = levels[min(index, len(levels) - 1)][0]
        lines = [f"<b>{level.replace('_', ' ').capitalize()}</b>"]
        for run in self.runs:
            share = run.summary.levels.get(level)
            if share is None:
                continue
            count = sum(r.outcome == level for r in run.played)
            name = f"{run.name}: " if len(self.runs) > 1 else ""
            lines.append(
                f"{name}{count} of {len(run.played)} games, {share.rate * 100:.1f} % "
                f"(95 % interval {share.low * 100:.1f}–{share.high * 100:.1f} %, "
                f"{run.summary.level_method})"
            )
        return "<br>".join(lines)


class ScoreChart(_RunsChart):
    """The score at the end of each turn over the games: the median as a line inside the band
    from the lower to the upper quartile; the scenario's victory thresholds dashed."""

    x_title = "Turn"
    y_title = "Score (Allied − Axis)"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Score by turn (median, quartile band)", parent)
        self.levels: VictoryLevels | None = None

    def set_levels(self, levels: VictoryLevels | None) -> None:
        """The victory thresholds to draw."""
        self.levels = levels
        self.update()

    def _turns(self) -> int:
        return max((len(run.summary.score_by_turn) for run in self.runs), default=0)

    def has_data(self) -> bool:
        return super().has_data() and self._turns() > 0

    def _thresholds(self) -> list[tuple[float, str]]:
        levels = self.levels
        if levels is None:
            return []
        return [
            (levels.major_allied, "Allied major"),
            (levels.minor_allied, "Allied minor"),
            (levels.minor_axis, "Axis minor"),
            (levels.major_axis, "Axis major"),
        ]

    def y_range(self) -> tuple[float, float]:
        values = [
            v
            for run in self.runs
            for q in run.summary.score_by_turn
            for v in (q.q1, q.median, q.q3)
        ]
        if not values:
            return 0.0, 1.0
        low, high = min(values), max(values)
        # The thresholds near the data are drawn; far ones would squash the band flat.
        span = max(1.0, high - low)
        for value, _ in self._thresholds():
            if low - span <= value <= high + span:
                low, high = min(low, value), max(high, value)
        pad = (high - low) * 0.05 or 1.0
        return low - pad, high + pad

    def x_of(self, turn: int, plot: QRectF) -> float:
        """The x position of a turn (1-based)."""
        turns = self._turns()
        if turns <= 1:
            return plot.center().x()
        return plot.left() + plot.width() * (turn - 1) / (turns - 1)

    def x_ticks(self, plot: QRectF) -> list[tuple[float, str]]:
        turns = self._turns()
        metrics = QFontMetricsF(self.chart_font())
        room = max(1, int(plot.width() // (metrics.horizontalAdvance("000") + 8)))
        step = max(1, -(-turns // room))
        return [(self.x_of(t, plot), str(t)) for t in range(1, turns + 1) if (t - 1) % step == 0]

    def legend(self) -> list[LegendEntry]:
        entries = [
            LegendEntry(
                f"{run.name}: median, quartiles" if len(self.runs) > 1 else "median, quartiles",
                SERIES_COLORS[i % 2],
                "lineband",
            )
            for i, run in enumerate(self.runs)
        ]
        if self._thresholds():
            gray = QColor("#8a8a8a")
            entries.append(LegendEntry("victory levels", gray, "line", Qt.PenStyle.DashLine))
        return entries

    def draw_data(self, painter: QPainter, plot: QRectF) -> None:
        metrics = QFontMetricsF(painter.font())
        low, high = self.y_range()
        for value, name in self._thresholds():
            if not low <= value <= high:
                continue
            y = self.y_of(value, plot)
            painter.setPen(QPen(QColor("#8a8a8a"), 1, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(QColor("#6a6a6a"))
            painter.drawText(
                QPointF(plot.right() - metrics.horizontalAdvance(name) - 3, y - 3), name
            )
        for i, run in enumerate(self.runs):
            quartiles = run.summary.score_by_turn
            if not quartiles:
                continue
            color = SERIES_COLORS[i % 2]
            upper = [
                QPointF(self.x_of(t, plot), self.y_of(q.q3, plot))
                for t, q in enumerate(quartiles, 1)
            ]
            lower = [
                QPointF(self.x_of(t, plot), self.y_of(q.q1, plot))
                for t, q in enumerate(quartiles, 1)
            ]
            band = QPainterPath()
            band.addPolygon(QPolygonF(upper + lower[::-1]))
            fill = QColor(color)
            fill.setAlpha(60)
            painter.fillPath(band, fill)
            median = [
                QPointF(self.x_of(t, plot), self.y_of(q.median, plot))
                for t, q in enumerate(quartiles, 1)
            ]
            painter.setPen(QPen(color, 2))
            painter.drawPolyline(QPolygonF(median))
            painter.setBrush(color)
            for point in median:
                painter.drawEllipse(point, 2.5, 2.5)
            painter.setBrush(Qt.BrushStyle.NoBrush)

    def tip_at(self, point: QPointF, plot: QRectF) -> str | None:
        turns = self._turns()
        if not turns or not plot.adjusted(-8, 0, 8, 0).contains(point):
            return None
        step = plot.width() / max(1, turns - 1)
        turn = 1 + max(0, min(turns - 1, round((point.x() - plot.left()) / step)))
        lines = [f"<b>Turn {turn}</b>"]
        for run in self.runs:
            if turn > len(run.summary.score_by_turn):
                continue
            q = run.summary.score_by_turn[turn - 1]
            name = f"{run.name}: " if len(self.runs) > 1 else ""
            lines.append(f"{name}median {q.median:g}, quartiles {q.q1:g} to {q.q3:g}")
        return "<br>".join(lines)
