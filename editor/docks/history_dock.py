"""The History dock: the document's undo steps, oldest first; clicking a step goes back (or
forward) to it, and a disk mark shows the step that matches the files on disk."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QUndoView, QWidget

from editor.docks.base import DocumentDock
from editor.document import Document
from editor.selection import Selection


class HistoryDock(DocumentDock):
    """Every undo step of the open document, as Qt's undo view over its stack."""

    title = "History"
    object_name = "history"
    default_area = Qt.DockWidgetArea.RightDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.view = QUndoView(self)
        self.view.setCleanIcon(saved_icon())
        self.view.setAlternatingRowColors(True)
        self.view.setToolTip(
            "Every edit since the scenario was opened. Click a step to go back to it; the "
            "disk marks the state saved on disk."
        )
        self.view.setEmptyLabel("")
        self.view.setIconSize(QSize(16, 16))
        self.view.setItemDelegate(_AlignedDelegate(self.view))
        self.view.setEnabled(False)
        self.setWidget(self.view)

    def set_document(self, document: Document | None) -> None:
        super().set_document(document)
        # None detaches the view; the stubs do not say it may be None.
        self.view.setStack(document.undo_stack if document is not None else None)  # type: ignore[arg-type]
        self.view.setEnabled(document is not None)
        self.view.setEmptyLabel(opened_label(document))


class _AlignedDelegate(QStyledItemDelegate):
    """Reserves the icon's room on every row, so that the steps line up with the marked one,
    and gives the rows a little air."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        if option.icon.isNull():
            option.icon = _blank_icon()
            option.features |= QStyleOptionViewItem.ViewItemFeature.HasDecoration

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), size.height() + 4)


def _blank_icon() -> QIcon:
    pixmap = QPixmap(16, 16)
    pixmap.fill(Qt.GlobalColor.transparent)
    return QIcon(pixmap)


def opened_label(document: Document | None) -> str:
    """The first entry of the history: the scenario as it was opened."""
    if document is None:
        return ""
    if document.is_untitled:
        return "<new scenario>"
    return f"<opened {document.scenario_path.name}>"


def saved_icon() -> QIcon:
    """A small floppy disk, outlined so that it shows on a selected row too: marks the step
    the files on disk match."""
    icon = QIcon()
    for size in (16, 32):
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(size / 16, size / 16)
        painter.setPen(QPen(QColor("white"), 1.2))
        painter.setBrush(QColor("#2f5f9e"))
        painter.drawRoundedRect(QRectF(1.5, 1.5, 13, 13), 1.5, 1.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#e8eef6"))
        painter.drawRect(QRectF(4.5, 2.5, 7, 4))
        painter.setBrush(QColor("#2f5f9e"))
        painter.drawRect(QRectF(9, 3.2, 1.6, 2.6))
        painter.setBrush(QColor("white"))
        painter.drawRect(QRectF(4, 9, 8, 4.5))
        painter.end()
        icon.addPixmap(pixmap)
    return icon
