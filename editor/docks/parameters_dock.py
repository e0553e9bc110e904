"""The Parameter Data dock: every value of the title's parameter file, by group, editable in
place, with units, descriptions, a search box and the values changed since the last save."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSplitter,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.docks.base import DocumentDock
from editor.docks.parameter_models import (
    CHOICES_ROLE,
    DETAILS_ROLE,
    IMPASSABLE_MARK,
    MULTILINE_ROLE,
    MovementGridModel,
    ParameterFilter,
    ParameterTableModel,
    PropertyTableModel,
)
from editor.docks.parameter_rows import GROUPS, Group, group_of, label_of
from editor.document import Change, Document
from editor.selection import Focus
from editor.widgets.undo_keys import undo_keys_to_window
from schemas.io import FileKind

Index = QModelIndex | QPersistentModelIndex

_INVALID_STYLE = "background: #fdecea; border: 1px solid #c0392b;"

_GRID_CAPTIONS = {
    "terrain": "Movement points (MP) to enter a hex of each terrain. "
    f"{IMPASSABLE_MARK} = cannot enter (−1); hatched = no entry.",
    "hexsides": "Extra MP to cross a hexside. "
    f"{IMPASSABLE_MARK} = only by a bridge or ford (−1); hatched = no entry (no extra cost).",
    "connections": "MP per hex along a road or railway in Travel (or Rail) Mode. "
    f"{IMPASSABLE_MARK} = cannot use (−1); hatched = no entry.",
    "condition_modifiers": "Movement cost in % per ground condition (100 = unchanged; "
    "not on primary roads in Travel Mode). Hatched = none (100).",
}


class ValueDelegate(QStyledItemDelegate):
    """Edits a value as text (a list for choices), checking it as the designer types."""

    problem = Signal(str)
    """Why the text being typed would be refused ("" once it is acceptable)."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        choices = index.data(CHOICES_ROLE) or ()
        if choices:
            combo = QComboBox(parent)
            for choice in choices:
                combo.addItem(label_of(choice), choice)
            return combo
        if index.data(MULTILINE_ROLE):
            return QPlainTextEdit(parent)
        line = QLineEdit(parent)
        line.textEdited.connect(lambda text: self._check(line, index, text))
        return line

    def updateEditorGeometry(
        self, editor: QWidget, option: QStyleOptionViewItem, index: Index
    ) -> None:
        rect = option.rect
        if isinstance(editor, QPlainTextEdit):
            rect = rect.adjusted(0, 0, 0, 96)
        editor.setGeometry(rect)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        value = index.data(Qt.ItemDataRole.EditRole) or ""
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(value)))
        elif isinstance(editor, QPlainTextEdit):
            editor.setPlainText(str(value))
        elif isinstance(editor, QLineEdit):
            editor.setText(str(value))
            editor.selectAll()

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            text = str(editor.currentData())
        elif isinstance(editor, QPlainTextEdit):
            text = editor.toPlainText()
        elif isinstance(editor, QLineEdit):
            text = editor.text()
        else:
            return
        self.problem.emit("")
        model.setData(index, text, Qt.ItemDataRole.EditRole)

    def _check(self, editor: QLineEdit, index: Index, text: str) -> None:
        source, source_index = _source_of(index)
        error = source.check(source_index, text) if source is not None else None
        editor.setStyleSheet(_INVALID_STYLE if error else "")
        editor.setToolTip(error or "")
        self.problem.emit(error or "")


def _source_of(index: Index) -> tuple[ParameterTableModel | None, QModelIndex]:
    """The dock's model behind a (filtered) index, and the index in it."""
    model = index.model()
    if model is None:
        return None, QModelIndex()
    plain = model.index(index.row(), index.column())
    if isinstance(model, ParameterFilter):
        source = model.sourceModel()
        if isinstance(source, ParameterTableModel):
            return source, model.mapToSource(plain)
    if isinstance(model, ParameterTableModel):
        return model, plain
    return None, QModelIndex()


class _GroupPage(QWidget):
    """One group: a caption, its table and the filter between them."""

    def __init__(self, group: Group, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.group = group
        self.model: ParameterTableModel = (
            MovementGridModel(group, self) if group.grid else PropertyTableModel(group, self)
        )
        self.proxy = ParameterFilter(self)
        self.proxy.setSourceModel(self.model)
        self.caption = QLabel(self)
        self.caption.setWordWrap(True)
        self.caption.setStyleSheet("color: #444;")
        self.caption.setText(self._caption_text())
        self.view = QTableView(self)
        self._shape_when_painted = False
        self.view.setObjectName(f"table.{group.key}")
        self.view.setModel(self.proxy)
        self.delegate = ValueDelegate(self.view)
        self.view.setItemDelegate(self.delegate)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.view.setAlternatingRowColors(not group.grid)
        self.view.setWordWrap(False)
        # Compact rows: the bottom panel of a 1280x720 screen shows a usable part of a grid.
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        for signal in (
            self.proxy.modelReset,
            self.proxy.layoutChanged,
            self.proxy.rowsInserted,
            self.proxy.rowsRemoved,
        ):
            signal.connect(self._apply_spans)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.caption)
        layout.addWidget(self.view, 1)
        self.view.viewport().installEventFilter(self)
        # A table's description is in the details pane already; a grid's caption is its legend.
        self.caption.setVisible(bool(group.grid))

    def _caption_text(self) -> str:
        if self.group.grid:
            return _GRID_CAPTIONS[self.group.grid]
        return self.group.description

    def set_document(self, document: Document | None) -> None:
        self.model.set_document(document)
        # Measuring the cells of 32 tables takes a sixth of a second at opening, and one page
        # at most is on screen: the others are shaped just before they are first painted.
        if self.isVisible() and not self.view.viewport().visibleRegion().isEmpty():
            self._shape_columns()
        else:
            self._shape_when_painted = True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            self._shape_when_painted
            and event.type() == QEvent.Type.Paint
            and watched is self.view.viewport()
        ):
            self._shape_when_painted = False
            self._shape_columns()
        return super().eventFilter(watched, event)

    def _shape_columns(self) -> None:
        header = self.view.horizontalHeader()
        if not isinstance(self.model, PropertyTableModel):
            self.view.verticalHeader().setVisible(True)
            self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            header.setMinimumSectionSize(56)
            return
        self.view.verticalHeader().setVisible(False)
        header.setStretchLastSection(True)
        for column, (least, most) in ((0, (180, 320)), (self.model.columnCount() - 2, (60, 180))):
            self.view.resizeColumnToContents(column)
            self.view.setColumnWidth(column, min(max(self.view.columnWidth(column), least), most))
        # Text values (the set's name and notes) want room; numbers do not.
        value_width = 420 if self.group.key == "general" else 72 if self.model.has_sides else 120
        for column in self.model.value_columns():
            self.view.setColumnWidth(column, value_width)
        self._apply_spans()

    def _apply_spans(self) -> None:
        model = self.model
        self.view.clearSpans()
        if not isinstance(model, PropertyTableModel) or not model.has_sides:
            return
        for row in range(self.proxy.rowCount()):
            source_row = self.proxy.mapToSource(self.proxy.index(row, 0)).row()
            if not model.row_info(source_row).per_side:
                self.view.setSpan(row, 1, 1, 2)


class ParametersDock(DocumentDock):
    """Parameter Data: a list of groups, the selected group's table, and what a value means."""

    title = "Parameter Data"
    object_name = "parameters"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        body = QWidget(self)
        self.search = QLineEdit(body)
        self.search.setPlaceholderText("Search parameters…")
        self.search.setToolTip("Show the parameters whose name or description has these words")
        self.search.setClearButtonEnabled(True)
        undo_keys_to_window(self.search)
        self.changed_only = QCheckBox("Changed only", body)
        self.changed_only.setToolTip("Show only values changed since the file was last saved")
        self.changed_label = QLabel(body)
        self.changed_label.setToolTip("Values that differ from the parameter file on disk")
        self.groups = QListWidget(body)
        self.groups.setObjectName("parameter-groups")
        self.pages = QStackedWidget(body)
        self._pages: list[_GroupPage] = []
        for group in GROUPS:
            page = _GroupPage(group, self.pages)
            self.pages.addWidget(page)
            self._pages.append(page)
            self.groups.addItem(QListWidgetItem(group.title))
            page.model.refused.connect(self._show_refusal)
            page.delegate.problem.connect(self._show_problem)
            page.view.selectionModel().currentChanged.connect(self._show_details)
        self.details = QLabel(body)
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setMinimumHeight(44)
        self.details.setToolTip(
            "What the selected value means; double-click a value or type to change it"
        )
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setStyleSheet(
            "QLabel { background: palette(base); border: 1px solid palette(mid); padding: 4px; }"
        )
        self.status = QLabel(body)
        self.status.setStyleSheet("color: #b0281e;")
        self.status.setWordWrap(True)
        self.status.hide()

        # The search and the changes above the list of groups, not across the panel: the height
        # goes to the table, which a laptop's bottom panel has little of.
        left = QWidget(body)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.setSpacing(4)
        left_layout.addWidget(self.search)
        left_layout.addWidget(self.changed_only)
        left_layout.addWidget(self.groups, 1)
        left_layout.addWidget(self.changed_label)
        left.setMaximumWidth(240)
        right = QWidget(body)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.setSpacing(4)
        right_layout.addWidget(self.pages, 1)
        right_layout.addWidget(self.status)
        right_layout.addWidget(self.details)
        split = QSplitter(Qt.Orientation.Horizontal, body)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        split.setSizes([180, 800])
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(split, 1)
        self.setWidget(body)

        self.groups.currentRowChanged.connect(self._show_group)
        self.search.textChanged.connect(self._apply_filter)
        self.changed_only.toggled.connect(self._apply_filter)
        self.groups.setCurrentRow(0)
        self.set_document(None)

    # Document ---------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        if self.document is not None:
            self.document.saved.disconnect(self._on_saved)
        super().set_document(document)
        for page in self._pages:
            page.set_document(document)
        if document is not None:
            document.saved.connect(self._on_saved)
        self.setEnabled(document is not None)
        self._update_counts()
        self._show_details()

    def document_changed(self, change: Change) -> None:
        if change.kind is FileKind.PARAMETERS:
            self._update_counts()
            self._show_details()
        elif change.kind is FileKind.MAP and change.touches(("terrain",)):
            self._show_details()  # the grid's row names come from the map's legend

    def _on_saved(self, _paths: list[Any]) -> None:
        self._update_counts()
        self._show_details()

    # Navigation and filters -------------------------------------------------------------------

    def page(self, key: str) -> _GroupPage:
        """The page of a group by its key (e.g. `movement.terrain`, `combat`)."""
        return next(page for page in self._pages if page.group.key == key)

    def current_page(self) -> _GroupPage:
        """The page on show."""
        return self._pages[self.pages.currentIndex()]

    def show_group(self, key: str) -> None:
        """Show a group by its key."""
        self.groups.setCurrentRow(next(i for i, g in enumerate(GROUPS) if g.key == key))

    def _show_group(self, row: int) -> None:
        if row >= 0:
            self.pages.setCurrentIndex(row)
            self._show_problem("")
            self._show_details()

    def _apply_filter(self) -> None:
        search, changed_only = self.search.text(), self.changed_only.isChecked()
        for page in self._pages:
            page.proxy.set_filter(search, changed_only)
        self._update_counts()

    def _update_counts(self) -> None:
        total = 0
        filtering = bool(self.search.text().strip()) or self.changed_only.isChecked()
        for row, page in enumerate(self._pages):
            item = self.groups.item(row)
            changed = page.model.changed_count() if self.document is not None else 0
            total += changed
            item.setText(f"{page.group.title}  ({changed})" if changed else page.group.title)
            font = QFont(item.font())
            font.setBold(bool(changed))
            item.setFont(font)
            item.setHidden(filtering and page.proxy.rowCount() == 0)
        self.changed_label.setText(f"{total} changed" if total else "No changes")
        current = self.groups.currentItem()
        if current is not None and current.isHidden():
            visible = [r for r in range(self.groups.count()) if not self.groups.item(r).isHidden()]
            if visible:
                self.groups.setCurrentRow(visible[0])

    # Details ----------------------------------------------------------------------------------

    def _show_details(self, *_args: object) -> None:
        view = self.current_page().view
        index = view.currentIndex()
        if self.document is None:
            self.details.setText("No scenario is open.")
        elif index.isValid():
            self.details.setText(str(index.data(DETAILS_ROLE) or ""))
        else:
            page = self.current_page()
            self.details.setText(f"<b>{page.group.title}</b> · {page.group.description}")

    def _show_refusal(self, message: str) -> None:
        self._show_problem(f"Not changed: {message}")

    def _show_problem(self, message: str) -> None:
        self.status.setText(message)
        self.status.setVisible(bool(message))

    # Focus ------------------------------------------------------------------------------------

    def show_focus(self, focus: Focus) -> bool:
        if focus.kind is not FileKind.PARAMETERS or self.document is None:
            return False
        group = group_of(focus.path)
        if group is None:
            return True
        self.show_group(group.key)
        page = self.page(group.key)
        source = page.model.index_of(focus.path)
        if not source.isValid():
            return True
        index = page.proxy.mapFromSource(source)
        if not index.isValid():
            self.search.clear()
            self.changed_only.setChecked(False)
            index = page.proxy.mapFromSource(source)
        page.view.setCurrentIndex(index)
        page.view.scrollTo(index)
        return True
