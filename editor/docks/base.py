"""The base of every dock: a named QDockWidget that shows one aspect of the open document."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QMoveEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QDockWidget, QWidget

from editor.document import Change, Document
from editor.selection import Focus, Selection

Method = TypeVar("Method", bound=Callable[..., Any])


class DocumentDock(QDockWidget):
    """A dock over the open document. Subclasses set `title`, `object_name` (stable: the
    saved dock layout refers to it) and `default_area`, build their widgets in `__init__`,
    and react to `set_document` and focus requests.

    A panel the window starts with behind another's tab sets `built_when_shown` and builds its
    widgets in `build` instead: they are made when the panel first comes into sight (its tab
    raised, View > Panels, a saved layout showing it; before the window's first paint when it
    is in front), when it is asked to show a focus, or when anything reads one of its attributes;
    until then `set_document` only remembers the document and edits are not followed, as the
    widgets built later read the document as it then is. A panel whose widgets' minimum size
    is the largest of its tab group is built at start: the group takes that size, and the
    window's layout would change without it."""

    title = ""
    object_name = ""
    default_area = Qt.DockWidgetArea.RightDockWidgetArea
    built_when_shown = False

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(self.title, parent)
        assert self.object_name, "a dock needs a stable object name for the saved layout"
        self.setObjectName(self.object_name)
        self.selection = selection
        self.document: Document | None = None
        self.is_built = not self.built_when_shown
        selection.focus_requested.connect(self._on_focus)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A subclass's own handlers wait for its widgets; the base's are always safe.
        for name, wrap in (
            ("set_document", _remembered_until_built),
            ("document_changed", _ignored_until_built),
            ("show_focus", _built_first),
        ):
            if name in cls.__dict__:
                setattr(cls, name, wrap(cls.__dict__[name]))

    def build(self) -> None:
        """Make the widgets of a panel built when shown (`built_when_shown`)."""

    def ensure_built(self) -> None:
        """Make the panel's widgets now if they are not yet, and show the open document."""
        if self.is_built:
            return
        self.is_built = True
        document = self.document
        DocumentDock.set_document(self, None)  # the panel's own set_document connects afresh
        self.build()
        self.set_document(document)
        body = self.widget()
        if body is not None and self.isVisible():
            body.show()  # added while the dock shows: Qt would show it only after the event

    def _build_if_in_sight(self) -> None:
        # Qt parks a panel behind another's tab outside the window, still "visible": it is in
        # sight once it floats or the dock area's layout puts it where it can be seen.
        if not self.is_built and self.isVisible() and not self.visibleRegion().isEmpty():
            self.ensure_built()

    def raise_(self) -> None:
        # Brought forward from code (a shortcut, a focus request): its widgets are wanted now,
        # before the dock area moves it into sight on its next layout.
        self.ensure_built()
        super().raise_()

    def showEvent(self, event: QShowEvent) -> None:
        self._build_if_in_sight()
        super().showEvent(event)

    def moveEvent(self, event: QMoveEvent) -> None:
        self._build_if_in_sight()
        super().moveEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._build_if_in_sight()
        super().resizeEvent(event)

    def __getattr__(self, name: str) -> Any:
        # Reached only for an attribute not found: one of the widgets a panel built when shown
        # has not made yet, for any code (or test) that reaches into the panel.
        if name.startswith("__") or self.__dict__.get("is_built", True):
            raise AttributeError(name)
        self.ensure_built()
        return getattr(self, name)

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


def _remembered_until_built(method: Method) -> Method:
    @functools.wraps(method)
    def set_document(self: DocumentDock, document: Document | None) -> None:
        if self.is_built:
            method(self, document)
        else:
            DocumentDock.set_document(self, document)

    return set_document  # type: ignore[return-value]


def _ignored_until_built(method: Method) -> Method:
    @functools.wraps(method)
    def document_changed(self: DocumentDock, change: Change) -> None:
        if self.is_built:
            method(self, change)

    return document_changed  # type: ignore[return-value]


def _built_first(method: Method) -> Method:
    @functools.wraps(method)
    def show_focus(self: DocumentDock, focus: Focus) -> bool:
        self.ensure_built()
        return bool(method(self, focus))

    return show_focus  # type: ignore[return-value]
