"""A/I order mistakes show live in the Problems panel, undo clears them, and double-clicking one
opens its order in the A/I Orders panel."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from editor.commands import SetValue
from editor.docks.ai_orders_dock import AiOrdersDock
from editor.docks.problems_dock import ProblemsDock
from editor.docks.problems_model import Column
from editor.document import Document
from editor.selection import Selection
from schemas.io import FileKind

WAIT_MS = 20_000
"""Generous: the first check of a session starts the checking process."""
OBJECTIVE = 4


@pytest.fixture
def problems(qtbot, selection: Selection, document: Document) -> Iterator[ProblemsDock]:
    dock = ProblemsDock(selection)
    qtbot.addWidget(dock)
    dock.resize(1100, 360)
    dock.show()
    with qtbot.waitSignal(dock.problems_changed, timeout=WAIT_MS):
        dock.set_document(document)
    yield dock
    dock.checker.stop()


def _codes(dock: ProblemsDock) -> list[str]:
    return [p.code for p in dock.model.visible_problems()]


def test_an_unknown_objective_shows_live_and_opens_its_order(
    qtbot, problems: ProblemsDock, document: Document, selection: Selection
) -> None:
    orders = AiOrdersDock(selection)
    qtbot.addWidget(orders)
    orders.set_document(document)
    orders.show()
    entries = document.scenario.ai.organizations
    entry = next(n for n, e in enumerate(entries) if e.organization == "de.2pzd")
    path = ("ai", "organizations", entry, "orders", 1, "objective")
    document.push(SetValue(document, FileKind.SCENARIO, path, "ourthe", "Set A/I Order Objective"))
    qtbot.waitUntil(lambda: "AI002" in _codes(problems), timeout=WAIT_MS)
    problem = next(p for p in problems.model.visible_problems() if p.code == "AI002")
    assert problem.path == path
    assert problem.line is not None
    assert "'ourthe'" in problem.message
    tree = problems.tree
    index = problems.model.index_of(problem)
    rect = tree.visualRect(index.siblingAtColumn(Column.MESSAGE))
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert orders.orders.organization == "de.2pzd"
    assert orders.view.current_row() == 1
    assert orders.view.table.currentIndex().column() == OBJECTIVE
    document.undo_stack.undo()
    qtbot.waitUntil(lambda: "AI002" not in _codes(problems), timeout=WAIT_MS)
