"""Mouse input for the tests of the hexside, road and crossing tools: a map view with a tool,
the pixels of hex centres and edge middles, and drags through them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.base import MapTool
from editor.tools.map_edit_commands import EdgeKey, grid_of
from schemas.panzer_campaigns.map import MapFile
from schemas.vocabulary import Direction, HexsideKind

ZOOM = 40.0
"""Pixels per hex in the tests: hexes large enough to aim at their edges."""

Offset = tuple[int, int]


def tool_view(
    qtbot, document: Document, selection: Selection, tool: MapTool, at: Offset | None = None
) -> MapView:
    """A 900x700 map view of the document with the tool, zoomed in (on a hex, if given)."""
    view = MapView(selection)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.set_document(document)
    view.set_tool(tool)
    view.show()
    qtbot.waitExposed(view)
    view.set_zoom(ZOOM)
    if at is not None:
        view.center_on(at)
    return view


def edge_point(view: MapView, hex_: Offset, side: Direction, inside: float = 0.0) -> QPoint:
    """The view pixel of the middle of a hex's edge, moved `inside` hexes toward its centre."""
    assert view.scene is not None
    geometry = view.scene.geometry
    x, y = geometry.center(*hex_)
    shape = geometry.edges[side]
    mx, my = shape.middle
    tx, ty = shape.toward
    world = QPointF(x + mx - tx * inside, y + my - ty * inside)
    return view.viewport.to_pixel(world).toPoint()


def hex_point(view: MapView, hex_: Offset) -> QPoint:
    """The view pixel of a hex centre."""
    return view.hex_pixel(hex_).toPoint()


def hover(view: MapView, at: QPoint) -> None:
    """Move the mouse to a point with no button or key held. (QTest sends no event for a move
    to where its last event left the mouse, and lends moves the modifiers of earlier events.)"""
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(at),
        QPointF(view.mapToGlobal(at)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view, event)


def press_and_move(
    qtbot,
    view: MapView,
    points: Sequence[QPoint],
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """Press the left button at the first point and move through the others, button held."""
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, modifier, points[0])
    for point in points[1:]:
        qtbot.mouseMove(view, point)


def drag(
    qtbot,
    view: MapView,
    points: Sequence[QPoint],
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """A whole left-button drag through the points."""
    press_and_move(qtbot, view, points, modifier)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, modifier, points[-1])


def river_crossing_site(map_file: MapFile) -> EdgeKey:
    """A river edge away from the map's border with no crossing and no road or rail beside it."""
    grid = grid_of(map_file)
    crossed = {grid.hexside_key(*c.hex, c.side) for c in map_file.crossings}

    def bare(hex_: tuple[int, int]) -> bool:
        return all(rows[hex_[1]][hex_[0]] == "." for rows in map_file.connections.values())

    for feature in map_file.hexsides:
        edge = grid.hexside_key(*feature.hex, feature.side)
        other = grid.neighbor(*edge[0], edge[1])
        if (
            feature.kind is HexsideKind.RIVER
            and edge not in crossed
            and 10 <= edge[0][0] <= 60
            and 10 <= edge[0][1] <= 70
            and bare(edge[0])
            and bare(other)
        ):
            return edge
    raise AssertionError("no river edge to bridge")
