"""The board's tool while a Tactical GameX situation is test-played: a click on a unit of the
side to act chooses it (again on the same hex: the next unit of the stack), a click in its reach
moves it along the path shown under the mouse, a click on another hex aims at it (the Test-play
panel shows the previews of the orders that take it), a right-click aims at any hex, a
Shift+click adds a unit of yours to the chosen one's Fire, Close Assault and Bridge Fire (or
takes it out). Before turn 1 a click places the counter the setup step has chosen, a drag moves one
placed before."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QMouseEvent

from editor.tactical_gamex.board_tools import BoardTool

if TYPE_CHECKING:
    from editor.tactical_gamex.board_tools import TgxSelection
    from editor.tactical_gamex.board_view import BoardView

Offset = tuple[int, int]


class PlayTool(BoardTool):
    """Choose, move and aim in test-play; `player` (the Test-play panel) carries it out."""

    name = "tgx_play"
    label = "Test-play"
    icon = "swords"
    tip = (
        "Click a unit to choose it, a hex of its reach to move, another hex to aim at; "
        "right-click aims at any hex; Shift+click joins a unit to the chosen one's fire"
    )

    def __init__(self, view: BoardView, chosen: TgxSelection, player: Any) -> None:
        super().__init__(view, chosen)
        self.player = player

    def press(self, spot: Offset, event: QMouseEvent) -> bool:
        if event.button() == Qt.MouseButton.RightButton:
            self.player.aim_at(spot)
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.player.join(spot)
        else:
            self.player.hex_pressed(spot)
        return True

    def release(self, spot: Offset | None, event: QMouseEvent) -> None:
        # while the sides set up, a press and its release place or drag a counter (setup_panel)
        released = getattr(self.player, "setup_release", None)
        if released is not None:
            released(spot)
