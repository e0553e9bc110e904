"""What a side chooses during its setup besides where counters stand: which unit rides which
carrier, within the transport rules' capacity and passengers [003 5.2, 5.2.1, 10.1], and
allotted markers left off the board by choice [003 8.0-8.5]; each choice taken back, saved
and replayed."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from engine.tactical_gamex import setup_phase
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import new_game, state_of
from engine.tactical_gamex.orders import (
    FinishSetup,
    LeaveMarkers,
    LoadAtSetup,
    PlaceMarker,
    PlaceRest,
    PlaceUnit,
    UnloadAtSetup,
)
from engine.tactical_gamex.records import order_of, saved_game_of
from engine.tactical_gamex.state import Phase
from schemas.io import FileKind, load_file, save_file
from schemas.tactical_gamex.loading import load_situation
from schemas.tactical_gamex.saved_game import SavedGame
from schemas.tactical_gamex.unit_types import UnitType
from schemas.vocabulary import Side
from tests.tiny_tgx import (
    PANEL_ROWS,
    STEPPE,
    hex_named,
    refusal_of,
    tiny_situation_data,
    tiny_units,
    write_tiny_tgx,
)


def _german_step(bundle: Any, seed: int = 1) -> TacticalGame:
    """The sample once the Soviets have set up: the Germans' step, ger.gren1 on ger.ht1."""
    game = TacticalGame(state_of(bundle, seed, setup_phase=True))
    game.apply(PlaceRest())
    game.apply(FinishSetup())
    assert game.acting is Side.AXIS
    return game


def test_a_passenger_is_unloaded_placed_and_loaded_elsewhere(bundle: Any) -> None:
    game = _german_step(bundle)
    units = game.state.units
    assert "ger.gren1" in setup_phase.step(game.state).units  # it rides in its carrier's step
    assert "ger.gren1" not in setup_phase.unplaced(game.state)
    [off] = game.apply(UnloadAtSetup("ger.gren1"))
    assert off.describe() == "ger.gren1 is set up off ger.ht1"
    assert units["ger.gren1"].carrier is None
    assert units["ger.ht1"].passenger is None
    assert "ger.gren1" in setup_phase.unplaced(game.state)  # its carrier was not placed: to place
    a1, a2 = hex_named(game, "B A1"), hex_named(game, "B A2")
    game.apply(PlaceUnit("ger.gren1", a1))
    game.apply(PlaceUnit("ger.opel1", a2))
    [on] = game.apply(LoadAtSetup("ger.gren1", "ger.opel1"))
    assert on.describe() == "ger.gren1 is set up riding on ger.opel1"
    assert units["ger.gren1"].hex == a2  # it joins its carrier's hex
    assert (game.state.stack_count(a1), game.state.stack_count(a2)) == (0, 1)  # [003 5.2.1]
    game.apply(PlaceUnit("ger.opel1", hex_named(game, "B A3")))
    assert units["ger.gren1"].hex == hex_named(game, "B A3")  # the passenger goes with it
    game.undo()
    game.undo()
    assert units is not game.state.units  # the take-back restored the state before the load
    assert game.state.units["ger.gren1"].hex == a1
    assert game.state.units["ger.gren1"].carrier is None


def test_loads_are_refused_with_the_transport_rules_sentence(bundle: Any) -> None:
    game = _german_step(bundle)
    assert "ger.ht1 already carries ger.gren1: one unit a carrier [003 5.2.1]" in refusal_of(
        game, LoadAtSetup("ger.mg", "ger.ht1")
    )
    assert "ger.1pz is not a transport [003 5.2]" in refusal_of(
        game, LoadAtSetup("ger.mg", "ger.1pz")
    )
    assert "ger.2pz cannot be transported: only infantry and guns ride [003 5.2]" in refusal_of(
        game, LoadAtSetup("ger.2pz", "ger.opel1")
    )
    assert "a carrier does not ride [003 5.2.1]" in refusal_of(
        game, LoadAtSetup("ger.ht1", "ger.opel1")
    )
    assert "not a counter of the side setting up" in refusal_of(
        game, LoadAtSetup("sov.1rc", "ger.opel1")
    )
    assert "rides on ger.ht1: set up the carrier, or unload it" in refusal_of(
        game, PlaceUnit("ger.gren1", hex_named(game, "B A1"))
    )


def test_unloading_in_a_full_hex_is_refused(bundle: Any) -> None:
    """[003 5.2.3] a passenger set down counts one for stacking: with a limit of four the
    halftrack and three tanks fill the hex, so its grenadiers stay aboard."""
    game = _german_step(bundle)
    a1 = hex_named(game, "B A1")
    for unit in ("ger.ht1", "ger.1pz", "ger.2pz", "ger.stug1"):
        game.apply(PlaceUnit(unit, a1))
    limit = game.state.stacking_limit(Side.AXIS)
    assert game.state.stack_count(a1) == limit == 4
    refusal = refusal_of(game, UnloadAtSetup("ger.gren1"))
    assert refusal.startswith("unloading would break the stacking limit: B A1 already counts 4")
    assert refusal.endswith("[003 5.2.3]")
    game.undo()
    game.apply(UnloadAtSetup("ger.gren1"))
    assert game.state.units["ger.gren1"].hex == a1  # set down where its carrier stands
    assert game.state.stack_count(a1) == 4


def _landing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TacticalGame:
    """A Soviet landing: an LVT with a rifle company and a gun aboard, a DUKW with a rifle
    company, both to be placed at sea [003 10.1-10.2]."""
    monkeypatch.setitem(PANEL_ROWS, "B", ["..W==", "..B==", "~.S==", "...=="])
    data = copy.deepcopy(tiny_situation_data())
    soviets = data["sides"][0]["nations"][0]["counters"]
    soviets += [
        {"id": "l1", "type": "lvt", "off_map": True},
        {"id": "d1", "type": "dukw", "off_map": True},
        {"id": "s3", "type": "sov_rifle", "passenger_of": "l1"},
        {"id": "s5", "type": "gun", "passenger_of": "l1"},
        {"id": "s4", "type": "sov_rifle", "passenger_of": "d1"},
    ]
    data["amphibious"] = {
        "side": "allied",
        "beach": ["B C2"],
        "craft": [{"counter": "l1"}, {"counter": "d1"}],
    }
    data["modules"] = ["engineers", "amphibious"]
    path = write_tiny_tgx(tmp_path, data)
    units = tiny_units()
    dukw = next(t for t in units.unit_types if t.id == "dukw")
    lvt = dukw.model_dump() | {"id": "lvt", "name": "LVT", "traits": ["lvt"], "carries": 2}
    units.unit_types.append(UnitType.model_validate(lvt))
    save_file(units, tmp_path / "tiny.units.yaml")
    return new_game(path, 0, setup_phase=True)


def test_an_lvt_carries_two_and_a_dukw_one_i_unit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _landing(tmp_path, monkeypatch)
    sea = setup_phase.step(game.state)
    assert sea.sea
    assert set(sea.units) == {"l1", "d1", "s3", "s5", "s4"}
    at_sea = hex_named(game, "B D1")
    game.apply(PlaceUnit("l1", at_sea))
    assert {game.unit(u).hex for u in ("s3", "s5")} == {at_sea}  # both ride it
    assert game.state.stack_count(at_sea) == 1
    assert "a DUKW carries I-category units only [003 10.1]; s5 is not one" in refusal_of(
        game, LoadAtSetup("s5", "d1")
    )
    assert "l1 already carries s3 and s5: an LVT two [003 10.1]" in refusal_of(
        game, LoadAtSetup("s4", "l1")
    )
    assert "stays under a landing craft" in refusal_of(game, UnloadAtSetup("s3"))
    assert "d1 already carries s4" in refusal_of(game, LoadAtSetup("s3", "d1"))
    game.apply(PlaceUnit("d1", hex_named(game, "B E1")))
    game.apply(FinishSetup())
    assert (game.phase, game.acting) == (Phase.SETUP, Side.AXIS)


def test_the_setup_checks_count_a_crafts_cargo_and_passengers_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[003 10.1] a DUKW carries one: its cargo and a counter riding it make two."""
    monkeypatch.setitem(PANEL_ROWS, "B", ["..W==", "..B==", "~.S==", "...=="])
    data = copy.deepcopy(tiny_situation_data())
    soviets = data["sides"][0]["nations"][0]["counters"]
    soviets += [
        {"id": "d1", "type": "dukw", "off_map": True},
        {"id": "s3", "type": "sov_rifle", "off_map": True},
        {"id": "s4", "type": "sov_rifle", "passenger_of": "d1"},
    ]
    data["amphibious"] = {"side": "allied", "beach": ["B C2"], "craft": [{"counter": "d1"}]}
    data["modules"] = ["engineers", "amphibious"]
    data["amphibious"]["craft"][0]["cargo"] = ["s3"]
    problems = load_situation(write_tiny_tgx(tmp_path, data)).problems
    assert "'d1' carries 2 units (s4, s3); it may carry 1 [003 5.2.1, 10.1]" in [
        p.message for p in problems
    ]


def test_allotted_markers_may_be_left_unplaced(bundle: Any) -> None:
    """Decision [003 8.0-8.5]: a side may decline its allotted markers; those placed stay."""
    game = TacticalGame(state_of(bundle, 1, setup_phase=True))
    improved, mines = 0, 1
    game.apply(PlaceMarker(improved, hex_named(game, "A B3")))
    [left] = game.apply(LeaveMarkers(improved))
    assert left.describe() == "allied leaves 1 allotted improved position unplaced [003 8.0]"
    assert "every improved position of the allotment is placed" in refusal_of(
        game, PlaceMarker(improved, hex_named(game, "A D2"))
    )
    assert "no improved position of the allotment is left" in refusal_of(
        game, LeaveMarkers(improved)
    )
    game.apply(PlaceMarker(improved, hex_named(game, "A D2"), origin=hex_named(game, "A B3")))
    game.apply(LeaveMarkers(mines))
    game.apply(PlaceRest())  # the seed places the counters, no marker
    assert game.state.counters.improved - {hex_named(game, "A C3")} == {hex_named(game, "A D2")}
    game.apply(FinishSetup())
    assert game.acting is Side.AXIS
    assert "not placed in this step" in refusal_of(game, LeaveMarkers(mines))


def test_the_choices_are_saved_and_replayed(bundle: Any, tmp_path: Path) -> None:
    game = TacticalGame(state_of(bundle, 4, setup_phase=True))
    game.apply(LeaveMarkers(1))
    game.apply(PlaceRest())
    game.apply(FinishSetup())
    game.apply(UnloadAtSetup("ger.gren1"))
    game.apply(PlaceUnit("ger.opel1", hex_named(game, "B A2")))
    game.apply(LoadAtSetup("ger.gren1", "ger.opel1"))
    game.apply(PlaceRest())
    game.apply(FinishSetup())
    for _ in range(4):
        TgxComputerPlayer(game.acting).play_impulse(game)
    target = tmp_path / "choices.tgxplay.yaml"
    save_file(saved_game_of(game, STEPPE, target, 4, []), target)
    saved = load_file(target, FileKind.TGX_PLAY).model
    assert isinstance(saved, SavedGame)
    again = TacticalGame(state_of(bundle, 4, setup_phase=True))
    for model in saved.orders:
        again.apply(order_of(model))
    assert [e.describe() for e in again.log] == [e.describe() for e in game.log]  # type: ignore[attr-defined]
    assert "ger.gren1 is set up riding on ger.opel1" in [e.describe() for e in again.log]  # type: ignore[attr-defined]


def test_the_computer_keeps_the_situations_passengers_legally(bundle: Any) -> None:
    """The computer's setup passes the same checks: a carrier goes only where its passenger
    may be set up too."""
    game = _german_step(bundle, seed=3)
    TgxComputerPlayer(Side.AXIS).play_impulse(game)
    state = game.state
    plan = setup_phase.plan(state)
    gren = state.units["ger.gren1"]
    assert gren.carrier == "ger.ht1"
    assert gren.hex == state.units["ger.ht1"].hex
    assert gren.hex in plan.hexes["ger.gren1"]


def test_a_carrier_goes_only_where_its_passenger_may_be_set_up(tmp_path: Path) -> None:
    """A passenger given its own setup area keeps to it riding: its carrier is refused a hex
    outside it, and a carrier outside it is refused as its carrier."""
    data = copy.deepcopy(tiny_situation_data())
    germans = data["sides"][1]["nations"][0]["counters"]
    germans.append({"id": "g7", "type": "rifle", "setup_area": "front", "passenger_of": "g4"})
    data["setup_areas"].append({"id": "front", "side": "axis", "hexes": ["A C1", "A D1"]})
    game = new_game(write_tiny_tgx(tmp_path, data), 0, setup_phase=True)
    assert game.acting is Side.AXIS
    assert refusal_of(game, PlaceUnit("g4", hex_named(game, "A D4"))) == (
        "A D4 is outside the setup area of g7, riding on g4 (front)"
    )
    game.apply(PlaceUnit("g4", hex_named(game, "A C1")))
    assert game.unit("g7").hex == hex_named(game, "A C1")
    game.apply(UnloadAtSetup("g7"))
    game.apply(PlaceUnit("g4", hex_named(game, "A D4")))
    assert "g4 stands at A D4, outside g7's setup area (front)" in refusal_of(
        game, LoadAtSetup("g7", "g4")
    )


def test_a_loaded_carrier_stands_on_top_of_a_fortification(tmp_path: Path) -> None:
    """[003 8.4] units inside a fortification are beneath it; a carrier with its passenger
    stays on top, and the passenger set down goes inside while there is room."""
    data = copy.deepcopy(tiny_situation_data())
    data["allotments"] = [
        {"side": "axis", "kind": "fortification", "count": 1, "strength": 20, "area": "west"}
    ]
    game = new_game(write_tiny_tgx(tmp_path, data), 0, setup_phase=True)
    fort = hex_named(game, "A C1")
    game.apply(PlaceMarker(0, fort))
    game.apply(LoadAtSetup("g3", "g4"))
    game.apply(PlaceUnit("g4", fort))
    assert not game.unit("g4").in_fort
    assert game.unit("g3").hex == fort
    game.apply(UnloadAtSetup("g3"))
    assert game.unit("g3").in_fort
    assert not game.unit("g4").in_fort
