"""Test-play of a Tactical GameX situation in the window (issue 19, item 3): the sample
situation played from the Test-play panel with an unsaved edit in it, through the board's play
tool: the initiative and the impulse shown, a move with its reach and path, a fire with its
preview, a close assault, a rally's morale check, the turn's Housekeeping, and victory at the end
with the computer playing both sides; saved and replayed the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from editor.commands import SetValue
from editor.main_window import MainWindow
from editor.tactical_gamex.board_view import BoardView
from editor.tactical_gamex.forces import counter_path
from editor.tactical_gamex.testplay.dock import MODES, TgxTestPlayDock
from editor.tactical_gamex.testplay.session import TgxPlaySession
from engine.tactical_gamex.events import (
    Attacked,
    HousekeepingDone,
    MoraleChecked,
    TgxGameEnded,
    UnitMoved,
)
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.tables import COLUMNS
from schemas.io import FileKind
from schemas.vocabulary import Side
from tests.editor.gui.tgx_title import open_sample


@pytest.fixture
def played(qtbot, tmp_path: Path) -> tuple[MainWindow, TgxTestPlayDock]:
    """The window on a copy of the sample situation, its Test-play panel in front."""
    win = open_sample(qtbot, tmp_path / "steppe")
    workspace = win.rulesets.workspace
    assert workspace is not None
    dock = workspace.docks["tgx_testplay"]
    assert isinstance(dock, TgxTestPlayDock)
    dock.show()
    dock.raise_()
    return win, dock


def _click(view: BoardView, spot: tuple[int, int]) -> None:
    view.centerOn(view.center(spot))
    at = view.mapFromScene(view.center(spot))
    for kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease):
        _mouse(view.viewport(), kind, at)


def _hover(view: BoardView, spot: tuple[int, int]) -> None:
    _mouse(view.viewport(), QEvent.Type.MouseMove, view.mapFromScene(view.center(spot)))


def _mouse(widget: QWidget, kind: QEvent.Type, at: QPoint) -> None:
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    held = (
        Qt.MouseButton.LeftButton
        if kind == QEvent.Type.MouseButtonPress
        else Qt.MouseButton.NoButton
    )
    event = QMouseEvent(
        kind,
        QPointF(at),
        QPointF(widget.mapToGlobal(at)),
        button,
        held,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, event)


def _log(dock: TgxTestPlayDock) -> list[str]:
    return [dock.log.item(i).text() for i in range(dock.log.count())]


def test_the_sample_situation_is_test_played_from_the_window(played, tmp_path: Path) -> None:
    win, dock = played
    workspace = win.rulesets.workspace
    assert workspace is not None
    view, player = workspace.view, workspace.player
    document = view.document
    assert document is not None
    # An unsaved edit: the Pioniere and the German MGs set up next to the Soviet rifle companies
    # (L3 and L4). Test-play plays the situation as it is, not as saved.
    board = document.board()
    for unit, spot in (("ger.pi", (12, 3)), ("ger.mg", (12, 4))):
        path = (*counter_path(document.situation, unit), "hex")
        document.push(SetValue(document, FileKind.SITUATION, path, board.address_of(*spot), "x"))
    assert document.is_dirty

    dock.seed.setValue(1)
    dock.mode.setCurrentIndex(0)  # hot-seat
    dock.setup_box.setChecked(False)  # turn 1 at once: the situation's setup by the seed
    dock.start_button.click()
    game = dock.session.game if dock.session is not None else None
    assert game is not None
    assert game.unit("ger.pi").hex == (12, 3)
    assert "counters" not in view.layers  # the game's counters are drawn, not the setup's
    # The situation gives the Germans the first initiative; the 1d6 pool is rolled and shown.
    assert dock.turn_label.text() == "Turn 1 of 10"
    assert dock.initiative_label.text().startswith("Initiative: Axis")
    assert dock.impulse_label.text() == "Impulse: Axis to act, 6 of 6 activation points left"
    assert _log(dock)[0] == "axis impulse: 6 activation points"

    # A move: the Panzer IV's reach is shown, the path to the hex under the mouse, a click moves.
    _click(view, (23, 7))
    assert player.marks.chosen == "ger.1pz"
    assert player.marks.reach[(22, 7)] == 3  # the MP each hex costs is painted on it
    _hover(view, (22, 7))
    assert player.marks.path == ((22, 7),)
    _click(view, (22, 7))
    assert game.unit("ger.1pz").hex == (22, 7)
    assert isinstance(game.log[-1], UnitMoved)
    assert dock.impulse_label.text() == "Impulse: Axis to act, 5 of 6 activation points left"
    assert dock.undo_button.isEnabled()  # no die was rolled: the move may be taken back
    dock.undo_button.click()
    assert game.unit("ger.1pz").hex == (23, 7)
    _click(view, (23, 7))
    _click(view, (22, 7))
    assert game.unit("ger.1pz").hex == (22, 7)

    # The Line of Sight overlay shades the hexes the Panzer IV cannot see.
    dock.sight_box.setChecked(True)
    seen = player.marks.sight
    assert seen is not None
    assert (21, 7) in seen
    assert 0 < len(seen) < board.width * board.height
    # the engine's own answer, hexside terrain included, for every hex of the board
    cells = [(c, r) for r in range(board.height) for c in range(board.width)]
    assert seen == {h for h in cells if has_los(game.state, (22, 7), h)}
    dock.sight_box.setChecked(False)
    assert player.marks.sight is None

    # A fire with its preview: the MGs at 1:1 against the rifle company at L4.
    _click(view, (12, 4))
    assert player.marks.chosen == "ger.mg"
    _click(view, (11, 3))
    preview = player.fire
    assert preview is not None
    assert not isinstance(preview, str)
    assert (preview.attack, preview.defense, preview.column) == (10, 6, "1:1")
    (unit, modifier, chances) = preview.chances[0]
    crt_row = [
        game.state.tables.crt.result(COLUMNS.index("1:1"), r + modifier).value for r in range(1, 7)
    ]
    assert chances == {r: crt_row.count(r) / 6 for r in set(crt_row)}
    assert "column 1:1" in dock.preview.text()
    assert "50%" in dock.preview.text()
    assert dock.fire_button.isEnabled()
    dock.fire_button.click()
    fired = game.log[-1]
    assert isinstance(fired, Attacked)
    assert fired.kind == "direct fire"
    assert chances[fired.results[0].result] > 0  # the result is one the preview gave a chance
    assert not dock.undo_button.isEnabled()  # a die the player saw: no taking back
    assert game.unit("sov.2rc").disrupted

    # A close assault by the Pioniere on the rifle company at L3, with its preview.
    _click(view, (12, 3))
    _click(view, (11, 2))
    assault = player.assault
    assert assault is not None
    assert not isinstance(assault, str)
    assert assault.kind == "close assault"
    assert assault.column == "2:1"
    dock.assault_button.click()
    assert isinstance(game.log[-1], Attacked)
    assert game.log[-1].kind == "close assault"
    assert any("close assault at (11, 2)" in line for line in _log(dock))

    # Pass: the Soviets act and rally the disrupted company: a morale check in the log.
    dock.pass_button.click()
    assert game.acting is Side.ALLIED
    assert dock.impulse_label.text().startswith("Impulse: Allied to act")
    _click(view, (11, 3))
    assert player.marks.chosen == "sov.2rc"
    dock.rally_button.click()
    assert isinstance(game.log[-1], MoraleChecked)
    assert not game.unit("sov.2rc").disrupted
    assert "rallies" in _log(dock)[-1]

    # The computer plays both sides to the end: each turn's Housekeeping, then victory.
    dock.mode.setCurrentIndex(MODES.index(("The computer plays both", frozenset(Side))))
    assert game.is_over
    housekeeping = [e for e in game.log if isinstance(e, HousekeepingDone)]
    assert len(housekeeping) == game.state.last_turn
    ended = game.log[-1]
    assert isinstance(ended, TgxGameEnded)
    assert dock.turn_label.text() == f"Game over on turn {ended.turn}: {ended.outcome}"
    assert not dock.pass_button.isEnabled()
    assert any(isinstance(e, MoraleChecked) and e.roll > 0 for e in game.log)
    assert "rolled Allied" in dock.initiative_label.text()  # a later turn's initiative roll

    # Saved and opened again: the same orders on the same seed give the same game.
    saved = dock.session.save(tmp_path / "game.tgxplay.yaml")
    again = TgxPlaySession.open(document, saved)
    assert [e.describe() for e in again.game.log] == [e.describe() for e in game.log]
    dock.start_button.click()  # Stop
    assert dock.session is None
    assert "counters" in view.layers
