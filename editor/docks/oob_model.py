"""The order of battle as a Qt tree model: sides > nations > organizations > units, read from
the open document on demand, with drag and drop that re-parents through undoable commands.

Each index stores the id of its *parent* place (a side, nation or organization key, interned to
an integer), never its own position, so persistent indexes survive rows inserted or removed
beside them and the view keeps its expansion through edits.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPalette, QPixmap
from PySide6.QtWidgets import QApplication

from editor.commands import SetValue
from editor.docks.oob_arrivals import ArrivalClash, LostArrival
from editor.docks.oob_changes import ROOT, NodeKey, TreeChange, key_of, node_at, plan
from editor.docks.oob_display import (
    organization_tooltip,
    pretty,
    search_text,
    side_name,
    strength_text,
    summary_text,
    unit_tooltip,
)
from editor.docks.oob_drops import OobDrops
from editor.docks.oob_edit import parent_key
from editor.docks.oob_status import Placed, ScenarioStatus, UnitStatus
from editor.document import Change, Document
from editor.model_paths import EditError
from editor.symbols import organization_icon, side_color, symbol_icon
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import Nation, Organization, SideOob, Unit
from schemas.problems import ModelPath
from schemas.vocabulary import Side

AnyIndex = QModelIndex | QPersistentModelIndex
Node = SideOob | Nation | Organization | Unit


class Column(IntEnum):
    """The tree's columns."""

    NAME = 0
    PLACEMENT = 1
    STRENGTH = 2
    QUALITY = 3
    CLASS = 4
    ID = 5


_HEADERS = {
    Column.NAME: "Name",
    Column.ID: "Id",
    Column.STRENGTH: "Strength",
    Column.QUALITY: "Quality",
    Column.PLACEMENT: "In this scenario",
    Column.CLASS: "Class",
}
_HEADER_TIPS = {
    Column.NAME: "Name of the side, nation, organization or unit, with its NATO symbol",
    Column.ID: "Stable id the scenarios refer to",
    Column.STRENGTH: "Full strength in the unit's component (men, guns or vehicles)",
    Column.QUALITY: "Quality A (Elite) to F (Abysmal)",
    Column.PLACEMENT: "Where the unit stands in the open scenario: on the map, arriving as a "
    "reinforcement, an air unit, or unplaced; and when it is withdrawn",
    Column.CLASS: "Unit class (map symbol) or organization echelon",
}

NODE_ID_ROLE = Qt.ItemDataRole.UserRole + 1
"""The node's id (side value, nation id, organization or unit id)."""
NODE_KIND_ROLE = Qt.ItemDataRole.UserRole + 2
""""side", "nation", "org" or "unit"."""
STATUS_ROLE = Qt.ItemDataRole.UserRole + 3
"""A unit's `Placed` value and, when withdrawn, "withdrawn" too (a tuple of strings)."""
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 4
"""Lower-case text the search box matches: name, id, type and class."""


class OobModel(OobDrops, QAbstractItemModel):
    """The OOB of the open document as a tree; empty without a document."""

    settled = Signal()
    """An edit of the OOB or the scenario has been told to the views in full (rows inserted or
    removed, data changed): a filter over the model may look at it again. Filtering between
    the row signals of one edit would see a tree the signals have not described yet."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self._key_numbers: dict[NodeKey, int] = {ROOT: 0}
        self._keys: list[NodeKey] = [ROOT]
        self._pending: TreeChange | None = None
        self._summaries: dict[str, str] = {}
        self._children_cache: dict[NodeKey, list[Any]] = {}
        self._children_version = -1
        self.refused = ""
        """Why the last drop was refused (for the dock's status message)."""
        self.settle_arrivals: Callable[[list[ArrivalClash]], bool] | None = None
        """Asked when a drop would put units on the map into an arriving organization: True
        lets them arrive with it (their placements go, in the same undo step), False cancels.
        None refuses such drops."""
        self.settle_lost_arrivals: Callable[[list[LostArrival]], bool | None] | None = None
        """Asked when a drop would take units out of the organization they arrive with, so
        they would not arrive: True keeps them arriving (named in that reinforcement), False
        leaves them unplaced, None cancels. None refuses such drops."""

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        """Show another document's OOB."""
        self.beginResetModel()
        if self.document is not None:
            self.document.about_to_change.disconnect(self._about_to_change)
            self.document.changed.disconnect(self._changed)
        self.document = document
        self._summaries.clear()
        self._children_cache.clear()
        if document is not None:
            document.about_to_change.connect(self._about_to_change)
            document.changed.connect(self._changed)
        self.endResetModel()

    def status_of(self, unit_id: str) -> UnitStatus:
        """A unit's status in the open scenario (cached until the scenario or OOB changes)."""
        assert self.document is not None
        document = self.document
        status = document.cached(
            FileKind.SCENARIO, "oob_tree.status", lambda: ScenarioStatus.of(document.scenario)
        )
        return status.unit(document.oob_index, unit_id)

    # Keys and nodes ---------------------------------------------------------------------------

    def _number(self, key: NodeKey) -> int:
        number = self._key_numbers.get(key)
        if number is None:
            number = len(self._keys)
            self._key_numbers[key] = number
            self._keys.append(key)
        return number

    def _children(self, key: NodeKey) -> list[Any]:
        """The children of a tree place in the current document (empty if it is gone)."""
        document = self.document
        if document is None:
            return []
        version = document.version(FileKind.OOB)
        if version != self._children_version:
            self._children_cache.clear()
            self._children_version = version
        children = self._children_cache.get(key)
        if children is None:
            children = self._read_children(document, key)
            self._children_cache[key] = children
        return children

    def _read_children(self, document: Document, key: NodeKey) -> list[Any]:
        kind, ident = key
        if kind == "root":
            return list(document.oob.sides)
        if kind == "side":
            side = self._side(ident)
            return list(side.nations) if side is not None else []
        index = document.oob_index
        if kind == "nation":
            nation = index.nations.get(ident)
            return list(nation.nation.organizations) if nation is not None else []
        org = index.organizations.get(ident)
        return list(org.organization.children) if org is not None else []

    def _side(self, value: str) -> SideOob | None:
        assert self.document is not None
        return next((s for s in self.document.oob.sides if s.side == value), None)

    @staticmethod
    def key_of(node: Node) -> NodeKey | None:
        """The tree place a node stands for (None for units, which hold nothing)."""
        return key_of(node)

    def node(self, index: AnyIndex) -> Node | None:
        """The side, nation, organization or unit at an index."""
        if not index.isValid() or self.document is None:
            return None
        children = self._children(self._keys[index.internalId()])
        row = index.row()
        return children[row] if 0 <= row < len(children) else None

    def _place(self, key: NodeKey) -> tuple[int, NodeKey] | None:
        """The row of a tree place within its parent, and the parent's key."""
        assert self.document is not None
        kind, ident = key
        oob = self.document.oob
        if kind == "side":
            for number, side in enumerate(oob.sides):
                if side.side == ident:
                    return number, ROOT
            return None
        index = self.document.oob_index
        if kind == "nation":
            nation = index.nations.get(ident)
            if nation is None:
                return None
            return int(nation.path[3]), ("side", nation.side.value)
        org = index.organizations.get(ident)
        if org is None:
            return None
        return int(org.path[-1]), parent_key(oob, index, ident)

    def index_of_key(self, key: NodeKey, column: int = 0) -> QModelIndex:
        """The index of a side, nation or organization (invalid for the root or if gone)."""
        if key == ROOT or self.document is None:
            return QModelIndex()
        place = self._place(key)
        if place is None:
            return QModelIndex()
        row, parent = place
        return self.createIndex(row, column, self._number(parent))

    def index_of_id(self, node_id: str, column: int = 0) -> QModelIndex:
        """The index of a unit or organization by id (invalid if unknown)."""
        if self.document is None:
            return QModelIndex()
        index = self.document.oob_index
        if node_id in index.organizations:
            return self.index_of_key(("org", node_id), column)
        entry = index.units.get(node_id)
        if entry is None:
            return QModelIndex()
        parent = parent_key(self.document.oob, index, node_id)
        return self.createIndex(int(entry.path[-1]), column, self._number(parent))

    def path_of(self, index: AnyIndex) -> ModelPath | None:
        """The OOB model path of the node at an index."""
        node = self.node(index)
        if node is None or self.document is None:
            return None
        if isinstance(node, SideOob):
            return ("sides", index.row())
        oob_index = self.document.oob_index
        if isinstance(node, Nation):
            return oob_index.nations[node.id].path
        if isinstance(node, Unit):
            unit = oob_index.units.get(node.id)
            return unit.path if unit is not None else None
        organization = oob_index.organizations.get(node.id)
        return organization.path if organization is not None else None

    def side_of(self, index: AnyIndex) -> Side:
        """The side an index belongs to."""
        while index.parent().isValid():
            index = index.parent()
        node = self.node(index)
        assert isinstance(node, SideOob)
        return node.side

    # QAbstractItemModel ------------------------------------------------------------------------

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= len(Column) or row < 0:
            return QModelIndex()
        if parent.isValid():
            if parent.column() != 0:
                return QModelIndex()
            node = self.node(parent)
            key = self.key_of(node) if node is not None else None
            if key is None:
                return QModelIndex()
        else:
            key = ROOT
        if row >= len(self._children(key)):
            return QModelIndex()
        return self.createIndex(row, column, self._number(key))

    def parent(self, index: AnyIndex | None = None) -> Any:
        if index is None:
            return QObject.parent(self)  # the QObject overload of the same name
        if not index.isValid() or self.document is None:
            return QModelIndex()
        return self.index_of_key(self._keys[index.internalId()])

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.column() > 0:
            return 0
        if not parent.isValid():
            return len(self._children(ROOT))
        node = self.node(parent)
        key = self.key_of(node) if node is not None else None
        return len(self._children(key)) if key is not None else 0

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return len(Column)

    def hasChildren(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008
        return self.rowCount(parent) > 0

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation is not Qt.Orientation.Horizontal or not 0 <= section < len(Column):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _HEADERS[Column(section)]
        if role == Qt.ItemDataRole.ToolTipRole:
            return _HEADER_TIPS[Column(section)]
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        node = self.node(index)
        if node is None:
            return Qt.ItemFlag.ItemIsDropEnabled
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if isinstance(node, Unit | Organization):
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        if not isinstance(node, SideOob):
            flags |= Qt.ItemFlag.ItemIsDropEnabled
        if index.column() == Column.NAME:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Rename a side, nation, organization or unit (one undo step)."""
        node = self.node(index)
        path = self.path_of(index)
        if (
            node is None
            or path is None
            or self.document is None
            or role != Qt.ItemDataRole.EditRole
            or index.column() != Column.NAME
        ):
            return False
        noun = {"side": "Side", "nation": "Nation", "org": "Organization", "unit": "Unit"}
        text = str(value).strip()
        if text == self._display(node, Column.NAME):
            return False
        try:
            command = SetValue(
                self.document,
                FileKind.OOB,
                (*path, "name"),
                text,
                f"Rename {noun[self._kind(node)]}",
            )
        except EditError as exc:
            self.refused = str(exc)
            return False
        self.document.push(command)
        return True

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        node = self.node(index)
        if node is None:
            return None
        column = Column(index.column())
        if role in {Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole}:
            return self._display(node, column)
        if role == Qt.ItemDataRole.DecorationRole and column is Column.NAME:
            return self._icon(node, index)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(node)
        if role == Qt.ItemDataRole.TextAlignmentRole and column is Column.STRENGTH:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.TextAlignmentRole and column is Column.QUALITY:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and isinstance(node, SideOob | Nation):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._foreground(node, column)
        if role == NODE_ID_ROLE:
            return node.side.value if isinstance(node, SideOob) else node.id
        if role == NODE_KIND_ROLE:
            return self._kind(node)
        if role == STATUS_ROLE and isinstance(node, Unit):
            status = self.status_of(node.id)
            return (
                (status.placed.value, "withdrawn") if status.withdrawn else (status.placed.value,)
            )
        if role == SEARCH_ROLE:
            return search_text(node)
        return None

    @staticmethod
    def _kind(node: Node) -> str:
        if isinstance(node, SideOob):
            return "side"
        if isinstance(node, Nation):
            return "nation"
        return "org" if isinstance(node, Organization) else "unit"

    def _display(self, node: Node, column: Column) -> str:
        if isinstance(node, SideOob):
            return side_name(node) if column is Column.NAME else ""
        if column is Column.NAME:
            return node.name
        if column is Column.ID:
            return node.id
        if isinstance(node, Nation):
            return ""
        if isinstance(node, Organization):
            if column is Column.CLASS:
                return pretty(node.level.value)
            return self._summary(node.id) if column is Column.PLACEMENT else ""
        if column is Column.STRENGTH:
            return strength_text(node)
        if column is Column.QUALITY:
            return node.quality.value
        if column is Column.PLACEMENT:
            return self.status_of(node.id).label
        return pretty(node.unit_class.value)

    def _summary(self, org_id: str) -> str:
        """How many of an organization's units are on the map, arriving, or unplaced."""
        summary = self._summaries.get(org_id)
        if summary is None:
            assert self.document is not None
            units = self.document.oob_index.iter_units_under(org_id)
            summary = summary_text(self.status_of(u).placed for u in units)
            self._summaries[org_id] = summary
        return summary

    def _icon(self, node: Node, index: AnyIndex) -> QIcon | None:
        if isinstance(node, Unit):
            return symbol_icon(node, self.side_of(index))
        if isinstance(node, Organization):
            return organization_icon(node.level, self.side_of(index))
        if isinstance(node, SideOob):
            pixmap = QPixmap(12, 12)
            pixmap.fill(side_color(node.side))
            return QIcon(pixmap)
        return None

    def _foreground(self, node: Node, column: Column) -> QBrush | None:
        if column is Column.ID:
            return QApplication.palette().brush(QPalette.ColorRole.PlaceholderText)
        if column is Column.PLACEMENT and isinstance(node, Unit):
            placed = self.status_of(node.id).placed
            if placed is Placed.UNPLACED:
                return QApplication.palette().brush(QPalette.ColorRole.PlaceholderText)
            if placed is Placed.REINFORCEMENT:
                return QBrush(QColor("#1f5fa8"))
        return None

    def _tooltip(self, node: Node) -> str:
        if isinstance(node, SideOob):
            return f"{side_name(node)}: {len(node.nations)} nation(s)"
        if isinstance(node, Nation):
            return f"{node.name} ({node.id})"
        if isinstance(node, Unit):
            return unit_tooltip(node, self.status_of(node.id))
        assert self.document is not None
        units = sum(1 for _ in self.document.oob_index.iter_units_under(node.id))
        return organization_tooltip(node, units, self._summary(node.id))

    # Following the document -------------------------------------------------------------------

    def _about_to_change(self, change: Change) -> None:
        if change.kind is not FileKind.OOB or self.document is None:
            return
        self._summaries.clear()
        step = plan(self.document.oob, change)
        parent = self.index_of_key(step.owner)
        if step.action in {"insert", "remove"} and (step.owner == ROOT or parent.isValid()):
            if step.action == "insert":
                self.beginInsertRows(parent, step.first, step.last)
            else:
                self.beginRemoveRows(parent, step.first, step.last)
        elif step.action == "data":
            pass
        else:
            step = TreeChange("reset")
            self.beginResetModel()
        self._pending = step

    def _changed(self, change: Change) -> None:
        if self.document is None:
            return
        if change.kind is FileKind.SCENARIO:
            self._summaries.clear()
            self._all_data_changed(Column.PLACEMENT)
            self.settled.emit()
            return
        if change.kind is not FileKind.OOB or self._pending is None:
            return
        step, self._pending = self._pending, None
        if step.action == "insert":
            self.endInsertRows()
        elif step.action == "remove":
            self.endRemoveRows()
        elif step.action == "reset":
            self.endResetModel()
        else:
            self._node_changed(step.node_path)
        self.settled.emit()

    def _node_changed(self, node_path: ModelPath) -> None:
        assert self.document is not None
        node = node_at(self.document.oob, node_path)
        if isinstance(node, Unit | Organization):
            first = self.index_of_id(node.id)
        else:
            first = self.index_of_key(key_of(node) or ROOT)
        if first.isValid():
            self.dataChanged.emit(first, first.siblingAtColumn(len(Column) - 1))
        # Organizations above show summaries of what is below; their placement text may change.
        self._all_data_changed(Column.PLACEMENT)

    def _all_data_changed(self, column: Column) -> None:
        """Tell views a column changed everywhere (views repaint what they show)."""
        count = self.rowCount()
        if count:
            self.dataChanged.emit(self.index(0, column), self.index(count - 1, column))
