"""Laying field editors out on a form: a row of editors with their messages beneath, and a
titled grid of labelled fields with check boxes in two columns."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

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


def field_grid(binding: Binding, rows: GridRows, flags: Sequence[str] = ()) -> QWidget:
    """The fields of `binding` as labelled rows (one field, or two side by side), then the
    check boxes of `flags` in two columns."""
    holder = QWidget()
    grid = QGridLayout(holder)
    grid.setContentsMargins(0, 0, 0, 0)
    grid.setHorizontalSpacing(6)
    grid.setVerticalSpacing(4)
    grid.setColumnStretch(1, 1)
    grid.setColumnStretch(3, 1)
    grid.setColumnMinimumWidth(0, LABEL_WIDTH)
    line = 0
    for row in rows:
        names = (row,) if isinstance(row, str) else row
        for position, name in enumerate(names):
            editor = binding.editor(name)
            label = QLabel(editor.meta.label)
            label.setToolTip(editor.toolTip())
            # As tall as the field, so it stays level with it when a message shows below.
            label.setFixedHeight(editor.sizeHint().height())
            label.setBuddy(editor.focus_widget)
            column = position * 2
            grid.addWidget(label, line, column, Qt.AlignmentFlag.AlignTop)
            span = 3 if len(names) == 1 else 1
            grid.addWidget(field_cell(editor), line, column + 1, 1, span)
        line += 1
    for number, name in enumerate(flags):
        cell = field_cell(binding.editor(name))
        grid.addWidget(cell, line + number // 2, (number % 2) * 2, 1, 2)
    return holder


def field_section(
    binding: Binding, title: str, rows: GridRows, flags: Sequence[str] = ()
) -> QGroupBox:
    """A titled group of fields (see `field_grid`)."""
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(8, 6, 8, 8)
    layout.addWidget(field_grid(binding, rows, flags))
    return box
