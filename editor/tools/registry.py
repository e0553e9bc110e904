"""The map tools of the window, in tool-bar order; the first is current at start."""

from __future__ import annotations

from editor.tools.base import MapTool
from editor.tools.select_tool import SelectTool

TOOL_CLASSES: tuple[type[MapTool], ...] = (SelectTool,)
