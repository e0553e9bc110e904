"""Dragging in the OOB tree while a search or the placement filter hides part of it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt

from editor.docks.oob_filter import StatusFilter
from editor.docks.oob_model import NODE_ID_ROLE
from editor.docks.oob_tree import OobTreeDock
from editor.document import Document
from editor.selection import Selection

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
