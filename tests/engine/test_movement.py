"""Movement costs and moves on ASCII maps [000 4.0-4.6, 11.0]: the allowance and its quality
table, roads in and out of Travel Mode, ground conditions, rubble, storms, frozen terrain,
elevation, bridges, fords, ferries, road-only terrain, obstacles, congestion, minefields,
stacking, and what `move` changes.

Costs of the ASCII parameters (`tests.engine.ascii_title`): clear 2 foot / 3 motorized /
2 tracked, forest and rough 3 foot, village 2, marsh 4 foot and impassable to vehicles; primary
road 1, secondary road 1 foot / 2 vehicles; ford +2; mud x1.5 foot, x2 vehicles. Along row 0
the steps alternate Down Right (from even columns) and Up Right (from odd columns).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.movement import (
    IllegalMove,
    change_mode,
    is_enterable,
    min_path,
    move,
    movement_allowance,
    mp_left,
    reachable,
    step_cost,
)
from engine.panzer_campaigns.state import GameState
from schemas.panzer_campaigns.map import FullHexFeature, FullHexKind
from schemas.panzer_campaigns.parameters import Obstacles, Recovery, Stacking
from schemas.vocabulary import PerSide, PerSidePercent, Side
from tests.engine.ascii_title import ascii_parameters, ascii_title

UP, UP_RIGHT, DOWN_RIGHT, DOWN, DOWN_LEFT, UP_LEFT = range(6)

ROW = ".A  .  .  .  ."
PRIMARY = {"primary_road": [[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]]}
SECONDARY = {"secondary_road": [[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]]}
MOTORIZED = {"movement_class": "motorized", "speed": 20}


def game(art: str = ROW, **title: Any) -> GameState:
    return ascii_title(art, **title).game()


def cost(state: GameState, label: str, direction: int, spent: float = 0.0) -> float | None:
    unit = state.units[label]
    return step_cost(state, unit, unit.hex, direction, spent=spent)


def path_cost(state: GameState, label: str, target: tuple[int, int]) -> float | None:
    found = min_path(state, state.units[label], state.board.index(*target))
    return None if found is None else found.cost


def at(state: GameState, column: int, row: int) -> int:
    return state.board.index(column, row)


# --- the movement allowance [000 4.0] ----------------------------------------------------------


@pytest.mark.parametrize(
    ("quality", "vehicle", "non_vehicle"),
    [
        ("A", 12.0, 11.0),
        ("B", 11.0, 11.0),
        ("C", 10.0, 10.0),
        ("D", 9.0, 9.0),
        ("E", 8.0, 9.0),
        ("F", 7.0, 8.0),
    ],
)
def test_quality_modifies_the_allowance_by_the_manuals_table(
    quality: str, vehicle: float, non_vehicle: float
) -> None:
    tank = {"quality": quality, "speed": 10, "component": "vehicles", "strength": 20}
    infantry = {"quality": quality, "speed": 10}
    state = game(".A  .B", units={"A": tank, "B": infantry})
    assert movement_allowance(state, state.units["A"]) == pytest.approx(vehicle)
    assert movement_allowance(state, state.units["B"]) == pytest.approx(non_vehicle)


def test_low_fuel_halves_the_allowance_but_not_on_foot() -> None:
    state = game(
        ".A  .B",
        units={"A": {"low_fuel": True}, "B": {"low_fuel": True, "on_foot": True}},
    )
    assert movement_allowance(state, state.units["A"]) == 6
    assert movement_allowance(state, state.units["B"]) == 12


def test_disrupted_units_have_two_thirds_of_their_allowance_at_night_only() -> None:
    spec = {"A": {"disrupted": True}}
    day = game(units=spec)
    assert movement_allowance(day, day.units["A"]) == 12
    night = game(units=spec, header={"start": "1944-12-16 20:00"})
    assert movement_allowance(night, night.units["A"]) == pytest.approx(8)


def test_frozen_penalty_cuts_vehicle_allowance_by_twice_the_penalty_in_frozen_turns() -> None:
    parameters = ascii_parameters().model_copy(
        update={
            "recovery": Recovery(
                rest=20,
                unit_recovery=PerSidePercent(allied=10, axis=10),
                frozen_penalty=PerSidePercent(allied=10, axis=25),
            )
        }
    )
    units = {
        "A": {"component": "vehicles", "strength": 20, "speed": 10},
        "B": {"speed": 10},
        "c": {"component": "vehicles", "strength": 20, "speed": 10},
    }
    frozen = {"conditions": "frozen", "conditions_allowed": ["frozen"]}
    state = game(".A  .B  .c", units=units, parameters=parameters, header=frozen)
    assert movement_allowance(state, state.units["A"]) == pytest.approx(8)  # -20%
    assert movement_allowance(state, state.units["B"]) == 10  # not a vehicle unit
    assert movement_allowance(state, state.units["c"]) == pytest.approx(5)  # axis FP 25: -50%
    snow = {"conditions": "snow", "conditions_allowed": ["snow"]}
    state = game(".A  .B  .c", units=units, parameters=parameters, header=snow)
    assert movement_allowance(state, state.units["A"]) == 10  # Frozen turns only


def test_manual_defensive_fire_gives_two_thirds_of_the_allowance() -> None:
    state = game(header={"optional_rules": ["manual_defensive_fire"]})
    assert movement_allowance(state, state.units["A"]) == pytest.approx(8)


# --- roads and conditions [000 4.1, 11.0] ------------------------------------------------------


def test_roads_serve_only_units_in_travel_mode() -> None:
    travel = game(units={"A": {**MOTORIZED, "mode": "travel"}}, roads=PRIMARY)
    assert path_cost(travel, "A", (4, 0)) == 4
    deployed = game(units={"A": MOTORIZED}, roads=PRIMARY)
    assert path_cost(deployed, "A", (4, 0)) == 12  # clear, 3 per hex


def test_no_condition_modifier_along_a_primary_road_in_travel_mode() -> None:
    mud = {"conditions": "mud", "conditions_allowed": ["mud"]}
    travel = {"A": {**MOTORIZED, "mode": "travel"}}
    assert path_cost(game(units=travel, roads=PRIMARY, header=mud), "A", (4, 0)) == 4
    assert path_cost(game(units=travel, roads=SECONDARY), "A", (4, 0)) == 8
    assert path_cost(game(units=travel, roads=SECONDARY, header=mud), "A", (4, 0)) == 16
    assert path_cost(game(units={"A": MOTORIZED}, header=mud), "A", (4, 0)) == 24
    assert path_cost(game(header=mud), "A", (4, 0)) == 12  # foot: 2 x 150%


def test_rubble_triples_costs_and_uncleared_rubble_stops_road_movement() -> None:
    art = ".A  .  +  .  ."
    travel = {"A": {**MOTORIZED, "mode": "travel"}}
    for cleared, expected in ((False, 6), (True, 3)):
        state = game(
            art,
            units=travel,
            roads=PRIMARY,
            scenario={"overlays": {"rubble": [{"hex": (2, 0), "cleared": cleared}]}},
        )
        move(state, state.units["A"], [at(state, 1, 0)])
        # RUBBLE: village 2 off the road x3; cleared Rubble: the road's 1 x3 [000 4.4]
        assert cost(state, "A", UP_RIGHT, spent=1) == expected
    foot = game(art, scenario={"overlays": {"rubble": [{"hex": (2, 0)}]}})
    move(foot, foot.units["A"], [at(foot, 1, 0)])
    assert cost(foot, "A", UP_RIGHT, spent=2) == 6


def test_a_storm_doubles_movement_costs() -> None:
    storm = {"storm_at_start": True}
    assert cost(game(header=storm), "A", DOWN_RIGHT) == 4
    travel = {"A": {**MOTORIZED, "mode": "travel"}}
    assert path_cost(game(units=travel, roads=PRIMARY, header=storm), "A", (4, 0)) == 8


def test_frozen_marsh_counts_as_clear_under_snow_and_frozen_conditions() -> None:
    art = ".A  ,  ."
    assert cost(game(art, units={"A": MOTORIZED}), "A", DOWN_RIGHT) is None
    assert cost(game(art), "A", DOWN_RIGHT) == 4
    for condition in ("snow", "frozen"):
        frozen = {"conditions": condition, "conditions_allowed": [condition]}
        assert cost(game(art, units={"A": MOTORIZED}, header=frozen), "A", DOWN_RIGHT) == 3
        assert cost(game(art, header=frozen), "A", DOWN_RIGHT) == 2


def test_climbing_costs_per_100_metres_and_mountain_units_pay_half() -> None:
    title = ascii_title(
        ".A  .M  .  .",
        units={"M": {"mountain": True, "hex": (0, 0)}},
        parameters=ascii_parameters(elevation_per_100m=2),
    )
    title.map_file = title.map_file.model_copy(update={"elevation_rows": ["0 100 150 50"]})
    state = title.game()
    assert cost(state, "A", DOWN_RIGHT) == 4  # clear 2 + 100 m x 2
    assert cost(state, "M", DOWN_RIGHT) == 3  # clear 2 + half of 2
    move(state, state.units["A"], [at(state, 1, 0)])
    assert cost(state, "A", UP_RIGHT, spent=4) == 3  # +50 m: 1
    move(state, state.units["A"], [at(state, 2, 0)])
    assert cost(state, "A", DOWN_RIGHT, spent=7) == 2  # downhill is free


# --- bridges, fords and ferries [000 4.5] ------------------------------------------------------

RIVER = [((0, 0), "down_right", "river")]
TANK = {"movement_class": "tracked", "component": "vehicles", "strength": 20, "hard_target": True}
ARMOURED_CAR = {**TANK, "movement_class": "motorized"}
TRUCKS = {"movement_class": "motorized"}


@pytest.mark.parametrize(
    ("bridge", "spec", "expected"),
    [
        ("light_bridge", {}, 2),
        ("light_bridge", {**TRUCKS, "on_foot": True}, 2),
        ("light_bridge", TRUCKS, None),
        ("light_bridge", {"movement_class": "horse"}, None),
        ("medium_bridge", TRUCKS, 3),
        ("medium_bridge", {"movement_class": "horse"}, 2),
        ("medium_bridge", TANK, None),
        ("medium_bridge", ARMOURED_CAR, None),
        ("heavy_bridge", TANK, 2),
        ("heavy_bridge", ARMOURED_CAR, 3),
    ],
)
def test_bridge_classes_by_unit_type(
    bridge: str, spec: dict[str, Any], expected: float | None
) -> None:
    state = game(
        ".A  .",
        units={"A": {**spec, "mode": "travel"}},
        hexsides=RIVER,
        crossings=[((0, 0), "down_right", bridge)],
    )
    assert cost(state, "A", DOWN_RIGHT) == expected


def test_bridges_need_travel_mode_and_an_intact_bridge() -> None:
    crossings = [((0, 0), "down_right", "heavy_bridge")]
    deployed = game(".A  .", hexsides=RIVER, crossings=crossings)
    assert cost(deployed, "A", DOWN_RIGHT) is None
    with pytest.raises(IllegalMove, match=r"Travel or Rail Mode"):
        move(deployed, deployed.units["A"], [at(deployed, 1, 0)])
    damaged = game(
        ".A  .",
        units={"A": {"mode": "travel"}},
        hexsides=RIVER,
        crossings=crossings,
        scenario={
            "overlays": {"bridges": [{"hex": (1, 0), "side": "up_left", "state": "damaged"}]}
        },
    )
    assert cost(damaged, "A", DOWN_RIGHT) is None


def test_a_bridge_blown_after_it_was_crossed_in_thought_is_down() -> None:
    """The steps a turn's searches worked out are remembered per map and profile: a bridge
    damaged later in the game is down all the same, and again up once repaired."""
    crossings = [((0, 0), "down_right", "heavy_bridge")]
    state = game(".A  .", units={"A": {"mode": "travel"}}, hexsides=RIVER, crossings=crossings)
    assert cost(state, "A", DOWN_RIGHT) == 2
    edge = 6 * at(state, 0, 0) + DOWN_RIGHT
    other = 6 * at(state, 1, 0) + (DOWN_RIGHT + 3) % 6
    state.damaged_bridges.update((edge, other))
    state.touch()
    assert cost(state, "A", DOWN_RIGHT) is None
    state.damaged_bridges.clear()
    state.touch()
    assert cost(state, "A", DOWN_RIGHT) == 2


def test_a_ford_lets_travel_mode_units_cross_a_river_for_the_ford_cost() -> None:
    ford = [((0, 0), "down_right", "ford")]
    assert cost(game(".A  .", hexsides=RIVER, crossings=ford), "A", DOWN_RIGHT) is None
    travel = game(".A  .", units={"A": {"mode": "travel"}}, hexsides=RIVER, crossings=ford)
    assert cost(travel, "A", DOWN_RIGHT) == 4  # clear 2 + ford 2
    trucks = {"A": {**TRUCKS, "mode": "travel"}}
    road = {"primary_road": [[(0, 0), (1, 0)]]}
    by_road = game(".A  .", units=trucks, hexsides=RIVER, crossings=ford, roads=road)
    assert cost(by_road, "A", DOWN_RIGHT) == 1  # the road crosses at the ford: road cost only


def test_a_hexside_ferry_takes_the_whole_allowance_of_one_fresh_unit_per_turn() -> None:
    ferry = [((0, 0), "down_right", "ferry")]
    units = {"A": {"mode": "travel"}, "C": {"mode": "travel", "hex": (0, 0)}}
    state = game(".A  .", units=units, hexsides=RIVER, crossings=ferry)
    assert cost(state, "A", DOWN_RIGHT) == 12
    assert cost(state, "A", DOWN_RIGHT, spent=1) is None  # no MP may be spent before
    move(state, state.units["A"], [at(state, 1, 0)])
    assert state.units["A"].mp_spent == 12
    with pytest.raises(IllegalMove, match="already carried a unit this turn"):
        move(state, state.units["C"], [at(state, 1, 0)])
    state.player_turn = 1
    assert cost(state, "C", DOWN_RIGHT) == 12


@pytest.mark.parametrize(
    "spec", [{"mode": "deployed"}, {"mode": "travel", "disrupted": True}], ids=str
)
def test_a_ferry_carries_only_sound_units_in_travel_mode(spec: dict[str, Any]) -> None:
    state = game(
        ".A  .",
        units={"A": spec},
        hexsides=RIVER,
        crossings=[((0, 0), "down_right", "ferry")],
    )
    assert cost(state, "A", DOWN_RIGHT) is None


def test_vehicles_enter_road_only_terrain_by_road_in_travel_mode_and_leave_by_road() -> None:
    art = """
        .A  ,  .
        .   .  .
    """
    road = {"primary_road": [[(0, 0), (1, 0), (2, 0)]]}
    state = game(art, units={"A": {**TRUCKS, "mode": "travel"}}, roads=road)
    unit = state.units["A"]
    move(state, unit, [at(state, 1, 0)])
    assert cost(state, "A", UP_RIGHT, spent=1) == 1  # on along the road
    assert cost(state, "A", DOWN, spent=1) is None  # off the road: "must also leave ... by road"
    with pytest.raises(IllegalMove, match="cannot leave Travel Mode"):
        change_mode(state, unit, "deployed")  # type: ignore[arg-type]
    deployed = game(art, units={"A": TRUCKS}, roads=road)
    assert cost(deployed, "A", DOWN_RIGHT) is None


# --- obstacles, congestion, minefields [000 4.4] -----------------------------------------------


def test_obstacles_cost_the_whole_allowance_until_penetrated_in_panzer_campaigns() -> None:
    units = {"C": {"hex": (0, 0)}, "D": {"hex": (0, 0), "strength": 100, "mode": "travel"}}
    overlays = {"overlays": {"obstacles": [{"hex": (1, 0)}]}}
    state = game(units=units, roads=PRIMARY, scenario=overlays)
    assert cost(state, "A", DOWN_RIGHT) == 12
    assert cost(state, "A", DOWN_RIGHT, spent=1) is None
    move(state, state.units["A"], [at(state, 1, 0)])
    assert state.obstacles[at(state, 1, 0)] is True
    assert cost(state, "C", DOWN_RIGHT) == 5  # deployed: 2 + 12/4
    assert cost(state, "D", DOWN_RIGHT) == 2  # travel: no extra cost, but not by the road (1)


def test_obstacles_always_cost_the_whole_allowance_in_panzer_battles() -> None:
    state = game(
        header={"ruleset": "panzer_battles"},
        scenario={"overlays": {"obstacles": [{"hex": (1, 0), "penetrated": True}]}},
    )
    assert cost(state, "A", DOWN_RIGHT) == 12
    move(state, state.units["A"], [at(state, 1, 0)])
    assert state.obstacles[at(state, 1, 0)] is True  # as placed; it changes nothing in PB


def test_congestion_costs_the_affected_side_the_whole_allowance() -> None:
    overlays = {"overlays": {"congestion": [{"hex": (1, 0)}, {"hex": (1, 1)}]}}
    art = """
        .A  .  .
        .   .  .b
    """
    both = game(art, scenario=overlays)
    assert cost(both, "A", DOWN_RIGHT) == 12
    assert cost(both, "b", UP_LEFT) == 12
    axis_only = ascii_parameters().model_copy(
        update={"obstacles": Obstacles(congestion_side=Side.AXIS)}
    )
    state = game(art, scenario=overlays, parameters=axis_only)
    assert cost(state, "A", DOWN_RIGHT) == 2
    assert cost(state, "b", UP_LEFT) == 12


def test_a_minefield_takes_s_thirds_of_the_allowance_after_entering() -> None:
    state = game(scenario={"overlays": {"minefields": [{"hex": (1, 0), "strength": 2}]}})
    unit = state.units["A"]
    assert cost(state, "A", DOWN_RIGHT) == 2
    move(state, unit, [at(state, 1, 0)])
    assert unit.mp_spent == 10  # 2 to enter, then 2/3 of 12 lost
    assert state.minefields[at(state, 1, 0)].penetrated


def test_a_minefield_loss_never_exceeds_the_points_left() -> None:
    state = game(scenario={"overlays": {"minefields": [{"hex": (1, 0), "strength": 3}]}})
    unit = state.units["A"]
    unit.mp_spent = 8
    move(state, unit, [at(state, 1, 0)])
    assert unit.mp_spent == 12
    assert mp_left(state, unit) == 0


def test_engineers_pay_a_third_of_their_allowance_to_enter_a_minefield() -> None:
    state = game(
        units={"A": {"unit_class": "engineer", "engineer": True}},
        scenario={"overlays": {"minefields": [{"hex": (1, 0), "strength": 3}]}},
    )
    assert cost(state, "A", DOWN_RIGHT) == 6  # 2 + 12/3, and no minefield attack
    move(state, state.units["A"], [at(state, 1, 0)])
    assert state.units["A"].mp_spent == 6


def test_minefields_stay_unpenetrated_in_panzer_battles() -> None:
    state = game(
        header={"ruleset": "panzer_battles"},
        scenario={"overlays": {"minefields": [{"hex": (1, 0), "strength": 1}]}},
    )
    move(state, state.units["A"], [at(state, 1, 0)])
    assert not state.minefields[at(state, 1, 0)].penetrated
    assert state.units["A"].mp_spent == 6  # 2 + 12/3


# --- stacking [000 3.3] ------------------------------------------------------------------------


def test_a_move_may_pass_through_but_not_end_in_an_over_stacked_hex() -> None:
    state = game(".A  .B  .", units={"B": {"strength": 600}})
    unit = state.units["A"]
    with pytest.raises(IllegalMove, match=r"cannot end its move on \(1, 0\).*1100"):
        move(state, unit, [at(state, 1, 0)])
    assert unit.hex == at(state, 0, 0)
    assert unit.mp_spent == 0
    assert at(state, 1, 0) not in reachable(state, unit)
    assert reachable(state, unit)[at(state, 2, 0)].path == (at(state, 1, 0), at(state, 2, 0))
    assert move(state, unit, [at(state, 1, 0), at(state, 2, 0)]) == [
        at(state, 1, 0),
        at(state, 2, 0),
    ]


def test_units_in_rail_mode_do_not_count_toward_stacking() -> None:
    state = game(".A  .B  .", units={"B": {"strength": 600, "mode": "rail"}})
    move(state, state.units["A"], [at(state, 1, 0)])
    assert state.units["A"].hex == at(state, 1, 0)


def test_the_road_rate_needs_the_stack_within_the_road_stacking_limit() -> None:
    parameters = ascii_parameters().model_copy(
        update={
            "stacking": Stacking(
                max_stacking=PerSide(allied=1000, axis=1000),
                road_stacking=PerSide(allied=600, axis=600),
                towed_guns=PerSide(allied=2, axis=2),
            )
        }
    )
    units = {"A": {"mode": "travel"}, "B": {"strength": 200}, "C": {"strength": 700}}
    state = game(
        """
        .A  .B  .
        .C  .   .
        """,
        units={**units, "C": {**units["C"], "mode": "travel"}},
        roads={"primary_road": [[(0, 0), (1, 0), (2, 0)], [(0, 1), (1, 1)]]},
        parameters=parameters,
    )
    assert cost(state, "A", DOWN_RIGHT) == 2  # 500 + 200 > 600: not at the road rate
    assert cost(state, "C", DOWN_RIGHT) == 2  # 700 alone is over the limit
    state.units["B"].strength = 100
    assert cost(state, "A", DOWN_RIGHT) == 1


# --- who may move [000 4.1, 4.2, 4.6] ----------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ({"fixed": True}, "Fixed"),
        ({"speed": 0}, "immobile"),
        ({"towed": True, "component": "guns", "strength": 10}, "Travel or Rail Mode"),
        ({"rail_unit": True}, "Rail Mode"),
    ],
)
def test_units_that_cannot_move(spec: dict[str, Any], reason: str) -> None:
    state = game(units={"A": spec})
    unit = state.units["A"]
    assert reachable(state, unit) == {}
    assert min_path(state, unit, at(state, 2, 0)) is None
    with pytest.raises(IllegalMove, match=reason):
        move(state, unit, [at(state, 1, 0)])


def test_rail_mode_follows_the_railway_only_at_the_rail_cost() -> None:
    art = """
        .A  .  .  .
        .   .  .  .
    """
    rail = {"railroad": [[(0, 0), (1, 0), (2, 0), (3, 0)]]}
    state = game(art, units={"A": {"rail_unit": True, "mode": "rail"}}, roads=rail)
    assert path_cost(state, "A", (3, 0)) == 3
    assert cost(state, "A", DOWN) is None
    state.rail_damage.add(at(state, 2, 0))
    assert path_cost(state, "A", (3, 0)) is None


def test_ships_stay_on_open_water() -> None:
    art = """
        ~A  ~  ~  ~  ~
        ~   ~  ~  ~  ~
        ~   ~  ~  ~  .
    """
    parameters = ascii_parameters()
    terrain = dict(parameters.movement.terrain)
    terrain["water"] = {**terrain["water"], "naval": 1}
    parameters = parameters.model_copy(
        update={"movement": parameters.movement.model_copy(update={"terrain": terrain})}
    )
    ship = {"naval": True, "movement_class": "naval", "unit_class": "naval", "speed": 10}
    state = game(art, units={"A": ship}, parameters=parameters)
    assert cost(state, "A", DOWN_RIGHT) == 1
    assert path_cost(state, "A", (2, 0)) == 2
    assert path_cost(state, "A", (3, 2)) is None  # next to land


# --- what a move changes -----------------------------------------------------------------------


def test_an_illegal_step_anywhere_changes_nothing() -> None:
    state = game(
        ".A  .  #  .",
        scenario={"overlays": {"minefields": [{"hex": (1, 0), "strength": 1}]}},
    )
    unit = state.units["A"]
    version = state.version
    with pytest.raises(IllegalMove, match=r"from \(1, 0\) to \(2, 0\): Impassable is impassable"):
        move(state, unit, [at(state, 0, 0), at(state, 1, 0), at(state, 2, 0)])
    assert (unit.hex, unit.mp_spent, unit.moved) == (at(state, 0, 0), 0, False)
    assert not state.minefields[at(state, 1, 0)].penetrated
    assert state.version == version


def test_move_refuses_hexes_that_are_not_adjacent_or_too_dear() -> None:
    state = game()
    unit = state.units["A"]
    with pytest.raises(IllegalMove, match="not adjacent"):
        move(state, unit, [at(state, 2, 0)])
    unit.mp_spent = 11
    with pytest.raises(IllegalMove, match="costs 2 movement points and 1 are left"):
        move(state, unit, [at(state, 1, 0)])


def test_move_spends_points_marks_the_unit_moved_and_returns_the_hexes_entered() -> None:
    state = game()
    unit = state.units["A"]
    entered = move(state, unit, [at(state, 0, 0), at(state, 1, 0), at(state, 2, 0)])
    assert entered == [at(state, 1, 0), at(state, 2, 0)]
    assert (unit.hex, unit.mp_spent, unit.moved) == (at(state, 2, 0), 4, True)
    assert state.units_at(at(state, 2, 0)) == [unit]


# --- standing on a hex -------------------------------------------------------------------------


def test_is_enterable_by_class_mode_and_features() -> None:
    art = ".A  ~  ,  ,  #  .  ,"
    road = {"primary_road": [[(2, 0), (3, 0)]]}
    units = {"T": {**TRUCKS, "hex": (5, 0)}, "R": {"rail_unit": True, "hex": (5, 0)}}
    state = game(art, units=units, roads=road)
    foot, trucks, train = state.units["A"], state.units["T"], state.units["R"]
    assert is_enterable(state, foot, at(state, 0, 0))
    assert not is_enterable(state, foot, at(state, 1, 0))  # water
    assert not is_enterable(state, foot, at(state, 4, 0))  # impassable
    assert is_enterable(state, foot, at(state, 6, 0))  # marsh, 4 MP
    assert is_enterable(state, trucks, at(state, 2, 0))  # marsh, on a road
    assert not is_enterable(state, trucks, at(state, 6, 0))  # marsh, no road
    assert not is_enterable(state, train, at(state, 0, 0))  # no railway
    snow = game(art, units=units, header={"conditions": "snow"})
    assert is_enterable(snow, snow.units["T"], at(snow, 6, 0))  # frozen marsh


def test_a_full_hex_bridge_or_ferry_makes_water_enterable() -> None:
    title = ascii_title(".A  ~  ~")
    title.map_file = title.map_file.model_copy(
        update={"full_hex_features": [FullHexFeature(hex=(1, 0), kind=FullHexKind.FERRY)]}
    )
    state = title.game()
    assert is_enterable(state, state.units["A"], at(state, 1, 0))
    assert not is_enterable(state, state.units["A"], at(state, 2, 0))


def test_a_disrupted_unit_reaches_only_what_it_pays_three_times_for_toward_the_enemy() -> None:
    """[000 4.1] "A Disrupted unit takes 3 times the normal movement cost to move closer to a
    spotted enemy unit": the hexes it can reach, and their costs, are those the move charges,
    so every hex the reach offers can be moved to (clear hexes cost 2, so 6 toward the enemy)."""
    from engine.panzer_campaigns.game import Game

    title = ascii_title(".  .  .A .  .  .z .", units={"A": {"disrupted": True}})
    play = Game(title.game())
    play.path_to("A", (0, 0), this_turn=False)  # a plan beyond the turn caches the map's costs
    reach = play.legal_moves("A")
    assert reach[(3, 0)] == 6  # one step toward the enemy it sees: 3 x 2
    assert reach[(1, 0)] == 2  # one step away: the ordinary cost
    for hex_, cost in reach.items():
        path = play.path_to("A", hex_)
        assert path, hex_
        trial = Game(title.game())
        trial.move("A", path)
        assert trial.unit("A").mp_spent == pytest.approx(cost)
