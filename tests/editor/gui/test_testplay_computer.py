"""Playing against the computer in the test-play window: a side set to Computer plays its turn
off the window's thread, its orders recorded and replayable; Stop ends its turn at once with a
legal game; the window keeps working while it thinks; Computer vs Computer pauses and resumes;
the speed and Skip to My Turn; the players saved in the record; and under Fog of War the human
side watches only the computer's orders it may see [000 4.8].

The computer here is a scripted player that gives a list of legal orders through the Game, as
`engine.panzer_campaigns.computer.ComputerPlayer` does, so each test knows which orders to
expect."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from editor.document import Document
from editor.testplay.computer_turns import ComputerTurns, Speed, game_copy
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session import TestPlaySession
from editor.testplay.session_file import (
    load_record,
    orders_of,
    record_of,
    save_record,
    settings_of,
)
from editor.testplay.shadow import placements_of
from engine.panzer_campaigns.events import Event
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.orders import ChangeMode, EndPlayerTurn, Move, Order
from engine.panzer_campaigns.sightings import Sight
from engine.panzer_campaigns.state import other_side
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side


class ScriptedPlayer:
    """Gives the orders of a list, one per step, through the Game; `think` seconds of busy work
    (holding the interpreter, as a real search does) before each."""

    def __init__(self, orders: list[Order], think: float = 0.0) -> None:
        self.orders = orders
        self.think = think

    def turn(self, game: Game) -> Iterator[list[Event]]:
        for order in self.orders:
            end = time.perf_counter() + self.think
            while time.perf_counter() < end:
                sum(range(1000))
            yield game.apply(order)


def moves_for(game: Game, count: int) -> list[Order]:
    """`count` legal moves of different units of the side to move, each to the farthest hex it
    may reach, found on a copy of the game."""
    trial = copy.deepcopy(game)
    orders: list[Order] = []
    for unit in list(trial.iter_units(trial.phasing)):
        if len(orders) == count:
            break
        reach = trial.legal_moves(unit.id)
        here = trial.offset_of(unit.hex)
        targets = sorted((cost, hex_) for hex_, cost in reach.items() if hex_ != here)
        if not targets:
            continue
        path = trial.path_to(unit.id, targets[-1][1])
        if not path:
            continue
        order = Move(unit.id, tuple(path))
        try:
            trial.apply(order)
        except ValueError:
            continue
        orders.append(trial.orders[-1])  # as the game records it: without the unit's own hex
    assert len(orders) == count, "the scenario has units to move"
    return orders


def factory_of(plans: dict[Side, Callable[[Game], list[Order]]], think: float = 0.0):
    """A player factory whose player of each side gives the orders `plans` find for the game
    at the start of its turn."""

    def make(side: Side, _seed: int) -> ScriptedPlayer:
        class Planned(ScriptedPlayer):
            def turn(self, game: Game) -> Iterator[list[Event]]:
                self.orders = plans[side](game)
                return super().turn(game)

        return Planned([], think)

    return make


def replayed(session: TestPlaySession) -> Game:
    """A new game of the session's scenario and settings with the session's orders carried out."""
    game = session.settings.new_game(session.bundle)
    for order in session.orders:
        game.apply(order)
    return game


@pytest.fixture
def first(document: Document) -> Side:
    """The side that moves first in the Road to Bastogne."""
    return TestPlaySession.start(document).game.phasing


def start(
    document: Document, computer: set[Side], factory, *, fog: bool = False, speed=Speed.INSTANT
) -> tuple[TestPlaySession, ComputerTurns]:
    settings = TestPlaySettings(seed=3, fog_of_war=fog, computer_sides=frozenset(computer))
    session = TestPlaySession.start(document, settings=settings)
    turns = ComputerTurns(session, factory)
    turns.set_speed(speed)
    return session, turns


def test_a_computer_side_plays_its_turn_and_its_orders_replay_to_the_same_log(
    qtbot, document: Document, first: Side, tmp_path: Path
) -> None:
    planned: list[Order] = []

    def plan(game: Game) -> list[Order]:
        planned.extend(moves_for(game, 3))
        return list(planned)

    session, turns = start(document, {first}, factory_of({first: plan}))
    qtbot.waitUntil(lambda: session.game.phasing is not first, timeout=10000)
    assert not session.is_busy
    assert not turns.is_running
    # At Instant the map caught up at the end: it shows every unit where the game has it.
    assert session.shadow.scenario.placements == placements_of(session.game, session.viewer)
    assert session.orders[:3] == planned
    assert replayed(session).log == session.game.log  # the same dice on the real game
    # Saved and opened again: the same orders, and the computer still plays that side.
    path = tmp_path / "vs.testplay.yaml"
    save_record(record_of(session, path), path)
    record = load_record(path)
    assert orders_of(record) == session.orders
    assert settings_of(record).computer_sides == {first}
    assert "computer:" in path.read_text(encoding="utf-8")


def test_stop_ends_the_computers_turn_at_once_and_the_game_stays_legal(
    qtbot, document: Document, first: Side
) -> None:
    planned: list[Order] = []

    def plan(game: Game) -> list[Order]:
        planned[:] = moves_for(game, 4)
        return list(planned)

    session, turns = start(document, {first}, factory_of({first: plan}), speed=Speed.SLOW)
    qtbot.waitUntil(lambda: len(session.orders) == 1, timeout=10000)
    assert session.is_busy
    assert turns.is_running
    assert session.undo_refusal() is not None  # the tester waits while the computer plays
    turns.stop()
    assert not turns.is_running
    assert not session.is_busy
    assert session.game.phasing is not first  # its turn ended, the human's began
    assert session.orders == [*planned[:1], EndPlayerTurn()]  # the three others are not given
    qtbot.wait(300)
    assert len(session.orders) == 2  # and the worker gives none later
    assert replayed(session).log == session.game.log
    assert session.end_player_turn() is not None
    assert not session.is_busy


def test_the_window_keeps_working_while_the_computer_thinks(
    qtbot, document: Document, first: Side
) -> None:
    session, turns = start(
        document, {first}, factory_of({first: lambda g: moves_for(g, 3)}, think=0.25)
    )
    ticks_while_thinking = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: turns.is_running and ticks_while_thinking.append(1))
    timer.start()
    qtbot.waitUntil(lambda: session.game.phasing is not first, timeout=15000)
    timer.stop()
    # 0.75 s of thinking: a turn run on the window's thread would have let no tick through.
    assert len(ticks_while_thinking) >= 10


def test_computer_against_computer_plays_on_and_pauses_at_a_turn_or_an_order(
    qtbot, document: Document
) -> None:
    plans = {side: (lambda g: moves_for(g, 2)) for side in Side}
    session, turns = start(document, set(Side), factory_of(plans))
    assert not turns.has_human
    qtbot.waitUntil(lambda: session.game.turn >= 2, timeout=20000)
    turns.pause()  # wherever it stands: thinking, between two orders or between turns
    held = (session.game.turn, session.game.phasing, len(session.orders))
    qtbot.wait(300)
    assert (session.game.turn, session.game.phasing, len(session.orders)) == held
    assert turns.is_paused
    turns.resume()
    qtbot.waitUntil(lambda: len(session.orders) > held[2] + 2, timeout=20000)
    # Held at an order: slow speed, paused right after one is shown.
    turns.set_speed(Speed.SLOW)
    count = len(session.orders)
    qtbot.waitUntil(lambda: len(session.orders) > count, timeout=10000)
    turns.pause()
    at = len(session.orders)
    qtbot.wait(300)
    assert len(session.orders) == at
    assert turns.is_paused
    turns.resume()
    qtbot.waitUntil(lambda: len(session.orders) > at, timeout=10000)
    turns.stop()  # in Computer vs Computer Stop also holds before the next turn
    assert turns.is_paused
    assert not session.is_busy
    assert replayed(session).log == session.game.log


def test_each_order_shown_at_its_speed_and_skip_to_my_turn(
    qtbot, document: Document, first: Side
) -> None:
    planned: list[Order] = []

    def plan(game: Game) -> list[Order]:
        planned[:] = moves_for(game, 4)
        return list(planned)

    session, turns = start(document, {first}, factory_of({first: plan}), speed=Speed.FAST)
    shown: list[object] = []
    turns.showing.connect(shown.append)
    lines: list[str] = []
    turns.progress.connect(lines.append)
    qtbot.waitUntil(lambda: session.game.phasing is not first, timeout=10000)
    # Each move shown at the hex its counter ended on (short of the path's end when a night
    # march Disrupted it [000 4.1]), with its log line.
    game = session.game
    ends = [game.offset_of(game.unit(o.unit).hex) for o in planned if isinstance(o, Move)]
    assert shown == ends
    assert any(planned[0].describe() in line for line in lines)
    assert lines[-1].endswith("computer: 4 orders")

    session.restart()
    shown.clear()
    turns.set_speed(Speed.SLOW)
    qtbot.waitUntil(lambda: len(shown) == 1, timeout=10000)
    session.restart()  # a restart mid-turn drops the old game's turn; the new one plays
    assert session.orders == []
    shown.clear()
    qtbot.waitUntil(lambda: len(shown) == 1, timeout=10000)
    turns.skip()
    qtbot.waitUntil(lambda: session.game.phasing is not first, timeout=10000)
    assert len(shown) == 1  # the rest carried out unseen: straight to the tester's turn
    assert session.orders[:4] == planned


def _spotted(game: Game, side: Side, unit: str) -> bool:
    sighting = game.spotting(side).get(unit)
    return sighting is not None and sighting.grade is Sight.SPOTTED


def _mode_change(game: Game, unit: str) -> ChangeMode:
    deployed = game.unit(unit).mode is Mode.DEPLOYED
    return ChangeMode(unit, Mode.TRAVEL if deployed else Mode.DEPLOYED)


def test_under_fog_of_war_the_human_watches_only_what_it_sees(
    qtbot, document: Document, first: Side
) -> None:
    human = other_side(first)
    probe = TestPlaySession.start(document, settings=TestPlaySettings(seed=3, fog_of_war=True))
    # A mode change of a unit the human does not see, then one of a unit it sees (spotted
    # before or after), each found on a copy of the game as it stands when it is given.
    game = copy.deepcopy(probe.game)
    orders: list[Order] = []
    seen_at: tuple[int, int] | None = None
    for want_seen in (False, True):
        for unit in list(game.iter_units(first)):
            trial = copy.deepcopy(game)
            order = _mode_change(trial, unit.id)
            before = _spotted(trial, human, unit.id)
            try:
                trial.apply(order)
            except ValueError:
                continue
            if not trial.unit(unit.id).on_map:
                continue  # opportunity fire destroyed it
            if (before or _spotted(trial, human, unit.id)) is want_seen:
                orders.append(order)
                seen_at = trial.offset_of(trial.unit(unit.id).hex)
                game = trial
                break
    assert len(orders) == 2
    session, turns = start(
        document, {first}, factory_of({first: lambda _g: orders}), fog=True, speed=Speed.FAST
    )
    assert session.viewer is human  # the map shows the human's knowledge on the AI's turn too
    shown: list[object] = []
    turns.showing.connect(shown.append)
    lines: list[str] = []
    turns.progress.connect(lines.append)
    qtbot.waitUntil(lambda: session.game.phasing is not first, timeout=10000)
    assert session.orders[:2] == orders
    assert shown == [seen_at]
    assert not any(orders[0].unit in line for line in lines)  # type: ignore[attr-defined]
    assert any(orders[1].describe() in line for line in lines)
    assert lines[-1].endswith("computer: 1 order seen")


def test_players_chosen_take_effect_at_once_and_survive_a_restart(
    qtbot, document: Document, first: Side
) -> None:
    session, turns = start(document, set(), factory_of({first: lambda g: moves_for(g, 1)}))
    qtbot.wait(50)
    assert session.orders == []
    assert not turns.is_running
    session.set_players(frozenset({first}))
    qtbot.waitUntil(lambda: session.game.phasing is not first, timeout=10000)
    assert isinstance(session.orders[0], Move)
    assert session.orders[1:] == [EndPlayerTurn()]
    session.restart(settings=TestPlaySettings(seed=4))  # the settings bar's rules, not players
    assert session.settings.computer_sides == {first}
    qtbot.waitUntil(lambda: session.game.phasing is not first, timeout=10000)
    assert isinstance(session.orders[0], Move)
    assert session.orders[1:] == [EndPlayerTurn()]


def test_a_record_saved_before_players_existed_is_hot_seat(tmp_path: Path) -> None:
    from schemas.panzer_campaigns.testplay import PlaySettings

    assert PlaySettings.model_validate({"seed": 1}).computer == []
    assert PlaySettings.model_validate({"seed": 1, "computer": ["axis", "allied"]}).computer == [
        Side.ALLIED,
        Side.AXIS,
    ]


def test_the_scenarios_computer_player_plays_a_side_in_the_window(
    qtbot, document: Document, first: Side
) -> None:
    """The engine's `ComputerPlayer` by the scenario's A/I orders, not a scripted one: its turn
    is carried out on the session's game as it found it, and a replay gives the same log."""
    session, turns = start(document, {first}, ComputerTurns.default_factory)
    lines: list[str] = []
    turns.progress.connect(lines.append)
    qtbot.waitUntil(lambda: session.game.phasing is not first, timeout=30000)
    given = [order for order in session.orders if not isinstance(order, EndPlayerTurn)]
    assert given
    assert session.orders[len(given)] == EndPlayerTurn()
    assert replayed(session).log == session.game.log
    assert " - " in "".join(lines)  # its reasons, shown to a designer who sees everything
    assert lines[-1].endswith(f"computer: {len(given)} orders")


def test_the_computers_copy_of_the_game_plays_on_without_touching_the_game(
    document: Document,
) -> None:
    session = TestPlaySession.start(document, settings=TestPlaySettings(seed=3))
    game = session.game
    before = (len(game.orders), len(game.log), game.state.rng.getstate())
    twin = game_copy(game)
    assert twin.state.board is game.state.board  # the compiled map is shared, not copied
    order = moves_for(twin, 1)[0]
    twin.apply(order)
    assert (len(game.orders), len(game.log), game.state.rng.getstate()) == before
    unit = order.unit  # type: ignore[attr-defined]
    assert game.unit(unit).hex != twin.unit(unit).hex
    game.apply(order)  # the same order on the game: the same dice, the same events
    assert game.log == twin.log


def test_the_human_takes_back_only_their_own_moves(qtbot, document: Document, first: Side) -> None:
    session, _turns = start(document, {first}, factory_of({first: lambda g: moves_for(g, 2)}))
    qtbot.waitUntil(lambda: session.game.phasing is not first, timeout=10000)
    assert session.undo_refusal() == "no move of this player turn to take back"
    own = moves_for(session.game, 1)[0]
    session.move(own.unit, list(own.path))  # type: ignore[attr-defined]
    assert session.can_undo
    assert session.undo() == own
    assert len(session.orders) == 3  # the computer's two moves and its end of turn stand
