"""Minefield attacks on units that enter [000 4.4]: casualties x1, x2, x3 by strength around
the stand-in base (`engine.panzer_campaigns.minefield_attack`), half in Shallow Water [001 #26],
none for mine
clearers, and external riders four times as vulnerable in Panzer Battles [001 #24]."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.minefield_attack import (
    MINEFIELD_CASUALTIES_PER_STRENGTH,
    minefield_attack,
    minefield_casualty_value,
)
from tests.engine.ascii_title import ascii_title
from tests.engine.assault_titles import TANKS

MEN: dict[str, Any] = {"strength": 300}


def _game(strength: int, units: dict[str, dict[str, Any]] | None = None, seed: int = 0) -> Game:
    mines = {"overlays": {"minefields": [{"hex": (1, 0), "strength": strength}]}}
    title = ascii_title(".A .  .  .", units=units or {"A": MEN}, scenario=mines)
    return Game(title.game(seed))


@pytest.mark.parametrize("strength", [1, 2, 3])
def test_casualty_values_scale_with_the_minefields_strength(strength: int) -> None:
    # [000 4.4] "strength 2 causing twice as many casualties as those of strength 1, and ...
    # strength 3 ... three times as many": uniform between 0 and S x the stand-in
    state = _game(strength).state
    draws = [minefield_casualty_value(state, strength) for _ in range(4000)]
    high = MINEFIELD_CASUALTIES_PER_STRENGTH * strength
    assert min(draws) >= 0
    assert max(draws) <= high
    assert statistics.fmean(draws) == pytest.approx(high / 2, rel=0.04)
    # a uniform draw: a quarter of them in each quarter of the range
    first_quarter = sum(d < high / 4 for d in draws) / len(draws)
    assert first_quarter == pytest.approx(0.25, abs=0.025)


def test_mines_in_shallow_water_are_half_as_effective() -> None:
    state = _game(2).state
    draws = [minefield_casualty_value(state, 2, shallow=True) for _ in range(4000)]
    assert max(draws) <= MINEFIELD_CASUALTIES_PER_STRENGTH
    assert statistics.fmean(draws) == pytest.approx(MINEFIELD_CASUALTIES_PER_STRENGTH / 2, rel=0.04)


def test_a_unit_entering_a_minefield_loses_men_shown_in_the_moves_events() -> None:
    game = _game(3)
    events = game.move("A", [(1, 0)])
    hit = [e for e in events if isinstance(e, LossesTaken)]
    assert len(hit) == 1
    assert hit[0].kind == "minefield"
    assert 0 <= hit[0].nominal <= 30
    assert game.unit("A").strength == 300 - hit[0].lost
    assert "to minefield" in hit[0].describe()
    assert game.unit("A").mp_spent == 12  # 2 to enter, then the S/3 = all that is left


def test_losses_over_many_games_average_the_stand_in() -> None:
    lost = []
    for seed in range(60):
        game = _game(1, seed=seed)
        game.move("A", [(1, 0)])
        lost.append(300 - game.unit("A").strength)
    assert statistics.fmean(lost) == pytest.approx(5, abs=1.0)
    assert max(lost) <= 10


def test_mine_clearers_take_no_attack() -> None:
    engineers = {"A": {**MEN, "unit_class": "engineer", "engineer": True}}
    game = _game(3, engineers)
    events = game.move("A", [(1, 0)])
    assert not [e for e in events if isinstance(e, LossesTaken)]
    assert game.unit("A").strength == 300


def test_riders_are_four_times_as_vulnerable_in_panzer_battles() -> None:
    # [001 #24] "External riders are 4 times more vulnerable to mine field attacks."
    units = {"T": {**TANKS, "strength": 1000}, "B": {"strength": 1000}}
    pb = {"ruleset": "panzer_battles"}
    mines = {"overlays": {"minefields": [{"hex": (0, 0), "strength": 2}]}}
    game = Game(ascii_title(".TB .  .", units=units, header=pb, scenario=mines).game(0))
    game.carry("T", ["B"])
    state = game.state
    tank, rider = game.unit("T"), game.unit("B")
    ratios: list[tuple[float, float]] = []
    for _ in range(1500):
        tank.strength, rider.strength = 1000, 1000
        tank.disrupted = tank.broken = rider.disrupted = rider.broken = False
        events = minefield_attack(state, tank, tank.hex)
        by_unit = {e.unit: e.nominal for e in events}
        ratios.append((by_unit["T"], by_unit["B"]))
    tank_mean = statistics.fmean(t for t, _ in ratios)
    rider_mean = statistics.fmean(r for _, r in ratios)
    assert tank_mean == pytest.approx(10, rel=0.05)
    assert rider_mean / tank_mean == pytest.approx(4, rel=0.08)


def test_panzer_campaigns_has_no_riders_to_multiply() -> None:
    assert Game(ascii_title(".A .").game(0)).state.profile.rider_minefield_factor == 1
