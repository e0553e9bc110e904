"""The Test-play panel's control of the activation points spent on an off-board battery's
accuracy die [003 6.4.4]: each point lowers the die by one, and the chances of the fire
landing on the hex, scattering or being widely spread are shown as the number changes."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QWidget

MAX_POINTS = 5
"""More than five points cannot matter: at five even a 6 lands on the hex."""


class AccuracyPoints(QWidget):
    """ "Accuracy points" with its spin box and the live chances."""

    changed = Signal(int)
    """The points to spend changed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.points = QSpinBox(self)
        self.points.setObjectName("tgx_accuracy_points")
        self.points.setRange(0, MAX_POINTS)
        self.points.setPrefix("accuracy −")
        self.points.setToolTip(
            "Activation points an Artillery call spends to lower its accuracy die, one each "
            "[003 6.4.4]"
        )
        self.chances = QLabel(self)
        self.chances.setObjectName("tgx_accuracy_chances")
        self.chances.setWordWrap(True)
        row.addWidget(self.points)
        row.addWidget(self.chances, 1)
        self.points.valueChanged.connect(self._changed)
        self._shown = False

    def _changed(self, points: int) -> None:
        from engine.tactical_gamex.attacks import accuracy_chances  # noqa: PLC0415

        odds = accuracy_chances(points)
        self.chances.setText(
            f"on the hex {odds['hit']:.0%}, scattered {odds['scattered']:.0%}, "
            f"widely spread {odds['spread']:.0%}"
        )
        self.changed.emit(points)

    def limit(self, points_left: int) -> None:
        """At most the points left after the call's own one (the chances are first shown
        here, once a game is on: the editor starts without the engine)."""
        self.points.setMaximum(max(0, min(MAX_POINTS, points_left - 1)))
        if not self._shown:
            self._shown = True
            self._changed(self.points.value())
