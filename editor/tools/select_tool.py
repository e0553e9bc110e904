"""The Select tool: a click selects a hex and the units in it (the map's default tool)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.tools.base import MapTool, ToolEvent


class SelectTool(MapTool):
    """Select a hex and its units; the docks follow the selection."""

    name = "select"
    label = "Select"

    icon = "mouse-pointer-2"
    shortcut = "S"
    tip = "Click a hex to select it and the units in it"

    def press(self, event: ToolEvent) -> None:
        self.selection.select_hex(event.hex)
        if self.scene is None or event.hex is None:
            self.selection.select_units([])
            return
        self.selection.select_units(
            [p.unit for p in self.scene.index.placements.get(event.hex, [])]
        )

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.ArrowCursor
