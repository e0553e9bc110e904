"""The Tactical GameX Hex Info panel: the chosen board hex with its native addresses, terrain,
level, hexsides, features, counters and setup areas (`hex_text.hex_report`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from editor.selection import Selection
from editor.tactical_gamex.dock import TgxDock
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.hex_text import hex_report


class TgxHexInfoDock(TgxDock):
    """The Hex Info panel of the board."""

    title = "Hex Info"
    object_name = "tgx_hex_info"
    default_area = Qt.DockWidgetArea.RightDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.view = QPlainTextEdit(self)
        self.view.setReadOnly(True)
        self.view.setPlaceholderText("Click a hex of the board")
        self.setWidget(self.view)
        self.spot: tuple[int, int] | None = None

    def show_document(self, document: TgxDocument | None) -> None:
        self.show_hex(None)

    def document_changed(self, change: Any) -> None:
        self.show_hex(self.spot)

    def show_hex(self, spot: tuple[int, int] | None) -> None:
        """Describe a board hex (None: nothing)."""
        self.spot = spot
        document = self.document
        board = document.board() if isinstance(document, TgxDocument) else None
        if board is None or spot is None or not board.contains(*spot):
            self.view.clear()
            return
        self.view.setPlainText(hex_report(document, board, spot))

    def text(self) -> str:
        """What the panel says."""
        return self.view.toPlainText()
