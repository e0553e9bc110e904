"""The editor adapts to a Tactical GameX title (issue 18): a designer builds a small situation
from scratch in the window (a new title with the ruleset, panels laid out, a unit type added,
counters placed in a painted setup area, a victory condition, a CRT cell edited), saves it,
reopens it and validates it; the panels that do not apply are not offered, and the Panzer
window comes back whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from editor.app import start
from editor.commands import SetValue
from editor.document import DocumentError
from editor.main_window import MainWindow
from editor.mapops.dialogs import NewTitleDialog
from editor.model_paths import get_at
from editor.recovery import Autosaver
from editor.tactical_gamex.board_view import BoardView, area_hexes
from editor.tactical_gamex.counter_drag import counter_mime
from editor.tactical_gamex.document import TgxDocument, open_situation
from editor.tactical_gamex.forces import counter_path
from editor.tactical_gamex.panel_layout import LayoutView
from schemas.io import FileKind
from schemas.tactical_gamex.loading import load_situation
from tests.conftest import REPO
from tests.editor.gui.tgx_title import window_on_title, write_title


@pytest.fixture(scope="module")
def shared_window(qapp, tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
    """One window for the module's situation tests; each test opens its own copy of the
    title in it."""
    with window_on_title(tmp_path_factory.mktemp("tgx-editor")) as win:
        yield win


@pytest.fixture
def tgx_window(shared_window: MainWindow, tmp_path: Path) -> MainWindow:
    """The window opened on a fresh copy of the small test title (no Panzer scenario read
    first), with the Select tool and every board layer on, as a new window has them."""
    win = shared_window
    assert win.open_path(write_title(tmp_path / "tgx"))
    tool_action(win, "tgx_select").trigger()
    for action in win.layers_menu.actions():
        if action.isCheckable() and not action.isChecked():
            action.trigger()
    return win


def _mouse(widget: QWidget, kind: QEvent.Type, at: QPoint, button: Qt.MouseButton) -> None:
    held = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseButtonRelease else button
    event = QMouseEvent(
        kind,
        QPointF(at),
        QPointF(widget.mapToGlobal(at)),
        button,
        held,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, event)


def drag(widget: QWidget, points: list[QPoint], button=Qt.MouseButton.LeftButton) -> None:
    """Press at the first point, move through the others with the button held, release."""
    _mouse(widget, QEvent.Type.MouseButtonPress, points[0], button)
    for point in points[1:]:
        _mouse(widget, QEvent.Type.MouseMove, point, button)
    _mouse(widget, QEvent.Type.MouseButtonRelease, points[-1], button)


def on_board(view: BoardView, spot: tuple[int, int]) -> QPoint:
    """Where a board hex's centre is in the view's viewport."""
    return view.mapFromScene(view.center(spot))


def tool_action(window: MainWindow, name: str) -> QAction:
    action = window.findChild(QAction, f"tool_{name}")
    assert action is not None, name
    return action


def test_a_situation_built_from_scratch_saves_reopens_and_validates(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    template = write_title(tmp_path / "template")
    # File > New Title… with the Tactical GameX ruleset: two blank panels of 7x4.
    dialog = NewTitleDialog(window)
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("tactical_gamex"))
    assert not dialog.tgx_form.isHidden()
    assert dialog.map_name.isHidden()
    dialog.location.edit.setText(str(tmp_path))
    dialog.folder_name.setText("kursk")
    dialog.title.setText("Prokhorovka")
    dialog.tgx_form.template.setText(str(template))
    dialog.tgx_form.width_spin.setValue(7)
    dialog.tgx_form.height_spin.setValue(4)
    # No invented objective: the form refuses a title until it says what wins.
    with pytest.raises(ValueError, match="which hexes"):
        dialog.tgx_form.create(tmp_path / "refused", "Prokhorovka")
    assert not (tmp_path / "refused").exists()
    dialog.tgx_form.victory_hexes.setText("a d2")
    # Soviet against German: the PanzerBlitz charts' usual levels [003 7.0].
    assert (dialog.tgx_form.allied_morale.value(), dialog.tgx_form.axis_morale.value()) == (7, 8)
    created = dialog.create_title_folder()
    assert window.open_path(created)
    document = window.document
    assert isinstance(document, TgxDocument)
    assert "Prokhorovka" in window.windowTitle()

    # The window offers this ruleset's panels and tools, and not the Panzer ones.
    supply = window.docks["supply"]
    assert supply.isHidden()
    assert not supply.toggleViewAction().isVisible()
    tables = window.rulesets.docks["tgx_tables"]
    assert tables.toggleViewAction().isVisible()
    assert not window.findChild(QWidget, "tools_toolbar").isVisible()
    assert window.rulesets.stack.currentWidget() is window.rulesets.workspace.view

    # Panels laid out by dragging: A onto B's place swaps them; a double-click turns one.
    layout_dock = window.rulesets.docks["tgx_panels"]
    layout_dock.show()
    layout_dock.raise_()
    view: LayoutView = layout_dock.view
    qtbot.waitUntil(lambda: view.isVisible() and view.width() > 100)
    first = view.slot_rect(0, 0).center().toPoint()
    second = view.slot_rect(1, 0).center().toPoint()
    drag(view, [first, second])
    panels = document.situation.board.panels
    assert [(p.file.split("/")[-1], p.column) for p in panels] == [
        ("a.panel.yaml", 1),
        ("b.panel.yaml", 0),
    ]
    qtbot.mouseDClick(view, Qt.MouseButton.LeftButton, pos=second)
    assert document.situation.board.panels[0].rotated
    document.undo_stack.undo()
    assert not document.situation.board.panels[0].rotated
    document.undo_stack.redo()
    board = document.board()
    assert board is not None
    assert board.width == 13
    # Panel A, turned, now lies on the right: its A1 is the board's bottom right corner.
    assert board.hex_of("A A1") == (12, 3)

    # A unit type added to the library and given its values.
    types_dock = window.rulesets.docks["tgx_unit_types"]
    types_dock.raise_()
    count = len(document.unit_types.unit_types)
    qtbot.mouseClick(types_dock.add_button, Qt.MouseButton.LeftButton)
    assert len(document.unit_types.unit_types) == count + 1
    row = types_dock.table.currentIndex().row()
    grid = types_dock.grid
    column = {c.header: i for i, c in enumerate(grid.columns)}
    assert grid.setData(grid.index(row, column["Nation"]), "soviet_union")
    assert grid.setData(grid.index(row, column["AS"]), "9")
    assert grid.setData(grid.index(row, column["Name"]), "Guards rifle")
    assert not grid.setData(grid.index(row, column["AS"]), "-3")
    assert "Refused" in types_dock.message.text()
    new_type = document.unit_types.unit_types[row]
    assert (new_type.attack, new_type.name) == (9, "Guards rifle")

    # A setup area for the Allied side, painted on the board with the Setup Areas tool.
    setup = window.rulesets.docks["tgx_setup"]
    setup.raise_()
    area_id = setup.add_area()
    board_view = window.rulesets.workspace.view
    board_view.zoom_to_fit()
    tool_action(window, "tgx_setup_areas").trigger()
    stroke = [(0, 0), (1, 0), (2, 0), (2, 1)]
    drag(board_view.viewport(), [on_board(board_view, spot) for spot in stroke])
    area = document.situation.setup_areas[-1]
    assert area.id == area_id
    assert area_hexes(document.board(), area) == set(stroke)
    steps = document.undo_stack.count()
    document.undo_stack.undo()  # the whole stroke is one step
    assert document.situation.setup_areas[-1].hexes == []
    document.undo_stack.redo()
    assert document.undo_stack.count() == steps

    # Counters of the new type added in Forces and placed in the area with the Counters tool.
    forces = window.rulesets.docks["tgx_forces"]
    forces.raise_()
    # Every nation has a morale level [003 7.0] from the start; the designer may change it.
    assert [s.nations[0].morale_level for s in document.situation.sides] == [7, 8]
    assert document.situation.victory.conditions[0].hexes == ["A D2"]
    forces.choose(0, 0)
    assert forces.nations.setData(forces.nations.index(0, 1), "6")
    assert not forces.nations.setData(forces.nations.index(0, 1), "13")
    assert [s.nations[0].morale_level for s in document.situation.sides] == [6, 8]
    forces.type_box.setCurrentIndex(forces.type_box.findData(new_type.id))
    qtbot.mouseClick(forces.add_button, Qt.MouseButton.LeftButton)
    counter_id = window.rulesets.workspace.chosen.counter
    assert counter_id is not None
    tool_action(window, "tgx_counters").trigger()
    qtbot.mouseClick(
        board_view.viewport(), Qt.MouseButton.LeftButton, pos=on_board(board_view, (1, 0))
    )
    path = counter_path(document.situation, counter_id)
    counter = get_at(document.situation, path)
    assert counter.type == new_type.id
    assert document.board().hex_of(counter.hex) == (1, 0)
    assert counter.setup_area == area_id

    # A victory condition: exit four counters off the west edge.
    victory = window.rulesets.docks["tgx_victory"]
    victory.raise_()
    victory.add_condition("exit_units")
    fields = victory.fields
    rows = {fields.headerData(r, Qt.Orientation.Vertical): r for r in range(fields.rowCount())}
    assert fields.setData(fields.index(rows["Edge"], 0), "west")
    assert fields.setData(fields.index(rows["How many"], 0), "4")
    condition = document.situation.victory.conditions[-1]
    assert (condition.kind, condition.edge.value, condition.count) == ("exit_units", "west", 4)

    # A CRT cell edited; a result the CRT has not is refused with the reason.
    tables.raise_()
    crt = tables.grids["CRT"]
    assert crt.headerData(1, Qt.Orientation.Horizontal) == "1:3"
    assert crt.setData(crt.index(5, 1), "D")
    assert document.tables.crt.rows[5].results[0].value == "D"
    assert not crt.setData(crt.index(5, 2), "Q")
    assert "Refused" in tables.message.text()
    assert "1:2" in tables.message.text()

    # Saved, reopened: everything is there, and the title validates.
    assert window.save()
    assert not document.is_dirty
    assert window.open_path(created)
    reopened = window.document
    assert isinstance(reopened, TgxDocument)
    assert reopened is not document
    assert reopened.tables.crt.rows[5].results[0].value == "D"
    assert reopened.situation.victory.conditions[-1].edge.value == "west"
    names = {t.id: t.name for t in reopened.unit_types.unit_types}
    assert names[new_type.id] == "Guards rifle"
    placed = get_at(reopened.situation, counter_path(reopened.situation, counter_id))
    assert placed.setup_area == area_id
    bundle = load_situation(created)
    assert bundle.is_complete
    assert [p.format() for p in bundle.problems if p.is_error] == []


def test_the_panzer_window_comes_back_whole(window: MainWindow, tmp_path: Path) -> None:
    ardennes = window.document.scenario_path
    shown = {name for name, dock in window.docks.items() if not dock.isHidden()}
    assert window.open_path(write_title(tmp_path / "tgx"))
    assert all(dock.isHidden() for name, dock in window.docks.items() if name != "history")
    assert window.open_path(ardennes)
    assert {name for name, dock in window.docks.items() if not dock.isHidden()} == shown
    assert all(dock.toggleViewAction().isVisible() for dock in window.docks.values())
    assert all(dock.isHidden() for dock in window.rulesets.docks.values())
    assert window.findChild(QWidget, "tools_toolbar").isVisible()
    assert window.rulesets.stack.currentIndex() == 0
    assert window.testplay_action.isEnabled()


def test_the_status_bar_and_hex_info_give_native_addresses(tgx_window: MainWindow, qtbot) -> None:
    window = tgx_window
    view = window.rulesets.workspace.view
    view.zoom_to_fit()
    # (From another hex first: a window kept from an earlier test may have the mouse there.)
    qtbot.mouseMove(view.viewport(), on_board(view, (0, 0)))
    qtbot.mouseMove(view.viewport(), on_board(view, (6, 1)))
    # Column 6 is the seam: the hex is G2 of panel A and A2 of panel B.
    assert window.hex_label.text().startswith("A G2 / B A2 · ")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=on_board(view, (0, 0)))
    info = window.rulesets.docks["tgx_hex_info"]
    assert info.text().splitlines()[0].startswith("A A1 · clear")
    assert "Counter r1 — Rifle: 6 I 2* / DS 8 / MP 1" in info.text()
    # F1 on the board or in a panel opens the Tactical GameX help page.
    view.setFocus()
    assert window.keyboard.context_topic() == "tactical-gamex"
    # View > Map Layers switches the board's layers; View > Zoom In zooms the board.
    layer = window.layers_menu.findChild(QAction, "layer_counters")
    assert window.layers_menu.isEnabled()
    layer.trigger()
    assert "counters" not in view.layers
    scale = view.transform().m11()
    window.zoom_in_action.trigger()
    assert view.transform().m11() > scale


def test_the_ruleset_panels_models_pass_the_model_tester(
    tgx_window: MainWindow, qtmodeltester
) -> None:
    window = tgx_window
    docks = window.rulesets.docks
    models = [
        *docks["tgx_tables"].grids.values(),
        docks["tgx_unit_types"].grid,
        docks["tgx_forces"].sides,
        docks["tgx_forces"].nations,
        docks["tgx_forces"].counters,
        docks["tgx_setup"].areas,
        docks["tgx_setup"].allotments,
        docks["tgx_victory"].conditions,
        docks["tgx_victory"].levels,
    ]
    victory = docks["tgx_victory"]
    victory.list.setCurrentIndex(victory.conditions.index(0, 0))
    models.append(victory.fields)
    situation = docks["tgx_situation"]
    models += [situation.general, situation.reinforcements.grid, situation.oba.grid]
    grids = docks["tgx_tables"].grids
    filled = [grids["Terrain"], grids["CRT"], docks["tgx_unit_types"].grid, victory.fields]
    assert all(model.rowCount() > 0 for model in filled)
    for model in models:
        qtmodeltester.check(model, force_py=True)


def test_table_cells_refuse_what_the_rules_refuse(tgx_window: MainWindow) -> None:
    window = tgx_window
    document = window.document
    tables = window.rulesets.docks["tgx_tables"]
    terrain = tables.grids["Terrain"]
    # Movement costs go in halves (a road costs 1/2 MP a hex [003 5.2]).
    assert not terrain.setData(terrain.index(0, 0), "0.3")
    assert "multiple of 0.5" in tables.message.text()
    assert terrain.setData(terrain.index(0, 0), "1.5")
    assert terrain.setData(terrain.index(1, 1), "P")  # prohibited
    assert document.tables.terrain[1].mp[terrain.columns[1].key] is None
    assert terrain.data(terrain.index(1, 1)) == "P"
    # A row made milder than the one above it is allowed (a house rule) but said aloud.
    crt = tables.grids["CRT"]
    assert crt.setData(crt.index(1, 6), "-")
    assert "Accepted, but" in tables.message.text()
    # The OBA scatter must send each die to a different neighbour: a repeat is refused.
    oba = tables.grids["OBA Scatter"]
    assert not oba.setData(oba.index(1, 0), document.tables.oba_scatter[0].value)
    assert "different neighbour" in tables.message.text()
    assert document.undo_stack.count() == 3
    for _ in range(3):
        document.undo_stack.undo()
    assert not document.is_dirty


def test_the_situation_panel_sets_reinforcements_and_special_rules(
    tgx_window: MainWindow, qtbot
) -> None:
    window = tgx_window
    document = window.document
    panel = window.rulesets.docks["tgx_situation"]
    panel.raise_()
    # A reinforcement brings off-map counters: none yet, so it is refused with the reason.
    assert not panel.reinforcements.add()
    assert "Off map" in panel.message.text()
    forces = window.rulesets.docks["tgx_forces"]
    forces.choose(1, 0)
    assert forces.counters.setData(
        forces.counters.index(0, 5), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole
    )
    assert panel.reinforcements.add()
    reinforcement = document.situation.reinforcements[0]
    assert (reinforcement.side.value, reinforcement.turn, reinforcement.counters) == (
        "axis",
        2,
        ["p1"],
    )
    grid = panel.reinforcements.grid
    assert grid.setData(grid.index(0, 3), "east")
    assert not grid.setData(grid.index(0, 2), "0")  # turns count from 1
    assert document.situation.reinforcements[0].edge.value == "east"
    general = panel.general
    rows = {general.headerData(r, Qt.Orientation.Vertical): r for r in range(general.rowCount())}
    assert general.setData(general.index(rows["Turns"], 0), "12")
    assert general.setData(general.index(rows["Optional rules"], 0), "smoke, bail_out")
    assert [r.value for r in document.situation.optional_rules] == ["smoke", "bail_out"]
    assert not general.setData(general.index(rows["Modules"], 0), "parachutes")
    panel.special.setPlainText("Hill 132 is clear terrain.\nNo Soviet OBA on turn 1.")
    qtbot.waitUntil(lambda: len(document.situation.special_rules) == 2)
    steps = document.undo_stack.count()
    document.undo_stack.undo()
    assert document.situation.special_rules == []
    assert panel.special.toPlainText() == ""
    assert document.undo_stack.count() == steps


def test_save_as_keeps_the_references_to_the_title_files(tgx_window: MainWindow) -> None:
    document = tgx_window.document
    title = document.title_folder
    target = title / "copy.situation.yaml"
    document.save_as(target)
    assert document.situation.files.units == "test.units.yaml"
    assert document.situation.board.panels[0].file == "panels/a.panel.yaml"
    copy = load_situation(target)
    assert copy.is_complete
    assert copy.board.address_of(6, 0) == "A G1"
    with pytest.raises(DocumentError, match="outside the title folder"):
        document.save_as(title / "situations" / "elsewhere.situation.yaml")


def test_panels_dragged_on_the_board_swap_places(tgx_window: MainWindow) -> None:
    window = tgx_window
    document = window.document
    view = window.rulesets.workspace.view
    view.zoom_to_fit()
    tool_action(window, "tgx_panel_layout").trigger()
    # From panel A's hex B2 to panel B's E3: B now lies on the left.
    drag(view.viewport(), [on_board(view, (1, 1)), on_board(view, (10, 2))])
    assert [p.column for p in document.situation.board.panels] == [1, 0]
    assert document.board().address_of(0, 0) == "B A1"
    assert document.undo_stack.undoText() == "Swap Panels"


def test_the_history_panel_lists_the_situation_steps(tgx_window: MainWindow) -> None:
    window = tgx_window
    document = window.document
    history = window.docks["history"]
    assert history.toggleViewAction().isVisible()
    assert history.view.stack() is document.undo_stack
    assert history.view.emptyLabel() == "<opened test.situation.yaml>"
    view = window.rulesets.workspace.view
    view.zoom_to_fit()
    tool_action(window, "tgx_panel_layout").trigger()
    drag(view.viewport(), [on_board(view, (1, 1)), on_board(view, (10, 2))])
    model = history.view.model()
    assert model.rowCount() == 2
    assert model.index(1, 0).data() == "Swap Panels"
    # Clicking the opened state goes back to it.
    history.view.setCurrentIndex(model.index(0, 0))
    assert [p.column for p in document.situation.board.panels] == [0, 1]
    assert not document.is_dirty


def test_the_sample_situation_shows_its_neutral_counters(tgx_window: MainWindow) -> None:
    window = tgx_window
    sample = sorted((REPO / "sample_data").glob("tgx_*/scenarios/*.situation.yaml"))[0]
    assert window.open_path(sample)
    board = window.document.board()
    marker = window.document.situation.markers[0]
    window.rulesets.workspace.show_hex(board.hex_of(marker.hex))
    info = window.rulesets.docks["tgx_hex_info"].text()
    assert f"Neutral counter: {marker.kind.value} {marker.strength}" in info
    assert window.problems_label.text() == "0 errors, 0 warnings"


def test_unsaved_edits_of_a_situation_are_offered_back_after_a_crash(qtbot, tmp_path: Path) -> None:
    path = write_title(tmp_path / "tgx")
    document = open_situation(path)
    saver = Autosaver()
    saver.set_document(document)
    cell = ("crt", "rows", 5, "results", 0)
    document.push(SetValue(document, FileKind.TABLES, cell, "X", "Set CRT"))
    assert saver.write_now() is not None
    offered = []
    window = start(
        [], ask=lambda _parent, copy: offered.append(copy) or QMessageBox.StandardButton.Yes
    )
    qtbot.addWidget(window)
    assert offered[0].changed_files == ["test.tables.yaml"]
    restored = window.document
    assert isinstance(restored, TgxDocument)
    assert restored.tables.crt.rows[5].results[0].value == "X"
    assert restored.is_dirty
    restored.undo_stack.undo()  # back to the files as saved
    assert restored.tables.crt.rows[5].results[0].value != "X"
    window.ask = lambda *_: QMessageBox.StandardButton.Discard


def drop_counter(view: BoardView, counter_id: str, spot: tuple[int, int]) -> None:
    """Drop a counter dragged out of Forces on a board hex."""
    data = counter_mime(counter_id)
    at = QPointF(on_board(view, spot))
    for kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
        cls = QDragEnterEvent if kind == QEvent.Type.DragEnter else QDragMoveEvent
        moving = cls(
            at.toPoint(),
            Qt.DropAction.MoveAction,
            data,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(view.viewport(), moving)
        assert moving.isAccepted()
    drop = QDropEvent(
        at,
        Qt.DropAction.MoveAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.viewport(), drop)


def test_counters_dragged_onto_the_board_keep_to_setup_areas_and_stacking(
    tgx_window: MainWindow,
) -> None:
    window = tgx_window
    document = window.document
    view = window.rulesets.workspace.view
    view.zoom_to_fit()
    board = document.board()
    messages: list[str] = []
    window.rulesets.workspace.message.connect(messages.append)

    def where(counter_id: str) -> tuple[tuple[int, int] | None, str | None]:
        counter = get_at(document.situation, counter_path(document.situation, counter_id))
        spot = board.hex_of(counter.hex) if counter.hex is not None else None
        return spot, counter.setup_area

    # The Axis sets up on panel B, its only setup area: a hex of panel A is refused.
    steps = document.undo_stack.count()
    drop_counter(view, "p1", (1, 1))
    assert where("p1") == (None, "axis_east")
    assert "outside the axis setup areas (axis_east)" in messages[-1]
    assert document.undo_stack.count() == steps
    drop_counter(view, "p1", (10, 1))
    assert where("p1") == ((10, 1), "axis_east")
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Place Counter p1"

    # The Soviets stack two to a hex [003 3.3]: a third is refused with the check's reason.
    forces = window.rulesets.docks["tgx_forces"]
    forces.choose(0, 0)
    forces.add_counter()
    second = window.rulesets.workspace.chosen.counter
    forces.add_counter()
    third = window.rulesets.workspace.chosen.counter
    drop_counter(view, second, (0, 0))
    assert where(second)[0] == (0, 0)
    drop_counter(view, third, (0, 0))
    assert where(third)[0] is None
    assert "the limit is 2 [003 3.3]" in messages[-1]

    # Between hexes with Select: one step; into the enemy's hex is refused.
    tool_action(window, "tgx_select").trigger()
    steps = document.undo_stack.count()
    drag(view.viewport(), [on_board(view, (0, 0)), on_board(view, (3, 2))])
    assert where(second)[0] == (3, 2)
    assert document.undo_stack.count() == steps + 1
    drag(view.viewport(), [on_board(view, (3, 2)), on_board(view, (10, 1))])
    assert where(second)[0] == (3, 2)
    assert "holds units of both sides" in messages[-1]
    document.undo_stack.undo()
    assert where(second)[0] == (0, 0)
