"""Dragging a counter out of the Forces panel's table: pressing on a counter's row and moving
the mouse starts a drag that carries its Unit ID, drawn as the counter, for the board to place
it where it is dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QObject, QPoint, Qt
from PySide6.QtGui import QDrag, QMouseEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication

from editor.tactical_gamex.counter_art import counter_pixmap
from editor.tactical_gamex.forces import COUNTER_MIME

DRAG_SIDE = 44
"""The side of the counter drawn under the mouse while dragging, in pixels."""


def counter_mime(counter_id: str) -> QMimeData:
    """The drag data of one counter."""
    data = QMimeData()
    data.setData(COUNTER_MIME, counter_id.encode())
    data.setText(counter_id)
    return data


class CounterDragStarter(QObject):
    """Watches a table's viewport and starts a counter's drag from the row pressed on.

    `counter_at(row)` gives the Unit ID and unit type of a row (None: not a counter)."""

    def __init__(
        self, view: QAbstractItemView, counter_at: Callable[[int], tuple[str, Any] | None]
    ) -> None:
        super().__init__(view)
        self.view = view
        self.counter_at = counter_at
        self._pressed: tuple[int, QPoint] | None = None
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent):
            row = self.view.indexAt(event.position().toPoint()).row()
            left = event.button() == Qt.MouseButton.LeftButton
            self._pressed = (row, event.position().toPoint()) if left and row >= 0 else None
        elif kind == QEvent.Type.MouseButtonRelease:
            self._pressed = None
        elif kind == QEvent.Type.MouseMove and isinstance(event, QMouseEvent) and self._pressed:
            row, start = self._pressed
            moved = (event.position().toPoint() - start).manhattanLength()
            if moved >= QApplication.startDragDistance():
                self._pressed = None
                self.start(row)
                return True
        return False

    def start(self, row: int) -> None:
        """Drag the counter of a row (blocks until it is dropped, as Qt's drags do)."""
        found = self.counter_at(row)
        if found is None:
            return
        counter_id, unit_type = found
        drag = QDrag(self.view)
        drag.setMimeData(counter_mime(counter_id))
        if unit_type is not None:
            ratio = self.view.devicePixelRatioF()
            drag.setPixmap(counter_pixmap(unit_type, DRAG_SIDE, ratio))
            drag.setHotSpot(QPoint(DRAG_SIDE // 2, DRAG_SIDE // 2))
        drag.exec(Qt.DropAction.MoveAction | Qt.DropAction.CopyAction)
