"""Drag and drop in the OOB tree: the dragged ids as a payload, where a drop goes or why it is
refused, and the move itself, asking first when the move would put units on the map into an
organization that arrives later."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, QModelIndex, QPersistentModelIndex, Qt

from editor.docks.oob_arrivals import (
    arrival_clashes,
    arrive_with_new_organization,
    keep_arriving,
    lost_arrivals,
)
from editor.docks.oob_changes import NodeKey
from editor.docks.oob_edit import OobEditError, check_move, move_nodes, parent_key
from schemas.panzer_campaigns.oob import Organization, Unit

if TYPE_CHECKING:
    from editor.docks.oob_model import OobModel

MIME_TYPE = "application/x-hexwright-oob-nodes"
"""Drag payload: a JSON list of the dragged unit and organization ids."""

AnyIndex = QModelIndex | QPersistentModelIndex


class OobDrops:
    """The drag-and-drop half of `OobModel` (mixed into it)."""

    def supportedDropActions(self: OobModel) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def supportedDragActions(self: OobModel) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self: OobModel) -> list[str]:
        return [MIME_TYPE]

    def mimeData(self: OobModel, indexes: list[QModelIndex]) -> QMimeData:  # type: ignore[override]
        ids: list[str] = []
        for index in indexes:
            node = self.node(index)
            if isinstance(node, Unit | Organization) and node.id not in ids:
                ids.append(node.id)
        data = QMimeData()
        data.setData(MIME_TYPE, json.dumps(ids).encode())
        return data

    def _drop_plan(
        self, data: QMimeData, row: int, parent: AnyIndex
    ) -> tuple[list[str], NodeKey, int] | str:
        """The ids, target place and row of a drop, or why it is refused."""
        if self.document is None or not data.hasFormat(MIME_TYPE):
            return "nothing to drop"
        try:
            ids = [str(i) for i in json.loads(bytes(data.data(MIME_TYPE).data()).decode())]
        except ValueError:
            return "unreadable drag data"
        target = self.node(parent)
        if isinstance(target, Unit):
            # Dropping onto a unit puts the dragged nodes right after it.
            place = parent_key(self.document.oob, self.document.oob_index, target.id)
            return ids, place, parent.row() + 1
        key = self.key_of(target) if target is not None else None
        if key is None or key[0] not in {"nation", "org"}:
            return "drop units and organizations into a nation or an organization"
        problem = check_move(self.document, ids, key)
        return problem if problem is not None else (ids, key, row)

    def canDropMimeData(
        self,
        data: QMimeData,
        action: Qt.DropAction,
        row: int,
        column: int,
        parent: AnyIndex,
    ) -> bool:
        if action is not Qt.DropAction.MoveAction:
            return False
        plan = self._drop_plan(data, row, parent)
        self.refused = plan if isinstance(plan, str) else ""
        return not isinstance(plan, str)

    def dropMimeData(
        self,
        data: QMimeData,
        action: Qt.DropAction,
        row: int,
        column: int,
        parent: AnyIndex,
    ) -> bool:
        if action is Qt.DropAction.IgnoreAction:
            return True
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        plan = self._drop_plan(data, row, parent)
        assert not isinstance(plan, str)
        assert self.document is not None
        ids, key, target_row = plan
        document = self.document
        clashes = arrival_clashes(document, ids, key)
        if clashes and (self.settle_arrivals is None or not self.settle_arrivals(clashes)):
            count = len(clashes)
            self.refused = (
                f"Not moved: {count} unit{'s' if count != 1 else ''} would start on the map "
                f"and also arrive with {clashes[0].organization}"
            )
            return False
        lost = lost_arrivals(document, ids, key)
        keep = None
        if lost:
            ask = self.settle_lost_arrivals
            keep = ask(lost) if ask is not None else None
            if keep is None:
                count = len(lost)
                self.refused = (
                    f"Not moved: {count} unit{'s' if count != 1 else ''} would no longer arrive "
                    f"with {lost[0].organization}"
                )
                return False

        def follow_up() -> None:
            if clashes:
                arrive_with_new_organization(document, clashes)
            if keep:
                keep_arriving(document, lost)

        try:
            move_nodes(document, ids, key, target_row, then=follow_up)
        except OobEditError as exc:
            self.refused = str(exc)
            return False
        # The command moved the rows; the view's follow-up removeRows is refused (the base
        # implementation does nothing), so nothing is removed twice.
        return True
