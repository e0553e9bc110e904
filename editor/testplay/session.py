"""A test-play of the open scenario: the embedded engine's game on a snapshot of the document,
and a shadow document whose scenario shows the game's units, so the map view can show the game.

The edited document is only read once, at the start: orders and turns change the game and the
shadow, never the document or its undo stack.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from editor.document import Document
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session_view import SessionView, shadow_document
from engine.panzer_campaigns.orders import (
    Assault,
    ChangeMode,
    EngineeringOrder,
    Fire,
    Move,
    Order,
    ReconSpot,
)
from schemas.panzer_campaigns.scenario import Mode, ScenarioFile
from schemas.title import ScenarioBundle
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event

log = logging.getLogger(__name__)

Offset = tuple[int, int]


class TestPlaySession(QObject, SessionView):
    """One test-play: the game, its shadow document, the seed, and the orders a tester gives.

    Orders are refused with `IllegalMove` while a turn is being computed. `advance_to` and
    `replay` play one player turn or order per pass of the event loop, so the window paints
    between them.
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
    """The engine failed while advancing turns, or an order of a replay was refused; the
    message says how."""
    log_rewound = Signal()
    """Orders were taken back: the game's log is shorter; `changed` follows."""
    replay_progress = Signal(int, int)
    """(orders replayed, orders to replay) while `replay` runs."""
    players_changed = Signal()
    """The sides the computer plays changed (`set_players`); `changed` follows."""
    computer_wanted = Signal()
    """`advance_to` reached a player turn of a side the computer plays and waits for it to play
    that turn (`awaits_computer`)."""

    def __init__(
        self, document: Document, settings: TestPlaySettings, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        """The edited document, read once for the snapshot; never changed."""
        self.bundle: ScenarioBundle = document.bundle()
        """The title files as they were when the test-play started."""
        self.settings = settings
        self.game = self.settings.new_game(self.bundle)
        self.shadow = shadow_document(self.bundle, self.game, self, self.viewer)
        self._stopped = False
        self._busy = False
        self._target_turn: int | None = None
        self._replaying: list[Order] = []
        self._replayed = 0
        self.computer_is_playing = False
        """Whether the computer is giving the orders of the side to move (busy meanwhile)."""
        self.computer_attached = False
        """Whether a computer player plays the computer's sides (the window's `ComputerTurns`);
        without one `advance_to` ends their turns with no orders, as a human's."""
        self._awaiting_computer = False
        self._unshown: list[Event] = []
        self._unshown_orders = False
        self.last_turn_seconds = 0.0
        """How long the last player turn change took in the engine, for the dock's status."""

    @classmethod
    def start(
        cls,
        document: Document,
        seed: int = 1,
        parent: QObject | None = None,
        *,
        settings: TestPlaySettings | None = None,
    ) -> TestPlaySession:
        """A new test-play of the document as it is now, saved or not, with the scenario's
        optional rules (`TestPlaySettings.of_scenario`) unless `settings` say otherwise;
        ValueError when the scenario has errors the engine cannot play with."""
        if settings is None:
            scenario = document.scenario
            settings = TestPlaySettings.of_scenario(scenario, seed) if scenario else None
        return cls(document, settings or TestPlaySettings(seed), parent)

    # Where we are ------------------------------------------------------------------------------

    @property
    def scenario(self) -> ScenarioFile:
        """The scenario being played, as it was when the test-play started."""
        model: ScenarioFile = self.bundle.scenario.model
        return model

    @property
    def viewer(self) -> Side | None:
        """The side whose knowledge the map, Hex Info, the log and the overlays show: None
        (everything) without Fog of War [000 4.8]; under it, in hot seat, the side giving orders
        (in a Defensive Fire Phase, the defender [000 13.3]), the human's side against the
        computer (it watches the computer's turn with only what it may know), and None when the
        computer plays both sides (the designer is a spectator)."""
        if not self.settings.fog_of_war:
            return None
        humans = [side for side in Side if side not in self.settings.computer_sides]
        if len(humans) == 1:
            return humans[0]
        return self.game.acting if humans else None

    @property
    def computer_to_move(self) -> bool:
        """Whether the side to move is played by the computer (and the game goes on)."""
        return not self.game.is_over and self.game.phasing in self.settings.computer_sides

    def set_players(self, computer_sides: frozenset[Side]) -> None:
        """Let the computer play `computer_sides` from now on, by hand the others. It takes
        effect at once: players are not rules, the game need not restart."""
        if computer_sides == self.settings.computer_sides:
            return
        self.settings = replace(self.settings, computer_sides=frozenset(computer_sides))
        self._sync_shadow()  # the viewer under Fog of War may have changed
        self.players_changed.emit()
        self.changed.emit()

    @property
    def seed(self) -> int:
        """The seed of the game being played."""
        return self.settings.seed

    @property
    def orders(self) -> list[Order]:
        """The orders carried out since the start, in order (taken-back ones are not)."""
        return list(self.game.orders)

    @property
    def can_undo(self) -> bool:
        """Whether the last order can be taken back now."""
        return self.undo_refusal() is None

    def undo_refusal(self) -> str | None:
        """Why the last order cannot be taken back now, or None when it can."""
        if self._stopped:
            return "the test-play has ended"
        if self._busy:
            return "not while a turn is being computed"
        if self.game.phasing in self.settings.computer_sides:
            return "the computer's orders are not taken back"
        if not self.game.can_undo:
            last = self.game.orders[-1] if self.game.orders else None
            if isinstance(last, ReconSpot):
                return "recon spotting revealed the enemy: it cannot be taken back"
            if isinstance(last, Fire):
                return "the fire's dice have been seen: it cannot be taken back"
            if isinstance(last, Assault):
                return "the assault's dice have been seen: it cannot be taken back"
            if isinstance(last, Move | ChangeMode):
                # [000 3.3] the move drew opportunity fire, whose result the player saw
                return (
                    "it drew opportunity fire, whose dice have been seen: it cannot be taken back"
                )
            return "no move of this player turn to take back"
        if self.settings.fog_of_war:
            # [000 5.0] "Unless Fog-of-War is in effect, you can undo movement"
            return "moves cannot be taken back under Fog of War"
        return None

    @property
    def is_busy(self) -> bool:
        """Whether a turn change is being computed or turns are being advanced."""
        return self._busy

    @property
    def awaits_computer(self) -> bool:
        """Whether `advance_to` waits for the computer to play the side to move's turn."""
        return self._awaiting_computer

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

    def recon_spot(self, unit_id: str) -> list[Event]:
        """A recon unit tries to reveal concealed enemy units [000 4.8]; IllegalMove when it
        may not. It cannot be taken back."""
        self._check_idle(unit_id)
        events = [self.game.recon_spot(unit_id)]
        self._after_change(events)
        return events

    def fire(self, unit_id: str, hex_: Offset) -> list[Event]:
        """A unit fires at a hex [000 5.1]; IllegalMove when it may not. It cannot be taken
        back: its dice are seen."""
        self._check_idle(unit_id)
        events = self.game.fire(unit_id, hex_)
        self._after_change(events)
        return events

    def air_mission(self, aircraft_id: str, hex_: Offset) -> list[Event]:
        """An air unit flies its mission - strike, carpet bombing or recon - at a hex [000 8.1];
        IllegalMove when it may not. It cannot be taken back: its dice are seen."""
        self._check_idle(aircraft_id)
        fly = {
            "strike": self.game.air_strike,
            "carpet": self.game.carpet_bomb,
            "recon": self.game.air_recon,
        }[self.game.mission_of(aircraft_id)]
        events = fly(aircraft_id, hex_)
        self._after_change(events)
        return events

    def assault(self, hex_: Offset, unit_ids: Sequence[str]) -> list[Event]:
        """Units assault a hex together [000 6.3]; IllegalMove when they may not. It cannot be
        taken back: its dice are seen."""
        for unit_id in unit_ids:
            self._check_idle(unit_id)
        events = self.game.assault(hex_, unit_ids)
        self._after_change(events)
        return events

    def dig_in(self, unit_id: str) -> list[Event]:
        """A unit starts Digging-In [000 4.9]; IllegalMove when it may not."""
        self._check_idle(unit_id)
        events = [self.game.dig_in(unit_id)]
        self._after_change(events)
        return events

    def patrol(self, unit_id: str) -> list[Event]:
        """A unit of men goes out on patrol [000 4.2]; IllegalMove when it may not."""
        self._check_idle(unit_id)
        events = [self.game.patrol(unit_id)]
        self._after_change(events)
        return events

    def damage_rail(self, unit_id: str) -> list[Event]:
        """A unit damages the railway in its hex [000 4.4]; IllegalMove when it may not."""
        self._check_idle(unit_id)
        events = [self.game.damage_rail(unit_id)]
        self._after_change(events)
        return events

    def change_attachment(self, subject: str, attach_to: str) -> list[Event]:
        """An organization or unit under a corps goes under another corps on the midnight
        turn [000 9.1]; IllegalMove when it may not."""
        self._check_idle(subject)
        events = [self.game.change_attachment(subject, attach_to)]
        self._after_change(events)
        return events

    def deploy_deception(self, unit_id: str, hex_: Offset) -> list[Event]:
        """A deception unit is deployed, or its marker redeployed, at `hex_` [000 4.3];
        IllegalMove when it may not."""
        self._check_idle(unit_id)
        events = [self.game.deploy_deception(unit_id, hex_)]
        self._after_change(events)
        return events

    def combine(self, unit_ids: Sequence[str]) -> list[Event]:
        """Companies of one battalion on one hex combine into the first's counter [000 4.9]."""
        for unit_id in unit_ids:
            self._check_idle(unit_id)
        events = [self.game.combine(unit_ids)]
        self._after_change(events)
        return events

    def break_down(self, unit_id: str) -> list[Event]:
        """The last company merged into a combined counter splits off [000 4.9]."""
        self._check_idle(unit_id)
        events = [self.game.break_down(unit_id)]
        self._after_change(events)
        return events

    def carry(self, carrier_id: str, unit_ids: Sequence[str]) -> list[Event]:
        """A carrier takes units of its hex aboard [001 "Carry/Uncarry"]."""
        self._check_idle(carrier_id)
        events = self.game.carry(carrier_id, unit_ids)
        self._after_change(events)
        return events

    def uncarry(self, carrier_id: str) -> list[Event]:
        """A carrier sets its passengers down on its hex [001 "Carry/Uncarry"]."""
        self._check_idle(carrier_id)
        events = [self.game.uncarry(carrier_id)]
        self._after_change(events)
        return events

    def engineer(self, order: EngineeringOrder) -> list[Event]:
        """An engineering order [000 7.2-7.5] (`engine.panzer_campaigns.game_engineering`);
        IllegalMove when it
        may not be given."""
        self._check_idle(getattr(order, "engineer", order.unit))
        events = self.game.apply(order)
        self._after_change(events)
        return events

    def undo(self) -> Order:
        """Take back the last order of the player turn; IllegalMove saying why it may not."""
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        refusal = self.undo_refusal()
        if refusal is not None:
            raise IllegalMove(refusal)
        order = self.game.undo()
        self._sync_shadow()
        self.log_rewound.emit()
        self.changed.emit()
        return order

    def end_player_turn(self) -> list[Event]:
        """End the player turn: the other side moves next, or the next game turn starts."""
        if self._busy or self._stopped:
            return []
        return self._end_one_player_turn()

    def end_phase(self) -> list[Event]:
        """End the phase of a phased game (the player turn in a game without phases)
        [000 13.3]; under Automatic Defensive Fire the engine plays the Defensive Fire Phase."""
        if self._busy or self._stopped:
            return []
        return self._end_one_player_turn(phase=True)

    def advance_to(self, turn: int) -> None:
        """End player turns until game turn `turn` starts or the game ends, one player turn per
        pass of the event loop; `busy_changed` brackets the whole advance. A player turn of a
        side the computer plays is the computer's to play (`computer_wanted`), not ended with no
        orders: the advance goes on when `end_computer_turn` ends it."""
        if self._busy or self._stopped or self.game.is_over or turn <= self.game.turn:
            return
        self._target_turn = turn
        self._set_busy(True)
        QTimer.singleShot(0, self._advance_step)

    def cancel_advance(self) -> None:
        """Stop `advance_to` after the player turn being computed (a computer's turn under way
        is the computer's to stop: the session stays busy until it ends)."""
        self._awaiting_computer = False
        if self._target_turn is not None:
            self._target_turn = None
            if not self.computer_is_playing:
                self._set_busy(False)

    def replay(self, orders: Sequence[Order]) -> None:
        """Carry out `orders` one per pass of the event loop, with `replay_progress`; an order
        the rules refuse stops the replay and `failed` says which and why. `busy_changed`
        brackets the whole replay."""
        if self._busy or self._stopped or not orders:
            return
        self._replaying = list(orders)
        self._replayed = 0
        self._set_busy(True)
        self.replay_progress.emit(0, len(self._replaying))
        QTimer.singleShot(0, self._replay_step)

    @property
    def is_replaying(self) -> bool:
        """Whether `replay` is carrying out orders."""
        return bool(self._replaying)

    def cancel_replay(self) -> None:
        """Stop `replay` after the order being carried out."""
        if self._replaying:
            self._replaying = []
            self._set_busy(False)

    def restart(self, seed: int | None = None, *, settings: TestPlaySettings | None = None) -> None:
        """Start the game again from the snapshot, with the same settings, another seed, or
        other settings (the same players)."""
        self.cancel_advance()
        self.cancel_replay()
        if settings is not None:
            # The settings bar chooses rules, not players: who plays each side stays.
            self.settings = replace(settings, computer_sides=self.settings.computer_sides)
        if seed is not None:
            self.settings = replace(self.settings, seed=seed)
        self.game = self.settings.new_game(self.bundle)
        self._unshown, self._unshown_orders = [], False  # the old game's
        self._sync_shadow()
        self.restarted.emit()
        self.changed.emit()

    def begin_computer_turn(self) -> None:
        """The computer starts giving the side to move's orders: the tester's orders, turn
        changes and restarts are refused (`is_busy`) until `end_computer_turn`."""
        self._awaiting_computer = False
        self.computer_is_playing = True
        self._set_busy(True)

    def apply_computer_order(self, order: Order, *, show: bool = True) -> list[Event]:
        """Carry out an order the computer gave; IllegalMove, with nothing changed, when the
        rules refuse it. With `show` off the map and panels wait for `show_computer_orders`
        (bringing the map up to date takes longer than an order on a large title)."""
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        if self._stopped:
            raise IllegalMove("the test-play has ended")
        # The computer's orders are never taken back: keep no copy of the game for them.
        take_back, self.game.take_back = self.game.take_back, False
        try:
            events = self.game.apply(order)
        finally:
            self.game.take_back = take_back
        self._unshown.extend(events)
        self._unshown_orders = True
        if show:
            self.show_computer_orders()
        return events

    def show_computer_orders(self) -> bool:
        """Bring the map, the log and the panels up to date with the computer's orders carried
        out unshown; whether there were any."""
        if not self._unshown_orders:
            return False
        events, self._unshown, self._unshown_orders = self._unshown, [], False
        self._after_change(events)
        return True

    def end_computer_turn(self, *, end_turn: bool = False) -> None:
        """The computer gives no more orders this player turn, and with `end_turn` the player
        turn ends: the tester may act again, or `advance_to` goes on."""
        self.show_computer_orders()
        self.computer_is_playing = False
        if end_turn and not self.game.is_over and not self._stopped:
            self._end_one_player_turn()
        if self._target_turn is not None:
            QTimer.singleShot(0, self._advance_step)
        else:
            self._set_busy(False)

    def stop(self) -> None:
        """End the test-play: stop advancing; later orders and turns are refused."""
        self.cancel_advance()
        self.cancel_replay()
        self._stopped = True

    # Inside ------------------------------------------------------------------------------------

    def _replay_step(self) -> None:
        if not self._replaying:
            return
        order = self._replaying[self._replayed]
        try:
            events = self.game.apply(order)
        except Exception as exc:  # a refused order or an engine bug: stop, say which
            number = self._replayed + 1
            self.cancel_replay()
            self._after_change([])
            self.failed.emit(f"order {number} ({order.describe()}) was refused: {exc}")
            return
        self._replayed += 1
        self._after_change(events)
        self.replay_progress.emit(self._replayed, len(self._replaying))
        if self._replayed >= len(self._replaying):
            self.cancel_replay()
            return
        QTimer.singleShot(0, self._replay_step)

    def _check_idle(self, unit_id: str) -> None:
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        if self._stopped:
            raise IllegalMove(f"the test-play has ended; {unit_id} cannot be given orders")
        if self._busy:
            raise IllegalMove(f"{unit_id} cannot be given orders while a turn is being computed")

    def _end_one_player_turn(self, *, phase: bool = False) -> list[Event]:
        advancing = self._target_turn is not None
        if not advancing:
            self._set_busy(True)
        try:
            started = time.perf_counter()
            events = self.game.end_phase() if phase else self.game.end_player_turn()
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
        if self.computer_attached and self.computer_to_move:
            self._awaiting_computer = True
            self.computer_wanted.emit()
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
