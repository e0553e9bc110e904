"""Dragging from the setup step's list onto the board: the list's lines carry what they name
(a counter, an allotted marker, a lift's target) and a drop on a hex gives the same order as a
click there, its refusal shown the same way."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt
from PySide6.QtGui import QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

SETUP_MIME = "application/x-hexwright-tgx-setup"
"""What a line of the setup list carries when dragged: its choice as JSON."""

Offset = tuple[int, int]


def encode(choice: Any) -> bytes:
    return json.dumps(choice).encode()


def decode(data: bytes) -> Any:
    """The choice a dragged line carried, its lists back to the panel's tuples."""

    def tupled(value: Any) -> Any:
        return tuple(tupled(v) for v in value) if isinstance(value, list) else value

    return tupled(json.loads(data.decode()))


class SetupList(QListWidget):
    """The setup step's list, its lines dragged onto the board."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)

    def mimeTypes(self) -> list[str]:
        return [SETUP_MIME]

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:
        data = QMimeData()
        if items:
            data.setData(SETUP_MIME, encode(items[0].data(Qt.ItemDataRole.UserRole)))
        return data


class SetupDrop(QObject):
    """Takes drops of setup lines on the board view's viewport and hands them, with the hex
    under the drop, to `dropped` (the board's own drops of the Forces panel are left alone)."""

    def __init__(self, view: Any, dropped: Callable[[Any, Offset], None]) -> None:
        super().__init__(view)
        self.view = view
        self.dropped = dropped
        view.viewport().installEventFilter(self)

    def detach(self) -> None:
        self.view.viewport().removeEventFilter(self)

    def _spot(self, event: QDropEvent | QDragMoveEvent) -> Offset | None:
        spot: Offset | None = self.view.hex_at(self.view.mapToScene(event.position().toPoint()))
        return spot

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        assert isinstance(event, QDropEvent)
        if not event.mimeData().hasFormat(SETUP_MIME):
            return False
        spot = self._spot(event)
        if kind is QEvent.Type.DragEnter:
            event.acceptProposedAction()
            return True
        if spot is None:
            event.ignore()
            return True
        event.acceptProposedAction()
        if kind is QEvent.Type.Drop:
            self.dropped(decode(bytes(event.mimeData().data(SETUP_MIME).data())), spot)
        return True
