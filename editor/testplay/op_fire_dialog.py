"""The Panzer Battles Opportunity Fire dialog [001 "Opportunity Fire"]: for each side, a setting
N, S, M or L per firing-unit type against each target-unit type, chosen for the next restart of
the test-play (a game keeps its settings, so that its record replays)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.panzer_campaigns.play_options import OpFireRange
from schemas.panzer_campaigns.oob import Component
from schemas.vocabulary import Side

OpFireRanges = tuple[tuple[Side, Component, Component, OpFireRange], ...]
"""The settings as `TestPlaySettings.op_fire_ranges` holds them: those other than Long."""

CHOICES = {
    OpFireRange.NONE: "N (None)",
    OpFireRange.SHORT: "S (Short): within 1/3 of the range",
    OpFireRange.MEDIUM: "M (Medium): within 2/3 of the range",
    OpFireRange.LONG: "L (Long): no restriction",
}
"""The four settings as the manual words them."""


class OpFireDialog(QDialog):
    """One tab per side, a grid of firing unit types (rows) by target types (columns)."""

    def __init__(self, ranges: OpFireRanges = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Opportunity Fire")
        given = {(side, firer, target): setting for side, firer, target, setting in ranges}
        self.boxes: dict[tuple[Side, Component, Component], QComboBox] = {}
        layout = QVBoxLayout(self)
        intro = QLabel(
            "When a unit moves, units of the other side may fire at it automatically. Limit "
            "that fire by the type of the firing unit (rows) and of the target (columns). "
            "The settings apply when the test-play restarts."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.tabs = QTabWidget()
        for side in Side:
            page = QWidget()
            grid = QGridLayout(page)
            grid.addWidget(QLabel("Firing \\ target"), 0, 0)
            for column, target in enumerate(Component, 1):
                grid.addWidget(QLabel(target.value.capitalize()), 0, column)
            for row, firer in enumerate(Component, 1):
                grid.addWidget(QLabel(firer.value.capitalize()), row, 0)
                for column, target in enumerate(Component, 1):
                    box = QComboBox()
                    for setting, text in CHOICES.items():
                        box.addItem(text, setting)
                    chosen = given.get((side, firer, target), OpFireRange.LONG)
                    box.setCurrentIndex(list(CHOICES).index(chosen))
                    box.setToolTip(
                        f"{side.value.capitalize()} {firer.value} units firing at "
                        f"{target.value} units"
                    )
                    grid.addWidget(box, row, column)
                    self.boxes[(side, firer, target)] = box
            self.tabs.addTab(page, side.value.capitalize())
        layout.addWidget(self.tabs)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def set_range(
        self, side: Side, firer: Component, target: Component, setting: OpFireRange
    ) -> None:
        """Choose one setting, as a click in its box does."""
        self.boxes[(side, firer, target)].setCurrentIndex(list(CHOICES).index(setting))

    def ranges(self) -> OpFireRanges:
        """The settings chosen, those other than Long, in side, firer, target order."""
        found = []
        for (side, firer, target), box in self.boxes.items():
            setting = OpFireRange(box.currentData())
            if setting is not OpFireRange.LONG:
                found.append((side, firer, target, setting))
        return tuple(found)
