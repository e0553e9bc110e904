"""The computer player does what the designer's A/I orders tell it, as a tester would see it on
the map: it takes an undefended objective it is to attack, it does not leave an objective it is
to defend empty, it rests Disrupted units, and it gives the same orders whatever an enemy unit
it has not seen does."""

from __future__ import annotations

from typing import Any

import pytest

from engine.computer import ComputerPlayer
from engine.game import Game
from engine.orders import Move
from engine.play_options import PlayOptions
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title

FIELD = """
.a .  .  .  .  .  .  .
.  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .
"""


def _title(art: str, orders: dict[str, list[dict[str, Any]]], **kwargs: Any) -> Any:
    objectives = kwargs.pop("objectives", [])
    return ascii_title(
        art,
        header={"turns": 8, "first_side": "axis"},
        scenario={
            "objectives": objectives,
            "ai": {
                "organizations": [
                    {"organization": org, "orders": given} for org, given in orders.items()
                ]
            },
        },
        **kwargs,
    )


def _play(game: Game, players: dict[Side, ComputerPlayer], player_turns: int) -> None:
    for _ in range(player_turns):
        player = players.get(game.phasing)
        if player is not None:
            for _ in player.turn(game):
                pass
        game.end_player_turn()


def test_it_takes_an_undefended_objective_it_is_ordered_to_attack() -> None:
    title = _title(
        FIELD,
        {"de.div": [{"id": "take", "stance": "attack", "objective": "dorf", "turn": 1}]},
        objectives=[{"kind": "normal", "id": "dorf", "hex": [7, 3], "points": 50, "owner": None}],
    )
    game = Game(title.game(1))
    player = ComputerPlayer(Side.AXIS, seed=1)
    _play(game, {Side.AXIS: player}, 8)
    assert game.objective_owners()["dorf"] is Side.AXIS
    assert game.offset_of(game.unit("a").hex) == (7, 3)
    assert any(
        isinstance(d.order, Move) and "take" in d.reason and "attack dorf" in d.reason
        for d in player.decisions
    )


def test_it_occupies_an_empty_objective_it_is_to_defend_and_stays_there() -> None:
    art = """
    .  .  .  .  .  .  .  .
    .A .  .  .  .  .  .  .b
    .  .  .  .  .  .  .  .
    """
    title = _title(
        art,
        {"us.div": [{"id": "keep", "stance": "defend", "objective": "dorf", "turn": 1}]},
        objectives=[
            {"kind": "normal", "id": "dorf", "hex": [3, 1], "points": 50, "owner": "allied"}
        ],
    )
    game = Game(title.game(2))
    player = ComputerPlayer(Side.ALLIED, seed=2)
    _play(game, {Side.ALLIED: player}, 1)  # the axis player turn comes first: no orders
    for _ in player.turn(game):
        pass
    assert game.offset_of(game.unit("A").hex) == (3, 1)
    for _ in range(3):
        game.end_player_turn()  # axis: no orders
        game.end_player_turn()
        for _ in player.turn(game):
            pass
        assert game.offset_of(game.unit("A").hex) == (3, 1)
    assert game.unit("A").digging_in or game.state.fortifications
    assert game.objective_owners()["dorf"] is Side.ALLIED


def test_a_unit_under_a_hold_order_stays_next_to_the_enemy() -> None:
    art = """
    .  .  .  .  .
    .  .A .b .  .
    .  .  .  .  .
    """
    title = _title(art, {"us.div": [{"id": "stand", "stance": "hold", "turn": 1}]})
    game = Game(title.game(3))
    game.end_player_turn()
    player = ComputerPlayer(Side.ALLIED, seed=3)
    for _ in player.turn(game):
        pass
    assert game.offset_of(game.unit("A").hex) == (1, 1)
    assert not any(isinstance(d.order, Move) for d in player.decisions)


def test_it_rests_disrupted_units() -> None:
    title = _title(
        FIELD,
        {"de.div": [{"id": "take", "stance": "attack", "objective": "dorf", "turn": 1}]},
        objectives=[{"kind": "normal", "id": "dorf", "hex": [7, 3], "points": 50, "owner": None}],
    )
    game = Game(title.game(4))
    game.unit("a").disrupted = True
    player = ComputerPlayer(Side.AXIS, seed=4)
    events = list(player.turn(game))
    assert events == []
    assert game.orders == []
    assert [(d.unit, d.order) for d in player.last_reasons] == [("a", None)]
    assert "Disrupted" in player.last_reasons[0].reason


def test_an_enemy_unit_it_has_not_seen_changes_none_of_its_orders() -> None:
    art = """
    .  .  .  .  ^  .  .  .  .  .
    .A .  .  .  ^  .  .  .  .  .
    .  .  .  .  ^  .  .  .  .  .
    .B .  .  .  ^  .  .  .  .  .
    """
    orders = {"us.div": [{"id": "go", "stance": "attack", "objective": "dorf", "turn": 1}]}
    objective = [{"kind": "normal", "id": "dorf", "hex": [3, 2], "points": 50, "owner": "axis"}]
    given = []
    for hidden in ([9, 0], [8, 3]):
        title = _title(art, orders, objectives=objective, units={"z": {"hex": hidden}})
        game = Game(title.game(5))
        game.state.options = PlayOptions(fog_of_war=True)
        game.end_player_turn()  # the axis player turn
        assert "z" not in game.spotting(Side.ALLIED)
        player = ComputerPlayer(Side.ALLIED, seed=5)
        for _ in player.turn(game):
            pass
        assert "z" not in game.spotting(Side.ALLIED)
        given.append([(d.order, d.reason) for d in player.last_reasons])
    assert given[0] == given[1]
    assert given[0], "it gave orders"


def test_a_move_order_far_from_the_enemy_goes_in_travel_mode_and_deploys_on_arrival() -> None:
    art = """
    .  .  .  .  .  .  .  .  .  .  .  .
    .a .  .  .  .  .  .  .  .  .  .  .
    """
    road = [(c, 1) for c in range(12)]
    title = _title(
        art,
        {"de.div": [{"id": "go", "stance": "move", "hex": [11, 1], "turn": 1}]},
        units={"a": {"unit_class": "motorized_infantry", "movement_class": "motorized"}},
        roads={"primary_road": [road]},
    )
    game = Game(title.game(6))
    player = ComputerPlayer(Side.AXIS, seed=6)
    for _ in player.turn(game):
        pass
    kinds = [type(d.order).__name__ for d in player.last_reasons]
    assert kinds[:2] == ["ChangeMode", "Move"]
    assert game.unit("a").mode.value == "travel"
    for _ in range(4):
        game.end_player_turn()
        game.end_player_turn()
        for _ in player.turn(game):
            pass
    assert game.offset_of(game.unit("a").hex) == (11, 1)
    assert game.unit("a").mode.value == "deployed"


def test_it_refuses_a_phased_game_with_a_clear_message() -> None:
    class PhasedGame(Game):
        is_phased = True  # as the engine's phased play (Manual Defensive Fire) says

    title = _title(
        FIELD,
        {"de.div": [{"id": "take", "stance": "attack", "objective": "dorf", "turn": 1}]},
        objectives=[{"kind": "normal", "id": "dorf", "hex": [7, 3], "points": 50, "owner": None}],
    )
    game = PhasedGame(title.game(7))
    with pytest.raises(ValueError, match=r"phased games \(Manual Defensive Fire \[000 13.3\]\)"):
        list(ComputerPlayer(Side.AXIS, seed=7).turn(game))
    assert game.orders == []
