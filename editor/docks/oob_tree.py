"""The OOB tree dock: the whole order of battle with NATO symbols, where each unit stands in
the scenario, search and placement filters, drag and drop re-parenting, and the add,
duplicate and delete actions."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from editor import icons
from editor.docks.base import DocumentDock
from editor.docks.oob_changes import NodeKey
from editor.docks.oob_filter import OobFilterModel, StatusFilter
from editor.docks.oob_model import NODE_ID_ROLE, NODE_KIND_ROLE, Column, OobModel
from editor.docks.oob_schedule import schedule_of
from editor.docks.oob_tree_edits import OobTreeEdits
from editor.document import Change, Document
from editor.selection import Focus, Selection
from editor.widgets.undo_keys import undo_keys_to_window
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import Organization, Unit

REVEAL_MATCHES = 300
"""The search opens the branches down to this many matches at most."""

_COLUMN_WIDTHS = {
    Column.NAME: 270,
    Column.PLACEMENT: 200,
    Column.STRENGTH: 90,
    Column.QUALITY: 56,
    Column.CLASS: 120,
    Column.ID: 150,
}


class OobTreeView(QTreeView):
    """The tree, telling the dock when a drop was refused and why."""

    drop_refused = Signal(str)

    def dropEvent(self, event: QDropEvent) -> None:
        super().dropEvent(event)
        model = self.model()
        source = model.sourceModel() if isinstance(model, OobFilterModel) else model
        if isinstance(source, OobModel) and source.refused:
            self.drop_refused.emit(source.refused)


class OobTreeDock(DocumentDock, OobTreeEdits):
    """Browse and edit the order of battle as a tree."""

    title = "Order of Battle"
    object_name = "oob_tree"
    default_area = Qt.DockWidgetArea.LeftDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.model = OobModel(self)
        self.proxy = OobFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self.confirm: Callable[[str], bool] = self._ask
        """Asked before large deletions; tests replace it."""
        self.ask_arrivals: Callable[[str], bool] = self._ask_arrivals
        """Asked when a drop would put units on the map into an arriving organization; True
        takes them off the map so they arrive with it. Tests replace it."""
        self.model.settle_arrivals = self._settle_arrivals
        self.ask_lost_arrivals: Callable[[str], bool | None] = self._ask_lost_arrivals
        """Asked when a drop would leave units arriving with nothing: True keeps them
        arriving, False leaves them unplaced, None cancels. Tests replace it."""
        self.model.settle_lost_arrivals = self._settle_lost_arrivals
        self._syncing = False
        self._expanded: set[NodeKey] = set()

        self.tree = OobTreeView()
        self.tree.setModel(self.proxy)
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(16)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.tree.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.tree.setDropIndicatorShown(True)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.doubleClicked.connect(self._show_on_map)
        self.tree.drop_refused.connect(self._say)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in _COLUMN_WIDTHS.items():
            header.resizeSection(column, width)
        self.tree.selectionModel().selectionChanged.connect(self._tree_selection_changed)
        self.proxy.modelAboutToBeReset.connect(self._remember_expanded)
        self.proxy.modelReset.connect(self._restore_expanded)

        self.search = QLineEdit()
        self.search.setPlaceholderText("Search name, id, type or class…")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip(
            "Show units and organizations whose name, id, type or class contains every word; "
            "a matching organization shows everything under it"
        )
        self.search.textChanged.connect(self._search_changed)
        undo_keys_to_window(self.search)
        self.status_filter = QComboBox()
        self.status_filter.addItems([s.value for s in StatusFilter])
        self.status_filter.setToolTip("Show only units with this part in the open scenario")
        self.status_filter.currentTextChanged.connect(self._status_changed)

        self._build_actions()
        # Icons, named by their tooltips: as words the buttons were wider than the panel and
        # the last ones hid behind the tool bar's "»".
        toolbar = QToolBar()
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        toolbar.setIconSize(QSize(18, 18))
        for action in (
            self.add_organization_action,
            self.add_unit_action,
            self.duplicate_action,
            self.delete_action,
        ):
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(self.expand_action)
        toolbar.addAction(self.collapse_action)

        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: palette(placeholder-text);")

        filters = QHBoxLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        filters.addWidget(self.search, 1)
        filters.addWidget(self.status_filter)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 2, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(toolbar)
        layout.addLayout(filters)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.message)
        self.setWidget(body)
        selection.units_changed.connect(self._selection_units_changed)
        self._update_actions()

    def _build_actions(self) -> None:
        def action(text: str, tip: str, slot: Callable[[], object], icon_name: str = "") -> QAction:
            made = QAction(text, self)
            if icon_name:
                made.setIcon(icons.icon(icon_name))
            made.setToolTip(f"{text}: {tip}")
            made.setStatusTip(tip)
            made.triggered.connect(slot)
            return made

        self.add_organization_action = action(
            "Add Organization",
            "Add an organization inside the selected organization or nation",
            self.add_organization,
            "folder-plus",
        )
        self.add_unit_action = action(
            "Add Unit",
            "Add an infantry battalion inside the selected organization, or after the "
            "selected unit",
            self.add_unit,
            "square-plus",
        )
        self.duplicate_action = action(
            "Duplicate",
            "Copy the selected units and organizations, with everything under them, under new ids",
            self.duplicate_selected,
            "copy-plus",
        )
        self.delete_action = action(
            "Delete",
            "Delete the selected units and organizations, and remove them from the scenario's "
            "placements and schedules",
            self.delete_selected,
            "trash-2",
        )
        self.delete_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.tree.addAction(self.delete_action)
        self.rename_action = action("Rename", "Rename the selected entry", self._rename)
        self.rename_action.setShortcut(QKeySequence(Qt.Key.Key_F2))
        self.rename_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.tree.addAction(self.rename_action)
        self.add_release_action = action(
            "Add Release",
            "Release the selected (fixed) organization during the scenario",
            self._add_release,
        )
        self.add_withdrawal_action = action(
            "Add Withdrawal",
            "Withdraw the selected organization during the scenario",
            self._add_withdrawal,
        )
        self.show_schedule_action = action(
            "Show Its Schedule",
            "The releases, withdrawals and arrivals naming the selected "
            "organization, in the Reinforcements panel",
            self._show_schedule,
        )
        self.expand_action = action(
            "Expand", "Expand the selected branches, or all", self._expand, "chevrons-up-down"
        )
        self.collapse_action = action(
            "Collapse", "Collapse the whole tree", self.tree.collapseAll, "chevrons-down-up"
        )

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self._expanded.clear()
        self.model.set_document(document)
        if document is not None:
            self.tree.expandToDepth(1)
        self._update_actions()

    def document_changed(self, change: Change) -> None:
        # The filter follows the model's `settled`, after the model's row signals.
        self._update_actions()

    # Selection ------------------------------------------------------------------------------

    def selected_ids(self) -> list[str]:
        """Ids of the selected units and organizations, in tree order."""
        ids: list[str] = []
        for index in self.tree.selectionModel().selectedRows(0):
            if index.data(NODE_KIND_ROLE) in {"unit", "org"}:
                ids.append(str(index.data(NODE_ID_ROLE)))
        return ids

    def _current_place(self) -> str | NodeKey | None:
        index = self.tree.currentIndex()
        if not index.isValid():
            return None
        kind, ident = str(index.data(NODE_KIND_ROLE)), str(index.data(NODE_ID_ROLE))
        return ident if kind in {"unit", "org"} else (kind, ident)

    def _tree_selection_changed(self, *_: QItemSelection) -> None:
        self._update_actions()
        if self._syncing or self.document is None:
            return
        ids = self.selected_ids()
        self._syncing = True
        try:
            self.selection.select_units(ids)
        finally:
            self._syncing = False
        if len(ids) == 1 and ids[0] in self.document.oob_index.units:
            hex_ = self.model.status_of(ids[0]).hex
            if hex_ is not None and self.model.status_of(ids[0]).placed.value in {
                "on_map",
                "combined",
            }:
                self.selection.select_hex(hex_)
                self.selection.request_focus(Focus(hex=hex_))

    def _selection_units_changed(self, ids: list[str]) -> None:
        if self._syncing or self.document is None:
            return
        self.select_ids(ids)

    def select_ids(self, ids: list[str]) -> None:
        """Select and reveal units and organizations by id (hidden or unknown ids are left)."""
        rows = QItemSelection()
        first: QModelIndex | None = None
        for node_id in ids:
            index = self.proxy.mapFromSource(self.model.index_of_id(node_id))
            if not index.isValid():
                continue
            self._reveal(index)
            rows.select(index, index.siblingAtColumn(len(Column) - 1))
            first = first or index
        self._syncing = True
        try:
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
            self.tree.selectionModel().select(rows, flags)
            if first is not None:
                self.tree.selectionModel().setCurrentIndex(
                    first, QItemSelectionModel.SelectionFlag.NoUpdate
                )
                self.tree.scrollTo(first)
        finally:
            self._syncing = False
        self._update_actions()

    def _reveal(self, index: QModelIndex) -> None:
        parent = index.parent()
        while parent.isValid():
            self.tree.expand(parent)
            parent = parent.parent()

    def show_focus(self, focus: Focus) -> bool:
        if self.document is None:
            return False
        index = self.document.oob_index
        node_id = focus.object_id
        if node_id not in index.units and node_id not in index.organizations:
            node_id = self._id_on_path(focus) if focus.kind is FileKind.OOB else None
        if node_id is None:
            return False
        if not self.proxy.mapFromSource(self.model.index_of_id(node_id)).isValid():
            # Hidden by the filters: clear them so the row can be shown.
            self.search.clear()
            self.status_filter.setCurrentText(StatusFilter.ALL.value)
        self.select_ids([node_id])
        self.selection.select_units([node_id])
        return True

    def _id_on_path(self, focus: Focus) -> str | None:
        """The deepest unit or organization along a model path of the OOB."""
        assert self.document is not None
        value: object = self.document.oob
        found: str | None = None
        for part in focus.path:
            try:
                value = value[part] if isinstance(part, int) else getattr(value, part)  # type: ignore[index]
            except (AttributeError, IndexError, KeyError, TypeError):
                break
            if isinstance(value, Unit | Organization):
                found = value.id
        return found

    def _show_on_map(self, index: QModelIndex) -> None:
        if self.document is None or index.data(NODE_KIND_ROLE) != "unit":
            return
        status = self.model.status_of(str(index.data(NODE_ID_ROLE)))
        if status.hex is not None:
            self.selection.select_hex(status.hex)
            self.selection.request_focus(Focus(hex=status.hex))

    # Filters --------------------------------------------------------------------------------

    def _search_changed(self, text: str) -> None:
        self.proxy.set_search(text)
        self._expand_matches()

    def _status_changed(self, text: str) -> None:
        self.proxy.set_status(StatusFilter(text))
        self._expand_matches()

    def _expand_matches(self) -> None:
        if not self.proxy.is_filtering:
            self._say("")
            return
        # Open the branches down to what matched by itself; what only lies under a matching
        # organization stays folded inside it.
        self.tree.collapseAll()
        matches = self.proxy.direct_matches()
        for node_id in matches[:REVEAL_MATCHES]:
            self._reveal(self.proxy.mapFromSource(self.model.index_of_id(node_id)))
        shown = len(matches)
        self._say(f"{shown} match{'es' if shown != 1 else ''}" if shown else "Nothing matches")

    # Expansion across resets ------------------------------------------------------------------

    def _key(self, index: QModelIndex) -> NodeKey:
        return (str(index.data(NODE_KIND_ROLE)), str(index.data(NODE_ID_ROLE)))

    def _remember_expanded(self) -> None:
        self._expanded.clear()
        pending = [QModelIndex()]
        while pending:
            parent = pending.pop()
            for row in range(self.proxy.rowCount(parent)):
                index = self.proxy.index(row, 0, parent)
                if self.tree.isExpanded(index):
                    self._expanded.add(self._key(index))
                    pending.append(index)

    def _restore_expanded(self) -> None:
        pending = [QModelIndex()]
        while pending:
            parent = pending.pop()
            for row in range(self.proxy.rowCount(parent)):
                index = self.proxy.index(row, 0, parent)
                if self._key(index) in self._expanded:
                    self.tree.expand(index)
                    pending.append(index)
        if self.document is not None:
            self.select_ids(self.selection.units)

    # Actions --------------------------------------------------------------------------------

    def _update_actions(self) -> None:
        has_document = self.document is not None
        selected = bool(self.selected_ids()) if has_document else False
        self.add_organization_action.setEnabled(has_document)
        self.add_unit_action.setEnabled(has_document)
        self.duplicate_action.setEnabled(selected)
        self.delete_action.setEnabled(selected)
        self.rename_action.setEnabled(has_document and self.tree.currentIndex().isValid())
        self.expand_action.setEnabled(has_document)
        self.collapse_action.setEnabled(has_document)
        organization = self._selected_organization()
        for scheduling in (self.add_release_action, self.add_withdrawal_action):
            scheduling.setEnabled(organization is not None)
        self.show_schedule_action.setEnabled(
            organization is not None
            and self.document is not None
            and bool(schedule_of(self.document, organization))
        )

    def _rename(self) -> None:
        index = self.tree.currentIndex()
        if index.isValid():
            self.tree.edit(index.siblingAtColumn(Column.NAME))

    def _expand(self) -> None:
        rows = self.tree.selectionModel().selectedRows(0)
        if not rows:
            self.tree.expandToDepth(2)
        for index in rows:
            self.tree.expandRecursively(index)

    def _context_menu(self, position: QPoint) -> None:
        menu = QMenu(self)
        for action in (
            self.add_organization_action,
            self.add_unit_action,
            self.duplicate_action,
            self.rename_action,
            None,
            self.delete_action,
            None,
            self.add_release_action,
            self.add_withdrawal_action,
            self.show_schedule_action,
            None,
            self.expand_action,
            self.collapse_action,
        ):
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.exec(self.tree.viewport().mapToGlobal(position))
