"""One test-play of the open Tactical GameX situation: the game, which sides the computer
plays, orders given and taken back, and the game saved and opened as a `.tgxplay.yaml`.

The computer plays in the window's thread, synchronously: its slowest impulse of a whole game of
the sample takes 0.05 s of CPU (the bench row "Tactical GameX computer player", budget 0.5 s),
too short for a worker process and its copy of the game to pay back (the Panzer Campaigns
window needs one for turns of seconds)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from editor.tactical_gamex.testplay.game_start import game_of
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from editor.tactical_gamex.document import TgxDocument
    from engine.tactical_gamex.game import TacticalGame

COMPUTER_ORDER_LIMIT = 2000
"""Orders the computer may give in one hand-over before the session stops it: a guard against
a player that never ends an impulse, far above the few dozen of a whole sample game."""


class TgxPlaySession(QObject):
    """A game of the document's situation as it stood at the start (unsaved edits included)."""

    changed = Signal()
    """Emitted after every order, take-back or computer impulse."""
    events = Signal(list)
    """Emitted with the events of each order, in the order they happened."""

    def __init__(
        self,
        document: TgxDocument,
        seed: int = 1,
        computer: Iterable[Side] = (),
        parent: QObject | None = None,
        setup_phase: bool = False,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.seed = seed
        self.computer = set(computer)
        self.situation_path = document.scenario_path
        self.game: TacticalGame = game_of(document, seed, setup_phase)
        self._players: dict[Side, Any] = {}

    # Orders ----------------------------------------------------------------------------------

    def give(self, order: object) -> list[object]:
        """Carry out a player's order, then let the computer play while it has the turn;
        ValueError (nothing changed) when the rules refuse it."""
        events = self.game.apply(order)
        self.events.emit(list(events))
        self.play_computer()
        self.changed.emit()
        return events

    def pass_impulse(self) -> list[object]:
        """End the impulse: a pass when no point was spent [003 4.2.1]."""
        from engine.tactical_gamex.orders import EndImpulse  # noqa: PLC0415

        return self.give(EndImpulse())

    def take_back(self) -> object:
        """Take back the last order while no die the player saw was rolled since [issue 19];
        ValueError otherwise."""
        order = self.game.undo()
        self.changed.emit()
        return order

    def set_computer(self, sides: Iterable[Side]) -> None:
        """Let the computer play these sides from now on (none: hot-seat)."""
        self.computer = set(sides)
        self.play_computer()
        self.changed.emit()

    def play_computer(self) -> int:
        """Let the computer give its orders while one of its sides acts; how many it gave."""
        from engine.tactical_gamex.computer import TgxComputerPlayer  # noqa: PLC0415

        given = 0
        game = self.game
        while not game.is_over and game.acting in self.computer and given < COMPUTER_ORDER_LIMIT:
            player = self._players.setdefault(game.acting, TgxComputerPlayer(game.acting))
            before = len(game.log)
            orders = player.play_impulse(game)
            given += len(orders) or 1
            self.events.emit(list(game.log[before:]))
        return given

    # Files -----------------------------------------------------------------------------------

    def save(self, path: Path | str) -> Path:
        """Write the game as its seed and orders, naming the situation relative to the file."""
        from engine.tactical_gamex.records import saved_game_of  # noqa: PLC0415
        from schemas.io import save_file  # noqa: PLC0415

        target = Path(path)
        saved = saved_game_of(
            self.game, self.situation_path, target, self.seed, sorted(self.computer)
        )
        save_file(saved, target)
        return target

    @classmethod
    def open(
        cls, document: TgxDocument, path: Path | str, parent: QObject | None = None
    ) -> TgxPlaySession:
        """A saved game replayed on the open situation as it now stands; ValueError when the
        file is not a saved game or an order is refused (the message says which)."""
        from engine.tactical_gamex.records import order_of  # noqa: PLC0415
        from schemas.io import FileKind, load_file  # noqa: PLC0415

        loaded = load_file(path, FileKind.TGX_PLAY)
        saved = loaded.model
        if saved is None:
            first = next((p.message for p in loaded.problems), "it did not validate")
            raise ValueError(f"{path} is not a saved Tactical GameX game: {first}")
        session = cls(document, saved.seed, (), parent, setup_phase=saved.setup == "players")
        for number, model in enumerate(saved.orders, 1):
            order = order_of(model)
            try:
                session.game.apply(order)
            except ValueError as exc:
                raise ValueError(
                    f"order {number} ({order.describe()}) was refused: {exc}"
                ) from None
        session.computer = set(saved.computer)
        return session
