"""Panels are map files a designer edits on the Tactical GameX board (issue 18): terrain, hills,
hexsides, roads, fords and bridges painted on the assembled board, each stroke one undo step, a
seam hex written to both panels, a new blank panel laid out, all saved with the situation and
read back; the Panel Map panel and New Panel… refuse what cannot be."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from editor.main_window import MainWindow
from editor.tactical_gamex.document import PanelPart, TgxDocument, open_situation
from editor.tactical_gamex.new_panel import NewPanelDialog, add_new_panel
from editor.tactical_gamex.problems_dock import situation_problems
from schemas.io import load_file
from schemas.tactical_gamex.board import OPPOSITE, neighbor
from schemas.tactical_gamex.loading import load_situation
from schemas.tactical_gamex.vocabulary import HexFeature, HexsideKind, Terrain
from schemas.vocabulary import Direction
from tests.editor.gui.test_tgx_editor import drag, on_board, tool_action
from tests.editor.gui.tgx_title import write_title
from tests.editor.gui.windows import opened_window

A = "../panels/a.panel.yaml"
B = "../panels/b.panel.yaml"


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    """The window on the small test title: panels A and B side by side, board column 6 the
    seam (A's last column, B's first)."""
    win = opened_window(qtbot, write_title(tmp_path / "tgx"), size=(1280, 720))
    assert isinstance(win.document, TgxDocument)
    return win


def hover(widget, at: QPoint) -> None:
    """The mouse moves over a widget with no button held."""
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(at),
        QPointF(widget.mapToGlobal(at)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, event)


def edge_of(spot: tuple[int, int], direction: Direction) -> frozenset:
    """One hex edge, whichever of its two hexes names it."""
    return frozenset({(spot, direction), (neighbor(*spot, direction), OPPOSITE[direction])})


def panel(document: TgxDocument, file: str):
    return document.model(PanelPart(file))


def test_terrain_painted_on_the_board_is_one_step_saved_and_read_back(window) -> None:
    document = window.document
    workspace = window.rulesets.workspace
    view = workspace.view
    tool_action(window, "tgx_paint_terrain").trigger()
    workspace.chosen.brush.terrain = Terrain.CITY
    steps = document.undo_stack.count()
    drag(view.viewport(), [on_board(view, (2, 3)), on_board(view, (3, 3)), on_board(view, (4, 3))])
    assert document.undo_stack.count() == steps + 1, "a stroke is one undo step"
    assert document.undo_stack.undoText() == "Paint City"
    assert panel(document, A).terrain_rows[3] == "WWCCC.."
    assert [document.board().terrain_at(c, 3) for c in (2, 3, 4)] == [Terrain.CITY] * 3
    document.undo_stack.undo()
    assert panel(document, A).terrain_rows[3] == "WW....."
    assert not document.is_dirty
    document.undo_stack.redo()
    assert document.is_dirty
    assert window.save()
    path = document.path(PanelPart(A))
    assert load_file(path).model.terrain_rows[3] == "WWCCC.."
    assert not document.is_dirty
    reopened = open_situation(document.scenario_path)
    assert reopened.board().terrain_at(3, 3) is Terrain.CITY
    # The right button paints the printed default, Clear.
    drag(view.viewport(), [on_board(view, (3, 3))], Qt.MouseButton.RightButton)
    assert panel(document, A).terrain_rows[3] == "WWC.C.."


def test_a_seam_hex_is_painted_into_both_panels(window) -> None:
    document = window.document
    workspace = window.rulesets.workspace
    view = workspace.view
    panel_map = workspace.docks["tgx_panel_map"]
    panel_map.terrain.setCurrentIndex(panel_map.terrain.findText("Woods"))
    panel_map.tool_buttons["tgx_paint_terrain"].click()
    assert tool_action(window, "tgx_paint_terrain").isChecked()
    drag(view.viewport(), [on_board(view, (6, 2))])
    assert panel(document, A).terrain_rows[2][6] == "W", "A's last column"
    assert panel(document, B).terrain_rows[2][0] == "W", "B's first column"
    assert not [p for p in situation_problems(document) if p.code == "TGX013"]
    workspace.chosen.choose_hex((6, 2))
    assert "seam hex" in workspace.docks["tgx_panel_map"].under.text()


def test_hills_hexsides_roads_and_stream_features_reach_the_board(window) -> None:
    document = window.document
    workspace = window.rulesets.workspace
    view = workspace.view
    brush = workspace.chosen.brush

    tool_action(window, "tgx_paint_hills").trigger()
    brush.level, brush.mass = 2, "B"
    drag(view.viewport(), [on_board(view, (9, 2))])
    assert document.board().level_at(9, 2) == 2
    assert panel(document, B).mass_rows[2][3] == "B"

    tool_action(window, "tgx_paint_hexsides").trigger()
    brush.hexside = HexsideKind.CLIFF
    centre = on_board(view, (9, 2))
    edge = view.mapFromScene(*view.layout.side_middle(view.grid.hex_at(9, 2), Direction.DOWN))
    near = QPoint((centre.x() + 3 * edge.x()) // 4, (centre.y() + 3 * edge.y()) // 4)
    hover(view.viewport(), near)
    tool = window.rulesets.workspace.tool
    assert tool.hovered == ((9, 2), Direction.DOWN), "the edge a click acts on is shown first"
    drag(view.viewport(), [near])
    board = document.board()
    assert HexsideKind.CLIFF in board.hexsides[((9, 2), Direction.DOWN)]
    drag(view.viewport(), [near])
    assert ((9, 2), Direction.DOWN) not in document.board().hexsides, "a second click removes it"
    # A drag takes the edges it passes near their middles, none across the hex's middle.
    up = view.mapFromScene(*view.layout.side_middle(view.grid.hex_at(9, 2), Direction.UP))
    before = dict(document.board().hexsides)
    drag(view.viewport(), [edge, centre, up])
    added = {edge_of(*key) for key in document.board().hexsides if key not in before}
    assert added == {edge_of((9, 2), Direction.DOWN), edge_of((9, 2), Direction.UP)}
    assert document.undo_stack.undoText() == "Draw Cliff"
    document.undo_stack.undo()
    assert dict(document.board().hexsides) == before, "the drag is one undo step"

    tool_action(window, "tgx_paint_roads").trigger()
    drag(view.viewport(), [on_board(view, (8, 0)), on_board(view, (8, 1)), on_board(view, (8, 2))])
    links = document.board().road_links
    assert ((8, 1), Direction.UP) in links
    assert ((8, 2), Direction.UP) in links
    assert document.undo_stack.undoText() == "Draw Road"

    tool_action(window, "tgx_paint_features").trigger()
    brush.feature = HexFeature.FORD
    drag(view.viewport(), [on_board(view, (9, 2))])
    assert (9, 2) not in document.board().features, "refused outside a stream hex"
    drag(view.viewport(), [on_board(view, (5, 2))])  # A's printed stream
    assert HexFeature.FORD in document.board().features[(5, 2)]
    assert window.save()
    reread = load_situation(document.scenario_path)
    assert reread.is_complete
    assert not [p for p in reread.problems if p.is_error]
    assert HexFeature.FORD in reread.board.features[(5, 2)]
    assert ((8, 1), Direction.UP) in reread.board.road_links


def test_a_new_panel_is_laid_out_undone_and_saved(window, tmp_path: Path) -> None:
    document = window.document
    assert "already has a panel" in add_new_panel(document, "a", "Twin", 7, 4)
    assert "c.panel.yaml already exists" in add_new_panel(document, "C", "Third", 7, 4)
    dialog = NewPanelDialog(document, window)
    dialog.map_id.setText("D")
    dialog.name.setText("Riverside")
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    assert [p.file for p in document.situation.board.panels][-1] == "../panels/d.panel.yaml"
    assert document.board().width == 19
    assert document.undo_stack.undoText() == "New Panel D"
    document.undo_stack.undo()
    assert len(document.situation.board.panels) == 2
    assert not document.is_dirty, "the unsaved panel goes with its step"
    document.undo_stack.redo()
    # The new panel is painted like any other, then written with the situation.
    tool_action(window, "tgx_paint_terrain").trigger()
    view = window.rulesets.workspace.view
    drag(view.viewport(), [on_board(view, (15, 1))])
    assert window.save()
    written = tmp_path / "tgx" / "panels" / "d.panel.yaml"
    saved = load_file(written).model
    assert (saved.id, saved.name, saved.width) == ("D", "Riverside", 7)
    assert saved.terrain_rows[1][3] == "W"
    reread = load_situation(document.scenario_path)
    assert reread.is_complete
    assert reread.board.width == 19
