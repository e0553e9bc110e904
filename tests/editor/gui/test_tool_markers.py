"""The Markers tool on the map: a click places an objective or a supply source with the
options' values and a fresh id, a drag moves it, Shift+click deletes it, a click sets the chosen
reinforcement's arrival hex and its scatter and protection radii show around it. Every edit is
one undo step that restores the scenario byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from editor.commands import SetValues
from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.marker_tools import MarkersTool
from editor.tools.unit_options import MarkerKind, form_layout
from schemas.io import FileKind, dump_text
from schemas.panzer_campaigns.scenario import (
    LimitedObjective,
    NormalObjective,
    SupplySource,
    SurrenderObjective,
)
from schemas.vocabulary import Side
from tests.editor.gui.feature_tool_input import hover, tool_view


@pytest.fixture
def tool(selection: Selection) -> MarkersTool:
    return MarkersTool(selection)


@pytest.fixture
def view(qtbot, document: Document, selection: Selection, tool: MarkersTool) -> MapView:
    widget = tool_view(qtbot, document, selection, tool)
    qtbot.addWidget(tool.settings)
    return widget


def _pixel(view: MapView, hex_: tuple[int, int]) -> QPoint:
    return view.hex_pixel(hex_).toPoint()


def _click(
    qtbot,
    view: MapView,
    hex_: tuple[int, int],
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    view.center_on(hex_)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, modifiers, _pixel(view, hex_))


def _drag(qtbot, view: MapView, start: tuple[int, int], end: tuple[int, int]) -> None:
    view.center_on(start)
    first, last = _pixel(view, start), _pixel(view, end)
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=first)
    for step in range(1, 5):
        point = first + (last - first) * step / 4
        event = QMouseEvent(
            QEvent.Type.MouseMove,
            QPointF(point),
            QPointF(view.mapToGlobal(point)),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(view, event)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=last)


def _free_hex(document: Document, near: tuple[int, int]) -> tuple[int, int]:
    """A hex near `near` with no objective, supply source or arrival."""
    scenario = document.scenario
    taken = {
        tuple(item.hex)
        for item in (*scenario.objectives, *scenario.supply.sources, *scenario.reinforcements)
    }
    column, row = near
    while (column, row) in taken:
        column += 1
    return column, row


def _step(document: Document, steps: int, text: str) -> None:
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == text


def _undo_restores(document: Document, before: str) -> None:
    document.undo_stack.undo()
    assert dump_text(document.scenario) == before


# Objectives ------------------------------------------------------------------------------------


def test_a_click_places_an_objective_with_the_options_values(
    qtbot, view: MapView, tool: MarkersTool, document: Document
) -> None:
    target = _free_hex(document, (30, 40))
    options = tool.settings
    options.set_kind(MarkerKind.OBJECTIVE)
    options.points.setValue(250)
    options.owner.setCurrentIndex(options.owner.findData(Side.AXIS))
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    _click(qtbot, view, target)
    assert document.scenario.objectives[-1] == NormalObjective(
        id="objective-1", hex=target, points=250, owner=Side.AXIS
    )
    _step(document, steps, "Place Objective")
    _undo_restores(document, before)


def test_limited_and_surrender_objectives_take_their_own_fields(
    qtbot, view: MapView, tool: MarkersTool, document: Document
) -> None:
    options = tool.settings
    options.objective_kind.setCurrentIndex(options.objective_kind.findData("limited"))
    rows = form_layout(options.objective_rows)
    assert [rows.isRowVisible(row) for row in range(6)] == [True] * 5 + [False]
    options.first_turn.setValue(3)
    options.last_turn.setValue(9)
    first = _free_hex(document, (30, 40))
    _click(qtbot, view, first)
    limited = document.scenario.objectives[-1]
    assert isinstance(limited, LimitedObjective)
    assert (limited.first_turn, limited.last_turn) == (3, 9)
    options.objective_kind.setCurrentIndex(options.objective_kind.findData("surrender"))
    assert [rows.isRowVisible(row) for row in range(6)] == [True] * 3 + [False] * 2 + [True]
    options.nation.setCurrentIndex(options.nation.findData("us"))
    second = _free_hex(document, (32, 40))
    _click(qtbot, view, second)
    surrender = document.scenario.objectives[-1]
    assert isinstance(surrender, SurrenderObjective)
    assert (surrender.id, surrender.nation) == ("objective-2", "us")


def test_dragging_an_objective_moves_it(
    qtbot, view: MapView, tool: MarkersTool, document: Document, selection: Selection
) -> None:
    objective = document.scenario.objectives[0]
    source = tuple(objective.hex)
    target = _free_hex(document, (source[0] + 2, source[1] + 1))
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    _drag(qtbot, view, source, target)  # type: ignore[arg-type]
    assert document.scenario.objectives[0] == objective.model_copy(update={"hex": target})
    assert selection.hex == target
    _step(document, steps, "Move Objective")
    _undo_restores(document, before)


def test_an_objective_cannot_be_dragged_onto_another(
    qtbot, view: MapView, tool: MarkersTool, document: Document
) -> None:
    first, second = document.scenario.objectives[:2]
    said: list[str] = []
    tool.message.connect(said.append)
    steps = document.undo_stack.count()
    _drag(qtbot, view, tuple(first.hex), tuple(second.hex))  # type: ignore[arg-type]
    assert document.undo_stack.count() == steps
    assert said[-1] == f"Objective not moved: ({second.hex[0]}, {second.hex[1]}) has one already"


def test_shift_click_deletes_the_objective_on_the_hex(
    qtbot, view: MapView, tool: MarkersTool, document: Document
) -> None:
    objective = document.scenario.objectives[2]
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    _click(qtbot, view, tuple(objective.hex), Qt.KeyboardModifier.ShiftModifier)  # type: ignore[arg-type]
    assert objective not in document.scenario.objectives
    assert len(document.scenario.objectives) == 12
    _step(document, steps, "Delete Objective")
    _undo_restores(document, before)


def test_a_click_on_an_objective_places_no_second_one(
    qtbot, view: MapView, tool: MarkersTool, document: Document
) -> None:
    before = dump_text(document.scenario)
    _click(qtbot, view, tuple(document.scenario.objectives[0].hex))  # type: ignore[arg-type]
    assert dump_text(document.scenario) == before


# Supply sources --------------------------------------------------------------------------------


def test_a_click_places_a_supply_source_and_a_drag_moves_it(
    qtbot, view: MapView, tool: MarkersTool, document: Document
) -> None:
    options = tool.settings
    options.set_kind(MarkerKind.SOURCE)
    options.source_side.setCurrentIndex(options.source_side.findData(Side.AXIS))
    options.source_value.setValue(70)
    target = _free_hex(document, (50, 40))
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    _click(qtbot, view, target)
    assert document.scenario.supply.sources[-1] == SupplySource(
        id="source-1", hex=target, side=Side.AXIS, value=70
    )
    _step(document, steps, "Place Supply Source")
    placed = dump_text(document.scenario)
    further = _free_hex(document, (target[0] + 3, target[1]))
    _drag(qtbot, view, target, further)
    assert tuple(document.scenario.supply.sources[-1].hex) == further
    _step(document, steps + 1, "Move Supply Source")
    moved = dump_text(document.scenario)
    _click(qtbot, view, further, Qt.KeyboardModifier.ShiftModifier)
    assert len(document.scenario.supply.sources) == 5
    _step(document, steps + 2, "Delete Supply Source")
    _undo_restores(document, moved)
    _undo_restores(document, placed)
    _undo_restores(document, before)


# Arrivals --------------------------------------------------------------------------------------


def test_a_click_sets_the_chosen_reinforcements_arrival_hex(
    qtbot, view: MapView, tool: MarkersTool, document: Document
) -> None:
    options = tool.settings
    options.set_kind(MarkerKind.ARRIVAL)
    options.choose_reinforcement("101ab-502-506")
    assert options.reinforcement_id == "101ab-502-506"
    target = (9, 58)
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    _click(qtbot, view, target)
    moved = {r.id: tuple(r.hex) for r in document.scenario.reinforcements}
    assert moved["101ab-502-506"] == target
    assert moved["101ab-501pir"] == (7, 56)  # the others arriving there stay
    _step(document, steps, "Set Arrival Hex")
    assert options.reinforcements.currentItem().text().endswith("at (9, 58)")
    _undo_restores(document, before)


def test_dragging_an_arrival_moves_the_chosen_reinforcement_and_shows_its_radii(
    qtbot, view: MapView, tool: MarkersTool, document: Document
) -> None:
    row = next(i for i, r in enumerate(document.scenario.reinforcements) if r.id == "101ab-rest")
    document.push(
        SetValues(
            document,
            FileKind.SCENARIO,
            [(("reinforcements", row, "scatter"), 3), (("reinforcements", row, "protection"), 2)],
            "Set Reinforcement Scatter",
        )
    )
    options = tool.settings
    options.set_kind(MarkerKind.ARRIVAL)
    options.choose_reinforcement("101ab-rest")
    before, steps = dump_text(document.scenario), document.undo_stack.count()
    _drag(qtbot, view, (7, 56), (10, 57))
    assert tuple(document.scenario.reinforcements[row].hex) == (10, 57)
    others = [r for r in document.scenario.reinforcements if r.id.startswith("101ab-5")]
    assert all(tuple(r.hex) == (7, 56) for r in others)
    _step(document, steps, "Set Arrival Hex")
    # The radii: shaded protection around the arrival, a dashed scatter ring further out.
    view.set_zoom(36)
    view.center_on((10, 57))
    hover(view, _pixel(view, (10, 57)))
    Path("/tmp/shots").mkdir(parents=True, exist_ok=True)
    view.grab().save("/tmp/shots/tool_markers.png")
    image = view.render_view()
    inside = image.pixelColor(view.hex_pixel((10, 55)).toPoint() + QPoint(8, 0))
    outside = image.pixelColor(view.hex_pixel((10, 52)).toPoint() + QPoint(8, 0))
    tool.settings.set_kind(MarkerKind.OBJECTIVE)
    view.repaint()
    plain = view.render_view().pixelColor(view.hex_pixel((10, 55)).toPoint() + QPoint(8, 0))
    assert inside != plain  # shaded within the protection radius
    assert outside == view.render_view().pixelColor(
        view.hex_pixel((10, 52)).toPoint() + QPoint(8, 0)
    )
    _undo_restores(document, before)


def test_the_saved_scenario_holds_exactly_the_markers_made(
    qtbot, view: MapView, tool: MarkersTool, document: Document
) -> None:
    expected_objectives = list(document.scenario.objectives)
    expected_sources = list(document.scenario.supply.sources)
    objective_hex = _free_hex(document, (30, 40))
    _click(qtbot, view, objective_hex)
    tool.settings.set_kind(MarkerKind.SOURCE)
    source_hex = _free_hex(document, (50, 40))
    _click(qtbot, view, source_hex)
    document.save()
    reopened = Document.open(document.scenario_path)
    assert reopened.scenario.objectives == [
        *expected_objectives,
        NormalObjective(id="objective-1", hex=objective_hex, points=100),
    ]
    assert reopened.scenario.supply.sources == [
        *expected_sources,
        SupplySource(id="source-1", hex=source_hex, side=Side.ALLIED, value=85),
    ]
    assert reopened.scenario.placements == document.scenario.placements
