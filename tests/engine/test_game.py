"""The turn loop as a tester drives it: player turns alternate, orders are checked, objectives
change hands by occupation, the game ends at its last turn or early on a major victory, the same
seed and orders always give the same log, the recorded orders replay the game, and the orders of
the current player turn can be taken back with all they did."""

from __future__ import annotations

import pytest

from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.events import GameEnded, ObjectiveCaptured, SupplyChanged
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import ChangeMode, EndPlayerTurn, Move
from schemas.panzer_campaigns.scenario import Mode
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


def _game(title: AsciiTitle, seed: int = 0) -> Game:
    state = title.game(seed)
    return Game(state)


def test_player_turns_alternate_and_turns_advance() -> None:
    game = _game(_title())
    assert (game.turn, game.phasing) == (1, Side.ALLIED)
    game.end_player_turn()
    assert (game.turn, game.phasing) == (1, Side.AXIS)
    game.end_player_turn()
    assert (game.turn, game.phasing) == (2, Side.ALLIED)
    assert f"{game.time:%H:%M}" == "10:00"


def test_only_the_phasing_side_gives_orders() -> None:
    game = _game(_title())
    with pytest.raises(IllegalMove, match="allied player turn"):
        game.move("b", [(4, 1)])
    assert game.legal_moves("b") == {}
    assert game.legal_moves("A")


def test_moving_onto_an_objective_captures_it() -> None:
    game = _game(_title())
    path = game.path_to("A", (3, 1))
    assert path[0] == (0, 1)
    assert path[-1] == (3, 1)
    events = game.move("A", path)
    assert events == [ObjectiveCaptured(1, "dorf", Side.ALLIED, Side.AXIS)]
    assert game.objective_owners() == {"dorf": Side.ALLIED}
    assert game.unit("A").hex == game.hex_of((3, 1))


def test_an_illegal_move_changes_nothing() -> None:
    game = _game(_title())
    with pytest.raises(IllegalMove):
        game.move("A", [(0, 1), (4, 1)])  # not adjacent
    assert game.unit("A").hex == game.hex_of((0, 1))
    assert game.unit("A").mp_spent == 0


def test_the_game_ends_after_its_last_turn() -> None:
    game = _game(_title())
    game.play_turns(10)
    assert game.is_over
    assert isinstance(game.log[-1], GameEnded)
    assert game.log[-1].turn == 4
    assert not game.log[-1].early
    assert game.end_player_turn() == []


def test_a_major_victory_ends_the_game_early_when_the_scenario_says_so() -> None:
    big = ascii_title(
        FIELD,
        header={"turns": 4, "early_termination": True},
        scenario={
            "objectives": [
                {"kind": "normal", "id": "dorf", "hex": [3, 1], "points": 500, "owner": "axis"}
            ]
        },
    )
    game = _game(big)
    game.move("A", game.path_to("A", (3, 1)))
    game.end_player_turn()
    game.end_player_turn()
    assert game.is_over
    assert game.result is not None
    assert game.result.early
    assert game.result.turn == 1
    assert "allied" in game.result.outcome.lower()


def test_same_seed_and_orders_give_the_same_log() -> None:
    def play(seed: int) -> list[object]:
        game = _game(_title(), seed)
        game.move("A", game.path_to("A", (3, 1)))
        game.play_turns(4)
        return list(game.log)

    assert play(5) == play(5)


def test_supply_variations_are_rolled_on_midnight_turns_including_the_first() -> None:
    title = ascii_title(
        FIELD,
        header={"start": "1944-12-16 00:00", "turns": 14},
        scenario={
            "supply": {
                "variations": [{"id": "rail", "side": "axis", "value": -10, "probability": 100}]
            }
        },
    )
    game = _game(title)
    game.play_turns(14)
    fired = [e for e in game.log if isinstance(e, SupplyChanged)]
    midnight = game.state.clock.is_midnight_turn
    assert [e.turn for e in fired] == [t for t in range(1, 15) if midnight(t)]
    assert len(fired) == 2  # 16 and 17 December, 00:00
    assert game.state.global_supply[Side.AXIS] == 60 - 20


def test_moving_through_an_objective_captures_it() -> None:
    game = _game(_title())
    events = game.move("A", [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)])
    assert events == [ObjectiveCaptured(1, "dorf", Side.ALLIED, Side.AXIS)]
    assert game.objective_owners() == {"dorf": Side.ALLIED}


# --- recorded orders and taking them back ------------------------------------------------


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


def test_a_minefield_attack_cannot_be_taken_back() -> None:
    # [000 4.4] entering rolls the minefield's casualties: the player has seen them
    mined = _title(overlays={"minefields": [{"hex": [1, 1], "strength": 3}]})
    game = Game(mined.game(3))
    mine = game.hex_of((1, 1))
    events = game.move("A", [(0, 1), (1, 1)])
    assert game.state.minefields[mine].penetrated  # [000 4.4] entering penetrates it
    assert game.unit("A").mp_spent > 1
    assert any(isinstance(e, LossesTaken) and e.kind == "minefield" for e in events)
    assert not game.can_undo


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
