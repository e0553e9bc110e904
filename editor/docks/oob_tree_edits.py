"""The edits of the OOB tree dock, as a mixin of `OobTreeDock`: add, duplicate and delete
units and organizations where the selection is (asking first when many units go, or when a
move would change arrivals), and the release and withdrawal of a selected organization.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QMessageBox

from editor.docks.oob_arrivals import ArrivalClash, LostArrival, clash_text, lost_text
from editor.docks.oob_edit import (
    add_organization,
    add_unit,
    delete_nodes,
    deleted_ids,
    duplicate_nodes,
    insertion_place,
)
from editor.docks.oob_filter import StatusFilter
from editor.docks.oob_schedule import add_release, add_withdrawal, schedule_of
from editor.selection import Focus
from schemas.io import FileKind

if TYPE_CHECKING:
    from PySide6.QtWidgets import QComboBox, QLineEdit

    from editor.docks.oob_changes import NodeKey
    from editor.docks.oob_filter import OobFilterModel
    from editor.docks.oob_model import OobModel
    from editor.document import Document
    from editor.selection import Selection

CONFIRM_DELETING = 10
"""Deleting this many units or more at once asks first."""


class OobTreeEdits:
    """Adding, duplicating and deleting in an `OobTreeDock` (which provides the document, the
    tree's model and filters, and the questions it asks)."""

    if TYPE_CHECKING:
        document: Document | None
        selection: Selection
        model: OobModel
        proxy: OobFilterModel
        search: QLineEdit
        status_filter: QComboBox
        message: QLabel
        confirm: Callable[[str], bool]
        ask_arrivals: Callable[[str], bool]
        ask_lost_arrivals: Callable[[str], bool | None]

        def selected_ids(self) -> list[str]: ...
        def select_ids(self, ids: list[str]) -> None: ...
        def _current_place(self) -> str | NodeKey | None: ...

    def _selected_organization(self) -> str | None:
        ids = self.selected_ids() if self.document is not None else []
        if (
            len(ids) == 1
            and self.document is not None
            and ids[0] in self.document.oob_index.organizations
        ):
            return ids[0]
        return None

    def _add_release(self) -> None:
        organization = self._selected_organization()
        if organization is not None and self.document is not None:
            path = add_release(self.document, organization)
            self.selection.request_focus(Focus(FileKind.SCENARIO, path))

    def _add_withdrawal(self) -> None:
        organization = self._selected_organization()
        if organization is not None and self.document is not None:
            path = add_withdrawal(self.document, organization)
            self.selection.request_focus(Focus(FileKind.SCENARIO, path))

    def _show_schedule(self) -> None:
        organization = self._selected_organization()
        if organization is not None and self.document is not None:
            for path in schedule_of(self.document, organization)[:1]:
                self.selection.request_focus(Focus(FileKind.SCENARIO, path))

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def add_organization(self) -> str | None:
        """Add an organization where the selection is; select and return it."""
        if self.document is None:
            return None
        parent, row = insertion_place(self.document, self._current_place())
        if parent[0] != "org" and parent[0] != "nation":
            return None
        new_id = add_organization(self.document, parent, row)
        self._select_new([new_id])
        return new_id

    def add_unit(self) -> str | None:
        """Add a unit where the selection is; select and return it."""
        if self.document is None:
            return None
        parent, row = insertion_place(self.document, self._current_place())
        new_id = add_unit(self.document, parent, row)
        self._select_new([new_id])
        return new_id

    def duplicate_selected(self) -> list[str]:
        """Duplicate the selected units and organizations; select and return the copies."""
        if self.document is None:
            return []
        new_ids = duplicate_nodes(self.document, self.selected_ids())
        self._select_new(new_ids)
        return new_ids

    def delete_selected(self) -> int:
        """Delete the selected units and organizations (asking first when many units go);
        return how many units were deleted."""
        ids = self.selected_ids()
        if self.document is None or not ids:
            return 0
        units, organizations = deleted_ids(self.document.oob_index, ids)
        if len(units) >= CONFIRM_DELETING:
            question = (
                f"Delete {len(units)} units"
                + (f" in {len(organizations)} organizations" if organizations else "")
                + "? They are also removed from this scenario's placements and schedules. "
                "Other scenarios of the title may still refer to them."
            )
            if not self.confirm(question):
                return 0
        count = delete_nodes(self.document, ids)
        self._say(f"Deleted {count} unit{'s' if count != 1 else ''}")
        return count

    def _ask(self, question: str) -> bool:
        answer = QMessageBox.question(
            self,
            "Delete",
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _settle_arrivals(self, clashes: list[ArrivalClash]) -> bool:
        assert self.document is not None
        return self.ask_arrivals(clash_text(self.document, clashes))

    def _ask_arrivals(self, question: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, "Move", question, parent=self)
        arrive = box.addButton("&Arrive with It", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is arrive

    def _settle_lost_arrivals(self, lost: list[LostArrival]) -> bool | None:
        assert self.document is not None
        return self.ask_lost_arrivals(lost_text(self.document, lost))

    def _ask_lost_arrivals(self, question: str) -> bool | None:
        box = QMessageBox(QMessageBox.Icon.Warning, "Move", question, parent=self)
        keep = box.addButton("&Keep Them Arriving", QMessageBox.ButtonRole.AcceptRole)
        leave = box.addButton("&Leave Them Unplaced", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(keep)
        box.exec()
        clicked = box.clickedButton()
        return True if clicked is keep else False if clicked is leave else None

    def _select_new(self, ids: list[str]) -> None:
        visible = [i for i in ids if self.proxy.mapFromSource(self.model.index_of_id(i)).isValid()]
        if len(visible) < len(ids):
            self.search.clear()
            self.status_filter.setCurrentText(StatusFilter.ALL.value)
        self.select_ids(ids)
        self.selection.select_units(ids)
