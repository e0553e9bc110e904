"""A dialog to choose OOB units or organizations by name: a filterable list, in the order of the
OOB tree, with each entry's side colour; used by the table cells that hold ids."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.docks.table_columns import Pick, label, side_colour
from editor.widgets.screen_fit import resize_within_screen
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.vocabulary import Side

_ID_ROLE = Qt.ItemDataRole.UserRole + 1
_TOP_DEPTH = 6
"""Length of the model path of a nation's top organizations: sides.N.nations.N.organizations.N"""


@dataclass(frozen=True, slots=True)
class PickEntry:
    """One choice: an OOB unit or organization."""

    id: str
    name: str
    detail: str
    side: Side
    depth: int


def pick_entries(index: OobIndex, pick: Pick) -> list[PickEntry]:
    """The units or organizations a picker offers, in the order of the OOB tree."""
    entries: list[tuple[tuple[int | str, ...], PickEntry]] = []
    if pick.what == "organizations":
        for node_id, org in index.organizations.items():
            depth = (len(org.path) - _TOP_DEPTH) // 2
            detail = label(org.organization.level)
            entry = PickEntry(node_id, org.organization.name, detail, org.side, depth)
            entries.append((org.path, entry))
    else:
        for node_id, unit_entry in index.units.items():
            unit = unit_entry.unit
            if pick.what == "air_units" and unit.air is None:
                continue
            parent = index.organizations.get(unit_entry.parent or "")
            detail = parent.organization.name if parent is not None else ""
            entries.append(
                (unit_entry.path, PickEntry(node_id, unit.name, detail, unit_entry.side, 0))
            )
    entries.sort(key=lambda pair: tuple(str(p).zfill(6) for p in pair[0]))
    return [entry for _, entry in entries]


def _swatch(colour: QColor | None) -> QPixmap:
    pixmap = QPixmap(10, 10)
    pixmap.fill(colour or QColor("transparent"))
    return pixmap


class IdPickerDialog(QDialog):
    """Choose one or several ids among `entries`; `chosen()` gives them after `accepted`,
    those already chosen first in their order."""

    def __init__(
        self,
        entries: Sequence[PickEntry],
        chosen: Sequence[str],
        *,
        multiple: bool,
        title: str,
        side: Side | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setModal(True)
        resize_within_screen(self, 460, 520)
        self._multiple = multiple
        self._initial = list(chosen)
        self.filter_edit = QLineEdit(placeholderText="Filter by name or id")
        self.filter_edit.setClearButtonEnabled(True)
        self.side_box = QComboBox()
        self.side_box.addItem("Both sides", None)
        for member in Side:
            self.side_box.addItem(_swatch(side_colour(member)), label(member), member.value)
        self.side_box.setCurrentIndex(max(0, self.side_box.findData(side)) if side else 0)
        self.list = QListWidget()
        self.list.setUniformItemSizes(True)
        self.list.setSelectionMode(
            QAbstractItemView.SelectionMode.ExtendedSelection
            if multiple
            else QAbstractItemView.SelectionMode.SingleSelection
        )
        for entry in entries:
            self._add(entry, entry.id in self._initial)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.list.itemDoubleClicked.connect(self._double_clicked)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.side_box.currentIndexChanged.connect(self._apply_filter)

        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 1)
        filters.addWidget(self.side_box)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        self.hint = QLabel()
        layout.addWidget(self.hint)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        self.list.itemChanged.connect(self._update_hint)
        self._apply_filter()
        self._update_hint()
        first = next((self._item(i) for i in self._initial if self._item(i) is not None), None)
        if first is not None:
            self.list.scrollToItem(first, QAbstractItemView.ScrollHint.PositionAtCenter)
        self.filter_edit.setFocus()

    def _item(self, node_id: str) -> QListWidgetItem | None:
        for row in range(self.list.count()):
            if self.list.item(row).data(_ID_ROLE) == node_id:
                return self.list.item(row)
        return None

    def _update_hint(self, *_: object) -> None:
        if not self._multiple:
            self.hint.setText("Choose one entry (double-click to take it).")
            return
        count = len(self.chosen())
        self.hint.setText(f"Tick every entry to include: {count} chosen.")

    def _add(self, entry: PickEntry, chosen: bool) -> None:
        text = "    " * entry.depth + entry.name
        if entry.detail:
            text += f"   — {entry.detail}"
        item = QListWidgetItem(_swatch(side_colour(entry.side)), text)
        item.setData(_ID_ROLE, entry.id)
        item.setData(Qt.ItemDataRole.UserRole, entry.side.value)
        item.setToolTip(f"{entry.name}\n{entry.id}")
        if self._multiple:
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if chosen else Qt.CheckState.Unchecked)
        self.list.addItem(item)
        if chosen and not self._multiple:
            self.list.setCurrentItem(item)

    def _apply_filter(self) -> None:
        words = self.filter_edit.text().casefold().split()
        side = self.side_box.currentData()
        for row in range(self.list.count()):
            item = self.list.item(row)
            haystack = f"{item.text()} {item.data(_ID_ROLE)}".casefold()
            visible = all(w in haystack for w in words) and side in (
                None,
                item.data(Qt.ItemDataRole.UserRole),
            )
            item.setHidden(not visible)

    def _double_clicked(self, item: QListWidgetItem) -> None:
        if self._multiple:
            checked = item.checkState() == Qt.CheckState.Checked
            item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)
        else:
            self.accept()

    def set_chosen(self, ids: Sequence[str]) -> None:
        """Tick (or select) exactly these ids, as a user would."""
        for row in range(self.list.count()):
            item = self.list.item(row)
            wanted = item.data(_ID_ROLE) in ids
            if self._multiple:
                item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)
            elif wanted:
                self.list.setCurrentItem(item)

    def chosen(self) -> list[str]:
        """The chosen ids: those chosen before (still ticked) in their order, then new ones."""
        if not self._multiple:
            current = self.list.currentItem()
            return [current.data(_ID_ROLE)] if current is not None else []
        ticked = [
            self.list.item(r).data(_ID_ROLE)
            for r in range(self.list.count())
            if self.list.item(r).checkState() == Qt.CheckState.Checked
        ]
        kept = [i for i in self._initial if i in ticked]
        return kept + [i for i in ticked if i not in kept]

    def visible_ids(self) -> list[str]:
        """The ids the filter leaves visible."""
        return [
            self.list.item(r).data(_ID_ROLE)
            for r in range(self.list.count())
            if not self.list.item(r).isHidden()
        ]
