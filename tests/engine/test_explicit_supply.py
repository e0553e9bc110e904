"""Explicit Supply [000 10.4]: supply units resupply within their range (halved Disrupted, 0
Broken, none in Travel Mode), not through enemy zones of control, at X/100 points for X men
and X/10 for guns or vehicles rounded with the chance of the fraction, removed at 0; supply
sources only decide isolation; every supply test uses 80; Virtual Supply Trucks give way."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.ammunition import ammunition_checks
from engine.panzer_campaigns.explicit_supply import (
    current_range,
    is_explicit,
    reach,
    resupply,
    supplier_of,
    supply_cost,
    supply_unit_notes,
)
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.logistics import refuel
from engine.panzer_campaigns.report import format_side_supply, side_supply, side_supply_to_json
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.supply import local_supply
from engine.panzer_campaigns.supply_events import SupplyUnitsIssued
from engine.panzer_campaigns.units import UnitStatus
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title

RULE = {"optional_rules": ["explicit_supply"]}
SOURCE = {"id": "x", "side": "allied", "hex": (3, 0), "value": 90}
SUPPLY: dict[str, Any] = {
    "unit_class": "supply",
    "movement_class": "motorized",
    "component": "vehicles",
    "strength": 20,
    "speed": 20,
    "assault": 0,
    "soft_attack": 0,
    "supply_unit": True,
    "supply_range": 4,
}
TANKS: dict[str, Any] = {
    "unit_class": "armor",
    "movement_class": "tracked",
    "component": "vehicles",
    "strength": 25,
}


def _state(art: str, units: dict[str, dict[str, Any]], header: dict[str, Any] = RULE) -> GameState:
    return ascii_title(art, units={"S": SUPPLY, **units}, header=header).game(0)


@pytest.mark.parametrize(
    ("strength", "per_point", "chance_of_more", "whole"),
    [
        (120, 100, 0.2, 1),  # [000 10.4] "2 ... 20% of the time and 1 ... 80% of the time"
        (25, 10, 0.5, 2),  # vehicles: 2.5 points
        (300, 100, 0.0, 3),
        (7, 10, 0.7, 0),
    ],
)
def test_the_cost_is_rounded_up_with_the_chance_of_the_remainder(
    strength: int, per_point: int, chance_of_more: float, whole: int
) -> None:
    rng = random.Random(15)
    costs = [supply_cost(strength, per_point=per_point, draw=rng.random()) for _ in range(5000)]
    assert set(costs) <= {whole, whole + 1}
    assert costs.count(whole + 1) / len(costs) == pytest.approx(chance_of_more, abs=0.02)


def test_the_rule_applies_only_when_the_scenario_has_supply_units() -> None:
    assert is_explicit(_state(".S .A", {}))
    assert not is_explicit(_state(".S .A", {}, header={}))
    no_supply = ascii_title(".A .B", header=RULE).game(0)
    assert not is_explicit(no_supply)


def test_a_low_unit_in_range_is_resupplied_and_the_supply_unit_pays() -> None:
    state = _state(".S .  .A .  .  .B", {"A": {"strength": 200}, "B": {"strength": 300}})
    a, b, s = state.units["A"], state.units["B"], state.units["S"]
    a.low_ammo = b.low_fuel = True
    event = resupply(state, Side.ALLIED)
    assert event == SupplyUnitsIssued(state.turn, Side.ALLIED, (("A", "S", 2),))
    assert not a.low_ammo
    assert b.low_fuel  # 6 hexes away, range 4
    assert s.strength == 18
    assert "A from S (-2)" in event.describe()
    assert event.units == ("A",)


def test_vehicles_cost_a_point_per_ten() -> None:
    state = _state(".SA .", {"A": {**TANKS, "strength": 30}})
    state.units["A"].low_fuel = True
    event = resupply(state, Side.ALLIED)
    assert event is not None
    assert event.issued == (("A", "S", 3),)


def test_disrupted_halves_the_range_broken_makes_it_zero_travel_mode_none() -> None:
    state = _state(".S .A .  .B", {})
    s = state.units["S"]
    assert current_range(s) == 4
    assert supply_unit_notes(state, s) == ["supplies within 4 hexes"]
    s.disrupted = True
    assert current_range(s) == 2
    assert set(reach(state, s).values()) == {0, 1, 2}
    s.disrupted, s.broken = False, True
    assert reach(state, s) == {s.hex: 0}
    s.broken, s.mode = False, Mode.TRAVEL
    assert current_range(s) == -1
    assert reach(state, s) == {}
    assert supply_unit_notes(state, s) == ["supply Unavailable (Travel or Rail Mode)"]


def test_the_path_avoids_enemy_units_and_their_zones_unless_friends_hold_them() -> None:
    # The Axis unit's zone covers (3, 0) and (4, 1): the only ways into (4, 0) within 4 hexes.
    art = """
        .S .  .  .  .A
        .  .  .  .b .
        .  .  .  .  .
    """
    state = _state(art, {"A": {"strength": 100}})
    state.units["A"].low_ammo = True
    found = reach(state, state.units["S"])
    assert state.board.index(4, 0) not in found  # the way round is longer than 4
    # a friendly unit in the zone opens the way
    state2 = _state(art.replace(".  .  .A", ".  .C .A"), {"A": {"strength": 100}})
    assert state2.board.index(4, 0) in reach(state2, state2.units["S"])


def test_a_supply_unit_used_up_is_removed() -> None:
    state = _state(".SA .", {"A": {"strength": 500}, "S": {**SUPPLY, "strength": 3}})
    state.units["A"].low_ammo = True
    event = resupply(state, Side.ALLIED)
    assert event is not None
    assert event.exhausted == ("S",)
    assert state.units["S"].status is UnitStatus.ELIMINATED
    assert not state.units["A"].low_ammo  # it gave what it had


def test_unavailable_artillery_waits_for_a_supply_unit() -> None:
    guns = {"unit_class": "artillery", "component": "guns", "strength": 12, "indirect_fire": True}
    state = _state(".S .G", {"G": guns})
    g = state.units["G"]
    g.unavailable = True
    assert ammunition_checks(state, Side.ALLIED) is None  # no test of its own any more
    assert g.unavailable
    event = resupply(state, Side.ALLIED)
    assert event is not None
    assert not g.unavailable


def test_sources_only_decide_isolation_and_every_test_uses_80() -> None:
    state = _state(".S .A .  .", {})
    supply = local_supply(state, Side.ALLIED)
    a = state.units["A"]
    assert supply.value(a.hex) == 80
    assert supply.unit_value(a) == 80
    report = side_supply(Game(state), Side.ALLIED)
    assert set(report.values.values()) == {80}
    assert report.supply_units == (("S", (0, 0), 20, 4),)
    assert side_supply_to_json(report)["supply_units"] == [
        {"unit": "S", "hex": "0,0", "strength": 20, "range": 4}
    ]
    assert any(
        "supply unit S at" in line and "20 vehicles, range 4" in line
        for line in format_side_supply(report)
    )


def test_virtual_supply_trucks_give_way() -> None:
    header = {"optional_rules": ["explicit_supply", "virtual_supply_trucks"]}
    state = ascii_title(
        ".S .A .  .",
        units={"S": SUPPLY},
        header=header,
        scenario={
            "supply": {"sources": [{"id": "x", "side": "allied", "hex": (3, 0), "value": 90}]}
        },
    ).game(0)
    supply = local_supply(state, Side.ALLIED)
    assert not supply.is_virtual
    assert supply.value(state.units["A"].hex) == 80


def test_a_unit_that_fired_runs_low_a_fifth_of_the_time() -> None:
    # [000 10.4] "a unit has a 20% chance of requiring resupply each time the test is performed"
    # (the HQ range test, the second chance of [000 10.2], needs an HQ: there is none here).
    units = {label: {"strength": 100} for label in "ABCDEFGHIJKLMNOPQR"}
    art = ".S " + " ".join(f".{label}" for label in units)
    low = 0
    trials = 0
    for seed in range(40):
        game = Game(ascii_title(art, units={"S": SUPPLY, **units}, header=RULE).game(seed))
        game.end_player_turn()
        game.end_player_turn()  # the Allied side's second player turn: it fired in its first
        state = game.state
        state.units["A"].isolated = True  # no automatic Low on Ammo under Explicit Supply
        for label in units:
            state.units[label].fired = player_turn_index(state) - 2
        spent = ammunition_checks(state, Side.ALLIED)
        low += len(spent.low_ammo) if spent is not None else 0
        trials += len(units)
    assert low / trials == pytest.approx(0.2, abs=0.035)


def test_low_on_fuel_waits_for_supply_units_not_the_hq() -> None:
    state = _state(".S .  .  .  .  .  .A", {"A": TANKS})
    a = state.units["A"]
    a.low_fuel = True
    for _ in range(5):
        refuel(state, Side.ALLIED)
    assert a.low_fuel


def test_a_game_turn_reports_the_resupply() -> None:
    title = ascii_title(".S .A .  .b", units={"S": SUPPLY}, header=RULE)
    game = Game(title.game(0))
    game.unit("A").low_ammo = True
    game.end_player_turn()
    game.end_player_turn()
    issued = [e for e in game.iter_log() if isinstance(e, SupplyUnitsIssued)]
    assert [e.issued for e in issued] == [(("A", "S", 5),)]
    assert game.unit("S").strength == 15


def test_the_supplier_of_a_hex_is_the_nearest_supply_unit_in_range() -> None:
    near = {**SUPPLY, "supply_range": 2}
    state = _state(".S .  .A .  .T", {"T": near})
    board = state.board
    assert supplier_of(state, Side.ALLIED, board.index(2, 0)) == ("S", 2)
    assert supplier_of(state, Side.ALLIED, board.index(3, 0)) == ("T", 1)
    state.units["T"].mode = Mode.TRAVEL  # Unavailable [000 10.4]
    assert supplier_of(state, Side.ALLIED, board.index(3, 0)) == ("S", 3)
    assert supplier_of(state, Side.AXIS, board.index(3, 0)) is None
