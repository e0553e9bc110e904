"""The Problems dock: the live problems of the open scenario grouped by severity, filtered,
copied, and shown where they are on activation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from editor.commands import SetValue
from editor.docks.problems_dock import ProblemsDock
from editor.docks.problems_model import Column, ProblemsModel
from editor.document import Document
from editor.live_checks import check_document_files
from editor.selection import Focus, Selection
from engine.panzer_campaigns.validation import validate_paths
from schemas.io import FileKind
from schemas.problems import Severity

WAIT_MS = 20_000
"""Generous: the first check of a session starts the checking process."""


@pytest.fixture
def dock(qtbot, selection: Selection) -> Iterator[ProblemsDock]:
    """The dock, shown, with no document yet."""
    dock = ProblemsDock(selection)
    qtbot.addWidget(dock)
    dock.resize(1100, 360)
    dock.show()
    yield dock
    dock.checker.stop()


@pytest.fixture
def checked(qtbot, dock: ProblemsDock, document: Document) -> ProblemsDock:
    """The dock over The Road to Bastogne, checked once."""
    with qtbot.waitSignal(dock.problems_changed, timeout=WAIT_MS):
        dock.set_document(document)
    return dock


def _move_first_placement(document: Document, hex_: tuple[int, int]) -> None:
    document.push(
        SetValue(document, FileKind.SCENARIO, ("placements", 0, "hex"), hex_, "Move Unit")
    )


def _codes(dock: ProblemsDock) -> list[str]:
    return [p.code for p in dock.model.visible_problems()]


def test_the_model_passes_the_model_tester(qtmodeltester, document: Document) -> None:
    model = ProblemsModel()
    qtmodeltester.check(model)
    model.set_problems(check_document_files(document.bundle()))
    qtmodeltester.check(model)
    model.set_filter("SETUP015", [Severity.INFO])
    qtmodeltester.check(model)


def test_the_sample_lists_what_hexwright_validate_prints(
    checked: ProblemsDock, document: Document
) -> None:
    printed = validate_paths([document.scenario_path]).problems
    assert sorted(_codes(checked)) == sorted(p.code for p in printed)
    assert checked.windowTitle() == "Problems (0 errors, 5 warnings)"
    model = checked.model
    groups = [model.index(row, 0).data() for row in range(model.rowCount())]
    assert groups == ["Warnings (5)", "Notes (8)"]
    first = model.index(0, Column.FILE, model.index(0, 0)).data()
    assert first.startswith("road_to_bastogne.scenario.yaml:")


def test_a_broken_edit_shows_after_the_pause_and_undo_clears_it(
    qtbot, checked: ProblemsDock, document: Document
) -> None:
    before = _codes(checked)
    heard: list[dict[Severity, int]] = []
    checked.problems_changed.connect(heard.append)
    _move_first_placement(document, (80, 12))
    qtbot.waitUntil(lambda: "HEX001" in _codes(checked), timeout=WAIT_MS)
    assert checked.windowTitle().startswith("Problems (1 error")
    assert heard[-1][Severity.ERROR] == 1
    problem = checked.model.visible_problems()[0]
    assert problem.message == "hex [80, 12] is outside the 75x80 map"
    document.undo_stack.undo()
    qtbot.waitUntil(lambda: _codes(checked) == before, timeout=WAIT_MS)
    assert checked.windowTitle() == "Problems (0 errors, 5 warnings)"


def test_a_visibility_out_of_its_range_is_listed(
    qtbot, checked: ProblemsDock, document: Document
) -> None:
    header = document.scenario.header
    too_high = header.visibility_max + 2
    document.push(
        SetValue(document, FileKind.SCENARIO, ("header", "visibility"), too_high, "Set Visibility")
    )
    qtbot.waitUntil(lambda: "SCN003" in _codes(checked), timeout=WAIT_MS)
    document.undo_stack.undo()
    qtbot.waitUntil(lambda: "SCN003" not in _codes(checked), timeout=WAIT_MS)


def test_double_clicking_a_problem_asks_to_show_its_place(
    qtbot, checked: ProblemsDock, document: Document, selection: Selection
) -> None:
    _move_first_placement(document, (80, 12))
    qtbot.waitUntil(lambda: "HEX001" in _codes(checked), timeout=WAIT_MS)
    tree = checked.tree
    index = checked.model.index_of(checked.model.visible_problems()[0])
    rect = tree.visualRect(index.siblingAtColumn(Column.MESSAGE))
    # A double click is a press and release, then a press that is a double click.
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(selection.focus_requested) as signal:
        qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    unit = document.scenario.placements[0].unit
    assert signal.args[0] == Focus(FileKind.SCENARIO, ("placements", 0, "hex"), (80, 12), unit)
    assert selection.units == [unit]
    assert selection.hex == (80, 12)


def test_enter_on_a_unit_problem_selects_the_unit(
    qtbot, checked: ProblemsDock, selection: Selection
) -> None:
    problem = next(p for p in checked.model.visible_problems() if p.code == "SETUP021")
    tree = checked.tree
    tree.setFocus()
    tree.setCurrentIndex(checked.model.index_of(problem))
    with qtbot.waitSignal(selection.focus_requested) as signal:
        qtbot.keyClick(tree, Qt.Key.Key_Return)
    focus = signal.args[0]
    assert focus.kind is FileKind.SCENARIO
    assert focus.object_id == problem.object_id == "us.28id.110ir.1bn"
    assert selection.units == ["us.28id.110ir.1bn"]
    assert selection.hex == problem.hex


def test_the_filter_and_the_severity_toggles(qtbot, checked: ProblemsDock) -> None:
    qtbot.keyClicks(checked.filter_edit, "isolated")
    assert _codes(checked) == ["SETUP021", "SETUP021"]
    assert checked.model.index(0, 0).data() == "Warnings (2 of 5)"
    checked.filter_edit.clear()
    checked.toggles[Severity.WARNING].click()
    assert {p.severity for p in checked.model.visible_problems()} == {Severity.INFO}
    checked.toggles[Severity.INFO].click()
    assert checked.model.rowCount() == 0
    assert checked.stack.currentWidget() is checked.empty
    assert checked.empty.text() == "No problem matches the filter."
    # The title counts what the scenario has, not what is shown.
    assert checked.windowTitle() == "Problems (0 errors, 5 warnings)"


def test_copying_puts_the_problems_on_the_clipboard(checked: ProblemsDock) -> None:
    problem = checked.model.visible_problems()[0]
    checked.tree.setCurrentIndex(checked.model.index_of(problem))
    checked.copy_action.trigger()
    assert QGuiApplication.clipboard().text() == problem.format() + "\n"
    checked.copy_all_action.trigger()
    lines = QGuiApplication.clipboard().text().splitlines()
    assert lines == [p.format() for p in checked.model.visible_problems()]


def test_recheck_now_checks_again(qtbot, checked: ProblemsDock) -> None:
    before = checked.model.problems()
    with qtbot.waitSignal(checked.problems_changed, timeout=WAIT_MS) as signal:
        checked.recheck_action.trigger()
    assert signal.args[0] == {Severity.ERROR: 0, Severity.WARNING: 5, Severity.INFO: 8}
    assert checked.model.problems() == before


def test_closing_the_document_empties_the_list(qtbot, checked: ProblemsDock) -> None:
    with qtbot.waitSignal(checked.problems_changed, timeout=WAIT_MS):
        checked.set_document(None)
    assert checked.model.rowCount() == 0
    assert checked.windowTitle() == "Problems"
    assert checked.empty.text() == "No scenario is open."
    assert not checked.recheck_action.isEnabled()


def test_a_problem_in_the_oob_is_shown_in_the_oob(
    qtbot, checked: ProblemsDock, document: Document, selection: Selection
) -> None:
    organization = ("sides", 0, "nations", 0, "organizations", 0, "children", 0)
    document.push(
        SetValue(document, FileKind.OOB, (*organization, "hq"), "us.1a.291eng", "Set HQ Unit")
    )
    qtbot.waitUntil(lambda: "OOB001" in _codes(checked), timeout=WAIT_MS)
    problem = next(p for p in checked.model.visible_problems() if p.code == "OOB001")
    index = checked.model.index_of(problem)
    file_cell = index.siblingAtColumn(Column.FILE)
    assert file_cell.data().startswith("ardennes44.oob.yaml:")
    assert "as it will be saved" in file_cell.data(Qt.ItemDataRole.ToolTipRole)
    checked.tree.setFocus()
    checked.tree.setCurrentIndex(index)
    with qtbot.waitSignal(selection.focus_requested) as signal:
        qtbot.keyClick(checked.tree, Qt.Key.Key_Enter)
    assert signal.args[0].kind is FileKind.OOB
    assert signal.args[0].object_id == "us.1a.291eng"
    assert selection.units == ["us.1a.291eng"]
