"""Intel markers on the test-play map [001 1.1 #31]: under Fog of War in Panzer Battles, the
side to move sees faded markers where it last saw enemy units gone out of its sight."""

from __future__ import annotations

from pathlib import Path

from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.testplay.overlays import TestPlayOverlays
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.sightings import IntelMarker, Sight
from engine.panzer_campaigns.state import other_side


def test_the_side_to_move_sees_its_intel_markers_faded_on_the_map(
    qtbot, qapp, stoumont: Path, selection: Selection
) -> None:
    document = Document.open(stoumont)
    session = TestPlaySession.start(document, settings=TestPlaySettings(seed=1, fog_of_war=True))
    game = session.game
    viewer = game.phasing
    enemy = next(iter(game.iter_units(other_side(viewer))))
    board = game.state.board
    middle = board.index(board.width // 2, board.height // 2)
    empty = next(h for h in board.iter_within(middle, 6) if h not in game.state.stacks)
    hex_ = game.offset_of(empty)
    game.state.intel[viewer][enemy.id] = IntelMarker(enemy.id, empty, Sight.SPOTTED, 1)
    overlays = TestPlayOverlays(selection=selection)
    overlays.set_session(session)
    [mark] = overlays.intel_marks()
    assert (mark.hex, mark.turn) == (hex_, 1)
    assert mark.label == (enemy.unit.name or enemy.id)

    view = MapView(selection)
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.set_document(session.shadow)
    view.aids = overlays  # type: ignore[assignment]
    view.show()
    qtbot.waitExposed(view)
    view.set_zoom(48)
    view.center_on(hex_)
    point = view.hex_pixel(hex_).toPoint()
    marked = view.grab().toImage().pixelColor(point)
    del game.state.intel[viewer][enemy.id]
    session.changed.emit()
    assert overlays.intel_marks() == []
    plain = view.grab().toImage().pixelColor(point)
    assert marked != plain
    document.undo_stack.clear()
