"""The window follows the open title's ruleset: it offers the panels, tools and map of the
title's family (`editor.rulesets`) and hides the others. A Panzer scenario gets the window as it
always was; a Tactical GameX situation gets the board, its tools and its panels, built the first
time one is opened, and the Panzer panels that do not apply (Supply, Weather…) are not offered
in View > Panels while it is open."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QDockWidget, QStackedWidget, QTabBar, QToolBar

from editor import icons
from editor.rulesets import TACTICAL_GAMEX, Family, profile_for
from editor.window_layouts import FamilyLayouts
from editor.window_room import BOARD_BOTTOM_SHARE, default_split
from editor.window_tabs import TabTitles

if TYPE_CHECKING:
    from editor.docks.base import DocumentDock
    from editor.main_window import MainWindow
    from editor.tactical_gamex.workspace import TgxWorkspace


PANZER_ONLY_ACTIONS = (
    "new_action",
    "find_action",
    "import_geography_action",
    "import_oob_action",
    "export_oob_action",
    "resize_map_action",
    "subscenario_action",
    "export_view_action",
    "export_map_action",
    "go_to_hex_action",
)
"""The window's actions that work on a Panzer scenario only."""

PANZER_TESTPLAY_ACTIONS = ("end_turn_action", "take_back_action")
"""The Panzer test-play's actions (`editor.window_testplay`) on the Test-play tool bar: a
Tactical GameX situation plays in its own panel, so they are not shown while one is open."""

ZOOM_STEP = 1.25
"""View > Zoom In and Zoom Out on the board: a quarter closer or further."""


class RulesetSwitch(QObject):
    """Shows the window's Panzer map and panels or the Tactical GameX board and panels."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.stack = QStackedWidget(window)
        self.stack.setObjectName("central_stack")
        self.stack.addWidget(window.takeCentralWidget())
        window.setCentralWidget(self.stack)
        self.workspace: TgxWorkspace | None = None
        self.docks: dict[str, DocumentDock] = {}
        self.toolbar: QToolBar | None = None
        self.family = Family.PANZER
        self._hidden: list[DocumentDock] = []
        self.tab_titles: TabTitles | None = None
        self.layouts = FamilyLayouts()
        self._layers_are_board = False

    @property
    def is_tactical_gamex(self) -> bool:
        """Whether a Tactical GameX situation is open."""
        return self.family is Family.TACTICAL_GAMEX

    def panzer_document(self, document: Any) -> Any:
        """The document the Panzer views get: the open one, or None for another family's."""
        return document if profile_for(document).family is Family.PANZER else None

    def document_for(self, dock_name: str, document: Any) -> Any:
        """The document a Panzer panel gets: the open one when its family shares that panel
        (History reads only the undo stack), else `panzer_document`."""
        if dock_name in profile_for(document).shared_docks:
            return document
        return self.panzer_document(document)

    def apply(self, document: Any) -> None:
        """Offer the panels and tools of the document's family, and show it in them."""
        profile = profile_for(document)
        self.family = profile.family
        window = self.window
        if profile.family is Family.TACTICAL_GAMEX:
            self._build()
        self._switch_layout(profile.family)
        panzer_bar = window.findChild(QToolBar, "tools_toolbar")
        tgx = profile.family is Family.TACTICAL_GAMEX
        for dock in window.docks.values():
            offered = profile.offers_dock(dock.objectName())
            dock.toggleViewAction().setVisible(offered)
            if not offered and not dock.isHidden():
                self._hidden.append(dock)
                dock.hide()
        if not tgx:
            for dock in self._hidden:
                dock.show()
            self._hidden.clear()
        if tgx:
            self._place_docks()
        # Beside the board the bottom panels reach under the right-hand ones: its tab bar
        # then has room for all six tabs at 200 % (the Panzer bottom keeps to the map).
        window.setCorner(
            Qt.Corner.BottomRightCorner,
            Qt.DockWidgetArea.BottomDockWidgetArea
            if tgx
            else Qt.DockWidgetArea.RightDockWidgetArea,
        )
        for dock in self.docks.values():
            dock.toggleViewAction().setVisible(tgx)
            dock.setVisible(tgx)
        if panzer_bar is not None:
            panzer_bar.setVisible(not tgx)
        for name in PANZER_TESTPLAY_ACTIONS:
            action = getattr(window.testplay, name, None)
            if isinstance(action, QAction):
                action.setVisible(not tgx)
        if self.toolbar is not None:
            self.toolbar.setVisible(tgx)
        self.stack.setCurrentIndex(1 if tgx else 0)
        if tgx:
            window.zoom_label.clear()
        self._fill_layers(profile.layers if tgx else ())
        self._tidy_tab_bars()
        QTimer.singleShot(0, self._tidy_tab_bars)  # again once the window is laid out
        if self.workspace is not None:
            ours = document if tgx else None
            self.workspace.set_document(ours)
            for dock in self.docks.values():
                dock.set_document(ours)

    def _switch_layout(self, family: Family) -> None:
        """Keep the arrangement of the family the window leaves and bring back the one of the
        family it goes to (`editor.window_layouts`); a family never arranged yet gets the
        default layout (Panzer) or its panels placed in their areas (`_place_docks`)."""
        window = self.window
        if family is self.layouts.on_screen:
            return
        if self.layouts.on_screen is None:  # the window's first title: nothing to keep
            self.layouts.on_screen = family
            return
        state = self.layouts.switch(family, window.saveState())
        if family is Family.PANZER:
            for dock in self.docks.values():
                dock.hide()  # out of the areas before the Panzer panels take them back
        if state is not None:
            window.restoreState(state)
        elif family is Family.PANZER:
            window._reset_layout()

    def toggle_testplay(self) -> bool:
        """Play > Test-play on a Tactical GameX situation: start a game of it as it now is in its
        Test-play panel, brought to the front, or stop the one running; False when no situation
        is open (the Panzer test-play applies)."""
        if not self.is_tactical_gamex or self.workspace is None:
            return False
        dock = self.workspace.play_dock
        if dock.session is None:
            dock.show()
            dock.raise_()
            dock.start()
        else:
            dock.stop()
        return True

    def testplay_running(self) -> bool:
        """Whether a Tactical GameX game is being played in the window."""
        return self.workspace is not None and self.workspace.play_dock.session is not None

    def update_actions(self) -> None:
        """Turn off the actions that work on a Panzer scenario only while a Tactical GameX
        situation is open."""
        if not self.is_tactical_gamex:
            return
        for name in PANZER_ONLY_ACTIONS:
            action = getattr(self.window, name, None)
            if isinstance(action, QAction):
                action.setEnabled(False)
        self.window.tools.group.setEnabled(False)

    def _fill_layers(self, layers: tuple[tuple[str, str], ...]) -> None:
        """View > Map Layers: the board's layers for a Tactical GameX situation, else the Panzer
        map's own."""
        window = self.window
        if not layers or self.workspace is None:
            if self._layers_are_board:
                window._fill_layers_menu()
                self._layers_are_board = False
            return
        view = self.workspace.view
        window.layers_menu.clear()
        for key, label in layers:
            action = window.layers_menu.addAction(label)
            action.setObjectName(f"layer_{key}")
            action.setCheckable(True)
            action.setChecked(key in view.layers)
            action.toggled.connect(lambda on, key=key: view.set_layer(key, on))
        self._layers_are_board = True

    def zoom(self, factor: float | None) -> bool:
        """Zoom the board by a factor (None: the whole board) when a situation is open; False
        when the Panzer map is shown (its own zoom applies)."""
        if not self.is_tactical_gamex or self.workspace is None:
            return False
        view = self.workspace.view
        if factor is None:
            view.zoom_to_fit()
        else:
            view.zoom_by(factor)
        return True

    def _tidy_tab_bars(self) -> None:
        """Hide the tab bars Qt leaves on screen for tabbed groups whose panels were all hidden,
        or that a group had before the window was first laid out: a bar in use names one tab
        group's panels and touches one of them."""
        window = self.window
        docks = [d for d in window.findChildren(QDockWidget) if not d.isHidden()]
        # The tab groups as they stand: a bar naming any other set of panels is left over from
        # an earlier arrangement (Qt keeps it, e.g. "Forces, Setup" under "Forces, Setup,
        # Panel Map, Test-play") and would be drawn over the one in use.
        groups = {
            frozenset(
                {d.windowTitle()}
                | {t.windowTitle() for t in window.tabifiedDockWidgets(d) if not t.isHidden()}
            )
            for d in docks
        }
        # The window's own bars only: the whole widget tree holds thousands of widgets.
        for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if bar.count() == 0:
                continue
            titles = {bar.tabText(i) for i in range(bar.count())}
            here = bar.geometry()
            used = frozenset(titles) in groups and any(
                d.windowTitle() in titles
                and d.geometry().left() < here.right()
                and here.left() < d.geometry().right()
                and (
                    abs(here.top() - d.geometry().bottom()) <= 4
                    or abs(here.bottom() - d.geometry().top()) <= 4
                )
                for d in docks
            )
            if not used:
                bar.hide()
            # A label is never cut to "H…": a crowded bar shows short titles (`TabTitles`),
            # and scrolls when even they do not fit.
            bar.setElideMode(Qt.TextElideMode.ElideNone)
            bar.setUsesScrollButtons(True)
        if self.tab_titles is not None:
            self.tab_titles.fit()

    def reset_layout(self) -> bool:
        """View > Reset Layout while a situation is open: its panels back in their default
        areas and the board given the default split, the Panzer panels kept hidden (shown,
        even for a moment, they would widen the window past the screen); False when no
        situation is open."""
        if not self.is_tactical_gamex:
            return False
        window = self.window
        for dock in window.docks.values():
            if not TACTICAL_GAMEX.offers_dock(dock.objectName()) and not dock.isHidden():
                self._hidden.append(dock)
                dock.hide()
        for dock in self.docks.values():
            window.removeDockWidget(dock)
        self._place_docks(restore=False)
        for dock in self.docks.values():
            dock.show()
        self._tidy_tab_bars()
        QTimer.singleShot(0, self._tidy_tab_bars)
        return True

    def _place_docks(self, restore: bool = True) -> None:
        """Put the Tactical GameX panels where the saved layout had them; the others in their
        areas, tabbed, the first of each in front, and when none was saved, the board gets the
        default split's room (`editor.window_room`): the panels are built when the first
        situation opens, after the window restored its layout, so Qt kept their places
        aside until now."""
        window = self.window
        first: dict[Qt.DockWidgetArea, DocumentDock] = {}
        restored: dict[Qt.DockWidgetArea, DocumentDock] = {}
        for dock in self.docks.values():
            if window.dockWidgetArea(dock) != Qt.DockWidgetArea.NoDockWidgetArea:
                continue
            if restore and window.restoreDockWidget(dock):
                restored.setdefault(window.dockWidgetArea(dock), dock)
                continue
            area = dock.default_area
            window.addDockWidget(area, dock)
            beside = first.get(area) or restored.get(area)
            if beside is not None:
                window.tabifyDockWidget(beside, dock)
            else:
                first[area] = dock
        for dock in first.values():
            dock.raise_()
        if first and not restored:
            default_split(window, dict(first), BOARD_BOTTOM_SHARE)

    def hidden_names(self) -> list[str]:
        """The panels hidden because the open title's family does not offer them, for the
        saved layout (`restore_hidden` shows them again with a title that does)."""
        return [dock.objectName() for dock in self._hidden]

    def restore_hidden(self, names: object) -> None:
        """Take back the saved `hidden_names`: a layout saved while a situation was open has
        the Panzer panels hidden, and a Panzer scenario opened next shows them again."""
        wanted = (
            {names} if isinstance(names, str) else set(names) if isinstance(names, list) else set()
        )
        self._hidden = [
            dock for name, dock in self.window.docks.items() if name in wanted and dock.isHidden()
        ]

    def _build(self) -> None:
        if self.workspace is not None:
            return
        from editor.tactical_gamex.workspace import TgxWorkspace  # noqa: PLC0415  # on first use

        window = self.window
        self.workspace = TgxWorkspace(window.selection, window)
        self.stack.addWidget(self.workspace.view)
        for dock in self.workspace.docks.values():
            self.docks[dock.objectName()] = dock
            window.panels_menu.addAction(dock.toggleViewAction())
        self.tab_titles = TabTitles(window, self.docks)
        self.toolbar = QToolBar("Board Tools", window)
        self.toolbar.setObjectName("tgx_tools_toolbar")
        self.toolbar.setOrientation(Qt.Orientation.Vertical)
        self.toolbar.setIconSize(QSize(20, 20))
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        group = QActionGroup(self.toolbar)
        for tool in self.workspace.tools:
            if not TACTICAL_GAMEX.offers_tool(tool.name):
                continue
            action = QAction(icons.icon(tool.icon), tool.label, self.toolbar)
            action.setObjectName(f"tool_{tool.name}")
            action.setToolTip(f"{tool.label}: {tool.tip}")
            action.setCheckable(True)
            action.setChecked(tool is self.workspace.tool)
            action.triggered.connect(lambda _checked, tool=tool: self.workspace.use_tool(tool))  # type: ignore[union-attr]
            group.addAction(action)
            self.toolbar.addAction(action)
        window.addToolBar(Qt.ToolBarArea.LeftToolBarArea, self.toolbar)
        # View > Zoom In, Zoom Out and Whole Map act on the board while a situation is open.
        for name, factor in (
            ("zoom_in_action", ZOOM_STEP),
            ("zoom_out_action", 1 / ZOOM_STEP),
            ("fit_action", None),
        ):
            action = getattr(window, name, None)
            if isinstance(action, QAction):
                action.triggered.connect(lambda _checked=False, f=factor: self.zoom(f))
        self.workspace.play_dock.running_changed.connect(window._testplay_changed)
        self.workspace.message.connect(lambda text: window.statusBar().showMessage(text, 5000))
        self.workspace.hovered.connect(window.hex_label.setText)
        self.workspace.counts.connect(window.problems_label.setText)
