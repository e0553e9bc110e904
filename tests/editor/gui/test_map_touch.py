"""Fingers on the map, as on a touch laptop or tablet: pinch zooms about the fingers, two fingers
pan, a tap selects the hex and its units, a long press shows Hex Info, and in test-play a
finger dragged from a unit moves it; no touch also acts as a synthesized mouse click."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF
from PySide6.QtGui import QInputDevice, QPointingDevice
from PySide6.QtTest import QTest

from editor.app import start
from editor.document import Document
from editor.main_window import MainWindow
from editor.map.touch import LONG_PRESS_MS
from editor.map.view import MapView
from editor.selection import Selection
from editor.testplay.move_tool import TestPlayMoveTool
from editor.testplay.session import TestPlaySession
from tests.editor.gui.feature_tool_input import hex_point, tool_view


@pytest.fixture
def finger(qapp) -> QPointingDevice:
    return QTest.createTouchDevice()


@pytest.fixture
def view(qtbot, document: Document, selection: Selection) -> MapView:
    widget = MapView(selection)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.set_document(document)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_zoom(40)
    widget.center_on((30, 60))
    return widget


class MouseCounter(QObject):
    """Counts the mouse presses a widget receives (synthesized from touch, or real)."""

    def __init__(self, widget: MapView) -> None:
        super().__init__(widget)
        self.presses = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in {QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick}:
            self.presses += 1
        return False


def _at(point: QPointF) -> QPoint:
    return point.toPoint()


def _two_fingers(view: MapView, finger, starts, ends, steps: int = 5) -> None:
    (a0, b0), (a1, b1) = starts, ends
    QTest.touchEvent(view, finger).press(0, _at(a0), view).press(1, _at(b0), view).commit()
    for step in range(1, steps + 1):
        share = step / steps
        a = a0 + (a1 - a0) * share
        b = b0 + (b1 - b0) * share
        QTest.touchEvent(view, finger).move(0, _at(a), view).move(1, _at(b), view).commit()
    QTest.touchEvent(view, finger).release(0, _at(a1), view).release(1, _at(b1), view).commit()


def _tap(view: MapView, finger, point: QPointF) -> None:
    QTest.touchEvent(view, finger).press(0, _at(point), view).commit()
    QTest.touchEvent(view, finger).release(0, _at(point), view).commit()


def test_pinching_out_zooms_in_about_the_fingers(view: MapView, finger) -> None:
    centre = QPointF(500, 300)
    world = view.viewport.to_world(centre)
    before = view.zoom()
    offset = QPointF(60, 0)
    _two_fingers(
        view, finger, (centre - offset, centre + offset), (centre - 2 * offset, centre + 2 * offset)
    )
    assert view.zoom() == pytest.approx(before * 2, rel=0.05)
    # The map point between the fingers stayed between them.
    after = view.viewport.to_pixel(world)
    assert abs(after.x() - centre.x()) < 3
    assert abs(after.y() - centre.y()) < 3


def test_two_fingers_pan_the_map(view: MapView, finger) -> None:
    a, b = QPointF(400, 300), QPointF(500, 300)
    world = view.viewport.to_world(QPointF(450, 300))
    zoom = view.zoom()
    shift = QPointF(-120, 80)
    _two_fingers(view, finger, (a, b), (a + shift, b + shift))
    assert view.zoom() == pytest.approx(zoom)
    moved = view.viewport.to_pixel(world)
    assert abs(moved.x() - (450 - 120)) < 3
    assert abs(moved.y() - (300 + 80)) < 3


def test_a_tap_selects_the_hex_and_its_units_once(
    view: MapView, finger, selection: Selection, document: Document
) -> None:
    placement = document.scenario.placements[0]
    hex_ = tuple(placement.hex)
    view.center_on(hex_)
    mouse = MouseCounter(view)
    changes: list[object] = []
    selection.hex_changed.connect(changes.append)
    _tap(view, finger, view.hex_pixel(hex_))
    assert selection.hex == hex_
    assert placement.unit in selection.units
    assert len(changes) == 1
    assert mouse.presses == 0, "Qt synthesized a mouse click from the handled touch"


def test_one_finger_drag_without_a_tool_pans(view: MapView, finger) -> None:
    world = view.viewport.to_world(QPointF(450, 350))
    QTest.touchEvent(view, finger).press(0, QPoint(450, 350), view).commit()
    for x in range(440, 339, -20):
        QTest.touchEvent(view, finger).move(0, QPoint(x, 350), view).commit()
    QTest.touchEvent(view, finger).release(0, QPoint(340, 350), view).commit()
    moved = view.viewport.to_pixel(world)
    assert abs(moved.x() - 340) < 3


def test_a_long_press_asks_for_hex_info_and_a_short_one_does_not(
    qtbot, view: MapView, finger, selection: Selection
) -> None:
    asked: list[object] = []
    view.touch.hex_info_requested.connect(lambda hex_, _point: asked.append(hex_))
    point = view.hex_pixel((31, 58))
    _tap(view, finger, point)
    qtbot.wait(LONG_PRESS_MS + 100)
    assert asked == []
    QTest.touchEvent(view, finger).press(0, _at(point), view).commit()
    qtbot.waitUntil(lambda: asked == [(31, 58)], timeout=LONG_PRESS_MS * 3)
    QTest.touchEvent(view, finger).release(0, _at(point), view).commit()
    assert selection.hex == (31, 58)


def test_a_long_press_in_the_window_brings_hex_info_forward(qtbot, ardennes: Path, finger) -> None:
    window: MainWindow = start([str(ardennes)], ask=lambda *_: None)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    hex_info = window.docks["hex_info"]
    window.docks["oob_tree"].raise_()  # whatever shares its place comes first
    view = window.map_view
    view.set_zoom(40)
    view.center_on((31, 58))
    point = view.hex_pixel((31, 58))
    QTest.touchEvent(view, finger).press(0, _at(point), view).commit()
    qtbot.waitUntil(lambda: window.selection.hex == (31, 58), timeout=LONG_PRESS_MS * 3)
    QTest.touchEvent(view, finger).release(0, _at(point), view).commit()
    assert hex_info.isVisible()
    assert not hex_info.visibleRegion().isEmpty()
    assert "31" in hex_info.text()


UNIT = "de.2pzd.pgr2.1bn"


def test_in_test_play_a_finger_dragged_from_a_unit_moves_it(
    qtbot, document: Document, selection: Selection, finger
) -> None:
    session = TestPlaySession.start(document, seed=1)
    tool = TestPlayMoveTool(selection)
    tool.set_session(session)
    game = session.game
    here = game.offset_of(game.unit(UNIT).hex)
    view = tool_view(qtbot, session.shadow, selection, tool, here)
    moves = game.legal_moves(UNIT)
    shown = [h for h in moves if view.rect().contains(hex_point(view, h))]
    target = max(shown, key=lambda h: (moves[h], h))
    path = game.path_to(UNIT, target, this_turn=True)
    previews: list[list[tuple[int, int]]] = []
    tool.preview_changed.connect(lambda: previews.append(list(tool.path)))
    points = [hex_point(view, h) for h in path]
    mouse = MouseCounter(view)
    QTest.touchEvent(view, finger).press(0, points[0], view).commit()
    for point in points[1:]:
        QTest.touchEvent(view, finger).move(0, point, view).commit()
    assert path in previews, "the drag shows the path it will take"
    with qtbot.waitSignal(session.changed):
        QTest.touchEvent(view, finger).release(0, points[-1], view).commit()
    assert game.offset_of(game.unit(UNIT).hex) == target != here
    assert mouse.presses == 0, "the finger, not a synthesized mouse, moved it"


def test_a_touch_pad_is_not_a_finger_on_the_map(view: MapView, selection: Selection) -> None:
    pad = QTest.createTouchDevice(QInputDevice.DeviceType.TouchPad)
    zoom = view.zoom()
    a, b = QPointF(400, 300), QPointF(500, 300)
    _two_fingers(view, pad, (a, b), (a - QPointF(50, 0), b + QPointF(50, 0)))
    assert view.zoom() == pytest.approx(zoom)


def test_a_tap_in_the_window_selects_with_the_current_tool(qtbot, ardennes: Path, finger) -> None:
    window: MainWindow = start([str(ardennes)], ask=lambda *_: None)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.map_view.tool is window.tools.current
    placement = window.document.scenario.placements[0]
    hex_ = tuple(placement.hex)
    view = window.map_view
    view.set_zoom(40)
    view.center_on(hex_)
    _tap(view, finger, view.hex_pixel(hex_))
    assert window.selection.hex == hex_
    assert placement.unit in window.selection.units
