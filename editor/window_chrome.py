"""The window's chrome: where the docks go by default, the actions with their shortcuts, the
menus, tool bars and status bar, and the layout kept in the settings. `MainWindow` mixes it in;
what the actions do lives there."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QLabel, QMainWindow, QToolBar

from editor import icons
from editor import settings as app_settings
from editor.docks.base import DocumentDock
from editor.go_to_hex import go_to_hex_action
from editor.printing.menu import PrintMenus
from editor.tools.manager import ToolManager
from editor.widgets.screen_fit import fits_screen, resize_within_screen
from editor.window_keys import WindowKeys
from editor.window_room import PANZER_BOTTOM_SHARE, default_split

if TYPE_CHECKING:
    from editor.window_rulesets import RulesetSwitch

DEFAULT_SIZE = QSize(1600, 1000)
"""The window's size at the first start on a screen that has room for it."""


class WindowChrome(QMainWindow):
    """Actions, menus, tool bars, status bar and dock layout of the main window."""

    docks: dict[str, DocumentDock]
    rulesets: RulesetSwitch
    tools: ToolManager
    keyboard: WindowKeys

    # Building the window ----------------------------------------------------------------------

    def _arrange_docks(self) -> None:
        """The default layout: the OOB on the left and the unit and scenario panels on the
        right, both full height; the tables share tabs under the map."""
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.resize(DEFAULT_SIZE)
        by_area: dict[Qt.DockWidgetArea, list[DocumentDock]] = {}
        for dock in self.docks.values():
            dock.setAllowedAreas(Qt.DockWidgetArea.AllDockWidgetAreas)
            by_area.setdefault(dock.default_area, []).append(dock)
        for area, docks in by_area.items():
            self.addDockWidget(area, docks[0])
            for other in docks[1:]:
                self.addDockWidget(area, other)
                self.tabifyDockWidget(docks[0], other)
            docks[0].raise_()
        self._area_fronts = {area: docks[0] for area, docks in by_area.items()}

    def _fit_to_screen(self) -> None:
        """The first start: the default size, or less on a smaller screen, in its middle."""
        resize_within_screen(self, DEFAULT_SIZE.width(), DEFAULT_SIZE.height())
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is not None:
            self.move(screen.availableGeometry().center() - self.rect().center())

    def _default_sizes(self) -> None:
        """The panels' widths and the bottom panel's height, shares of the window's size so that
        a laptop's map keeps its room (`editor.window_room`)."""
        default_split(self, self._area_fronts, PANZER_BOTTOM_SHARE)

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: object = None,
        tip: str = "",
        icon: str = "",
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)  # type: ignore[arg-type]
        if icon:
            action.setIcon(icons.icon(icon))
        action.setStatusTip(tip)
        action.setToolTip(f"{text.replace('&', '').rstrip('…')}: {tip}" if tip else text)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.new_action = self._action(
            "&New Scenario",
            self.new_scenario,
            keys.New,
            "A new scenario over this title's map, OOB and data",
            "file-plus",
        )
        self.open_action = self._action(
            "&Open…",
            self._choose_and_open,
            keys.Open,
            "Open a scenario file",
            "folder-open",
        )
        self.open_title_action = self._action(
            "Open T&itle Folder…",
            self._choose_title_and_open,
            None,
            "Open a title folder's first scenario; File > Scenarios of This Title lists the others",
            "folder-tree",
        )
        self.save_action = self._action(
            "&Save", self.save, keys.Save, "Write every changed file", "save"
        )
        self.save_as_action = self._action(
            "Save &As…",
            self.save_as,
            keys.SaveAs,
            "Save the scenario under a new name",
            "save-all",
        )
        self.revert_action = self._action(
            "&Revert", self.revert, None, "Reload every file from disk", "history"
        )
        self.export_view_action = self._action(
            "Export &View as PNG…",
            self._export_view,
            None,
            "Save what the map shows as a picture",
            "image",
        )
        self.export_map_action = self._action(
            "Export Whole &Map as PNG…",
            self._export_map,
            None,
            "Save the whole map as a picture",
            "image-down",
        )
        self.new_title_action = self._action(
            "New &Title…",
            self._new_title,
            None,
            "A new title folder: a blank map, this title's OOB, parameters and weather, and an "
            "empty scenario",
            "folder-plus",
        )
        self.resize_map_action = self._action(
            "&Resize or Crop Map…",
            self._resize_map,
            None,
            "Add or remove columns and rows on any side; what falls off is listed first",
            "crop",
        )
        self.subscenario_action = self._action(
            "Convert to &Sub-Scenario…",
            self._convert_to_subscenario,
            None,
            "Cut a part of the map into a new title with the units inside it",
            "scissors",
        )
        self.testplay_action = self._action(
            "&Test-play",
            self._toggle_testplay,
            QKeySequence("F5"),
            "Play the scenario as it is now, both sides, in the embedded engine; the scenario "
            "is not changed",
            "play",
        )
        self.testplay_action.setCheckable(True)
        self.import_geography_action = self._action(
            "Import &Geography…",
            self._import_geography,
            None,
            "Turn GeoJSON forests, towns, water, rivers and roads into the map's terrain, "
            "hexsides and roads",
            "globe",
        )
        self.import_oob_action = self._action(
            "Import &OOB…",
            self._import_oob,
            None,
            "Add units and organizations from a CSV/TSV spreadsheet or an indented text, "
            "under an organization, as one undo step",
            "file-input",
        )
        self.export_oob_action = self._action(
            "Export OO&B…",
            self._export_oob,
            None,
            "Write the selected organization (or the whole OOB) as CSV, TSV or indented text",
            "file-output",
        )
        self.close_action = self._action(
            "&Close", self._close_document, keys.Close, "Close the scenario", "file-x"
        )
        self.quit_action = self._action("&Quit", self.close, keys.Quit, "Quit Hexwright", "log-out")
        # The group's actions follow the active stack and read "Undo Set Unit Strength".
        self.undo_group = QUndoGroup(self)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(keys.Undo)
        self.undo_action.setIcon(icons.icon("undo-2"))
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        # Each key once: where the platform's Redo is Ctrl+Y, a second Ctrl+Y made it ambiguous.
        redo_keys = [QKeySequence(keys.Redo), QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]
        self.redo_action.setShortcuts(list({k.toString(): k for k in redo_keys}.values()))
        self.redo_action.setIcon(icons.icon("redo-2"))
        self.find_action = self._action(
            "&Find Unit…",
            self._find_unit,
            keys.Find,
            "Search the order of battle by name, id or type",
            "search",
        )
        self.extract_types_action = self._action(
            "Extract &Unit Types",
            self._extract_unit_types,
            None,
            "Make a unit type of every set of units sharing a type name and all equipment "
            "values, as one undo step; no unit's values change",
            "layers",
        )
        self.zoom_in_action = self._action(
            "Zoom &In", self.map_view.zoom_in, keys.ZoomIn, "Closer to the map", "zoom-in"
        )
        self.zoom_out_action = self._action(
            "Zoom &Out", self.map_view.zoom_out, keys.ZoomOut, "Further from the map", "zoom-out"
        )
        self.fit_action = self._action(
            "&Whole Map",
            self.map_view.zoom_to_fit,
            QKeySequence("Ctrl+0"),
            "Show the whole map",
            "maximize",
        )
        self.go_to_hex_action = go_to_hex_action(self, self.map_view, self.selection)
        self.reset_layout_action = self._action(
            "Reset &Layout",
            self._reset_layout,
            None,
            "Put every panel back in its place",
            "layout-dashboard",
        )
        self.about_action = self._action("&About Hexwright", self._about, None, "", "info")

    def _import_oob(self) -> None:
        from editor.oob_exchange_dialog import import_oob  # noqa: PLC0415  # when first used

        if self.document is not None:
            import_oob(self.document, self)

    def _export_oob(self) -> None:
        from editor.oob_exchange_dialog import export_oob  # noqa: PLC0415  # when first used

        if self.document is not None:
            chosen = [i for i in self.selection.units if i in self.document.oob_index.organizations]
            export_oob(self.document, chosen[0] if chosen else None, self)

    def _extract_unit_types(self) -> None:
        from editor.unit_type_edits import extract_types  # noqa: PLC0415  # when first used

        if self.document is not None:
            self.statusBar().showMessage(extract_types(self.document).summary(), 8000)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action, self.open_title_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.title_menu = file_menu.addMenu("Scenarios of This &Title")
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action, self.revert_action])
        file_menu.addSeparator()
        file_menu.addActions([self.new_title_action, self.subscenario_action])
        file_menu.addAction(self.import_geography_action)
        file_menu.addActions([self.import_oob_action, self.export_oob_action])
        file_menu.addActions([self.export_view_action, self.export_map_action])
        self.printing = PrintMenus(self)
        file_menu.addMenu(self.printing.print_menu)
        file_menu.addMenu(self.printing.pdf_menu)
        compare = self.docks.get("compare")
        if compare is not None:
            compare_menu = file_menu.addMenu(icons.icon("search"), "Co&mpare")
            compare_menu.addActions(compare.menu_actions())  # type: ignore[attr-defined]
        file_menu.addSeparator()
        file_menu.addActions([self.close_action, self.quit_action])
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.find_action, self.go_to_hex_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.extract_types_action)

        map_menu = bar.addMenu("&Map")
        map_menu.addAction(self.resize_map_action)

        play_menu = bar.addMenu("&Play")
        play_menu.addActions([self.testplay_action, self.testplay.replay_last_action])
        play_menu.addSeparator()
        play_menu.addActions(self.testplay.menu_actions())

        tools_menu = bar.addMenu("&Tools")
        tools_menu.addActions(list(self.tools.actions.values()))

        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view_menu.addSeparator()
        self.layers_menu = view_menu.addMenu("Map &Layers")
        self._fill_layers_menu()
        panels = view_menu.addMenu("&Panels")
        self.panels_menu = panels
        for dock in self.docks.values():
            panels.addAction(dock.toggleViewAction())
        view_menu.addMenu(self.keyboard.panels_menu)
        view_menu.addSeparator()
        view_menu.addAction(self.reset_layout_action)

        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.keyboard.help_action, self.keyboard.shortcuts_action])
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _build_toolbars(self) -> None:
        file_bar = self.addToolBar("File")
        file_bar.setObjectName("file_toolbar")
        file_bar.addActions([self.open_action, self.save_action])
        file_bar.addSeparator()
        file_bar.addActions([self.undo_action, self.redo_action])
        view_bar = self.addToolBar("View")
        view_bar.setObjectName("view_toolbar")
        view_bar.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        play_bar = self.addToolBar("Test-play")
        play_bar.setObjectName("testplay_toolbar")
        play_bar.addActions(
            [
                self.testplay_action,
                self.testplay.end_turn_action,
                self.testplay.take_back_action,
            ]
        )
        # Test-play is the one tool bar that reads: starting and ending turns are its verbs.
        play_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        # The map tools stand in a column beside the map, icons only (the tooltip names each
        # and its key): in a row they would push the window past a laptop's width.
        tool_bar = QToolBar("Tools", self)
        tool_bar.setObjectName("tools_toolbar")
        tool_bar.setOrientation(Qt.Orientation.Vertical)
        tool_bar.setIconSize(QSize(20, 20))  # all fifteen in the height of 960x540
        tool_bar.addActions(list(self.tools.actions.values()))
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, tool_bar)
        for bar in (file_bar, view_bar, tool_bar):
            bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.hex_label = QLabel()
        self.zoom_label = QLabel()
        self.problems_label = QLabel()
        status.addWidget(self.hex_label, 1)
        status.addPermanentWidget(self.problems_label)
        status.addPermanentWidget(self.zoom_label)
        self.map_view.hover_changed.connect(self._show_hover)
        self.map_view.zoom_changed.connect(
            lambda zoom: self.zoom_label.setText(f"{zoom:.0f} px/hex")
        )
        problems = self.docks.get("problems")
        if problems is not None and hasattr(problems, "problems_changed"):
            problems.problems_changed.connect(self._show_problem_counts)

    def _fill_layers_menu(self) -> None:
        self.layers_menu.clear()
        for name, label, visible in self.map_view.layers():
            action = self.layers_menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(visible)
            if name == "grid":
                action.setShortcut(QKeySequence("Ctrl+Shift+G"))  # Ctrl+G: Go to Hex
            action.toggled.connect(lambda on, n=name: self.map_view.set_layer_visible(n, on))

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in app_settings.recent_files():
            action = self.recent_menu.addAction(path.name)
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(True)

    def _fill_title_menu(self) -> None:
        self.title_menu.clear()
        document = self.document
        if document is None:
            self.title_menu.setEnabled(False)
            return
        folder = document.title_folder / "scenarios"
        for path in sorted(folder.glob("*.scenario.*")) if folder.is_dir() else []:
            action = self.title_menu.addAction(path.name)
            action.setCheckable(True)
            action.setChecked(path.resolve() == document.scenario_path.resolve())
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.title_menu.setEnabled(not self.title_menu.isEmpty())

    # Reactions --------------------------------------------------------------------------------

    # Layout and recent files ------------------------------------------------------------------

    def _remember(self, path: Path) -> None:
        app_settings.add_recent_file(path)

    def _save_layout(self) -> None:
        store = app_settings.settings()
        store.setValue("window/geometry", self.saveGeometry())
        state = self.saveState()
        store.setValue("window/state", state)
        store.setValue("window/ruleset_hidden", self.rulesets.hidden_names())
        self.rulesets.layouts.save(store, state)

    def _restore_layout(self) -> None:
        store = app_settings.settings()
        geometry = store.value("window/geometry")
        state = store.value("window/state")
        # A layout saved on a bigger screen (a laptop taken off its monitor) is a first start
        # on this one: the window fits the screen, and the panels take their shares of it.
        fits = isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)
        fits = fits and fits_screen(self)
        if not fits:
            self._fit_to_screen()
        if isinstance(state, QByteArray):
            self.restoreState(state)
            self.rulesets.restore_hidden(store.value("window/ruleset_hidden"))
            self.rulesets.layouts.load(store)
        if not fits or not isinstance(state, QByteArray):
            self._default_sizes()

    def _reset_layout(self) -> None:
        if self.rulesets.reset_layout():
            return  # a situation's panels, the Panzer ones left hidden
        self.restoreState(self._default_state)
        for dock in self.docks.values():
            dock.show()
        for dock in self._area_fronts.values():
            dock.raise_()
        self._default_sizes()
