"""Engineers [003 9.1, 9.4]: an engineer next to a minefield moves in for a point and the mines
are gone at Housekeeping if it is still there in good order; a disrupted one leaves them for
another; wrecks go one at a time from the engineer's hex or the next."""

from __future__ import annotations

import pytest

from engine.tactical_gamex.events import EngineerWorked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import BuildBlock, ClearObstacle, EndImpulse, RemoveWreck
from engine.tactical_gamex.turns import housekeeping
from engine.tactical_gamex.units import Marker
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import ENGINEERS, RIFLE, FixedDice, board, state


def _game():
    units = [
        ("eng", Side.ALLIED, ENGINEERS, (0, 1)),
        ("r", Side.ALLIED, RIFLE, (0, 3)),
        ("x", Side.AXIS, RIFLE, (5, 5)),
    ]
    s = state(board(["......"] * 6), units)
    s.counters.mines[(0, 2)] = 3
    s.counters.wrecks[(1, 1)] = 2
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6, 6, 6])
    return TacticalGame(s)


def test_clearing_a_minefield() -> None:
    game = _game()
    with pytest.raises(IllegalOrder, match="not an engineer"):
        game.apply(ClearObstacle("r", (0, 2)))
    game.apply(ClearObstacle("eng", (0, 2)))
    assert game.unit("eng").hex == (0, 2)
    assert game.unit("eng").marker is Marker.COMPLETED
    assert (0, 2) in game.state.counters.mines  # still attacks entrants until Housekeeping
    events = housekeeping(game.state)
    assert EngineerWorked(1, "", (0, 2), "obstacle cleared") in events
    assert (0, 2) not in game.state.counters.mines


def test_a_disrupted_engineer_leaves_the_minefield_for_another() -> None:
    game = _game()
    game.apply(ClearObstacle("eng", (0, 2)))
    game.state.units["eng"].disrupted = True
    housekeeping(game.state)
    assert (0, 2) in game.state.counters.mines


def test_wrecks_are_removed_one_at_a_time() -> None:
    game = _game()
    game.apply(RemoveWreck("eng", (1, 1)))
    assert game.state.counters.wrecks[(1, 1)] == 1
    assert game.points_left == 5
    with pytest.raises(IllegalOrder, match="already acted"):
        game.apply(RemoveWreck("eng", (1, 1)))
    game.apply(EndImpulse())


def _block_game(rows, rolls):
    from tests.engine.tactical_gamex.boards import TRUCK_TYPE

    units = [
        ("eng", Side.ALLIED, ENGINEERS, (0, 2)),
        ("truck", Side.ALLIED, TRUCK_TYPE, (0, 1)),
        ("x", Side.AXIS, RIFLE, (5, 5)),
    ]
    s = state(board(rows, roads=[((0, r), (0, r + 1)) for r in range(5)]), units)
    s.units["eng"].transport = "truck"
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def test_a_block_in_a_woods_road_hex_takes_two_actions_then_a_roll_on_leaving() -> None:
    """Two Engineer Actions in a Woods road hex (four elsewhere); on the last the engineer
    leaves the hex and a 1-5 places the block [003 9.2]."""
    rows = ["......"] * 6
    rows[2] = "W....."
    game = _block_game(rows, [6, 3])
    events = game.apply(BuildBlock("eng", (0, 3)))
    assert events[0].work == "block action 1 of 2"
    assert game.unit("eng").hex == (0, 2)
    game.state.units["eng"].marker = None  # its next activation, a turn later
    events = game.apply(BuildBlock("eng", (0, 3)))
    assert game.unit("eng").hex == (0, 3)
    assert events[-1].work == "block placed (rolled 3)"
    assert (0, 2) in game.state.counters.blocks


def test_no_block_without_the_designated_transport_near() -> None:
    game = _block_game(["......"] * 6, [6])
    game.state.units["truck"].hex = (4, 4)
    with pytest.raises(IllegalOrder, match="transport"):
        game.apply(BuildBlock("eng", (0, 3)))


def _bridge_game(rolls):
    from tests.engine.tactical_gamex.boards import TRUCK_TYPE

    rows = ["......"] * 6
    rows[2] = "S....."
    units = [
        ("eng", Side.ALLIED, ENGINEERS, (0, 2)),
        ("truck", Side.ALLIED, TRUCK_TYPE, (0, 1)),
        ("x", Side.AXIS, RIFLE, (5, 5)),
    ]
    b = board(rows, roads=[((0, r), (0, r + 1)) for r in range(5)], bridges=[(0, 2)])
    s = state(b, units)
    s.units["eng"].transport = "truck"
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def _next_activation(game):
    game.state.units["eng"].marker = None
    game.state.spent = 0
    game.state.paid = set()


def test_blowing_a_bridge_takes_three_actions_then_a_roll_on_leaving() -> None:
    """Actions 1 and 2 in the bridge hex (the engineer may not leave between them), the third
    leaving it and rolling 1-5: the bridge is gone and a block marks the gap [003 9.2]."""
    from engine.tactical_gamex.orders import BlowBridge, Move

    game = _bridge_game([6, 4])
    game.apply(BlowBridge("eng", (0, 3)))
    _next_activation(game)
    with pytest.raises(IllegalOrder, match="may not leave"):
        game.apply(Move("eng", ((0, 3),)))
    game.apply(BlowBridge("eng", (0, 3)))
    _next_activation(game)
    events = game.apply(BlowBridge("eng", (0, 3)))
    assert events[-1].work == "bridge blown (rolled 4)"
    assert not game.state.bridge_at((0, 2))
    assert (0, 2) in game.state.counters.blocks
    assert game.unit("eng").hex == (0, 3)


def test_a_second_attempt_rolls_by_the_actions_spent() -> None:
    """A 6 fails the first attempt; the second may roll after one action, needing 1-2."""
    from engine.tactical_gamex.orders import BlowBridge

    game = _bridge_game([6, 6, 2])
    for _ in range(3):
        game.apply(BlowBridge("eng", (0, 3)))
        _next_activation(game)
    assert game.state.bridge_at((0, 2))
    game.state.units["eng"].hex = (0, 2)  # back on the bridge for the second attempt
    events = game.apply(BlowBridge("eng", (0, 3), now=True))
    assert events[-1].work == "bridge blown (rolled 2)"


def test_a_second_attempt_rolls_only_when_the_player_says_now() -> None:
    """The second attempt "may" roll after any action [003 9.2]: without `now` the engineer
    keeps working; after two actions it needs 1-4, and a 3 blows the bridge."""
    from engine.tactical_gamex.engineers import demolition_progress
    from engine.tactical_gamex.orders import BlowBridge

    game = _bridge_game([6, 6, 3])
    for _ in range(3):
        game.apply(BlowBridge("eng", (0, 3)))
        _next_activation(game)
    game.state.units["eng"].hex = (0, 2)
    events = game.apply(BlowBridge("eng", (0, 3)))
    assert events[-1].work == "demolition action 1 (attempt 2)"
    assert game.unit("eng").hex == (0, 2)
    assert demolition_progress(game.state, game.unit("eng")) == (1, 2)
    _next_activation(game)
    events = game.apply(BlowBridge("eng", (0, 3), now=True))
    assert events[-1].work == "bridge blown (rolled 3)"


def test_the_clearing_check_changes_nothing_and_is_the_orders_reason() -> None:
    """`why_not_clear` is the one check of clearing [003 9.1]: it touches nothing, and the
    order refused gives its sentence."""
    from engine.tactical_gamex.engineers import why_not_clear

    game = _game()
    state = game.state
    before = (state.units["eng"].hex, dict(state.counters.mines), dict(state.clearing))
    assert why_not_clear(state, state.units["eng"], (0, 2)) is None
    assert why_not_clear(state, state.units["eng"], (3, 3)) == "no minefield or block at (3, 3)"
    far = "eng must begin its activation next to (0, 2) [003 9.1]"
    state.units["eng"].hex = (0, 4)
    assert why_not_clear(state, state.units["eng"], (0, 2)) == far
    with pytest.raises(IllegalOrder) as refused:
        game.apply(ClearObstacle("eng", (0, 2)))
    assert str(refused.value) == far
    state.units["eng"].hex = (0, 1)
    assert (state.units["eng"].hex, dict(state.counters.mines), dict(state.clearing)) == before


def test_the_computer_clears_a_minefield_on_its_way() -> None:
    """The computer's engineer clears the minefield between it and the objective it must
    take, by the order's own check [003 9.1]; one off its way it leaves alone."""
    from engine.tactical_gamex.computer import TgxComputerPlayer
    from engine.tactical_gamex.state import VictoryCondition, VictoryKind

    game = _game()
    state = game.state
    state.victory = (VictoryCondition(Side.ALLIED, VictoryKind.HOLD, ((4, 5),)),)
    state.dice = FixedDice([6] * 20)
    given = TgxComputerPlayer(Side.ALLIED).play_impulse(game)
    assert ClearObstacle("eng", (0, 2)) in given
    assert game.unit("eng").hex == (0, 2)
    away = _game()
    away.state.victory = (VictoryCondition(Side.ALLIED, VictoryKind.HOLD, ((5, 0),)),)
    away.state.dice = FixedDice([6] * 20)
    assert not any(
        isinstance(o, ClearObstacle) for o in TgxComputerPlayer(Side.ALLIED).play_impulse(away)
    )
