"""A bar that shows what each score means under a scenario's victory levels: Axis major and
minor victory, draw, Allied minor and major victory, with the score range of each."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from schemas.panzer_campaigns.scenario import VictoryLevels

_SEGMENTS = (
    ("Axis major", "#56677a", "white"),
    ("Axis minor", "#9fb0c2", "#1d2733"),
    ("Draw", "#e4e4e0", "#333333"),
    ("Allied minor", "#b3c995", "#24331a"),
    ("Allied major", "#6f944b", "white"),
)


def score_ranges(levels: VictoryLevels) -> list[str]:
    """The scores of each outcome, from Axis major to Allied major victory.

    >>> levels = VictoryLevels(major_allied=40, minor_allied=15, minor_axis=-15, major_axis=-40)
    >>> score_ranges(levels)
    ['≤ −40', '−39 … −15', '−14 … 14', '15 … 39', '≥ 40']
    """

    def number(value: int) -> str:
        return str(value).replace("-", "−")

    def span(low: int, high: int) -> str:
        return number(low) if low == high else f"{number(low)} … {number(high)}"

    return [
        f"≤ {number(levels.major_axis)}",
        span(levels.major_axis + 1, levels.minor_axis),
        span(levels.minor_axis + 1, levels.minor_allied - 1),
        span(levels.minor_allied, levels.major_allied - 1),
        f"≥ {number(levels.major_allied)}",
    ]


def levels_in_order(levels: VictoryLevels) -> bool:
    """Whether the thresholds run major Allied > minor Allied > minor Axis > major Axis."""
    return levels.major_allied > levels.minor_allied > levels.minor_axis > levels.major_axis


class VictoryScale(QWidget):
    """Five coloured bands, one per outcome, each with its score range."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.levels: VictoryLevels | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_levels(self, levels: VictoryLevels | None) -> None:
        """Show these thresholds (None: an empty bar)."""
        self.levels = levels
        tip = (
            "<p>The score is Allied victory points minus Axis victory points, plus the "
            "advantage, read against the victory levels at the end of the game.</p>"
        )
        if levels is not None:
            rows = "".join(
                f"<tr><td>{name}</td><td align='right'>&nbsp;&nbsp;{scores}</td></tr>"
                for (name, _, _), scores in zip(_SEGMENTS, score_ranges(levels), strict=True)
            )
            tip += f"<table>{rows}</table>"
        self.setToolTip(tip)
        self.update()

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().height()
        return QSize(5 * 80, 3 * line + 12)

    def minimumSizeHint(self) -> QSize:
        # Each band needs room for the longest word of its two-line name, no more: the
        # scale must fit a laptop's side panel.
        words = [word for name, _, _ in _SEGMENTS for word in name.split()]
        widest = max(self.fontMetrics().horizontalAdvance(word) for word in words)
        return QSize(len(_SEGMENTS) * (widest + 6), self.sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        metrics = self.fontMetrics()
        bar = 2 * metrics.height() + 8
        width = self.width() / len(_SEGMENTS)
        broken = self.levels is not None and not levels_in_order(self.levels)
        for number, (name, fill, ink) in enumerate(_SEGMENTS):
            rect = QRectF(number * width, 0, width, bar)
            painter.fillRect(rect, QColor("#e6e6e6") if broken else QColor(fill))
            painter.setPen(QColor("#888888") if broken else QColor(ink))
            # Side above outcome: two short lines fit the narrowest dock.
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), name.replace(" ", "\n"))
        painter.setPen(QPen(QColor(0, 0, 0, 60), 1))
        painter.drawRect(QRectF(0.5, 0.5, self.width() - 1, bar - 1))
        if self.levels is not None:
            # Each threshold sits on the border between the two outcomes it separates.
            thresholds = (
                self.levels.major_axis,
                self.levels.minor_axis,
                self.levels.minor_allied,
                self.levels.major_allied,
            )
            painter.setPen(self.palette().color(self.foregroundRole()))
            for number, value in enumerate(thresholds, start=1):
                x = number * width
                painter.drawLine(QPointF(x, bar), QPointF(x, bar + 3))
                label = str(value).replace("-", "−")
                half = metrics.horizontalAdvance(label) / 2 + 2
                rect = QRectF(x - half, bar + 3, 2 * half, metrics.height())
                painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), label)
        painter.end()
