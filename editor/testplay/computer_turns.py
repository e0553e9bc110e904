"""The computer's player turns in the test-play window: the computer thinks on a copy of the game
in a worker thread, and its orders are carried out on the session's game on the window's thread,
one at a time at the speed the tester watches them.

The Game is not thread-safe, so the worker never touches the session's game: it plays the turn
on a deep copy (random number generator included), and the window gives each order it found to
the real game, which rolls the same dice. The window paints and takes clicks while the computer
thinks; Stop drops the orders not yet given and ends the player turn at once.
"""

from __future__ import annotations

import copy
import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from editor.testplay.models import side_text
from schemas.vocabulary import Side

if TYPE_CHECKING:
    # The session and the engine's orders come with the first test-play, not the start.
    from editor.testplay.session import TestPlaySession
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.game import Game
    from engine.panzer_campaigns.orders import Order

log = logging.getLogger(__name__)

Offset = tuple[int, int]


class TurnPlayer(Protocol):
    """A computer player (`engine.panzer_campaigns.computer.ComputerPlayer`): gives one side's
    orders for the
    current player turn one at a time through the Game's own methods, yielding each order's
    events; it does not end the player turn."""

    def turn(self, game: Game) -> Iterator[list[Event]]: ...


PlayerFactory = Callable[[Side, int], TurnPlayer]
"""Makes the player of a side for a game seed."""


def computer_player(side: Side, seed: int) -> TurnPlayer:
    """The engine's computer player of `side`, deterministic for the game's seed."""
    from engine.panzer_campaigns.computer import ComputerPlayer  # noqa: PLC0415 - only when a side is Computer

    return ComputerPlayer(side, seed=seed)


class Speed(Enum):
    """How long each order the tester may see stays on the screen before the next, in ms."""

    SLOW = 1500
    NORMAL = 600
    FAST = 150
    INSTANT = 0

    @property
    def label(self) -> str:
        """The speed's name in the speed menu."""
        return self.name.capitalize()


POLL_MS = 25
"""How often the window looks for the worker's next order while the computer thinks."""
INSTANT_SLICE_S = 0.03
"""At Instant speed, how long orders are carried out before the window takes its events."""
INSTANT_SHOW_S = 0.5
"""At Instant speed, how often at most the map and panels catch up with the orders carried out;
less often when catching up is slow (on the 500x500 title rebuilding the map's counters takes
longer than several orders), so that it takes at most a fifth of the time."""


@dataclass(frozen=True)
class _Found:
    order: Order
    events: list[Event] | None
    """The events it had on the worker's copy (None for all but the last order of a step)."""
    reason: str = ""
    """Why the computer gave it, when its player says (`ComputerPlayer.last_reasons`)."""


@dataclass(frozen=True)
class _Failed:
    message: str


@dataclass(frozen=True)
class _Done:
    pass


_Item = _Found | _Failed | _Done


def game_copy(game: Game) -> Game:
    """A copy of the game that plays on by itself: its state, log, orders and random number
    generator copied, the files, the compiled board and the events already logged shared (no
    game changes them)."""
    from engine.panzer_campaigns.state import UNCHANGING  # noqa: PLC0415

    state = game.state
    memo: dict[int, object] = {
        id(getattr(state, name)): getattr(state, name) for name in UNCHANGING
    }
    memo.update((id(unit.unit), unit.unit) for unit in state.units.values())
    memo.update((id(event), event) for event in game.log)
    return copy.deepcopy(game, memo)


class _Thinking:
    """One player turn of the computer on a copy of the game, in a daemon thread that puts each
    order it gives on a queue. `stop` makes it give no more; a step of thinking already under way
    finishes on the copy, which nothing else reads."""

    def __init__(self, game: Game, player: TurnPlayer, side: Side) -> None:
        # Copied here, on the window's thread (a quarter of a second on 500x500, a hundredth on
        # the samples), not by the worker: the map's queries fill the game's caches as they
        # paint, and a copy taken meanwhile on another thread could see them change under it.
        self.copy = game_copy(game)
        self.player = player
        self.found: queue.SimpleQueue[_Item] = queue.SimpleQueue()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name=f"computer-{side.value}", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()

    def _reason(self, order: Order) -> str:
        reasons = getattr(self.player, "last_reasons", ())
        return next((d.reason for d in reversed(reasons) if d.order == order), "")

    def _run(self) -> None:
        game = self.copy
        try:
            given = len(game.orders)
            turn = self.player.turn(game)
            for events in turn:
                if self.stopping.is_set():
                    break
                if len(game.orders) < given:
                    self.found.put(_Failed("the computer took back an order on its copy"))
                    return
                new = game.orders[given:]
                given = len(game.orders)
                for number, order in enumerate(new, 1):
                    last = list(events) if number == len(new) else None
                    self.found.put(_Found(order, last, self._reason(order)))
            close = getattr(turn, "close", None)
            if callable(close):
                close()
        except Exception as exc:  # a bug in the player must not leave the window busy
            log.exception("test-play: the computer player failed")
            self.found.put(_Failed(f"the computer player failed: {exc}"))
        finally:
            self.found.put(_Done())


class ComputerTurns(QObject):
    """Plays the computer's sides of a test-play: starts the worker when a computer side's player
    turn begins, carries out its orders at the chosen speed with the order's counter shown, and
    ends the player turn. Pause holds it at any order or between turns; Stop ends the computer's
    player turn at once; Skip carries out the rest instantly until a human side is to move."""

    __test__ = False

    progress = Signal(str)
    """The progress line ("Axis computer: 12 orders · thinking…"); empty when it is done."""
    showing = Signal(object)
    """The hex (column, row) of the counter of the order just carried out, for the map."""
    state_changed = Signal()
    """Thinking, pausing or the speed changed: the controls update."""
    failed = Signal(str)
    """An order the computer gave was refused or its player failed: the turn ended there."""

    default_factory = staticmethod(computer_player)

    def __init__(
        self,
        session: TestPlaySession,
        factory: PlayerFactory = computer_player,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.factory = factory
        self.speed = Speed.NORMAL
        self._thinking: _Thinking | None = None
        self._paused = False
        self._skipping = False
        self._side: Side | None = None
        self._given = 0
        self._seen = 0
        self._shown_at = 0.0
        self._show_cost = 0.0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._step)
        self._check = QTimer(self)
        self._check.setSingleShot(True)
        self._check.timeout.connect(self._start_if_due)
        # Every change may hand the turn to a computer side: the end of a human's turn, a
        # restart, a replay done, a side set to Computer. The check runs once events settle.
        session.changed.connect(self._schedule_check)
        session.busy_changed.connect(self._schedule_check)
        session.restarted.connect(self._on_restarted)
        session.computer_wanted.connect(self._schedule_check)
        session.computer_attached = True
        self._check.start(0)

    # What the controls ask ---------------------------------------------------------------------

    @property
    def is_running(self) -> bool:
        """Whether a computer player turn is under way (thinking, giving orders or paused)."""
        return self._thinking is not None

    @property
    def is_paused(self) -> bool:
        """Whether the computer is held: at the order it stands at, or before its next turn."""
        return self._paused

    @property
    def has_human(self) -> bool:
        """Whether a side is played by hand (Skip to My Turn applies)."""
        return len(self.session.settings.computer_sides) < len(Side)

    def set_speed(self, speed: Speed) -> None:
        """Show the following orders at `speed`."""
        self.speed = speed
        self.state_changed.emit()

    def pause(self) -> None:
        """Hold the computer after the order being shown (or before its next turn)."""
        if not self._paused:
            self._paused = True
            self._timer.stop()
            self._show_unshown()
            self._say()
            self.state_changed.emit()

    def resume(self) -> None:
        """Go on where the computer was held."""
        if self._paused:
            self._paused = False
            self.state_changed.emit()
            if self._thinking is not None:
                self._timer.start(0)
            else:
                self._check.start(0)

    def toggle_pause(self) -> None:
        """Pause or resume."""
        if self._paused:
            self.resume()
        else:
            self.pause()

    def skip(self) -> None:
        """Carry out the computer's orders without showing them until a human side is to move."""
        if self.has_human and self.is_running:
            self._skipping = True
            self._paused = False
            self.state_changed.emit()
            self._timer.start(0)

    def stop(self) -> None:
        """End the computer's player turn at once: the orders it has not given are not; the game
        stays as the orders given so far left it. With the computer on both sides it then holds
        (paused) before the next turn, so the tester has the window back; "Advance to" stops
        there too."""
        thinking = self._thinking
        if thinking is None:
            return
        thinking.stop()
        self.session.cancel_advance()
        # Against a human the next computer turn plays when the human's ends, paused or not
        # before; Computer vs Computer holds, or Stop would only start the other side's turn.
        self._paused = not self.has_human
        self._finish(end_turn=True, note=" · stopped")

    def shutdown(self) -> None:
        """The test-play ends: stop thinking, give no more orders."""
        self._check.stop()
        self._timer.stop()
        if self._thinking is not None:
            self._thinking.stop()
            self._thinking = None
            self.session.end_computer_turn()
        self.progress.emit("")

    # Turns -------------------------------------------------------------------------------------

    def _schedule_check(self, *_args: object) -> None:
        self._check.start(0)

    def _on_restarted(self) -> None:
        if self._thinking is not None:  # the old game's turn: nothing more of it is given
            self._thinking.stop()
            self._thinking = None
            self._timer.stop()
            self.session.end_computer_turn()
        self._skipping = False
        self.progress.emit("")
        self.state_changed.emit()
        self._check.start(0)

    def _start_if_due(self) -> None:
        session = self.session
        if not session.computer_to_move:
            self._skipping = False
            return
        if self._thinking is not None or self._paused:
            return
        if session.is_busy and not session.awaits_computer:
            return
        side = session.game.phasing
        try:
            player = self.factory(side, session.seed)
        except Exception as exc:  # no computer player available: say so, the tester plays on
            session.cancel_advance()
            self.failed.emit(f"the computer cannot play the {side_text(side)} side: {exc}")
            return
        self._side = side
        self._given = 0
        self._seen = 0
        self._thinking = _Thinking(session.game, player, side)
        session.begin_computer_turn()
        self._thinking.start()
        self._say()
        self.state_changed.emit()
        self._timer.start(0)

    def _step(self) -> None:
        thinking = self._thinking
        started = time.perf_counter()
        while thinking is not None and thinking is self._thinking and not self._paused:
            try:
                item = thinking.found.get_nowait()
            except queue.Empty:
                self._show_unshown()
                self._say()
                self._timer.start(POLL_MS)
                return
            if isinstance(item, _Done):
                self._finish(end_turn=True)
                return
            if isinstance(item, _Failed):
                self._finish(end_turn=True, failure=item.message)
                return
            shown = self._carry_out(item)
            if shown is None:
                return  # refused: the turn ended
            if shown and not self._instant:
                self._timer.start(self.speed.value)
                return
            if time.perf_counter() - self._shown_at > max(INSTANT_SHOW_S, 4 * self._show_cost):
                self._show_unshown()
            if time.perf_counter() - started > INSTANT_SLICE_S:
                self._timer.start(0)  # let the window take its events between slices
                return

    def _show_unshown(self) -> None:
        started = time.perf_counter()
        shown = self.session.show_computer_orders()
        self._shown_at = time.perf_counter()
        if shown:
            self._show_cost = self._shown_at - started

    @property
    def _instant(self) -> bool:
        return self._skipping or self.speed is Speed.INSTANT

    def _carry_out(self, found: _Found) -> bool | None:
        """Give one order to the session's game; whether the viewer saw it (None: refused)."""
        session = self.session
        order = found.order
        seen_before = self._sees(order)
        hex_before = self._hex_of(order)
        try:
            events = session.apply_computer_order(order, show=not self._instant)
        except Exception as exc:  # the copy and the game disagree: stop the turn, say so
            self._finish(end_turn=True, failure=f"{order.describe()} was refused: {exc}")
            return None
        if found.events is not None and events != found.events:
            # Both games drew the same dice from the same state; a difference is an engine bug.
            log.warning("test-play: the computer's copy of the game went its own way")
            self._finish(
                end_turn=True,
                failure=f"{order.describe()} turned out otherwise than on the computer's copy",
            )
            return None
        self._given += 1
        shown = seen_before or self._sees(order)
        if shown:
            self._seen += 1
            if not self._instant:
                hex_ = self._hex_of(order) or hex_before  # where it fell, if it did
                if hex_ is not None:
                    self.showing.emit(hex_)
            # The computer's reasons tell its plan: only to a designer who sees everything.
            why = f" - {found.reason}" if found.reason and self.session.viewer is None else ""
            self._say(order.describe() + why)
        return shown

    def _sees(self, order: Order) -> bool:
        """Whether the viewer may see the order's units now [000 4.8]: all without Fog of War,
        under it only the enemy units it has spotted (a hidden unit's move is not shown)."""
        from engine.panzer_campaigns.sightings import Sight  # noqa: PLC0415

        viewer = self.session.viewer
        game = self.session.game
        if viewer is None or viewer is game.phasing:
            return True
        units = getattr(order, "units", None) or (getattr(order, "unit", None),)
        seen = game.spotting(viewer)
        return any(
            isinstance(unit, str) and unit in seen and seen[unit].grade is Sight.SPOTTED
            for unit in units
        )

    def _hex_of(self, order: Order) -> Offset | None:
        from engine.panzer_campaigns.orders import Assault, Fire  # noqa: PLC0415

        if isinstance(order, Assault):
            return order.hex
        if isinstance(order, Fire):
            return order.target
        unit_id = getattr(order, "unit", None)
        game = self.session.game
        unit = game.state.units.get(unit_id) if isinstance(unit_id, str) else None
        return game.offset_of(unit.hex) if unit is not None and unit.on_map else None

    def _finish(self, *, end_turn: bool, failure: str = "", note: str = "") -> None:
        self._timer.stop()
        thinking, self._thinking = self._thinking, None
        if thinking is not None:
            thinking.stop()
        session = self.session
        side = side_text(self._side) if self._side is not None else "The"
        done = f"{side} computer: {self._count()}{note}"
        if failure:
            self.failed.emit(failure)
        session.end_computer_turn(end_turn=end_turn)
        self.progress.emit(done)
        self.state_changed.emit()

    # Showing -----------------------------------------------------------------------------------

    def _count(self) -> str:
        if self.session.viewer not in (None, self._side):
            return f"{self._seen} order{'' if self._seen == 1 else 's'} seen"
        return f"{self._given} order{'' if self._given == 1 else 's'}"

    def _say(self, last: str = "") -> None:
        if self._thinking is None or self._side is None:
            self.progress.emit("Paused before the computer's turn" if self._paused else "")
            return
        if self._paused:
            state = "paused"
        elif last:
            state = last
        else:
            state = "thinking…"
        self.progress.emit(f"{side_text(self._side)} computer: {self._count()} · {state}")
