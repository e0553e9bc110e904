"""A delegate that shows one column of a tree or table on as many lines as its width needs, so
that long texts (problem messages) read in full without a tooltip."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTreeView

Index = QModelIndex | QPersistentModelIndex


class WrappedTextDelegate(QStyledItemDelegate):
    """Wraps the text of `column` at word boundaries and makes its rows tall enough for it;
    rows are laid out again when the column's width changes."""

    def __init__(self, view: QTreeView, column: int) -> None:
        super().__init__(view)
        self._view = view
        self._column = column
        # Only this column wraps (the view's word wrap would wrap every column).
        view.setUniformRowHeights(False)
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(0)
        self._relayout.timeout.connect(view.doItemsLayout)
        view.header().sectionResized.connect(self._on_resized)

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:
        super().initStyleOption(option, index)
        if index.column() == self._column:
            option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText  # type: ignore[operator]
            option.textElideMode = Qt.TextElideMode.ElideNone

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        if index.column() == self._column:
            # The style wraps to the width of the option's rectangle, when it is a valid one.
            option.rect = QRect(0, 0, self._view.columnWidth(self._column), 1)
        return super().sizeHint(option, index)

    def _on_resized(self, column: int, _old: int, _new: int) -> None:
        if column == self._column:
            self._relayout.start()
