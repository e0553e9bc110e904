"""Edit > Go to Hex: type a hex as the status bar shows it (`14,59`: column, row) and the map
selects it and shows it close enough to read; off-map or garbled input is explained, not
guessed at."""

from __future__ import annotations

import re

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from editor import icons
from editor.map.view import MapView
from editor.selection import Selection

Offset = tuple[int, int]
KEYS = "Ctrl+G"
_HEX = re.compile(r"^\s*\(?\s*(-?\d+)\s*[,;\s]\s*(-?\d+)\s*\)?\s*$")


def read_hex(text: str, width: int, height: int) -> tuple[Offset | None, str]:
    """The hex typed (column, row as the status bar shows them) and a message: what is wrong
    with the text, or what the hex is.

    >>> read_hex("14,59", 80, 80)
    ((14, 59), '')
    >>> read_hex("80 3", 80, 80)
    (None, 'Hex 80,3 is off the map: columns run 0 to 79 and rows 0 to 79.')
    >>> read_hex("Bastogne", 80, 80)[1]
    'Type a column and a row as the status bar shows them, e.g. 14,59.'
    """
    match = _HEX.match(text)
    if match is None:
        return None, "Type a column and a row as the status bar shows them, e.g. 14,59."
    column, row = int(match.group(1)), int(match.group(2))
    if not (0 <= column < width and 0 <= row < height):
        return None, (
            f"Hex {column},{row} is off the map: columns run 0 to {width - 1} and rows 0 to "
            f"{height - 1}."
        )
    return (column, row), ""


class GoToHexDialog(QDialog):
    """Asks for a hex of a map of `width` x `height`; Go stays off until the hex is on it."""

    def __init__(
        self, width: int, height: int, start: Offset | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Go to Hex")
        self.width_, self.height_ = width, height
        self.hex: Offset | None = None
        self.edit = QLineEdit(f"{start[0]},{start[1]}" if start else "")
        self.edit.setPlaceholderText("column,row — e.g. 14,59")
        self.edit.selectAll()
        self.edit.textChanged.connect(self._check)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Go")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(f"Hex (column,row) on this {width} x {height} map, as the status bar shows:")
        )
        layout.addWidget(self.edit)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self._check(self.edit.text())

    def _check(self, text: str) -> None:
        self.hex, problem = read_hex(text, self.width_, self.height_)
        shown = problem if text.strip() else ""
        self.message.setText(shown)
        self.message.setStyleSheet("color: #b3261e;" if shown else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self.hex is not None)

    def accept(self) -> None:
        if self.hex is not None:
            super().accept()


def go_to(view: MapView, selection: Selection, hex_: Offset) -> None:
    """Select a hex and show it, zoomed in enough to read it."""
    selection.select_hex(hex_)
    view.show_hex(hex_)
    view.setFocus()


def go_to_hex_action(parent: QWidget, view: MapView, selection: Selection) -> QAction:
    """The Go to Hex… action of a window over `view`."""
    action = QAction(icons.icon("crosshair"), "&Go to Hex…", parent)
    action.setShortcut(QKeySequence(KEYS))
    tip = "Select a hex by its column and row and show it on the map"
    action.setStatusTip(tip)
    action.setToolTip(f"Go to Hex: {tip}")

    def ask() -> None:
        document = view.document
        if document is None:
            return
        dialog = GoToHexDialog(document.map.width, document.map.height, selection.hex, parent)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.hex is not None:
            go_to(view, selection, dialog.hex)
        dialog.deleteLater()

    action.triggered.connect(lambda _=False: ask())
    return action
