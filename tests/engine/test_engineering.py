"""Engineers [000 7.0-7.5]: the manual's numbers for bridge completion (quality, men/100, company
1/3), mine laying and rubble; building, maintaining, dismantling and abandoning a bridge and the
crossing it opens; demolition as combat; the one-time Auto Wired Bridge Demolition test; mine
clearing with lanes for Travel Mode; ferrying; and the orders saved and replayed. Random draws
are checked against their stated chances with fixed seeds."""

from __future__ import annotations

import math
from typing import Any

import pytest

from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns import movement, supply
from engine.panzer_campaigns.engineering import bridges, chances, mines, progress, wired
from engine.panzer_campaigns.engineering.events import (
    BridgeRemoved,
    DemolitionAttempted,
    MinesCleared,
    UnitFerried,
    WiredBridgeTested,
    WorkDone,
)
from engine.panzer_campaigns.engineering.works import Work, WorkKind
from engine.panzer_campaigns.game import Game
from schemas.panzer_campaigns.map import FullHexFeature
from schemas.panzer_campaigns.parameters import ParameterFile, PerSide, PerSidePercent
from schemas.vocabulary import Quality, Side
from tests.engine.ascii_title import AsciiTitle, ascii_parameters, ascii_title

ENGINEER: dict[str, Any] = {
    "unit_class": "engineer",
    "engineer": True,
    "bridge_engineer": True,
    "mine_clear": True,
    "strength": 300,
    "assault": 16,
}


def _parameters(**engineering: Any) -> ParameterFile:
    base = ascii_parameters()
    values = {
        "bridge_building": PerSidePercent(allied=100, axis=100),
        "mine_laying": PerSidePercent(allied=100, axis=100),
        "wired_bridge": PerSidePercent(allied=0, axis=0),
        **engineering,
    }
    return base.model_copy(update={"engineering": base.engineering.model_copy(update=values)})


def _river_title(units: dict[str, dict[str, Any]], art: str = ".EA .  .b", **kw: Any) -> AsciiTitle:
    """Three hexes in a row; a river between the first two (no bridge)."""
    return ascii_title(
        art,
        units=units,
        hexsides=[((0, 0), "down_right", "river")],
        parameters=kw.pop("parameters", _parameters()),
        **kw,
    )


def _next_turn(game: Game) -> None:
    """End both player turns: the allied side (first) moves again."""
    game.end_player_turn()
    game.end_player_turn()


# --- the manual's numbers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("quality", "factor"),
    [
        (Quality.A, 1.2),
        (Quality.B, 1.1),
        (Quality.C, 1.0),
        (Quality.D, 0.75),
        (Quality.E, 0.5),
        (Quality.F, 0.25),
    ],
)
def test_bridge_completion_chance_by_quality(quality: Quality, factor: float) -> None:
    # [000 7.4] "Quality A => Completion probability is 120% of normal" ... F 25%
    assert chances.bridge_chance(20, quality, men=600, small=False) == pytest.approx(0.2 * factor)


def test_bridge_chance_scales_with_men_below_100_and_a_company_has_a_third() -> None:
    # [000 7.4] fewer than 100 men: "reduced proportionally"; a company 1/3 of a battalion
    assert chances.bridge_chance(30, Quality.C, men=40, small=False) == pytest.approx(0.12)
    assert chances.bridge_chance(30, Quality.C, men=100, small=False) == pytest.approx(0.3)
    assert chances.bridge_chance(30, Quality.C, men=900, small=False) == pytest.approx(0.3)
    assert chances.bridge_chance(30, Quality.C, men=100, small=True) == pytest.approx(0.1)
    assert chances.bridge_chance(30, Quality.B, men=50, small=True) == pytest.approx(0.055)


def test_a_units_chance_reads_its_side_quality_strength_and_size() -> None:
    parameters = _parameters(bridge_building=PerSidePercent(allied=40, axis=10))
    spec = {**ENGINEER, "quality": "D", "strength": 50, "size": "company"}
    state = _river_title({"E": spec}, parameters=parameters).game()
    # 40% x 0.75 (D) x 50/100 men x 1/3 (a company)
    assert chances.unit_bridge_chance(state, state.units["E"]) == pytest.approx(0.05)


def test_mine_laying_and_rubble_chances() -> None:
    parameters = _parameters(mine_laying=PerSidePercent(allied=40, axis=40))
    state = _river_title({"E": {**ENGINEER, "strength": 50}}, parameters=parameters).game()
    engineer = state.units["E"]
    # [000 7.3] Mine Prob, "reduced proportionally" under 100 men
    assert chances.mine_laying_chance(state, engineer) == pytest.approx(0.2)
    # [000 7.2] rubble: "half the Digging-In Parameter Data value per turn" (dig-in 50%)
    assert chances.rubble_chance(state, engineer) == pytest.approx(0.25)


def test_several_engineers_raise_the_chance() -> None:
    assert chances.combined([0.3, 0.3]) == pytest.approx(0.51)
    assert chances.combined([]) == 0


def test_demolition_chance_is_the_combat_result_divided_by_ten() -> None:
    # [000 7.4] assault 100 against an AT ditch (defense 1): casualties uniform in 5..25 (LCV 50,
    # HCV 250 for a value of 100), a hit when the rounded tenth is non-zero: the mean of
    # min(x/10, 1) = (3.75 + 15) / 20.
    state = _river_title({"E": ENGINEER}).game()
    assert chances.damage_chance(state, 100, 1) == pytest.approx(0.9375, abs=1e-4)
    # assault 16 against a heavy bridge's 20: casualties 0.04..0.2, so 1.2%
    assert chances.damage_chance(state, 16, 20) == pytest.approx(0.012, abs=1e-6)


# --- bridges ------------------------------------------------------------------------------------


def test_a_built_bridge_makes_an_impossible_crossing_possible() -> None:
    title = _river_title({"E": ENGINEER, "A": {"mode": "travel"}})
    game = Game(title.game())
    assert (1, 0) not in game.legal_moves("A")
    assert game.why_not_build_bridge("E", (1, 0)) is None
    assert game.bridge_sites("E") == {(1, 0): 1.0}
    game.build_bridge("E", (1, 0))
    assert game.work_of("E") == ("bridge under construction", 1.0)
    assert game.legal_moves("E") == {}  # starting took the whole allowance [000 7.4]
    _next_turn(game)
    assert any(isinstance(e, WorkDone) and e.unit == "E" for e in game.log)
    assert (1, 0) in game.legal_moves("A")
    game.move("A", [(1, 0)])
    assert game.state.board.offset(game.unit("A").hex) == (1, 0)


def test_a_maintaining_engineer_stays_or_crosses_its_own_bridge() -> None:
    game = Game(_river_title({"E": ENGINEER}, art=".E  .  .").game())
    game.build_bridge("E", (1, 0))
    _next_turn(game)
    game.change_mode("E", "travel")
    # it may cross its own bridge and nowhere else [000 7.4]
    assert set(game.legal_moves("E")) == {(1, 0)}
    game.move("E", [(1, 0)])
    _next_turn(game)
    assert "E" in game.state.engineering.bridges
    assert not any(isinstance(e, BridgeRemoved) for e in game.log)


def test_dismantling_takes_a_roll_and_abandoning_leaves_no_bridge_for_good() -> None:
    game = Game(_river_title({"E": ENGINEER, "F": ENGINEER}, art=".EF .  .").game())
    game.build_bridge("E", (1, 0))
    game.build_bridge("F", (1, 0))
    _next_turn(game)
    # the first engineer in scenario order maintains it; the other is freed
    assert set(game.state.engineering.bridges) == {"E"}
    assert game.work_of("F") is None
    game.dismantle_bridge("E")
    _next_turn(game)
    assert game.state.engineering.bridges == {}
    game.build_bridge("E", (1, 0))
    _next_turn(game)
    game.abandon_bridge("E")
    assert game.state.engineering.bridges == {}
    why = game.why_not_build_bridge("E", (1, 0))
    assert why is not None
    assert "NO BRIDGE" in why


def test_bridge_refusals_name_the_reason() -> None:
    spec = {**ENGINEER, "bridge_engineer": False}
    units = {"E": spec, "D": {**ENGINEER, "disrupted": True, "hex": [0, 0]}}
    game = Game(_river_title(units).game())
    assert "Bridge Eng" in (game.why_not_build_bridge("E", (1, 0)) or "")
    assert "disrupted" in (game.why_not_build_bridge("D", (1, 0)) or "")
    game2 = Game(_river_title({"E": {**ENGINEER, "hex": [1, 0]}}).game())
    assert "no river" in (game2.why_not_build_bridge("E", (2, 0)) or "")
    with pytest.raises(movement.IllegalMove):
        game2.build_bridge("E", (2, 0))


def test_bridge_completion_turns_follow_the_chance() -> None:
    # A geometric number of turns with p = 30%: mean 1/p, checked with a fixed seed.
    parameters = _parameters(bridge_building=PerSidePercent(allied=30, axis=30))
    state = _river_title({"E": ENGINEER}, parameters=parameters).game(seed=11)
    engineer = state.units["E"]
    edge = 6 * engineer.hex + 2
    trials, total = 600, 0
    for _ in range(trials):
        state.engineering.bridges.clear()
        state.engineering.works["E"] = Work(WorkKind.BUILD_BRIDGE, engineer.hex, edge)
        turns = 0
        while "E" not in state.engineering.bridges:
            turns += 1
            progress.progress_works(state, Side.ALLIED)
        total += turns
    mean, sigma = 1 / 0.3, math.sqrt(0.7) / 0.3 / math.sqrt(trials)
    assert abs(total / trials - mean) < 3 * sigma


def test_a_pontoon_waits_its_turns_before_it_may_complete() -> None:
    parameters = _parameters(pontoon_bridge_turns=PerSide(allied=3, axis=3))
    units = {"E": ENGINEER, "A": {"hex": [0, 0], "mode": "travel", "strength": 200}}
    game = Game(ascii_title(".E ~  .", units=units, parameters=parameters).game())
    assert (2, 0) not in game.legal_moves("A")
    game.build_bridge("E", (1, 0))
    for _ in range(3):  # [000 7.4] the Pontoon Bridge value's turns must elapse first
        _next_turn(game)
        assert game.state.engineering.bridges == {}
    _next_turn(game)
    assert game.state.engineering.bridges["E"].pontoon
    assert (2, 0) in game.legal_moves("A")  # over the water hex on the pontoon


# --- demolition [000 7.4] -----------------------------------------------------------------------


def test_damaging_a_bridge_is_combat_and_the_crossing_closes() -> None:
    spec = {**ENGINEER, "assault": 4000}  # a value of 200: 10..50 casualties, a sure hit
    title = ascii_title(
        ".E .A  .",
        units={"E": spec, "A": {"mode": "travel"}},
        hexsides=[((0, 0), "down_right", "river")],
        crossings=[((0, 0), "down_right", "heavy_bridge")],
        parameters=_parameters(),
    )
    game = Game(title.game())
    targets = game.demolition_targets("E")
    assert targets[(1, 0)][0] == "heavy bridge"
    events = game.damage_bridge("E", (1, 0))
    attempt = events[0]
    assert isinstance(attempt, DemolitionAttempted)
    assert attempt.chance == pytest.approx(chances.damage_chance(game.state, 4000, 20))
    assert not game.can_undo  # its roll was seen
    assert attempt.chance == 1.0
    assert attempt.succeeded
    assert (0, 0) not in game.legal_moves("A")
    assert 6 * game.hex_of((0, 0)) + 2 in game.state.damaged_bridges


def test_an_enemy_partisan_near_the_bridge_foils_a_sure_demolition() -> None:
    """[000 4.3] engineers blowing bridges "are subject to possible failure of this action"
    near enemy deception: at Deception Damage 100 % a sure hit is foiled; out of the enemy's
    Deception Radius it is not."""
    spec = {**ENGINEER, "assault": 4000}
    base = _parameters()
    parameters = base.model_copy(
        update={
            "deception": base.deception.model_copy(
                update={"damage": PerSidePercent(allied=100, axis=100)}
            )
        }
    )

    def attempt(partisan_column: int) -> DemolitionAttempted:
        art = " ".join([".E", ".", *(".p" if c == partisan_column else "." for c in range(2, 9))])
        title = ascii_title(
            art,
            units={"E": spec, "p": {"partisan": True, "unit_class": "partisan"}},
            hexsides=[((0, 0), "down_right", "river")],
            crossings=[((0, 0), "down_right", "heavy_bridge")],
            parameters=parameters,
        )
        game = Game(title.game())
        event = game.damage_bridge("E", (1, 0))[0]
        assert isinstance(event, DemolitionAttempted)
        return event

    near = attempt(3)  # radius 3 (the ASCII parameters): 2 hexes from the target
    assert near.foiled
    assert not near.succeeded
    assert "foiled by the enemy's deception" in near.describe()
    far = attempt(8)
    assert far.succeeded
    assert not far.foiled


def test_demolition_draws_match_their_chance() -> None:
    title = ascii_title(
        ".E .  .",
        units={"E": {**ENGINEER, "assault": 30}},
        hexsides=[((0, 0), "down_right", "at_ditch")],
        parameters=_parameters(),
    )
    state = title.game(seed=5)
    engineer = state.units["E"]
    across = state.board.index(1, 0)
    chance = chances.damage_chance(state, 30, 1)
    assert bridges.damage_targets(state, engineer)[across] == ("AT ditch", 1.0)
    trials, hits = 2000, 0
    for _ in range(trials):
        state.engineering.ditches_destroyed.clear()  # the same ditch attacked again each trial
        hits += bridges.damage(state, engineer, across).succeeded
    sigma = math.sqrt(chance * (1 - chance) / trials)
    assert abs(hits / trials - chance) < 3 * sigma


def test_no_bridge_is_damaged_by_hand_under_auto_wired_demolition() -> None:
    title = ascii_title(
        ".E .  .",
        units={"E": ENGINEER},
        hexsides=[((0, 0), "down_right", "river")],
        crossings=[((0, 0), "down_right", "heavy_bridge")],
        parameters=_parameters(wired_bridge=PerSidePercent(allied=50, axis=0)),
    )
    game = Game(title.game())
    why = game.why_not_damage_bridge("E")
    assert why is not None
    assert "Auto Wired" in why


# --- Auto Wired Bridge Demolition [000 7.4] -------------------------------------------------------


def _wired_title(allied_percent: int) -> AsciiTitle:
    return ascii_title(
        ".A .  .  .b",
        units={"A": {}, "b": {}},
        hexsides=[((0, 0), "down_right", "river")],
        crossings=[((0, 0), "down_right", "heavy_bridge")],
        scenario={
            "overlays": {
                "bridges": [
                    {"hex": [0, 0], "side": "down_right", "state": "wired", "wired_by": "allied"}
                ]
            }
        },
        parameters=_parameters(wired_bridge=PerSidePercent(allied=allied_percent, axis=10)),
    )


def test_the_wired_test_runs_once_when_the_enemy_comes_next_to_the_bridge() -> None:
    game = Game(_wired_title(100).game())
    game.end_player_turn()  # the axis player turn
    game.move("b", [(2, 0)])
    assert not any(isinstance(e, WiredBridgeTested) for e in game.log)
    events = game.move("b", [(1, 0)])
    tested = [e for e in events if isinstance(e, WiredBridgeTested)]
    assert not game.can_undo  # the test's roll was seen
    assert len(tested) == 1
    assert tested[0].blown
    assert tested[0].chance == 1.0
    assert game.state.wired_bridges == {}
    assert 6 * game.hex_of((0, 0)) + 2 in game.state.damaged_bridges


def test_a_failed_wired_test_is_never_made_again() -> None:
    game = Game(_wired_title(0).game())  # the axis value keeps the feature on; allied 0%
    state = game.state
    failed = wired.test_hexside(state, state.units["b"], game.hex_of((1, 0)))
    assert len(failed) == 1
    assert not failed[0].blown
    assert state.wired_bridges == {}
    assert state.damaged_bridges == set()
    assert wired.test_hexside(state, state.units["b"], game.hex_of((1, 0))) == []


def test_wired_draws_match_the_wired_bridge_value() -> None:
    state = _wired_title(60).game(seed=9)
    mover, hex_index = state.units["b"], state.board.index(1, 0)
    edges = dict(state.wired_bridges)
    trials, blown = 2000, 0
    for _ in range(trials):
        state.wired_bridges = dict(edges)
        state.damaged_bridges = set()
        blown += wired.test_hexside(state, mover, hex_index)[0].blown
    sigma = math.sqrt(0.6 * 0.4 / trials)
    assert abs(blown / trials - 0.6) < 3 * sigma


def test_a_move_stops_before_a_bridge_blown_under_it() -> None:
    title = _wired_title(100)
    game = Game(title.game())
    game.end_player_turn()
    game.change_mode("b", "travel")
    state = game.state
    # take the blown bridge away from the plan: the path crosses it
    state.damaged_bridges.clear()
    events = game.move("b", [(2, 0), (1, 0)])
    assert state.board.offset(state.units["b"].hex) == (1, 0)
    assert any(isinstance(e, WiredBridgeTested) and e.blown for e in events)


# --- mines and rubble [000 7.2, 7.3] -------------------------------------------------------------


def _mined_title(**units: dict[str, Any]) -> AsciiTitle:
    return ascii_title(
        ".  .  .",
        units=units,
        scenario={"overlays": {"minefields": [{"hex": [1, 0], "strength": 2}]}},
        parameters=_parameters(),
    )


def test_a_clearer_makes_lanes_and_lifts_the_minefield_a_point_a_turn() -> None:
    title = _mined_title(
        E={**ENGINEER, "hex": [1, 0]},
        A={"hex": [0, 0], "mode": "travel", "strength": 200},
        B={"hex": [2, 0], "strength": 200},
    )
    game = Game(title.game())
    state, mined = game.state, game.hex_of((1, 0))
    assert not mines.has_lanes(state, mined)
    _next_turn(game)
    cleared = [e for e in game.log if isinstance(e, MinesCleared)]
    assert cleared
    assert cleared[0].strength == 1
    assert mines.has_lanes(state, mined)
    # Travel Mode through the lanes: no minefield attack, no S/3 loss [000 4.4, 7.3]
    before = movement.mp_left(state, state.units["A"])
    game.move("A", [(1, 0)])
    travel_cost = before - movement.mp_left(state, state.units["A"])
    assert travel_cost < before / 3
    # a deployed unit still suffers the attack: it loses S/3 = 1/3 of its allowance
    before_b = movement.mp_left(state, state.units["B"])
    game.move("B", [(1, 0)])
    assert before_b - movement.mp_left(state, state.units["B"]) >= before_b / 3 - 1e-9
    _next_turn(game)
    assert mined not in state.minefields


def test_a_clearing_unit_may_not_fire_and_may_be_stopped() -> None:
    game = Game(_mined_title(E={**ENGINEER, "hex": [1, 0]}, b={"hex": [2, 0]}).game())
    why = game.why_not_assault("E", (2, 0))
    assert why is not None
    assert "clearing mines" in why
    game.clear_mines("E")  # stop
    assert "E" in game.state.engineering.not_clearing
    game.clear_mines("E")  # and start again
    assert "E" not in game.state.engineering.not_clearing


def test_a_demolition_unit_pays_32_over_its_assault_value() -> None:
    spec = {"unit_class": "engineer", "demolition": True, "assault": 8}
    title = ascii_title(
        ".  .  .",
        units={"G": {**spec, "hex": [1, 0]}},
        scenario={"overlays": {"minefields": [{"hex": [1, 0], "strength": 1}]}},
        parameters=_parameters(),
    )
    game = Game(title.game())
    _next_turn(game)
    cleared = [e for e in game.log if isinstance(e, MinesCleared)]
    assert cleared[0].strength == 0
    assert cleared[0].strength_lost == 4
    assert game.unit("G").strength == 496


def test_laying_mines_makes_a_strength_one_minefield() -> None:
    game = Game(_river_title({"E": ENGINEER}).game())
    assert game.why_not_lay_mines("E") is None
    game.lay_mines("E")
    _next_turn(game)
    field = game.state.minefields[game.unit("E").hex]
    assert field.strength == 1
    assert field.side is Side.ALLIED
    assert "already holds a minefield" in (game.why_not_lay_mines("E") or "")


def test_clearing_rubble_opens_road_movement() -> None:
    parameters = _parameters()
    parameters = parameters.model_copy(
        update={
            "fortifications": parameters.fortifications.model_copy(
                update={"dig_in": PerSidePercent(allied=100, axis=100)}
            )
        }
    )
    title = ascii_title(
        ".E .  .",
        units={"E": ENGINEER},
        scenario={"overlays": {"rubble": [{"hex": [0, 0]}]}},
        parameters=parameters,
    )
    game = Game(title.game(seed=2))
    game.clear_mines("E")  # "Clear Mines or Rubble" [000 7.2]
    assert game.work_of("E") == ("rubble being cleared", 0.5)
    for _ in range(12):
        _next_turn(game)
        if game.state.rubble[game.hex_of((0, 0))]:
            break
    assert game.state.rubble[game.hex_of((0, 0))] is True


# --- ferrying [000 7.5] ---------------------------------------------------------------------------


def test_an_engineer_ferries_a_foot_unit_across_the_river() -> None:
    title = _river_title({"E": {**ENGINEER, "hex": [1, 0]}, "A": {"hex": [0, 0], "mode": "travel"}})
    game = Game(title.game())
    assert game.ferry_moves("E") == {"A": [(1, 0)]}
    events = game.ferry("E", "A", (1, 0))
    assert isinstance(events[0], UnitFerried)
    assert game.state.board.offset(game.unit("A").hex) == (1, 0)
    assert game.legal_moves("A") == {}  # its whole allowance [000 7.5]
    assert game.unit("E").mp_spent == 0  # the engineer spends nothing
    game.undo()  # no die was rolled
    assert game.state.board.offset(game.unit("A").hex) == (0, 0)


def test_ferrying_refuses_deployed_and_vehicle_units() -> None:
    title = _river_title(
        {
            "E": {**ENGINEER, "hex": [1, 0]},
            "A": {"hex": [0, 0]},
            "T": {"hex": [0, 0], "mode": "travel", "movement_class": "motorized"},
        }
    )
    game = Game(title.game())
    assert "Travel Mode" in (game.why_not_ferry("E", "A", (1, 0)) or "")
    assert "not a foot unit" in (game.why_not_ferry("E", "T", (1, 0)) or "")


# --- orders saved and replayed -------------------------------------------------------------------


def test_engineering_orders_are_recorded_and_replay_the_same_game() -> None:
    title = _river_title({"E": ENGINEER, "F": {**ENGINEER, "hex": [1, 0]}, "A": {"mode": "travel"}})
    played = Game(title.game(seed=4))
    played.build_bridge("E", (1, 0))
    played.lay_mines("F")
    _next_turn(played)
    played.move("A", [(1, 0)])
    records = [recorded_order(order) for order in played.orders]
    assert [r.kind for r in records][:2] == ["build_bridge", "lay_mines"]
    replayed = Game(title.game(seed=4))
    for record in records:
        replayed.apply(engine_order(record))
    assert [e.describe() for e in replayed.log] == [e.describe() for e in played.log]


def test_an_engineering_order_without_a_roll_can_be_taken_back() -> None:
    game = Game(_river_title({"E": ENGINEER}).game())
    game.build_bridge("E", (1, 0))
    assert game.can_undo
    game.undo()
    assert game.work_of("E") is None
    assert game.unit("E").mp_spent == 0


# --- what engineering work means to the other rules ---------------------------------------------


def test_in_panzer_battles_a_platoon_has_the_third() -> None:
    # [001 "Bridge Building"] "x 1/3 for a platoon": the company is the large echelon there
    title = _river_title(
        {"E": {**ENGINEER, "size": "company"}, "P": {**ENGINEER, "size": "platoon", "hex": [0, 0]}},
        header={"ruleset": "panzer_battles"},
    )
    state = title.game()
    assert chances.unit_bridge_chance(state, state.units["E"]) == pytest.approx(1.0)
    assert chances.unit_bridge_chance(state, state.units["P"]) == pytest.approx(1 / 3)


def test_a_bridge_builder_does_not_assault_and_defends_at_half() -> None:
    title = ascii_title(
        ".E .b  .",
        units={"E": ENGINEER, "b": {}},
        hexsides=[((0, 0), "down_right", "stream")],
        parameters=_parameters(),
    )
    game = Game(title.game())
    game.build_bridge("E", (1, 0))  # towards the enemy: a bridge under combat conditions
    assert "building a bridge" in (game.why_not_assault("E") or "")
    game.end_player_turn()
    odds = game.assault_odds((0, 0), ["b"])
    assert odds is not None
    names = [m.describe() for m in odds.defender_modifiers]
    assert any("building or maintaining a bridge" in n for n in names)  # [000 6.2] 1/2


# --- full-hex bridges [000 7.4] -------------------------------------------------------------------


def _full_hex_title(units: dict[str, dict[str, Any]], **kw: Any) -> AsciiTitle:
    """Land, a water hex spanned by a full-hex bridge, land."""
    title = ascii_title(".  ~  .", units=units, **kw)
    title.map_file = title.map_file.model_copy(
        update={"full_hex_features": [FullHexFeature(hex=(1, 0), kind="bridge")]}
    )
    return title


def test_the_five_steps_of_full_hex_bridge_demolition() -> None:
    spec = {**ENGINEER, "assault": 6000, "hex": [0, 0], "mode": "travel"}
    game = Game(_full_hex_title({"E": spec}, parameters=_parameters()).game())
    game.move("E", [(1, 0)])  # 1. onto the bridge in Travel Mode
    assert "spent movement points" in (game.why_not_wire_bridge("E") or "")
    _next_turn(game)
    game.wire_bridge("E")  # 2. the next turn, Bridge Operations
    _next_turn(game)
    assert game.state.wired_full_hex_bridges[game.hex_of((1, 0))] is Side.ALLIED  # 3. WIRED
    game.move("E", [(0, 0)])  # 4. off the bridge, and deployed
    game.change_mode("E", "deployed")
    _next_turn(game)
    targets = game.demolition_targets("E")
    assert targets[(1, 0)][0] == "wired full-hex bridge"
    attempt = game.damage_bridge("E", (1, 0))[0]  # 5. blow it, at the Heavy Bridge defense
    assert isinstance(attempt, DemolitionAttempted)
    assert attempt.succeeded
    assert game.hex_of((1, 0)) in game.state.damaged_full_hex_bridges


def test_a_wired_full_hex_bridge_is_tested_before_the_enemy_enters_it() -> None:
    title = _full_hex_title(
        {"A": {"hex": [0, 0]}, "b": {"hex": [2, 0], "mode": "travel"}},
        scenario={
            "overlays": {"bridges": [{"hex": [1, 0], "state": "wired", "wired_by": "allied"}]}
        },
        parameters=_parameters(wired_bridge=PerSidePercent(allied=100, axis=0)),
    )
    game = Game(title.game())
    game.end_player_turn()
    events = game.move("b", [(1, 0)])
    assert [type(e).__name__ for e in events][:2] == ["WiredBridgeTested", "MoveStopped"]
    assert game.state.board.offset(game.unit("b").hex) == (2, 0)
    assert game.hex_of((1, 0)) in game.state.damaged_full_hex_bridges


BRIDGE_LAYER: dict[str, Any] = {
    "unit_class": "engineer",
    "engineering_vehicle": "bridge_layer",
    "movement_class": "tracked",
    "component": "vehicles",
    "assault": 0,
}


def test_supply_crosses_an_engineers_bridge() -> None:
    # [000 10.1] lines cross rivers "only using bridges or ferries": an engineer's too [000 7.4].
    # A Bridge Layer builds it: it ferries nothing, so no supply is ferried before.
    title = ascii_title(
        """
        .E .A
        .  .
        """,
        units={"E": BRIDGE_LAYER, "A": {"strength": 200}},
        hexsides=[
            ((0, 0), "down_right", "river"),
            ((0, 1), "up_right", "river"),
            ((0, 1), "down_right", "river"),
        ],
        scenario={
            "supply": {"sources": [{"id": "s", "hex": [0, 1], "side": "allied", "value": 80}]}
        },
        parameters=_parameters(),
    )
    game = Game(title.game())
    state = game.state
    assert supply.local_supply(state, Side.ALLIED).is_isolated(game.hex_of((1, 0)))
    game.build_bridge("E", (1, 0))
    _next_turn(game)
    assert not supply.local_supply(state, Side.ALLIED).is_isolated(game.hex_of((1, 0)))
    assert supply.local_supply(state, Side.ALLIED).value(game.hex_of((1, 0))) == 80


def test_mine_laying_draws_match_mine_prob_times_men() -> None:
    # [000 7.3] Mine Prob 60% with 50 men: 30% a turn, checked with a fixed seed
    parameters = _parameters(mine_laying=PerSidePercent(allied=60, axis=60))
    state = _river_title({"E": {**ENGINEER, "strength": 50}}, parameters=parameters).game(seed=8)
    engineer = state.units["E"]
    trials, laid = 3000, 0
    for _ in range(trials):
        state.minefields.clear()
        state.engineering.works["E"] = Work(WorkKind.LAY_MINES, engineer.hex)
        progress.progress_works(state, Side.ALLIED)
        laid += engineer.hex in state.minefields
    sigma = math.sqrt(0.3 * 0.7 / trials)
    assert abs(laid / trials - 0.3) < 3 * sigma


def test_a_mine_clearer_removes_an_obstacle() -> None:
    title = ascii_title(
        ".  .  .",
        units={"E": {**ENGINEER, "hex": [1, 0]}},
        scenario={"overlays": {"obstacles": [{"hex": [1, 0]}]}},
        parameters=_parameters(),
    )
    game = Game(title.game())
    _next_turn(game)  # [000 4.4] "removed by mine-clearing units in the same way"
    assert game.hex_of((1, 0)) not in game.state.obstacles
