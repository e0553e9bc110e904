"""Laying field editors out on a form: a row of editors with their messages beneath, and a
titled grid of labelled fields with check boxes in two columns."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QVBoxLayout,
    QWidget,
)

from editor.widgets.binding import Binding
from editor.widgets.field_base import FieldEditor

GridRows = Sequence[str | tuple[str, str]]
"""The rows of a grid: a field, or two fields side by side."""

LABEL_WIDTH = 110
"""The label column of every grid, so fields line up from one section to the next."""


def field_row(*parts: QWidget | str) -> QWidget:
    """A form row: editors and words side by side, the editors' messages beneath."""
    row = QWidget()
    column = QVBoxLayout(row)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(2)
    line = QHBoxLayout()
    line.setSpacing(6)
    for part in parts:
        line.addWidget(QLabel(part) if isinstance(part, str) else part)
    editors = [part for part in parts if isinstance(part, FieldEditor)]
    if not any(editor.expands for editor in editors):
        line.addStretch(1)
    column.addLayout(line)
    for editor in editors:
        column.addWidget(editor.message)
    return row


def field_cell(editor: FieldEditor) -> QWidget:
    """An editor with its message below it."""
    cell = QWidget()
    layout = QVBoxLayout(cell)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(1)
    layout.addWidget(editor)
    layout.addWidget(editor.message)
    return cell


class FieldGrid(QWidget):
    """Labelled fields, two side by side where a row pairs them and the panel is wide enough,
    one under the other where it is not (check boxes likewise two or one a line): a laptop's
    narrow side panel must never scroll sideways to reach a field's right half."""

    def __init__(self, rows: list[list[tuple[QLabel, QWidget]]], flags: list[QWidget]) -> None:
        super().__init__()
        self.rows = rows
        self.flags = flags
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(4)
        self.grid.setColumnMinimumWidth(0, LABEL_WIDTH)
        # The grid's own minimum is that of its current arrangement; the widget's is the
        # one-column width (`minimumSizeHint`), or the pairs could never fold back.
        self.grid.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.paired: bool | None = None
        self._lay_out(paired=False)

    def _single_width(self) -> int:
        """The narrowest the grid can be with every field and check box one under the other
        (read afresh: a field's width changes with its font and contents)."""
        gap = self.grid.horizontalSpacing()
        fields = [
            max(LABEL_WIDTH, label.minimumSizeHint().width()) + gap + cell.minimumSizeHint().width()
            for row in self.rows
            for label, cell in row
        ]
        flags = [cell.minimumSizeHint().width() for cell in self.flags]
        return max([*fields, *flags, 0])

    def minimumSizeHint(self) -> QSize:
        # Asking for the one-column width lets the panel be as narrow as that; the pairs come
        # back when it is wide enough for them.
        return QSize(self._single_width(), super().minimumSizeHint().height())

    def showEvent(self, event: QShowEvent) -> None:
        # The fields' widths are known once they are polished: let the panel ask again.
        self.updateGeometry()
        super().showEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        # Try the pairs, measured as laid out, and fold them back if they do not fit.
        self._lay_out(paired=True)
        self.grid.invalidate()
        if self.grid.minimumSize().width() > event.size().width():
            self._lay_out(paired=False)
        super().resizeEvent(event)

    def _lay_out(self, *, paired: bool) -> None:
        if paired == self.paired:
            return
        self.paired = paired
        while self.grid.count():
            self.grid.takeAt(0)
        for column in range(4):
            self.grid.setColumnStretch(column, 0)
        self.grid.setColumnStretch(1, 1)
        if paired:
            self.grid.setColumnStretch(3, 1)
        line = 0
        for row in self.rows:
            for position, (label, cell) in enumerate(row):
                column = position * 2 if paired else 0
                self.grid.addWidget(label, line, column, Qt.AlignmentFlag.AlignTop)
                span = 3 if len(row) == 1 or not paired else 1
                self.grid.addWidget(cell, line, column + 1, 1, span)
                if not paired:
                    line += 1
            if paired:
                line += 1
        per_line = 2 if paired else 1
        for number, cell in enumerate(self.flags):
            row, column = divmod(number, per_line)
            self.grid.addWidget(cell, line + row, column * 2, 1, 4 // per_line)


def field_grid(binding: Binding, rows: GridRows, flags: Sequence[str] = ()) -> QWidget:
    """The fields of `binding` as labelled rows (one field, or two side by side where the
    panel has room), then the check boxes of `flags` in two columns."""
    laid: list[list[tuple[QLabel, QWidget]]] = []
    for row in rows:
        names = (row,) if isinstance(row, str) else row
        cells = []
        for name in names:
            editor = binding.editor(name)
            label = QLabel(editor.meta.label)
            label.setToolTip(editor.toolTip())
            # As tall as the field, so it stays level with it when a message shows below.
            label.setFixedHeight(editor.sizeHint().height())
            label.setBuddy(editor.focus_widget)
            cells.append((label, field_cell(editor)))
        laid.append(cells)
    return FieldGrid(laid, [field_cell(binding.editor(name)) for name in flags])


def field_section(
    binding: Binding, title: str, rows: GridRows, flags: Sequence[str] = ()
) -> QGroupBox:
    """A titled group of fields (see `field_grid`)."""
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(8, 6, 8, 8)
    layout.addWidget(field_grid(binding, rows, flags))
    return box
