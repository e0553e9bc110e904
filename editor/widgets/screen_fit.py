"""Sizing a window for the screen it opens on: the size it would like, or less on a small
screen (a 1280x720 laptop, a 1920x1080 display at 200 %), never past the screen's edges."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

FRAME_ALLOWANCE = QSize(16, 40)
"""The title bar and borders, not known before the window is shown."""


def resize_within_screen(window: QWidget, width: int, height: int) -> None:
    """Resize a window (or dialog) to `width` x `height`, or to what its screen has room for."""
    anchor = window.parentWidget() or window
    screen = anchor.screen() or QGuiApplication.primaryScreen()
    wanted = QSize(width, height)
    if screen is not None:
        wanted = wanted.boundedTo(screen.availableGeometry().size() - FRAME_ALLOWANCE)
    window.resize(wanted.expandedTo(window.minimumSizeHint()))


def fits_screen(window: QWidget) -> bool:
    """Whether a window, as restored, lies within its screen's available area."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return True
    room = screen.availableGeometry()
    size = window.geometry().size()
    return size.width() <= room.width() and size.height() <= room.height()
