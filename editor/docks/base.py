"""The base of every dock: a named QDockWidget that shows one aspect of the open document."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QWidget

from editor.document import Change, Document
from editor.selection import Focus, Selection


class DocumentDock(QDockWidget):
    """A dock over the open document. Subclasses set `title`, `object_name` (stable: the
    saved dock layout refers to it) and `default_area`, build their widgets in `__init__`,
    and react to `set_document` and focus requests."""

    title = ""
    object_name = ""
    default_area = Qt.DockWidgetArea.RightDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(self.title, parent)
        assert self.object_name, "a dock needs a stable object name for the saved layout"
        self.setObjectName(self.object_name)
        self.selection = selection
        self.document: Document | None = None
        selection.focus_requested.connect(self._on_focus)

    def set_document(self, document: Document | None) -> None:
        """Show another document (None when nothing is open). Subclasses extend this."""
        if self.document is not None:
            self.document.changed.disconnect(self.document_changed)
        self.document = document
        if document is not None:
            document.changed.connect(self.document_changed)

    def document_changed(self, change: Change) -> None:
        """React to an edit of the open document (undo and redo included). The base does
        nothing."""

    def _on_focus(self, focus: Focus) -> None:
        if self.document is not None and self.show_focus(focus):
            self.show()
            self.raise_()

    def show_focus(self, focus: Focus) -> bool:
        """Show the place if this dock holds it (select the row, the field); return whether it
        did. The base holds nothing."""
        return False
