"""Advance to a turn with a side set to Computer on the Road to Bastogne: the computer plays that
side's turns on the way (its orders given, recorded and replayable, its progress line shown),
the human side's turns end with no orders; Stop, on the Players tab or on the Advance button,
ends the computer's turn at once and the advance with it; the window answers while the computer
thinks, with its progress line, and Stop does not wait for a step of thinking to end."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTimer

from editor.document import Document
from editor.selection import Selection
from editor.testplay.computer_turns import ComputerTurns, Speed
from editor.testplay.dock import TestPlayDock
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.events import Event
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.orders import ChangeMode, EndPlayerTurn, Order
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side


@pytest.fixture
def dock(qtbot, selection: Selection) -> Iterator[TestPlayDock]:
    widget = TestPlayDock(selection)
    qtbot.addWidget(widget)
    yield widget
    turns = widget.players_bar.turns
    if turns is not None:
        turns.shutdown()


def _play(
    dock: TestPlayDock, document: Document, factory, speed: Speed = Speed.INSTANT
) -> tuple[TestPlaySession, ComputerTurns]:
    settings = TestPlaySettings(seed=5, computer_sides=frozenset({Side.AXIS}))
    session = TestPlaySession.start(document, settings=settings)
    turns = ComputerTurns(session, factory)
    dock.set_session(session)
    dock.players_bar.set_turns(turns)
    dock.players_bar.speed_box.setCurrentIndex(list(Speed).index(speed))
    return session, turns


def _turns_of(orders: list[Order]) -> list[list[Order]]:
    """The orders of each player turn, split at each end of a player turn."""
    turns: list[list[Order]] = [[]]
    for order in orders:
        if isinstance(order, EndPlayerTurn):
            turns.append([])
        else:
            turns[-1].append(order)
    return turns


def test_advance_lets_the_computer_play_its_sides_turns_on_the_way(
    qtbot, dock: TestPlayDock, document: Document
) -> None:
    session, turns = _play(dock, document, ComputerTurns.default_factory)
    # Axis moves first: the computer plays the first player turn at once, before any advance.
    qtbot.waitUntil(lambda: session.game.phasing is Side.ALLIED, timeout=30000)
    assert session.game.turn == 1
    first_turn = list(session.orders)
    lines: list[str] = []
    turns.progress.connect(lines.append)
    dock.target_spin.setValue(3)
    dock.advance_button.click()
    assert dock.advance_button.text() == "Stop"
    game = session.game
    qtbot.waitUntil(lambda: session.target_turn is None, timeout=60000)
    assert game.turn == 3
    # Turn 3 begins with the Axis: the computer plays it as any turn of its side, then the
    # tester has the window for the Allied turn.
    qtbot.waitUntil(lambda: game.phasing is Side.ALLIED and not session.is_busy, timeout=30000)
    assert game.turn == 3
    played = _turns_of(session.orders)
    # Axis (computer) turn 1, Allied (human) turn 1, Axis turn 2, Allied turn 2, Axis turn 3.
    assert len(played) == 6
    assert played[0] == first_turn[:-1]
    assert all(played[n] for n in (0, 2, 4)), "the computer gave orders on each of its turns"
    assert [played[n] for n in (1, 3, 5)] == [[], [], []]  # the human's: no orders
    assert any(line.startswith("Axis computer:") for line in lines)  # its progress line
    # Its orders changed the game: units of the Axis stand elsewhere than at the start.
    fresh = session.settings.new_game(session.bundle)
    moved = [u.id for u in game.iter_units(Side.AXIS) if u.hex != fresh.unit(u.id).hex]
    assert moved
    # The log shows the turns played and carries the events of the computer's orders.
    assert dock.log_model.rowCount() > 0
    assert _replayed(session).log == game.log


def _replayed(session: TestPlaySession) -> Game:
    game = session.settings.new_game(session.bundle)
    for order in session.orders:
        game.apply(order)
    return game


class SlowPlayer:
    """Thinks for ever in small steps (a search that does not end), giving no order."""

    def turn(self, game: Game) -> Iterator[list[Event]]:
        while True:
            sum(range(20000))
            yield []


def test_stop_ends_the_computers_turn_and_the_advance_at_once(
    qtbot, dock: TestPlayDock, document: Document
) -> None:
    session, turns = _play(dock, document, lambda _side, _seed: SlowPlayer())
    qtbot.waitUntil(lambda: turns.is_running, timeout=10000)
    turns.stop()  # the first Axis turn: the tester has the window back
    qtbot.waitUntil(lambda: session.game.phasing is Side.ALLIED and not session.is_busy)
    dock.target_spin.setValue(4)
    dock.advance_button.click()
    qtbot.waitUntil(lambda: turns.is_running, timeout=10000)  # Axis turn 2, while advancing
    assert session.game.turn == 2
    assert session.is_busy
    assert session.target_turn == 4
    assert dock.advance_button.text() == "Stop"
    dock.advance_button.click()
    assert not turns.is_running
    assert not session.is_busy
    assert session.target_turn is None
    assert (session.game.turn, session.game.phasing) == (2, Side.ALLIED)
    assert dock.advance_button.text() == "Advance to"
    # And with the Players tab's Stop (Shift+F8): the same.
    dock.target_spin.setValue(4)
    dock.advance_button.click()
    qtbot.waitUntil(lambda: turns.is_running, timeout=10000)
    assert session.game.turn == 3
    dock.players_bar.stop_action.trigger()
    assert not turns.is_running
    assert not session.is_busy
    assert session.target_turn is None
    assert (session.game.turn, session.game.phasing) == (3, Side.ALLIED)


class StuckPlayer:
    """Thinks in one long step (busy, holding the interpreter as a search does) until `release`
    is set, then gives a mode change of its first unit."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.thinking = threading.Event()

    def turn(self, game: Game) -> Iterator[list[Event]]:
        self.thinking.set()
        while not self.release.is_set():
            sum(range(5000))
        unit = next(iter(game.iter_units(game.phasing)))
        yield game.apply(ChangeMode(unit.id, Mode.TRAVEL))


def test_the_window_answers_while_the_computer_thinks_and_stop_ends_its_turn_at_once(
    qtbot, dock: TestPlayDock, document: Document
) -> None:
    player = StuckPlayer()
    session, turns = _play(dock, document, lambda _side, _seed: player)
    qtbot.waitUntil(player.thinking.is_set, timeout=10000)
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    qtbot.wait(300)
    timer.stop()
    assert len(ticks) >= 10  # the window's event loop runs while the worker thinks
    assert dock.players_bar.progress_label.text() == "Axis computer: 0 orders · thinking…"
    turns.stop()  # mid-step: the turn ends now, not when the step of thinking ends
    assert not turns.is_running
    assert not session.is_busy
    assert session.game.phasing is Side.ALLIED
    assert dock.players_bar.progress_label.text() == "Axis computer: 0 orders · stopped"
    player.release.set()  # the step finishes on the copy; its order is never given
    qtbot.wait(200)
    assert session.orders == [EndPlayerTurn()]


class IdlePlayer:
    """Gives no order: its player turn ends as soon as it starts."""

    def turn(self, game: Game) -> Iterator[list[Event]]:
        yield from ()


def test_advance_resumes_a_computer_held_between_turns(
    qtbot, dock: TestPlayDock, document: Document
) -> None:
    settings = TestPlaySettings(seed=5, computer_sides=frozenset(Side))
    session = TestPlaySession.start(document, settings=settings)
    turns = ComputerTurns(session, lambda _side, _seed: IdlePlayer())
    turns.pause()  # Computer vs Computer, held before its first turn
    dock.set_session(session)
    dock.players_bar.set_turns(turns)
    qtbot.wait(100)
    assert session.orders == []
    dock.target_spin.setValue(3)
    dock.advance_button.click()
    assert not turns.is_paused
    qtbot.waitUntil(lambda: session.game.turn >= 3, timeout=20000)
    turns.pause()
