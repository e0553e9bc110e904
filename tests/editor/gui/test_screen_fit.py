"""The window on the screens designers have: a 1280x720 laptop, a 1920x1080 display at 200 %
(960x540 in Qt's logical pixels), and every map tool in sight at 1920 pixels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QApplication,
    QPushButton,
    QScrollArea,
    QToolBar,
    QToolButton,
)

from editor.app import start
from editor.docks.id_picker import IdPickerDialog
from editor.geo.import_dialog import GeographyImportDialog
from editor.main_window import MainWindow
from editor.mapops.dialogs import NewTitleDialog, ResizeDialog
from editor.mapops.subscenario_dialog import SubScenarioDialog
from editor.snapshots import resting_mouse
from editor.widgets.adaptive_splitter import AdaptiveSplitter
from editor.widgets.field_layout import FieldGrid
from tests.fresh_interpreter import run_fresh

LAPTOP = QSize(1280, 720)


def _within(size: QSize, bound: QSize) -> bool:
    return size.width() <= bound.width() and size.height() <= bound.height()


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = start([str(ardennes)], ask=lambda *_: None)
    qtbot.addWidget(win)
    return win


def test_the_window_fits_a_1280x720_laptop(window: MainWindow) -> None:
    hint = window.minimumSizeHint()
    assert _within(hint, LAPTOP), hint


def test_the_window_still_fits_after_reset_layout(window: MainWindow) -> None:
    window.show()
    window.resize(LAPTOP)
    window.reset_layout_action.trigger()
    QApplication.processEvents()
    hint = window.minimumSizeHint()
    assert _within(hint, LAPTOP), hint
    assert window.size() == LAPTOP


def test_every_tools_settings_fit_the_laptop_window(window: MainWindow) -> None:
    window.show()
    window.resize(LAPTOP)
    for tool in window.tools.tools:
        window.tools.set_current(tool)
        QApplication.processEvents()
        assert _within(window.minimumSizeHint(), LAPTOP), tool.name
        assert window.size() == LAPTOP, tool.name


def test_each_panel_brought_to_the_front_fits_the_laptop_window(window: MainWindow) -> None:
    window.show()
    window.resize(LAPTOP)
    for dock in window.docks.values():
        dock.show()
        dock.raise_()
        QApplication.processEvents()
        hint = dock.minimumSizeHint()
        assert window.size() == LAPTOP, dock.objectName()
        assert _within(hint, dock.size()), (dock.objectName(), dock.size(), hint)


def test_the_side_forms_need_no_sideways_scrolling_on_the_laptop(window: MainWindow) -> None:
    """A form in a side panel that is wider than the panel hides its fields' right half behind
    a horizontal scroll bar: at 1280x720 the Scenario form fits its panel's width."""
    window.show()
    window.resize(LAPTOP)
    dock = window.docks["scenario"]
    dock.show()
    dock.raise_()
    QApplication.processEvents()
    area = dock.scroll_area  # type: ignore[attr-defined]
    needed = area.widget().minimumSizeHint().width()
    assert needed <= area.viewport().width(), (needed, area.viewport().width())


def test_the_test_play_move_options_need_no_sideways_scrolling_on_the_laptop(
    window: MainWindow,
) -> None:
    """The Move tool's options in test-play (mode buttons, Recon Spotting, Dig In, Combine,
    Break Down) fit the laptop's left column instead of hiding behind a horizontal scroll bar."""
    window.show()
    window.resize(LAPTOP)
    window.reset_layout_action.trigger()  # the panel widths a first start on a laptop gets
    window.testplay_action.trigger()
    QApplication.processEvents()
    dock = window.docks["tool_options"]
    dock.show()
    dock.raise_()
    QApplication.processEvents()
    area = dock.scroll  # type: ignore[attr-defined]
    needed = area.widget().minimumSizeHint().width()
    assert "Break Down" in {b.text() for b in area.widget().findChildren(QPushButton)}
    assert needed <= area.viewport().width(), (needed, area.viewport().width())
    window.testplay_action.trigger()


def test_the_combat_previews_fit_the_move_options_on_the_laptop(window: MainWindow) -> None:
    """The Fire and Assault buttons and the previews of a fire and of an assault by two
    stacks, their modifiers named one a row, stand in the laptop's left column without a
    horizontal scroll bar."""
    window.show()
    window.resize(LAPTOP)
    window.reset_layout_action.trigger()
    window.testplay_action.trigger()
    QApplication.processEvents()
    dock = window.docks["tool_options"]
    dock.show()
    dock.raise_()
    controller = window.testplay
    game = controller.session.game  # type: ignore[union-attr]
    firer = next(u for u in game.iter_units(game.phasing) if game.fire_targets(u.id))
    window.selection.select_units([firer.id])
    controller.tool.combat.enter("fire")
    target = next(iter(game.fire_targets(firer.id)))
    controller.tool.hover(resting_mouse(window.map_view, target))
    QApplication.processEvents()
    panel = controller.tool.options().combat  # type: ignore[union-attr]
    area = dock.scroll  # type: ignore[attr-defined]
    _settle()
    assert len(panel.preview.rows) >= 6, panel.preview.rows
    assert area.horizontalScrollBar().maximum() == 0, (area.widget().width(), area.viewport())
    controller.tool.combat.leave()
    # Two stacks assault one hex: the longest preview.
    by_target: dict[tuple[int, int], list[str]] = {}
    for unit in game.iter_units(game.phasing):
        for hex_ in game.assault_targets(unit.id):
            by_target.setdefault(hex_, []).append(unit.id)
    target, units = max(by_target.items(), key=lambda item: len(item[1]))
    assert len(units) >= 2
    window.selection.select_units(units[:1])
    controller.tool.combat.enter("assault")
    other = game.offset_of(game.unit(units[1]).hex)
    controller.tool.press(resting_mouse(window.map_view, other, control=True))
    controller.tool.hover(resting_mouse(window.map_view, target))
    _settle()
    assert len([r for r in panel.preview.rows if r[0] == "Attackers"]) >= 2
    assert area.horizontalScrollBar().maximum() == 0, (area.widget().width(), area.viewport())
    window.testplay_action.trigger()


def _settle() -> None:
    """Let the panels lay out again (a label's new text resizes its page over a few passes)."""
    for _ in range(10):
        QApplication.processEvents()


def test_the_players_controls_fit_the_test_play_panel_on_the_laptop(window: MainWindow) -> None:
    """Against the computer, the Players tab (Human or Computer per side, speed, Pause, Stop,
    Skip) and the icon buttons beside the tabs fit the Test-play panel as a laptop's first start
    lays it out, with nothing cut."""
    window.show()
    window.resize(LAPTOP)
    window.reset_layout_action.trigger()
    window.testplay_action.trigger()
    dock = window.testplay.dock
    bar = dock.players_bar
    window.testplay.session.set_players(frozenset({window.testplay.session.game.phasing}))
    dock.tabs.setCurrentWidget(bar)
    QApplication.processEvents()
    assert bar.corner.isVisible()
    assert bar.minimumSizeHint().width() <= bar.width(), (bar.minimumSizeHint(), bar.size())
    assert bar.minimumSizeHint().height() <= bar.height(), (bar.minimumSizeHint(), bar.size())
    for button in bar.buttons:
        assert button.isVisible()
        assert button.geometry().right() <= bar.width()
    window.testplay.turns.pause()  # the computer need not play on while the test ends
    window.testplay_action.trigger()


def test_the_unit_form_needs_no_sideways_scrolling_on_the_laptop(window: MainWindow) -> None:
    """The Unit panel's paired fields (hard and soft attack, speed and class...) stand one
    under the other in a laptop's side column and side by side where there is room."""
    window.show()
    window.resize(LAPTOP)
    window.reset_layout_action.trigger()
    window.selection.select_units(["us.28id.110ir.1bn"])
    dock = window.docks["unit"]
    dock.show()
    dock.raise_()
    for _ in range(5):  # the form lays itself out again once it knows its width
        QApplication.processEvents()
    areas = [a for a in dock.findChildren(QScrollArea) if a.isVisible() and a.widget()]
    assert areas
    for area in areas:
        needed = area.widget().minimumSizeHint().width()
        assert needed <= area.viewport().width(), (needed, area.viewport().width())
    grids = [g for g in dock.findChildren(FieldGrid) if g.isVisible()]
    assert grids
    window.resize(QSize(2400, 1300))
    window.reset_layout_action.trigger()
    QApplication.processEvents()
    assert any(grid.paired for grid in grids)


def test_the_ai_orders_panel_needs_no_sideways_scrolling_on_the_laptop(
    window: MainWindow,
) -> None:
    """The A/I Orders panel, brought forward with an organization of three orders, shows every
    column and the aggressiveness row in its width."""
    window.show()
    window.resize(LAPTOP)
    window.reset_layout_action.trigger()
    window.selection.select_units(["de.2pzd"])
    dock = window.docks["ai_orders"]
    dock.show()
    dock.raise_()
    for _ in range(3):
        QApplication.processEvents()
    assert dock.orders.rowCount() == 3  # type: ignore[attr-defined]
    table = dock.view.table  # type: ignore[attr-defined]
    assert table.horizontalScrollBar().maximum() == 0
    body = dock.widget()
    assert body.minimumSizeHint().width() <= body.width(), (body.minimumSizeHint(), body.size())


def _hidden_tools(bar: QToolBar) -> list[str]:
    """The actions of a tool bar that are out of sight (behind its "»" extension)."""
    hidden = []
    for action in bar.actions():
        if action.isSeparator():
            continue
        widget = bar.widgetForAction(action)
        if widget is None or not widget.isVisible() or not bar.rect().contains(widget.geometry()):
            hidden.append(action.text())
    return hidden


def test_at_1920_pixels_no_tool_hides_behind_the_extension(window: MainWindow) -> None:
    window.show()
    window.resize(1920, 1040)
    QApplication.processEvents()
    bars = window.findChildren(QToolBar)
    assert {bar.objectName() for bar in bars} >= {"file_toolbar", "tools_toolbar"}
    for dock in window.docks.values():  # the panels' own tool bars too, each in front
        dock.raise_()
    QApplication.processEvents()
    for bar in bars:
        if not bar.isVisible():
            continue
        assert _hidden_tools(bar) == [], bar.objectName() or bar.parentWidget()
        extension = bar.findChild(QToolButton, "qt_toolbar_ext_button")
        assert extension is None or not extension.isVisible(), bar.objectName()
    # The tools are reachable from the menus too, whatever the width.
    tools_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Tools")
    assert set(tools_menu.actions()) == set(window.tools.actions.values())


_MEASURE = """
import json, sys
from editor.app import start
from editor.docks.id_picker import IdPickerDialog
from editor.geo.import_dialog import GeographyImportDialog
window = start([sys.argv[1]], ask=lambda *_: None)
window.show()
from PySide6.QtWidgets import QApplication
QApplication.processEvents()
frame = window.frameGeometry()
# Every tool's settings and every panel in front, as a designer's session goes.
for tool in window.tools.tools:
    window.tools.set_current(tool)
    QApplication.processEvents()
for dock in window.docks.values():
    dock.raise_()
    QApplication.processEvents()
screen = window.screen()
hint = window.minimumSizeHint()
room = screen.availableGeometry()
print(json.dumps({
    "hint": [hint.width(), hint.height()],
    "room": [room.x(), room.y(), room.width(), room.height()],
    "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
    "ratio": screen.devicePixelRatio(),
}))
window.set_document(None)
window.close()  # saves the layout, as quitting does
"""


_MEASURE_MOVE_OPTIONS = """
import json, sys
from PySide6.QtWidgets import QApplication, QPushButton
from editor.app import start
window = start([sys.argv[1]], ask=lambda *_: None)
window.show()
QApplication.processEvents()
window.testplay_action.trigger()
dock = window.docks["tool_options"]
dock.show()
dock.raise_()
for _ in range(10):
    QApplication.processEvents()
area = dock.scroll
print(json.dumps({
    "needed": [area.widget().minimumSizeHint().width()],
    "viewport": [area.viewport().width()],
    "scroll": [area.horizontalScrollBar().maximum()],
    "buttons": sorted(b.text() for b in area.widget().findChildren(QPushButton) if b.isVisible()),
}))
window.testplay_action.trigger()
window.set_document(None)
"""


def _first_start(
    tmp_path: Path,
    scenario: Path,
    width: int,
    height: int,
    scale: int,
    *,
    data: str = "",
    script: str = _MEASURE,
) -> dict[str, list[int]]:
    """Start the editor in a fresh process on a screen of that many physical pixels at that
    scale, with no saved layout (or the one left in the `data` folder), and run `script` (by
    default: measure its window)."""
    config = tmp_path / "screen.json"
    screen = {"name": "test", "x": 0, "y": 0, "width": width, "height": height}
    config.write_text(json.dumps({"screens": [{**screen, "logicalDpi": 96, "dpr": 1}]}))
    environment = {
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "QT_SCALE_FACTOR": str(scale),
        "HEXWRIGHT_DATA_DIR": str(tmp_path / (data or f"data-{width}-{scale}")),
    }
    printed = run_fresh(script, str(scenario), environment=environment)
    result: dict[str, list[int]] = json.loads(printed.strip().splitlines()[-1])
    return result


def _inside(frame: list[int], room: list[int]) -> bool:
    x, y, width, height = frame
    left, top, room_width, room_height = room
    return (
        x >= left
        and y >= top
        and x + width <= left + room_width
        and y + height <= top + room_height
    )


def test_at_200_percent_on_1920x1080_the_window_fits(tmp_path: Path, ardennes: Path) -> None:
    measured = _first_start(tmp_path, ardennes, 1920, 1080, 2)
    assert measured["ratio"] == 2
    assert _within(QSize(*measured["hint"]), QSize(960, 540)), measured
    assert _inside(measured["frame"], measured["room"]), measured


def test_at_200_percent_on_1920x1080_the_test_play_move_options_do_not_scroll_sideways(
    tmp_path: Path, ardennes: Path
) -> None:
    """The mode buttons and the actions (Dig In ... Carry, Uncarry) wrap to the left column's
    width instead of hiding behind a horizontal scroll bar."""
    measured = _first_start(tmp_path, ardennes, 1920, 1080, 2, script=_MEASURE_MOVE_OPTIONS)
    assert {"Deployed", "Break Down", "Carry", "Uncarry"} <= set(measured["buttons"]), measured
    assert measured["scroll"] == [0], measured
    assert measured["needed"][0] <= measured["viewport"][0], measured


def test_the_first_start_on_a_laptop_opens_within_the_screen(
    tmp_path: Path, ardennes: Path
) -> None:
    measured = _first_start(tmp_path, ardennes, 1280, 720, 1)
    assert _inside(measured["frame"], measured["room"]), measured
    # Not a postage stamp either: the window takes most of the screen.
    assert measured["frame"][2] >= 1200, measured


def test_a_layout_saved_on_a_big_screen_opens_within_a_laptops(
    tmp_path: Path, ardennes: Path
) -> None:
    big = _first_start(tmp_path, ardennes, 2560, 1440, 1, data="moved")
    assert big["frame"][2] > 1280, big  # the big screen's window is wider than the laptop
    measured = _first_start(tmp_path, ardennes, 1280, 720, 1, data="moved")
    assert _inside(measured["frame"], measured["room"]), measured
    assert measured["frame"][2] >= 1200, measured


def test_the_dialogs_open_within_a_small_screen(window: MainWindow) -> None:
    # The offscreen screen is 800x800: smaller than the Geography import's preferred size.
    document = window.document
    room = window.screen().availableGeometry().size()
    dialogs = [
        GeographyImportDialog(document, window),
        ResizeDialog(document, window),
        SubScenarioDialog(document, parent=window),
        NewTitleDialog(window, document.scenario_path),
        IdPickerDialog([], [], multiple=True, title="Units", parent=window),
    ]
    for dialog in dialogs:
        assert _within(dialog.size(), room), (type(dialog).__name__, dialog.size())
        dialog.deleteLater()


def test_the_supply_and_air_panels_lay_their_tables_side_by_side_at_the_bottom(
    window: MainWindow,
) -> None:
    window.show()
    window.resize(LAPTOP)
    window.reset_layout_action.trigger()
    QApplication.processEvents()
    for name in ("supply", "air"):
        dock = window.docks[name]
        dock.raise_()
        QApplication.processEvents()
        splitter = dock.findChild(AdaptiveSplitter)
        assert splitter is not None, name
        # Wide and short at the bottom of a laptop's window: the two tables side by side, so
        # the panel asks the map for no more height than one table needs.
        assert splitter.orientation() is Qt.Orientation.Horizontal, name
        assert dock.minimumSizeHint().height() <= 180, (name, dock.minimumSizeHint())
        # Moved to a side column, narrow and tall: one above the other.
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.raise_()
        QApplication.processEvents()
        assert splitter.orientation() is Qt.Orientation.Vertical, (name, splitter.size())
        window.reset_layout_action.trigger()
        QApplication.processEvents()
