"""The base of the Tactical GameX panels: a document dock that shows only a Tactical GameX
document (the window hands every panel whatever is open; a Panzer scenario reads as none)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractScrollArea, QLabel, QWidget

from editor.docks.base import DocumentDock
from editor.tactical_gamex.document import TgxDocument
from editor.widgets.short_room import scrolling_panel


class TgxDock(DocumentDock):
    """A panel over the open Tactical GameX document. Subclasses override `show_document`;
    `chosen` (set by the window) is the counter and setup area the board's tools act with."""

    chosen: Any = None

    def set_document(self, document: Any) -> None:
        ours = document if isinstance(document, TgxDocument) else None
        super().set_document(ours)
        self.show_document(ours)

    def show_document(self, document: TgxDocument | None) -> None:
        """Show another document (None: nothing open, or not a Tactical GameX one)."""

    def setWidget(self, widget: QWidget) -> None:
        # A panel scrolls within the room the window's split gives it: the Situation grid's
        # least height (over 500 pixels) would otherwise take the board's, and the Panel
        # Layout's push the window past a screen at 200 %.
        if not isinstance(widget, QAbstractScrollArea):
            widget = scrolling_panel(widget, self)
        super().setWidget(widget)


def message_label(parent: QWidget | None = None) -> QLabel:
    """The line under a panel's table that says why an edit was refused."""
    label = QLabel(parent)
    label.setObjectName("refusal")
    label.setWordWrap(True)
    label.setStyleSheet("color: palette(link);")
    return label
