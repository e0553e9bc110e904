"""Helpers of the Tactical GameX Test-play window tests: the sample situation copied (with an
edit of its text), units set up elsewhere as unsaved edits, a hot-seat game started; and a
right-click on a board hex, as a player aims at any hex, or a press with keys held."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from editor.commands import SetValue
from editor.tactical_gamex.forces import counter_path
from editor.tactical_gamex.testplay.dock import TgxTestPlayDock
from schemas.io import FileKind
from schemas.vocabulary import Side
from tests.conftest import REPO
from tests.editor.gui.windows import opened_window

SAMPLE = REPO / "sample_data" / "tgx_steppe43"
SITUATION = "scenarios/hill-at-krasnaya-polyana.situation.yaml"


def play_window(
    qtbot,
    tmp_path: Path,
    places: dict[str, tuple[int, int]],
    *edits: tuple[str, str, str],
    seed: int = 17,
) -> TgxTestPlayDock:
    """A hot-seat game (seed 17: the Germans act first) of a copy of the sample, its files'
    text changed by `edits` (file, old, new), these units set up at these hexes."""
    shutil.copytree(SAMPLE, tmp_path / "steppe")
    path = tmp_path / "steppe" / SITUATION
    for name, old, new in edits:
        edited = tmp_path / "steppe" / name
        text = edited.read_text()
        assert old in text
        edited.write_text(text.replace(old, new, 1))
    win = opened_window(qtbot, path, show=False)
    workspace = win.rulesets.workspace
    document = workspace.view.document
    board = document.board()
    for unit, spot in places.items():
        at = (*counter_path(document.situation, unit), "hex")
        document.push(SetValue(document, FileKind.SITUATION, at, board.address_of(*spot), "x"))
    dock = workspace.play_dock
    dock.seed.setValue(seed)
    dock.setup_box.setChecked(False)  # turn 1 at once: the situation's setup by the seed
    dock.start_button.click()
    assert dock.session is not None
    assert dock.session.game.acting is Side.AXIS
    return dock


def right_click(dock: TgxTestPlayDock, spot: tuple[int, int]) -> None:
    """A right-click on a hex of the board."""
    press(dock, spot, Qt.MouseButton.RightButton)


def press(
    dock: TgxTestPlayDock,
    spot: tuple[int, int],
    button: Qt.MouseButton = Qt.MouseButton.LeftButton,
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """A mouse press on a hex of the board, with a button and keys held."""
    view = dock.player.view
    view.centerOn(view.center(spot))
    at = QPointF(view.mapFromScene(view.center(spot)))
    event = QMouseEvent(
        QEvent.Type.MouseButtonPress,
        at,
        QPointF(view.viewport().mapToGlobal(at.toPoint())),
        button,
        button,
        modifiers,
    )
    QApplication.sendEvent(view.viewport(), event)
