"""Pieces of the Tactical GameX Test-play panel kept out of `dock.py` (shared with other
branches' additions): the scrolling frame of the order preview."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QWidget

PREVIEW_MIN_LINES = 4
"""Lines of the preview always shown: the chosen unit and an attack's head and first rows."""


def preview_scroll(label: QLabel, parent: QWidget) -> QScrollArea:
    """`label` in a frameless area that scrolls vertically once its text outgrows the room
    the panel gives it; the text reflows to the panel's width (no sideways scrolling)."""
    area = QScrollArea(parent)
    area.setObjectName("tgx_preview_area")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)
    area.setWidget(label)
    area.setMinimumHeight(label.fontMetrics().lineSpacing() * PREVIEW_MIN_LINES)
    return area


def scrolling_body(body: QWidget, parent: QWidget) -> QScrollArea:
    """The panel's whole body in an area that scrolls vertically when the screen is shorter
    than the panel's least height (1080 high at 200 %, or 720), and fills it otherwise."""
    area = QScrollArea(parent)
    area.setObjectName("tgx_testplay_scroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(body)
    # room for the scroll bar beside the body's least width, so that a scrolling panel
    # does not clip its right-hand column of buttons
    bar = area.verticalScrollBar().sizeHint().width()
    area.setMinimumWidth(body.minimumSizeHint().width() + bar)
    return area
