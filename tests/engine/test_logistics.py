"""The start-of-player-turn Command Test, refuelling, ammunition resupply and disruption recovery
[000 9.1, 9.2, 10.2] on small ASCII maps. The manual's probability examples themselves are
checked in test_command.py; here the rolls must come out at those rates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.panzer_campaigns.command import range_test_probability, turn_refuel_probability
from engine.panzer_campaigns.events import AmmoChanged, CommandChanged, FuelChanged, Recovered
from engine.panzer_campaigns.logistics import (
    disruption_recovery_probability,
    recover_disruption,
    recovery_morale,
    refuel,
    resupply_ammo,
    run_command_test,
    start_of_turn_logistics,
    uses_fuel,
)
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.supply_turn import update_isolation
from engine.panzer_campaigns.units import UnitState, UnitStatus
from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, OrgLevel, SideOob, Unit
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_parameters, ascii_title

HQ = {"unit_class": "headquarters", "command_range": 6, "speed": 10}
"""Quality C: Nominal and Modified Command Range 6."""
TANKS = {"unit_class": "armor", "movement_class": "tracked", "component": "vehicles"}
RUNS = 4000
TOLERANCE = 0.03
"""About four standard deviations of a rate measured over RUNS trials."""

# H, the division HQ, at the west end of a row; Z is an island no supply line reaches.
ROW = """
.H . . . . . . . . . ~ ~ ~
.  . . . . . . . . . ~ . ~
.  . . . . . . . . . ~ ~ ~
"""
ISLAND = (11, 1)


def _game(
    units: dict[str, dict[str, Any]],
    *,
    supply: int = 80,
    refuel_percent: int = 30,
    ruleset: str = "panzer_campaigns",
    fragile: bool = False,
    seed: int = 0,
) -> GameState:
    """The ROW map with H and `units` (label -> Unit and Placement fields, with "hex")."""
    parameters = ascii_parameters()
    parameters = parameters.model_copy(
        update={"supply": parameters.supply.model_copy(update={"refuel": refuel_percent})}
    )
    title = ascii_title(
        ROW,
        units={"H": HQ, **units},
        header={"global_supply": {"allied": supply, "axis": 60}, "turns": 16, "ruleset": ruleset},
        parameters=parameters,
        oob=_division(fragile),
    )
    state = title.game(seed)
    update_isolation(state, Side.ALLIED)
    return state


def _division(fragile: bool) -> Callable[[list[Unit], list[Unit]], OobFile]:
    def build(allied: list[Unit], axis: list[Unit]) -> OobFile:
        division = Organization(
            id="div", name="division", level=OrgLevel.DIVISION, hq="H", children=list(allied)
        )
        enemy = Organization(id="enemy", name="enemy", level=OrgLevel.DIVISION, children=list(axis))
        nation = Nation(id="it", name="it", fragile_morale=fragile, organizations=[division])
        return OobFile(
            format_version=2,
            name="division",
            sides=[
                SideOob(side=Side.ALLIED, nations=[nation]),
                SideOob(
                    side=Side.AXIS, nations=[Nation(id="de", name="de", organizations=[enemy])]
                ),
            ],
        )

    return build


def _midnight(state: GameState) -> GameState:
    state.turn = next(t for t in state.clock.iter_turns() if state.clock.is_midnight_turn(t))
    return state


def _rate(state: GameState, setup: Callable[[], None], happened: Callable[[], bool]) -> float:
    """How often `happened()` is true after `setup()`, over RUNS trials on one random stream."""
    hits = 0
    for _ in range(RUNS):
        setup()
        hits += happened()
    return hits / RUNS


# --- Command Test [000 9.1] -----------------------------------------------------------------


def test_the_command_test_is_kept_on_the_state_and_reported_when_it_changes() -> None:
    state = _game({}, supply=0)  # the only HQ is at the top: it needs the supply roll
    event = run_command_test(state, Side.ALLIED)
    assert state.out_of_command == {"H"}
    assert event == CommandChanged(state.turn, Side.ALLIED, ("H",), ())
    assert run_command_test(state, Side.ALLIED) is None  # still out: nothing new to say
    state.global_supply[Side.ALLIED] = 100
    assert run_command_test(state, Side.ALLIED) == CommandChanged(
        state.turn, Side.ALLIED, (), ("H",)
    )
    assert state.out_of_command == set()


def test_the_command_test_of_one_side_leaves_the_other_sides_hqs_alone() -> None:
    state = _game({"k": {**HQ, "hex": (5, 2)}}, supply=100)
    state.out_of_command = {"k"}
    run_command_test(state, Side.ALLIED)
    assert state.out_of_command == {"k"}


# --- fuel [000 10.2] ------------------------------------------------------------------------


def test_who_runs_low_on_fuel() -> None:
    state = _game(
        {
            "T": {**TANKS, "hex": (1, 0)},
            "F": {"hex": (1, 1)},
            "I": {**TANKS, "irregular": True, "hex": (1, 2)},
            "N": {**TANKS, "naval": True, "hex": (2, 0)},
        }
    )
    assert [u.id for u in state.iter_units(Side.ALLIED) if uses_fuel(u)] == ["T"]


def test_an_isolated_low_fuel_unit_stays_low() -> None:
    state = _game({"T": {**TANKS, "hex": ISLAND, "low_fuel": True}}, supply=100, refuel_percent=100)
    tanks = state.units["T"]
    assert tanks.isolated
    for turn in state.clock.iter_turns():
        state.turn = turn
        refuel(state, Side.ALLIED)
    assert tanks.low_fuel


def test_an_isolated_unit_that_moved_runs_low_at_midnight() -> None:
    state = _midnight(_game({"T": {**TANKS, "hex": ISLAND}}, supply=100))
    state.units["T"].moved = True
    event = refuel(state, Side.ALLIED)
    assert event == FuelChanged(state.turn, Side.ALLIED, ("T",), ())
    assert state.units["T"].low_fuel


def test_with_full_supply_units_refuel_at_midnight() -> None:
    state = _midnight(
        _game(
            {
                "T": {**TANKS, "hex": (9, 2), "low_fuel": True},  # far out of H's range
                "M": {**TANKS, "hex": (9, 0)},
            },
            supply=100,
        )
    )
    state.units["M"].moved = True
    event = refuel(state, Side.ALLIED)
    assert event == FuelChanged(state.turn, Side.ALLIED, (), ("T",))
    assert not state.units["T"].low_fuel
    assert not state.units["M"].low_fuel
    assert not state.units["M"].moved  # a new day starts unmoved


def test_without_supply_the_midnight_test_needs_the_hq_in_command_and_in_range() -> None:
    state = _midnight(
        _game(
            {
                "N": {**TANKS, "hex": (6, 0)},  # at the edge of the range: refuels
                "F": {**TANKS, "hex": (7, 0)},  # one hex beyond
                "S": {**TANKS, "hex": (3, 1)},  # did not move: not tested
            },
            supply=0,
        )
    )
    state.units["N"].moved = state.units["F"].moved = True
    assert refuel(state, Side.ALLIED) == FuelChanged(state.turn, Side.ALLIED, ("F",), ())
    state.out_of_command = {"H"}
    state.units["N"].moved = True
    refuel(state, Side.ALLIED)
    assert state.units["N"].low_fuel
    assert not state.units["S"].low_fuel


def test_the_fuel_range_is_the_hqs_modified_command_range() -> None:
    state = _midnight(_game({"N": {**TANKS, "hex": (4, 0)}}, supply=0))
    state.units["H"].disrupted = True  # range 6 -> 3
    state.units["N"].moved = True
    refuel(state, Side.ALLIED)
    assert state.units["N"].low_fuel


def test_out_of_range_a_low_fuel_unit_never_refuels_on_ordinary_turns() -> None:
    state = _game({"T": {**TANKS, "hex": (7, 0), "low_fuel": True}}, supply=100, refuel_percent=100)
    for turn in range(1, 9):  # the turns before midnight
        state.turn = turn
        assert refuel(state, Side.ALLIED) is None
    assert state.units["T"].low_fuel


def test_on_ordinary_turns_low_fuel_units_refuel_at_the_refuel_percentage() -> None:
    state = _game({"T": {**TANKS, "hex": (4, 0)}}, refuel_percent=30)
    tanks = state.units["T"]

    def setup() -> None:
        tanks.low_fuel = True
        refuel(state, Side.ALLIED)

    rate = _rate(state, setup, lambda: not tanks.low_fuel)
    assert rate == pytest.approx(turn_refuel_probability(0.30, 1.0, 6, 4), abs=TOLERANCE)


def test_an_hq_out_of_command_refuels_nobody_on_ordinary_turns() -> None:
    state = _game({"T": {**TANKS, "hex": (1, 0), "low_fuel": True}}, refuel_percent=100)
    state.out_of_command = {"H"}
    assert refuel(state, Side.ALLIED) is None
    state.out_of_command = set()
    assert refuel(state, Side.ALLIED) == FuelChanged(state.turn, Side.ALLIED, (), ("T",))


# --- ammunition [000 10.2] ------------------------------------------------------------------


def test_ammo_comes_back_half_the_time_at_the_edge_of_the_command_range() -> None:
    state = _game({"E": {"hex": (6, 0)}})
    unit = state.units["E"]

    def setup() -> None:
        unit.low_ammo = True
        resupply_ammo(state, Side.ALLIED)

    rate = _rate(state, setup, lambda: not unit.low_ammo)
    assert range_test_probability(6, 6) == 0.5
    assert rate == pytest.approx(0.5, abs=TOLERANCE)


def test_isolated_units_and_units_of_an_hq_out_of_command_get_no_ammo() -> None:
    state = _game({"E": {"hex": (0, 1), "low_ammo": True}, "Z": {"hex": ISLAND, "low_ammo": True}})
    # E stands next to its HQ: C/(C+1) = 6/7 a turn once the HQ is In Command.
    state.out_of_command = {"H"}
    for _ in range(50):
        assert resupply_ammo(state, Side.ALLIED) is None
    state.out_of_command = set()
    for _ in range(50):
        resupply_ammo(state, Side.ALLIED)
    assert not state.units["E"].low_ammo
    assert state.units["Z"].low_ammo


def test_partisans_and_irregulars_are_never_low_on_ammo() -> None:
    state = _game(
        {
            "P": {"partisan": True, "hex": ISLAND, "low_ammo": True},
            "I": {"irregular": True, "hex": (9, 2), "low_ammo": True, "low_fuel": True},
        }
    )
    state.out_of_command = {"H"}
    assert resupply_ammo(state, Side.ALLIED) == AmmoChanged(state.turn, Side.ALLIED, ("P", "I"))
    assert refuel(state, Side.ALLIED) == FuelChanged(state.turn, Side.ALLIED, (), ("I",))


# --- morale and disruption recovery [000 9.1, 9.2] ------------------------------------------


def _recovery_rate(state: GameState, unit: UnitState, *, broken: bool = False) -> float:
    def setup() -> None:
        unit.disrupted, unit.broken = not broken, broken
        recover_disruption(state, Side.ALLIED)

    if broken:
        return _rate(state, setup, lambda: not unit.broken)
    return _rate(state, setup, lambda: not unit.disrupted)


def test_a_disrupted_unit_with_morale_d_recovers_half_the_time() -> None:
    # [000 9.1] "if the Morale of the unit were a D, and D=3, then there would only be a 50%
    # chance": the Morale value after modifiers, here a C unit (4) less 1 for being Disrupted,
    # stacked with its HQ In Command (C/(C+0) = 1).
    state = _game({"E": {"quality": "C", "hex": (0, 0), "disrupted": True}}, supply=100)
    unit = state.units["E"]
    assert recovery_morale(state, unit) == 3
    assert disruption_recovery_probability(3, 1.0) == 0.5
    assert _recovery_rate(state, unit) == pytest.approx(0.5, abs=TOLERANCE)


@pytest.mark.parametrize(("quality", "morale"), [("A", 5), ("D", 2), ("E", 1), ("F", 1)])
def test_disrupted_units_lose_a_point_of_morale_except_morale_f(quality: str, morale: int) -> None:
    state = _game({"E": {"quality": quality, "hex": (0, 0), "disrupted": True}})
    unit = state.units["E"]
    assert recovery_morale(state, unit) == morale
    assert _recovery_rate(state, unit) == pytest.approx(morale / 6, abs=TOLERANCE)


def test_with_its_hq_out_of_command_a_unit_recovers_at_half_the_morale_chance() -> None:
    state = _game({"E": {"hex": (0, 0), "disrupted": True}})
    state.out_of_command = {"H"}
    assert _recovery_rate(state, state.units["E"]) == pytest.approx(0.25, abs=TOLERANCE)


def test_with_its_hq_eliminated_a_unit_recovers_at_half_the_morale_chance() -> None:
    state = _game({"E": {"hex": (0, 0), "disrupted": True}})
    state.remove(state.units["H"], UnitStatus.ELIMINATED)
    unit = state.units["E"]
    assert recovery_morale(state, unit) == 2  # Detached without an HQ: 4 - 1 - 1
    assert _recovery_rate(state, unit) == pytest.approx(2 / 6 / 2, abs=TOLERANCE)


def test_a_failed_range_test_still_goes_on_half_the_time() -> None:
    # C=6, R=6: 1/2 + 1/2 x 1/2 of the morale chance, A quality disrupted: 5/6.
    state = _game({"E": {"quality": "A", "hex": (6, 0), "disrupted": True}})
    expected = disruption_recovery_probability(5, 0.5)
    assert expected == pytest.approx(0.75 * 5 / 6)
    assert _recovery_rate(state, state.units["E"]) == pytest.approx(expected, abs=TOLERANCE)


def test_broken_units_recover_to_disrupted_unless_at_maximum_fatigue() -> None:
    state = _game({"E": {"quality": "A", "hex": (0, 0)}})
    unit = state.units["E"]
    unit.broken = True
    for _ in range(30):
        event = recover_disruption(state, Side.ALLIED)
        if event is not None:
            break
    assert event == Recovered(state.turn, Side.ALLIED, (), ("E",))
    assert unit.disrupted
    assert not unit.broken
    unit.broken, unit.fatigue = True, 300
    for _ in range(50):
        assert recover_disruption(state, Side.ALLIED) is None
    assert unit.broken


@pytest.mark.parametrize(
    ("ruleset", "fatigue", "morale"),
    [
        ("panzer_campaigns", 99, 5),
        ("panzer_campaigns", 100, 4),
        ("panzer_campaigns", 200, 3),
        ("panzer_campaigns", 300, 1),
        ("panzer_battles", 50, 4),
        ("panzer_battles", 100, 3),
        ("panzer_battles", 150, 1),
    ],
)
def test_fatigue_bands_scale_with_the_ruleset(ruleset: str, fatigue: int, morale: int) -> None:
    state = _game({"E": {"quality": "A", "hex": (0, 0), "fatigue": fatigue}}, ruleset=ruleset)
    unit = state.units["E"]
    unit.disrupted = True
    assert recovery_morale(state, unit) == morale


def test_supply_states_and_detachment_cost_morale() -> None:
    state = _game(
        {
            "L": {"quality": "A", "hex": (1, 0), "low_ammo": True, "low_fuel": True},
            "Z": {"quality": "A", "hex": ISLAND},
            "D": {"quality": "A", "hex": (9, 0)},  # beyond H's nominal range 6
        }
    )
    assert recovery_morale(state, state.units["L"]) == 5  # one point for ammo or fuel
    assert recovery_morale(state, state.units["Z"]) == 4  # isolated, and detached
    assert recovery_morale(state, state.units["D"]) == 5


def test_detached_units_of_fragile_nations_lose_two_unless_a_or_b() -> None:
    state = _game({"C": {"hex": (9, 0)}, "B": {"quality": "B", "hex": (9, 1)}}, fragile=True)
    assert recovery_morale(state, state.units["C"]) == 4 - 2
    assert recovery_morale(state, state.units["B"]) == 5 - 1


# --- the whole step -------------------------------------------------------------------------


def _history(seed: int) -> list[str]:
    state = _game(
        {
            "A": {**TANKS, "hex": (3, 0), "low_fuel": True, "low_ammo": True},
            "B": {"hex": (5, 1), "disrupted": True},
            "C": {"hex": (8, 2), "low_ammo": True},
        },
        supply=50,
        seed=seed,
    )
    log = []
    for turn in state.clock.iter_turns():
        state.turn = turn
        for unit in state.iter_units(Side.ALLIED):
            unit.moved = True
        log += [e.describe() for e in start_of_turn_logistics(state, Side.ALLIED)]
        state.units["B"].disrupted = True
        state.units["C"].low_ammo = True
    return log


def test_the_log_is_deterministic_for_a_seed() -> None:
    assert _history(3) == _history(3)
    assert _history(3) != _history(4)
    assert any("recovered from disruption B" in line for line in _history(3))
