"""Touch on the map view, as the touch edition of the games plays: a tap selects the hex and its
units (or clicks with the current tool), a finger dragged drives the tool (in test-play it
moves the unit along the previewed path), a long press shows Hex Info, two fingers pan and
pinch to zoom about their centre.

Touch events are handled here and accepted, so Qt synthesizes no mouse events from them and
nothing happens twice.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, QPoint, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QEventPoint, QInputDevice, QTouchEvent

from editor.tools.base import ToolEvent

if TYPE_CHECKING:
    from editor.map.view import MapView

LONG_PRESS_MS = 600
"""A finger held this long without moving asks for Hex Info."""
SLOP_PX = 12.0
"""A finger moving less than this is still a tap or a long press (fingers are not still)."""

_TOUCH_EVENTS = {
    QEvent.Type.TouchBegin,
    QEvent.Type.TouchUpdate,
    QEvent.Type.TouchEnd,
    QEvent.Type.TouchCancel,
}


class MapTouch(QObject):
    """Reads the touch events of one map view and turns them into its actions."""

    hex_info_requested = Signal(object, QPoint)
    """A long press on a hex: (column, row) and the global pixel of the finger."""

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.view = view
        self._start: QPointF | None = None
        """Where the one finger went down, while a tap, long press or drag may follow."""
        self._last = QPointF()
        """Where the one finger was last, for panning."""
        self._dragging = False
        self._long_pressed = False
        self._pinch: tuple[QPointF, float] | None = None
        """The two fingers' last centre and distance apart, while pinching."""
        self._held = QElapsedTimer()
        self._long_press = QTimer(self)
        self._long_press.setSingleShot(True)
        self._long_press.setInterval(LONG_PRESS_MS)
        self._long_press.timeout.connect(self._on_long_press)
        view.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.view or event.type() not in _TOUCH_EVENTS:
            return False
        assert isinstance(event, QTouchEvent)
        device = event.device()
        if device is not None and device.type() != QInputDevice.DeviceType.TouchScreen:
            # A touch pad's fingers are not on the map: its scrolling arrives as wheel events.
            return False
        if event.type() == QEvent.Type.TouchCancel:
            self._end_one_finger(None)
            self._pinch = None
        else:
            self._touched(event)
        event.accept()
        return True

    # Gestures ----------------------------------------------------------------------------------

    def _touched(self, event: QTouchEvent) -> None:
        fingers = [p for p in event.points() if p.state() != QEventPoint.State.Released]
        if len(fingers) >= 2:
            self._two_fingers(fingers[0].position(), fingers[1].position())
            return
        self._pinch = None
        point = event.points()[0] if event.points() else None
        if point is None:
            return
        position = point.position()
        if event.type() == QEvent.Type.TouchBegin or (
            point.state() == QEventPoint.State.Pressed and self._start is None
        ):
            self._start = self._last = position
            self._dragging = self._long_pressed = False
            self._held.start()
            self._long_press.start()
        elif point.state() == QEventPoint.State.Released or event.type() == QEvent.Type.TouchEnd:
            self._end_one_finger(position)
        elif self._start is not None:
            self._one_finger_moved(position)

    def _one_finger_moved(self, position: QPointF) -> None:
        assert self._start is not None
        if self._long_pressed:
            return
        if not self._dragging:
            moved = position - self._start
            if math.hypot(moved.x(), moved.y()) < SLOP_PX:
                return
            self._long_press.stop()
            self._dragging = True
            self._tool_press(self._start)
        if self.view.tool is None:
            # Without a tool a finger moves the map, as a middle-button drag does.
            delta = position - self._last
            self.view.pan_by(delta.x(), delta.y())
        else:
            self._tool_move(position)
        self._last = position

    def _end_one_finger(self, position: QPointF | None) -> None:
        self._long_press.stop()
        start, self._start = self._start, None
        if start is None or self._long_pressed:
            return
        if self._dragging:
            self._dragging = False
            self._tool_release(position if position is not None else start)
        elif position is not None:
            self._tap(start)

    def _two_fingers(self, first: QPointF, second: QPointF) -> None:
        view = self.view
        if self._start is not None:
            # A second finger turns a one-finger gesture into a pinch: drop what it began.
            self._long_press.stop()
            if self._dragging and view.tool is not None:
                view.tool.cancel()
            self._start, self._dragging = None, False
        centre = (first + second) / 2
        apart = max(1.0, math.hypot(second.x() - first.x(), second.y() - first.y()))
        if self._pinch is not None and view.scene is not None:
            last_centre, last_apart = self._pinch
            view.pan_by(centre.x() - last_centre.x(), centre.y() - last_centre.y())
            view.zoom_about(view.zoom() * apart / last_apart, centre)
        self._pinch = (centre, apart)

    def _on_long_press(self) -> None:
        view = self.view
        if self._start is None or view.scene is None:
            return
        self._long_pressed = True
        hex_ = view.hex_at(self._start)
        if hex_ is None:
            return
        # The hex only: its units stay as they were (in test-play, the unit about to move).
        view.selection.select_hex(hex_)
        self.hex_info_requested.emit(hex_, view.mapToGlobal(self._start.toPoint()))

    # Through to the view and its tool ----------------------------------------------------------

    def _tap(self, pixel: QPointF) -> None:
        view = self.view
        if view.scene is None:
            return
        if view.tool is None:
            view.click_at(pixel)
            return
        self._tool_press(pixel)
        self._tool_release(pixel)

    def _event(self, pixel: QPointF, buttons: Qt.MouseButton) -> ToolEvent:
        view = self.view
        return ToolEvent(
            pixel,
            view.viewport.to_world(pixel),
            view.hex_at(pixel),
            buttons,
            Qt.KeyboardModifier.NoModifier,
        )

    def _tool_press(self, pixel: QPointF) -> None:
        tool = self.view.tool
        if tool is not None and self.view.scene is not None:
            tool.press(self._event(pixel, Qt.MouseButton.LeftButton))

    def _tool_move(self, pixel: QPointF) -> None:
        tool = self.view.tool
        if tool is not None and self.view.scene is not None:
            tool.move(self._event(pixel, Qt.MouseButton.LeftButton))

    def _tool_release(self, pixel: QPointF) -> None:
        tool = self.view.tool
        if tool is not None and self.view.scene is not None:
            tool.release(self._event(pixel, Qt.MouseButton.NoButton))
