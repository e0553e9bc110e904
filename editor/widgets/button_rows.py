"""Buttons in rows that wrap to the panel's width: as many a row as fit, down to one, so a
narrow side column (a laptop, or a 1920x1080 screen at 200 %) never scrolls sideways."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QAbstractButton, QGridLayout, QWidget


class WrappingButtons(QWidget):
    """Buttons laid out left to right, wrapping onto as many rows as the width needs. Its
    minimum width is its widest button's, so a layout may always fold it into one column."""

    def __init__(self, buttons: Sequence[QAbstractButton], most_per_row: int | None = None) -> None:
        super().__init__()
        self.buttons = list(buttons)
        self.most_per_row = most_per_row or len(self.buttons)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.per_row = 0
        """Buttons a row in the current layout."""
        self._lay_out(self.most_per_row)

    def _widest(self) -> int:
        return max((b.minimumSizeHint().width() for b in self.buttons), default=0)

    def minimumSizeHint(self) -> QSize:
        return QSize(self._widest(), super().minimumSizeHint().height())

    def showEvent(self, event: QShowEvent) -> None:
        self._fit(self.width())
        super().showEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._fit(event.size().width())
        super().resizeEvent(event)

    def _fit(self, width: int) -> None:
        spacing = max(self._grid.horizontalSpacing(), 0)
        fits = (width + spacing) // max(self._widest() + spacing, 1)
        self._lay_out(max(1, min(self.most_per_row, fits)))

    def _lay_out(self, per_row: int) -> None:
        if per_row == self.per_row:
            return
        self.per_row = per_row
        for button in self.buttons:
            self._grid.removeWidget(button)
        for column in range(self._grid.columnCount()):
            self._grid.setColumnStretch(column, 0)
        for number, button in enumerate(self.buttons):
            self._grid.addWidget(button, *divmod(number, per_row))
        for column in range(per_row):
            self._grid.setColumnStretch(column, 1)
        self.updateGeometry()
