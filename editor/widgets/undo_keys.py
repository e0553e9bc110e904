"""Search and filter boxes hold view state, not the designer's work: their Ctrl+Z and
Ctrl+Shift+Z go to the window's Undo and Redo (the document's steps), never to the typed text."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QWidget

REDO_TOO = QKeySequence("Ctrl+Y")
"""The window's second Redo key, whatever the platform's standard one is."""


def is_undo_key(event: QEvent) -> bool:
    """Whether a key event is Undo or Redo in this platform's keys."""
    return isinstance(event, QKeyEvent) and (
        event.matches(QKeySequence.StandardKey.Undo)
        or event.matches(QKeySequence.StandardKey.Redo)
        or QKeySequence(event.keyCombination()) == REDO_TOO
    )


class UndoKeysToWindow(QObject):
    """An event filter on a search box: Undo and Redo keys skip the box's own text undo."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and is_undo_key(event):
            # An ignored override lets the window's Undo shortcut take the key; a key press
            # that still arrives (nothing to undo) must not reach the box's text undo.
            event.ignore()
            return True
        return False


def undo_keys_to_window(*boxes: QWidget) -> None:
    """Make Ctrl+Z and Ctrl+Shift+Z in these search boxes undo and redo the document."""
    for box in boxes:
        box.installEventFilter(UndoKeysToWindow(box))
