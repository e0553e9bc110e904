"""Dragging in the OOB tree while a search or the placement filter hides part of it, and drops
that would put units on the map into an organization arriving later."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt

from editor.docks.oob_filter import StatusFilter
from editor.docks.oob_model import NODE_ID_ROLE
from editor.docks.oob_tree import OobTreeDock
from editor.document import Document
from editor.live_checks import check_document_files
from editor.selection import Selection
from schemas.panzer_campaigns.scenario import Reinforcement

REGIMENT = "us.28id.110ir"
OTHER_REGIMENT = "us.28id.109ir"
"""Its units are all unplaced: hidden by the On the map filter."""
BATTALION = "us.28id.110ir.1bn"
"""On the map at the start."""


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> OobTreeDock:
    widget = OobTreeDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.confirm = lambda question: True
    widget.resize(900, 700)
    widget.show()
    return widget


def shown_ids(proxy, parent: QModelIndex = QModelIndex()) -> list[str]:  # noqa: B008
    """Every node id the filtered tree shows, depth first."""
    ids = []
    for row in range(proxy.rowCount(parent)):
        index = proxy.index(row, 0, parent)
        ids.append(str(index.data(NODE_ID_ROLE)))
        ids += shown_ids(proxy, index)
    return ids


def assert_consistent(proxy, qtlog) -> None:
    ids = shown_ids(proxy)
    assert len(ids) == len(set(ids)), f"shown twice: {sorted(i for i in ids if ids.count(i) > 1)}"
    said = [record.message for record in qtlog.records]
    assert not [m for m in said if "inconsistent" in m.lower()], said


@pytest.mark.parametrize(
    ("search", "status"),
    [("28", StatusFilter.ALL), ("", StatusFilter.ON_MAP), ("110", StatusFilter.ON_MAP)],
)
def test_a_drop_with_a_filter_moves_the_right_rows_and_stays_consistent(
    qtmodeltester, qtlog, dock: OobTreeDock, search: str, status: StatusFilter
) -> None:
    dock.search.setText(search)
    dock.status_filter.setCurrentText(status.value)
    proxy, model = dock.proxy, dock.model
    dock.tree.expandAll()
    if status is StatusFilter.ALL:
        # Qt's model tester follows every signal of the proxy (seconds on a wide tree).
        qtmodeltester.check(proxy, force_py=True)
    dragged = proxy.mapFromSource(model.index_of_id(BATTALION))
    assert dragged.isValid()
    data = proxy.mimeData([dragged])
    target = proxy.mapFromSource(model.index_of_id(OTHER_REGIMENT))
    if not target.isValid():  # hidden by the filter: drop on the division instead
        target = proxy.mapFromSource(model.index_of_id("us.28id"))
    destination = str(target.data(NODE_ID_ROLE))
    assert proxy.dropMimeData(data, Qt.DropAction.MoveAction, 0, 0, target)
    document = dock.document
    assert document.oob_index.units[BATTALION].parent == destination
    assert_consistent(proxy, qtlog)
    moved = proxy.mapFromSource(model.index_of_id(BATTALION))
    assert moved.isValid()
    assert moved.parent().data(NODE_ID_ROLE) == destination
    document.undo_stack.undo()
    assert document.oob_index.units[BATTALION].parent == REGIMENT
    assert_consistent(proxy, qtlog)
    document.undo_stack.redo()
    assert_consistent(proxy, qtlog)
    dock.search.clear()
    dock.status_filter.setCurrentText(StatusFilter.ALL.value)
    assert_consistent(proxy, qtlog)


ARRIVING = "us.10ad.ccb"
"""Combat Command B of the 10th Armored Division: a reinforcement arriving 18 December 14:00."""


def _questions(dock: OobTreeDock, answer: bool) -> list[str]:
    asked: list[str] = []

    def ask(question: str) -> bool:
        asked.append(question)
        return answer

    dock.ask_arrivals = ask
    return asked


def _placed(document: Document, unit_id: str) -> bool:
    return any(p.unit == unit_id for p in document.scenario.placements)


def test_dropping_a_unit_on_the_map_into_an_arriving_organization_asks_and_cancel_refuses(
    qtbot, dock: OobTreeDock
) -> None:
    document, model = dock.document, dock.model
    asked = _questions(dock, answer=False)
    data = model.mimeData([model.index_of_id(BATTALION)])
    refused: list[str] = []
    dock.tree.drop_refused.connect(refused.append)
    assert not model.dropMimeData(
        data, Qt.DropAction.MoveAction, -1, 0, model.index_of_id(ARRIVING)
    )
    assert len(asked) == 1
    assert "arrives at 1944-12-18 14:00 (reinforcement '10ad-ccb')" in asked[0]
    assert f"({BATTALION}) is on the map at (39, 52)" in asked[0]
    assert document.oob_index.units[BATTALION].parent == REGIMENT
    assert _placed(document, BATTALION)
    assert document.undo_stack.count() == 0
    assert "also arrive with us.10ad.ccb" in model.refused


def test_letting_it_arrive_takes_it_off_the_map_in_the_same_undo_step(dock: OobTreeDock) -> None:
    document, model, proxy = dock.document, dock.model, dock.proxy
    asked = _questions(dock, answer=True)
    dock.search.setText("us.")  # a search on: the drop goes through the filter
    dragged = proxy.mapFromSource(model.index_of_id(BATTALION))
    target = proxy.mapFromSource(model.index_of_id(ARRIVING))
    # Onto the organization, as the tree view drops: row and column -1.
    assert proxy.dropMimeData(proxy.mimeData([dragged]), Qt.DropAction.MoveAction, -1, -1, target)
    assert asked
    assert document.oob_index.units[BATTALION].parent == ARRIVING
    assert not _placed(document, BATTALION)
    assert model.status_of(BATTALION).text == "Arrives 1944-12-18 14:00"
    problems = check_document_files(document.bundle())
    assert not [p for p in problems if p.code == "PLACE001"], "placed and arriving"
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.oob_index.units[BATTALION].parent == REGIMENT
    assert _placed(document, BATTALION)


def test_a_whole_regiment_on_the_map_names_its_units_and_unplaced_units_move_unasked(
    dock: OobTreeDock,
) -> None:
    document, model = dock.document, dock.model
    asked = _questions(dock, answer=False)
    data = model.mimeData([model.index_of_id(REGIMENT)])
    assert not model.dropMimeData(
        data, Qt.DropAction.MoveAction, -1, 0, model.index_of_id(ARRIVING)
    )
    assert asked[0].count("is on the map at") == 4
    # Units not on the map simply join: they arrive with it, nothing to ask.
    asked.clear()
    unplaced = "us.28id.109ir.1bn"
    data = model.mimeData([model.index_of_id(unplaced)])
    assert model.dropMimeData(data, Qt.DropAction.MoveAction, -1, 0, model.index_of_id(ARRIVING))
    assert asked == []
    assert document.oob_index.units[unplaced].parent == ARRIVING
    # Nor do moves between organizations on the map.
    data = model.mimeData([model.index_of_id(BATTALION)])
    target = model.index_of_id(OTHER_REGIMENT)
    assert model.dropMimeData(data, Qt.DropAction.MoveAction, -1, 0, target)
    assert asked == []


LEAVING = "us.10ad.ccb.3tk"
"""A tank battalion arriving with Combat Command B, not named in any arrival itself."""


def _lost_questions(dock: OobTreeDock, answer: bool | None) -> list[str]:
    asked: list[str] = []

    def ask(question: str) -> bool | None:
        asked.append(question)
        return answer

    dock.ask_lost_arrivals = ask
    return asked


def _arrival(document: Document, event_id: str) -> Reinforcement:
    return next(r for r in document.scenario.reinforcements if r.id == event_id)


@pytest.mark.parametrize("answer", [True, False, None])
def test_moving_a_unit_out_of_its_arriving_organization_asks_what_becomes_of_it(
    dock: OobTreeDock, answer: bool | None
) -> None:
    document, model = dock.document, dock.model
    asked = _lost_questions(dock, answer)
    assert model.status_of(LEAVING).text == "Arrives 1944-12-18 14:00"
    data = model.mimeData([model.index_of_id(LEAVING)])
    moved = model.dropMimeData(data, Qt.DropAction.MoveAction, -1, 0, model.index_of_id(REGIMENT))
    assert len(asked) == 1
    assert "arrive with Combat Command B" in asked[0]
    assert "1944-12-18 14:00 (reinforcement '10ad-ccb')" in asked[0]
    assert f"({LEAVING})" in asked[0]
    if answer is None:
        assert not moved
        assert document.oob_index.units[LEAVING].parent == ARRIVING
        assert document.undo_stack.count() == 0
        return
    assert moved
    assert document.oob_index.units[LEAVING].parent == REGIMENT
    assert document.undo_stack.count() == 1
    if answer:
        assert LEAVING in _arrival(document, "10ad-ccb").units
        assert model.status_of(LEAVING).text == "Arrives 1944-12-18 14:00"
    else:
        assert LEAVING not in _arrival(document, "10ad-ccb").units
        assert model.status_of(LEAVING).text == "Unplaced"
    document.undo_stack.undo()
    assert document.oob_index.units[LEAVING].parent == ARRIVING
    assert LEAVING not in _arrival(document, "10ad-ccb").units


def test_moving_within_the_arriving_organization_or_with_it_asks_nothing(
    dock: OobTreeDock,
) -> None:
    document, model = dock.document, dock.model
    asked = _lost_questions(dock, None)
    _questions(dock, answer=False)
    # The whole combat command to another corps: its arrival goes with it.
    data = model.mimeData([model.index_of_id(ARRIVING)])
    assert model.dropMimeData(data, Qt.DropAction.MoveAction, -1, 0, model.index_of_id("us.8c"))
    assert asked == []
    assert document.oob_index.organizations[ARRIVING].parent == "us.8c"
