"""Command ranges, detached units, the Command Test and the supply probabilities against the
manual's worked examples [000 9.1, 10.2, 10.5]."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.command import (
    ammo_probability,
    command_probability,
    command_test,
    is_detached,
    iter_detached,
    iter_hqs_top_down,
    modified_command_range,
    nominal_command_range,
    range_test_probability,
    refuel_probability,
    turn_refuel_probability,
)
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitStatus
from schemas.panzer_campaigns.oob import Nation, OobFile, Organization, OrgLevel, SideOob, Unit
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title

CORPS_HQ = {"unit_class": "headquarters", "command_range": 12, "speed": 10}
DIVISION_HQ = {"unit_class": "headquarters", "command_range": 6, "speed": 10}


def _corps(allied: list[Unit], axis: list[Unit]) -> OobFile:
    """K is the corps HQ, D the HQ of its one division, every other Allied unit in the
    division."""
    by_id = {u.id: u for u in allied}
    others = [u for u in allied if u.id not in ("K", "D")]
    division = Organization(
        id="div", name="division", level=OrgLevel.DIVISION, hq="D", children=[by_id["D"], *others]
    )
    corps = Organization(
        id="corps", name="corps", level=OrgLevel.CORPS, hq="K", children=[by_id["K"], division]
    )
    enemy = Organization(id="enemy", name="enemy", level=OrgLevel.DIVISION, children=list(axis))
    return OobFile(
        format_version=2,
        name="corps",
        sides=[
            SideOob(side=Side.ALLIED, nations=[Nation(id="us", name="us", organizations=[corps])]),
            SideOob(side=Side.AXIS, nations=[Nation(id="de", name="de", organizations=[enemy])]),
        ],
    )


def _game(
    division_hq_column: int | None,
    *,
    supply: int = 70,
    units: dict[str, dict[str, Any]] | None = None,
    corps: dict[str, Any] | None = None,
    seed: int = 0,
) -> GameState:
    """A row of 16 clear hexes: the corps HQ K at column 0, the division HQ D at the given
    column (None: not on the map), other units where `units` puts them."""
    specs: dict[str, dict[str, Any]] = {
        "K": {**CORPS_HQ, **(corps or {}), "hex": (0, 0)},
        "D": {
            **DIVISION_HQ,
            "hex": None if division_hq_column is None else (division_hq_column, 0),
        },
        **(units or {}),
    }
    title = ascii_title(
        " ".join(["."] * 16) + "\n" + " ".join(["."] * 16),
        units=specs,
        oob=_corps,
        header={"global_supply": {"allied": supply, "axis": 60}},
    )
    return title.game(seed)


# --- ranges [000 9.1] -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("quality", "nominal"), [("A", 12), ("B", 11), ("C", 10), ("D", 9), ("E", 8), ("F", 7)]
)
def test_quality_adjusts_the_nominal_command_range(quality: str, nominal: int) -> None:
    game = _game(4, corps={"command_range": 10, "quality": quality})
    assert nominal_command_range(game.units["K"]) == nominal


@pytest.mark.parametrize(
    ("state", "modified"),
    [
        ({}, 12.0),
        ({"disrupted": True}, 6.0),
        ({"broken": True}, 0.0),
        ({"mode": "travel"}, 9.0),
        ({"disrupted": True, "mode": "travel"}, 4.5),
    ],
)
def test_condition_modifies_the_command_range(state: dict[str, Any], modified: float) -> None:
    game = _game(4)
    hq = game.units["K"]
    for name, value in state.items():
        setattr(hq, name, value if name != "mode" else Mode(value))
    assert modified_command_range(hq) == modified
    assert nominal_command_range(hq) == 12  # detachment keeps using the Nominal range


def test_distance_counts_hexes_along_a_row() -> None:
    game = _game(12)
    assert game.board.distance(game.units["K"].hex, game.units["D"].hex) == 12


# --- detached units [000 9.1] ---------------------------------------------------------------


def test_a_unit_beyond_its_hqs_nominal_range_is_detached() -> None:
    game = _game(2, units={"N": {"hex": (8, 0)}, "F": {"hex": (9, 0)}})
    # D at column 2 with range 6: N is 6 hexes away, F 7.
    assert not is_detached(game, game.units["N"])
    assert is_detached(game, game.units["F"])
    assert [u.id for u in iter_detached(game, Side.ALLIED)] == ["F"]


def test_detachment_uses_the_nominal_range_whatever_the_hqs_condition() -> None:
    game = _game(2, units={"N": {"hex": (8, 0)}})
    game.units["D"].disrupted = True
    game.units["D"].mode = Mode.TRAVEL
    assert not is_detached(game, game.units["N"])


def test_the_top_hq_is_never_detached_and_division_hqs_answer_to_the_corps() -> None:
    game = _game(12)
    assert not is_detached(game, game.units["K"])
    assert not is_detached(game, game.units["D"])  # 12 hexes, corps range 12
    game = _game(15)
    assert is_detached(game, game.units["D"])


def test_without_its_division_hq_a_unit_answers_to_the_corps_hq() -> None:
    game = _game(None, units={"N": {"hex": (12, 0)}, "F": {"hex": (13, 0)}})
    assert game.hq_of(game.units["N"]) is game.units["K"]
    assert not is_detached(game, game.units["N"])
    assert is_detached(game, game.units["F"])


def test_a_unit_with_no_hq_on_the_map_is_detached_but_a_partisan_never() -> None:
    game = _game(None, units={"N": {"hex": (1, 0)}, "P": {"hex": (1, 1), "partisan": True}})
    game.remove(game.units["K"], UnitStatus.ELIMINATED)
    assert is_detached(game, game.units["N"])
    assert not is_detached(game, game.units["P"])


def test_hqs_are_tested_from_the_top_down() -> None:
    game = _game(3)
    assert [hq.id for hq in iter_hqs_top_down(game, Side.ALLIED)] == ["K", "D"]


# --- the manual's examples [000 10.5] -------------------------------------------------------


def test_example_1_command_test() -> None:
    assert command_probability(0.70, 0.70, 12, 2) == pytest.approx(0.88)
    # The manual prints 80% for 0.70 + 0.30 x (12/24 x 0.70) = 0.805.
    assert command_probability(0.70, 0.70, 12, 12) == pytest.approx(0.80, abs=0.006)


def test_example_2_refuelling_with_a_high_value() -> None:
    assert turn_refuel_probability(0.30, 0.80, 6, 8) == 0.0  # out of the command range
    assert turn_refuel_probability(0.30, 0.80, 6, 4) == pytest.approx(0.24)


def test_example_3_refuelling_with_a_low_value() -> None:
    assert turn_refuel_probability(0.30, 0.25, 6, 4) == pytest.approx(0.075)


def test_example_4_refuelling_range_by_the_formula() -> None:
    # Base 60% as stated (the printed 24% and 26.4% use Example 1's 70%: Appendix C #3).
    far = command_probability(0.60, 0.60, 12, 12)
    near = command_probability(0.60, 0.60, 12, 2)
    assert far == pytest.approx(0.72)
    assert turn_refuel_probability(0.30, far, 6, 4) == pytest.approx(0.216)
    assert turn_refuel_probability(0.30, near, 6, 4) == pytest.approx(0.2417, abs=5e-4)
    # The printed figures come back with the base of Example 1.
    assert turn_refuel_probability(0.30, command_probability(0.7, 0.7, 12, 2), 6, 4) == (
        pytest.approx(0.264)
    )


def test_the_range_test_is_even_at_the_limit_of_the_command_range() -> None:
    assert range_test_probability(7, 7) == 0.5  # [000 10.2]
    assert range_test_probability(15, 10) == pytest.approx(3 / 5)  # [000 9.1]
    assert range_test_probability(8, 12) == pytest.approx(2 / 5)  # [000 9.1]
    assert range_test_probability(0, 0) == 0.0  # a Broken HQ


def test_ammo_and_midnight_refuel_probabilities() -> None:
    # [000 10.2] LSV roll, then the range test to an HQ that is In Command.
    assert ammo_probability(0.80, 1.0, 7, 7) == pytest.approx(0.80 + 0.20 * 0.5)
    assert ammo_probability(0.80, 0.0, 7, 7) == pytest.approx(0.80)
    assert refuel_probability(0.80, 1.0, 6, 4) == pytest.approx(1.0)
    assert refuel_probability(0.80, 1.0, 6, 7) == pytest.approx(0.80)


# --- the random Command Test [000 9.1] ------------------------------------------------------


def _in_command_rate(game: GameState, runs: int = 6000) -> dict[str, float]:
    counts = {"K": 0, "D": 0}
    for _ in range(runs):
        for hq, passed in command_test(game, Side.ALLIED).items():
            counts[hq] += passed
    return {hq: n / runs for hq, n in counts.items()}


def test_the_command_test_matches_example_1() -> None:
    rates = _in_command_rate(_game(2))
    assert rates["K"] == pytest.approx(0.70, abs=0.02)
    assert rates["D"] == pytest.approx(0.88, abs=0.02)
    rates = _in_command_rate(_game(12))
    assert rates["D"] == pytest.approx(0.805, abs=0.02)


def test_a_broken_superior_gives_no_second_chance() -> None:
    game = _game(2)
    game.units["K"].broken = True
    assert _in_command_rate(game)["D"] == pytest.approx(0.70, abs=0.02)


def test_the_command_test_is_deterministic_for_a_seed() -> None:
    def history(seed: int) -> list[dict[str, bool]]:
        game = _game(5, seed=seed)
        return [command_test(game, Side.ALLIED) for _ in range(30)]

    assert history(7) == history(7)
    assert len({tuple(turn.values()) for turn in history(7)}) > 1
