"""An editable grid over a list of rows in one file of a Tactical GameX document: each column a
field of the row (or an entry of a list or dict field), each edit one undoable command.

A cell refuses what the file format refuses, with the reason (`refused`), before anything
changes; a table-wide check (the CRT's low rolls favouring the attacker, say) may refuse too.
The model holds no copy of the rows: it reads them from the document each time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from editor.commands import SetValue
from editor.document import Change
from editor.model_paths import EditError, get_at, replace_at, validate_at
from schemas.problems import ModelPath

AnyIndex = QModelIndex | QPersistentModelIndex

PROHIBITED = "P"
"""How a prohibited move (`null` in the file) reads and is typed in the TEC's MP cells."""


@dataclass(frozen=True, slots=True)
class GridColumn:
    """One column: the field under each row it shows, and how it reads and is typed."""

    header: str
    field: ModelPath
    """The path of the field under the row."""
    tip: str = ""
    key: Any = None
    """For a dict field: the entry of this column (a move class); None otherwise."""
    choices: tuple[str, ...] = ()
    """The values a cell may take, offered in a list; empty: typed freely."""
    check: bool = False
    """A yes/no field shown as a check box."""
    nullable_text: str = ""
    """What an empty (`null`) value reads as; typing it sets `null`."""
    editable: bool = True
    items: bool = False
    """A list field typed as comma-separated values."""
    reads: Callable[[Any], str] | None = None
    """How a value the plain text cannot show reads (a list of records); None: as text."""
    parses: Callable[[str], Any] | None = None
    """What typed text means for such a value; raises ValueError with the reason."""


TableCheck = Callable[[Any], tuple[list[str], list[str]]]
"""A check of a whole file: the errors that refuse an edit making them, and the warnings an
edit making them is accepted with, said aloud."""


class FieldGrid(QAbstractTableModel):
    """Rows of one list in a document's file, columns of their fields."""

    refused = Signal(str)
    """Emitted with the reason when a cell refuses what was typed."""
    noted = Signal(str)
    """Emitted with the warnings an accepted edit brought, e.g. a CRT row now milder than the
    one above it (allowed: a designer may mean it)."""

    def __init__(
        self,
        part: Any,
        rows_path: ModelPath,
        columns: Sequence[GridColumn],
        noun: str,
        parent: QObject | None = None,
        *,
        row_label: Callable[[Any, int], str] | None = None,
        table_check: TableCheck | None = None,
    ) -> None:
        super().__init__(parent)
        self.document: Any = None
        self.part = part
        self.rows_path = tuple(rows_path)
        self.columns = list(columns)
        self.noun = noun
        self.row_label = row_label
        self.table_check = table_check

    def set_document(self, document: Any) -> None:
        """Show the rows of a document (None: none)."""
        self.beginResetModel()
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._document_changed)
        self.endResetModel()

    def set_rows_path(self, rows_path: ModelPath) -> None:
        """Show another list of the same file (another nation's counters)."""
        self.beginResetModel()
        self.rows_path = tuple(rows_path)
        self.endResetModel()

    def _rows(self) -> Sequence[Any]:
        if self.document is None:
            return ()
        try:
            rows: Sequence[Any] = get_at(self.document.model(self.part), self.rows_path)
        except (IndexError, AttributeError, KeyError):  # the list's owner was just removed
            return ()
        return rows

    def _document_changed(self, change: Change) -> None:
        if change.kind == self.part and change.touches(self.rows_path):
            self.beginResetModel()
            self.endResetModel()

    # Reading ---------------------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows())

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.columns)

    def spec(self, row: int, column: int) -> GridColumn:
        """How a cell reads and is typed."""
        return self.columns[column]

    def cell_path(self, row: int, column: int) -> ModelPath:
        """The model path of a cell's field in the file."""
        return (*self.rows_path, row, *self.columns[column].field)

    def value(self, row: int, column: int) -> Any:
        """The model's value of a cell."""
        spec = self.spec(row, column)
        value = get_at(self.document.model(self.part), self.cell_path(row, column))
        if spec.key is not None:
            value = value.get(spec.key)
        return value

    def text(self, row: int, column: int) -> str:
        """A cell as it reads and is typed."""
        return _text(self.value(row, column), self.spec(row, column))

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        spec = self.spec(index.row(), index.column())
        if role == Qt.ItemDataRole.CheckStateRole and spec.check:
            checked = bool(self.value(index.row(), index.column()))
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole) and not spec.check:
            return self.text(index.row(), index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole and not spec.check:
            # Numbers and codes stand centred in their column; words read from the left.
            value = self.value(index.row(), index.column())
            if value is None or isinstance(value, int | float | Enum):
                return Qt.AlignmentFlag.AlignCenter
            return Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.ToolTipRole:
            return spec.tip or None
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self.columns):
                return None
            if role == Qt.ItemDataRole.DisplayRole:
                return self.columns[section].header
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.columns[section].tip or None
            return None
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < self.rowCount():
            if self.row_label is not None:
                return self.row_label(self._rows()[section], section)
            return str(section + 1)
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        spec = self.spec(index.row(), index.column())
        if spec.editable and self.document is not None:
            flags |= Qt.ItemFlag.ItemIsUserCheckable if spec.check else Qt.ItemFlag.ItemIsEditable
        return flags

    # Editing ---------------------------------------------------------------------------------

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or self.document is None:
            return False
        spec = self.spec(index.row(), index.column())
        if spec.check:
            if role != Qt.ItemDataRole.CheckStateRole:
                return False
            new: Any = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role == Qt.ItemDataRole.EditRole and spec.parses is not None:
            try:
                new = spec.parses(str(value))
            except ValueError as exc:
                self.refused.emit(f"{self._cell_name(index.row(), index.column())}: {exc}")
                return False
        elif role == Qt.ItemDataRole.EditRole:
            new = _parsed(str(value), spec)
        else:
            return False
        return self.set_cell(index.row(), index.column(), new)

    def set_cell(self, row: int, column: int, value: Any) -> bool:
        """Set a cell as one undo step, or refuse it with the reason (`refused`)."""
        spec = self.spec(row, column)
        path = self.cell_path(row, column)
        root = self.document.model(self.part)
        if spec.key is not None:
            value = {**get_at(root, path), spec.key: value}
        try:
            value = validate_at(root, path, value)
        except EditError as exc:
            self.refused.emit(f"{self._cell_name(row, column)}: {_reason(str(exc))}")
            return False
        if value == get_at(root, path):
            return True
        notes: list[str] = []
        if self.table_check is not None:
            before_errors, before_notes = self.table_check(root)
            errors, after_notes = self.table_check(replace_at(root, path, value))
            reasons = [reason for reason in errors if reason not in before_errors]
            if reasons:
                self.refused.emit(f"{self._cell_name(row, column)}: {reasons[0]}")
                return False
            notes = [note for note in after_notes if note not in before_notes]
        text = f"Set {self.noun} {self._cell_name(row, column)}"
        self.document.push(SetValue(self.document, self.part, path, value, text))
        if notes:
            self.noted.emit("; ".join(notes))
        return True

    def _cell_name(self, row: int, column: int) -> str:
        label = self.headerData(row, Qt.Orientation.Vertical)
        return f"{label} / {self.headerData(column, Qt.Orientation.Horizontal)}"


class RecordGrid(FieldGrid):
    """One record's fields as rows of one Value column (a victory condition's)."""

    def __init__(
        self, part: Any, columns: Sequence[GridColumn], noun: str, parent: QObject | None = None
    ) -> None:
        super().__init__(part, (), columns, noun, parent)
        self.record_path: ModelPath | None = None

    def show_record(self, path: ModelPath | None, columns: Sequence[GridColumn]) -> None:
        """Show the record at `path` with these fields (None: none)."""
        self.beginResetModel()
        self.record_path = None if path is None else tuple(path)
        self.rows_path = self.record_path or ()
        self.columns = list(columns)
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        if parent.isValid() or self.record_path is None or self.document is None:
            return 0
        return len(self.columns)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else 1

    def spec(self, row: int, column: int) -> GridColumn:
        return self.columns[row]

    def cell_path(self, row: int, column: int) -> ModelPath:
        return (*(self.record_path or ()), *self.columns[row].field)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal:
            return "Value" if role == Qt.ItemDataRole.DisplayRole and section == 0 else None
        if 0 <= section < len(self.columns):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.columns[section].header
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.columns[section].tip or None
        return None

    def _document_changed(self, change: Change) -> None:
        path = self.record_path
        if path is not None and change.kind == self.part and change.touches(path):
            try:
                get_at(self.document.model(self.part), path)
            except (IndexError, AttributeError, KeyError):
                self.record_path = None
            self.beginResetModel()
            self.endResetModel()


def _reason(message: str) -> str:
    """The validation message without its model path, which the cell's name replaces."""
    return message.split(": ", 1)[1] if ": " in message else message


def _text(value: Any, spec: GridColumn) -> str:
    if value is None:
        return spec.nullable_text
    if spec.reads is not None:
        return spec.reads(value)
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):
        return ", ".join(_text(item, spec) for item in value)
    return str(value)


def _parsed(text: str, spec: GridColumn) -> Any:
    """What a typed cell means: the nullable text is `null`; the rest is left to the format's
    own conversion, which says why it refuses."""
    text = text.strip()
    if spec.items:
        return [part.strip() for part in text.split(",") if part.strip()]
    if spec.nullable_text and text.upper() in (spec.nullable_text.upper(), ""):
        return None
    return text
