"""The docks of the main window, in the order their View > Panels entries appear; within each
dock area, the first one listed is in front when panels share the area as tabs."""

from __future__ import annotations

from editor.docks.ai_orders_dock import AiOrdersDock
from editor.docks.air_dock import AirDock
from editor.docks.balance_dock import BalanceDock
from editor.docks.base import DocumentDock
from editor.docks.briefing_dock import BriefingDock
from editor.docks.compare_dock import CompareDock
from editor.docks.hex_info import HexInfoDock
from editor.docks.history_dock import HistoryDock
from editor.docks.map_aids_dock import MapAidsDock
from editor.docks.objectives_dock import ObjectivesDock
from editor.docks.oob_table import OobTableDock
from editor.docks.oob_tree import OobTreeDock
from editor.docks.parameters_dock import ParametersDock
from editor.docks.problems_dock import ProblemsDock
from editor.docks.scenario_dock import ScenarioDock
from editor.docks.schedule_dock import ScheduleDock
from editor.docks.supply_dock import SupplyDock
from editor.docks.timeline_dock import TimelineDock
from editor.docks.tool_options import ToolOptionsDock
from editor.docks.unit_form import UnitDock
from editor.docks.unit_types_dock import UnitTypesDock
from editor.docks.weather_dock import WeatherDock
from editor.testplay.dock import TestPlayDock

DOCK_CLASSES: tuple[type[DocumentDock], ...] = (
    OobTreeDock,
    ToolOptionsDock,
    MapAidsDock,
    UnitDock,
    TestPlayDock,
    HexInfoDock,
    ScenarioDock,
    HistoryDock,
    ProblemsDock,
    ObjectivesDock,
    ScheduleDock,
    TimelineDock,
    SupplyDock,
    AirDock,
    AiOrdersDock,
    ParametersDock,
    WeatherDock,
    BalanceDock,
    CompareDock,
    OobTableDock,
    BriefingDock,
    UnitTypesDock,
)
