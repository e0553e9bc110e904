"""Orders as a tester gives them: every order carried out is recorded, the recorded orders replay
the same game, and the orders of the current player turn can be taken back with all they did."""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.movement import IllegalMove
from engine.orders import ChangeMode, EndPlayerTurn, Move
from schemas.scenario import Mode
from schemas.vocabulary import Side
from tests.engine.ascii_title import AsciiTitle, ascii_title

FIELD = """
.  .  .  .  .  .
.A .  .  +  .  .b
.  .  .  .  .  .
"""


def _title(**scenario: object) -> AsciiTitle:
    return ascii_title(
        FIELD,
        header={"turns": 4},
        scenario={
            "objectives": [
                {"kind": "normal", "id": "dorf", "hex": [3, 1], "points": 50, "owner": "axis"}
            ],
            **scenario,
        },
    )


def test_orders_carried_out_are_recorded_and_illegal_ones_are_not() -> None:
    game = Game(_title().game(0))
    game.move("A", [(0, 1), (1, 1)])
    with pytest.raises(IllegalMove):
        game.move("A", [(1, 1), (4, 1)])
    game.change_mode("A", Mode.TRAVEL)
    game.end_player_turn()
    assert game.orders == [Move("A", ((1, 1),)), ChangeMode("A", Mode.TRAVEL), EndPlayerTurn()]


def test_the_recorded_orders_replay_the_same_game() -> None:
    title = _title()
    played = Game(title.game(7))
    played.move("A", played.path_to("A", (3, 1)))
    played.play_turns(2)
    replayed = Game(title.game(7))
    for order in played.orders:
        replayed.apply(order)
    assert replayed.log == played.log
    assert replayed.orders == played.orders
    assert (replayed.turn, replayed.phasing) == (played.turn, played.phasing)
    assert replayed.unit("A").hex == played.unit("A").hex


def test_undo_takes_back_a_move_and_the_objective_it_captured() -> None:
    game = Game(_title().game(0))
    logged = len(game.log)
    path = game.path_to("A", (3, 1))
    game.move("A", path)
    assert game.objective_owners() == {"dorf": Side.ALLIED}
    assert game.can_undo

    undone = game.undo()

    assert undone == Move("A", tuple(path[1:]))
    assert game.unit("A").hex == game.hex_of((0, 1))
    assert game.unit("A").mp_spent == 0
    assert game.objective_owners() == {"dorf": Side.AXIS}
    assert len(game.log) == logged
    assert game.orders == []
    assert not game.can_undo
    # the taken-back game plays on like a game that never had the move
    assert game.legal_moves("A") == Game(_title().game(0)).legal_moves("A")


def test_undo_goes_back_one_order_at_a_time() -> None:
    game = Game(_title().game(0))
    game.move("A", [(0, 1), (1, 1)])
    game.move("A", [(1, 1), (2, 1)])
    game.undo()
    assert game.unit("A").hex == game.hex_of((1, 1))
    game.undo()
    assert game.unit("A").hex == game.hex_of((0, 1))
    with pytest.raises(ValueError, match="no order"):
        game.undo()


def test_ending_the_player_turn_ends_what_can_be_taken_back() -> None:
    # [000 5.0] undo is for the movement of the current player turn
    game = Game(_title().game(0))
    game.move("A", [(0, 1), (1, 1)])
    game.end_player_turn()
    assert not game.can_undo
    with pytest.raises(ValueError, match="no order"):
        game.undo()


def test_undo_takes_back_a_minefield_attack() -> None:
    mined = _title(overlays={"minefields": [{"hex": [1, 1], "strength": 3}]})
    game = Game(mined.game(3))
    strength = game.unit("A").strength
    mine = game.hex_of((1, 1))
    game.move("A", [(0, 1), (1, 1)])
    assert game.state.minefields[mine].penetrated  # [000 4.4] entering penetrates it
    assert game.unit("A").mp_spent > 1

    game.undo()

    assert not game.state.minefields[mine].penetrated
    assert game.unit("A").strength == strength
    assert game.unit("A").mp_spent == 0


def test_a_restored_state_keeps_its_units_and_forgets_later_changes() -> None:
    state = _title().game(0)
    unit = state.units["A"]
    snapshot = state.snapshot()
    state.put(unit, state.board.index(2, 1))
    unit.mp_spent = 4.0
    state.objectives[0].owner = Side.ALLIED

    state.restore(snapshot)

    assert state.units["A"] is unit
    assert unit.hex == state.board.index(0, 1)
    assert unit.mp_spent == 0
    assert state.stacks[unit.hex] == [unit]
    assert state.board.index(2, 1) not in state.stacks
    assert state.objectives[0].owner is Side.AXIS
    assert state.objectives[0].objective is snapshot.small["objectives"][0].objective
