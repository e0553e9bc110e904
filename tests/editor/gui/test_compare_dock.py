"""File > Compare: the changes since the last save after an edit, in the designer's words,
each one showing its place when activated; undone, nothing is left; another scenario of the
title differs by its scenario file only; a comparison can be cancelled."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex

from editor.commands import EditFile
from editor.docks.compare_dock import CompareDock
from editor.document import Document
from editor.main_window import MainWindow
from editor.selection import Focus, Selection
from schemas.io import FileKind

NOVILLE = "Objective Noville: points 200 → 250 VP"


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> CompareDock:
    widget = CompareDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(700, 400)
    widget.show()
    return widget


def _set_points(document: Document, ident: str, points: int) -> None:
    index = next(i for i, o in enumerate(document.scenario.objectives) if o.id == ident)
    command = EditFile(document, FileKind.SCENARIO, "Set Objective Points")
    command.set(("objectives", index, "points"), points)
    document.push(command)


def _rows(dock: CompareDock) -> dict[str, QModelIndex]:
    found: dict[str, QModelIndex] = {}

    def walk(parent: QModelIndex) -> None:
        for row in range(dock.model.rowCount(parent)):
            index = dock.model.index(row, 0, parent)
            found[index.data()] = index
            walk(index)

    walk(QModelIndex())
    return found


def _compared(qtbot, dock: CompareDock) -> None:
    qtbot.waitUntil(lambda: not dock.is_busy, timeout=10_000)


def test_changes_since_the_last_save_show_their_place(
    qtbot, qtmodeltester, dock: CompareDock, document: Document, selection: Selection
) -> None:
    _set_points(document, "noville", 250)
    dock.compare_since_save()
    _compared(qtbot, dock)
    qtmodeltester.check(dock.model)
    rows = _rows(dock)
    assert NOVILLE in rows
    assert any(text.startswith("Scenario — scenarios/road_to_bastogne") for text in rows)
    assert dock.summary.text().startswith("1 change from the saved files to the open scenario")
    focused: list[Focus] = []
    selection.focus_requested.connect(focused.append)
    dock.tree.activated.emit(rows[NOVILLE])
    assert selection.hex == (18, 52)
    assert focused[-1].kind is FileKind.SCENARIO
    assert focused[-1].path[:1] == ("objectives",)

    document.undo_stack.undo()
    dock.compare_again()
    _compared(qtbot, dock)
    assert dock.model.rowCount() == 0
    assert dock.empty.text().startswith("No changes")
    qtmodeltester.check(dock.model)


def test_another_scenario_of_the_title_differs_by_its_scenario_file(
    qtbot, dock: CompareDock, ardennes: Path
) -> None:
    dock.compare_with(ardennes.parent / "into_the_ardennes.scenario.yaml")
    _compared(qtbot, dock)
    files = [dock.model.index(r, 0).data() for r in range(dock.model.rowCount())]
    assert len(files) == 1
    assert files[0].startswith("Scenario — scenarios/road_to_bastogne")
    assert any(text.startswith("Release of") for text in _rows(dock))


def test_a_broken_scenario_is_named_with_its_line(
    qtbot, dock: CompareDock, ardennes: Path, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.scenario.yaml"
    text = ardennes.read_text(encoding="utf-8")
    broken.write_text(text.replace("points: 200", "points: many"), encoding="utf-8")
    dock.compare_with(broken)
    _compared(qtbot, dock)
    line = text.split("\n").index("    points: 200") + 1
    assert f"{broken}:{line}:" in dock.empty.text()


def test_cancel_drops_the_comparison(qtbot, dock: CompareDock, document: Document) -> None:
    _set_points(document, "noville", 250)
    dock.compare_since_save()
    dock.cancel()
    assert dock.empty.text() == "Comparison cancelled."
    qtbot.wait(300)
    assert dock.model.rowCount() == 0


def test_file_compare_menu_opens_the_panel(qtbot, window: MainWindow) -> None:
    file_menu = window.menuBar().actions()[0].menu()
    compare = next(a for a in file_menu.actions() if a.text() == "Co&mpare").menu()
    since, other = compare.actions()
    assert (since.text(), other.text()) == ("Changes Since Last &Save", "With &Another Scenario…")
    dock = window.docks["compare"]
    assert isinstance(dock, CompareDock)
    since.trigger()
    _compared(qtbot, dock)
    assert dock.isVisible()
    assert dock.empty.text().startswith("No changes")


def test_a_unit_changed_in_the_oob_selects_the_unit(
    qtbot, dock: CompareDock, document: Document, selection: Selection
) -> None:
    entry = document.oob_index.units["us.8c.158eng"]
    command = EditFile(document, FileKind.OOB, "Set Strength")
    command.set((*entry.path, "strength"), entry.unit.strength + 100)
    document.push(command)
    dock.compare_since_save()
    _compared(qtbot, dock)
    rows = _rows(dock)
    text = (
        f"Unit 158th Engr Combat Bn: strength {entry.unit.strength} → "
        f"{entry.unit.strength + 100} men, guns or vehicles"
    )
    assert text in rows
    dock.tree.activated.emit(rows[text])
    assert selection.units == ["us.8c.158eng"]
