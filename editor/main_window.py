"""The main window: the map in the centre, the docks around it, menus, toolbars and status bar.

It owns the open `Document` (one at a time), hands it to every view, and does what touches the
whole application: opening with progress, saving, prompting before changes are lost, recovery
copies, and the window layout kept in the settings.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
    QToolTip,
    QWidget,
)

from editor import icons
from editor.disk_changes import DiskChanges
from editor.docks.balance_dock import BalanceDock
from editor.docks.base import DocumentDock
from editor.docks.hex_info import HexInfoDock
from editor.docks.map_aids_dock import MapAidsDock
from editor.docks.oob_tree import OobTreeDock
from editor.docks.problems_dock import ProblemsDock
from editor.docks.problems_model import describe_counts
from editor.docks.timeline_dock import TimelineDock
from editor.docks.tool_options import ToolOptionsDock
from editor.document import Document, DocumentError, SaveConflict
from editor.exporting import Render, export_png
from editor.map.hex_text import describe_hex
from editor.map.view import MapView
from editor.open_places import SCENARIO_FILTER, scenario_folder, titles_folder
from editor.opening import open_with_progress
from editor.recovery import Autosaver
from editor.selection import Selection
from editor.startup import paused_collection, release_what_started
from editor.tactical_gamex.document import is_situation, open_situation
from editor.tools.base import MapTool
from editor.tools.manager import ToolManager
from editor.tools.registry import TOOL_CLASSES
from editor.window_chrome import WindowChrome
from editor.window_docks import DOCK_CLASSES
from editor.window_keys import WindowKeys
from editor.window_rulesets import RulesetSwitch
from editor.window_testplay import TestPlayController
from schemas.problems import Severity

APP_NAME = "Hexwright"


class MainWindow(WindowChrome):
    """The editor's window over one open scenario."""

    document_changed = Signal(object)
    """Emitted with the newly open Document (or None)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("main_window")
        self.setWindowTitle(APP_NAME)
        self.setDockNestingEnabled(True)
        self.setDocumentMode(True)
        self.document: Document | None = None
        self.selection = Selection(self)
        self.autosaver = Autosaver(self)
        self.ask: Callable[..., QMessageBox.StandardButton] = QMessageBox.question
        """How the window asks Yes/No/Cancel questions (tests replace it)."""

        self.map_view = MapView(self.selection, self)
        self.tools = ToolManager(self.selection, TOOL_CLASSES, self)
        self.map_view.set_tool(self.tools.current)
        self.tools.tool_changed.connect(self._tool_changed)
        for tool in self.tools.tools:
            tool.message.connect(lambda text: self.statusBar().showMessage(text, 5000))
        # Units dragged from the Order of Battle land on the map whatever tool is current.
        self.map_view.drop_handler = self.tools.tool("units")
        self.disk_changes = DiskChanges(self)
        self.setCentralWidget(self.map_view)
        self.rulesets = RulesetSwitch(self)
        # The notice of files changed on disk stands above the Panzer map and the board alike.
        self.setCentralWidget(self.disk_changes.around(self.takeCentralWidget()))
        self.docks: dict[str, DocumentDock] = {}
        for dock_class in DOCK_CLASSES:
            dock = dock_class(self.selection, self)
            self.docks[dock.objectName()] = dock
        self.map_view.touch.hex_info_requested.connect(self._show_hex_info)
        self.testplay = TestPlayController(self)
        self.testplay.running_changed.connect(self._testplay_changed)
        balance = self.docks.get("balance")
        if isinstance(balance, BalanceDock):
            balance.play_requested.connect(self.play_balance_game)
            balance.open_requested.connect(self.open_balance_game)
        self._arrange_docks()
        aids = self.docks.get("map_aids")
        if isinstance(aids, MapAidsDock):
            aids.set_view(self.map_view)
            timeline = self.docks.get("timeline")
            if isinstance(timeline, TimelineDock):
                timeline.scrub_changed.connect(aids.show_turn)
        options = self.docks.get("tool_options")
        if isinstance(options, ToolOptionsDock):
            options.show_tool(self.tools.current)
        problems = self.docks.get("problems")
        if isinstance(problems, ProblemsDock):
            # A title's first check goes to the checking process once its map has painted.
            problems.checker.start_after_paint(self.map_view)
        self.keyboard = WindowKeys(self, self.docks, self.map_view)
        self._build_actions()
        self._build_menus()
        self._build_toolbars()
        self._build_status_bar()
        self._default_state = self.saveState()
        self._restore_layout()
        self._update_actions()

    # Documents --------------------------------------------------------------------------------

    def open_path(self, path: Path | str) -> bool:
        """Open a scenario, or the first scenario of a title folder; report problems in a
        dialog and keep what is open if it cannot be opened."""
        target = _scenario_of(Path(path))
        if target is None:
            reason = (
                "holds no scenario (*.scenario.yaml)" if Path(path).exists() else "does not exist"
            )
            self._error("Open", f"{path} {reason}.")
            return False
        if not self.maybe_save():
            return False
        with paused_collection():
            try:
                document = (
                    open_situation(target)
                    if is_situation(target)
                    else open_with_progress(target, self)
                )
            except DocumentError as exc:
                self._error("Open", exc.details())
                return False
            except Exception as exc:  # a fault of ours must not close what the designer has open
                traceback.print_exc()
                self._error("Open", f"Could not open {target}: {exc}")
                return False
            if document is None:  # cancelled
                return False
            self.set_document(document)
        self._remember(target)
        return True

    def set_document(self, document: Document | None) -> None:
        """Show a document in every view (the previous one is dropped without asking)."""
        self.testplay.stop()
        if self.document is not None:
            self.autosaver.close()
            self.document.dirty_changed.disconnect(self._update_title)
            self.document.changed.disconnect(self._update_title)
            self.document.scenario_path_changed.disconnect(self._update_title)
            self.document.undo_stack.cleanChanged.disconnect(self._update_actions)
            self.document.deleteLater()
            release_what_started()
        self.document = document
        # A Tactical GameX situation has its own board and panels; the Panzer views see none.
        panzer = self.rulesets.panzer_document(document)
        self.selection.select_hex(None)
        self.selection.select_units([])
        self._use_stack(document)
        self.map_view.set_document(panzer)
        self.tools.set_scene(self.map_view.scene)
        for name, dock in self.docks.items():
            dock.set_document(self.rulesets.document_for(name, document))
        self.disk_changes.set_document(document)
        self.rulesets.apply(document)
        if document is not None:
            document.setParent(self)
            document.dirty_changed.connect(self._update_title)
            document.changed.connect(self._update_title)  # the scenario's title may change
            document.scenario_path_changed.connect(self._update_title)
            document.undo_stack.cleanChanged.connect(self._update_actions)
            self.autosaver.set_document(document)
        if panzer is not None:
            self.map_view.zoom_to_fit()
        if document is None:  # nothing of the closed scenario stays on screen
            for label in (self.hex_label, self.zoom_label, self.problems_label):
                label.clear()
            self.statusBar().clearMessage()
        self._update_title()
        self._update_actions()
        self._fill_title_menu()
        self.document_changed.emit(document)

    def _use_stack(self, document: Document | None) -> None:
        """Point Undo and Redo (and their texts) at the document's stack."""
        for stack in self.undo_group.stacks():
            self.undo_group.removeStack(stack)
        if document is not None:
            self.undo_group.addStack(document.undo_stack)
            self.undo_group.setActiveStack(document.undo_stack)

    def maybe_save(self) -> bool:
        """Ask to save unsaved changes; False if the user cancels (or a save fails)."""
        document = self.document
        if document is None or not document.is_dirty:
            return True
        names = "\n".join(f"  {slot.path.name}" for slot in document.dirty_files())
        answer = self.ask(
            self,
            APP_NAME,
            f"Save the changes to these files before closing?\n\n{names}",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def save(self) -> bool:
        """Save every changed file; an untitled scenario asks for a name first."""
        if self.document is None:
            return False
        if self.document.is_untitled:
            return self.save_as()
        return self._saving(self.document.save)

    def save_as(self) -> bool:
        """Save the scenario under a new name in its title."""
        document = self.document
        if document is None:
            return False
        chosen, _ = QFileDialog.getSaveFileName(
            self, "Save Scenario As", str(document.scenario_path), SCENARIO_FILTER
        )
        if not chosen:
            return False
        kind = "situation" if self.rulesets.is_tactical_gamex else "scenario"
        if not chosen.endswith((f".{kind}.yaml", f".{kind}.yml", f".{kind}.json")):
            chosen += f".{kind}.yaml"
        ok = self._saving(lambda: document.save_as(chosen))
        if ok:
            self._remember(Path(chosen))
        return ok

    def revert(self) -> None:
        """Go back to the files on disk, after confirming."""
        document = self.document
        if document is None or not document.is_dirty or document.is_untitled:
            return
        answer = self.ask(
            self,
            "Revert",
            "Discard every unsaved change and reload the files from disk?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            try:
                document.revert()
            except DocumentError as exc:
                self._error("Revert", exc.details())
            self.disk_changes.check_now()

    def new_scenario(self) -> None:
        """Start an unsaved scenario over the title files of the open one."""
        document = self.document
        if document is None or not self.maybe_save():
            return
        folder = document.scenario_path.parent
        path = _free_name(folder, "new-scenario", ".scenario.yaml")
        self.set_document(Document.new_scenario(document, path))

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self._save_layout()
        self.set_document(None)  # a clean close: the recovery copy goes too
        problems = self.docks.get("problems")
        if isinstance(problems, ProblemsDock):
            problems.checker.stop()
        event.accept()

    def _update_title(self, *_: object) -> None:
        document = self.document
        if document is None:
            self.setWindowTitle(APP_NAME)
            self.setWindowModified(False)
            return
        running = self.testplay.is_running or self.rulesets.testplay_running()
        playing = " — Test-play" if running else ""
        title = getattr(document, "display_title", None) or document.scenario.header.title
        self.setWindowTitle(f"{document.scenario_path.name}[*] — {title}{playing} — {APP_NAME}")
        self.setWindowModified(document.is_dirty)
        self._update_actions()

    def _update_actions(self, *_: object) -> None:
        document = self.document
        has = document is not None
        dirty = has and document.is_dirty
        # Test-play shows the game, not the scenario: what edits the scenario waits for Stop.
        editing = has and not self.testplay.is_running
        for action in (
            self.save_as_action,
            self.close_action,
            self.export_view_action,
            self.export_map_action,
            self.testplay_action,
            self.zoom_in_action,
            self.zoom_out_action,
            self.fit_action,
            self.go_to_hex_action,
        ):
            action.setEnabled(has)
        self.layers_menu.setEnabled(has)
        # With nothing open the map tools have nothing to work on; test-play turns them off too.
        self.tools.group.setEnabled(editing)
        for action in (
            self.new_action,
            self.find_action,
            self.import_geography_action,
            self.import_oob_action,
            self.export_oob_action,
            self.extract_types_action,
            self.resize_map_action,
            self.subscenario_action,
        ):
            action.setEnabled(editing)
        self.save_action.setEnabled(bool(dirty) or (has and document.is_untitled))
        self.revert_action.setEnabled(editing and bool(dirty) and not document.is_untitled)
        self.testplay.update_actions()
        self.rulesets.update_actions()

    def _show_hover(self, hex_: tuple[int, int] | None) -> None:
        if self.document is None or hex_ is None:
            self.hex_label.clear()
            return
        self.hex_label.setText(describe_hex(self.document, hex_))

    def _show_problem_counts(self, counts: dict[Severity, int]) -> None:
        if self.rulesets.is_tactical_gamex:
            return  # the situation's own checks count its problems
        self.problems_label.setText(describe_counts(counts) if self.document is not None else "")

    def _choose_and_open(self) -> None:
        start = str(scenario_folder(self.document))
        chosen, _ = QFileDialog.getOpenFileName(self, "Open Scenario", start, SCENARIO_FILTER)
        if chosen:
            self.open_path(chosen)

    def _choose_title_and_open(self) -> None:
        start = str(titles_folder(self.document))
        chosen = QFileDialog.getExistingDirectory(self, "Open Title Folder", start)
        if chosen:
            self.open_path(chosen)  # its first scenario, as `hexwright FOLDER` opens

    def _tool_changed(self, tool: MapTool) -> None:
        self.map_view.set_tool(tool)
        options = self.docks.get("tool_options")
        if isinstance(options, ToolOptionsDock):
            options.show_tool(tool)
            if options.pages.currentWidget() is not options.none:
                options.raise_()  # the settings of the tool just chosen come to the front
        self.statusBar().showMessage(f"{tool.label}: {tool.tip}" if tool.tip else tool.label, 4000)

    def _show_hex_info(self, _hex: object, finger: QPoint) -> None:
        """A long press on the map: Hex Info to the front, and what it says at the finger."""
        dock = self.docks.get("hex_info")
        if isinstance(dock, HexInfoDock):
            dock.show()
            dock.raise_()
            QToolTip.showText(finger, dock.text(), self.map_view)

    def _toggle_testplay(self) -> None:
        if self.rulesets.toggle_testplay():
            # the situation's Test-play panel says when its game starts or stops; a refused
            # start leaves the action unchecked
            self._testplay_changed(self.rulesets.testplay_running())
            return
        if self.testplay.is_running:
            self.testplay.stop()
        else:
            self.testplay.start()
        self._testplay_changed(self.testplay.is_running)

    def _testplay_changed(self, running: bool) -> None:
        self.testplay_action.setChecked(running)
        self.testplay_action.setText("Stop &Test-play" if running else "&Test-play")
        self.testplay_action.setIcon(icons.icon("circle-stop" if running else "play"))
        self._update_title()

    def play_balance_game(self, seed: int) -> bool:
        """Test-play a game of the Balance panel: the open scenario with its seed and the
        runner's rules, the computer playing both sides."""
        from editor.docks.balance_run import testplay_settings  # noqa: PLC0415  # with the panel

        document = self.document
        if document is None:
            return False
        self.testplay.stop()
        return self.testplay.start(settings=testplay_settings(document, seed))

    def open_balance_game(self, record: object) -> bool:
        """Open a game of the Balance panel in test-play: the open scenario with its seed and
        the runner's rules, its orders replayed one by one as `hexwright replay` replays them,
        to the result the panel lists (the scenario being the version the run played)."""
        from editor.docks.balance_run import testplay_settings  # noqa: PLC0415  # with the panel
        from engine.balance.game_record import GameRecord  # noqa: PLC0415
        from engine.panzer_campaigns.order_records import orders_from_json  # noqa: PLC0415

        document = self.document
        if document is None or not isinstance(record, GameRecord):
            return False
        self.testplay.stop()
        settings = testplay_settings(document, record.seed)
        return self.testplay.start(settings=settings, orders=orders_from_json(record.orders))

    def _new_title(self) -> None:
        from editor.mapops.dialogs import new_title_dialog  # noqa: PLC0415  # the menu's dialogs are imported when first used

        template = self.document.scenario_path if self.document is not None else None
        created = new_title_dialog(self, template)
        if created is not None:
            self.open_path(created)

    def _resize_map(self) -> None:
        from editor.mapops.dialogs import resize_dialog  # noqa: PLC0415

        if self.document is not None:
            resize_dialog(self.document, self)

    def _convert_to_subscenario(self) -> None:
        if self.document is None:
            return
        from editor.mapops.subscenario_dialog import convert_to_subscenario_dialog  # noqa: PLC0415

        created = convert_to_subscenario_dialog(self.document, self)
        if created is not None:
            self.open_path(created)

    def _import_geography(self) -> None:
        from editor.geo.import_dialog import import_geography  # noqa: PLC0415

        if self.document is not None:
            import_geography(self.document, self)

    def _find_unit(self) -> None:
        tree = self.docks.get("oob_tree")
        if isinstance(tree, OobTreeDock):
            tree.show()
            tree.raise_()
            tree.search.setFocus()
            tree.search.selectAll()

    def _close_document(self) -> None:
        if self.maybe_save():
            self.set_document(None)

    def _export_view(self) -> None:
        view = self.map_view
        self._export(lambda progress: progress(1, 1) and view.render_view(), "view")

    def _export_map(self) -> None:
        from editor.map.export import render_whole_map  # noqa: PLC0415

        document = self.document
        if document is not None:
            self._export(lambda progress: render_whole_map(document, progress=progress), "map")

    def _export(self, render: Render, what: str) -> None:
        document = self.document
        if document is None:
            return
        default = document.scenario_path.with_name(
            document.scenario_path.name.split(".")[0] + f"-{what}.png"
        )
        chosen, _ = QFileDialog.getSaveFileName(self, "Export as PNG", str(default), "PNG (*.png)")
        if not chosen:
            return
        failure = export_png(render, Path(chosen), self)
        if failure:
            self._error("Export", f"Could not write {chosen}: {failure}")
        elif failure is None:
            self.statusBar().showMessage(f"Exported {chosen}", 5000)

    def _saving(self, save: Callable[[], object]) -> bool:
        try:
            try:
                written = save()
            except SaveConflict as conflict:
                written = self.disk_changes.save_over(conflict)
                if written is None:
                    return False
        except DocumentError as exc:
            self._error("Save", f"{exc}\n\nYour changes are still open; nothing was lost.")
            return False
        except Exception as exc:  # a fault of ours must not lose what the designer has open
            traceback.print_exc()
            where = self.document.scenario_path.name if self.document else "the scenario"
            self._error(
                "Save",
                f"Could not save {where}: {exc}\n\nYour changes are still open; nothing was lost.",
            )
            return False
        names = ", ".join(p.name for p in written) if isinstance(written, list) else ""
        self.statusBar().showMessage(f"Saved {names}" if names else "Nothing to save", 5000)
        self._update_actions()
        return True

    def _error(self, title: str, text: str) -> None:
        QMessageBox.warning(self, f"{title} — {APP_NAME}", text)

    def _about(self) -> None:
        QMessageBox.about(
            self,
            "About Hexwright",
            "<b>Hexwright</b><br>Scenario and order-of-battle editor for Panzer Campaigns and "
            "Panzer Battles, with an embedded rules engine.",
        )


def _scenario_of(path: Path) -> Path | None:
    """The scenario to open for a path: the file itself, or a title folder's first scenario."""
    if path.is_file():
        return path
    for folder in (path / "scenarios", path):
        found = (
            sorted([*folder.glob("*.scenario.*"), *folder.glob("*.situation.*")])
            if folder.is_dir()
            else []
        )
        if found:
            return found[0]
    return None


def _free_name(folder: Path, stem: str, suffix: str) -> Path:
    candidate = folder / f"{stem}{suffix}"
    number = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{number}{suffix}"
        number += 1
    return candidate
