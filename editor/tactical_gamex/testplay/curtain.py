"""Hot-seat secrecy for Tactical GameX test-play: the window is covered whenever the side to act
changes, in the setup and in play, until the next player clicks to continue (the shared
`ScreenCurtain`), and what the board shows of each side's secrets follows the player at the
screen: mines noted secretly [003 8.2] and airborne target hexes [003 11.1]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from editor.testplay.curtain import ScreenCurtain
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from editor.tactical_gamex.testplay.session import TgxPlaySession


def viewer(session: TgxPlaySession | None, passing: bool) -> Side | None:
    """The side whose player sits at the screen, None when both may see everything: against
    the computer its human side; in hot-seat passing the screen, the side to act; otherwise
    (hot-seat without passing, the computer on both sides, the game over) nobody hides."""
    if session is None or session.game.is_over:
        return None
    humans = [s for s in (Side.ALLIED, Side.AXIS) if s not in session.computer]
    if len(humans) == 1:
        return humans[0]
    if len(humans) == 2 and passing:
        return session.game.acting
    return None


def sees(session: TgxPlaySession | None, passing: bool, owner: Any) -> bool:
    """Whether the player at the screen may see a secret of `owner`'s."""
    seer = viewer(session, passing)
    return seer is None or owner is seer


class TgxCurtain(ScreenCurtain):
    """Covers the main window when the side to act changes in hot-seat, while passing the
    screen is on."""

    def __init__(self, parent: QWidget, session: TgxPlaySession, passing: Any) -> None:
        super().__init__(parent)
        self.session = session
        self.passing = passing
        """A callable: whether the players pass the screen (the panel's box)."""
        self._side: Side = session.game.acting
        """The side whose player sits at the screen."""
        session.changed.connect(self._game_changed)

    def lift(self) -> None:
        self._side = self.session.game.acting
        super().lift()

    def _game_changed(self) -> None:
        game = self.session.game
        if game.is_over or self.session.computer or not self.passing():
            self._side = game.acting
            self.hide()
            return
        if game.acting is self._side:
            return
        side = game.acting.value.capitalize()
        if game.phase.value == "setup":
            from engine.tactical_gamex import setup_phase  # noqa: PLC0415

            said = setup_phase.step(game.state).describe()
            steps = len(setup_phase.plan(game.state).steps)
            now = f"Setup, step {game.state.setup_step + 1} of {steps}: {said[0].upper()}{said[1:]}"
            shown = "my setup"
        else:
            now = f"Turn {game.turn}: the {side} player's impulse"
            shown = "my impulse"
        self.cover(
            f"{now}.\nPass the screen: each side's secret mines and target hexes stay its own.",
            f"I am the {side} player: show {shown}",
        )
