"""The Timeline's mouse, keyboard, wheel and touch: drag an event to another turn (snapping to
turns), Left/Right nudge the selected one a turn, click the axis to scrub, the wheel zooms the
time axis (Shift+wheel scrolls it, the wheel over the names scrolls the tracks), a pinch zooms,
and tooltips give each event's exact values."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QHelpEvent, QKeyEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QGestureEvent, QPinchGesture, QToolTip, QWidget

from editor.docks.timeline_model import tooltip, weather_tooltip
from editor.docks.timeline_view import TimelineCanvas
from engine.panzer_campaigns.timeline import MOVABLE
from schemas.panzer_campaigns.weather import WeatherRow

DRAG_START = 4
"""Pixels the mouse travels before a press on an event becomes a drag."""


class TimelineView(TimelineCanvas):
    """The painted timeline with its input."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pressed = False

    # Mouse -----------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() is not Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        point = event.position()
        if point.y() < self.axis_height and point.x() >= self.label_width:
            self.turn_chosen.emit(self.turn_at_x(point.x()))
            return None
        if point.x() < self.label_width and point.y() >= self.axis_height:
            row = int(
                (point.y() - self.axis_height + self.verticalScrollBar().value()) // self.row_height
            )
            if 0 <= row < len(self.timeline.tracks) and self.timeline.tracks[row].expandable:
                self.fold_requested.emit(self.timeline.tracks[row].key)
            return None
        hit = self.event_at(point)
        self.select(hit)
        self._pressed = hit is not None and hit.kind in MOVABLE
        self._press_x = point.x()
        return None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        if self._pressed and abs(point.x() - self._press_x) >= DRAG_START:
            chosen = self.selected_event()
            if chosen is not None:
                self._drag = (chosen, self._snapped(chosen.turn, point.x()))
                self.viewport().setCursor(Qt.CursorShape.SizeHorCursor)
                self.viewport().update()
            return
        hit = self.event_at(point)
        movable = hit is not None and hit.kind in MOVABLE
        shape = Qt.CursorShape.OpenHandCursor if movable else Qt.CursorShape.ArrowCursor
        self.viewport().setCursor(shape)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        drag, self._drag, self._pressed = self._drag, None, False
        self.viewport().unsetCursor()
        self.viewport().update()
        if drag is not None and drag[1] != drag[0].turn:
            self.move_requested.emit(drag[0], drag[1])

    def _snapped(self, turn: int, x: float) -> int:
        """The turn a drag from the press point to `x` lands on: whole turns only."""
        shift = round((x - self._press_x) / self.turn_width)
        return max(1, min(self.timeline.turns, turn + shift))

    # Keyboard --------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._select_next(1 if key == Qt.Key.Key_Down else -1)
            return None
        step = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1}.get(key)
        chosen = self.selected_event()
        if step is None or chosen is None or chosen.kind not in MOVABLE:
            return super().keyPressEvent(event)
        turn = max(1, min(self.timeline.turns, chosen.turn + step))
        if turn != chosen.turn:
            self.move_requested.emit(chosen, turn)
        return None

    def _select_next(self, step: int) -> None:
        """Select the next (or previous) marker, track by track and turn by turn, and bring
        it into sight: the keyboard's way to reach an event."""
        markers = [
            (row, event)
            for row, track in enumerate(self.timeline.tracks)
            for event in sorted(track.events, key=lambda e: e.turn)
        ]
        if not markers:
            return
        current = next((i for i, (_, e) in enumerate(markers) if e.path == self.selected), None)
        index = (0 if step > 0 else len(markers) - 1) if current is None else current + step
        row, chosen = markers[max(0, min(len(markers) - 1, index))]
        self.select(chosen)
        self.ensure_visible(row, chosen.turn)

    # Wheel and touch -------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta()
        steps = (delta.y() or delta.x()) / 120
        x = event.position().x()
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            bar = self.horizontalScrollBar()
            bar.setValue(bar.value() - round(steps * 3 * self.turn_width))
        elif x < self.label_width:
            bar = self.verticalScrollBar()
            bar.setValue(bar.value() - round(steps * 3 * self.row_height))
        else:
            self.set_turn_width(self.turn_width * 1.25**steps, x)
        event.accept()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Gesture:
            assert isinstance(event, QGestureEvent)
            pinch = event.gesture(Qt.GestureType.PinchGesture)
            if isinstance(pinch, QPinchGesture):
                centre = self.viewport().mapFromGlobal(pinch.centerPoint().toPoint())
                self.set_turn_width(self.turn_width * pinch.scaleFactor(), centre.x())
                event.accept()
                return True
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            point = QPointF(event.pos())
            hit = self.event_at(point)
            row = self.weather_at(point) if point.x() >= self.label_width else None
            if hit is not None:
                QToolTip.showText(event.globalPos(), tooltip(hit, self.timeline.clock), self)
            elif isinstance(row, WeatherRow):
                QToolTip.showText(event.globalPos(), weather_tooltip(row), self)
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)
