"""The mouse wheel over a field the designer has not clicked into scrolls the panel and leaves
the value alone, in every dock and dialog; a focused field still takes the wheel."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QMessageBox,
    QWidget,
)

from editor.app import start
from editor.docks.scenario_dock import ScenarioDock
from editor.geo.import_dialog import GeographyImportDialog
from editor.main_window import MainWindow
from editor.mapops.dialogs import NewTitleDialog, ResizeDialog
from editor.widgets.wheel_guard import install, takes_wheel_only_when_focused

GEOGRAPHY = Path(__file__).parents[1] / "fixtures" / "small_geography.geojson"


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = start([str(ardennes)], ask=lambda *_: QMessageBox.StandardButton.Cancel)
    qtbot.addWidget(win)
    win.ask = lambda *args: QMessageBox.StandardButton.Discard
    win.show()
    qtbot.waitExposed(win)
    return win


def turn_wheel(widget: QWidget, notches: int = -1) -> None:
    """One notch of the wheel (negative: towards the designer, scrolling down) over a widget."""
    local = QPointF(widget.rect().center())
    event = QWheelEvent(
        local,
        QPointF(widget.mapToGlobal(local.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def value_of(widget: QWidget) -> object:
    if isinstance(widget, QAbstractSpinBox):
        return widget.text()
    if isinstance(widget, QComboBox):
        return widget.currentIndex()
    assert isinstance(widget, QAbstractSlider)
    return widget.value()


def guarded_in(root: QWidget) -> list[QWidget]:
    return [w for w in root.findChildren(QWidget) if takes_wheel_only_when_focused(w)]


def enclosing_scroll_bar(widget: QWidget):
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            bar = parent.verticalScrollBar()
            if bar.maximum() > bar.minimum():
                return bar
        parent = parent.parentWidget()
    return None


def test_the_wheel_over_unfocused_fields_of_every_dock_changes_nothing(
    window: MainWindow, qtbot
) -> None:
    document = window.document
    window.selection.select_units([document.scenario.placements[1].unit])
    window.map_view.setFocus()
    steps = document.undo_stack.count()
    checked = scrolled = 0
    for name, dock in window.docks.items():
        dock.show()
        dock.raise_()
        QApplication.processEvents()
        for widget in guarded_in(dock):
            if not widget.isEnabled() or widget.hasFocus():
                continue
            before = value_of(widget)
            bar = enclosing_scroll_bar(widget) if widget.isVisible() else None
            if bar is not None:
                bar.setValue(bar.minimum())
            turn_wheel(widget, -1)
            if bar is not None:
                assert bar.value() > bar.minimum(), f"{name}: the panel did not scroll"
                scrolled += 1
            turn_wheel(widget, 1)
            turn_wheel(widget, 1)
            assert value_of(widget) == before, f"{name}: {widget.objectName() or widget}"
            assert not widget.hasFocus(), "the wheel must not take the keyboard focus"
            checked += 1
    assert checked > 20  # the docks do have spin and combo boxes
    assert scrolled > 5  # in the scrolling Unit and Scenario panels
    assert document.undo_stack.count() == steps
    assert not document.is_dirty


def test_the_wheel_over_a_field_scrolls_the_panel_around_it(window: MainWindow, qtbot) -> None:
    dock = window.docks["scenario"]
    assert isinstance(dock, ScenarioDock)
    dock.show()
    dock.raise_()
    window.resizeDocks([dock], [300], Qt.Orientation.Vertical)
    QApplication.processEvents()
    scrolled = [
        (w, bar) for w in guarded_in(dock) if w.isVisible() and (bar := enclosing_scroll_bar(w))
    ]
    assert scrolled, "the Scenario panel is taller than the window and scrolls"
    widget, bar = scrolled[0]
    bar.setValue(bar.minimum())
    before = value_of(widget)
    turn_wheel(widget, -1)
    assert bar.value() > bar.minimum()
    assert value_of(widget) == before


def test_a_focused_spin_box_still_takes_the_wheel(window: MainWindow, qtbot) -> None:
    dock = window.docks["scenario"]
    dock.show()
    dock.raise_()
    window.activateWindow()
    spins = [
        w
        for w in guarded_in(dock)
        if isinstance(w, QAbstractSpinBox) and w.isVisible() and w.isEnabled()
    ]
    spin = spins[0]
    spin.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(spin.hasFocus)
    steps = window.document.undo_stack.count()
    before = spin.text()
    turn_wheel(spin, 1)
    assert spin.text() != before
    assert window.document.undo_stack.count() == steps + 1


def test_the_wheel_over_every_tool_s_options_changes_nothing(window: MainWindow) -> None:
    options = window.docks["tool_options"]
    checked = 0
    for tool in window.tools.tools:
        window.tools.set_current(tool)
        QApplication.processEvents()
        for widget in guarded_in(options):
            if widget.isEnabled():
                before = value_of(widget)
                turn_wheel(widget, 1)
                turn_wheel(widget, -1)
                turn_wheel(widget, -1)
                assert value_of(widget) == before, f"{tool.name}: {widget}"
                checked += 1
    assert checked > 5  # brush radius, terrain, unit side…


def test_the_wheel_over_dialog_fields_and_table_cell_editors_changes_nothing(
    qtbot, qapp, document, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(qapp)
    resize = ResizeDialog(document)
    new_title = NewTitleDialog()
    geography = GeographyImportDialog(document)
    monkeypatch.setattr(geography, "choose_file", lambda: GEOGRAPHY)
    geography.browse()
    assert geography.table.cellWidget(0, 2) is not None  # combo boxes inside the table
    for dialog in (resize, new_title, geography):
        qtbot.addWidget(dialog)
        dialog.show()
        fields = [w for w in guarded_in(dialog) if w.isEnabled()]
        assert fields
        for widget in fields:
            before = value_of(widget)
            turn_wheel(widget, 1)
            turn_wheel(widget, -1)
            turn_wheel(widget, -1)
            assert value_of(widget) == before
    assert document.undo_stack.count() == 0


def test_fields_do_not_take_the_focus_from_the_wheel(qtbot, qapp, document) -> None:
    install(qapp)
    dialog = ResizeDialog(document)
    qtbot.addWidget(dialog)
    dialog.show()
    for widget in guarded_in(dialog):
        assert widget.focusPolicy() != Qt.FocusPolicy.WheelFocus
