"""A panel's body in an area that scrolls when its dock area is shorter than the body's least
height, so that a tall panel in front (the Tactical GameX Situation grid) does not push the
bottom dock area over the board, or the window past a 1280x720 screen."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def scrolling_panel(body: QWidget, parent: QWidget) -> QScrollArea:
    """`body` filling a frameless area while there is room for it, scrolling when there is
    not. The area's own least size is a scroll bar's, so the dock area keeps the height the
    window's split gives it whichever of its tabs is in front."""
    area = QScrollArea(parent)
    area.setObjectName(f"{parent.objectName()}_scroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setWidget(body)
    return area
