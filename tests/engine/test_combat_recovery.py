"""The start-of-turn recovery of rested units in the turn loop [000 9.3, 12.0]: fatigue rest,
unit loss recovery and replacements, who is eligible (no action for a full game turn, not
Broken, not in a minefield), supply and detachment scaling, Panzer Battles without strength
recovery, the scenario's starting states, and the report of losses."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.combat.events import FatigueRecovered, StrengthRecovered
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.losses import apply_losses
from engine.panzer_campaigns.combat.morale import morale
from engine.panzer_campaigns.combat.recovery import recover_fatigue, recover_losses
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.report import (
    format_turn_report,
    iter_turn_reports,
    turn_report_to_json,
)
from engine.panzer_campaigns.state import GameState
from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, OrgLevel, SideOob, Unit
from schemas.vocabulary import PerSidePercent, Side
from tests.engine.ascii_title import ascii_parameters, ascii_title

RUNS = 3000

FIELD = """
.H .A .B .C .  .  .  .  .  .a
.  .D .E .F .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
"""

HQ = {"unit_class": "headquarters", "command_range": 8, "speed": 10}
WORN = {"strength": 300, "fatigue": 150}
"""A 500-man battalion down to 300 with Medium Fatigue."""


def _organized(replacements: int) -> Any:
    def build(allied: list[Unit], axis: list[Unit]) -> OobFile:
        division = Organization(
            id="div",
            name="division",
            level=OrgLevel.DIVISION,
            hq="H",
            replacements=replacements,
            children=list(allied),
        )
        enemy = Organization(id="enemy", name="enemy", level=OrgLevel.DIVISION, children=axis)
        us = Nation(id="us", name="us", organizations=[division])
        de = Nation(id="de", name="de", organizations=[enemy])
        return OobFile(
            format_version=2,
            name="oob",
            sides=[SideOob(side=Side.ALLIED, nations=[us]), SideOob(side=Side.AXIS, nations=[de])],
        )

    return build


def _state(
    units: dict[str, dict[str, Any]],
    *,
    rest: int = 20,
    unit_recovery: int = 50,
    replacements: int = 0,
    supply: int = 80,
    ruleset: str = "panzer_campaigns",
    scenario: dict[str, Any] | None = None,
    seed: int = 0,
) -> GameState:
    parameters = ascii_parameters()
    recovery = parameters.recovery.model_copy(
        update={
            "rest": rest,
            "unit_recovery": PerSidePercent(allied=unit_recovery, axis=unit_recovery),
        }
    )
    parameters = parameters.model_copy(update={"recovery": recovery})
    title = ascii_title(
        FIELD,
        units={"H": HQ, **units},
        header={
            "ruleset": ruleset,
            "turns": 12,
            "global_supply": {"allied": supply, "axis": 60},
        },
        scenario=scenario,
        parameters=parameters,
        oob=_organized(replacements),
    )
    return title.game(seed)


def _events(game: Game, kind: type) -> list[Any]:
    return [e for e in game.iter_log(game.turn) if isinstance(e, kind)]


def _to_next_allied_turn(game: Game) -> None:
    game.end_player_turn()
    game.end_player_turn()


# --- in the turn loop -----------------------------------------------------------------------


def test_rested_units_recover_from_their_sides_second_turn() -> None:
    game = Game(_state({"A": WORN}))
    unit = game.unit("A")
    assert not _events(game, FatigueRecovered)
    assert not _events(game, StrengthRecovered)  # no complete game turn has passed yet
    assert (unit.strength, unit.fatigue) == (300, 150)

    _to_next_allied_turn(game)

    # 50% of 200 lost, quality C: exactly 100 back, no fraction to round.
    assert unit.strength == 400
    assert 110 <= unit.fatigue < 150  # 0 to 40 rest, day turn
    (strength,) = _events(game, StrengthRecovered)
    assert strength.recovered == (("A", 100),)
    (fatigue,) = _events(game, FatigueRecovered)
    assert fatigue.units == (("A", 150 - unit.fatigue),)
    assert "recovered losses A(+100)" in strength.describe()


def test_units_that_moved_or_were_fired_on_wait_a_full_game_turn() -> None:
    game = Game(_state({"A": WORN, "B": WORN, "C": WORN}))
    game.move("A", [(1, 0), (1, 1)])
    game.end_player_turn()
    apply_losses(game.state, game.unit("B"), 2.0, CombatKind.DIRECT_FIRE)  # in the axis turn
    game.end_player_turn()

    (event,) = _events(game, StrengthRecovered)
    assert [unit for unit, _ in event.recovered] == ["C"]

    _to_next_allied_turn(game)

    (event,) = _events(game, StrengthRecovered)
    assert [unit for unit, _ in event.recovered] == ["A", "B", "C"]


def test_broken_units_rest_but_recover_no_losses_and_mined_hexes_allow_neither() -> None:
    state = _state(
        {"A": WORN, "B": WORN},
        scenario={"overlays": {"minefields": [{"hex": [2, 0], "strength": 1}]}},
    )
    state.units["A"].broken = True
    game = Game(state)
    _to_next_allied_turn(game)
    assert _events(game, StrengthRecovered) == []
    (fatigue,) = _events(game, FatigueRecovered)
    assert [unit for unit, _ in fatigue.units] == ["A"]
    assert game.unit("B").fatigue == 150


def test_panzer_battles_has_no_strength_recovery_but_rests() -> None:
    game = Game(_state({"A": {"strength": 300, "fatigue": 100}}, ruleset="panzer_battles"))
    _to_next_allied_turn(game)
    assert game.unit("A").strength == 300
    assert game.unit("A").fatigue < 100


def test_recovery_is_the_same_for_the_same_seed() -> None:
    def play(seed: int) -> list[Any]:
        game = Game(_state({"A": WORN, "B": {"strength": 377, "fatigue": 33}}, seed=seed))
        game.play_turns(4)
        return list(game.log)

    assert play(5) == play(5)


# --- amounts --------------------------------------------------------------------------------


def _mean(state: GameState, label: str, start: int, step: Any) -> float:
    """Average strength gained by `label` from `step(state, side)` over RUNS calls from
    strength `start`, on a state past its first turn."""
    unit = state.units[label]
    state.turn = 3
    total = 0
    for _ in range(RUNS):
        unit.strength = start
        step(state, Side.ALLIED)
        total += unit.strength - start
    return total / RUNS


def test_loss_recovery_averages_the_rate_of_the_current_losses_times_quality() -> None:
    """[000 12.0]: C quality, 2%: 10 lost -> 0.2 a turn; A quality recovers twice as fast."""
    state = _state({"A": {}, "B": {"quality": "A"}}, unit_recovery=2)
    assert _mean(state, "A", 490, recover_losses) == pytest.approx(0.2, abs=0.04)
    assert _mean(state, "B", 490, recover_losses) == pytest.approx(0.4, abs=0.05)
    assert _mean(state, "A", 300, recover_losses) == pytest.approx(4, abs=0.1)


def test_replacements_average_the_organizations_rate_scaled_by_supply_and_detachment() -> None:
    """10% of 500 = 50 a turn on average; at Local Supply 30, a third; Detached (beyond the
    HQ's 8 hexes), a quarter; Isolated or Disrupted, none."""
    units = {"A": {}, "B": {"hex": (9, 2)}, "C": {"disrupted": True}}
    full = _state(units, unit_recovery=0, replacements=10)
    assert _mean(full, "A", 100, recover_losses) == pytest.approx(50, rel=0.05)
    assert _mean(full, "B", 100, recover_losses) == pytest.approx(12.5, rel=0.05)
    assert _mean(full, "C", 100, recover_losses) == 0
    poor = _state(units, unit_recovery=0, replacements=10, supply=30)
    assert _mean(poor, "A", 100, recover_losses) == pytest.approx(50 / 3, rel=0.05)
    full.units["A"].isolated = True
    assert _mean(full, "A", 100, recover_losses) == 0


def test_replacements_never_go_beyond_full_strength() -> None:
    state = _state({"A": {}}, unit_recovery=50, replacements=100)
    state.turn = 3
    unit = state.units["A"]
    for _ in range(50):
        unit.strength = 495
        recover_losses(state, Side.ALLIED)
        assert unit.strength <= 500


def test_night_turns_double_the_rest() -> None:
    state = _state({"A": {}}, rest=10)
    unit = state.units["A"]

    def mean_rest(turn: int) -> float:
        state.turn = turn
        total = 0
        for _ in range(RUNS):
            unit.fatigue = 200
            recover_fatigue(state, Side.ALLIED)
            total += 200 - unit.fatigue
        return total / RUNS

    night = next(t for t in state.clock.iter_turns() if t > 1 and _is_night(state, t))
    day = next(t for t in state.clock.iter_turns() if t > 1 and not _is_night(state, t))
    assert mean_rest(day) == pytest.approx(10, abs=0.5)
    assert mean_rest(night) == pytest.approx(20, abs=1)


def _is_night(state: GameState, turn: int) -> bool:
    return state.clock.phase_of(turn).value == "night"


# --- the scenario's starting states ---------------------------------------------------------


def test_starting_fatigue_disruption_and_combined_companies_count() -> None:
    state = _state(
        {
            "A": {"fatigue": 250, "disrupted": True},
            "B": {"size": "company", "combined_with": ["x", "y"]},
        }
    )
    a, b = state.units["A"], state.units["B"]
    assert morale(state, a) == 4 - 2 - 1  # C quality, High Fatigue, Disrupted
    assert b.subunits == 3


# --- the report -----------------------------------------------------------------------------


def test_the_turn_report_shows_each_sides_losses() -> None:
    game = Game(_state({"A": {}}))
    apply_losses(game.state, game.unit("A"), 25.0, CombatKind.DIRECT_FIRE)
    report = next(iter_turn_reports(game, 1))
    text = format_turn_report(report)
    assert "losses allied: 25 men, 0 guns, 0 vehicles (25 VP to the enemy)" in text
    assert turn_report_to_json(report)["losses"]["allied"]["men"] == 25
