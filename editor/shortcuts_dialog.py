"""Help > Keyboard Shortcuts: every key of the window in one searchable table, read from the
actions when it opens."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from editor.shortcuts import ShortcutRow, all_rows

HEADERS = ("Where", "Keys", "What")


class ShortcutsDialog(QDialog):
    """A table of the window's shortcuts with a filter over all three columns."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard Shortcuts")
        self.resize(720, 640)
        self.rows: list[ShortcutRow] = all_rows(window)
        self.filter_edit = QLineEdit(placeholderText="Filter: a key, a command or a menu")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._filter)
        self.table = QTableWidget(len(self.rows), len(HEADERS))
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setTabKeyNavigation(False)
        for number, row in enumerate(self.rows):
            for column, text in enumerate((row.where, row.keys, row.what)):
                self.table.setItem(number, column, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)

    def shown_rows(self) -> list[ShortcutRow]:
        """The rows the filter lets through, in order."""
        return [r for n, r in enumerate(self.rows) if not self.table.isRowHidden(n)]

    def _filter(self, text: str) -> None:
        words = text.lower().split()
        for number, row in enumerate(self.rows):
            line = f"{row.where} {row.keys} {row.what}".lower()
            self.table.setRowHidden(number, not all(word in line for word in words))
