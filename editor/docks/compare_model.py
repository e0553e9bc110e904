"""The Compare panel's list: a `schemas.diffing` report as a tree of files, their sections and
one row per change, each change row holding the `Change` it shows."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel

from editor import icons
from schemas.diffing.changes import Change, shown
from schemas.diffing.files import Report
from schemas.diffing.report import KIND_TITLES

CHANGE_ROLE = Qt.ItemDataRole.UserRole + 1
"""The `Change` a row shows (None on file and section rows)."""

ACTION_ICONS = {
    "added": "plus",
    "removed": "trash-2",
    "changed": "pencil-line",
    "moved": "route",
    "painted": "paintbrush",
}


class ChangesModel(QStandardItemModel):
    """A report's files > sections > changes, read-only."""

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self.report: Report | None = None

    def set_report(self, report: Report | None) -> None:
        """Show another report (None: nothing compared yet)."""
        self.clear()
        self.report = report
        if report is None:
            return
        root = self.invisibleRootItem()
        for diff in report.files:
            if diff.status == "equal":
                continue
            title = KIND_TITLES.get(diff.kind, diff.kind)
            label = f"{title} — {diff.key}" if diff.key else title
            if diff.status != "changed":
                label += f": file {diff.status}"
            else:
                count = len(diff.changes)
                label += f" ({count} change{'s' if count != 1 else ''})"
            file_item = _item(label, bold=True)
            root.appendRow(file_item)
            sections: dict[str, QStandardItem] = {}
            for change in diff.changes:
                section = sections.get(change.section)
                if section is None:
                    section = sections[change.section] = _item(change.section, bold=True)
                    file_item.appendRow(section)
                section.appendRow(_change_item(change))

    def change(self, index: QModelIndex | QPersistentModelIndex) -> Change | None:
        """The change a row shows, or None."""
        if not index.isValid():
            return None
        value = index.data(CHANGE_ROLE)
        return value if isinstance(value, Change) else None

    def changes(self) -> list[Change]:
        """Every change listed, in order."""
        return self.report.changes if self.report is not None else []


def _item(text: str, bold: bool = False) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    if bold:
        font = QFont(item.font())
        font.setBold(True)
        item.setFont(font)
    return item


def _change_item(change: Change) -> QStandardItem:
    item = _item(change.text)
    item.setData(change, CHANGE_ROLE)
    item.setIcon(icons.icon(ACTION_ICONS.get(change.action, "pencil-line")))
    where = []
    if change.hex is not None:
        where.append(f"hex {shown(change.hex)}")
    if change.unit_id:
        where.append(f"id {change.unit_id}")
    tip = change.text
    if change.field and change.action == "changed":
        tip += f"\n{change.field}: was {shown(change.old)}, now {shown(change.new)}"
    if where:
        tip += "\nDouble-click or Enter to show it (" + ", ".join(where) + ")"
    item.setToolTip(tip)
    return item
