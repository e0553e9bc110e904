"""Item models of the Parameter Data dock: a property table per section and a grid per
movement table, read from the document on every call and edited through SetValue commands.

Values that differ from the file on disk (the slot's saved model) are "changed": bold on a
tinted background, with the saved value in the tool tip.
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from editor.commands import SetValue
from editor.docks.parameter_rows import (
    Group,
    ParameterRow,
    format_value,
    is_missing,
    label_of,
    lookup,
    plan_edit,
    plan_is_noop,
    property_rows,
)
from editor.document import Change, Document
from editor.model_paths import EditError
from schemas.io import FileKind
from schemas.panzer_campaigns.parameters import MovementCosts
from schemas.problems import ModelPath
from schemas.vocabulary import Condition, ConnectionKind, HexsideKind, MovementClass

Index = QModelIndex | QPersistentModelIndex
Role = Qt.ItemDataRole

CHANGED_ROLE = Role.UserRole + 1
"""bool: the value differs from the saved file."""
PATH_ROLE = Role.UserRole + 2
"""The model path of the value in the cell, or None."""
CHOICES_ROLE = Role.UserRole + 3
"""The values a choice field allows (a tuple), or an empty tuple."""
MULTILINE_ROLE = Role.UserRole + 4
"""bool: the value is free text that may span lines."""
DETAILS_ROLE = Role.UserRole + 5
"""Rich text for the description panel: what the cell is, its unit and description."""

CHANGED_BACKGROUND = QColor("#ffe7a3")
IMPASSABLE_COLOR = QColor("#a3302a")
MUTED_COLOR = QColor("#6b6b6b")
NO_ENTRY_BRUSH = QBrush(QColor("#d9d9d9"), Qt.BrushStyle.BDiagPattern)

IMPASSABLE_MARK = "✕"
_ALIGN_NUMBER = Qt.AlignmentFlag.AlignCenter
_ALIGN_TEXT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


class ParameterTableModel(QAbstractTableModel):
    """The common part of the dock's models: document wiring, changed state, editing."""

    refused = Signal(str)
    """An edit was refused; the message says why."""

    def __init__(self, group: Group, parent: Any = None) -> None:
        super().__init__(parent)
        self.group = group
        self.document: Document | None = None
        self._keys: list[Any] = []

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        """Show another document's parameter data (None: empty)."""
        if self.document is not None:
            self.document.changed.disconnect(self._on_changed)
            self.document.saved.disconnect(self._on_saved)
        self.beginResetModel()
        self.document = document
        self._keys = self._build_keys() if document is not None else []
        self.endResetModel()
        if document is not None:
            document.changed.connect(self._on_changed)
            document.saved.connect(self._on_saved)

    def _watches(self, change: Change) -> bool:
        return change.kind is FileKind.PARAMETERS and change.touches(self.group.path)

    def _on_changed(self, change: Change) -> None:
        if self._watches(change):
            self.refresh()

    def _on_saved(self, _paths: list[Any]) -> None:
        self._all_changed()

    def refresh(self) -> None:
        """Re-read the document: new rows reset the model, else every cell is repainted."""
        keys = self._build_keys() if self.document is not None else []
        if keys != self._keys:
            self.beginResetModel()
            self._keys = keys
            self.endResetModel()
        else:
            self._all_changed()

    def _all_changed(self) -> None:
        if self.rowCount() and self.columnCount():
            last = self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last)
        self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, max(0, self.rowCount() - 1))

    # Subclass hooks ---------------------------------------------------------------------------

    def _build_keys(self) -> list[Any]:
        raise NotImplementedError

    def cell_path(self, row: int, column: int) -> ModelPath | None:
        """The model path of the value in a cell, or None for a label."""
        raise NotImplementedError

    def row_matches(self, row: int, text: str) -> bool:
        """Whether a search (lower case) finds the row."""
        raise NotImplementedError

    def index_of(self, path: ModelPath) -> QModelIndex:
        """The cell showing the value at `path` (or the first cell of its row), else invalid."""
        raise NotImplementedError

    def command_text(self, row: int, column: int) -> str:
        """The undo text of an edit of the cell."""
        raise NotImplementedError

    # Values -----------------------------------------------------------------------------------

    def value_at(self, path: ModelPath) -> Any:
        """The current value (MISSING for no table entry)."""
        assert self.document is not None
        return lookup(self.document.parameters, path)

    def saved_at(self, path: ModelPath) -> Any:
        """The value in the file on disk."""
        assert self.document is not None
        return lookup(self.document.slot(FileKind.PARAMETERS).saved, path)

    def is_changed(self, path: ModelPath | None) -> bool:
        """Whether the value at `path` differs from the file on disk."""
        if path is None or self.document is None:
            return False
        saved = self.document.slot(FileKind.PARAMETERS).saved
        if saved is None:
            return False
        return bool(self.value_at(path) != self.saved_at(path))

    def value_paths(self, row: int) -> list[ModelPath]:
        """The paths of the values shown in a row."""
        paths = (self.cell_path(row, column) for column in range(self.columnCount()))
        return list(dict.fromkeys(p for p in paths if p is not None))

    def row_changed(self, row: int) -> bool:
        """Whether any value of the row changed."""
        return any(self.is_changed(path) for path in self.value_paths(row))

    def changed_count(self) -> int:
        """How many values of the group changed since the last save."""
        return sum(
            self.is_changed(path)
            for row in range(self.rowCount())
            for path in self.value_paths(row)
        )

    def row_visible(self, row: int, search: str, changed_only: bool) -> bool:
        """Whether the row passes the dock's filters (search is lower case)."""
        if changed_only and not self.row_changed(row):
            return False
        if not search:
            return True
        group_text = f"{self.group.title} {self.group.description}".lower()
        return search in group_text or self.row_matches(row, search)

    # Editing ----------------------------------------------------------------------------------

    def check(self, index: Index, text: str) -> str | None:
        """Why `text` cannot go into the cell, or None if it can."""
        path = self.cell_path(index.row(), index.column())
        if path is None or self.document is None:
            return "this cell cannot be edited"
        try:
            plan_edit(self.document.parameters, path, self._typed(text))
        except EditError as exc:
            return str(exc)
        return None

    def _typed(self, text: str) -> str:
        return text

    def setData(self, index: Index, value: Any, role: int = Role.EditRole) -> bool:
        path = self.cell_path(index.row(), index.column())
        if role != Role.EditRole or path is None or self.document is None:
            return False
        root = self.document.parameters
        try:
            plan = plan_edit(root, path, self._typed(format_value(value)))
        except EditError as exc:
            self.refused.emit(str(exc))
            return False
        if plan_is_noop(root, plan):
            return True
        target, new_value = plan
        text = self.command_text(index.row(), index.column())
        self.document.push(SetValue(self.document, FileKind.PARAMETERS, target, new_value, text))
        return True

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.isValid() and self.cell_path(index.row(), index.column()) is not None:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def _value_data(self, path: ModelPath, role: int, shown: str) -> Any:
        """The roles every value cell answers alike."""
        changed = self.is_changed(path)
        if role == CHANGED_ROLE:
            return changed
        if role == PATH_ROLE:
            return path
        if role == Role.FontRole and changed:
            font = QFont()
            font.setBold(True)
            return font
        if role == Role.BackgroundRole and changed:
            return QBrush(CHANGED_BACKGROUND)
        if role == Role.TextAlignmentRole:
            return _ALIGN_NUMBER if shown.lstrip("-").replace(".", "").isdigit() else _ALIGN_TEXT
        return None

    def _saved_note(self, path: ModelPath) -> str:
        if not self.is_changed(path):
            return ""
        saved = self.saved_at(path)
        shown = "no entry" if is_missing(saved) else format_value(saved) or "empty"
        return f" · <i style='color:#8a5a00'>changed, saved value {html.escape(shown)}</i>"


class PropertyTableModel(ParameterTableModel):
    """A section's values, one per row (two for per-side values), with unit and description."""

    def __init__(self, group: Group, parent: Any = None) -> None:
        super().__init__(group, parent)
        self._has_sides = False

    def _build_keys(self) -> list[Any]:
        assert self.document is not None
        rows = property_rows(self.group, self.document.parameters)
        self._has_sides = any(r.per_side for r in rows)
        return rows

    @property
    def has_sides(self) -> bool:
        """Whether the section has per-side values (Allied and Axis columns)."""
        return self._has_sides

    def row_info(self, row: int) -> ParameterRow:
        """The descriptor of a row."""
        info: ParameterRow = self._keys[row]
        return info

    def _columns(self) -> list[str]:
        values = ["Allied", "Axis"] if self._has_sides else ["Value"]
        return ["Parameter", *values, "Unit", "Description"]

    def value_columns(self) -> range:
        """The columns that hold values."""
        return range(1, 3 if self._has_sides else 2)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._keys)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Role.DisplayRole:
            columns = self._columns()
            return columns[section] if 0 <= section < len(columns) else None
        return None

    def cell_path(self, row: int, column: int) -> ModelPath | None:
        if not 0 <= row < len(self._keys) or column not in self.value_columns():
            return None
        paths = self.row_info(row).value_paths()
        side = column - 1
        return paths[side] if side < len(paths) else None

    def row_matches(self, row: int, text: str) -> bool:
        return self.row_info(row).matches(text)

    def index_of(self, path: ModelPath) -> QModelIndex:
        path = tuple(path)
        for row, info in enumerate(self._keys):
            for side, value_path in enumerate(info.value_paths()):
                if path[: len(value_path)] == value_path:
                    return self.index(row, 1 + side)
            if path == info.path[: len(path)] or path[: len(info.path)] == info.path:
                return self.index(row, 1)
        return QModelIndex()

    def command_text(self, row: int, column: int) -> str:
        return f"Set {self.row_info(row).label.split(' (')[0].title()}"

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if not index.isValid():
            return None
        info = self.row_info(index.row())
        column = index.column()
        path = self.cell_path(index.row(), column)
        names = self._columns()
        heading = names[column]
        if role in (Role.ToolTipRole, DETAILS_ROLE):
            return self._details(info, path)
        if role == CHOICES_ROLE:
            return info.choices if path is not None else ()
        if role == MULTILINE_ROLE:
            return info.multiline
        if path is not None:
            shown = format_value(self.value_at(path))
            if info.choices and role == Role.DisplayRole:
                return label_of(shown)
            if role in (Role.DisplayRole, Role.EditRole):
                return shown.replace("\n", " ") if role == Role.DisplayRole else shown
            return self._value_data(path, role, shown)
        if role == Role.DisplayRole:
            if heading == "Parameter":
                return info.label
            if heading == "Unit":
                return info.unit
            if heading == "Description":
                return info.description.replace("\n", " ")
            return ""
        if role == Role.ForegroundRole and heading in ("Unit", "Description"):
            return QBrush(MUTED_COLOR)
        if role == Role.FontRole and heading == "Parameter" and self.row_changed(index.row()):
            font = QFont()
            font.setBold(True)
            return font
        if role == CHANGED_ROLE:
            return heading == "Parameter" and self.row_changed(index.row())
        return None

    def _details(self, info: ParameterRow, path: ModelPath | None) -> str:
        unit = f" <span style='color:#555'>({html.escape(info.unit)})</span>" if info.unit else ""
        side = ""
        if info.per_side and path is not None:
            side = f" — {label_of(path[-1])}"
        return (
            f"<b>{html.escape(info.label)}</b>{side}{unit}"
            f" · <span style='color:#777'>{html.escape(info.name)}</span>"
            + (self._saved_note(path) if path is not None else "")
            + f"<br>{html.escape(info.description)}"
        )


_GRID_ROWS: dict[str, tuple[Any, ...]] = {
    "hexsides": tuple(HexsideKind),
    "connections": tuple(ConnectionKind),
    "condition_modifiers": tuple(Condition),
}
_GRID_NOUN = {
    "terrain": "Movement Cost",
    "hexsides": "Hexside Cost",
    "connections": "Road Cost",
    "condition_modifiers": "Condition Modifier",
}
GRID_UNIT = {
    "terrain": "MP",
    "hexsides": "MP",
    "connections": "MP per hex",
    "condition_modifiers": "%",
}


class MovementGridModel(ParameterTableModel):
    """One movement table as a grid: terrain (or hexside, road, condition) by movement class.

    -1 (cannot enter or cross) shows as ✕; a blank hatched cell has no entry in the file.
    """

    CLASSES = tuple(MovementClass)

    def __init__(self, group: Group, parent: Any = None) -> None:
        super().__init__(group, parent)
        assert group.grid is not None
        self.table = group.grid

    def _watches(self, change: Change) -> bool:
        # Row names come from the map's terrain legend, and hexside rows from the map's features.
        if change.kind is FileKind.MAP:
            layer = {"terrain": "terrain", "hexsides": "hexsides", "connections": "connections"}
            return self.table in layer and change.touches((layer[self.table],))
        return super()._watches(change)

    def _on_changed(self, change: Change) -> None:
        if change.kind is FileKind.OOB and self.columnCount():
            # Column headers count the units of each movement class.
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
        super()._on_changed(change)

    def _build_keys(self) -> list[Any]:
        assert self.document is not None
        if self.table != "terrain":
            return list(_GRID_ROWS[self.table])
        legend = [t.id for t in self.document.map.terrain]
        extra = [key for key in self.document.parameters.movement.terrain if key not in legend]
        return legend + extra

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._keys)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.document is None else len(self.CLASSES)

    def row_label(self, row: int) -> str:
        """What a row stands for: the terrain's name, or the hexside, road or condition."""
        key = self._keys[row]
        if self.table == "terrain" and self.document is not None:
            for terrain in self.document.map.terrain:
                if terrain.id == key:
                    return terrain.name
        return label_of(key)

    def _row_in_use(self, row: int) -> tuple[bool, str]:
        """Whether the row's terrain or feature occurs on the map, and a note saying so."""
        assert self.document is not None
        key = self._keys[row]
        if self.table == "terrain":
            on_map = any(t.id == key for t in self.document.map.terrain)
            return on_map, "" if on_map else "not in the map's terrain legend"
        if self.table == "hexsides":
            map_file = self.document.map
            kinds = self.document.cached(
                FileKind.MAP, "hexside_kinds", lambda: {h.kind for h in map_file.hexsides}
            )
            return key in kinds, "on this map" if key in kinds else "not on this map"
        if self.table == "connections":
            used = key in self.document.map.connections
            return used, "on this map" if used else "not on this map"
        return True, ""

    def _class_counts(self) -> Counter[MovementClass]:
        assert self.document is not None
        document = self.document

        def count() -> Counter[MovementClass]:
            units = document.oob_index.units.values()
            return Counter(e.unit.movement_class for e in units if e.unit.air is None)

        return document.cached(FileKind.OOB, "movement_class_counts", count)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole
    ) -> Any:
        if self.document is None:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self.CLASSES):
                return None
            movement_class = self.CLASSES[section]
            units = self._class_counts()[movement_class]
            if role == Role.DisplayRole:
                return label_of(movement_class)
            if role == Role.ToolTipRole:
                return f"{label_of(movement_class)}: {units} ground units of the OOB move so"
            if role == Role.ForegroundRole and not units:
                return QBrush(MUTED_COLOR)
            return None
        if not 0 <= section < len(self._keys):
            return None
        if role == Role.DisplayRole:
            return self.row_label(section)
        in_use, note = self._row_in_use(section)
        if role == Role.ToolTipRole:
            return f"{self.row_label(section)} ({self._keys[section]}){': ' + note if note else ''}"
        if role == Role.ForegroundRole and not in_use:
            return QBrush(MUTED_COLOR)
        return None

    def cell_path(self, row: int, column: int) -> ModelPath | None:
        if not (0 <= row < len(self._keys) and 0 <= column < len(self.CLASSES)):
            return None
        return ("movement", self.table, self._keys[row], self.CLASSES[column])

    def row_matches(self, row: int, text: str) -> bool:
        key = self._keys[row]
        return text in self.row_label(row).lower() or text in str(getattr(key, "value", key))

    def index_of(self, path: ModelPath) -> QModelIndex:
        path = tuple(path)
        if path[:2] != ("movement", self.table) or not self._keys:
            return QModelIndex()
        if len(path) < 3:
            return self.index(0, 0)
        row = next((r for r, key in enumerate(self._keys) if key == path[2]), None)
        if row is None:
            return QModelIndex()
        column = next((c for c, m in enumerate(self.CLASSES) if len(path) > 3 and m == path[3]), 0)
        return self.index(row, column)

    def command_text(self, row: int, column: int) -> str:
        return f"Set {_GRID_NOUN[self.table]}"

    def _typed(self, text: str) -> str:
        return "-1" if text.strip().lower() in ("x", IMPASSABLE_MARK) else text

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        path = self.cell_path(index.row(), index.column()) if index.isValid() else None
        if path is None:
            return None
        value = self.value_at(path)
        shown = format_value(value)
        if role == Role.DisplayRole:
            return IMPASSABLE_MARK if value == -1 else shown
        if role == Role.EditRole:
            return shown
        if role in (Role.ToolTipRole, DETAILS_ROLE):
            return self._details(index.row(), index.column(), value)
        if role == Role.ForegroundRole and value == -1:
            return QBrush(IMPASSABLE_COLOR)
        if role == Role.BackgroundRole and is_missing(value) and not self.is_changed(path):
            return NO_ENTRY_BRUSH
        if role == Role.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignCenter
        if role in (CHOICES_ROLE,):
            return ()
        if role == MULTILINE_ROLE:
            return False
        return self._value_data(path, role, shown)

    def _details(self, row: int, column: int, value: Any) -> str:
        unit = GRID_UNIT[self.table]
        if is_missing(value):
            what = "no entry: units of this class have no cost here"
        elif value == -1:
            what = "−1: cannot enter or cross" if self.table != "condition_modifiers" else "−1"
        else:
            what = f"{format_value(value)} {unit}"
        description = MovementCosts.model_fields[self.table].description or ""
        path = self.cell_path(row, column)
        assert path is not None
        return (
            f"<b>{html.escape(self.row_label(row))} × {label_of(self.CLASSES[column])}</b>: "
            f"{html.escape(what)} · <span style='color:#777'>movement.{self.table}."
            f"{self._keys[row]}.{self.CLASSES[column].value}</span>"
            + self._saved_note(path)
            + f"<br>{html.escape(description)}"
        )


class ParameterFilter(QSortFilterProxyModel):
    """Rows of one group that match the search text and, optionally, only changed ones."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._search = ""
        self._changed_only = False

    def set_filter(self, search: str, changed_only: bool) -> None:
        """Show the rows matching `search` (any case); with `changed_only`, changed rows only."""
        search = search.strip().lower()
        if (search, changed_only) != (self._search, self._changed_only):
            self.beginFilterChange()
            self._search, self._changed_only = search, changed_only
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        if not isinstance(model, ParameterTableModel):
            return True
        return model.row_visible(source_row, self._search, self._changed_only)
