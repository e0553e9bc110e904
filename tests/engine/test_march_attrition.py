"""Attrition on the march on small ASCII maps: night-movement Disruption hex by hex with the
quality multipliers [000 4.1], and vehicle breakdown by V*C*B/(40000*Q) [000 4.2], its
manual's scaling note, Low Reliability and the single vehicle never lost."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.march_attrition import breakdown_chance
from engine.panzer_campaigns.march_events import NightDisrupted, VehicleBrokeDown
from engine.panzer_campaigns.movement import mp_left
from tests.engine.ascii_title import ascii_parameters, ascii_title

ROW = ". . . . . . . ."
PRIMARY = {"primary_road": [[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]]}
NIGHT = {"start": "1944-12-16 20:00"}
TRUCKS = {"movement_class": "motorized", "speed": 40, "component": "vehicles", "strength": 50}


def game_of(
    unit: dict[str, Any],
    seed: int = 0,
    *,
    night: int = 0,
    breakdown: float = 0.0,
    header: dict[str, Any] | None = None,
) -> Game:
    parameters = ascii_parameters(night_disruption=night, vehicle_breakdown=breakdown)
    title = ascii_title(
        ".A " + ROW, units={"A": unit}, roads=PRIMARY, parameters=parameters, header=header
    )
    return Game(title.game(seed))


def disrupted_share(quality: str, seeds: int, **unit: Any) -> float:
    """How often a unit of `quality` moving one clear hex at night becomes Disrupted."""
    hits = 0
    for seed in range(seeds):
        game = game_of({"quality": quality, **unit}, seed, night=20, header=NIGHT)
        events = game.move("A", [(1, 0)])
        hits += any(isinstance(e, NightDisrupted) for e in events)
    return hits / seeds


@pytest.mark.parametrize(("quality", "expected"), [("A", 0.05), ("C", 0.20), ("F", 0.80)])
def test_night_disruption_chance_per_hex_scales_with_quality(quality: str, expected: float) -> None:
    """20 % per hex, x0.25 for A, x1 for C, x4 for F [000 4.1]; 250 fixed seeds."""
    assert disrupted_share(quality, 250) == pytest.approx(expected, abs=0.06)


def test_travel_mode_on_the_road_and_daylight_moves_never_disrupt() -> None:
    on_road = {"quality": "F", "mode": "travel", **TRUCKS}
    for seed in range(30):
        game = game_of(on_road, seed, night=25, header=NIGHT)
        events = game.move("A", [(1, 0), (2, 0), (3, 0), (4, 0)])
        assert not any(isinstance(e, NightDisrupted) for e in events)
        by_day = game_of({"quality": "F"}, seed, night=25)
        events = by_day.move("A", [(1, 0), (2, 0)])
        assert not any(isinstance(e, NightDisrupted) for e in events)


def test_a_unit_disrupted_at_night_stops_in_that_hex() -> None:
    game = game_of({"quality": "F"}, 0, night=25, header=NIGHT)  # 100 % per hex
    events = game.move("A", [(1, 0), (2, 0), (3, 0)])
    disrupted = next(e for e in events if isinstance(e, NightDisrupted))
    unit = game.unit("A")
    assert unit.disrupted
    assert disrupted.hex == (1, 0) == game.offset_of(unit.hex)
    assert mp_left(game.state, unit) > 0  # it stopped, it did not lose its points
    assert "Disrupted moving at night" in disrupted.describe()


def test_breakdown_formula_and_the_manuals_scaling_note() -> None:
    """V*C*B/(40000*Q): with B = 1 a 100-vehicle C unit loses on average one vehicle over
    100 hexes at 4 MP each (the cost the note's primary road needs) [000 4.2]."""
    game = game_of({**TRUCKS, "strength": 100, "quality": "C"}, breakdown=1.0)
    unit = game.unit("A")
    assert sum(breakdown_chance(game.state, unit, 4) for _ in range(100)) == pytest.approx(1.0)
    assert breakdown_chance(game.state, unit, 10) == pytest.approx(100 * 10 / 40000)
    for quality, modifier in {"A": 1.2, "B": 1.1, "D": 0.8, "E": 0.6, "F": 0.4}.items():
        other = game_of({**TRUCKS, "strength": 100, "quality": quality}, breakdown=1.0)
        chance = breakdown_chance(other.state, other.unit("A"), 10)
        assert chance == pytest.approx(100 * 10 / (40000 * modifier))
    weak = game_of({**TRUCKS, "strength": 100, "low_reliability": True}, breakdown=1.0)
    assert breakdown_chance(weak.state, weak.unit("A"), 10) == pytest.approx(3 * 0.025)
    men = game_of({"strength": 500}, breakdown=1.0)
    assert breakdown_chance(men.state, men.unit("A"), 10) == 0


def test_breakdowns_are_drawn_at_the_formulas_rate_and_cost_one_vehicle() -> None:
    """Three clear hexes at 3 MP for 50 vehicles, B = 20: P = 50*9*20/40000 = 22.5 %."""
    hits = 0
    seeds = 300
    for seed in range(seeds):
        game = game_of({**TRUCKS, "strength": 50}, seed, breakdown=20.0)
        events = game.move("A", [(1, 0), (2, 0), (3, 0)])
        broke = [e for e in events if isinstance(e, VehicleBrokeDown)]
        if broke:
            hits += 1
            assert game.unit("A").strength == 49
            assert broke[0].chance == pytest.approx(0.225)
    assert hits / seeds == pytest.approx(0.225, abs=0.06)


def test_a_single_vehicle_never_breaks_down() -> None:
    for seed in range(20):
        game = game_of({**TRUCKS, "strength": 1}, seed, breakdown=100.0)
        events = game.move("A", [(1, 0), (2, 0), (3, 0)])
        assert not any(isinstance(e, VehicleBrokeDown) for e in events)
        assert game.unit("A").strength == 1


def test_a_move_that_broke_down_or_disrupted_at_night_cannot_be_taken_back() -> None:
    game = game_of({"quality": "F"}, 0, night=25, header=NIGHT)
    game.move("A", [(1, 0)])
    assert not game.can_undo  # the player saw the roll
    calm = game_of({"quality": "F"}, 0, header=NIGHT)
    calm.move("A", [(1, 0)])
    assert calm.can_undo
