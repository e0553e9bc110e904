"""A combat result applied to a unit in a game [000 9.2, 9.3, 12.0]: strength, fatigue, morale
checks, Disrupted and Broken, finishing off and elimination, the loss points the score counts,
the ruleset differences, determinism, snapshots, and undo stopping at a combat result."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.combat.fatigue import fatigue_factor
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.losses import apply_combat_result, apply_losses
from engine.panzer_campaigns.combat.modifiers import attackers_modifier_pct, defenders_modifier_pct
from engine.panzer_campaigns.combat.morale import morale, morale_check_base
from engine.panzer_campaigns.combat.results import resolve_casualties, uses_alternative_calculation
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.objectives import score
from engine.panzer_campaigns.orders import Move
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState, UnitStatus
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title

RUNS = 4000

FIELD = """
.A .B .C .  .a
.D .E .F .  .
.  .  .  .  .
"""

TANKS = {"unit_class": "armor", "movement_class": "tracked", "component": "vehicles"}
NO_MORALE = {"quality": "F", "fatigue": 300}
"""Morale 1 - 4 = -3: fails every morale check."""


def _state(
    units: dict[str, dict[str, Any]] | None = None,
    *,
    seed: int = 0,
    ruleset: str = "panzer_campaigns",
    rules: tuple[str, ...] = (),
) -> GameState:
    title = ascii_title(
        FIELD,
        units=units,
        header={"ruleset": ruleset, "optional_rules": list(rules)},
    )
    return title.game(seed)


def _rate(state: GameState, unit: UnitState, trial: Callable[[], bool]) -> float:
    """How often `trial()` is true over RUNS trials, the unit put back as it was each time (the
    random stream runs on)."""
    values = {f.name: getattr(unit, f.name) for f in dataclasses.fields(unit)}
    hex_index = unit.hex
    hits = 0
    for _ in range(RUNS):
        if not unit.on_map:
            state.put(unit, hex_index)
        for name, value in values.items():
            setattr(unit, name, value)
        hits += trial()
    return hits / RUNS


def _bound(p: float) -> float:
    return 4 * (p * (1 - p) / RUNS) ** 0.5


# --- strength and loss points ---------------------------------------------------------------


def test_losses_reduce_strength_and_count_in_the_enemys_score() -> None:
    state = _state()
    before = score(state)
    event = apply_losses(state, state.units["A"], 15.0, CombatKind.DIRECT_FIRE)
    assert state.units["A"].strength == 485
    assert event.lost == 15
    assert event.component == "men"
    assert state.losses[Side.ALLIED].men == 15
    after = score(state)
    assert after.axis - before.axis == pytest.approx(15)  # 1 VP per man by default
    assert event.points == pytest.approx(15)
    assert "A lost 15 men to direct fire" in event.describe()


def test_a_combat_result_draws_its_losses_between_the_parameters_values() -> None:
    """LCV 50, HCV 250: a combat value of 40 at +25% costs 2.5 to 12.5 men, 2 to 13 rounded."""
    state = _state({"A": {"strength": 10**5}})
    unit = state.units["A"]
    lost = [
        apply_combat_result(state, unit, 40, 25, CombatKind.DIRECT_FIRE).lost for _ in range(RUNS)
    ]
    assert min(lost) == 2
    assert max(lost) == 13
    assert sum(lost) / RUNS == pytest.approx(7.5, abs=0.2)
    assert unit.strength == 10**5 - sum(lost)


def test_vehicle_losses_count_at_10_men_each() -> None:
    state = _state({"A": {**TANKS, "strength": 30}})
    tanks = state.units["A"]
    event = apply_losses(state, tanks, 20.0, CombatKind.DIRECT_FIRE)
    assert (event.lost, tanks.strength, state.losses[Side.ALLIED].vehicles) == (2, 28, 2)
    assert score(state).axis == pytest.approx(20)  # 10 VP per vehicle by default
    assert 0 <= event.fatigue <= 40  # [000 9.3] a tank battalion's nominal 20: 0 to 40


def test_5_men_on_a_tank_unit_lose_a_tank_half_the_time() -> None:
    state = _state({"A": {**TANKS, "strength": 30}})
    tanks = state.units["A"]
    rate = _rate(
        state, tanks, lambda: apply_losses(state, tanks, 5.0, CombatKind.ASSAULT).lost == 1
    )
    assert abs(rate - 0.5) < _bound(0.5)


def test_a_vehicle_unit_gains_fatigue_without_losing_a_vehicle() -> None:
    state = _state({"A": {**TANKS, "strength": 30}})
    tanks = state.units["A"]
    gains = []
    for _ in range(200):
        event = apply_losses(state, tanks, 4.0, CombatKind.DIRECT_FIRE)
        if event.lost == 0:
            gains.append(event.fatigue)
    assert any(gains)


def test_a_unit_losing_everything_is_eliminated_and_leaves_the_map() -> None:
    state = _state({"A": {"strength": 12}})
    unit = state.units["A"]
    hex_index = unit.hex
    event = apply_losses(state, unit, 40.0, CombatKind.ASSAULT)
    assert event.eliminated
    assert event.lost == 12
    assert unit.status is UnitStatus.ELIMINATED
    assert not state.units_at(hex_index)
    assert state.losses[Side.ALLIED].men == 12
    assert not event.morale_check


def test_a_men_unit_left_with_6_men_survives_60_percent_of_the_time() -> None:
    state = _state({"A": {"strength": 16, "quality": "A"}})
    unit = state.units["A"]

    def survives() -> bool:
        event = apply_losses(state, unit, 10.0, CombatKind.DIRECT_FIRE)
        assert event.lost in (10, 16)
        return not event.finished_off

    rate = _rate(state, unit, survives)
    assert abs(rate - 0.6) < _bound(0.6)


def test_a_unit_finished_off_counts_all_its_men_as_lost() -> None:
    for seed in range(20):  # a man left survives 1 time in 10
        state = _state({"A": {"strength": 11}}, seed=seed)
        unit = state.units["A"]
        event = apply_losses(state, unit, 10.0, CombatKind.DIRECT_FIRE)
        if event.finished_off:
            break
    assert event.lost == 11
    assert state.losses[Side.ALLIED].men == 11
    assert unit.status is UnitStatus.ELIMINATED
    assert "finished off" in event.describe()


# --- morale checks --------------------------------------------------------------------------


@pytest.mark.parametrize(("loss", "chance"), [(15.0, 0.5), (60.0, 0.8)])
def test_a_battalion_checks_morale_at_the_manuals_rates(loss: float, chance: float) -> None:
    state = _state({"A": {**NO_MORALE, "strength": 2000}})
    unit = state.units["A"]
    assert morale_check_base(state, unit) == 15
    assert morale(state, unit) <= 0
    rate = _rate(
        state,
        unit,
        lambda: apply_losses(state, unit, loss, CombatKind.DIRECT_FIRE).became == "disrupted",
    )
    assert abs(rate - chance) < _bound(chance)


def test_a_disruption_factor_scales_the_loss_the_check_reads() -> None:
    """An assault's attackers at night into a village: 10 men count as 50 [000 6.3]."""
    state = _state({"A": {**NO_MORALE, "strength": 2000}})
    unit = state.units["A"]
    rate = _rate(
        state,
        unit,
        lambda: (
            apply_losses(
                state, unit, 10.0, CombatKind.ASSAULT, attacking=True, disruption_factor=5.0
            ).morale_check
        ),
    )
    assert abs(rate - 50 / 65) < _bound(50 / 65)


def test_a_good_unit_fails_at_the_d6_rate_of_its_morale() -> None:
    """A C-quality company (Morale 4) losing 60 checks 60/65 of the time and fails 2 in 6."""
    state = _state({"A": {"size": "company", "strength": 2000}})
    # Thirds of a huge maximum: no fatigue the losses add lowers the Morale checked.
    state.profile = dataclasses.replace(state.profile, fatigue_max=10**9)
    unit = state.units["A"]
    assert morale_check_base(state, unit) == 5
    assert morale(state, unit) == 4
    rate = _rate(
        state,
        unit,
        lambda: apply_losses(state, unit, 60.0, CombatKind.DIRECT_FIRE).became == "disrupted",
    )
    expected = 60 / 65 * 2 / 6
    assert abs(rate - expected) < _bound(expected)


def test_a_disrupted_unit_that_fails_becomes_broken_and_a_broken_one_stays_broken() -> None:
    state = _state({"A": {"quality": "F", "disrupted": True, "strength": 5000}})
    unit = state.units["A"]
    while not unit.broken:
        event = apply_losses(state, unit, 200.0, CombatKind.DIRECT_FIRE)
    assert event.became == "broken"
    assert unit.disrupted
    assert "failed its morale check: broken" in event.describe()
    for _ in range(30):
        assert apply_losses(state, unit, 200.0, CombatKind.DIRECT_FIRE).became is None
    assert unit.broken


def test_the_literal_reading_breaks_only_at_maximum_fatigue() -> None:
    state = _state({"A": {"quality": "F", "disrupted": True, "strength": 5000}})
    state.profile = dataclasses.replace(state.profile, broken_needs_maximum_fatigue=True)
    unit = state.units["A"]
    for _ in range(50):
        unit.fatigue = 0
        apply_losses(state, unit, 100.0, CombatKind.DIRECT_FIRE)
        if unit.fatigue < state.profile.fatigue_max:
            assert not unit.broken


# --- sizes, rulesets and optional rules -----------------------------------------------------


def test_size_sets_fatigue_factor_and_morale_base_and_panzer_battles_shifts_them() -> None:
    units = {
        "A": {},
        "B": {"size": "company"},
        "C": {"size": "company", "combined_with": ["x1"]},
        "D": {"size": "company", "combined_with": ["x1", "x2"]},
        "E": {"size": "platoon"},
    }
    pzc = _state(units)
    pb = _state(units, ruleset="panzer_battles")
    table = {
        label: (
            fatigue_factor(pzc, pzc.units[label]),
            morale_check_base(pzc, pzc.units[label]),
            fatigue_factor(pb, pb.units[label]),
            morale_check_base(pb, pb.units[label]),
        )
        for label in units
    }
    assert table == {
        "A": (2, 15, 2, 15),
        "B": (6, 5, 2, 15),  # PB: companies are its large echelon [001 4.5, 4.7]
        "C": (4, 10, 2, 15),
        "D": (2, 15, 2, 15),
        "E": (6, 5, 6, 5),
    }


def test_quality_fatigue_modifier_halves_an_a_units_fatigue_when_on() -> None:
    def mean_gain(rules: tuple[str, ...]) -> float:
        state = _state({"A": {"quality": "A", "strength": 10**5}}, rules=rules)
        unit = state.units["A"]
        total = 0
        for _ in range(RUNS):
            unit.fatigue = 0
            total += apply_losses(state, unit, 10.0, CombatKind.DIRECT_FIRE).fatigue
        return total / RUNS

    # A battalion: 0..20, mean 10; the modifier makes it 5 [000 9.3].
    assert mean_gain(()) == pytest.approx(10, abs=0.5)
    assert mean_gain(("quality_fatigue_modifier",)) == pytest.approx(5, abs=0.3)


def test_attackers_double_their_fatigue() -> None:
    state = _state({"A": {"strength": 10**5}})
    unit = state.units["A"]
    total = 0
    for _ in range(RUNS):
        unit.fatigue = 0
        total += apply_losses(state, unit, 10.0, CombatKind.ASSAULT, attacking=True).fatigue
    assert total / RUNS == pytest.approx(20, abs=1)


def test_fatigue_stops_at_the_rulesets_maximum() -> None:
    state = _state({"A": {"fatigue": 290, "strength": 10**5}}, ruleset="panzer_battles")
    unit = state.units["A"]
    assert unit.fatigue == 150  # a PzC-scale placement is Maximum in PB
    apply_losses(state, unit, 100.0, CombatKind.DIRECT_FIRE)
    assert unit.fatigue == 150


def test_which_combats_use_the_alternative_calculation() -> None:
    plain = _state()
    alternative_fire = _state(rules=("alternative_fire_calculation",))
    pb = _state(ruleset="panzer_battles")
    # a minefield's casualty value is drawn by `engine.panzer_campaigns.minefield_attack`, not from
    # a combat value
    kinds = [k for k in CombatKind if k is not CombatKind.MINEFIELD]
    assert [uses_alternative_calculation(plain, k) for k in kinds] == [False] * 4
    assert [uses_alternative_calculation(alternative_fire, k) for k in kinds] == [
        True,
        True,
        True,
        False,
    ]
    assert [uses_alternative_calculation(pb, k) for k in kinds] == [False, True, False, False]


def test_assaults_use_their_own_combat_values_when_the_parameters_give_them() -> None:
    state = _state()
    combat = state.parameters.combat
    low, high = resolve_casualties(state, 40, 25, CombatKind.ASSAULT), 0.0
    assert 2.5 <= low <= 12.5
    state.parameters = state.parameters.model_copy(
        update={
            "combat": combat.model_copy(
                update={"assault_low_combat_value": 500, "assault_high_combat_value": 500}
            )
        }
    )
    assert resolve_casualties(state, 40, 25, CombatKind.ASSAULT) == pytest.approx(25)
    high = resolve_casualties(state, 40, 25, CombatKind.DIRECT_FIRE)
    assert 2.5 <= high <= 12.5


def test_the_assault_unit_modifiers_of_the_manuals_example() -> None:
    """[000 6.2]: defenders A at Medium (+10%) and C at High (-20%) use the highest, +10%; the
    same units attacking use the lowest, -20%. The manual's attacker sentence calls the C unit
    "at No Fatigue" yet gives it -20%: an erratum ("the same type of units"); a fresh C unit
    has 0%."""
    state = _state(
        {
            "A": {"quality": "A", "fatigue": 150},
            "B": {"quality": "C", "fatigue": 250},
            "C": {"quality": "C"},
        }
    )
    a, b, c = (state.units[x] for x in "ABC")
    assert defenders_modifier_pct(state, [a, b]) == 10
    assert attackers_modifier_pct(state, [a, b]) == -20
    assert attackers_modifier_pct(state, [a, c]) == 0


# --- determinism, snapshots, undo -----------------------------------------------------------


def test_the_same_seed_gives_the_same_results() -> None:
    def run(seed: int) -> list[LossesTaken]:
        state = _state({"A": {"quality": "D"}}, seed=seed)
        return [
            apply_losses(state, state.units["A"], 30.0, CombatKind.DIRECT_FIRE) for _ in range(8)
        ]

    assert run(7) == run(7)
    assert run(7) != run(8)


def test_a_snapshot_restores_strength_fatigue_states_and_losses() -> None:
    state = _state({"A": {"quality": "F"}})
    unit = state.units["A"]
    snapshot = state.snapshot()
    for _ in range(5):
        apply_losses(state, unit, 80.0, CombatKind.DIRECT_FIRE)
    assert unit.strength < 500
    assert unit.fatigue > 0
    assert unit.last_active == 0
    state.restore(snapshot)
    assert (unit.strength, unit.fatigue, unit.disrupted, unit.last_active) == (500, 0, False, -1)
    assert state.losses[Side.ALLIED].men == 0


def test_undo_cannot_take_back_a_combat_result_or_the_orders_before_it() -> None:
    """Fire and assault orders will end in `apply_losses` run as an order of the player turn;
    once its roll is seen, neither it nor the turn's earlier orders can be taken back."""
    game = Game(_state())
    game.move("D", [(0, 1), (0, 2)])
    assert game.can_undo

    def fire() -> list[Any]:
        return [apply_losses(game.state, game.unit("a"), 10.0, CombatKind.DIRECT_FIRE)]

    game._carry_out(Move("D", ()), fire)

    assert not game.can_undo
    with pytest.raises(ValueError, match="no order"):
        game.undo()
    game.move("D", [(0, 2), (1, 2)])
    assert game.undo() == Move("D", ((1, 2),))  # later orders can still be taken back
    assert game.unit("D").hex == game.hex_of((0, 2))
