"""The A/I Orders dock: it follows the Order of Battle selection, shows an organization's own and
inherited orders, and adds, edits, reorders and deletes them, each an undo step; problems jump
to the order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.docks.ai_orders_dock import AiOrdersDock
from editor.document import Document
from editor.selection import Focus, Selection
from schemas.io import FileKind
from schemas.panzer_campaigns.ai_orders import Stance
from schemas.vocabulary import Side
from tests.ai_title import write_ai_title
from tests.conftest import SAMPLE_DATA

ID, TURN, TIME, STANCE, OBJECTIVE, HEX, RADIUS, NOTE = range(8)


@pytest.fixture
def ai_document(qapp, tmp_path: Path) -> Iterator[Document]:
    doc = Document.open(write_ai_title(tmp_path))
    yield doc
    doc.undo_stack.clear()


@pytest.fixture
def dock(qtbot, ai_document: Document, selection: Selection) -> AiOrdersDock:
    widget = AiOrdersDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(ai_document)
    widget.resize(900, 320)
    widget.show()
    return widget


def _ids(dock: AiOrdersDock) -> list[str]:
    return [order.id for order in dock.orders.items()]


def test_the_model_passes_the_tester_with_and_without_orders(qtmodeltester, dock) -> None:
    qtmodeltester.check(dock.orders)
    dock.show_organization("us.1id.16ir")
    qtmodeltester.check(dock.orders)


def test_selecting_a_unit_shows_its_organizations_own_and_inherited_orders(
    dock: AiOrdersDock, selection: Selection
) -> None:
    selection.select_units(["us.1id.16ir.2"])
    assert dock.orders.organization == "us.1id.16ir"
    assert _ids(dock) == ["16ir-reserve"]
    assert [dock.orders.cell_text(0, c) for c in (TURN, STANCE, HEX, RADIUS)] == [
        "2",
        "Reserve",
        "1, 2",
        "1",
    ]
    assert "Orders of" in dock.heading.text()
    text = dock.inherited.text()
    assert "defend objective dorf from turn 1" in text
    assert "On turn 1 it follows '1id-defend'" in text
    # A time in the file shows its turn in grey: 14:00 is turn 4.
    selection.select_units(["de.12vgd"])
    assert _ids(dock) == ["vgd-attack", "vgd-exit"]
    assert dock.orders.cell_text(1, TURN) == "4"
    assert dock.inherited.text() == "Inherits no orders from above."


def test_opening_another_title_with_an_organizations_orders_shown_starts_afresh(
    qtbot, dock: AiOrdersDock, selection: Selection
) -> None:
    """The orders shown were at a list position of the old title; opening a title with no
    such entry showed rows that were not there (and crashed the editor)."""
    selection.select_units(["de.12vgd"])
    assert _ids(dock) == ["vgd-attack", "vgd-exit"]
    other = Document.open(SAMPLE_DATA / "stoumont44/scenarios/stoumont-station.scenario.yaml")
    dock.set_document(other)
    qtbot.wait(10)
    assert dock.orders.organization is None
    assert dock.orders.rowCount() == 0
    assert _ids(dock) == []


def test_the_first_order_of_an_organization_adds_it_and_undo_takes_it_away(
    dock: AiOrdersDock, ai_document: Document, selection: Selection, qtbot
) -> None:
    selection.select_hex((3, 3))
    dock.show_organization("de.12vgd.48")
    assert dock.orders.rowCount() == 0
    qtbot.mouseClick(dock.view.add_button, Qt.MouseButton.LeftButton)
    organizations = ai_document.scenario.ai.organizations
    assert [e.organization for e in organizations][-1] == "de.12vgd.48"
    [order] = organizations[-1].orders
    assert (order.turn, order.stance, order.hex) == (1, Stance.MOVE, (3, 3))
    assert ai_document.undo_stack.undoText() == "Add A/I Order"
    assert _ids(dock) == [order.id]
    ai_document.undo_stack.undo()
    assert "de.12vgd.48" not in [e.organization for e in ai_document.scenario.ai.organizations]
    assert dock.orders.rowCount() == 0
    ai_document.undo_stack.redo()
    assert _ids(dock) == [order.id]


def test_choosing_an_objective_clears_the_hex_in_one_undo_step(
    dock: AiOrdersDock, ai_document: Document
) -> None:
    dock.show_organization("us.1id.16ir")
    assert dock.orders.set_value(0, OBJECTIVE, "dorf")
    order = ai_document.scenario.ai.organizations[2].orders[0]
    assert (order.objective, order.hex, order.radius) == ("dorf", None, 0)
    assert dock.orders.set_value(0, STANCE, Stance.ATTACK)
    ai_document.undo_stack.undo()
    ai_document.undo_stack.undo()
    order = ai_document.scenario.ai.organizations[2].orders[0]
    assert (order.stance, order.objective, order.hex, order.radius) == (
        Stance.RESERVE,
        None,
        (1, 2),
        1,
    )


def test_orders_move_up_and_down_and_back(dock: AiOrdersDock, ai_document: Document) -> None:
    dock.show_organization("de.12vgd")
    dock.view.select_row(1)
    dock.move_current(-1)
    assert _ids(dock) == ["vgd-exit", "vgd-attack"]
    assert dock.view.current_row() == 0
    assert ai_document.undo_stack.undoText() == "Move A/I Order"
    dock.move_current(-1)  # already first: nothing happens
    assert ai_document.undo_stack.count() == 1
    dock.view.table.setFocus()
    QTest.keyClick(dock.view.table, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert _ids(dock) == ["vgd-attack", "vgd-exit"]
    assert dock.view.current_row() == 1
    ai_document.undo_stack.undo()
    ai_document.undo_stack.undo()
    assert _ids(dock) == ["vgd-attack", "vgd-exit"]


def test_deleting_the_last_order_removes_the_organization_from_the_file(
    dock: AiOrdersDock, ai_document: Document
) -> None:
    dock.show_organization("us.1id.16ir")
    dock.view.select_row(0)
    dock.view.delete_selected()
    assert [e.organization for e in ai_document.scenario.ai.organizations] == [
        "us.1id",
        "de.12vgd",
    ]
    assert dock.orders.rowCount() == 0
    ai_document.undo_stack.undo()
    assert _ids(dock) == ["16ir-reserve"]
    # Deleting one of two keeps the organization.
    dock.show_organization("de.12vgd")
    dock.view.select_row(0)
    dock.view.delete_selected()
    assert _ids(dock) == ["vgd-exit"]


def test_aggressiveness_is_set_per_side_and_even_when_cleared(
    dock: AiOrdersDock, ai_document: Document
) -> None:
    allied, axis = dock.aggressiveness[Side.ALLIED], dock.aggressiveness[Side.AXIS]
    assert (allied.text(), axis.value()) == ("even", 70)
    allied.setValue(30)
    axis.setValue(-1)
    aggressiveness = ai_document.scenario.ai.aggressiveness
    assert (aggressiveness.allied, aggressiveness.axis) == (30, None)
    ai_document.undo_stack.undo()
    assert ai_document.scenario.ai.aggressiveness.axis == 70
    assert axis.value() == 70


def test_a_problem_jumps_to_its_order(dock: AiOrdersDock) -> None:
    focus = Focus(kind=FileKind.SCENARIO, path=("ai", "organizations", 1, "orders", 1, "objective"))
    assert dock.show_focus(focus)
    assert dock.orders.organization == "de.12vgd"
    assert dock.view.current_row() == 1
    assert dock.view.table.currentIndex().column() == OBJECTIVE


def test_typing_several_hexes_makes_an_area_and_one_hex_aims_at_it(
    dock: AiOrdersDock, ai_document: Document
) -> None:
    dock.show_organization("us.1id.16ir")
    assert dock.orders.set_value(0, HEX, "1, 2; 2, 2; 2, 3")
    order = ai_document.scenario.ai.organizations[2].orders[0]
    assert (order.hex, order.radius, order.area) == (None, 0, [(1, 2), (2, 2), (2, 3)])
    assert dock.orders.cell_text(0, HEX) == "1, 2; 2, 2; 2, 3"
    assert dock.orders.set_value(0, HEX, "4, 4")
    order = ai_document.scenario.ai.organizations[2].orders[0]
    assert (order.hex, order.area) == ((4, 4), [])
    assert not dock.orders.set_value(0, HEX, "4, 4; north")
    assert "'north' is not a hex" in dock.orders.last_error
    ai_document.undo_stack.undo()
    ai_document.undo_stack.undo()
    order = ai_document.scenario.ai.organizations[2].orders[0]
    assert (order.hex, order.radius, order.area) == ((1, 2), 1, [])
