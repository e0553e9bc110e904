"""The window's keyboard shortcuts, read from its actions as they are (so the list cannot go
stale), with the keys the map and the panels handle themselves, and a check for two actions
answering the same key."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QWidget

PANEL_KEYS: dict[str, str] = {
    "oob_tree": "Ctrl+Shift+O",
    "tool_options": "Ctrl+Shift+T",
    "map_aids": "Ctrl+Shift+A",
    "unit": "Ctrl+Shift+U",
    "testplay": "Ctrl+Shift+P",
    "hex_info": "Ctrl+Shift+I",
    "scenario": "Ctrl+Shift+C",
    "history": "Ctrl+Shift+H",
    "problems": "Ctrl+Shift+M",
    "objectives": "Ctrl+Shift+B",
    "schedule": "Ctrl+Shift+R",
    "supply": "Ctrl+Shift+Y",
    "air": "Ctrl+Shift+F",
    "ai_orders": "Ctrl+Shift+E",
    "parameters": "Ctrl+Shift+D",
    "weather": "Ctrl+Shift+W",
    "balance": "Ctrl+Shift+L",
    "compare": "Ctrl+Shift+K",
    "oob_table": "Ctrl+Shift+J",
    "timeline": "Ctrl+Shift+N",
    "briefing": "Ctrl+Shift+Q",
    "unit_types": "Ctrl+Shift+V",
}
"""The key that brings each panel forward with the keyboard in it, by the dock's object name;
mostly a letter of the panel's name (M for Problems, as in other editors' problem lists; L for
the Balance lab, as B is taken by Objectives; K for Compare, every letter of which is taken; J
for the OOB table, beside the tree's O; N for the timeliNe, as T is Tool Options; Q for the
Briefing, every letter of its name being taken and Q free in every text box; V for the Unit
Types, the vehicles and weapons, every letter of its name being taken too)."""

WIDGET_KEYS: tuple[tuple[str, str, str], ...] = (
    ("Panels", "Tab, Shift+Tab", "Next or previous control of the panel (wraps round)"),
    ("Panels", "Ctrl+Tab, Ctrl+Shift+Tab", "The same from a cell or text box that takes Tab"),
    ("Tables", "Arrow keys", "Move between cells and rows"),
    ("Tables", "F2", "Edit the current cell; Enter keeps the value, Escape cancels"),
    (
        "OOB table",
        "Ctrl+C, Ctrl+Alt+C",
        "Copy the cells as tab-separated text, without or with the column names",
    ),
    ("OOB table", "Ctrl+V, Ctrl+D", "Paste from a spreadsheet; fill down (each one undo step)"),
    ("Map", "Arrow keys", "Pan the map"),
    ("Map", "+, -, Home", "Zoom in, zoom out, whole map"),
    ("Map", "Space + drag", "Pan with the mouse whatever the tool"),
    ("Map", "Escape", "Cancel the stroke or drag under way"),
)
"""Keys the map and the panels handle themselves (there is no action to read them from)."""


@dataclass(frozen=True)
class ShortcutRow:
    """One line of the Keyboard Shortcuts page."""

    where: str
    keys: str
    what: str


def action_rows(window: QMainWindow) -> list[ShortcutRow]:
    """Every action of the window that has a shortcut, with where to find it."""
    actions = _actions(window)  # held first, so the menus below meet the same wrappers
    places = _menu_places(window)
    rows: list[ShortcutRow] = []
    for action in actions:
        native = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        keys = ", ".join(dict.fromkeys(native))
        if not keys:
            continue
        what = action.text().replace("&", "").rstrip("…") or action.toolTip()
        rows.append(ShortcutRow(places.get(id(action)) or _panel_of(action), keys, what))
    return sorted(set(rows), key=lambda row: (row.where, row.what, row.keys))


def all_rows(window: QMainWindow) -> list[ShortcutRow]:
    """The actions' shortcuts and the keys handled by the map and the panels."""
    fixed = [ShortcutRow(where, keys, what) for where, keys, what in WIDGET_KEYS]
    return action_rows(window) + fixed


def clashes(window: QMainWindow) -> dict[str, list[str]]:
    """Keys that two enabled actions answer in the same place: key -> the actions' texts."""
    answering: dict[tuple[str, object], list[str]] = defaultdict(list)
    for action in _actions(window):
        keys = [key.toString() for key in action.shortcuts()]
        scope = _scope(action) if action.isEnabled() else id(action)
        for key in keys:  # a key twice on one action is ambiguous to Qt too
            answering[(key, scope)].append(action.text().replace("&", ""))
    return {key: texts for (key, _), texts in answering.items() if len(texts) > 1}


def _actions(window: QMainWindow) -> list[QAction]:
    found: dict[int, QAction] = {}
    for action in window.findChildren(QAction):
        found[id(action)] = action
    for menu in window.findChildren(QMenu):
        for action in menu.actions():
            found.setdefault(id(action), action)
    return list(found.values())


def _menu_places(window: QMainWindow) -> dict[int, str]:
    places: dict[int, str] = {}

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                walk(submenu, f"{path} > {action.text().replace('&', '')}")
            elif not action.isSeparator():
                places.setdefault(id(action), path)

    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            walk(menu, top.text().replace("&", ""))
    return places


def _panel_of(action: QAction) -> str:
    parent = action.parent()
    while parent is not None:
        if isinstance(parent, QDockWidget):
            title = getattr(parent, "title", "") or parent.windowTitle()
            return f"{title} panel"
        parent = parent.parent()
    return "Window"


def _scope(action: QAction) -> object:
    """Where a shortcut is heard: the whole window, or one widget (and its children)."""
    if action.shortcutContext() in (
        Qt.ShortcutContext.WindowShortcut,
        Qt.ShortcutContext.ApplicationShortcut,
    ):
        return "window"
    widgets = [
        w for w in action.associatedObjects() if isinstance(w, QWidget) and not isinstance(w, QMenu)
    ]
    parent = action.parent()
    return id(widgets[0]) if widgets else id(parent)
