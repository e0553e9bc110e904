"""The in-place cell editors of a list table (`editor.docks.list_table_view`): a spin box, combo
box, date-time field or line by column kind, and check boxes centred in their cells.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QDate,
    QDateTime,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTime,
)
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDateTimeEdit,
    QLineEdit,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from editor.docks.list_table import ListTableModel
from editor.docks.table_columns import Editor

if TYPE_CHECKING:
    from editor.docks.list_table_view import ListTableView

Index = QModelIndex | QPersistentModelIndex


class CellDelegate(QStyledItemDelegate):
    """In-place editors by column kind: spin boxes for numbers, a combo box for choices, a
    date-time field for times, a line for text and hexes ("12, 34" or "12 34")."""

    def __init__(self, view: ListTableView) -> None:
        super().__init__(view)
        self._view = view

    def _source(self, index: Index) -> tuple[ListTableModel, int, int]:
        source = self._view.proxy.mapToSource(index)
        return self._view.model, source.row(), source.column()

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> Any:
        model, _row, column = self._source(index)
        editor = model.columns[column].editor
        if editor is Editor.INT:
            spin = QSpinBox(parent)
            spin.setRange(*model.limits(column))
            spin.setAlignment(Qt.AlignmentFlag.AlignRight)
            return spin
        if editor is Editor.CHOICE:
            combo = QComboBox(parent)
            for value, text in model.choices(column):
                combo.addItem(text, value)
            combo.activated.connect(lambda _=0: self._commit(combo))
            return combo
        if editor is Editor.TIME:
            when = QDateTimeEdit(parent)
            when.setDisplayFormat("yyyy-MM-dd HH:mm")
            when.setCalendarPopup(True)
            return when
        if editor in (Editor.TEXT, Editor.HEX):
            line = QLineEdit(parent)
            if editor is Editor.HEX:
                line.setPlaceholderText("column, row")
            return line
        return None

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        model, _row, column = self._source(index)
        if model.columns[column].editor is not Editor.CHECK:
            super().paint(painter, option, index)
            return
        # Check boxes sit in the middle of their cell, under a centred header.
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        has_check = bool(item.features & QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator)
        indicator = style.subElementRect(
            QStyle.SubElement.SE_ItemViewItemCheckIndicator, item, widget
        )
        checked = item.checkState == Qt.CheckState.Checked
        item.features &= ~QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        item.text = ""
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, widget)
        if has_check:
            box = QStyleOptionViewItem(item)
            indicator.moveCenter(option.rect.center())
            box.rect = indicator
            box.state = (box.state & ~QStyle.StateFlag.State_HasFocus) | (
                QStyle.StateFlag.State_On if checked else QStyle.StateFlag.State_Off
            )
            style.drawPrimitive(
                QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck, box, painter, widget
            )

    def editorEvent(
        self,
        event: QEvent,
        model: QAbstractItemModel,
        option: QStyleOptionViewItem,
        index: Index,
    ) -> bool:
        source, _row, column = self._source(index)
        if source.columns[column].editor is not Editor.CHECK:
            return bool(super().editorEvent(event, model, option, index))
        if not index.flags() & Qt.ItemFlag.ItemIsUserCheckable:
            return False
        kind = event.type()
        toggle = (
            kind == QEvent.Type.MouseButtonRelease
            and isinstance(event, QMouseEvent)
            and event.button() == Qt.MouseButton.LeftButton
            and option.rect.contains(event.position().toPoint())
        ) or (
            kind == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Select)
        )
        if toggle:
            checked = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
            state = Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked
            return bool(model.setData(index, state, Qt.ItemDataRole.CheckStateRole))
        return kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick)

    def _commit(self, editor: QWidget) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor)

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        model, row, column = self._source(index)
        value = model.cell_value(row, column)
        kind = model.columns[column].editor
        if isinstance(editor, QSpinBox):
            editor.setValue(int(value) if value is not None else max(0, editor.minimum()))
        elif isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(getattr(value, "value", value))))
        elif isinstance(editor, QDateTimeEdit):
            if isinstance(value, datetime):
                day = QDate(value.year, value.month, value.day)
                editor.setDateTime(QDateTime(day, QTime(value.hour, value.minute)))
        elif isinstance(editor, QLineEdit):
            if kind is Editor.HEX and value is not None:
                editor.setText(f"{value[0]}, {value[1]}")
            else:
                editor.setText("" if value is None else str(value))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        source, row, column = self._source(index)
        value: Any
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            value = editor.value()
        elif isinstance(editor, QComboBox):
            value = editor.currentData()
        elif isinstance(editor, QDateTimeEdit):
            value = editor.dateTime().toPython()
        elif isinstance(editor, QLineEdit):
            value = editor.text()
        else:
            return
        source.set_value(row, column, value)
