"""Test-play mode of the main window: starting a session on a snapshot of the open document,
switching the map, tools and panels to it, and back to editing with the document untouched."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox

from editor.docks.base import DocumentDock
from editor.docks.tool_options import ToolOptionsDock
from editor.map.view import MapOverlay
from editor.testplay.dock import TestPlayDock
from editor.testplay.move_tool import TestPlayMoveTool
from editor.testplay.overlays import TestPlayOverlays
from editor.testplay.session import TestPlaySession

STAYS_ON = frozenset({"testplay", "hex_info", "problems", "tool_options"})
"""Panels that stay usable in test-play; the others edit the scenario and are disabled."""


class TestPlayController(QObject):
    """Starts and stops test-play in a window."""

    running_changed = Signal(bool)

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.session: TestPlaySession | None = None
        self.tool = TestPlayMoveTool(window.selection, self)
        self.tool.message.connect(lambda text: window.statusBar().showMessage(text, 5000))
        self.overlays = TestPlayOverlays(self)
        self.overlays.changed.connect(window.map_view.update)
        self._saved_aids: MapOverlay | None = None

    @property
    def is_running(self) -> bool:
        """Whether the window is in test-play mode."""
        return self.session is not None

    def start(self, seed: int = 1) -> bool:
        """Test-play the document as it is now, saved or not."""
        window = self.window
        document = window.document
        if document is None or self.session is not None:
            return False
        try:
            session = TestPlaySession.start(document, seed, parent=self)
        except Exception as exc:  # a scenario the engine cannot build: say why, keep editing
            QMessageBox.warning(window, "Test-play", f"The scenario cannot be played: {exc}")
            return False
        self.session = session
        view = window.map_view
        self._saved_aids = view.aids
        view.set_document(session.shadow)
        self.tool.set_session(session)
        view.set_tool(self.tool)
        self.overlays.set_session(session)
        view.aids = self.overlays
        window.tools.group.setEnabled(False)
        for name, dock in window.docks.items():
            if isinstance(dock, DocumentDock) and name not in STAYS_ON:
                dock.setEnabled(False)
        options = window.docks.get("tool_options")
        if isinstance(options, ToolOptionsDock):
            options.setEnabled(True)
            options.show_tool(self.tool)
        testplay = window.docks.get("testplay")
        if isinstance(testplay, TestPlayDock):
            testplay.set_session(session)
            testplay.show()
            testplay.raise_()
        window.undo_group.setActiveStack(None)
        self.running_changed.emit(True)
        return True

    def stop(self) -> None:
        """Back to editing: the document is exactly as it was before the session."""
        window = self.window
        session = self.session
        if session is None:
            return
        self.session = None
        view = window.map_view
        testplay = window.docks.get("testplay")
        if isinstance(testplay, TestPlayDock):
            testplay.set_session(None)
        self.tool.set_session(None)
        self.overlays.set_session(None)
        view.aids = self._saved_aids
        view.set_document(window.document)
        view.set_tool(window.tools.current)
        window.tools.group.setEnabled(True)
        for dock in window.docks.values():
            dock.setEnabled(True)
        options = window.docks.get("tool_options")
        if isinstance(options, ToolOptionsDock):
            options.show_tool(window.tools.current)
        if window.document is not None:
            window.undo_group.setActiveStack(window.document.undo_stack)
        session.stop()
        session.deleteLater()
        self.running_changed.emit(False)
