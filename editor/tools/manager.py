"""The set of map tools of a window: one checkable action each (tool bar, Tools menu, one-key
shortcut) and which one is current. The current tool is view state, never saved in a file."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from editor import icons
from editor.map.scene import MapScene
from editor.selection import Selection
from editor.tools.base import MapTool


class ToolManager(QObject):
    """The tools and the current one; `tool_changed` tells the map view and the options dock."""

    tool_changed = Signal(object)
    """The new current MapTool."""

    def __init__(
        self, selection: Selection, tool_classes: Sequence[type[MapTool]], parent: QObject | None
    ) -> None:
        super().__init__(parent)
        self.tools: list[MapTool] = [cls(selection, self) for cls in tool_classes]
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.actions: dict[str, QAction] = {}
        for tool in self.tools:
            action = QAction(tool.label, self)
            action.setCheckable(True)
            if tool.icon:
                action.setIcon(icons.icon(tool.icon))
            if tool.shortcut:
                action.setShortcut(QKeySequence(tool.shortcut))
            tip = f"{tool.label} ({tool.shortcut})" if tool.shortcut else tool.label
            action.setToolTip(f"{tip}: {tool.tip}" if tool.tip else tip)
            action.setStatusTip(tool.tip)
            action.triggered.connect(lambda _=False, t=tool: self.set_current(t))
            self.group.addAction(action)
            self.actions[tool.name] = action
        self._current: MapTool = self.tools[0]
        self.actions[self._current.name].setChecked(True)

    @property
    def current(self) -> MapTool:
        """The tool the left button works with."""
        return self._current

    def tool(self, name: str) -> MapTool:
        """A tool by its name."""
        return next(t for t in self.tools if t.name == name)

    def set_current(self, tool: MapTool | str) -> None:
        """Make a tool (or the tool of that name) current."""
        chosen = self.tool(tool) if isinstance(tool, str) else tool
        self.actions[chosen.name].setChecked(True)
        if chosen is not self._current:
            self._current = chosen
            self.tool_changed.emit(chosen)

    def set_scene(self, scene: MapScene | None) -> None:
        """Tools that are not current learn of a new document too."""
        for tool in self.tools:
            tool.set_scene(scene)
