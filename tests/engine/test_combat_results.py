"""The common combat results calculation, morale-check chances, fatigue and recovery amounts
[000 6.2, 6.3, 9.3, 12.0]: every number the manual's examples give, and the random draws checked
against their stated distributions on fixed seeds."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from engine.panzer_campaigns.combat.fatigue import (
    QUALITY_FATIGUE_MODIFIER,
    FatigueLevel,
    fatigue_gain_range,
    fatigue_level,
    rest_recovery,
)
from engine.panzer_campaigns.combat.modifiers import (
    fatigue_modifier_pct,
    quality_modifier_pct,
)
from engine.panzer_campaigns.combat.morale import attacker_disruption_loss, morale_check_chance
from engine.panzer_campaigns.combat.recovery import (
    QUALITY_RECOVERY_FACTOR,
    loss_recovery_expected,
    replacement_supply_factor,
)
from engine.panzer_campaigns.combat.results import (
    casualty_range,
    combat_losses,
    effective_combat_value,
    finishing_off_survival_chance,
    probabilistic_round,
    strength_loss,
)
from schemas.panzer_campaigns.oob import Component
from schemas.vocabulary import Quality

DRAWS = 20_000
CHI2_9_DF_999 = 27.88
"""The 99.9% point of chi-square with 9 degrees of freedom: a fair sample exceeds it 1 time
in 1000, and the seeds are fixed, so these tests are deterministic."""


def _binomial_bound(p: float, n: int) -> float:
    """Four standard deviations of a rate measured over n trials."""
    return 4 * (p * (1 - p) / n) ** 0.5


def _chi_square(observed: list[int], expected: list[float]) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


# --- the combat results calculation [000 12.0] ----------------------------------------------


def test_the_manuals_example_40_plus_25_percent_gives_2_5_to_12_5() -> None:
    assert effective_combat_value(40, 25) == 50
    assert casualty_range(40, 25, 50, 250) == (2.5, 12.5)


def test_a_modifier_of_minus_100_percent_or_worse_inflicts_nothing() -> None:
    assert casualty_range(40, -100, 50, 250) == (0.0, 0.0)
    assert casualty_range(40, -150, 50, 250) == (0.0, 0.0)


def test_casualties_are_uniform_between_the_low_and_high_values() -> None:
    rng = Random(1)
    draws = [combat_losses(40, 25, 50, 250, rng) for _ in range(DRAWS)]
    assert min(draws) >= 2.5
    assert max(draws) <= 12.5
    bins = Counter(min(int(d - 2.5), 9) for d in draws)
    assert _chi_square([bins[b] for b in range(10)], [DRAWS / 10] * 10) < CHI2_9_DF_999


def test_the_alternative_calculation_averages_two_draws_toward_the_middle() -> None:
    """ "more likely to be in the midrange of the casualty interval rather than uniformly
    distributed" [000 12.0]: the average of two uniforms has a triangular density."""
    rng = Random(2)
    draws = [combat_losses(40, 25, 50, 250, rng, alternative=True) for _ in range(DRAWS)]
    assert min(draws) >= 2.5
    assert max(draws) <= 12.5
    bins = Counter(min(int(d - 2.5), 9) for d in draws)
    # The triangle on [0, 10] peaking at 5: mass of [b, b+1] is (2b+1)/50 below 5, mirrored.
    expected = [DRAWS * (2 * min(b, 9 - b) + 1) / 50 for b in range(10)]
    assert _chi_square([bins[b] for b in range(10)], expected) < CHI2_9_DF_999
    uniform = [combat_losses(40, 25, 50, 250, rng) for _ in range(DRAWS)]
    assert sum(1 for d in draws if 5 <= d <= 10) > 1.3 * sum(1 for d in uniform if 5 <= d <= 10)


def test_3_7_is_rounded_up_to_4_seventy_percent_of_the_time() -> None:
    rng = Random(3)
    results = Counter(probabilistic_round(3.7, rng) for _ in range(DRAWS))
    assert set(results) == {3, 4}
    assert abs(results[4] / DRAWS - 0.7) < _binomial_bound(0.7, DRAWS)


def test_whole_amounts_are_not_rounded_and_draw_no_number() -> None:
    rng = Random(4)
    before = rng.getstate()
    assert probabilistic_round(4.0, rng) == 4
    assert probabilistic_round(0.0, rng) == 0
    assert probabilistic_round(-2.5, rng) == 0
    assert rng.getstate() == before


def test_5_men_on_a_tank_unit_is_a_50_percent_chance_of_losing_one_tank() -> None:
    rng = Random(5)
    results = Counter(strength_loss(5, Component.VEHICLES, rng) for _ in range(DRAWS))
    assert set(results) == {0, 1}
    assert abs(results[1] / DRAWS - 0.5) < _binomial_bound(0.5, DRAWS)
    assert strength_loss(20, Component.VEHICLES, rng) == 2  # the tank battalion of [000 9.3]
    assert strength_loss(20, Component.GUNS, rng) == 2
    assert strength_loss(20, Component.MEN, rng) == 20


def test_finishing_off_6_men_survive_60_percent() -> None:
    assert finishing_off_survival_chance(6) == pytest.approx(0.6)
    assert finishing_off_survival_chance(1) == pytest.approx(0.1)
    assert finishing_off_survival_chance(10) == 1
    assert finishing_off_survival_chance(300) == 1


# --- morale checks [000 6.3, 12.0] ----------------------------------------------------------


def test_a_battalion_losing_15_checks_half_the_time_and_losing_60_four_times_in_five() -> None:
    assert morale_check_chance(15, 15) == 0.5
    assert morale_check_chance(60, 15) == 0.8
    assert morale_check_chance(5, 5) == 0.5  # platoon or uncombined company
    assert morale_check_chance(10, 10) == 0.5  # 2 combined companies
    assert morale_check_chance(0, 15) == 0


def test_attacker_disruption_10_men_at_night_into_a_village_counts_as_50() -> None:
    """[000 6.3]: 10 -> doubled 20 -> night 40 -> x 100/(100 - 20) = 50."""
    assert attacker_disruption_loss(10, night=False, terrain_modifier_pct=0) == 20
    assert attacker_disruption_loss(10, night=True, terrain_modifier_pct=0) == 40
    assert attacker_disruption_loss(10, night=True, terrain_modifier_pct=-20) == 50
    assert attacker_disruption_loss(10, night=False, terrain_modifier_pct=-20) == 25


# --- fatigue [000 6.2, 9.3] -----------------------------------------------------------------


def test_fatigue_gain_examples_of_the_manual() -> None:
    assert fatigue_gain_range(15, 2) == (0, 30)  # an infantry battalion losing 15
    assert fatigue_gain_range(15, 6) == (0, 90)  # an infantry company losing 15
    assert fatigue_gain_range(20, 2) == (0, 40)  # a tank battalion's nominal loss of 20
    assert fatigue_gain_range(20, 2, attacking=True) == (0, 80)  # "double normal values"


def test_the_quality_fatigue_modifier_table() -> None:
    assert [float(QUALITY_FATIGUE_MODIFIER[q]) for q in Quality] == pytest.approx(
        [1 / 2, 2 / 3, 1, 5 / 4, 3 / 2, 2]
    )


def test_fatigue_levels_and_the_a_medium_and_c_high_unit_modifiers() -> None:
    """[000 6.2]: "an A Quality unit at Medium Fatigue and a C Quality unit at High Fatigue.
    The unit modifiers are 10% (equal to 20% - 10%) ... and -20% (equal to 0% - 20%)"."""
    assert fatigue_level(150, 300) is FatigueLevel.MEDIUM
    assert fatigue_level(250, 300) is FatigueLevel.HIGH
    assert quality_modifier_pct(Quality.A) + fatigue_modifier_pct(FatigueLevel.MEDIUM) == 10
    assert quality_modifier_pct(Quality.C) + fatigue_modifier_pct(FatigueLevel.HIGH) == -20
    assert quality_modifier_pct(Quality.C) + fatigue_modifier_pct(FatigueLevel.NONE) == 0
    assert fatigue_modifier_pct(FatigueLevel.MAXIMUM) == -40


def test_rest_recovers_0_to_twice_the_rest_value_uniformly() -> None:
    rng = Random(6)
    draws = Counter(rest_recovery(20, rng) for _ in range(DRAWS))
    assert min(draws) == 0
    assert max(draws) == 40
    mean = sum(v * n for v, n in draws.items()) / DRAWS
    assert abs(mean - 20) < 4 * (40**2 / 12 / DRAWS) ** 0.5
    bins: Counter[int] = Counter()
    for value, count in draws.items():
        bins[min(value // 4, 9)] += count
    # Probabilistic rounding gives every value inside weight 1/40 and the ends 0 and 40 half
    # that: bin {0..3} holds 3.5/40, bin {36..40} 4.5/40, the others 4/40.
    expected = [DRAWS * w / 40 for w in (3.5, 4, 4, 4, 4, 4, 4, 4, 4, 4.5)]
    assert _chi_square([bins[b] for b in range(10)], expected) < CHI2_9_DF_999


# --- recovery [000 12.0] --------------------------------------------------------------------


def test_loss_recovery_examples_of_the_manual() -> None:
    c = QUALITY_RECOVERY_FACTOR[Quality.C]
    assert loss_recovery_expected(200, 2, c) == pytest.approx(4)  # 200 lost -> 4 men a turn
    assert loss_recovery_expected(10, 2, c) == pytest.approx(0.2)  # 1 man every 5 turns
    assert loss_recovery_expected(1, 2, c) == pytest.approx(0.02)  # 1 tank in about 50 turns
    assert [QUALITY_RECOVERY_FACTOR[q] for q in Quality] == [2, 1.5, 1, 0.75, 0.5, 0.25]


def test_replacements_scale_with_local_supply() -> None:
    assert replacement_supply_factor(50) == 1  # "a Local Supply value of 50 has the full rate"
    assert replacement_supply_factor(30) == pytest.approx(1 / 3)  # "only has 1/3"
    assert replacement_supply_factor(20) == 0
    assert replacement_supply_factor(19) == 0
    assert replacement_supply_factor(100) == 1
