"""The map tools of the window, in tool-bar order; the first is current at start."""

from __future__ import annotations

from editor.tools.base import MapTool
from editor.tools.connection_tools import RoadTool
from editor.tools.crossing_tools import CrossingTool
from editor.tools.hexside_tools import HexsideTool
from editor.tools.label_tool import LabelsTool
from editor.tools.marker_tools import MarkersTool
from editor.tools.overlay_tool import OverlaysTool
from editor.tools.region_tool import RegionTool
from editor.tools.select_tool import SelectTool
from editor.tools.terrain_tools import TERRAIN_TOOLS
from editor.tools.unit_tools import UnitsTool

TOOL_CLASSES: tuple[type[MapTool], ...] = (
    SelectTool,
    UnitsTool,
    MarkersTool,
    *TERRAIN_TOOLS,
    HexsideTool,
    RoadTool,
    CrossingTool,
    LabelsTool,
    OverlaysTool,
    RegionTool,
)
