"""Reinforcements, withdrawals and releases on small ASCII maps [000 3.3, 4.6, 4.7, 11.0]."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pytest

from engine.hexgrid import Grid
from engine.panzer_campaigns.arrivals import (
    landing_loss_percent,
    process_arrivals,
    process_releases,
    process_withdrawals,
)
from engine.panzer_campaigns.events import (
    ArrivalDelayed,
    Arrived,
    Event,
    LandingLosses,
    ProtectionApplied,
    Released,
    Withdrew,
)
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitStatus
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Direction, Side
from tests.engine.ascii_title import AsciiTitle, ascii_title, oob_tree

WAITING: dict[str, Any] = {"hex": None}
"""A unit spec for a reinforcement: in the OOB, not on the map."""


def reinforced(
    art: str,
    *reinforcements: dict[str, Any],
    units: dict[str, dict[str, Any]] | None = None,
    **scenario: Any,
) -> AsciiTitle:
    """A title whose reinforcements bring on the units they name (all waiting off the map)."""
    specs = dict(units or {})
    for reinforcement in reinforcements:
        for label in reinforcement.get("units", []):
            specs.setdefault(label, {}).update(WAITING)
    return ascii_title(
        art, units=specs, scenario={"reinforcements": list(reinforcements), **scenario}
    )


def play(state: GameState, turn: int, side: Side = Side.ALLIED) -> list[Event]:
    """The arrivals of `side`'s player turn on `turn`."""
    state.turn = turn
    return process_arrivals(state, side)


def of(kind: type, events: Iterable[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def distance(a: tuple[int, int], b: tuple[int, int], grid: Grid) -> int:
    return grid.hex_at(*a).distance(grid.hex_at(*b))


# --- on schedule ------------------------------------------------------------------------------

FIELD = """
.  .  .  .  .  .
.  .  .  .  .  .
.  .  .  .  .  .
"""


def test_reinforcement_arrives_on_its_turn_in_its_mode() -> None:
    state = reinforced(
        FIELD, {"id": "r1", "turn": 3, "hex": [0, 1], "units": ["A", "B"], "mode": "travel"}
    ).game()
    assert play(state, 2) == []
    assert state.units["A"].status is UnitStatus.WAITING
    assert play(state, 3, Side.AXIS) == []  # not on the enemy's player turn
    events = play(state, 3)
    assert events == [Arrived(3, "r1", Side.ALLIED, ("A", "B"), (0, 1))]
    hex_index = state.board.index(0, 1)
    assert [u.id for u in state.units_at(hex_index)] == ["A", "B"]
    assert state.units["A"].mode is Mode.TRAVEL
    assert "r1" in state.arrived
    assert play(state, 4) == []  # once only


def test_reinforcement_by_date_and_time_arrives_on_the_turn_in_progress() -> None:
    # Two-hour turns from 08:00: 12:00 is turn 3, 13:00 still turn 3.
    state = reinforced(
        FIELD,
        {"id": "noon", "at": "1944-12-16 12:00", "hex": [0, 0], "units": ["A"]},
        {"id": "one", "at": "1944-12-16 13:00", "hex": [0, 2], "units": ["B"]},
    ).game()
    assert play(state, 2) == []
    assert [e.reinforcement for e in of(Arrived, play(state, 3))] == ["noon", "one"]


def test_a_late_reinforcement_still_arrives_when_its_turn_is_past() -> None:
    state = reinforced(FIELD, {"id": "r1", "turn": 2, "hex": [0, 1], "units": ["A"]}).game()
    assert of(Arrived, play(state, 5))


def arrival_turn(seed: int) -> tuple[int, list[Event]]:
    state = reinforced(
        FIELD, {"id": "r1", "turn": 3, "hex": [0, 1], "units": ["A"], "probability": 50}
    ).game(seed)
    log: list[Event] = []
    for turn in range(1, 13):
        log += play(state, turn)
        if "r1" in state.arrived:
            return turn, log
    return 0, log


def test_probability_rolls_each_turn_from_the_scheduled_one() -> None:
    turns = [arrival_turn(seed)[0] for seed in range(200)]
    assert all(turn >= 3 for turn in turns)
    on_time = turns.count(3) / len(turns)
    assert 0.35 < on_time < 0.65
    assert max(turns) > 4
    for seed in range(5):
        turn, log = arrival_turn(seed)
        assert arrival_turn(seed) == (turn, log)  # same seed, same story
        delays = of(ArrivalDelayed, log)
        assert len(delays) == turn - 3
        assert all("50% chance" in d.reason for d in delays)


# --- storms, blocked and off-map hexes --------------------------------------------------------


def test_storm_delays_parachutes_but_not_road_arrivals() -> None:
    state = reinforced(
        FIELD,
        {"id": "road", "turn": 2, "hex": [0, 1], "units": ["A"]},
        {"id": "drop", "turn": 2, "hex": [3, 1], "units": ["P"], "kind": "parachute"},
        {"id": "sea", "turn": 2, "hex": [5, 1], "units": ["S"], "kind": "amphibious"},
    ).game()
    state.weather = replace(state.weather, storm=True)
    events = play(state, 2)
    assert [e.reinforcement for e in of(Arrived, events)] == ["road"]
    delayed = of(ArrivalDelayed, events)
    assert [d.reinforcement for d in delayed] == ["drop", "sea"]
    assert all("storm" in d.reason for d in delayed)
    state.weather = replace(state.weather, storm=False)
    assert [e.reinforcement for e in of(Arrived, play(state, 3))] == ["drop", "sea"]


def test_enemy_on_the_arrival_hex_blocks_an_unprotected_arrival() -> None:
    state = reinforced(
        """
        .a .  .
        .  .  .
        """,
        {"id": "r1", "turn": 1, "hex": [0, 0], "units": ["A"]},
    ).game()
    (delay,) = play(state, 1)
    assert isinstance(delay, ArrivalDelayed)
    assert "enemy holds the arrival hex [0, 0]" in delay.reason
    state.put(state.units["a"], state.board.index(2, 1))  # the blocker leaves
    assert of(Arrived, play(state, 2))


def test_arrival_hex_off_the_map_is_delayed_with_a_reason() -> None:
    state = reinforced(FIELD, {"id": "r1", "turn": 1, "hex": [40, 1], "units": ["A"]}).game()
    (delay,) = play(state, 1)
    assert isinstance(delay, ArrivalDelayed)
    assert "[40, 1] is off the map" in delay.reason
    assert state.units["A"].status is UnitStatus.WAITING


# --- protection value -------------------------------------------------------------------------


def test_protection_value_eliminates_in_the_hex_and_breaks_within_range() -> None:
    # From (0, 2): b at (2, 2) is 2 hexes away, c at (3, 2) is 3.
    state = reinforced(
        """
        .  .  .  .  .
        .  .  .  .  .
        .a .  .b .c .
        .  .  .  .  .
        """,
        {"id": "r1", "turn": 1, "hex": [0, 2], "units": ["A"], "protection": 2},
    ).game()
    grid = state.board.grid
    assert distance((0, 2), (2, 2), grid) == 2
    assert distance((0, 2), (3, 2), grid) == 3
    events = play(state, 1)
    assert of(ProtectionApplied, events) == [ProtectionApplied(1, "r1", ("b",), ("a",))]
    assert state.units["a"].status is UnitStatus.ELIMINATED
    assert state.units["b"].broken
    assert not state.units["c"].broken
    assert state.losses[Side.AXIS].men == 500  # the eliminated battalion counts as a loss
    assert state.units["A"].hex == state.board.index(0, 2)


# --- stacking ---------------------------------------------------------------------------------


def test_amphibious_arrivals_stack_to_twice_the_limit_others_without_limit() -> None:
    # The limit is 1000 men; the beach already holds 1000, each battalion is 500.
    art = """
    .BC .  .DE
    .   .  .
    """
    state = reinforced(
        art,
        {"id": "small", "turn": 1, "hex": [0, 0], "units": ["F", "G"], "kind": "amphibious"},
        {"id": "big", "turn": 1, "hex": [2, 0], "units": ["H", "I", "J"], "kind": "amphibious"},
    ).game()
    events = play(state, 1)
    assert [e.reinforcement for e in of(Arrived, events)] == ["small"]
    (delay,) = of(ArrivalDelayed, events)
    assert "2500 men-equivalent" in delay.reason
    assert "(2000)" in delay.reason
    road = reinforced(
        art, {"id": "road", "turn": 1, "hex": [2, 0], "units": ["H", "I", "J"]}
    ).game()
    assert of(Arrived, play(road, 1))
    assert len(road.units_at(road.board.index(2, 0))) == 5


# --- infiltration -----------------------------------------------------------------------------

# Around (1, 1): Up (1, 0) is water, Up Right (2, 1) holds c, Down Right (2, 2) is water.
INFILTRATION = """
~  ~  ~
.  .B .c
.  ~  ~
"""


def test_infiltration_takes_the_target_when_empty() -> None:
    state = reinforced(
        INFILTRATION, {"id": "r1", "turn": 1, "hex": [0, 1], "units": ["P"], "kind": "infiltration"}
    ).game()
    (arrived,) = of(Arrived, play(state, 1))
    assert (arrived.hex, arrived.scattered) == ((0, 1), 0)


def test_infiltration_falls_back_to_the_first_empty_neighbour_then_waits() -> None:
    reinforcement = {"id": "r1", "turn": 1, "hex": [1, 1], "units": ["P"], "kind": "infiltration"}
    state = reinforced(INFILTRATION, reinforcement).game()
    grid = state.board.grid
    assert grid.neighbor(1, 1, Direction.UP_RIGHT) == (2, 1)
    (arrived,) = of(Arrived, play(state, 1))
    # Up is water, Up Right holds c, Down Right and Down are water: Down Left (0, 2) is next.
    assert grid.neighbor(1, 1, Direction.DOWN_LEFT) == (0, 2)
    assert arrived.hex == (0, 2)
    assert arrived.scattered == 1

    full = reinforced(
        INFILTRATION.replace(".  ~  ~", ".d ~  ~").replace(".  .B", ".e .B"), reinforcement
    ).game()
    (delay,) = play(full, 1)
    assert isinstance(delay, ArrivalDelayed)
    assert "no empty hex at or next to [1, 1]" in delay.reason
    full.remove(full.units["d"], UnitStatus.WITHDRAWN)
    assert of(Arrived, play(full, 2))[0].hex == (0, 2)


# --- airborne ---------------------------------------------------------------------------------

AIRFIELD = """
.  .  .  .  .  .  .
.  ~  ,  ^  .  .  .
.  .  .  .  .  .  .
.  .  .  .  .  .  .
"""
WATER, MARSH, FOREST, CLEAR = (1, 1), (2, 1), (3, 1), (5, 2)


def drop(
    seed: int,
    where: tuple[int, int],
    kind: str = "parachute",
    overlays: dict[str, Any] | None = None,
    **fields: Any,
) -> tuple[GameState, list[Event]]:
    state = reinforced(
        AIRFIELD,
        {"id": "drop", "turn": 1, "hex": list(where), "units": ["P"], "kind": kind, **fields},
        units={"P": {"unit_class": "airborne", "airborne": kind}},
        overlays=overlays or {},
    ).game(seed)
    return state, play(state, 1)


def lost(events: list[Event]) -> int:
    (loss,) = of(LandingLosses, events)
    return int(loss.lost)


SEEDS = range(60)


def test_landing_in_water_eliminates_and_counts_as_a_loss() -> None:
    state, events = drop(0, WATER)
    assert of(LandingLosses, events) == [LandingLosses(1, "P", 500, True)]
    assert state.units["P"].status is UnitStatus.ELIMINATED
    assert state.losses[Side.ALLIED].men == 500


@pytest.mark.parametrize(
    ("where", "kind", "most"),
    [
        (MARSH, "parachute", 300),  # "up to 60%"
        (MARSH, "glider", 300),
        (FOREST, "glider", 300),  # gliders in forest: "up to 60%"
        (FOREST, "parachute", 100),  # parachutes in forest: "up to 20%"
        (CLEAR, "glider", 100),
    ],
)
def test_landing_losses_stay_within_the_manuals_bounds(
    where: tuple[int, int], kind: str, most: int
) -> None:
    losses = [lost(drop(seed, where, kind)[1]) for seed in SEEDS]
    assert all(0 <= x <= most for x in losses)
    assert max(losses) > most * 0.8  # the whole range is used
    assert min(losses) < most * 0.2
    for seed in SEEDS[:5]:
        assert drop(seed, where, kind)[1] == drop(seed, where, kind)[1]


def test_landing_losses_are_recorded_and_leave_the_unit_on_the_map() -> None:
    state, events = drop(3, MARSH)
    unit = state.units["P"]
    assert unit.on_map
    assert unit.hex == state.board.index(*MARSH)
    assert unit.strength == 500 - lost(events)
    assert state.losses[Side.ALLIED].men == lost(events)


def test_landing_on_the_enemy_costs_80_percent_and_moves_next_door() -> None:
    art = """
    .  .  .  .
    .  .b .  .
    .  .  .  .
    """
    for seed in SEEDS[:20]:
        state = reinforced(
            art,
            {"id": "drop", "turn": 1, "hex": [1, 1], "units": ["P"], "kind": "parachute"},
            units={"P": {"airborne": "parachute"}},
        ).game(seed)
        events = play(state, 1)
        assert lost(events) == 400  # exactly 80%, no "up to 20%" on clear ground next door
        unit = state.units["P"]
        assert unit.on_map
        (arrived,) = of(Arrived, events)
        assert arrived.hex == state.board.offset(unit.hex)
        assert distance(arrived.hex, (1, 1), state.board.grid) == 1
        assert state.units["b"].hex == state.board.index(1, 1)  # the enemy stays


def test_landing_on_an_enemy_ringed_by_enemies_eliminates() -> None:
    art = """
    .b .c .
    .d .e .
    """
    # On this map (0, 0) touches only (1, 0) and (0, 1), both held by the enemy.
    state = reinforced(
        art,
        {"id": "drop", "turn": 1, "hex": [0, 0], "units": ["P"], "kind": "parachute"},
    ).game()
    assert {state.board.offset(n) for n in state.board.neighbors[0:6] if n >= 0} == {
        (1, 0),
        (0, 1),
    }
    events = play(state, 1)
    assert of(LandingLosses, events) == [LandingLosses(1, "P", 500, True)]
    assert state.losses[Side.ALLIED].men == 500


def test_scatter_adds_ten_percent_per_hex() -> None:
    distances = set()
    for seed in SEEDS:
        state, events = drop(seed, (3, 2), scatter=2)
        (arrived,) = of(Arrived, events)
        d = arrived.scattered
        distances.add(d)
        assert d == distance(arrived.hex, (3, 2), state.board.grid) <= 2
        terrain = state.board.terrain_id(state.board.index(*arrived.hex))
        if terrain == "clear":
            assert 50 * d <= lost(events) <= 100 + 50 * d
    assert distances == {0, 1, 2}
    assert drop(7, (3, 2), scatter=2)[1] == drop(7, (3, 2), scatter=2)[1]


def test_minefields_add_two_percent_per_factor() -> None:
    mined = {"minefields": [{"hex": list(CLEAR), "strength": 3}]}
    losses = [lost(drop(seed, CLEAR, overlays=mined)[1]) for seed in SEEDS]
    assert all(30 <= x <= 130 for x in losses)


def test_loss_percent_bounds_directly() -> None:
    state = reinforced(AIRFIELD).game(1)
    index = state.board.index
    assert landing_loss_percent(state, index(*WATER), glider=False) == 100
    for _ in range(200):
        assert landing_loss_percent(state, index(*CLEAR), glider=False) <= 20
        assert landing_loss_percent(state, index(*MARSH), glider=False) <= 60
        assert landing_loss_percent(state, index(*MARSH), glider=False, in_enemy_hex=True) >= 80
        assert landing_loss_percent(state, index(*CLEAR), glider=True, in_enemy_hex=True) == 80
        assert 40 <= landing_loss_percent(state, index(*CLEAR), glider=False, scattered=4) <= 60
        # "landing 2 hexes from its intended location will suffer an additional 20% loss"
        assert 20 <= landing_loss_percent(state, index(*CLEAR), glider=False, scattered=2) <= 40
        mined = landing_loss_percent(state, index(*CLEAR), glider=False, minefield_strength=3)
        assert 6 <= mined <= 26  # "additional losses of 2%, 4%, or 6%"


# --- withdrawals ------------------------------------------------------------------------------


def test_withdrawals_remove_units_on_their_turn_and_skip_absent_ones() -> None:
    state = ascii_title(
        """
        .A .B .C .D
        """,
        units={"E": WAITING},
        oob=oob_tree({Side.ALLIED: {"us": {"us.1": ["A", "B"], "us.2": ["C", "D", "E"]}}}),
        scenario={
            "withdrawals": [
                {"id": "w1", "turn": 2, "units": ["A"]},
                {"id": "w2", "turn": 3, "organizations": ["us.2"]},
            ],
            "reinforcements": [{"id": "late", "turn": 5, "hex": [0, 0], "units": ["E"]}],
        },
    ).game()
    state.turn = 1
    assert process_withdrawals(state, Side.ALLIED) == []
    state.turn = 2
    assert process_withdrawals(state, Side.AXIS) == []
    assert process_withdrawals(state, Side.ALLIED) == [
        Withdrew(2, "w1", Side.ALLIED, ("A",), ((0, 0),))
    ]
    assert state.units["A"].status is UnitStatus.WITHDRAWN
    state.turn = 3
    assert process_withdrawals(state, Side.ALLIED) == [
        Withdrew(3, "w2", Side.ALLIED, ("C", "D"), ((2, 0), (3, 0)))
    ]
    assert state.units["E"].status is UnitStatus.WAITING  # not on the map: skipped
    assert [u.id for u in state.iter_units()] == ["B"]
    assert state.losses[Side.ALLIED].men == 0  # withdrawn units are not losses
    assert of(Arrived, play(state, 5))  # and E still comes later


# --- releases ---------------------------------------------------------------------------------

RELEASE_OOB = oob_tree(
    {
        Side.ALLIED: {"us": {"us.1": ["A", "B"], "us.2": ["C"]}},
        Side.AXIS: {"de": {"de.1": ["z"]}},
    }
)


def fixed_title(art: str, *releases: dict[str, Any], **header: Any) -> GameState:
    return ascii_title(
        art,
        units={label: {"fixed": True} for label in "ABC"},
        oob=RELEASE_OOB,
        scenario={"releases": list(releases)},
        header=header or None,
    ).game()


LINE = ".A .B .C .  .  .  .  .  .z"


def released(state: GameState, turn: int, side: Side = Side.ALLIED) -> list[Event]:
    state.turn = turn
    return process_releases(state, side)


def test_timed_release_unfixes_its_organization_only() -> None:
    state = fixed_title(LINE, {"id": "rel", "turn": 3, "organization": "us.1"})
    assert released(state, 2) == []
    assert released(state, 3, Side.AXIS) == []
    assert released(state, 3) == [Released(3, "rel", "us.1", ("A", "B"), "scheduled")]
    assert not state.units["A"].fixed
    assert not state.units["B"].fixed
    assert state.units["C"].fixed
    assert released(state, 4) == []


def release_turn(seed: int, *, daily: bool = False) -> int:
    release = {"id": "r", "turn": 2, "organization": "us.2", "probability": 30, "daily": daily}
    state = ascii_title(
        LINE,
        units={label: {"fixed": True} for label in "ABC"},
        oob=RELEASE_OOB,
        scenario={"releases": [release]},
    ).game(seed)
    for turn in range(1, 13):
        if released(state, turn):
            assert not state.units["C"].fixed
            return turn
        assert state.units["C"].fixed
    return 0


def test_release_with_probability_is_seeded_and_never_early() -> None:
    turns = [release_turn(seed) for seed in range(100)]
    assert all(turn == 0 or turn >= 2 for turn in turns)
    assert 0.15 < turns.count(2) / len(turns) < 0.45
    assert len(set(turns)) > 3
    assert [release_turn(seed) for seed in range(10)] == turns[:10]


def test_a_daily_release_rolls_on_its_turn_then_once_a_day() -> None:
    """A release rolled "per day" (the games' release dialog) rolls on its scheduled turn and
    then only on midnight turns [000 9.1], each roll at its probability."""
    state = fixed_title(LINE)
    midnights = [t for t in range(1, 13) if state.clock.is_midnight_turn(t)]
    assert midnights == [9]  # 00:00: eight two-hour turns after 08:00
    turns = [release_turn(seed, daily=True) for seed in range(300)]
    assert set(turns) == {0, 2, 9}
    assert 0.22 < turns.count(2) / len(turns) < 0.38  # 30 %
    assert 0.14 < turns.count(9) / len(turns) < 0.28  # 70 % x 30 % = 21 %
    every_turn = [release_turn(seed) for seed in range(300)]
    assert set(every_turn) - {0, 2, 9}


@pytest.mark.parametrize(("enemy_column", "spotted"), [(5, True), (6, False)])
def test_release_on_spotted_within_visibility(enemy_column: int, spotted: bool) -> None:
    # Visibility 3 by day; C stands at column 2, the enemy at 3 or 4 hexes.
    art = ".A .B .C " + " ".join(".z" if c == enemy_column else "." for c in range(3, 9))
    state = fixed_title(art, {"id": "rel", "turn": 10, "organization": "us.2", "on_spotted": True})
    assert state.weather.effective_visibility == 3
    events = released(state, 1)
    if spotted:
        assert events == [Released(1, "rel", "us.2", ("C",), "spotted")]
        assert not state.units["C"].fixed
    else:
        assert events == []
        assert state.units["C"].fixed


@pytest.mark.parametrize(("between", "spotted"), [(".", True), ("^", False)])
def test_release_on_spotted_needs_line_of_sight(between: str, spotted: bool) -> None:
    # The enemy 2 hexes from C, with clear ground or woods between [000 4.8, 5.0].
    state = fixed_title(
        f".A .B .C {between} .z .",
        {"id": "rel", "turn": 10, "organization": "us.2", "on_spotted": True},
    )
    assert [e.reason for e in released(state, 1)] == (["spotted"] if spotted else [])


def test_night_shrinks_what_counts_as_spotted() -> None:
    art = ".A .B .C .  .z .  ."  # the enemy 2 hexes from C
    state = fixed_title(
        art,
        {"id": "rel", "turn": 10, "organization": "us.2", "on_spotted": True},
        start="1944-12-16 20:00",
    )
    assert state.weather.effective_visibility == 1
    assert released(state, 1) == []
    state.put(state.units["z"], state.board.index(3, 0))
    assert [e.reason for e in released(state, 1)] == ["spotted"]
