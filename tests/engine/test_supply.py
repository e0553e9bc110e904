"""Supply tracing on small drawn maps [000 10.1, 10.2, 10.4]: where the lines of communication
run and what stops them, which source a hex draws from, isolation, naval and partisan units,
engineer ferries, the daily supply variations, and Virtual Supply Trucks."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.panzer_campaigns.board import HEXSIDE_BIT, Board
from engine.panzer_campaigns.events import IsolationChanged, SupplyChanged
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.report import side_supply
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.supply import local_supply
from engine.panzer_campaigns.supply_network import SupplyNetwork
from engine.panzer_campaigns.supply_turn import apply_supply_variations, update_isolation
from engine.panzer_campaigns.units import UnitStatus
from schemas.panzer_campaigns.map import (
    Crossing,
    FullHexFeature,
    FullHexKind,
    HexsideFeature,
    MapFile,
    TerrainType,
)
from schemas.vocabulary import CrossingKind, Direction, HexsideKind, Side
from tests.engine.ascii_title import AsciiTitle, ascii_title

# A one-hex corridor of land between water: the Allied source at its west end (0, 1), unit A
# at its closed east end, an Axis unit b on the only land north of the corridor, whose zone of
# control covers the corridor hex (2, 1).
CORRIDOR = """
~  ~  .b ~  ~  ~
.  .  .  .  .A ~
~  ~  ~  ~  ~  ~
"""


def _source(
    hex_: tuple[int, int], value: int, side: str = "allied", id_: str = ""
) -> dict[str, Any]:
    return {"id": id_ or f"src{hex_[0]}{hex_[1]}", "hex": hex_, "side": side, "value": value}


def _game(
    art: str,
    *,
    sources: list[dict[str, Any]] | None = None,
    scenario: dict[str, Any] | None = None,
    seed: int = 0,
    **fields: Any,
) -> tuple[AsciiTitle, GameState]:
    scenario = dict(scenario or {})
    if sources is not None:
        scenario["supply"] = {**scenario.get("supply", {}), "sources": sources}
    title = ascii_title(art, scenario=scenario, **fields)
    return title, title.game(seed)


def _hex(title: AsciiTitle, game: GameState, label: str) -> int:
    return game.board.index(*title.positions[label])


def _value(title: AsciiTitle, game: GameState, label: str) -> int:
    unit = game.units[label]
    return local_supply(game, unit.side).value(_hex(title, game, label))


def _isolated(title: AsciiTitle, game: GameState, label: str) -> bool:
    unit = game.units[label]
    return local_supply(game, unit.side).is_isolated(_hex(title, game, label))


# --- sources and the map edge ---------------------------------------------------------------


def test_without_sources_every_map_edge_hex_supplies_the_global_value() -> None:
    title, game = _game(
        """
        .  .  .  .  .
        .  .  .A .  .
        .  .  .  .b .
        """
    )
    assert _value(title, game, "A") == 80  # Allied Global value
    assert _value(title, game, "b") == 60  # Axis Global value
    assert local_supply(game, Side.ALLIED).source_of(_hex(title, game, "A")) is None


def test_a_unit_no_line_reaches_is_isolated_with_value_zero() -> None:
    title, game = _game(
        """
        .  .  .  .  .
        .  ~  ~  ~  .
        .  ~  .A ~  .
        .  ~  ~  ~  .
        .  .  .  .  .
        """
    )
    assert _isolated(title, game, "A")
    assert _value(title, game, "A") == 0


def test_water_and_impassable_edge_hexes_supply_nothing() -> None:
    title, game = _game(
        """
        ~  #  ~
        ~  .A ~
        ~  ~  #
        """
    )
    assert _isolated(title, game, "A")


def test_sources_replace_the_map_edge() -> None:
    art = """
    .  ~  .  .
    .  ~  .A .
    .  ~  .  .
    """
    title, game = _game(art)
    assert _value(title, game, "A") == 80
    # "the unit must trace a line of communication to a Supply Source rather than ground edge
    # hexes" [000 10.1]: the lake cuts A off from its only source.
    title, game = _game(art, sources=[_source((0, 1), 90)])
    assert _isolated(title, game, "A")


def test_the_highest_source_a_line_reaches_wins() -> None:
    art = """
    .  .  .  .  .
    .  .  .A .  .
    .  ~  ~  ~  ~
    .  .  .  .  .
    """
    sources = [_source((0, 0), 50, id_="low"), _source((4, 0), 90, id_="high")]
    title, game = _game(art, sources=sources)
    supply = local_supply(game, Side.ALLIED)
    assert supply.value(_hex(title, game, "A")) == 90
    assert supply.source_of(_hex(title, game, "A")) == "high"
    # The 90 source moved beyond the lake: the 50 one is the best A can reach.
    sources = [_source((0, 0), 50, id_="low"), _source((4, 3), 90, id_="high")]
    title, game = _game(art.replace(".  ~  ~  ~  ~", "~  ~  ~  ~  ~"), sources=sources)
    supply = local_supply(game, Side.ALLIED)
    assert supply.value(_hex(title, game, "A")) == 50
    assert supply.source_of(_hex(title, game, "A")) == "low"


def test_an_enemy_unit_on_a_source_denies_it() -> None:
    art = """
    .  .  .  .  .
    .  .  .A .  .
    .  .  .  .  .
    """
    title, game = _game(art, sources=[_source((0, 2), 85)])
    assert _value(title, game, "A") == 85
    # An Axis HQ exerts no zone of control, so only its occupying the source matters.
    title, game = _game(
        art,
        sources=[_source((0, 2), 85)],
        units={"h": {"unit_class": "headquarters", "hex": (0, 2)}},
    )
    assert _isolated(title, game, "A")


# --- what blocks a line of communication ----------------------------------------------------


def test_enemy_zone_of_control_blocks_and_a_friendly_unit_negates_it() -> None:
    title, game = _game(CORRIDOR, sources=[_source((0, 1), 90)])
    assert _isolated(title, game, "A")
    # "the presence of friendly units negates enemy Zones of Control" [000 10.1]
    title, game = _game(
        CORRIDOR.replace(".  .  .  .  .A", ".  .  .C .  .A"), sources=[_source((0, 1), 90)]
    )
    assert _value(title, game, "A") == 90


def test_a_unit_without_zone_of_control_does_not_block_beside_the_line() -> None:
    title, game = _game(
        CORRIDOR, sources=[_source((0, 1), 90)], units={"b": {"unit_class": "headquarters"}}
    )
    assert _value(title, game, "A") == 90


def test_an_enemy_unit_on_the_line_blocks_it_even_without_zone_of_control() -> None:
    art = """
    ~  ~  ~  ~  ~  ~
    .  .  .h .  .A ~
    ~  ~  ~  ~  ~  ~
    """
    title, game = _game(
        art, sources=[_source((0, 1), 90)], units={"h": {"unit_class": "headquarters"}}
    )
    assert _isolated(title, game, "A")


RIVER_ART = """
.  .  .  .
.  .  .A .
.  .  .  .
"""
# A river between columns 1 and 2 along the whole map; the source lies west of it.
RIVER = [((1, row), side, "river") for row in range(3) for side in ("up_right", "down_right")]


def test_a_river_without_a_crossing_blocks_supply() -> None:
    title, game = _game(RIVER_ART, sources=[_source((0, 1), 90)], hexsides=RIVER)
    assert _isolated(title, game, "A")


@pytest.mark.parametrize(
    "crossing", ["light_bridge", "medium_bridge", "heavy_bridge", "ford", "ferry"]
)
def test_bridges_fords_and_ferries_carry_supply_across_a_river(crossing: str) -> None:
    title, game = _game(
        RIVER_ART,
        sources=[_source((0, 1), 90)],
        hexsides=RIVER,
        crossings=[((1, 1), "up_right", crossing)],
    )
    assert _value(title, game, "A") == 90


def test_a_damaged_bridge_blocks_supply() -> None:
    title, game = _game(
        RIVER_ART,
        sources=[_source((0, 1), 90)],
        hexsides=RIVER,
        crossings=[((1, 1), "up_right", "heavy_bridge")],
        scenario={
            "overlays": {"bridges": [{"hex": (1, 1), "side": "up_right", "state": "damaged"}]}
        },
    )
    assert _isolated(title, game, "A")


def test_streams_and_other_hexsides_do_not_block() -> None:
    sides = [((1, row), side, "stream") for row in range(3) for side in ("up_right", "down_right")]
    title, game = _game(RIVER_ART, sources=[_source((0, 1), 90)], hexsides=sides)
    assert _value(title, game, "A") == 90


LAKE = """
~  ~  ~  ~  ~
.  .  ~  .A ~
~  ~  ~  ~  ~
"""


def _over_the_lake(kind: str | None, *, damaged: bool = False) -> tuple[AsciiTitle, GameState]:
    overlays = {"bridges": [{"hex": (2, 1), "state": "damaged"}]} if damaged else {}
    title = ascii_title(
        LAKE, scenario={"supply": {"sources": [_source((0, 1), 90)]}, "overlays": overlays}
    )
    if kind is not None:
        features = [FullHexFeature(hex=(2, 1), kind=FullHexKind(kind))]
        title.map_file = title.map_file.model_copy(update={"full_hex_features": features})
    return title, title.game()


def test_full_hex_bridges_and_ferries_carry_supply_over_water() -> None:
    assert _isolated(*_over_the_lake(None), "A")
    assert _value(*_over_the_lake("bridge"), "A") == 90
    # [000 4.5] "Supply can be traced across a Full-Hex-Ferry."
    assert _value(*_over_the_lake("ferry"), "A") == 90


def test_a_damaged_full_hex_bridge_blocks_supply() -> None:
    assert _isolated(*_over_the_lake("bridge", damaged=True), "A")


MINED = """
~  ~  ~  ~  ~  ~
.  .  .  .  .A ~
~  ~  ~  ~  ~  ~
"""


def _mined(*, penetrated: bool, ruleset: str = "panzer_campaigns") -> tuple[AsciiTitle, GameState]:
    return _game(
        MINED,
        sources=[_source((0, 1), 90)],
        header={"ruleset": ruleset},
        scenario={
            "overlays": {"minefields": [{"hex": (2, 1), "strength": 1, "penetrated": penetrated}]}
        },
    )


def test_a_minefield_blocks_supply_until_penetrated() -> None:
    assert _isolated(*_mined(penetrated=False), "A")
    # [000 4.4] "A Penetrated minefield does not block Supply."
    assert not _isolated(*_mined(penetrated=True), "A")


def test_panzer_battles_minefields_always_block() -> None:
    # [001 #5] Panzer Battles has no Penetrated state.
    assert _isolated(*_mined(penetrated=True, ruleset="panzer_battles"), "A")


def test_an_obstacle_does_not_block_supply() -> None:
    title, game = _game(
        MINED,
        sources=[_source((0, 1), 90)],
        scenario={"overlays": {"obstacles": [{"hex": (2, 1)}]}},
    )
    assert _value(title, game, "A") == 90


# --- special units --------------------------------------------------------------------------


ISLAND = """
.  .  .  .  .
.  ~  ~  ~  .
.  ~  .A ~  .
.  ~  ~B ~  .
.  .  .  .  .
"""


def test_naval_units_use_half_the_global_value_and_are_never_isolated() -> None:
    _, game = _game(ISLAND, units={"B": {"naval": True, "movement_class": "naval"}})
    supply = local_supply(game, Side.ALLIED)
    assert supply.unit_value(game.units["B"]) == 40  # half of 80 [000 10.2]
    update_isolation(game, Side.ALLIED)
    assert not game.units["B"].isolated
    assert game.units["A"].isolated


def test_a_naval_units_hex_is_reported_at_half_the_global_value() -> None:
    """[10.2] naval units use half the Global value wherever they are: every report of the hex
    (the test-play overlay's values, `hexwright play` and `supply`) gives that, not the sea
    hex's 0; the island's land unit beside it stays Isolated at 0."""
    title, state = _game(ISLAND, units={"B": {"naval": True, "movement_class": "naval"}})
    game = Game(state)
    naval, land = title.positions["B"], title.positions["A"]
    assert game.local_supply(Side.ALLIED)[naval] == 40
    assert game.local_supply(Side.ALLIED)[land] == 0
    report = side_supply(game, Side.ALLIED)
    assert (report.values[naval], report.values[land]) == (40, 0)
    assert report.isolated == ("A",)


@pytest.mark.parametrize("flag", ["partisan", "irregular"])
def test_partisans_and_irregulars_are_never_isolated(flag: str) -> None:
    title, game = _game(ISLAND.replace("~B", "~ "), units={"A": {flag: True}})
    assert _isolated(title, game, "A")  # its hex is cut off…
    event = update_isolation(game, Side.ALLIED)
    assert not game.units["A"].isolated  # …but the unit is not Isolated [000 4.2]
    assert event is None


def test_isolation_events_report_units_cut_off_and_supplied_again() -> None:
    _, game = _game(ISLAND.replace("~B", "~ "))
    event = update_isolation(game, Side.ALLIED)
    assert event == IsolationChanged(game.turn, Side.ALLIED, ("A",), ())
    assert game.units["A"].isolated
    assert update_isolation(game, Side.ALLIED) is None
    game.put(game.units["A"], game.board.index(0, 0))
    event = update_isolation(game, Side.ALLIED)
    assert event == IsolationChanged(game.turn, Side.ALLIED, (), ("A",))
    assert not game.units["A"].isolated
    assert "back in supply A" in event.describe()


FERRY_ART = """
.  .  .  .
.  .E .A .
.  .  .  .
"""


def test_an_engineer_ferries_supply_one_hex_across_a_river() -> None:
    # [000 10.1] "supply can be traced across a river one hex … from the engineer unit"
    _, game = _game(
        FERRY_ART,
        sources=[_source((0, 1), 90)],
        hexsides=RIVER,
        units={"E": {"unit_class": "engineer", "engineer": True}, "B": {"hex": (3, 1)}},
    )
    supply = local_supply(game, Side.ALLIED)
    across = game.board.index(2, 1)  # A's hex, across the river from E at (1, 1)
    assert supply.value(across) == 90
    assert supply.source_of(across) == "src01"
    assert supply.is_isolated(game.board.index(3, 1))  # two hexes away: B stays cut off


def test_an_engineer_in_travel_mode_ferries_nothing() -> None:
    title, game = _game(
        FERRY_ART,
        sources=[_source((0, 1), 90)],
        hexsides=RIVER,
        units={"E": {"unit_class": "engineer", "engineer": True, "mode": "travel"}},
    )
    assert _isolated(title, game, "A")


# --- caching --------------------------------------------------------------------------------


def test_supply_follows_units_as_they_move() -> None:
    title, game = _game(CORRIDOR, sources=[_source((0, 1), 90)])
    assert _isolated(title, game, "A")
    game.remove(game.units["b"], UnitStatus.ELIMINATED)
    assert _value(title, game, "A") == 90


# --- supply variations [000 10.2] -----------------------------------------------------------


def _variations(
    *variations: dict[str, Any], sources: list[dict[str, Any]] | None = None, seed: int = 0
) -> GameState:
    full = [
        {"id": f"v{n}", "side": "allied", "probability": 0, **v} for n, v in enumerate(variations)
    ]
    return _game(
        ".A .  .\n.  .  .b\n",
        scenario={"supply": {"variations": full, "sources": sources or []}},
        seed=seed,
    )[1]


def _roll(game: GameState, **when: bool) -> list[str]:
    flags = {"storm_started": False, "storm_ended": False, "midnight": False, **when}
    return [e.variation for e in apply_supply_variations(game, **flags)]


def test_a_variation_with_a_probability_is_rolled_only_on_the_midnight_turn() -> None:
    game = _variations({"value": -10, "probability": 100})
    assert _roll(game) == []
    assert _roll(game, storm_started=True) == []
    assert _roll(game, midnight=True) == ["v0"]
    assert game.global_supply[Side.ALLIED] == 70


def test_the_daily_roll_fires_with_the_variations_probability() -> None:
    game = _variations({"value": 1, "probability": 30})
    fired = sum(bool(_roll(game, midnight=True)) for _ in range(4000))
    assert fired / 4000 == pytest.approx(0.30, abs=0.03)


def test_probability_zero_variations_follow_storms() -> None:
    game = _variations({"value": -20}, {"value": 15})
    assert _roll(game, midnight=True) == []
    assert _roll(game, storm_started=True) == ["v0"]  # negative: the Storm starts
    assert game.global_supply[Side.ALLIED] == 60
    assert _roll(game, storm_ended=True) == ["v1"]  # positive: the Storm finishes
    assert game.global_supply[Side.ALLIED] == 75


def test_a_storm_raging_at_the_start_fires_the_storm_variations_once() -> None:
    """[10.2] a negative probability-0 variation fires when a Storm starts; a scenario whose
    first turn is stormy [11.0] starts one, as a storm beginning on a later turn does."""
    variations = [
        {"id": "storm-cut", "side": "allied", "probability": 0, "value": -20},
        {"id": "storm-over", "side": "allied", "probability": 0, "value": 10},
    ]
    title = ascii_title(
        ".A .  .\n.  .  .b\n",
        scenario={"supply": {"variations": variations, "sources": []}},
        header={"storm_at_start": True},
    )
    calm = ascii_title(".A .  .\n.  .  .b\n", scenario={"supply": {"variations": variations}})
    stormy, quiet = Game(title.game()), Game(calm.game())
    assert [e.variation for e in stormy.log if isinstance(e, SupplyChanged)] == ["storm-cut"]
    assert stormy.state.global_supply[Side.ALLIED] == 60
    assert not any(isinstance(e, SupplyChanged) for e in quiet.log)
    assert quiet.state.global_supply[Side.ALLIED] == 80


def test_a_one_time_variation_fires_once() -> None:
    game = _variations({"value": -10, "probability": 100, "one_time": True})
    assert _roll(game, midnight=True) == ["v0"]
    assert _roll(game, midnight=True) == []
    assert game.global_supply[Side.ALLIED] == 70
    assert "v0" in game.fired_variations


def test_variations_change_sources_when_the_side_has_them() -> None:
    sources = [_source((0, 0), 70, id_="a"), _source((2, 0), 100, id_="b")]
    game = _variations({"value": 20, "probability": 100}, sources=sources)
    events = apply_supply_variations(game, storm_started=False, storm_ended=False, midnight=True)
    assert events[0].target == "sources"
    assert game.global_supply[Side.ALLIED] == 80
    # "never be increased above the Global Supply Value": 70 stops at 80; a source already
    # above it (100) is not raised further, nor cut.
    assert game.source_values == {"a": 80, "b": 100}


def test_is_global_variations_change_the_global_value_and_the_sources() -> None:
    sources = [_source((0, 0), 70, id_="a")]
    game = _variations({"value": -30, "probability": 100, "is_global": True}, sources=sources)
    events = apply_supply_variations(game, storm_started=False, storm_ended=False, midnight=True)
    assert events[0].target == "global and sources"
    assert (game.global_supply[Side.ALLIED], game.source_values["a"]) == (50, 40)


def test_supply_values_stay_between_0_and_100() -> None:
    game = _variations({"value": -100}, {"value": 90})
    _roll(game, storm_started=True)
    assert game.global_supply[Side.ALLIED] == 0
    _roll(game, storm_ended=True)
    _roll(game, storm_ended=True)
    assert game.global_supply[Side.ALLIED] == 100


def test_rail_capacity_variations_change_the_rail_capacity() -> None:
    game = _variations({"value": -500, "probability": 100, "rail_capacity": True})
    before = game.rail_capacity[Side.ALLIED]
    events = apply_supply_variations(game, storm_started=False, storm_ended=False, midnight=True)
    assert events[0].target == "rail capacity"
    assert game.rail_capacity[Side.ALLIED] == max(0, before - 500)
    assert game.global_supply[Side.ALLIED] == 80


def test_a_variation_shows_in_the_next_local_supply() -> None:
    game = _variations({"value": -25, "probability": 100})
    hex_a = game.units["A"].hex
    assert local_supply(game, Side.ALLIED).value(hex_a) == 80
    _roll(game, midnight=True)
    assert local_supply(game, Side.ALLIED).value(hex_a) == 55


def test_variation_rolls_are_deterministic_for_a_seed() -> None:
    def history(seed: int) -> list[int]:
        game = _variations({"value": 1, "probability": 50}, seed=seed)
        return [len(_roll(game, midnight=True)) for _ in range(50)]

    assert history(3) == history(3)
    assert Counter(history(3))[1] not in (0, 50)


# --- Virtual Supply Trucks [000 10.4] -------------------------------------------------------

TRUCKS = {"optional_rules": ["virtual_supply_trucks"]}
ROAD_ART = """
.  .  .  .  .  .  .
.  .  ,  .  .  .  .
"""


def test_trucks_lose_two_hundredths_per_movement_point() -> None:
    road = [(column, 0) for column in range(7)]
    _, game = _game(
        ROAD_ART,
        sources=[_source((0, 0), 90)],
        header=TRUCKS,
        roads={"secondary_road": [road]},
    )
    supply = local_supply(game, Side.ALLIED)
    assert supply.is_virtual
    # A secondary road costs a motorized unit 2 MP a hex: 0.04 per hex.
    along = [supply.exact_value(game.board.index(c, 0)) for c in range(7)]
    assert along == pytest.approx([90 - 0.04 * c for c in range(7)])
    assert supply.value(game.board.index(1, 0)) == 89  # 89.96 in whole percent
    # Off the road a clear hex costs 3; marsh, prohibited to motorized units, costs 50.
    assert supply.exact_value(game.board.index(0, 1)) == pytest.approx(90 - 0.06)
    assert supply.exact_value(game.board.index(2, 1)) == pytest.approx(90 - 0.04 - 1.0)


def test_trucks_take_the_best_value_after_the_drop() -> None:
    art = """
    .  ,  ,  ,  ,  .  .
    """
    sources = [_source((0, 0), 86, id_="far"), _source((6, 0), 85, id_="near")]
    _, game = _game(art, sources=sources, header=TRUCKS)
    supply = local_supply(game, Side.ALLIED)
    # (5, 0): 86 - 0.02 x (4 x 50 + 3) = 81.94 from far, 85 - 0.06 = 84.94 from near.
    assert supply.exact_value(game.board.index(5, 0)) == pytest.approx(84.94)
    assert supply.source_of(game.board.index(5, 0)) == "near"
    assert supply.source_of(game.board.index(1, 0)) == "far"


def test_trucks_are_stopped_by_enemy_zones_of_control() -> None:
    title, game = _game(CORRIDOR, sources=[_source((0, 1), 90)], header=TRUCKS)
    assert _isolated(title, game, "A")
    title, game = _game(
        CORRIDOR.replace(".  .  .  .  .A", ".  .  .C .  .A"),
        sources=[_source((0, 1), 90)],
        header=TRUCKS,
    )
    supply = local_supply(game, Side.ALLIED)
    assert supply.exact_value(_hex(title, game, "A")) == pytest.approx(90 - 0.02 * 4 * 3)


def test_trucks_only_serve_sides_with_sources() -> None:
    title, game = _game(ROAD_ART, header=TRUCKS, units={"A": {"hex": (3, 1)}})
    supply = local_supply(game, Side.ALLIED)
    assert not supply.is_virtual
    assert supply.exact_value(_hex(title, game, "A")) == 80


# --- the tiled fill against a plain search ---------------------------------------------------


def _plain_fill(board: Board, blocked: set[int], seeds: list[list[int]]) -> list[int]:
    """Reference: hex-by-hex breadth-first search with the rules written out directly."""
    river = HEXSIDE_BIT[HexsideKind.RIVER]
    rank = [0] * board.size
    for number, group in enumerate(seeds, 2):
        frontier = [h for h in group if h not in blocked and not board.terrain[h] and not rank[h]]
        for h in frontier:
            rank[h] = number
        while frontier:
            here = frontier.pop()
            for direction in range(6):
                there = board.neighbor(here, direction)
                edge = 6 * here + direction
                if (
                    there >= 0
                    and not rank[there]
                    and there not in blocked
                    and not board.terrain[there]  # terrain 0 is clear, 1 water
                    and (not board.hexsides[edge] & river or board.crossings[edge])
                ):
                    rank[there] = number
                    frontier.append(there)
    return rank


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_tiled_fill_finds_what_a_plain_search_finds(data: st.DataObject) -> None:
    width = data.draw(st.integers(1, 23), label="width")
    height = data.draw(st.integers(1, 19), label="height")
    size = width * height
    water = data.draw(st.sets(st.integers(0, size - 1), max_size=size // 3), label="water")
    rivers = data.draw(
        st.lists(st.tuples(st.integers(0, size - 1), st.sampled_from(list(Direction)))),
        label="rivers",
    )
    fords = data.draw(st.sets(st.integers(0, len(rivers))), label="fords")
    rows = [
        "".join("~" if row * width + column in water else "." for column in range(width))
        for row in range(height)
    ]
    map_file = MapFile(
        format_version=2,
        name="random",
        width=width,
        height=height,
        terrain=[
            TerrainType(id="clear", code=".", name="Clear"),
            TerrainType(id="water", code="~", name="Water", water=True),
        ],
        terrain_rows=rows,
        hexsides=[
            HexsideFeature(hex=(h % width, h // width), side=d, kind=HexsideKind.RIVER)
            for h, d in rivers
        ],
        crossings=[
            Crossing(hex=(h % width, h // width), side=d, kind=CrossingKind.FORD)
            for n, (h, d) in enumerate(rivers)
            if n in fords
        ],
    )
    board = Board.from_files(map_file)
    network = SupplyNetwork.of(board)
    blocked = data.draw(st.sets(st.integers(0, size - 1), max_size=size // 4), label="blocked")
    seeds = data.draw(
        st.lists(st.lists(st.integers(0, size - 1), min_size=1, max_size=3), max_size=4),
        label="seeds",
    )
    fill = network.trace(blocked, (), seeds)
    expected = _plain_fill(board, blocked, seeds)
    assert [fill.rank(h) for h in range(size)] == [
        r if r else (1 if h in blocked or board.terrain[h] else 0) for h, r in enumerate(expected)
    ]
