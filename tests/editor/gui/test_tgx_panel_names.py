"""The Panel Names tool (issue 18): a panel's printed names are added, renamed, moved and
deleted on the assembled board, each one undo step, written into the panel file under the hex
(one panel only on a seam) and saved with the situation."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.main_window import MainWindow
from editor.tactical_gamex.document import PanelPart, TgxDocument, open_situation
from tests.editor.gui.test_tgx_editor import drag, on_board, tool_action
from tests.editor.gui.tgx_title import write_title
from tests.editor.gui.windows import opened_window

A = "../panels/a.panel.yaml"
B = "../panels/b.panel.yaml"


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    """Panels A and B side by side, board column 6 the seam."""
    win = opened_window(qtbot, write_title(tmp_path / "tgx"), size=(1280, 720))
    assert isinstance(win.document, TgxDocument)
    return win


def names(document: TgxDocument, file: str) -> list[tuple[tuple[int, int], str]]:
    return [(tuple(n.hex), n.name) for n in document.model(PanelPart(file)).names]


def test_names_are_printed_renamed_moved_and_deleted_one_step_each(window) -> None:
    document = window.document
    workspace = window.rulesets.workspace
    view = workspace.view
    tool_action(window, "tgx_panel_names").trigger()
    tool = workspace.tool
    answers: list[str | None] = ["Krasnoye", "Krasnoye Selo", None, "  "]
    asked: list[str] = []

    def ask(spot, current):
        asked.append(current)
        return answers.pop(0)

    tool.ask_name = ask
    before = dict(document.board().names)
    steps = document.undo_stack.count()
    drag(view.viewport(), [on_board(view, (9, 1))])  # B's hex (3, 1)
    assert document.board().names[(9, 1)] == "Krasnoye"
    assert ((3, 1), "Krasnoye") in names(document, B)
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Print Name Krasnoye"
    drag(view.viewport(), [on_board(view, (9, 1))])  # asked with the name it has
    assert asked[-1] == "Krasnoye"
    assert document.board().names[(9, 1)] == "Krasnoye Selo"
    assert document.undo_stack.count() == steps + 2
    drag(view.viewport(), [on_board(view, (9, 1))])  # cancelled: nothing changes
    drag(view.viewport(), [on_board(view, (9, 1))])  # blank: refused
    assert document.board().names[(9, 1)] == "Krasnoye Selo"
    assert document.undo_stack.count() == steps + 2
    # Dragged across the seam into panel A: out of B, into A, one step.
    drag(view.viewport(), [on_board(view, (9, 1)), on_board(view, (6, 1)), on_board(view, (4, 2))])
    assert document.board().names.get((4, 2)) == "Krasnoye Selo"
    assert (9, 1) not in document.board().names
    assert ((4, 2), "Krasnoye Selo") in names(document, A)
    assert not [n for n in names(document, B) if n[1] == "Krasnoye Selo"]
    assert document.undo_stack.undoText() == "Move Name Krasnoye Selo"
    assert document.undo_stack.count() == steps + 3
    assert window.save()
    assert open_situation(document.scenario_path).board().names[(4, 2)] == "Krasnoye Selo"
    drag(view.viewport(), [on_board(view, (4, 2))], Qt.MouseButton.RightButton)
    assert (4, 2) not in document.board().names
    assert document.undo_stack.undoText() == "Delete Name Krasnoye Selo"
    for _ in range(4):
        document.undo_stack.undo()
    assert dict(document.board().names) == before


def test_a_seam_name_is_printed_in_one_panel_and_a_move_onto_a_name_is_refused(window) -> None:
    document = window.document
    workspace = window.rulesets.workspace
    view = workspace.view
    tool_action(window, "tgx_panel_names").trigger()
    tool = workspace.tool
    tool.ask_name = lambda spot, current: {(6, 2): "Ford", (8, 2): "Mill"}[spot]
    messages: list[str] = []
    workspace.chosen.message.connect(messages.append)
    drag(view.viewport(), [on_board(view, (6, 2))])
    assert document.board().names[(6, 2)] == "Ford"
    printed = [n for f in (A, B) for n in names(document, f) if n[1] == "Ford"]
    assert len(printed) == 1, "a seam hex's name is printed once"
    drag(view.viewport(), [on_board(view, (8, 2))])
    steps = document.undo_stack.count()
    drag(view.viewport(), [on_board(view, (8, 2)), on_board(view, (6, 2))])
    assert document.undo_stack.count() == steps
    assert messages[-1] == "Refused — Ford is printed there already"
