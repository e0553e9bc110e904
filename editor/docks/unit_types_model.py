"""The Unit Types panel's model: one row per unit type of the open OOB, a column per value and
the count of units naming it, read from the document at every call; an edited cell is one undo
step that every unit of the type inheriting the value follows (`editor.unit_type_edits`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from editor.docks.table_columns import label
from editor.document import Change, Document
from editor.model_paths import EditError
from editor.unit_type_edits import set_type_value
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import UnitType
from schemas.panzer_campaigns.oob_cells import cell_text, parse_cell
from schemas.panzer_campaigns.unit_types import TYPE_FIELDS, units_of_types

Index = QModelIndex | QPersistentModelIndex

USERS = "units"
"""The read-only column: how many units name the type."""
COLUMNS: tuple[str, ...] = (
    "name",
    USERS,
    "id",
    *TYPE_FIELDS,
    "in_service_from",
    "in_service_to",
)
"""Name and count first, where a narrow panel shows them; then every value of the type."""

HEADERS = {
    "unit_class": "Class",
    "type_name": "Type",
    "aa_attack": "AA attack",
    "aa_range": "AA range",
    "aa_kind": "AA kind",
    USERS: "Units",
    "in_service_from": "In service from",
    "in_service_to": "In service to",
}


class UnitTypesModel(QAbstractTableModel):
    """The open OOB's unit types as rows."""

    edit_refused = Signal(str)
    """A readable message naming the type, the value and the reason it was refused."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self.columns = COLUMNS

    def set_document(self, document: Document | None) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._changed)
        self.beginResetModel()
        self.document = document
        if document is not None:
            document.changed.connect(self._changed)
        self.endResetModel()

    def _changed(self, change: Change) -> None:
        if change.kind is FileKind.OOB:
            # Types come and go with undo, extraction and reloads: rows are cheap to read.
            self.beginResetModel()
            self.endResetModel()

    # Reading ----------------------------------------------------------------------------------

    def types(self) -> list[UnitType]:
        document = self.document
        if document is None or not document.has(FileKind.OOB):
            return []
        return document.oob.unit_types

    def users(self) -> dict[str, list[str]]:
        """The units naming each type id, kept until the OOB changes."""
        document = self.document
        if document is None or not document.has(FileKind.OOB):
            return {}
        return document.cached(
            FileKind.OOB, "unit_type_users", lambda: units_of_types(document.oob_index)
        )

    def type_at(self, row: int) -> UnitType | None:
        types = self.types()
        return types[row] if 0 <= row < len(types) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.types())

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        unit_type = self.type_at(index.row())
        if unit_type is None or not 0 <= index.column() < len(self.columns):
            return None
        name = self.columns[index.column()]
        if name == USERS:
            count = len(self.users().get(unit_type.id, []))
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
                return count
            if role == Qt.ItemDataRole.ToolTipRole:
                return f"{count} units name {unit_type.name}; double-click to select them"
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        value = getattr(unit_type, name)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return cell_text(value)
        numeric = isinstance(value, int | float) and not isinstance(value, bool)
        if role == Qt.ItemDataRole.TextAlignmentRole and numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return UnitType.model_fields[name].description
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        name = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return header(name)
        if role == Qt.ItemDataRole.ToolTipRole and name != USERS:
            return UnitType.model_fields[name].description
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.columns[index.column()] != USERS:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    # Writing ----------------------------------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or self.document is None:
            return False
        unit_type = self.type_at(index.row())
        name = self.columns[index.column()]
        if unit_type is None or name == USERS:
            return False
        try:
            return set_type_value(
                self.document,
                unit_type.id,
                name,
                parse_cell(UnitType, name, str(value)),
                header(name),
            )
        except (EditError, ValueError) as exc:
            reason = str(exc).split(": ", 1)[-1]
            self.edit_refused.emit(f"Refused: {unit_type.name}, {header(name).lower()}: {reason}")
            return False


def header(name: str) -> str:
    """A column's heading."""
    return HEADERS.get(name) or label(name)
