"""The main window: the map in the centre, the docks around it, menus, toolbars and status bar.

It owns the open `Document` (one at a time), hands it to every view, and does what touches the
whole application: opening with progress, saving, prompting before changes are lost, recovery
copies, and the window layout kept in the settings.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from editor import settings as app_settings
from editor.docks.base import DocumentDock
from editor.docks.oob_tree import OobTreeDock
from editor.docks.problems_dock import ProblemsDock
from editor.docks.problems_model import describe_counts
from editor.document import Document, DocumentError
from editor.exporting import Render, export_png
from editor.map.export import render_whole_map
from editor.map.hex_text import describe_hex
from editor.map.view import MapView
from editor.opening import open_with_progress
from editor.recovery import Autosaver
from editor.selection import Selection
from editor.window_docks import DOCK_CLASSES
from schemas.problems import Severity

APP_NAME = "Hexwright"
SCENARIO_FILTER = "Scenarios (*.scenario.yaml *.scenario.yml *.scenario.json)"


class MainWindow(QMainWindow):
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
        self.setCentralWidget(self.map_view)
        self.docks: dict[str, DocumentDock] = {}
        for dock_class in DOCK_CLASSES:
            dock = dock_class(self.selection, self)
            self.docks[dock.objectName()] = dock
        self._arrange_docks()
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
        try:
            document = open_with_progress(target, self)
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
        if self.document is not None:
            self.autosaver.close()
            self.document.dirty_changed.disconnect(self._update_title)
            self.document.changed.disconnect(self._update_title)
            self.document.scenario_path_changed.disconnect(self._update_title)
            self.document.undo_stack.cleanChanged.disconnect(self._update_actions)
            self.document.deleteLater()
        self.document = document
        self.selection.select_hex(None)
        self.selection.select_units([])
        self._use_stack(document)
        self.map_view.set_document(document)
        for dock in self.docks.values():
            dock.set_document(document)
        if document is not None:
            document.setParent(self)
            document.dirty_changed.connect(self._update_title)
            document.changed.connect(self._update_title)  # the scenario's title may change
            document.scenario_path_changed.connect(self._update_title)
            document.undo_stack.cleanChanged.connect(self._update_actions)
            self.autosaver.set_document(document)
            self.map_view.zoom_to_fit()
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
        if not chosen.endswith((".scenario.yaml", ".scenario.yml", ".scenario.json")):
            chosen += ".scenario.yaml"
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
            document.revert()

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

    # Building the window ----------------------------------------------------------------------

    def _arrange_docks(self) -> None:
        """The default layout: the OOB on the left and the unit and scenario panels on the
        right, both full height; the tables share tabs under the map."""
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.resize(1600, 1000)
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

    def _default_sizes(self) -> None:
        fronts = self._area_fronts
        sides = [
            fronts[area]
            for area in (
                Qt.DockWidgetArea.LeftDockWidgetArea,
                Qt.DockWidgetArea.RightDockWidgetArea,
            )
            if area in fronts
        ]
        self.resizeDocks(sides, [380, 440][: len(sides)], Qt.Orientation.Horizontal)
        bottom = fronts.get(Qt.DockWidgetArea.BottomDockWidgetArea)
        if bottom is not None:
            self.resizeDocks([bottom], [300], Qt.Orientation.Vertical)

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
            action.setIcon(QIcon.fromTheme(icon))
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
            "document-new",
        )
        self.open_action = self._action(
            "&Open…",
            self._choose_and_open,
            keys.Open,
            "Open a scenario or a title folder",
            "document-open",
        )
        self.save_action = self._action(
            "&Save", self.save, keys.Save, "Write every changed file", "document-save"
        )
        self.save_as_action = self._action(
            "Save &As…",
            self.save_as,
            keys.SaveAs,
            "Save the scenario under a new name",
            "document-save-as",
        )
        self.revert_action = self._action(
            "&Revert", self.revert, None, "Reload every file from disk", "document-revert"
        )
        self.export_view_action = self._action(
            "Export &View as PNG…", self._export_view, None, "Save what the map shows as a picture"
        )
        self.export_map_action = self._action(
            "Export Whole &Map as PNG…", self._export_map, None, "Save the whole map as a picture"
        )
        self.close_action = self._action(
            "&Close", self._close_document, keys.Close, "Close the scenario"
        )
        self.quit_action = self._action(
            "&Quit", self.close, keys.Quit, "Quit Hexwright", "application-exit"
        )
        # The group's actions follow the active stack and read "Undo Set Unit Strength".
        self.undo_group = QUndoGroup(self)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(keys.Undo)
        self.undo_action.setIcon(QIcon.fromTheme("edit-undo"))
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence(keys.Redo), QKeySequence("Ctrl+Y")])
        self.redo_action.setIcon(QIcon.fromTheme("edit-redo"))
        self.find_action = self._action(
            "&Find Unit…",
            self._find_unit,
            keys.Find,
            "Search the order of battle by name, id or type",
            "edit-find",
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
            "zoom-fit-best",
        )
        self.reset_layout_action = self._action(
            "Reset &Layout", self._reset_layout, None, "Put every panel back in its place"
        )
        self.about_action = self._action("&About Hexwright", self._about, None, "")

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.title_menu = file_menu.addMenu("Scenarios of This &Title")
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action, self.revert_action])
        file_menu.addSeparator()
        file_menu.addActions([self.export_view_action, self.export_map_action])
        file_menu.addSeparator()
        file_menu.addActions([self.close_action, self.quit_action])
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)

        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view_menu.addSeparator()
        self.layers_menu = view_menu.addMenu("Map &Layers")
        self._fill_layers_menu()
        panels = view_menu.addMenu("&Panels")
        for dock in self.docks.values():
            panels.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        view_menu.addAction(self.reset_layout_action)

        help_menu = bar.addMenu("&Help")
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
        for bar in (file_bar, view_bar):
            bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

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
                action.setShortcut(QKeySequence("Ctrl+G"))
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

    def _update_title(self, *_: object) -> None:
        document = self.document
        if document is None:
            self.setWindowTitle(APP_NAME)
            self.setWindowModified(False)
            return
        self.setWindowTitle(
            f"{document.scenario_path.name}[*] — {document.scenario.header.title} — {APP_NAME}"
        )
        self.setWindowModified(document.is_dirty)
        self._update_actions()

    def _update_actions(self, *_: object) -> None:
        document = self.document
        has = document is not None
        dirty = has and document.is_dirty
        for action in (
            self.new_action,
            self.save_as_action,
            self.close_action,
            self.export_view_action,
            self.export_map_action,
            self.find_action,
        ):
            action.setEnabled(has)
        self.save_action.setEnabled(bool(dirty) or (has and document.is_untitled))
        self.revert_action.setEnabled(bool(dirty) and not document.is_untitled)

    def _show_hover(self, hex_: tuple[int, int] | None) -> None:
        if self.document is None or hex_ is None:
            self.hex_label.clear()
            return
        self.hex_label.setText(describe_hex(self.document, hex_))

    def _show_problem_counts(self, counts: dict[Severity, int]) -> None:
        self.problems_label.setText(describe_counts(counts))

    def _choose_and_open(self) -> None:
        start = str(self.document.title_folder) if self.document else str(Path.cwd())
        chosen, _ = QFileDialog.getOpenFileName(self, "Open Scenario", start, SCENARIO_FILTER)
        if chosen:
            self.open_path(chosen)

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
            written = save()
        except DocumentError as exc:
            self._error("Save", f"{exc}\n\nYour changes are still open; nothing was lost.")
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

    # Layout and recent files ------------------------------------------------------------------

    def _remember(self, path: Path) -> None:
        app_settings.add_recent_file(path)

    def _save_layout(self) -> None:
        store = app_settings.settings()
        store.setValue("window/geometry", self.saveGeometry())
        store.setValue("window/state", self.saveState())

    def _restore_layout(self) -> None:
        store = app_settings.settings()
        geometry = store.value("window/geometry")
        state = store.value("window/state")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            self.restoreState(state)
        else:
            self._default_sizes()

    def _reset_layout(self) -> None:
        self.restoreState(self._default_state)
        for dock in self.docks.values():
            dock.show()
        for dock in self._area_fronts.values():
            dock.raise_()
        self._default_sizes()


def _scenario_of(path: Path) -> Path | None:
    """The scenario to open for a path: the file itself, or a title folder's first scenario."""
    if path.is_file():
        return path
    for folder in (path / "scenarios", path):
        found = sorted(folder.glob("*.scenario.*")) if folder.is_dir() else []
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
