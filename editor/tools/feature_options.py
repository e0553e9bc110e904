"""The options of the hexside, road and crossing tools, shown in the Tool Options dock: the kind
to draw (radio buttons with a swatch of how the map draws it), Erase, and tool-specific checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from editor.tools.feature_preview import SWATCH_HEIGHT, SWATCH_WIDTH


@dataclass(frozen=True)
class Choice:
    """One thing a tool can draw or place."""

    value: object
    label: str
    tip: str
    icon: QIcon | None = None


class FeatureOptions(QWidget):
    """Radio buttons for what to draw, grouped in sections, then Erase, the tool's own checks
    and a line of help. `changed` tells the tool to redraw its preview."""

    changed = Signal()

    def __init__(
        self,
        sections: Sequence[tuple[str, Sequence[Choice]]],
        *,
        every_kind: str | None = None,
        hint: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("feature_options")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        self._group = QButtonGroup(self)
        self._values: list[object] = []
        self._rows: dict[object, QHBoxLayout] = {}
        self.buttons: dict[object, QRadioButton] = {}
        for title, choices in sections:
            box = QGroupBox(title)
            column = QVBoxLayout(box)
            column.setSpacing(2)
            for choice in choices:
                column.addLayout(self._row(choice))
            layout.addWidget(box)
        self.buttons[self._values[0]].setChecked(True)
        self._group.idToggled.connect(self._toggled)

        mode = QGroupBox("Mode")
        mode_column = QVBoxLayout(mode)
        mode_column.setSpacing(2)
        self.erase_box = QCheckBox("Erase (or hold Shift)")
        self.erase_box.setToolTip("Remove instead of adding; Shift with the mouse does the same.")
        self.erase_box.toggled.connect(self.changed)
        mode_column.addWidget(self.erase_box)
        self.every_kind_box: QCheckBox | None = None
        if every_kind is not None:
            self.every_kind_box = QCheckBox(every_kind)
            self.every_kind_box.setToolTip(
                "When erasing, remove whatever kind is there, not only the chosen one."
            )
            self.every_kind_box.toggled.connect(self.changed)
            mode_column.addWidget(self.every_kind_box)
        self._checks = mode_column
        layout.addWidget(mode)
        if hint:
            help_line = QLabel(hint)
            help_line.setWordWrap(True)
            help_line.setStyleSheet("color: palette(mid);")
            layout.addWidget(help_line)
        layout.addStretch(1)

    def _row(self, choice: Choice) -> QHBoxLayout:
        button = QRadioButton(choice.label)
        button.setToolTip(choice.tip)
        button.setObjectName(f"choice_{choice.value}")
        if choice.icon is not None:
            button.setIcon(choice.icon)
            button.setIconSize(QSize(SWATCH_WIDTH, SWATCH_HEIGHT))
        self._group.addButton(button, len(self._values))
        self._values.append(choice.value)
        self.buttons[choice.value] = button
        row = QHBoxLayout()
        row.setSpacing(6)
        row.addWidget(button)
        row.addStretch(1)
        self._rows[choice.value] = row
        return row

    def _toggled(self, _id: int, checked: bool) -> None:
        if checked:
            self.changed.emit()

    # What the tool reads -----------------------------------------------------------------------

    def choice(self) -> object:
        """The value of the chosen kind."""
        return self._values[max(0, self._group.checkedId())]

    def set_choice(self, value: object) -> None:
        """Choose a kind by value."""
        self.buttons[value].setChecked(True)

    def erase(self) -> bool:
        """Whether Erase is on."""
        return self.erase_box.isChecked()

    def every_kind(self) -> bool:
        """Whether erasing takes every kind."""
        return self.every_kind_box is not None and self.every_kind_box.isChecked()

    # What the tool adds ------------------------------------------------------------------------

    def add_check(self, label: str, tip: str, *, checked: bool = True) -> QCheckBox:
        """A check box of the tool under Erase."""
        box = QCheckBox(label)
        box.setToolTip(tip)
        box.setChecked(checked)
        box.toggled.connect(self.changed)
        self._checks.addWidget(box)
        return box

    def add_beside(self, value: object, widget: QWidget) -> None:
        """Put a widget on the line of a choice (e.g. which side wired a bridge)."""
        row = self._rows[value]
        row.insertWidget(1, widget)
