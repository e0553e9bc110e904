"""The Tactical GameX side of the window: the board view, its tools, the panels of the ruleset
and what they share (the chosen counter, setup area and hex), wired together once. The window
shows it in place of the Panzer map while a situation is open (`editor.window_rulesets`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from editor.docks.base import DocumentDock
from editor.selection import Selection
from editor.tactical_gamex.balance_dock import TgxBalanceDock
from editor.tactical_gamex.board_tools import TOOL_CLASSES, BoardTool, TgxSelection
from editor.tactical_gamex.board_view import BoardView
from editor.tactical_gamex.counter_placing import place_counter
from editor.tactical_gamex.document import TgxDocument
from editor.tactical_gamex.forces_dock import ForcesDock
from editor.tactical_gamex.hex_info_dock import TgxHexInfoDock
from editor.tactical_gamex.hex_text import hex_line
from editor.tactical_gamex.panel_layout import PanelLayoutDock
from editor.tactical_gamex.panel_map_dock import PanelMapDock
from editor.tactical_gamex.panel_tools import PANEL_TOOL_CLASSES, PanelTool
from editor.tactical_gamex.problems_dock import TgxProblemsDock
from editor.tactical_gamex.setup_dock import SetupDock
from editor.tactical_gamex.situation_dock import SituationDock
from editor.tactical_gamex.tables_dock import TablesDock
from editor.tactical_gamex.testplay.dock import MODES, TgxTestPlayDock
from editor.tactical_gamex.testplay.play_tool import PlayTool
from editor.tactical_gamex.testplay.player import TgxPlayer
from editor.tactical_gamex.unit_types_dock import UnitTypesDock
from editor.tactical_gamex.victory_dock import VictoryDock

DOCK_CLASSES: tuple[type[DocumentDock], ...] = (
    ForcesDock,
    SetupDock,
    PanelLayoutDock,
    PanelMapDock,
    TgxHexInfoDock,
    UnitTypesDock,
    TablesDock,
    VictoryDock,
    SituationDock,
    TgxProblemsDock,
    TgxTestPlayDock,
    TgxBalanceDock,
)
"""The Tactical GameX panels, in the View > Panels order; within each dock area, the first is
in front. Victory and Situation share the wide bottom area with the tables: on the right,
beside History, five tabs left each label two letters at 1280x720."""


class TgxWorkspace(QObject):
    """The board, its tools and the Tactical GameX panels of one window."""

    message = Signal(str)
    """A line for the status bar."""
    hovered = Signal(str)
    """The hex under the mouse in words (native address first), or ""."""
    counts = Signal(str)
    """The situation's problem counts, "1 error, 0 warnings", after each check."""

    def __init__(self, selection: Selection, window: QWidget) -> None:
        super().__init__(window)
        self.view = BoardView(window)
        self.chosen = TgxSelection(self)
        self.tools: list[BoardTool] = [
            tool(self.view, self.chosen) for tool in (*TOOL_CLASSES, *PANEL_TOOL_CLASSES)
        ]
        self.tool = self.tools[0]
        self.view.tool = self.tool
        self.docks: dict[str, DocumentDock] = {}
        for dock_class in DOCK_CLASSES:
            dock = dock_class(selection, window)
            dock.chosen = self.chosen  # type: ignore[attr-defined]
            self.docks[dock.objectName()] = dock
        self.chosen.message.connect(self.message)
        self.chosen.counter_chosen.connect(self._counter_chosen)
        self.chosen.area_chosen.connect(self._area_chosen)
        self.chosen.hex_chosen.connect(self._hex_chosen)
        self.view.hex_clicked.connect(self.chosen.choose_hex)
        self.view.hex_hovered.connect(self._hovered)
        self.view.counter_dropped.connect(self._counter_dropped)
        panel_map = self.docks["tgx_panel_map"]
        assert isinstance(panel_map, PanelMapDock)
        panel_map.use_tool = self.use_tool_named
        problems = self.docks["tgx_problems"]
        problems.counts_changed.connect(self.counts)  # type: ignore[attr-defined]
        problems.hex_requested.connect(self.show_hex)  # type: ignore[attr-defined]
        self.player = TgxPlayer(self.view, self)
        play = self.docks["tgx_testplay"]
        assert isinstance(play, TgxTestPlayDock)
        self.play_dock = play
        play.place_requested.connect(self.show_hex)
        """The Test-play panel, which Play > Test-play starts and stops."""
        play.attach(self.player, PlayTool(self.view, self.chosen, self.player), self.use_tool)
        balance = self.docks["tgx_balance"]
        assert isinstance(balance, TgxBalanceDock)
        balance.testplay_requested.connect(self.testplay_seed)
        balance.open_requested.connect(self.open_balance_game)

    def set_document(self, document: TgxDocument | None) -> None:
        """Show a situation on the board (None: none)."""
        self.chosen.choose_counter(None)
        self.chosen.choose_area(None)
        self.chosen.choose_hex(None)
        self.view.set_document(document)

    def testplay_seed(self, seed: int) -> None:
        """Test-play a game of a balance run again: its seed, the computer at both sides (the
        game the run played, which the players then watch or take over)."""
        play = self.play_dock
        play.stop()
        play.seed.setValue(seed)
        play.mode.setCurrentIndex(next(i for i, (_, s) in enumerate(MODES) if len(s) == 2))
        play.show()
        play.raise_()
        play.start()

    def open_balance_game(self, path: str) -> bool:
        """Open a game of a balance run from its saved game (`.tgxplay.yaml`): its orders
        replayed on the open situation, as `hexwright replay` replays them, to its result."""
        play = self.play_dock
        play.show()
        play.raise_()
        return play.open_game(path)

    def use_tool(self, tool: BoardTool) -> None:
        """Make a tool the board's current one."""
        self.tool = tool
        self.view.tool = tool
        self.message.emit(f"{tool.label}: {tool.tip}")

    def use_tool_named(self, name: str) -> None:
        """Make the board tool of a name the current one, its tool bar button pressed."""
        window = self.parent()
        action = window.findChild(QAction, f"tool_{name}") if window is not None else None
        if isinstance(action, QAction) and action.isVisible():
            action.trigger()
            return
        for tool in self.tools:
            if tool.name == name:
                self.use_tool(tool)

    def show_hex(self, spot: tuple[int, int]) -> None:
        """Bring a board hex into sight, selected, and describe it in Hex Info."""
        self.view.selected_hex = spot
        self.view.centerOn(self.view.center(spot))
        self.view.item.update()
        self.chosen.choose_hex(spot)

    def _hovered(self, spot: Any) -> None:
        board = self.view.board()
        self.hovered.emit(hex_line(board, spot) if board is not None and spot is not None else "")
        panel_map = self.docks.get("tgx_panel_map")
        if isinstance(self.tool, PanelTool) and isinstance(panel_map, PanelMapDock):
            panel_map.show_hex(spot if spot is not None else self.chosen.hex)

    def _counter_dropped(self, counter_id: str, spot: tuple[int, int]) -> None:
        # A counter dragged out of Forces is placed as the Counters tool would place it.
        document = self.view.document
        if document is None or isinstance(self.tool, PlayTool):
            return
        self.chosen.choose_counter(counter_id)
        refused = place_counter(document, counter_id, spot)
        if refused:
            self.message.emit(f"Refused — {refused}")

    def _counter_chosen(self, counter_id: Any) -> None:
        self.view.selected_counter = counter_id
        self.view.item.update()

    def _area_chosen(self, area_id: Any) -> None:
        self.view.highlight_area = area_id
        self.view.item.update()

    def _hex_chosen(self, spot: Any) -> None:
        info = self.docks.get("tgx_hex_info")
        if isinstance(info, TgxHexInfoDock):
            info.show_hex(spot)
        panel_map = self.docks.get("tgx_panel_map")
        if isinstance(panel_map, PanelMapDock):
            panel_map.show_hex(spot)
