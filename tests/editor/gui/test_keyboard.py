"""The whole window by keyboard: Tab reaches every control of every panel and stays in it, a
key brings each panel forward with the keyboard in it, Ctrl+Z in a search box undoes the last
edit (not the typing), and Help > Keyboard Shortcuts lists every key without clashes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QScrollBar,
    QTabBar,
    QTextEdit,
    QWidget,
)

from editor.app import start
from editor.commands import SetValue
from editor.main_window import MainWindow
from editor.shortcuts import PANEL_KEYS, clashes
from schemas.io import FileKind

CONTROLS = (
    QAbstractButton,
    QLineEdit,
    QAbstractSpinBox,
    QComboBox,
    QAbstractItemView,
    QTabBar,
    QTextEdit,
    QPlainTextEdit,
    QAbstractSlider,
)
"""What a designer operates; their insides (a spin box's line edit, a table's header, a line
edit's clear button, a tab bar's arrows) are part of them."""
WHOLE = (QAbstractSpinBox, QComboBox, QAbstractItemView, QLineEdit, QTabBar)


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = start([str(ardennes)], ask=lambda *_: QMessageBox.StandardButton.Cancel)
    qtbot.addWidget(win)
    win.ask = lambda *args: QMessageBox.StandardButton.Discard
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    # Every panel shows its controls: a unit is selected, a tool with options is current.
    win.selection.select_units([win.document.scenario.placements[1].unit])
    win.tools.set_current("terrain_brush")
    return win


def controls_of(dock: QWidget) -> list[QWidget]:
    """The visible, enabled controls inside a dock (its title bar buttons aside)."""
    body = dock.widget()  # type: ignore[attr-defined]
    found = []
    for widget in body.findChildren(QWidget):
        if not isinstance(widget, CONTROLS) or isinstance(widget, QScrollBar):
            continue
        if not widget.isVisible() or not widget.isEnabled():
            continue
        parent = widget.parentWidget()
        while parent is not None and parent is not body and not isinstance(parent, WHOLE):
            parent = parent.parentWidget()
        if parent is body and not any(c is widget for c in found):
            found.append(_group_head(widget))
    return found


def _group_head(widget: QWidget) -> QWidget:
    """Buttons of an exclusive group are one control, like radio buttons (arrows move within)."""
    group = widget.group() if isinstance(widget, QAbstractButton) else None
    if group is None or not group.exclusive():
        return widget
    return next(b for b in group.buttons() if b.isVisible() and b.isEnabled())


def owner(widget: QWidget | None, controls: list[QWidget]) -> QWidget | None:
    if widget is not None:
        widget = _group_head(widget)
    while widget is not None and widget not in controls:
        # A tab widget gives its focus to its tab bar.
        proxy_of = [c for c in controls if isinstance(c, QTabBar) and c.parentWidget() is widget]
        if proxy_of:
            return proxy_of[0]
        widget = widget.parentWidget()
    return widget


def test_tab_reaches_every_control_of_every_panel_and_stays_in_it(
    window: MainWindow, qtbot
) -> None:
    for name, dock in window.docks.items():
        window.keyboard.focus_panel(dock)
        QApplication.processEvents()
        controls = controls_of(dock)
        if not controls:
            continue
        reached = set()
        for _ in range(len(controls) + 2):
            focused = QApplication.focusWidget()
            assert focused is not None
            assert dock.isAncestorOf(focused), f"{name}: Tab left the panel for {focused!r}"
            assert focused.isVisible()
            reached.add(id(owner(focused, controls)))
            QTest.keyClick(focused, Qt.Key.Key_Tab)
        missed = [c for c in controls if id(c) not in reached]
        assert not missed, f"{name}: Tab never reaches {missed}"


def test_shift_tab_goes_back_and_wraps_round(window: MainWindow, qtbot) -> None:
    dock = window.docks["oob_tree"]
    window.keyboard.focus_panel(dock)
    first = QApplication.focusWidget()
    QTest.keyClick(first, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    last = QApplication.focusWidget()
    assert last is not first
    assert dock.isAncestorOf(last)
    QTest.keyClick(last, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is first


def test_order_of_battle_tab_reaches_the_buttons_and_the_tree(window: MainWindow) -> None:
    dock = window.docks["oob_tree"]
    dock.search.setFocus()  # type: ignore[attr-defined]
    seen = []
    for _ in range(8):
        focused = QApplication.focusWidget()
        seen.append(focused)
        QTest.keyClick(focused, Qt.Key.Key_Tab)
    assert dock.tree in seen  # type: ignore[attr-defined]
    buttons = [w for w in seen if isinstance(w, QAbstractButton)]
    assert {b.text() for b in buttons} >= {"Add Unit", "Delete"}


def test_each_panel_has_a_key_that_brings_it_forward_with_the_keyboard(
    window: MainWindow, qtbot
) -> None:
    assert set(PANEL_KEYS) == set(window.docks)
    for name, dock in window.docks.items():
        window.map_view.setFocus()
        QTest.keySequence(window, QKeySequence(PANEL_KEYS[name]))
        QApplication.processEvents()
        assert dock.isVisible(), name
        focused = QApplication.focusWidget()
        assert focused is dock or dock.isAncestorOf(focused), f"{name}: focus in {focused!r}"


def test_f6_walks_the_map_and_the_open_panels(window: MainWindow) -> None:
    window.map_view.setFocus()
    window.docks["weather"].close()
    visited = []
    for _ in range(len(window.docks)):
        QTest.keySequence(window, QKeySequence("F6"))
        focused = QApplication.focusWidget()
        visited.append(
            next(
                (n for n, d in window.docks.items() if d.isAncestorOf(focused) or d is focused),
                "map",
            )
        )
    assert visited[-1] == "map"  # round the panels and back to the map
    assert "weather" not in visited
    assert len(set(visited)) == len(window.docks)


@pytest.mark.parametrize(
    ("dock_name", "box"),
    [
        ("oob_tree", "search"),
        ("problems", "filter_edit"),
        ("parameters", "search"),
        ("objectives", "filter_edit"),
    ],
)
def test_ctrl_z_in_a_search_box_undoes_the_last_edit_not_the_typing(
    window: MainWindow, qtbot, dock_name: str, box: str
) -> None:
    document = window.document
    turns = document.scenario.header.turns
    document.push(
        SetValue(document, FileKind.SCENARIO, ("header", "turns"), turns + 1, "Set Scenario Turns")
    )
    dock = window.docks[dock_name]
    window.keyboard.focus_panel(dock)
    search = getattr(dock, box, None) or dock.findChild(QLineEdit)
    search.setFocus()
    QTest.keyClicks(search, "bast")
    QTest.keyClick(search, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert document.scenario.header.turns == turns
    assert search.text() == "bast"
    QTest.keySequence(search, QKeySequence("Ctrl+Shift+Z"))
    assert document.scenario.header.turns == turns + 1
    QTest.keyClick(search, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    QTest.keySequence(search, QKeySequence("Ctrl+Y"))  # the other Redo key
    assert document.scenario.header.turns == turns + 1
    assert search.text() == "bast"


def _shortcut_actions(window: MainWindow) -> list[QAction]:
    actions = {id(a): a for a in window.findChildren(QAction)}
    for menu in window.findChildren(QMenu):
        actions.update({id(a): a for a in menu.actions()})
    return [a for a in actions.values() if a.shortcuts()]


def test_the_shortcuts_page_lists_every_action_with_a_key(window: MainWindow, qtbot) -> None:
    window.keyboard.shortcuts_action.trigger()
    dialog = window.keyboard.shortcuts_dialog
    qtbot.waitExposed(dialog)
    lines = {(row.keys, row.what) for row in dialog.rows}
    texts = {row.what for row in dialog.rows}
    for action in _shortcut_actions(window):
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        assert any(
            k.startswith(keys) and w == action.text().replace("&", "").rstrip("…") for k, w in lines
        ), action.text()
    assert {"Order of Battle", "Undo", "Terrain Brush", "Next Panel"} <= texts
    dialog.filter_edit.setText("grid")
    assert [row.what for row in dialog.shown_rows()] == ["Hex Grid"]


def test_no_two_actions_answer_the_same_key(window: MainWindow, qtbot) -> None:
    document = window.document
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "turns"), 30, "Set Turns"))
    document.undo_stack.undo()  # Undo and Redo both enabled
    assert window.redo_action.isEnabled()
    assert clashes(window) == {}
    window.testplay.start()
    try:
        assert clashes(window) == {}  # Ctrl+Z takes back a move instead of undoing
    finally:
        window.testplay.stop()
    assert clashes(window) == {}
