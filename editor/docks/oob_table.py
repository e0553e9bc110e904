"""The OOB Table dock: every unit of the order of battle in a spreadsheet-like table, filtered
by side, organization, text and placement, with copy and paste to a spreadsheet and fill
down; selecting rows selects the units on the map and in the OOB tree."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QPoint, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.docks.base import DocumentDock
from editor.docks.oob_table_model import OobTableModel, selected_ids, unit_filter
from editor.docks.unit_type_marks import add_assign_menu
from editor.document import Document
from editor.selection import Focus
from schemas.io import FileKind
from schemas.vocabulary import Side


class OobTableDock(DocumentDock):
    """One row per unit, one column per field of the Unit panel."""

    title = "OOB Table"
    object_name = "oob_table"
    default_area = Qt.DockWidgetArea.BottomDockWidgetArea

    built_when_shown = True
    """Behind another panel's tab at start: its rows (thousands on a big title) are made when
    it is first shown, not before the window's first paint."""

    def build(self) -> None:
        self.model = OobTableModel(self)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        bar = QHBoxLayout()
        self.search = QLineEdit(
            placeholderText="Filter by name, type or id…", clearButtonEnabled=True
        )
        self.side = QComboBox()
        self.side.addItem("Both sides", None)
        for side in Side:
            self.side.addItem(side.value.capitalize(), side)
        self.under = QComboBox()
        self.under.setMinimumContentsLength(18)
        self.placed = QComboBox()
        for text, value in (("Placed or not", None), ("On the map", True), ("Not placed", False)):
            self.placed.addItem(text, value)
        bar.addWidget(self.search, 2)
        for widget in (self.side, self.under, self.placed):
            bar.addWidget(widget)
        layout.addLayout(bar)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setDefaultSectionSize(90)
        self.table.setColumnWidth(self.model.columns.index("name"), 180)
        self.table.setColumnWidth(self.model.columns.index("organization"), 160)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        layout.addWidget(self.table, 1)
        self.message = QLabel(wordWrap=True)
        self.message.setStyleSheet("color: #b3261e")
        self.message.hide()
        layout.addWidget(self.message)
        self.setWidget(body)
        self.search.textChanged.connect(self._filter)
        for combo in (self.side, self.under, self.placed):
            combo.currentIndexChanged.connect(self._filter)
        self.model.edit_refused.connect(self._show_message)
        self.table.selectionModel().selectionChanged.connect(self._rows_selected)
        self.selection.units_changed.connect(self._select_units)
        self._syncing = False
        keys = (
            (QKeySequence.StandardKey.Copy, lambda: self.copy(header=False)),
            ("Ctrl+Alt+C", lambda: self.copy(header=True)),
            (QKeySequence.StandardKey.Paste, self.paste),
            ("Ctrl+D", self.fill_down),
        )
        for key, slot in keys:
            shortcut = QShortcut(QKeySequence(key), self.table)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    # Document and filters --------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        self._fill_organizations()
        self.model.set_document(document)
        self._filter()

    def document_changed(self, change: object) -> None:
        kind = getattr(change, "kind", None)
        if kind is FileKind.OOB and getattr(change, "action", None) != "set":
            self._fill_organizations()

    def _fill_organizations(self) -> None:
        current = self.under.currentData()
        self.under.blockSignals(True)
        self.under.clear()
        self.under.addItem("Whole OOB", None)
        document = self.document
        if document is not None and document.has(FileKind.OOB):
            index = document.oob_index
            for org_id, entry in index.organizations.items():
                depth = len(entry.path) // 2 - 3
                self.under.addItem("  " * max(depth, 0) + entry.organization.name, org_id)
        found = self.under.findData(current)
        self.under.setCurrentIndex(max(found, 0))
        self.under.blockSignals(False)

    def _filter(self, *_: object) -> None:
        document = self.document
        if document is None or not document.has(FileKind.OOB):
            self.model.set_filter(None)
            return
        self.model.set_filter(
            unit_filter(
                document,
                # The combo box hands enum members back as plain text.
                side=Side(self.side.currentData()) if self.side.currentData() else None,
                under=self.under.currentData(),
                text=self.search.text(),
                placed=self.placed.currentData(),
            )
        )
        self._select_units(self.selection.units)

    def _show_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # Selection -------------------------------------------------------------------------------

    def _rows_selected(self, *_: object) -> None:
        if self._syncing:
            return
        rows = sorted({i.row() for i in self.table.selectionModel().selectedIndexes()})
        self._syncing = True
        try:
            self.selection.select_units(selected_ids(self.model, rows))
        finally:
            self._syncing = False

    def _select_units(self, ids: list[str]) -> None:
        if self._syncing:
            return
        rows = [r for r in (self.model.row_of(i) for i in ids) if r is not None]
        chosen = QItemSelection()
        last = self.model.columnCount() - 1
        for row in rows:
            chosen.select(self.model.index(row, 0), self.model.index(row, last))
        self._syncing = True
        try:
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
            self.table.selectionModel().select(chosen, flags)
            if rows:
                self.table.scrollTo(self.model.index(rows[0], self.model.columns.index("name")))
        finally:
            self._syncing = False

    def show_focus(self, focus: Focus) -> bool:
        row = self.model.row_of(focus.object_id or "")
        if row is None:
            return False
        self.table.setCurrentIndex(self.model.index(row, self.model.columns.index("name")))
        return True

    # Spreadsheet gestures ---------------------------------------------------------------------

    def _cells(self) -> list[tuple[int, int]]:
        return sorted((i.row(), i.column()) for i in self.table.selectionModel().selectedIndexes())

    def copy(self, *, header: bool) -> str:
        """Copy the selected cells' block as tab-separated text (with the column names when
        `header`), as spreadsheets paste it."""
        cells = self._cells()
        if not cells:
            return ""
        rows = sorted({r for r, _ in cells})
        columns = sorted({c for _, c in cells})
        chosen = set(cells)
        lines = []
        if header:
            lines.append("\t".join(self.model.columns[c] for c in columns))
        for row in rows:
            lines.append(
                "\t".join(self.model.text(row, c) if (row, c) in chosen else "" for c in columns)
            )
        text = "\n".join(lines) + "\n"
        QGuiApplication.clipboard().setText(text)
        return text

    def paste(self, text: str | None = None) -> bool:
        """Paste tab-separated text at the current cell, one undo step. A first line of column
        names places each column by name; one value fills every selected cell."""
        if text is None:
            text = QGuiApplication.clipboard().text()
        grid = [line.split("\t") for line in text.replace("\r\n", "\n").rstrip("\n").split("\n")]
        if not grid or grid == [[""]]:
            return False
        cells = self._cells()
        current = self.table.currentIndex()
        top = min((r for r, _ in cells), default=current.row() if current.isValid() else 0)
        left = min((c for _, c in cells), default=current.column() if current.isValid() else 0)
        targets: list[int | None]
        named = [self.model.column_of(h) for h in grid[0]]
        if len(grid) > 1 and all(c is not None for c in named):
            targets, grid = list(named), grid[1:]
        else:
            targets = [left + n for n in range(max(len(r) for r in grid))]
        if len(grid) == 1 and len(grid[0]) == 1 and len(cells) > 1:
            edits = [(r, c, grid[0][0]) for r, c in cells]
        else:
            if top + len(grid) > self.model.rowCount():
                self._show_message(
                    f"Refused: {len(grid)} rows pasted, {self.model.rowCount() - top} rows below."
                )
                return False
            edits = [
                (top + n, column, value)
                for n, values in enumerate(grid)
                for column, value in zip(targets, values, strict=False)
                if column is not None and column < self.model.columnCount()
            ]
        done = self.model.apply(edits, f"Paste {len(grid)} rows into the OOB table")
        if done:
            self._show_message("")
        return done

    def fill_down(self) -> bool:
        """Copy the top selected cell of each column into the cells selected below it."""
        edits = []
        by_column: dict[int, list[int]] = {}
        for row, column in self._cells():
            by_column.setdefault(column, []).append(row)
        for column, rows in by_column.items():
            source = self.model.text(rows[0], column)
            edits += [(row, column, source) for row in rows[1:]]
        if not edits:
            return False
        done = self.model.apply(edits, "Fill down in the OOB table")
        if done:
            self._show_message("")
        return done

    def _context_menu(self, point: QPoint) -> None:
        """Assign Unit Type to the units of the selected rows."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedIndexes()})
        ids = selected_ids(self.model, rows)
        if self.document is None or not ids:
            return
        menu = QMenu(self.table)
        add_assign_menu(menu, self.document, ids)
        menu.popup(self.table.viewport().mapToGlobal(point))
