"""A reusable editor for one list of the document: a toolbar (Add, Delete, Jump to hex, filter),
a sortable table edited in place, and a line that says why an input was refused."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import (
    QAction,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor import icons
from editor.docks.base import DocumentDock
from editor.docks.id_picker import IdPickerDialog, pick_entries
from editor.docks.list_cell_delegate import CellDelegate, Index
from editor.docks.list_table import ListSortProxy, ListTableModel
from editor.docks.table_columns import Editor, Pick, item_side
from editor.document import Document
from editor.selection import Focus, Selection
from editor.widgets.undo_keys import undo_keys_to_window
from schemas.problems import ModelPath

NewItems = Callable[[], Sequence[Any]]

_EDIT_TRIGGERS = (
    QAbstractItemView.EditTrigger.DoubleClicked
    | QAbstractItemView.EditTrigger.EditKeyPressed
    | QAbstractItemView.EditTrigger.AnyKeyPressed
)
_PICKER_TRIGGERS = (
    QAbstractItemView.EditTrigger.DoubleClicked,
    QAbstractItemView.EditTrigger.EditKeyPressed,
    QAbstractItemView.EditTrigger.AllEditTriggers,
)
_DEFAULT_WIDTH_CHARS = 24
_TEXT_EDITORS = (Editor.TEXT, Editor.PICK, Editor.TIME)


class _Table(QTableView):
    """A table where double-clicking a hex shows it on the map and id cells open a picker."""

    def __init__(self, owner: ListTableView) -> None:
        super().__init__(owner)
        self._owner = owner

    def edit(  # type: ignore[override]
        self,
        index: Index,
        trigger: QAbstractItemView.EditTrigger = QAbstractItemView.EditTrigger.AllEditTriggers,
        event: QEvent | None = None,
    ) -> bool:
        if not index.isValid():
            return False
        source = self._owner.proxy.mapToSource(index)
        spec = self._owner.model.columns[source.column()]
        if trigger == QAbstractItemView.EditTrigger.DoubleClicked and spec.editor is Editor.HEX:
            self._owner.jump_to_hex(source.row())
            return False
        if spec.editor is Editor.PICK:
            editable = bool(self._owner.model.flags(source) & Qt.ItemFlag.ItemIsEditable)
            if trigger in _PICKER_TRIGGERS and editable:
                self._owner.open_picker(source.row(), source.column())
            return False
        return bool(super().edit(index, trigger, event))  # type: ignore[arg-type]


class ListTableView(QWidget):
    """The table of a ListTableModel with Add / Delete / Jump to hex and a filter.

    `new_items()` builds the items Add inserts (an empty list: nothing, e.g. a picker that
    calls `insert_items` itself later); `edit_column` is the column to start typing in after
    Add; `title` heads the toolbar when several tables share a dock. Double-clicking a hex
    cell, or Jump to hex, selects the hex and asks the map to show it."""

    def __init__(
        self,
        model: ListTableModel,
        selection: Selection,
        *,
        new_items: NewItems | None = None,
        edit_column: int | None = None,
        title: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.selection = selection
        self.picker: IdPickerDialog | None = None
        self._fit_when_painted = False
        self._new_items = new_items
        self._edit_column = edit_column
        self.proxy = ListSortProxy(self)
        self.proxy.setSourceModel(model)

        self.add_button = self._button(
            "Add", "plus", f"Add a {model.noun.lower()} (Insert)", self.add
        )
        self.delete_button = self._button(
            "Delete",
            "trash-2",
            f"Delete the selected {model.plural.lower()} (Delete)",
            self.delete_selected,
        )
        self.jump_button = self._button(
            "Jump to hex",
            "locate",
            "Select this row's hex and show it on the map",
            self.jump_to_hex,
        )
        self.jump_button.setVisible(model.hex_column() is not None)
        self.filter_edit = QLineEdit(placeholderText="Filter")
        self.filter_edit.setClearButtonEnabled(True)
        undo_keys_to_window(self.filter_edit)
        self.filter_edit.setMaximumWidth(180)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        self.count_label = QLabel()
        self.count_label.setStyleSheet("color: palette(mid);")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b3261e; padding: 2px 4px;")
        self.message.hide()

        self.table = _Table(self)
        self.table.viewport().installEventFilter(self)
        self._setup_table()
        self._add_shortcuts()

        tools = QHBoxLayout()
        tools.setContentsMargins(0, 0, 0, 0)
        if title:
            heading = QLabel(title)
            heading.setStyleSheet("font-weight: 600; padding-right: 8px;")
            tools.addWidget(heading)
        for button in (self.add_button, self.delete_button, self.jump_button):
            tools.addWidget(button)
        tools.addStretch(1)
        tools.addWidget(self.count_label)
        tools.addWidget(self.filter_edit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(tools)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)

        model.edit_refused.connect(self._show_message)
        model.dataChanged.connect(self.message.hide)
        model.modelReset.connect(self._after_reset)
        model.rowsInserted.connect(self._update_state)
        model.rowsRemoved.connect(self._update_state)
        self.table.selectionModel().selectionChanged.connect(self._update_state)
        self.table.selectionModel().currentChanged.connect(self._update_state)
        selection.hex_changed.connect(model.set_highlight_hex)
        self._after_reset()

    def _button(self, text: str, icon_name: str, tip: str, slot: Callable[[], None]) -> QToolButton:
        # Icons with the words in the tooltip: a row of worded buttons made a bottom panel too
        # wide for a laptop. Made inside the view: a button without a parent would show as a
        # window of its own if made visible before the view lays it out.
        button = QToolButton(self)
        button.setText(text)
        button.setIcon(icons.icon(icon_name))
        button.setToolTip(f"{text}: {tip}")
        button.setAutoRaise(True)
        button.clicked.connect(lambda _=False: slot())
        return button

    def _setup_table(self) -> None:
        table = self.table
        table.setModel(self.proxy)
        table.setItemDelegate(CellDelegate(self))
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setEditTriggers(_EDIT_TRIGGERS)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        header = table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSortIndicatorClearable(True)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        table.setSortingEnabled(True)
        # File order until the designer clicks a header.
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.proxy.sort(-1)

    def _add_shortcuts(self) -> None:
        for text, keys, slot in (
            (
                f"Delete Selected {self.model.plural}",
                QKeySequence.StandardKey.Delete,
                self.delete_selected,
            ),
            (f"Add {self.model.noun}", QKeySequence(Qt.Key.Key_Insert), self.add),
        ):
            action = QAction(text, self)  # the text names it in Help > Keyboard Shortcuts
            action.setShortcut(keys)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False, slot=slot: slot())
            self.table.addAction(action)

    # State -----------------------------------------------------------------------------------

    def _after_reset(self) -> None:
        self._update_state()
        if self.model.document is None:
            return
        # Measuring every cell of a long table takes a tenth of a second: a table behind
        # another panel's tab (visible to Qt, but with nothing on screen) or in a closed panel
        # is fitted just before it is first painted instead.
        if self.isVisible() and not self.table.viewport().visibleRegion().isEmpty():
            self.fit_columns()
        else:
            self._fit_when_painted = True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            self._fit_when_painted
            and event.type() == QEvent.Type.Paint
            and watched is self.table.viewport()
        ):
            self._fit_when_painted = False
            if self.model.document is not None:
                self.fit_columns()
        return super().eventFilter(watched, event)

    def _update_state(self, *_: object) -> None:
        has_document = self.model.document is not None
        self.add_button.setEnabled(has_document and self._new_items is not None)
        self.delete_button.setEnabled(bool(self.selected_rows()))
        row = self.current_row()
        self.jump_button.setEnabled(row is not None and self.model.hex_of(row) is not None)
        count = self.model.rowCount()
        noun = self.model.noun if count == 1 else self.model.plural
        self.count_label.setText(f"{count} {noun.lower()}" if has_document else "")

    def _show_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.show()

    def fit_columns(self) -> None:
        """Size columns to their contents, within the header's width and each column's limit;
        the last column takes the spare room when it holds text."""
        table = self.table
        table.resizeColumnsToContents()
        character = table.fontMetrics().horizontalAdvance("n")
        header = table.horizontalHeader()
        for column, spec in enumerate(self.model.columns):
            title = header.fontMetrics().horizontalAdvance(spec.header) + 28
            widest = (spec.width or _DEFAULT_WIDTH_CHARS) * character
            # An empty table still leaves room to read the first ids and names typed in.
            floor = min(widest, 12 * character) if spec.editor in _TEXT_EDITORS else 0
            size = max(title, floor, min(header.sectionSize(column), widest))
            header.resizeSection(column, size)
        self._give_back_overflow()
        last = self.model.columns[-1] if self.model.columns else None
        header.setStretchLastSection(
            last is not None and bool(last.alignment & Qt.AlignmentFlag.AlignLeft)
        )

    def _give_back_overflow(self) -> None:
        """Narrow the widest text columns, never below their titles, until the columns fit the
        visible width (a vertical scroll bar takes some of it): a panel the room fits needs no
        sideways scrolling for a few pixels of content."""
        table = self.table
        header = table.horizontalHeader()
        room = table.viewport().width()
        if room <= 0:
            return
        overflow = header.length() - room
        texts = [c for c, spec in enumerate(self.model.columns) if spec.editor in _TEXT_EDITORS]
        for column in sorted(texts, key=header.sectionSize, reverse=True):
            if overflow <= 0:
                return
            title = header.fontMetrics().horizontalAdvance(self.model.columns[column].header) + 28
            spare = header.sectionSize(column) - title
            if spare > 0:
                taken = min(spare, overflow)
                header.resizeSection(column, header.sectionSize(column) - taken)
                overflow -= taken

    # Rows ------------------------------------------------------------------------------------

    def current_row(self) -> int | None:
        """The source row of the current cell."""
        index = self.proxy.mapToSource(self.table.currentIndex())
        return index.row() if index.isValid() else None

    def selected_rows(self) -> list[int]:
        """The selected source rows, in file order."""
        rows = {self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()}
        return sorted(r for r in rows if r >= 0)

    def proxy_index(self, row: int, column: int = 0) -> QModelIndex:
        """Where a source cell stands in the table (invalid when filtered out)."""
        return self.proxy.mapFromSource(self.model.index(row, column))

    def select_row(self, row: int, column: int | None = None) -> bool:
        """Make a source row current and selected (clearing a filter that hides it)."""
        if not 0 <= row < self.model.rowCount():
            return False
        index = self.proxy_index(row, column or 0)
        if not index.isValid():
            self.filter_edit.clear()
            index = self.proxy_index(row, column or 0)
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        selection_model = self.table.selectionModel()
        selection_model.setCurrentIndex(index, flags)
        selection_model.select(QItemSelection(index, index), flags)
        self.table.scrollTo(index)
        return True

    def show_path(self, path: ModelPath) -> bool:
        """Select the row (and column) of a path below the list: `(3, "hex")`."""
        if not path or not isinstance(path[0], int):
            return False
        return self.select_row(path[0], self.model.column_of(path[1:]))

    def show_object(self, object_id: str | None) -> bool:
        """Select the row whose item has this id."""
        row = self.model.row_of_id(object_id) if object_id else None
        return row is not None and self.select_row(row)

    # Actions ---------------------------------------------------------------------------------

    def add(self) -> None:
        """Add the items `new_items` builds and select the first one for editing."""
        if self.model.document is None or self._new_items is None:
            return
        items = list(self._new_items())
        if items:
            self.insert_items(items)

    def insert_items(self, items: Sequence[Any]) -> None:
        """Append items in one undo step and select the first, ready to type into."""
        row = self.model.insert(items)
        self.select_row(row, self._edit_column)
        if self._edit_column is not None:
            self.table.setFocus()
            self.table.edit(self.proxy_index(row, self._edit_column))

    def delete_selected(self) -> None:
        """Delete the selected rows in one undo step."""
        self.model.remove_rows(self.selected_rows())

    def jump_to_hex(self, row: int | None = None) -> None:
        """Select the row's hex and ask the map to show it."""
        row = self.current_row() if row is None else row
        hex_ = self.model.hex_of(row) if row is not None else None
        if hex_ is None:
            return
        self.selection.select_hex(hex_)
        self.selection.request_focus(Focus(hex=hex_))

    def open_picker(self, row: int, column: int) -> IdPickerDialog | None:
        """Open the picker of an id cell; the choice is applied when the dialog is accepted."""
        document, spec = self.model.document, self.model.columns[column]
        if document is None or spec.pick is None:
            return None
        value = self.model.cell_value(row, column)
        chosen = [value] if isinstance(value, str) else list(value or [])
        item = self.model.item(row)
        name = getattr(item, "id", "") or self.model.noun.lower()
        dialog = self._picker(
            spec.pick, chosen, f"{spec.header} of {name}", item_side(document, item)
        )
        target = QPersistentModelIndex(self.model.index(row, column))
        dialog.accepted.connect(lambda: self._apply_pick(target, dialog))
        dialog.open()
        return dialog

    def pick_new(self, pick: Pick, title: str, make: Callable[[list[str]], Sequence[Any]]) -> None:
        """Open a picker whose accepted ids become new rows through `make` (e.g. air units)."""
        dialog = self._picker(pick, [], title, None)
        dialog.accepted.connect(lambda: self._apply_new(dialog, make))
        dialog.open()

    def _apply_new(
        self, dialog: IdPickerDialog, make: Callable[[list[str]], Sequence[Any]]
    ) -> None:
        items = list(make(dialog.chosen()))
        if items:
            self.insert_items(items)

    def _picker(self, pick: Pick, chosen: list[str], title: str, side: Any) -> IdPickerDialog:
        assert self.model.document is not None
        entries = pick_entries(self.model.document.oob_index, pick)
        self.picker = IdPickerDialog(
            entries, chosen, multiple=pick.multiple, title=title, side=side, parent=self
        )
        return self.picker

    def _apply_pick(self, target: QPersistentModelIndex, dialog: IdPickerDialog) -> None:
        if not target.isValid():
            return
        spec = self.model.columns[target.column()]
        chosen = dialog.chosen()
        if spec.pick is not None and not spec.pick.multiple:
            if not chosen:
                return
            self.model.set_value(target.row(), target.column(), chosen[0])
        else:
            self.model.set_value(target.row(), target.column(), chosen)


class ListTablesDock(DocumentDock):
    """A dock of one or more list tables: passes the document on and shows focus requests
    for paths in its lists (`("objectives", 3, "hex")`) or ids of their items."""

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.views: list[ListTableView] = []

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        for view in self.views:
            view.model.set_document(document)

    def show_focus(self, focus: Focus) -> bool:
        for view in self.views:
            size = len(view.model.list_path)
            if (
                focus.kind is view.model.kind
                and tuple(focus.path[:size]) == view.model.list_path
                and len(focus.path) > size
                and view.show_path(focus.path[size:])
            ):
                self.reveal(view)
                return True
        for view in self.views:
            if focus.object_id is not None and view.show_object(focus.object_id):
                self.reveal(view)
                return True
        return False

    def reveal(self, view: ListTableView) -> None:
        """Bring a table to the front (its tab, when the dock has tabs) and focus it."""
        parent = view.parentWidget()
        while parent is not None and parent is not self:
            if isinstance(parent, QTabWidget):
                for number in range(parent.count()):
                    page = parent.widget(number)
                    if page is not None and (page is view or page.isAncestorOf(view)):
                        parent.setCurrentIndex(number)
            parent = parent.parentWidget()
        view.table.setFocus()
