"""The computer player does what the designer's A/I orders tell it, as a tester would see it on
the map: it takes an undefended objective it is to attack, it does not leave an objective it is
to defend empty, it rests Disrupted units, it keeps its units in their HQ's command range, it
fires as often as its movement points pay for, and it gives the same orders whatever an enemy
unit it has not seen does."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.command import is_detached
from engine.panzer_campaigns.computer import ComputerPlayer
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.orders import Fire, Move
from engine.panzer_campaigns.play_options import PlayOptions
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_parameters, ascii_title

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
        header={"turns": 8, "first_side": "axis", **kwargs.pop("header", {})},
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


HQ = {"unit_class": "headquarters", "command_range": 2, "speed": 10, "quality": "C"}
"""A division HQ whose Nominal Command Range is 2 hexes [000 9.1]."""

LONG_FIELD = """
.h .a .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .  .
"""


def _march_on(fixed_hq: bool | None) -> Game:
    """The unit a attacks an objective 11 hexes off under its division's order, its HQ h
    beside it (pinned where it stands when `fixed_hq`; absent from the OOB when None)."""
    art = LONG_FIELD if fixed_hq is not None else LONG_FIELD.replace(".h", ". ")
    units = {"h": {**HQ, "fixed": fixed_hq}} if fixed_hq is not None else {}
    title = _title(
        art,
        {"de.div": [{"id": "go", "stance": "attack", "objective": "dorf", "turn": 1}]},
        objectives=[{"kind": "normal", "id": "dorf", "hex": [11, 0], "points": 50, "owner": None}],
        units=units,
    )
    return Game(title.game(8))


def test_a_unit_stays_in_its_hqs_command_range_when_the_hq_cannot_follow() -> None:
    alone = _march_on(None)
    for _ in ComputerPlayer(Side.AXIS, seed=8).turn(alone):
        pass
    assert alone.offset_of(alone.unit("a").hex)[0] >= 5, "without an HQ it marches on"

    game = _march_on(fixed_hq=True)
    player = ComputerPlayer(Side.AXIS, seed=8)
    for _ in player.turn(game):
        pass
    hq, unit = game.unit("h"), game.unit("a")
    assert game.offset_of(hq.hex) == (0, 0)
    assert game.state.board.distance(unit.hex, hq.hex) == 2, "as far as its range allows"
    assert not is_detached(game.state, unit)


def test_the_hq_moves_up_to_keep_its_units_in_command_range_all_the_way() -> None:
    game = _march_on(fixed_hq=False)
    player = ComputerPlayer(Side.AXIS, seed=9)
    for _ in range(6):
        for _ in player.turn(game):
            pass
        assert not is_detached(game.state, game.unit("a"))
        game.end_player_turn()
        game.end_player_turn()
    assert game.objective_owners()["dorf"] is Side.AXIS
    assert any("command range" in d.reason for d in player.decisions if d.unit == "h")


def test_of_two_units_on_an_objective_without_orders_one_stays_to_hold_it() -> None:
    art = """
    .  .  .  .  .  .  .  .  .
    .ab .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .  .
    """
    objectives = [
        {"kind": "normal", "id": "home", "hex": [1, 1], "points": 50, "owner": "axis"},
        {"kind": "normal", "id": "far", "hex": [8, 1], "points": 50, "owner": None},
    ]
    game = Game(_title(art, {}, objectives=objectives).game(10))
    player = ComputerPlayer(Side.AXIS, seed=10)
    for _ in range(3):
        for _ in player.turn(game):
            pass
        where = {game.offset_of(game.unit(u).hex) for u in "ab"}
        assert (1, 1) in where, "the objective is never left empty"
        game.end_player_turn()
        game.end_player_turn()
    assert where != {(1, 1)}, "the other unit went for the objective it does not hold"
    assert game.objective_owners() == {"home": Side.AXIS, "far": Side.AXIS}


def test_a_unit_with_nowhere_to_go_fires_while_its_movement_points_last() -> None:
    art = """
    .  .  .  .
    .  .a .B .
    .  .  .  .
    """
    orders = {"de.div": [{"id": "stand", "stance": "hold", "turn": 1}]}
    title = _title(art, orders, units={"B": {"strength": 900, "defense": 2}})
    game = Game(title.game(11))
    player = ComputerPlayer(Side.AXIS, seed=11)
    for _ in player.turn(game):
        pass
    fires = [d.order for d in player.last_reasons if isinstance(d.order, Fire)]
    # [000 5.1] each direct fire costs 1/3 of the Movement Allowance: three fires a turn.
    assert len(fires) == 3
    assert {f.target for f in fires} == {(2, 1)}


def test_an_hq_alone_on_the_objective_it_defends_stays_there() -> None:
    art = """
    .H .  .  .  .  .  .  .  .A
    .  .  .  .  .  .  .  .  .
    """
    title = _title(
        art,
        {"us.div": [{"id": "keep", "stance": "defend", "objective": "dorf", "turn": 1}]},
        objectives=[
            {"kind": "normal", "id": "dorf", "hex": [0, 0], "points": 50, "owner": "allied"}
        ],
        units={"H": HQ, "A": {"speed": 4}},  # two clear hexes a turn: it is far for a while
    )
    game = Game(title.game(12))
    game.end_player_turn()  # the axis player turn: no orders
    player = ComputerPlayer(Side.ALLIED, seed=12)
    for _ in player.turn(game):
        pass
    assert game.offset_of(game.unit("H").hex) == (0, 0)
    assert game.offset_of(game.unit("A").hex)[0] < 8, "its unit comes toward the objective"
    assert game.state.board.distance(game.unit("A").hex, game.unit("H").hex) > 2


@pytest.mark.parametrize(("fatigue", "rests"), [(150, True), (60, False)])
def test_under_night_fatigue_a_unit_acting_could_tire_rests_at_night(
    fatigue: int, rests: bool
) -> None:
    """With Night Fatigue on, acting at night may add up to 80 fatigue here (the rest value
    20, doubled at night, drawn up to twice [000 9.3]): a unit at 150 could reach High (200 of
    300) and rests; one at 60 could not, and goes on attacking."""
    parameters = ascii_parameters()
    parameters = parameters.model_copy(
        update={"recovery": parameters.recovery.model_copy(update={"rest": 20})}
    )
    title = _title(
        FIELD,
        {"de.div": [{"id": "take", "stance": "attack", "objective": "dorf", "turn": 1}]},
        objectives=[{"kind": "normal", "id": "dorf", "hex": [7, 3], "points": 50, "owner": None}],
        parameters=parameters,
        header={"start": "1944-12-16 22:00", "optional_rules": ["night_fatigue"]},
    )
    game = Game(title.game(5))
    assert game.state.clock.phase_of(game.state.turn).value == "night"
    game.unit("a").fatigue = fatigue
    player = ComputerPlayer(Side.AXIS, seed=5)
    list(player.turn(game))
    moved = any(isinstance(d.order, Move) for d in player.decisions)
    assert moved is not rests
    if rests:
        assert "Night Fatigue" in player.last_reasons[0].reason
