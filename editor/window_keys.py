"""The keyboard's way round the window: a key for each panel (raised, with the keyboard in
it), F6 and Shift+F6 from panel to panel and the map, Tab kept inside a panel, and the
Keyboard Shortcuts page."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QWidget

from editor import icons
from editor.dock_focus import DockTabbing, dock_of
from editor.docks.base import DocumentDock
from editor.help import BOARD_TOPIC, HOME, MAP_TOPIC, PANEL_TOPICS
from editor.help_window import HelpWindow
from editor.shortcuts import PANEL_KEYS
from editor.shortcuts_dialog import ShortcutsDialog


class WindowKeys(QObject):
    """The panel keys and actions of one main window."""

    def __init__(self, window: QMainWindow, docks: dict[str, DocumentDock], map_view: QWidget):
        super().__init__(window)
        self.window = window
        self.docks = docks
        self.map_view = map_view
        self.tabbing = DockTabbing(window)
        self.panels_menu = QMenu("&Go to Panel", window)
        self.panel_actions: dict[str, QAction] = {}
        for name, dock in docks.items():
            action = self._action(
                dock.title.replace("&", "&&"),
                lambda d=dock: self.focus_panel(d),
                PANEL_KEYS.get(name),
                f"Bring the {dock.title} panel forward, with the keyboard in it",
            )
            self.panel_actions[name] = action
        self.map_action = self._action(
            "&Map", self.focus_map, "Ctrl+Shift+X", "Put the keyboard on the map"
        )
        self.next_panel_action = self._action(
            "&Next Panel", lambda: self.cycle(1), "F6", "The keyboard to the next open panel"
        )
        self.previous_panel_action = self._action(
            "&Previous Panel",
            lambda: self.cycle(-1),
            "Shift+F6",
            "The keyboard to the previous open panel",
        )
        self.panels_menu.addActions([self.next_panel_action, self.previous_panel_action])
        self.panels_menu.addSeparator()
        self.panels_menu.addAction(self.map_action)
        self.panels_menu.addActions(list(self.panel_actions.values()))
        self.shortcuts_action = self._action(
            "&Keyboard Shortcuts",
            self.show_shortcuts,
            None,
            "Every key of the window, read from its menus, panels and tools",
            "keyboard",
        )
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.help_action = self._action(
            "Hexwright &Help",
            self.show_help,
            "F1",
            "The help pages: each panel, the map tools, test-play, the files, the problem codes",
            "circle-help",
        )
        self.help_window: HelpWindow | None = None

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        keys: str | None,
        tip: str,
        icon_name: str | None = None,
    ) -> QAction:
        action = QAction(text, self.window)
        if icon_name:
            action.setIcon(icons.icon(icon_name))
        if keys:
            action.setShortcut(QKeySequence(keys))
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(lambda _=False: slot())
        return action

    def focus_panel(self, dock: DocumentDock) -> None:
        """Bring a panel forward and give it the keyboard."""
        self.tabbing.focus_dock(dock)

    def focus_map(self) -> None:
        self.map_view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def open_panels(self) -> list[QWidget]:
        """The map and the panels not closed, in View > Panels order."""
        shown = [d for d in self.docks.values() if d.toggleViewAction().isChecked()]
        return [self.map_view, *shown]

    def cycle(self, step: int) -> None:
        """Move the keyboard to the next (or previous) open panel, the map among them."""
        places = self.open_panels()
        focused = QApplication.focusWidget()
        here = dock_of(focused)
        current: QWidget | None = here if here in places else None
        if current is None and focused is not None and self.map_view.isAncestorOf(focused):
            current = self.map_view
        if current is None and focused is self.map_view:
            current = self.map_view
        index = places.index(current) + step if current is not None else 0
        target = places[index % len(places)]
        if isinstance(target, DocumentDock):
            self.focus_panel(target)
        else:
            self.focus_map()

    def show_shortcuts(self) -> None:
        """Open the Keyboard Shortcuts page, read afresh from the actions."""
        if self.shortcuts_dialog is not None:
            self.shortcuts_dialog.deleteLater()
        self.shortcuts_dialog = ShortcutsDialog(self.window)
        self.shortcuts_dialog.show()
        self.shortcuts_dialog.raise_()

    def context_topic(self) -> str:
        """The help page of where the keyboard is: its panel's, the map tools', or the start."""
        focused = QApplication.focusWidget()
        dock = dock_of(focused)
        if dock is not None:
            return PANEL_TOPICS.get(dock.objectName(), HOME)
        if focused is not None and (
            focused is self.map_view or self.map_view.isAncestorOf(focused)
        ):
            return MAP_TOPIC
        widget = focused
        while widget is not None:  # the Tactical GameX board
            if widget.objectName() == "tgx_board":
                return BOARD_TOPIC
            widget = widget.parentWidget()
        return HOME

    def show_help(self, topic: str | None = None) -> None:
        """Open the Help window at a topic (by default the one of where the keyboard is)."""
        name = topic or self.context_topic()
        if self.help_window is None:
            self.help_window = HelpWindow(self.window)
        self.help_window.show_topic(name)
        self.help_window.show()
        self.help_window.raise_()
        self.help_window.activateWindow()
