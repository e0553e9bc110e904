"""A table view over a `FieldGrid`: cells with a list of values edit with a drop-down list,
and a refused edit says why under the table and in the status bar."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from editor.tactical_gamex.grid_model import FieldGrid

AnyIndex = QModelIndex | QPersistentModelIndex


class ChoiceDelegate(QStyledItemDelegate):
    """Edits a cell whose column has choices with a drop-down list of them."""

    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex
    ) -> QWidget:
        model = index.model()
        choices = (
            model.spec(index.row(), index.column()).choices if isinstance(model, FieldGrid) else ()
        )
        if choices:
            box = QComboBox(parent)
            box.addItems(list(choices))
            box.activated.connect(lambda _i: self.commitData.emit(box))
            return box
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentText(str(index.data(Qt.ItemDataRole.EditRole)))
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)


class GridView(QTableView):
    """A compact table of a grid: columns sized to their contents, rows to one line."""

    def __init__(self, model: FieldGrid, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setItemDelegate(ChoiceDelegate(self))
        self.setAlternatingRowColors(True)
        self.setEditTriggers(
            QTableView.EditTrigger.DoubleClicked
            | QTableView.EditTrigger.EditKeyPressed
            | QTableView.EditTrigger.AnyKeyPressed
        )
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setMinimumSectionSize(36)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
