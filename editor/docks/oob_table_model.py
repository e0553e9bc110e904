"""The OOB table's model: one row per unit of the order of battle, one column per field of the
Unit panel, read from the document's OOB index at every call (no copy of the units), sorted and
filtered in the model itself so 8,000 units sort in milliseconds; every paste or fill down is
one undoable command, refused whole when a cell is invalid."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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
from PySide6.QtGui import QBrush, QColor

from editor.commands import EditFile
from editor.docks.table_columns import field_tooltip, label, side_colour
from editor.document import Change, ChangeAction, Document
from editor.model_paths import EditError, validate_at
from editor.unit_type_edits import adoption, set_fields
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import Unit
from schemas.panzer_campaigns.oob_cells import cell_text, parse_cell
from schemas.panzer_campaigns.oob_index import OobIndex, UnitEntry
from schemas.problems import ModelPath
from schemas.vocabulary import Side

Index = QModelIndex | QPersistentModelIndex

FIELDS: tuple[str, ...] = tuple(n for n in Unit.model_fields if n not in ("kind", "air", "tags"))
"""The editable columns: the Unit panel's fields in the file's order (name, id, class…)."""
DERIVED = ("side", "organization")
"""Read-only columns in front: the unit's side and the organization it stands in."""
_BAD_BACKGROUND = QColor(179, 38, 30, 70)


class OobTableModel(QAbstractTableModel):
    """Units of the open document's OOB as rows. `set_filter` narrows the rows; `sort` orders
    them; `apply` writes cells as one undo step."""

    edit_refused = Signal(str)
    """A readable message naming the unit, the field and pydantic's reason."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self.columns: list[str] = [*DERIVED, *FIELDS]
        self.rows: list[str] = []
        self._total = 0
        """Units in the OOB at the last refresh: a different count means rows to rebuild."""
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._keep: Callable[[UnitEntry], bool] | None = None
        self.bad: dict[tuple[str, str], str] = {}
        """Cells refused by the last paste (unit id, field) with their reason."""

    # The document ------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._changed)
        self.refresh()

    @property
    def index_(self) -> OobIndex | None:
        document = self.document
        return document.oob_index if document is not None and document.has(FileKind.OOB) else None

    def _changed(self, change: Change) -> None:
        if change.kind is not FileKind.OOB:
            return
        index = self.index_
        units = index.units if index is not None else {}
        same_units = len(units) == self._total and all(uid in units for uid in self.rows)
        if change.action is ChangeAction.SET and same_units and "id" not in change.path[-1:]:
            # Fields changed (a paste, the Unit panel): the same units stand in the same rows.
            self._repaint()
            return
        self.refresh()

    def set_filter(self, keep: Callable[[UnitEntry], bool] | None) -> None:
        """Show only the units `keep` accepts (all with None)."""
        self._keep = keep
        self.refresh()

    def refresh(self) -> None:
        """Read the rows again from the document, keeping the filter and the sort order."""
        self.beginResetModel()
        index = self.index_
        keep = self._keep
        self._total = len(index.units) if index is not None else 0
        if index is None:
            self.rows = []
        else:
            self.rows = [uid for uid, e in index.units.items() if keep is None or keep(e)]
        if self._sort is not None:
            self._order(*self._sort)
        self.endResetModel()

    def entry(self, row: int) -> UnitEntry:
        index = self.index_
        assert index is not None
        return index.units[self.rows[row]]

    def row_of(self, unit_id: str) -> int | None:
        try:
            return self.rows.index(unit_id)
        except ValueError:
            return None

    # Reading ----------------------------------------------------------------------------------

    def value(self, row: int, column: int) -> Any:
        entry = self.entry(row)
        name = self.columns[column]
        if name == "side":
            return entry.side
        if name == "organization":
            index = self.index_
            assert index is not None
            parent = index.organizations.get(entry.parent or "")
            return parent.organization.name if parent is not None else ""
        return getattr(entry.unit, name)

    def text(self, row: int, column: int) -> str:
        """The cell as copied to a spreadsheet and pasted back: the file's own spelling."""
        return cell_text(self.value(row, column))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        name = self.columns[column]
        if role == Qt.ItemDataRole.DisplayRole:
            value = self.value(row, column)
            if isinstance(value, bool):
                return "✓" if value else ""
            return label(value) if isinstance(value, Enum) else cell_text(value)
        if role == Qt.ItemDataRole.EditRole:
            return self.text(row, column)
        bad = self.bad.get((self.rows[row], name))
        if role == Qt.ItemDataRole.ToolTipRole:
            return bad or None
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(_BAD_BACKGROUND) if bad else None
        if role == Qt.ItemDataRole.ForegroundRole and name == "side":
            colour = side_colour(self.value(row, column))
            return QBrush(colour) if colour is not None else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            numeric = isinstance(self.value(row, column), int | float) and name not in DERIVED
            horizontal = Qt.AlignmentFlag.AlignRight if numeric else Qt.AlignmentFlag.AlignLeft
            return int(horizontal | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        name = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return label(name)
        if role == Qt.ItemDataRole.ToolTipRole:
            if name in DERIVED:
                return "Side of the unit" if name == "side" else "Organization it stands in"
            return field_tooltip((Unit,), (name,))
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and self.columns[index.column()] not in DERIVED:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    # Sorting ----------------------------------------------------------------------------------

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self.columns):
            return
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        old_rows = list(self.rows)
        self._sort = (column, order)
        self._order(column, order)
        new_row = {uid: n for n, uid in enumerate(self.rows)}
        after = [self.index(new_row[old_rows[i.row()]], i.column()) for i in before]
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    def _order(self, column: int, order: Qt.SortOrder) -> None:
        index = self.index_
        if index is None:
            return
        units = index.units
        name = self.columns[column]
        if name in DERIVED:
            rows = range(len(self.rows))
            keys = {self.rows[r]: _key(self.value(r, column)) for r in rows}
            key: Callable[[str], Any] = keys.__getitem__
        else:

            def key(uid: str) -> Any:
                return _key(getattr(units[uid].unit, name))

        # Python's sort is stable: equal keys keep the OOB's order, descending too.
        self.rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)

    # Writing ----------------------------------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        return self.apply([(index.row(), index.column(), str(value))], "Edit unit")

    def apply(self, cells: Iterable[tuple[int, int, str]], text: str) -> bool:
        """Write the cells' texts as one undo step named `text`. Any invalid cell refuses the
        whole edit (nothing is half pasted): the bad cells turn red with their reason."""
        document = self.document
        if document is None:
            return False
        command = EditFile(document, FileKind.OOB, text)
        typed: list[tuple[ModelPath, Any]] = []
        bad: dict[tuple[str, str], str] = {}
        messages: list[str] = []
        for row, column, cell in cells:
            name = self.columns[column]
            if name in DERIVED:
                continue
            entry = self.entry(row)
            path = (*entry.path, name)
            try:
                value = validate_at(command.root, path, parse_cell(Unit, name, cell))
            except (EditError, ValueError) as exc:
                reason = str(exc).split(": ", 1)[-1]
                bad[(entry.unit.id, name)] = reason
                messages.append(f"{entry.unit.name}, {label(name).lower()}: {reason}")
                continue
            if name == "unit_type" and value is not None:
                # A unit given a type takes the type's values, as in the Unit panel.
                steps = adoption(document.oob, document.oob_index, entry.unit.id, value)
                if steps is None:
                    bad[(entry.unit.id, name)] = f"no unit type '{value}'"
                    messages.append(f"{entry.unit.name}: no unit type '{value}'")
                typed.extend(steps or ())
                continue
            if value != getattr(entry.unit, name):
                command.set(path, value, validate=False)
        # Types given to many rows at once go in one step (`set_fields`).
        set_fields(command, typed)
        if bad or self.bad:
            self.bad = bad
            self._repaint()
        if messages:
            more = f" (and {len(messages) - 3} more)" if len(messages) > 3 else ""
            self.edit_refused.emit("Refused: " + "; ".join(messages[:3]) + more)
            return False
        document.push(command)
        return True

    def _repaint(self) -> None:
        if self.rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self.rows) - 1, len(self.columns) - 1)
            )

    def column_of(self, name: str) -> int | None:
        wanted = name.strip().lower().replace(" ", "_")
        for number, column in enumerate(self.columns):
            if column == wanted or label(column).lower() == name.strip().lower():
                return number
        return None


def _key(value: Any) -> tuple[int, Any]:
    """A sort key that puts empty values last and never compares numbers with text."""
    if value is None or value == "":
        return (2, 0)
    if isinstance(value, Enum):
        return (1, str(value.value))
    if isinstance(value, bool | int | float):
        return (0, value)
    return (1, str(value).lower())


def unit_filter(
    document: Document,
    *,
    side: Side | None = None,
    under: str | None = None,
    text: str = "",
    placed: bool | None = None,
) -> Callable[[UnitEntry], bool] | None:
    """A row filter: units of one side, under one organization, whose name, type or id holds
    `text`, placed on the map or not. None when nothing narrows."""
    if side is None and not under and not text and placed is None:
        return None
    inside = set(document.oob_index.iter_units_under(under)) if under else None
    on_map = {p.unit for p in document.scenario.placements} if placed is not None else set()
    needle = text.strip().lower()

    def keep(entry: UnitEntry) -> bool:
        unit = entry.unit
        if side is not None and entry.side is not side:
            return False
        if inside is not None and unit.id not in inside:
            return False
        if placed is not None and (unit.id in on_map) is not placed:
            return False
        return not needle or any(needle in s.lower() for s in (unit.name, unit.type_name, unit.id))

    return keep


def selected_ids(model: OobTableModel, rows: Sequence[int]) -> list[str]:
    return [model.rows[r] for r in rows if 0 <= r < len(model.rows)]
