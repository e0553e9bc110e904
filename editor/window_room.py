"""How the window shares its room between the map (or the Tactical GameX board) and the
panels by default: the side areas take about a quarter of the width each and the bottom area
a capped share of the height, so that on a 1280x720 laptop, or at 200 %, the map keeps most
of the window (issue 19). A split the user dragged is saved with the window and not touched."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

SIDE_WIDTHS = {
    Qt.DockWidgetArea.LeftDockWidgetArea: 380,
    Qt.DockWidgetArea.RightDockWidgetArea: 440,
}
"""The side areas' widths, in pixels, on a screen wide enough for them."""

SIDE_SHARE = 0.24
"""The most of the window's width each side area takes by default."""

BOTTOM_HEIGHT = 300
"""The bottom area's height, in pixels, on a screen tall enough for it."""

PANZER_BOTTOM_SHARE = 0.42
"""The most of the window's height the Panzer bottom area takes by default: its tables (the
Parameter Data grid, the OOB Table) show six rows at 1280x720, the map 52 % of the height
between the tool bar and the status bar, and a map that big scrolls anyway
(tests/editor/gui/test_panel_room.py)."""

BOARD_BOTTOM_SHARE = 0.30
"""The most of the window's height the bottom area takes by default beside the Tactical GameX
board: its panels are forms that scroll within the area (the Situation grid alone needs over
500 pixels), and the board of a few geomorphic panels wants to be seen whole; at 1280x720 the
board keeps 65 % of the height between the tool bar and the status bar
(tests/editor/gui/test_board_room.py)."""


def bottom_height(window_height: int, share: float) -> int:
    """The bottom area's default height in a window this tall.

    >>> bottom_height(1040, BOARD_BOTTOM_SHARE), bottom_height(680, BOARD_BOTTOM_SHARE)
    (300, 204)
    >>> bottom_height(680, PANZER_BOTTOM_SHARE), bottom_height(500, BOARD_BOTTOM_SHARE)
    (285, 150)
    """
    return min(BOTTOM_HEIGHT, int(window_height * share))


def default_split(
    window: QMainWindow, fronts: dict[Qt.DockWidgetArea, QDockWidget], bottom_share: float
) -> None:
    """Give the dock areas of `fronts` (each area's panel in front) their default room, the
    bottom area at most `bottom_share` of the window's height."""
    width = window.width()
    sides = [(dock, SIDE_WIDTHS[area]) for area, dock in fronts.items() if area in SIDE_WIDTHS]
    if sides:
        window.resizeDocks(
            [dock for dock, _ in sides],
            [min(most, int(width * SIDE_SHARE)) for _, most in sides],
            Qt.Orientation.Horizontal,
        )
    bottom = fronts.get(Qt.DockWidgetArea.BottomDockWidgetArea)
    if bottom is not None:
        window.resizeDocks(
            [bottom], [bottom_height(window.height(), bottom_share)], Qt.Orientation.Vertical
        )
