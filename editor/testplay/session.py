"""A test-play of the open scenario: the embedded engine's game on a snapshot of the document,
and a shadow document whose scenario shows the game's units, so the map view can show the game.

The edited document is only read once, at the start: orders and turns change the game and the
shadow, never the document or its undo stack.
"""

from __future__ import annotations

import logging
import time

from PySide6.QtCore import QObject, QTimer, Signal

from editor.document import Change, ChangeAction, Document, FileSlot
from editor.testplay.shadow import objectives_of, placements_of
from engine.events import Event
from engine.game import Game
from engine.movement import IllegalMove
from schemas.io import FileKind
from schemas.scenario import Mode, ScenarioFile
from schemas.title import ScenarioBundle

log = logging.getLogger(__name__)

Offset = tuple[int, int]


class TestPlaySession(QObject):
    """One test-play: the game, its shadow document, the seed, and the orders a tester gives.

    Orders are refused with `IllegalMove` while a turn is being computed. `advance_to` plays
    whole player turns one per pass of the event loop, so the window paints between them.
    """

    __test__ = False  # a class named Test... that pytest must not collect

    changed = Signal()
    """The game state changed (a move, a mode change, a turn, a restart)."""
    events_added = Signal(list)
    """Engine events just logged, in order."""
    busy_changed = Signal(bool)
    """A turn change is being computed (true) or done (false)."""
    restarted = Signal()
    """The game started again (`restart`): the log begins anew; `changed` follows."""
    failed = Signal(str)
    """The engine failed while advancing turns; the message says how."""

    def __init__(self, document: Document, seed: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        """The edited document, read once for the snapshot; never changed."""
        self._bundle: ScenarioBundle = document.bundle()
        self.seed = seed
        self.game = Game.from_bundle(self._bundle, seed)
        self.shadow = _shadow_document(self._bundle, self.game, self)
        self._stopped = False
        self._busy = False
        self._target_turn: int | None = None
        self.last_turn_seconds = 0.0
        """How long the last player turn change took in the engine, for the dock's status."""

    @classmethod
    def start(
        cls, document: Document, seed: int = 1, parent: QObject | None = None
    ) -> TestPlaySession:
        """A new test-play of the document as it is now, saved or not; ValueError when the
        scenario has errors the engine cannot play with."""
        return cls(document, seed, parent)

    # Where we are ------------------------------------------------------------------------------

    @property
    def scenario(self) -> ScenarioFile:
        """The scenario being played, as it was when the test-play started."""
        model: ScenarioFile = self._bundle.scenario.model
        return model

    @property
    def is_busy(self) -> bool:
        """Whether a turn change is being computed or turns are being advanced."""
        return self._busy

    @property
    def target_turn(self) -> int | None:
        """The turn `advance_to` is playing towards, while it does."""
        return self._target_turn

    # Orders ------------------------------------------------------------------------------------

    def move(self, unit_id: str, path: list[Offset]) -> list[Event]:
        """Move a unit along `path` (adjacent hexes, its own first or not); IllegalMove, with
        nothing changed, when the rules forbid a step."""
        self._check_idle(unit_id)
        events = self.game.move(unit_id, path)
        self._after_change(events)
        return events

    def change_mode(self, unit_id: str, mode: Mode) -> None:
        """Put a unit in deployed, travel or rail mode; IllegalMove when it may not."""
        self._check_idle(unit_id)
        self.game.change_mode(unit_id, mode)
        self._after_change([])

    def end_player_turn(self) -> list[Event]:
        """End the player turn: the other side moves next, or the next game turn starts."""
        if self._busy or self._stopped:
            return []
        return self._end_one_player_turn()

    def advance_to(self, turn: int) -> None:
        """End player turns until game turn `turn` starts or the game ends, one player turn per
        pass of the event loop; `busy_changed` brackets the whole advance."""
        if self._busy or self._stopped or self.game.is_over or turn <= self.game.turn:
            return
        self._target_turn = turn
        self._set_busy(True)
        QTimer.singleShot(0, self._advance_step)

    def cancel_advance(self) -> None:
        """Stop `advance_to` after the player turn being computed."""
        if self._target_turn is not None:
            self._target_turn = None
            self._set_busy(False)

    def restart(self, seed: int | None = None) -> None:
        """Start the game again from the snapshot, with the same seed or a new one."""
        self.cancel_advance()
        if seed is not None:
            self.seed = seed
        self.game = Game.from_bundle(self._bundle, self.seed)
        self._sync_shadow()
        self.restarted.emit()
        self.changed.emit()

    def stop(self) -> None:
        """End the test-play: stop advancing; later orders and turns are refused."""
        self.cancel_advance()
        self._stopped = True

    # Inside ------------------------------------------------------------------------------------

    def _check_idle(self, unit_id: str) -> None:
        if self._stopped:
            raise IllegalMove(f"the test-play has ended; {unit_id} cannot be given orders")
        if self._busy:
            raise IllegalMove(f"{unit_id} cannot be given orders while a turn is being computed")

    def _end_one_player_turn(self) -> list[Event]:
        advancing = self._target_turn is not None
        if not advancing:
            self._set_busy(True)
        try:
            started = time.perf_counter()
            events = self.game.end_player_turn()
            self.last_turn_seconds = time.perf_counter() - started
        finally:
            if not advancing:
                self._set_busy(False)
        self._after_change(events)
        return events

    def _advance_step(self) -> None:
        target = self._target_turn
        if target is None:
            return
        if self.game.is_over or self.game.turn >= target:
            self.cancel_advance()
            return
        try:
            self._end_one_player_turn()
        except Exception as exc:  # an engine bug must not leave the dock busy for ever
            log.exception("test-play: ending the player turn failed")
            self.cancel_advance()
            self.failed.emit(f"the engine failed ending the player turn: {exc}")
            return
        QTimer.singleShot(0, self._advance_step)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    def _after_change(self, events: list[Event]) -> None:
        self._sync_shadow()
        if events:
            self.events_added.emit(list(events))
        self.changed.emit()

    def _sync_shadow(self) -> None:
        """Install in the shadow the parts of the scenario the game changed, each with its own
        Change so views rebuild only what they show of it."""
        for field, build in (("placements", placements_of), ("objectives", objectives_of)):
            current: ScenarioFile = self.shadow.scenario
            value = build(self.game)
            if value != getattr(current, field):
                self.shadow.install(
                    FileKind.SCENARIO,
                    current.model_copy(update={field: value}),
                    Change(FileKind.SCENARIO, (field,), ChangeAction.SET),
                )


def _shadow_document(bundle: ScenarioBundle, game: Game, parent: QObject) -> Document:
    """A document over the snapshot's title models whose scenario shows the game's units."""
    slots: dict[FileKind, FileSlot] = {}
    for loaded in (bundle.scenario, bundle.map, bundle.oob, bundle.parameters, bundle.weather):
        if loaded is None or loaded.kind is None or not loaded.ok:
            continue
        model = loaded.model
        if loaded.kind is FileKind.SCENARIO:
            shown = model.model_copy(
                update={"placements": placements_of(game), "objectives": objectives_of(game)}
            )
            slots[loaded.kind] = FileSlot(loaded.kind, loaded.path, shown, model)
        else:
            slots[loaded.kind] = FileSlot(loaded.kind, loaded.path, model, model, loaded)
    return Document(slots, parent)
