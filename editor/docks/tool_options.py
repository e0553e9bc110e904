"""The Tool Options dock: the settings of the current map tool (brush size, terrain, mode)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from editor.docks.base import DocumentDock
from editor.selection import Selection
from editor.tools.base import MapTool


class ToolOptionsDock(DocumentDock):
    """Shows the options widget of the current tool; each tool keeps its widget (and so its
    settings) while other tools are current."""

    title = "Tool Options"
    object_name = "tool_options"
    default_area = Qt.DockWidgetArea.LeftDockWidgetArea

    def __init__(self, selection: Selection, parent: QWidget | None = None) -> None:
        super().__init__(selection, parent)
        self.pages = QStackedWidget()
        self.none = QLabel()
        self.none.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.none.setWordWrap(True)
        self.none.setStyleSheet("color: palette(mid); padding: 12px;")
        self.pages.addWidget(self.none)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.pages)
        layout.addStretch(1)
        # A tool's settings scroll rather than make the window taller or wider than a laptop's
        # screen (the Crossings page alone is some 450 pixels tall).
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(body)
        self.setWidget(self.scroll)
        self._shown: dict[str, QWidget] = {}
        self.tool: MapTool | None = None

    def show_tool(self, tool: MapTool) -> None:
        """Show a tool's options (or say it has none)."""
        self.tool = tool
        self.setWindowTitle(f"Tool Options: {tool.label}")
        page = self._shown.get(tool.name)
        if page is None:
            page = tool.options()
            if page is not None:
                self._shown[tool.name] = page
                self.pages.addWidget(page)
        if page is None:
            self.none.setText(f"{tool.label}: {tool.tip}." if tool.tip else tool.label)
            page = self.none
        # The pages not on show claim no room: the panel is the size of the current one. The
        # current one may be narrower than it would like, down to its minimum (its rows wrap):
        # at 200 % on 1920x1080 the left column is narrower than the Move options' preferred
        # width, and a page held at that width scrolled sideways.
        preferred, ignored = QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored
        for index in range(self.pages.count()):
            other = self.pages.widget(index)
            shown = other is page
            other.setSizePolicy(
                QSizePolicy(preferred, preferred) if shown else QSizePolicy(ignored, ignored)
            )
        self.pages.setCurrentWidget(page)
        self.pages.adjustSize()
