"""A Qt table model over one list of a document file (objectives, reinforcements, supply
sources…): columns are declared once (see `table_columns`), rows are read from the document at
every call, and every edit the user makes becomes a command on the document's undo stack."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from editor.commands import EditFile, InsertItems, RemoveItems, SetValues
from editor.docks.table_columns import (
    TIME_FORMAT,
    Assignments,
    Column,
    Editor,
    Offset,
    field_limits,
    field_tooltip,
    format_hex,
    item_classes,
    label,
    names_text,
    node_name,
    parse_hex,
    parse_int,
    parse_time,
)
from editor.document import Change, ChangeAction, Document
from editor.model_paths import EditError, get_at
from schemas.io import FileKind
from schemas.problems import ModelPath

Index = QModelIndex | QPersistentModelIndex

_INAPPLICABLE_BACKGROUND = QColor(0, 0, 0, 18)
_HIGHLIGHT_BACKGROUND = QColor(255, 214, 64, 90)
_QUIET_TEXT = QColor("#8a8a8a")
_WARNING_TEXT = QColor("#b3261e")


# The model ------------------------------------------------------------------------------------


class ListTableModel(QAbstractTableModel):
    """The rows of one list of a document file (`list_path` in file `kind`), one column per
    `Column`. Holds no copy of the rows: it reads the document at every call and brackets the
    document's changes with the matching row signals."""

    edit_refused = Signal(str)
    """A readable message when an edit is refused (a negative number, not a number…)."""

    def __init__(
        self,
        document: Document | None,
        kind: FileKind,
        list_path: ModelPath,
        columns: Sequence[Column],
        *,
        noun: str,
        plural: str = "",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.kind = kind
        self.list_path = tuple(list_path)
        self.columns = list(columns)
        self.noun = noun
        self.plural = plural or f"{noun}s"
        self.last_error = ""
        self._document: Document | None = None
        self._classes: tuple[type[BaseModel], ...] = ()
        self._pending: str = ""
        self._highlight: Offset | None = None
        self.set_document(document)

    # Document --------------------------------------------------------------------------------

    @property
    def document(self) -> Document | None:
        return self._document

    def set_document(self, document: Document | None) -> None:
        """Show the list of another document (None: no rows)."""
        self.beginResetModel()
        if self._document is not None:
            self._document.about_to_change.disconnect(self._before_change)
            self._document.changed.disconnect(self._after_change)
        self._document = document
        self._classes = ()
        if document is not None:
            document.about_to_change.connect(self._before_change)
            document.changed.connect(self._after_change)
            self._classes = item_classes(type(document.model(self.kind)), self.list_path)
        self.endResetModel()

    def items(self) -> list[Any]:
        """The list's current items."""
        if self._document is None:
            return []
        return list(get_at(self._document.model(self.kind), self.list_path))

    def item(self, row: int) -> Any:
        """The item of a row."""
        assert self._document is not None
        return get_at(self._document.model(self.kind), (*self.list_path, row))

    def _relation(self, change: Change) -> str:
        """How a change concerns this list: rows inserted or removed, one row's data, the
        whole list ("reset"), data it shows ("refresh") or nothing."""
        if change.kind is not self.kind:
            return "refresh" if change.kind in (FileKind.OOB, FileKind.MAP) else ""
        if change.action is ChangeAction.RESET:
            return "reset"
        path, size = tuple(change.path), len(self.list_path)
        if path[:size] == self.list_path:
            if len(path) > size:
                return "row"
            return {ChangeAction.INSERT: "insert", ChangeAction.REMOVE: "remove"}.get(
                change.action, "reset"
            )
        if self.list_path[: len(path)] == path:
            return "reset"
        # Turn numbers and times derive from the header's start, length and day schedule.
        return "refresh" if path[:1] == ("header",) else ""

    def _before_change(self, change: Change) -> None:
        self._pending = self._relation(change)
        last = change.first + change.count - 1
        if self._pending == "insert":
            self.beginInsertRows(QModelIndex(), change.first, last)
        elif self._pending == "remove":
            self.beginRemoveRows(QModelIndex(), change.first, last)
        elif self._pending == "reset":
            self.beginResetModel()

    def _after_change(self, change: Change) -> None:
        pending, self._pending = self._pending, ""
        if pending == "insert":
            self.endInsertRows()
        elif pending == "remove":
            self.endRemoveRows()
        elif pending == "reset":
            self.endResetModel()
        elif pending == "row":
            row = change.path[len(self.list_path)]
            if isinstance(row, int) and 0 <= row < self.rowCount():
                self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))
        elif pending == "refresh":
            self._refresh_all()

    def _refresh_all(self) -> None:
        if self.rowCount():
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )

    # Reading cells ---------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        if parent.isValid() or self._document is None:
            return 0
        return len(get_at(self._document.model(self.kind), self.list_path))

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.columns)

    def applies(self, row: int, column: int) -> bool:
        """Whether a column means anything for the row's item."""
        check = self.columns[column].applies
        return check is None or check(self.item(row))

    def cell_value(self, row: int, column: int) -> Any:
        """The value a cell shows, as a Python value (what the editors start from)."""
        assert self._document is not None
        spec, item = self.columns[column], self.item(row)
        if spec.value is not None:
            return spec.value(self._document, item)
        return get_at(item, spec.field)

    def cell_text(self, row: int, column: int) -> str:
        """The text a cell shows."""
        if not self.applies(row, column):
            return ""
        assert self._document is not None
        spec, value = self.columns[column], self.cell_value(row, column)
        if spec.display is not None:
            return spec.display(self._document, value)
        if value is None or spec.editor is Editor.CHECK:
            return ""
        if spec.editor is Editor.HEX:
            return format_hex(value)
        if spec.editor is Editor.TIME:
            return str(value.strftime(TIME_FORMAT))
        if spec.editor is Editor.PICK:
            return names_text(self._document, [value] if isinstance(value, str) else value)
        if spec.editor is Editor.CHOICE:
            return str(dict(self.choices(column)).get(value, label(value)))
        return str(value.value if isinstance(value, Enum) else value)

    def sort_key(self, row: int, column: int) -> tuple[Any, ...]:
        """A key that orders a column's cells: numbers as numbers, hexes by column then row,
        empty and greyed cells first."""
        if not self.applies(row, column):
            return (0,)
        spec, value = self.columns[column], self.cell_value(row, column)
        if value is None:
            return (0,)
        if spec.editor in (Editor.INT, Editor.HEX, Editor.TIME, Editor.CHECK):
            return (1, value)
        return (1, self.cell_text(row, column).casefold())

    def choices(self, column: int) -> list[tuple[Any, str]]:
        """The (value, label) choices of a CHOICE column."""
        spec = self.columns[column]
        if spec.choices is None or self._document is None:
            return []
        return [(getattr(v, "value", v), text) for v, text in spec.choices(self._document)]

    def limits(self, column: int) -> tuple[int, int]:
        """The range a number column accepts."""
        spec = self.columns[column]
        return spec.limits or field_limits(self._classes, spec.field)

    def column_tooltip(self, column: int, item: Any = None) -> str:
        """The header's tool tip: the field's description and unit."""
        spec = self.columns[column]
        if spec.tooltip:
            return spec.tooltip
        classes = (type(item), *self._classes) if isinstance(item, BaseModel) else self._classes
        return field_tooltip(classes, spec.field)

    def _cell_tooltip(self, row: int, column: int) -> str:
        spec, item = self.columns[column], self.item(row)
        text = self.column_tooltip(column, item)
        if not self.applies(row, column):
            return f"Not used by this {self.noun.lower()}.\n\n{text}"
        if spec.editor is Editor.PICK and self._document is not None:
            value = self.cell_value(row, column)
            ids = [value] if isinstance(value, str) else list(value or [])
            listed = "\n".join(f"{node_name(self._document, i) or '(unknown)'}  [{i}]" for i in ids)
            text = f"{listed}\n\n{text}" if listed else text
        if spec.inferred is not None and spec.inferred(item):
            text = f"Derived; not written in the file.\n\n{text}"
        return text

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self._document is None:
            return None
        row, column = index.row(), index.column()
        spec = self.columns[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell_text(row, column)
        if role == Qt.ItemDataRole.EditRole:
            value = self.cell_value(row, column) if self.applies(row, column) else None
            return value if isinstance(value, int) else self.cell_text(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._cell_tooltip(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(spec.alignment)
        if role == Qt.ItemDataRole.CheckStateRole:
            if spec.editor is not Editor.CHECK or not self.applies(row, column):
                return None
            checked = bool(self.cell_value(row, column))
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._foreground(row, column)
        if role == Qt.ItemDataRole.FontRole:
            if spec.inferred is not None and spec.inferred(self.item(row)):
                font = QFont()
                font.setItalic(True)
                return font
            return None
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._background(row, column)
        if role == Qt.ItemDataRole.DecorationRole and spec.colour is not None:
            return spec.colour(self.cell_value(row, column)) if self.applies(row, column) else None
        return None

    def _foreground(self, row: int, column: int) -> QBrush | None:
        spec = self.columns[column]
        if spec.inferred is not None and spec.inferred(self.item(row)):
            return QBrush(_QUIET_TEXT)
        if spec.editor is Editor.PICK and "? " in self.cell_text(row, column):
            return QBrush(_WARNING_TEXT)
        return None

    def _background(self, row: int, column: int) -> QBrush | None:
        if not self.applies(row, column):
            return QBrush(_INAPPLICABLE_BACKGROUND)
        if self._highlight is not None and self.hex_of(row) == self._highlight:
            return QBrush(_HIGHLIGHT_BACKGROUND)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].header
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.column_tooltip(section) or None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(self.columns[section].alignment)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
        editor = self.columns[index.column()].editor
        if editor is Editor.NONE or not self.applies(index.row(), index.column()):
            return base
        if editor is Editor.CHECK:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base | Qt.ItemFlag.ItemIsEditable

    # Finding rows ----------------------------------------------------------------------------

    def hex_column(self) -> int | None:
        """The first column holding a hex, if any."""
        return next((c for c, s in enumerate(self.columns) if s.editor is Editor.HEX), None)

    def hex_of(self, row: int) -> Offset | None:
        """The hex of a row's item, if the list has hexes."""
        column = self.hex_column()
        if column is None or not 0 <= row < self.rowCount():
            return None
        value = self.cell_value(row, column)
        return (int(value[0]), int(value[1])) if value is not None else None

    def row_of_id(self, object_id: str) -> int | None:
        """The row whose item has this id."""
        for row, item in enumerate(self.items()):
            if getattr(item, "id", None) == object_id:
                return row
        return None

    def column_of(self, field: ModelPath) -> int | None:
        """The column showing a field (or the start of one), e.g. `("hex", 0)` -> the Hex column."""
        field = tuple(field)
        for length in range(len(field), 0, -1):
            for column, spec in enumerate(self.columns):
                if spec.field and tuple(spec.field) == field[:length]:
                    return column
        return None

    def set_highlight_hex(self, hex_: Offset | None) -> None:
        """Tint the rows at this hex (the hex selected on the map)."""
        hex_ = tuple(hex_) if hex_ is not None else None  # type: ignore[assignment]
        if hex_ != self._highlight:
            self._highlight = hex_
            self._refresh_all()

    # Editing ---------------------------------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or self._document is None:
            return False
        if role == Qt.ItemDataRole.CheckStateRole:
            state = value.value if isinstance(value, Enum) else value
            value = state == Qt.CheckState.Checked.value
        elif role != Qt.ItemDataRole.EditRole:
            return False
        return self.set_value(index.row(), index.column(), value)

    def set_value(self, row: int, column: int, value: Any) -> bool:
        """Edit a cell: parse text, validate, push one command. Returns whether the value was
        accepted; a refused value leaves the document alone and emits `edit_refused`."""
        if self._document is None or not self.flags(self.index(row, column)) & (
            Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable
        ):
            return False
        spec, item = self.columns[column], self.item(row)
        try:
            value = _parse(spec, value)
            if spec.field == ("id",):
                self._check_unique_id(row, value)
            assignments = (
                spec.assign(self._document, item, value)
                if spec.assign is not None
                else [(spec.field, value)]
            )
            command = self._command(row, item, assignments, f"Set {self.noun} {spec.noun}")
        except (EditError, ValueError) as exc:
            return self._refuse(spec, exc)
        if command is not None:
            self._document.push(command)
        self.last_error = ""
        return True

    def _command(self, row: int, item: Any, assignments: Assignments, text: str) -> EditFile | None:
        assert self._document is not None
        base = (*self.list_path, row)
        changed = [(tuple(p), v) for p, v in assignments if _differs(get_at(item, p), v)]
        if not changed:
            return None
        if any(not path for path, _ in changed):
            # A whole new item: a model (another kind of objective) was built and validated by
            # its class, which `validate_at` would not accept in place of the old kind.
            item = changed[-1][1]
            command = EditFile(self._document, self.kind, text)
            command.set(base, item, validate=not isinstance(item, BaseModel))
            return command
        return SetValues(self._document, self.kind, [((*base, *p), v) for p, v in changed], text)

    def _check_unique_id(self, row: int, value: Any) -> None:
        for other, item in enumerate(self.items()):
            if other != row and getattr(item, "id", None) == value:
                raise ValueError(f"'{value}' is already the id of another {self.noun.lower()}")

    def _refuse(self, spec: Column, exc: Exception) -> bool:
        message = str(exc)
        if isinstance(exc, EditError) and ": " in message:
            message = message.split(": ", 1)[1]
        self.last_error = f"{spec.header}: {message}"
        self.edit_refused.emit(self.last_error)
        return False

    def insert(self, items: Sequence[Any], index: int | None = None) -> int:
        """Add items (one undo step "Add <noun>") and return the row of the first."""
        assert self._document is not None
        at = self.rowCount() if index is None else index
        text = f"Add {self.noun if len(items) == 1 else self.plural}"
        self._document.push(
            InsertItems(self._document, self.kind, self.list_path, index=at, items=items, text=text)
        )
        return at

    def remove_rows(self, rows: Iterable[int]) -> None:
        """Delete rows in one undo step ("Delete <noun>")."""
        rows = sorted(set(rows))
        if self._document is None or not rows:
            return
        text = f"Delete {self.noun if len(rows) == 1 else self.plural}"
        self._document.push(RemoveItems(self._document, self.kind, self.list_path, rows, text))


def _differs(old: Any, new: Any) -> bool:
    old = old.value if isinstance(old, Enum) else old
    new = new.value if isinstance(new, Enum) else new
    if isinstance(old, tuple) and isinstance(new, list | tuple):
        return tuple(old) != tuple(new)
    return bool(old != new)


def _parse(spec: Column, value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if spec.editor is Editor.INT:
        return parse_int(value)
    if spec.editor is Editor.HEX:
        return parse_hex(value)
    if spec.editor is Editor.TIME:
        return parse_time(value)
    if spec.editor is Editor.PICK and (spec.pick is None or spec.pick.multiple):
        return [part for part in re.split(r"[,\s]+", value) if part]
    return value


class ListSortProxy(QSortFilterProxyModel):
    """Sorts a ListTableModel by its `sort_key` (numbers as numbers) and filters rows by text."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)

    def lessThan(self, left: Index, right: Index) -> bool:
        source = self.sourceModel()
        assert isinstance(source, ListTableModel)
        left_key = source.sort_key(left.row(), left.column())
        right_key = source.sort_key(right.row(), right.column())
        try:
            return bool(left_key < right_key)
        except TypeError:
            return str(left_key) < str(right_key)
