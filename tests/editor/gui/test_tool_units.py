"""The Units tool on the map: a click places the units selected in the OOB, a drag moves a stack
with a red over-stacking warning in its preview, a box selects, Delete removes to unplaced, the
options set placement fields and make reinforcements and back, and units and organizations
dragged from the OOB tree land on the map within the stacking limits. Every edit is one undo
step that restores the scenario byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from editor.docks.oob_tree import OobTreeDock
from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.placement_rules import named_units
from editor.tools.unit_options import UnitOptions
from editor.tools.unit_tools import UnitsTool
from engine.hexgrid import Grid
from engine.panzer_campaigns.setup import check_bundle
from schemas.io import dump_text
from schemas.panzer_campaigns.oob import Component
from schemas.panzer_campaigns.scenario import Mode, Placement
from tests.editor.gui.feature_tool_input import ZOOM, hover, tool_view

PANZER_DIVISION = "de.116pzd"
"""Unplaced in The Road to Bastogne: 17 units, 3440 men-equivalents."""
RECON = "de.116pzd.aa116"
ENGINEERS = "de.116pzd.pi675"
TANKS = "de.116pzd.pzr16.1abt"


@pytest.fixture
def tool(selection: Selection) -> UnitsTool:
    return UnitsTool(selection)


@pytest.fixture
def view(qtbot, document: Document, selection: Selection, tool: UnitsTool) -> MapView:
    widget = tool_view(qtbot, document, selection, tool)
    widget.drop_handler = tool
    return widget


def _messages(tool: UnitsTool) -> list[str]:
    said: list[str] = []
    tool.message.connect(said.append)
    return said


def _pixel(view: MapView, hex_: tuple[int, int]) -> QPoint:
    return view.hex_pixel(hex_).toPoint()


def _move_held(view: MapView, point: QPoint, modifiers: Qt.KeyboardModifier) -> None:
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(point),
        QPointF(view.mapToGlobal(point)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.LeftButton,
        modifiers,
    )
    QApplication.sendEvent(view, event)


def _drag(
    qtbot,
    view: MapView,
    start: QPoint,
    end: QPoint,
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
    *,
    release: bool = True,
) -> None:
    """Press at `start`, move there in steps with the button held, release at `end`."""
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, modifiers, start)
    for step in range(1, 5):
        _move_held(view, start + (end - start) * step / 4, modifiers)
    if release:
        qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, modifiers, end)


def _click(qtbot, view: MapView, hex_: tuple[int, int]) -> None:
    view.center_on(hex_)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=_pixel(view, hex_))


def _stacks(document: Document) -> dict[tuple[int, int], list[str]]:
    stacks: dict[tuple[int, int], list[str]] = {}
    for placement in document.scenario.placements:
        stacks.setdefault(tuple(placement.hex), []).append(placement.unit)  # type: ignore[arg-type]
    return stacks


def _open_hex(document: Document, near: tuple[int, int], apart: int = 2) -> tuple[int, int]:
    """The clear hex nearest `near` with no unit within `apart` hexes."""
    grid = Grid(document.map.width, document.map.height, document.map.shifted_columns)
    occupied = [grid.hex_at(*hex_) for hex_ in _stacks(document)]
    origin = grid.hex_at(*near)
    for radius in range(30):
        for candidate in origin.iter_ring(radius):
            column, row = grid.offset_of(candidate)
            if not grid.contains(column, row) or document.map.terrain_rows[row][column] != ".":
                continue
            if all(candidate.distance(other) > apart for other in occupied):
                return column, row
    raise AssertionError("no open hex")


def _men_equivalent(document: Document, unit_id: str) -> int:
    unit = document.oob_index.units[unit_id].unit
    return unit.strength * (1 if unit.component is Component.MEN else 10)


def _undo_restores(document: Document, before: str) -> None:
    document.undo_stack.undo()
    assert dump_text(document.scenario) == before


# Placing by click ------------------------------------------------------------------------------


def test_a_click_places_the_selected_unplaced_unit(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    target = _open_hex(document, (40, 30))
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    selection.select_units([RECON])
    _click(qtbot, view, target)
    assert document.scenario.placements[-1] == Placement(unit=RECON, hex=target)
    assert document.scenario.placements[-1].mode is Mode.DEPLOYED
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Place Unit"
    assert selection.hex == target
    _undo_restores(document, before)


def test_a_click_places_every_selected_unplaced_unit_on_the_hex(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    target = _open_hex(document, (40, 30))
    selection.select_units([RECON, ENGINEERS])
    said = _messages(tool)
    _click(qtbot, view, target)
    assert [(p.unit, p.hex) for p in document.scenario.placements[-2:]] == [
        (RECON, target),
        (ENGINEERS, target),
    ]
    assert document.undo_stack.undoText() == "Place Units"
    assert said[-1] == f"Placed 2 units at ({target[0]}, {target[1]})"


def test_impassable_ground_refuses_a_placement(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    rows = document.map.terrain_rows
    marsh = next((c, r) for r, row in enumerate(rows) for c, code in enumerate(row) if code == "m")
    steps = document.undo_stack.count()
    selection.select_units([TANKS])
    said = _messages(tool)
    _click(qtbot, view, marsh)
    assert document.undo_stack.count() == steps
    assert said[-1].startswith("Cannot place 1 unit: ")
    assert "marsh only by road" in said[-1]


# Moving by drag --------------------------------------------------------------------------------


def test_dragging_a_stack_moves_it_in_one_step(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    source, units = next((h, s) for h, s in _stacks(document).items() if len(s) >= 2)
    target = _open_hex(document, source)
    view.center_on(source)
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    _drag(qtbot, view, _pixel(view, source), _pixel(view, target))
    assert _stacks(document)[target] == units
    assert source not in _stacks(document)
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Move Units"
    assert selection.units == units
    assert selection.hex == target
    _undo_restores(document, before)
    document.undo_stack.redo()
    assert _stacks(document)[target] == units


def test_dragging_a_selected_unit_moves_only_the_selection(
    qtbot, view: MapView, document: Document, selection: Selection
) -> None:
    source, units = next((h, s) for h, s in _stacks(document).items() if len(s) >= 2)
    target = _open_hex(document, source)
    view.center_on(source)
    selection.select_units([units[1]])
    _drag(qtbot, view, _pixel(view, source), _pixel(view, target))
    stacks = _stacks(document)
    assert stacks[target] == [units[1]]
    assert units[0] in stacks[source]
    assert document.undo_stack.undoText() == "Move Unit"


def test_the_move_preview_warns_of_over_stacking_and_the_move_still_happens(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    # Two full panzer grenadier battalions on one hex, then the rest of the regiment joins it.
    home = _open_hex(document, (40, 30), apart=3)
    grid = Grid(document.map.width, document.map.height, document.map.shifted_columns)
    beside = next(
        grid.offset_of(h)
        for h in grid.hex_at(*home).iter_ring(2)
        if document.map.terrain_rows[grid.offset_of(h)[1]][grid.offset_of(h)[0]] == "."
    )
    selection.select_units(["de.116pzd.pgr60.1bn", "de.116pzd.pgr60.2bn"])
    _click(qtbot, view, home)
    selection.select_units(["de.116pzd.pgr156.1bn", "de.116pzd.pgr156.2bn"])
    _click(qtbot, view, beside)
    selection.select_units([])
    view.set_zoom(64)
    view.center_on(home)
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    said = _messages(tool)
    _drag(qtbot, view, _pixel(view, beside), _pixel(view, home), release=False)
    total = sum(
        _men_equivalent(document, u)
        for u in (
            "de.116pzd.pgr60.1bn",
            "de.116pzd.pgr60.2bn",
            "de.116pzd.pgr156.1bn",
            "de.116pzd.pgr156.2bn",
        )
    )
    warning = f"({home[0]}, {home[1]}) over-stacked: {total} men-equivalents, over the limit"
    assert said[-1].startswith(f"Move 2 units to ({home[0]}, {home[1]}); warning: {warning}")
    # The preview shows it in red under the target hex.
    image = view.render_view()
    Path("/tmp/shots").mkdir(parents=True, exist_ok=True)
    view.grab().save("/tmp/shots/tool_units_drag.png")
    below = (view.hex_pixel(home) + QPointF(0, 64 * 0.55 + 4)).toPoint()
    row = [image.pixelColor(below.x() + dx, below.y()) for dx in range(-100, 100)]
    assert sum(1 for c in row if c.red() > 180 and c.green() < 80 and c.blue() < 80) > 50
    assert document.undo_stack.count() == steps  # nothing moved before the release
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=_pixel(view, home))
    assert len(_stacks(document)[home]) == 4
    assert said[-1].startswith(f"Moved 2 units to ({home[0]}, {home[1]}); warning: {warning}")
    assert said[-1].endswith("(see Problems)")
    codes = {(p.code, p.hex) for p in check_bundle(document.bundle())}
    assert ("SETUP002", home) in codes
    _undo_restores(document, before)


def test_moving_onto_impassable_ground_is_refused(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    rows = document.map.terrain_rows
    marsh = next((c, r) for r, row in enumerate(rows) for c, code in enumerate(row) if code == "m")
    grid = Grid(document.map.width, document.map.height, document.map.shifted_columns)
    start = next(
        grid.offset_of(h)
        for h in grid.hex_at(*marsh).iter_ring(2)
        if grid.contains_hex(h) and rows[grid.offset_of(h)[1]][grid.offset_of(h)[0]] == "."
    )
    selection.select_units([TANKS])
    _click(qtbot, view, start)
    selection.select_units([])
    steps = document.undo_stack.count()
    said = _messages(tool)
    _drag(qtbot, view, _pixel(view, start), _pixel(view, marsh))
    assert document.undo_stack.count() == steps
    assert said[-1].startswith("Not moved: ")
    assert _stacks(document)[start] == [TANKS]


def test_escape_drops_a_move_under_way(
    qtbot, view: MapView, tool: UnitsTool, document: Document
) -> None:
    source = next(iter(_stacks(document)))
    target = _open_hex(document, source)
    view.center_on(source)
    before = dump_text(document.scenario)
    _drag(qtbot, view, _pixel(view, source), _pixel(view, target), release=False)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=_pixel(view, target))
    assert dump_text(document.scenario) == before


# Selecting -------------------------------------------------------------------------------------


def _box_around(view: MapView, stacks: dict, hex_: tuple[int, int]) -> tuple[QPoint, QPoint]:
    """A box that starts on a hex without units and holds the centre of `hex_` alone."""
    view.center_on(hex_)
    centre = view.hex_pixel(hex_)
    for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        corner = centre + QPointF(sx * 0.6 * ZOOM, sy * 0.6 * ZOOM)
        if view.hex_at(corner) not in stacks:
            return corner.toPoint(), (centre - QPointF(sx * 0.3 * ZOOM, sy * 0.3 * ZOOM)).toPoint()
    raise AssertionError("no open corner")


def test_a_box_on_open_ground_selects_the_units_in_it_and_ctrl_adds(
    qtbot, view: MapView, document: Document, selection: Selection
) -> None:
    stacks = _stacks(document)
    first, second = sorted(stacks)[:2]
    _drag(qtbot, view, *_box_around(view, stacks, first))
    assert selection.units == stacks[first]
    _drag(qtbot, view, *_box_around(view, stacks, second), Qt.KeyboardModifier.ControlModifier)
    assert selection.units == stacks[first] + stacks[second]
    _drag(qtbot, view, *_box_around(view, stacks, second))
    assert selection.units == stacks[second]


def test_a_click_on_a_stack_selects_it(
    qtbot, view: MapView, document: Document, selection: Selection
) -> None:
    source, units = next((h, s) for h, s in _stacks(document).items() if len(s) >= 2)
    _click(qtbot, view, source)
    assert selection.units == units
    assert selection.hex == source


# Removing and the options ----------------------------------------------------------------------


def test_delete_removes_the_selected_units_to_unplaced(
    qtbot, view: MapView, document: Document, selection: Selection
) -> None:
    source, units = next((h, s) for h, s in _stacks(document).items() if len(s) >= 2)
    before = dump_text(document.scenario)
    selection.select_units(units)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert source not in _stacks(document)
    assert set(named_units(document, units).unplaced) == set(units)
    assert document.undo_stack.undoText() == "Remove Placements"
    _undo_restores(document, before)


def test_the_options_set_mode_facing_and_fixed_on_the_selection(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    options = tool.options()
    assert isinstance(options, UnitOptions)
    qtbot.addWidget(options)
    units = next(s for s in _stacks(document).values() if len(s) >= 2)
    selection.select_units(units)
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    mode = options.placements.editors["mode"]
    mode.combo.setCurrentIndex(mode.combo.findData(Mode.TRAVEL.value))  # type: ignore[attr-defined]
    rows = [p for p in document.scenario.placements if p.unit in units]
    assert {p.mode for p in rows} == {Mode.TRAVEL}
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Set Unit Mode"
    fixed = options.placements.editors["fixed"]
    fixed.box.click()  # type: ignore[attr-defined]
    assert all(p.fixed for p in document.scenario.placements if p.unit in units)
    assert document.undo_stack.count() == steps + 2
    document.undo_stack.undo()
    _undo_restores(document, before)


def test_make_reinforcement_and_place_now(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    options = tool.options()
    assert isinstance(options, UnitOptions)
    qtbot.addWidget(options)
    source, units = next((h, s) for h, s in _stacks(document).items() if len(s) >= 2)
    kept = [p for p in document.scenario.placements if p.unit in units]
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    selection.select_units(units)
    options.turn.setValue(5)
    options.make_button.click()
    made = document.scenario.reinforcements[-1]
    assert (made.id, made.turn, made.hex, made.units) == ("reinforcement-1", 5, source, units)
    assert made.mode is kept[0].mode
    assert source not in _stacks(document)
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Make Reinforcement"
    after_making = dump_text(document.scenario)
    assert options.place_now_button.isEnabled()
    options.place_now_button.click()
    assert all(r.id != made.id for r in document.scenario.reinforcements)
    assert document.scenario.placements[-len(units) :] == kept
    assert document.undo_stack.undoText() == "Place Reinforcement"
    _undo_restores(document, after_making)
    _undo_restores(document, before)


def test_place_now_brings_a_reinforcements_organizations_onto_its_hex(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    options = tool.options()
    assert isinstance(options, UnitOptions)
    qtbot.addWidget(options)
    arrival = next(r for r in document.scenario.reinforcements if r.id == "101ab-501pir")
    expected = ["us.101ab.hq", *named_units(document, ["us.101ab.501pir"]).elsewhere]
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    selection.select_units(["us.101ab.501pir.2bn"])  # one unit of the regiment is enough
    assert tool.reinforcements_of_selection() == ["101ab-501pir"]
    options.place_now_button.click()
    placed = document.scenario.placements[-len(expected) :]
    assert [(p.unit, p.hex, p.mode) for p in placed] == [
        (unit, arrival.hex, arrival.mode) for unit in expected
    ]
    assert "101ab-501pir" not in {r.id for r in document.scenario.reinforcements}
    assert document.undo_stack.count() == steps + 1
    _undo_restores(document, before)


def test_hovering_shows_what_a_click_would_place(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    target = _open_hex(document, (40, 30))
    selection.select_units([RECON, ENGINEERS])
    said = _messages(tool)
    view.center_on(target)
    centre = _pixel(view, target)
    empty = view.render_view().pixelColor(centre)
    hover(view, centre)
    assert said[-1] == f"Click to place 2 units at ({target[0]}, {target[1]})"
    assert view.render_view().pixelColor(centre) != empty  # the counters to be placed show
    assert document.undo_stack.count() == 0


# Dragging from the OOB tree --------------------------------------------------------------------


def _tree_drag(qtbot, selection: Selection, document: Document, ids: list[str]) -> object:
    dock = OobTreeDock(selection)
    qtbot.addWidget(dock)
    dock.set_document(document)
    indexes = [dock.proxy.mapFromSource(dock.model.index_of_id(i)) for i in ids]
    return dock.proxy.mimeData(indexes)


def _drop(view: MapView, data: object, hex_: tuple[int, int]) -> bool:
    view.center_on(hex_)
    point = view.hex_pixel(hex_)
    enter = QDragEnterEvent(
        point.toPoint(),
        Qt.DropAction.MoveAction,
        data,  # type: ignore[arg-type]
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view, enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(
        point,
        Qt.DropAction.MoveAction,
        data,  # type: ignore[arg-type]
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view, drop)
    return drop.isAccepted()


def test_a_unit_dragged_from_the_tree_is_placed_on_the_drop_hex(
    qtbot, view: MapView, document: Document, selection: Selection
) -> None:
    target = _open_hex(document, (20, 20))
    oob_before, before = dump_text(document.oob), dump_text(document.scenario)
    data = _tree_drag(qtbot, selection, document, [RECON])
    assert _drop(view, data, target)
    assert document.scenario.placements[-1] == Placement(unit=RECON, hex=target)
    assert dump_text(document.oob) == oob_before  # nothing re-parented
    assert document.undo_stack.undoText() == "Place Unit"
    _undo_restores(document, before)


def test_the_map_takes_only_oob_drags_and_only_with_a_drop_handler(
    qtbot, view: MapView, document: Document, selection: Selection
) -> None:
    target = _open_hex(document, (20, 20))
    before = dump_text(document.scenario)
    text = QMimeData()
    text.setText(RECON)
    assert not _drop(view, text, target)
    view.drop_handler = None
    assert not _drop(view, _tree_drag(qtbot, selection, document, [RECON]), target)
    assert dump_text(document.scenario) == before


def test_an_organization_dragged_from_the_tree_fills_hexes_up_to_the_stacking_limit(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    target = _open_hex(document, (40, 30), apart=3)
    limit = document.parameters.stacking.max_stacking.axis
    units = named_units(document, [PANZER_DIVISION]).unplaced
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    data = _tree_drag(qtbot, selection, document, [PANZER_DIVISION])
    said = _messages(tool)
    assert _drop(view, data, target)
    placed = document.scenario.placements[-len(units) :]
    assert [p.unit for p in placed] == units  # every unit found room within two hexes
    assert document.undo_stack.count() == steps + 1
    grid = Grid(document.map.width, document.map.height, document.map.shifted_columns)
    loads: dict[tuple[int, int], int] = {}
    for placement in placed:
        hex_ = tuple(placement.hex)
        assert grid.hex_at(*hex_).distance(grid.hex_at(*target)) <= tool.spread_radius
        loads[hex_] = loads.get(hex_, 0) + _men_equivalent(document, placement.unit)  # type: ignore[index]
    assert max(loads.values()) <= limit
    assert loads[target] > limit - 700  # the drop hex is filled first
    assert not [p for p in check_bundle(document.bundle()) if p.code in {"SETUP002", "SETUP004"}]
    assert said[-1].startswith(f"Placed 17 units at ({target[0]}, {target[1]}) and around it")
    _undo_restores(document, before)


def test_an_organization_that_does_not_fit_reports_the_overflow(
    qtbot, view: MapView, tool: UnitsTool, document: Document, selection: Selection
) -> None:
    target = _open_hex(document, (40, 30), apart=3)
    tool.spread_radius = 0
    units = named_units(document, [PANZER_DIVISION]).unplaced
    data = _tree_drag(qtbot, selection, document, [PANZER_DIVISION])
    said = _messages(tool)
    assert _drop(view, data, target)
    placed = [p for p in document.scenario.placements if p.unit in units]
    assert {tuple(p.hex) for p in placed} == {target}
    load = sum(_men_equivalent(document, p.unit) for p in placed)
    assert load <= document.parameters.stacking.max_stacking.axis
    overflow = len(units) - len(placed)
    assert overflow > 0
    assert f"{overflow} units did not fit within 0 hexes and stay unplaced" in said[-1]


def test_the_saved_scenario_holds_exactly_the_placements_made(
    qtbot, view: MapView, document: Document, selection: Selection
) -> None:
    first = _open_hex(document, (40, 30))
    second = _open_hex(document, (20, 60))
    source, units = next((h, s) for h, s in _stacks(document).items() if len(s) >= 2)
    expected = list(document.scenario.placements)
    selection.select_units([RECON])
    _click(qtbot, view, first)
    selection.select_units([])
    view.center_on(source)
    _drag(qtbot, view, _pixel(view, source), _pixel(view, second))
    expected = [
        p.model_copy(update={"hex": second}) if p.unit in units else p for p in expected
    ] + [Placement(unit=RECON, hex=first)]
    document.save()
    reopened = Document.open(document.scenario_path)
    assert reopened.scenario.placements == expected
    assert dump_text(reopened.scenario) == dump_text(document.scenario)
