"""Deception units and partisans [000 4.3, 4.2] on small ASCII maps: deploying within three
times the Deception Range, redeploying on the midnight turn within twice it, Travel Mode moves
deceived hex by hex with the Deception Effect, demolitions foiled with the Deception Damage,
detection at the start of each turn, recall by a friendly unit, and patrols negating it all."""

from __future__ import annotations

from typing import Any

import pytest

from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns import deception_effects as deception
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.irregular_events import Deceived, DeceptionDetected, DeceptionRecalled
from engine.panzer_campaigns.movement import IllegalMove, mp_left
from engine.panzer_campaigns.orders import DeployDeception
from engine.panzer_campaigns.spotting import spotted_by
from engine.panzer_campaigns.units import UnitStatus
from schemas.panzer_campaigns.parameters import Deception
from schemas.vocabulary import PerSide, PerSidePercent, Side
from tests.engine.ascii_title import ascii_parameters, ascii_title

ROW = " ".join(["."] * 16)


def game_of(
    art: str,
    units: dict[str, dict[str, Any]] | None = None,
    seed: int = 0,
    *,
    effect: int = 50,
    damage: int = 50,
    detect: int = 50,
    rules: list[str] | None = None,
    **header: Any,
) -> Game:
    """A game whose deception parameters are Range 3, Radius 2 for both sides."""
    parameters = ascii_parameters().model_copy(
        update={
            "deception": Deception(
                range=PerSide(allied=3, axis=3),
                radius=PerSide(allied=2, axis=2),
                effect=PerSidePercent(allied=effect, axis=effect),
                damage=PerSidePercent(allied=damage, axis=damage),
                detect=PerSidePercent(allied=detect, axis=detect),
            )
        }
    )
    header = {**header, **({"optional_rules": rules} if rules else {})}
    title = ascii_title(art, units=units, parameters=parameters, header=header or None)
    return Game(title.game(seed))


DECEIVER = {"D": {"deception": True, "strength": 30}}


def test_a_deception_unit_deploys_within_three_times_the_range_as_a_hidden_marker() -> None:
    game = game_of(f".D {ROW}\n. {ROW}", DECEIVER)
    assert "deploys within 9 hexes" in (game.why_not_deploy("D", (10, 0)) or "")
    event = game.deploy_deception("D", (9, 0))
    assert event.describe() == "allied deception unit D deployed at [9, 0]"
    unit = game.unit("D")
    assert unit.status is UnitStatus.DEPLOYED
    assert not unit.on_map
    assert game.deception_markers() == {"D": (9, 0)}
    assert game.orders[-1] == DeployDeception("D", (9, 0))
    game.end_player_turn()
    assert game.deception_markers() == {}  # the Axis player sees no marker
    assert "D" not in spotted_by(game.state, Side.AXIS)


def test_a_unit_that_used_movement_points_may_not_deploy() -> None:
    game = game_of(f".D {ROW}", DECEIVER)
    game.move("D", [(1, 0)])
    assert "used movement points" in (game.why_not_deploy("D", (5, 0)) or "")
    with pytest.raises(IllegalMove):
        game.deploy_deception("D", (5, 0))


def test_a_deployment_is_saved_replayed_and_taken_back() -> None:
    game = game_of(f".D {ROW}", DECEIVER)
    game.deploy_deception("D", (4, 0))
    order = game.orders[-1]
    assert engine_order(recorded_order(order)) == order
    game.undo()
    assert game.unit("D").on_map
    assert game.deception_markers() == {}


def test_redeployment_only_on_the_midnight_turn_within_twice_the_range() -> None:
    # 22:00 start, two-hour night turns: turn 2 is the midnight turn.
    game = game_of(f".D {ROW}", DECEIVER, start="1944-12-16 22:00")
    game.deploy_deception("D", (3, 0))
    game.end_player_turn()
    game.end_player_turn()  # turn 2, 00:00
    assert game.state.clock.is_midnight_turn(2)
    assert "within 6 hexes" in (game.why_not_deploy("D", (10, 0)) or "")
    game.deploy_deception("D", (9, 0))
    assert "deployed this turn" in (game.why_not_deploy("D", (8, 0)) or "")
    game.end_player_turn()
    game.end_player_turn()  # turn 3, 02:00
    assert "only on the midnight turn" in (game.why_not_deploy("D", (8, 0)) or "")


def test_the_open_hexes_are_those_within_three_times_the_range_then_twice_at_midnight() -> None:
    game = game_of(f".D {ROW}\n. {ROW}", DECEIVER, start="1944-12-16 22:00")
    hexes = game.deployment_hexes("D")
    assert hexes[0] == (0, 0)  # nearest first: its own hex
    assert max(column for column, _ in hexes) == 9  # 3 x Range 3 [000 4.3]
    assert len(hexes) == 20  # columns 0-9 on both rows
    assert all(game.why_not_deploy("D", h) is None for h in hexes)
    game.deploy_deception("D", (3, 0))
    assert game.deployment_hexes("D") == []
    assert game.why_not_deploy_now("D") == "D redeploys only on the midnight turn"
    game.end_player_turn()
    game.end_player_turn()  # turn 2, the midnight turn: 2 x Range from the marker
    assert max(column for column, _ in game.deployment_hexes("D")) == 9
    assert min(column for column, _ in game.deployment_hexes("D")) == 0
    game.deploy_deception("D", (9, 0))
    assert game.why_not_deploy_now("D") == "D was deployed this turn"
    assert game.deception_units() == ["D"]


def deceived_share(travel: bool, seeds: int = 300, **rules: Any) -> float:
    """How often an Axis unit moving two hexes past a deployed Allied marker is deceived."""
    hits = 0
    for seed in range(seeds):
        game = game_of(
            ".D .  .  .  .  .  .\n.  .  .  .  .  .  .z",
            {**DECEIVER, "z": {"mode": "travel" if travel else "deployed"}},
            seed,
            **rules,
        )
        game.deploy_deception("D", (4, 0))
        game.end_player_turn()
        events = game.move("z", [(5, 1), (4, 1)])  # into the radius: two hexes within 2
        if any(isinstance(e, Deceived) for e in events):
            hits += 1
    return hits / seeds


def test_travel_mode_moves_are_deceived_hex_by_hex_with_the_effect() -> None:
    """Two hexes within the Radius at 50 % each: 75 % of moves are deceived [000 4.3]."""
    assert deceived_share(travel=True) == pytest.approx(0.75, abs=0.07)
    assert deceived_share(travel=False, seeds=40) == 0


def test_a_deceived_unit_is_disrupted_and_loses_its_movement_points() -> None:
    game = game_of(
        ".D .  .  .  .  .  .\n.  .  .  .  .  .  .z", {**DECEIVER, "z": {"mode": "travel"}}, 1
    )
    game.deploy_deception("D", (4, 0))
    game.end_player_turn()
    events = game.move("z", [(5, 1), (4, 1), (3, 1)])
    stopped = next(e for e in events if isinstance(e, Deceived))
    unit = game.unit("z")
    assert unit.disrupted
    assert mp_left(game.state, unit) == 0
    assert game.offset_of(unit.hex) == stopped.hex


def test_partisans_deceive_without_deploying_unless_a_patrol_is_near() -> None:
    units = {"P": {"partisan": True, "unit_class": "partisan"}, "z": {"mode": "travel"}}
    game = game_of(".  .  .  .P .  .  .\n.  .  .  .  .  .  .z", units)
    assert deception.effect_chance(game.state, Side.AXIS, game.hex_of((4, 1))) == 50
    # An Axis patrol within the Deception Range of the partisan negates it [000 4.2].
    game = game_of(
        ".  .  .  .P .  .  .y\n.  .  .  .  .  .  .z",
        {**units, "y": {}},
    )
    game.end_player_turn()
    game.patrol("y")
    assert deception.effect_chance(game.state, Side.AXIS, game.hex_of((4, 1))) == 0


@pytest.mark.parametrize(("rules", "negated"), [([], False), (["extended_patrolling"], True)])
def test_patrols_negate_deployed_markers_only_under_extended_patrolling(
    rules: list[str], negated: bool
) -> None:
    game = game_of(f".D {ROW}\n. {ROW}", {**DECEIVER, "y": {"hex": (8, 1)}}, rules=rules)
    game.deploy_deception("D", (6, 0))
    game.end_player_turn()
    game.patrol("y")
    chance = deception.effect_chance(game.state, Side.AXIS, game.hex_of((6, 1)))
    assert chance == (0 if negated else 50)


def test_demolitions_fail_with_the_deception_damage_within_the_radius() -> None:
    failures = []
    for seed in range(300):
        game = game_of(f".D {ROW}\n. {ROW}", {**DECEIVER, "e": {"hex": (10, 1)}}, seed, damage=30)
        game.deploy_deception("D", (8, 0))
        failures.append(
            deception.demolition_foiled(game.state, game.unit("e"), game.hex_of((9, 1)))
        )
    assert sum(failures) / len(failures) == pytest.approx(0.30, abs=0.06)
    far = game_of(f".D {ROW}\n. {ROW}", {**DECEIVER, "e": {"hex": (14, 1)}})
    assert not deception.demolition_foiled(far.state, far.unit("e"), far.hex_of((14, 1)))


def detected_share(enemy_at: tuple[int, int], seeds: int = 200) -> float:
    found = 0
    for seed in range(seeds):
        game = game_of(f".D {ROW}\n. {ROW}", {**DECEIVER, "z": {"hex": enemy_at}}, seed, detect=40)
        game.deploy_deception("D", (6, 0))
        events = game.play_turns(1)
        found += any(isinstance(e, DeceptionDetected) for e in events)
    return found / seeds


def test_a_marker_near_the_enemy_is_detected_at_the_start_of_the_turn() -> None:
    """Within its side's Radius (2) of an enemy unit: removed with the Detect chance (40 %)."""
    assert detected_share((7, 1)) == pytest.approx(0.40, abs=0.08)
    assert detected_share((12, 1), seeds=30) == 0


def test_a_detected_deception_unit_is_lost() -> None:
    game = game_of(f".D {ROW}\n. {ROW}", {**DECEIVER, "z": {"hex": (6, 1)}}, detect=100)
    game.deploy_deception("D", (6, 0))
    game.play_turns(1)
    assert game.unit("D").status is UnitStatus.ELIMINATED
    assert game.state.losses[Side.ALLIED].men == 30


def test_a_friendly_unit_in_the_markers_hex_recalls_it() -> None:
    game = game_of(f".D .A {ROW}", DECEIVER)
    game.deploy_deception("D", (3, 0))
    game.move("A", [(2, 0), (3, 0)])
    game.end_player_turn()
    events = game.end_player_turn()
    assert [e for e in events if isinstance(e, DeceptionRecalled)] == [
        DeceptionRecalled(2, "D", Side.ALLIED, (3, 0))
    ]
    unit = game.unit("D")
    assert unit.on_map
    assert game.offset_of(unit.hex) == (3, 0)
    assert game.deception_markers() == {}
