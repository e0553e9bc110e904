"""The setup phase before turn 1: the sides set up in the situation's order, each placement
checked and refused with the rules' sentence (area, stacking with its accounting, streams,
neutral counters [003 3.2.5, 6.3.9, 8.2-8.5]), taken back, recorded and replayed; the amphibious
and airborne orders of setup [003 10.1, 11.1]; the computer's setup legal and deterministic."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from engine.game_protocol import PlayableGame
from engine.tactical_gamex import setup_phase
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import new_game, state_of
from engine.tactical_gamex.orders import (
    EndImpulse,
    FinishSetup,
    NoteTarget,
    PlaceMarker,
    PlaceRest,
    PlaceUnit,
)
from engine.tactical_gamex.records import order_of, saved_game_of
from engine.tactical_gamex.state import Phase
from schemas.io import FileKind, load_file, save_file
from schemas.tactical_gamex.saved_game import SavedGame
from schemas.vocabulary import Side
from tests.tiny_tgx import (
    PANEL_ROWS,
    STEPPE,
    hex_named,
    refusal_of,
    tiny_airborne_data,
    tiny_situation_data,
    write_tiny_tgx,
)


def _game(bundle: Any, seed: int = 1) -> TacticalGame:
    return TacticalGame(state_of(bundle, seed, setup_phase=True))


def test_the_sides_set_up_in_the_order_of_their_areas(bundle: Any) -> None:
    game = _game(bundle)
    played: PlayableGame = game  # the protocol says who sets up, and that it is the setup
    assert (played.phase, played.acting, played.turn) == (Phase.SETUP, Side.ALLIED, 1)
    assert "sets up" in refusal_of(game, EndImpulse())
    assert game.state.units["sov.3rc"].hex == hex_named(game, "A K2")  # the designer's hex
    assert game.state.units["sov.1rc"].hex is None
    assert game.state.units["ger.1pz"].hex is None
    assert "set up sov.1rc" in refusal_of(game, FinishSetup())
    game.apply(PlaceRest())
    game.apply(FinishSetup())
    assert (game.phase, game.acting) == (Phase.SETUP, Side.AXIS)  # order 2 after order 1
    assert "not a counter of the side setting up" in refusal_of(
        game, PlaceUnit("sov.1rc", hex_named(game, "A K3"))
    )
    game.apply(PlaceRest())
    game.apply(FinishSetup())
    assert game.phase is Phase.ACTIVATION
    assert game.acting is Side.AXIS  # the situation's first initiative
    assert all(
        u.hex is not None for u in game.state.units.values() if u.id in ("ger.ht1", "ger.gren1")
    )
    assert "setup is over" in refusal_of(game, PlaceRest())


def test_placements_are_refused_with_the_rules_sentence(bundle: Any) -> None:
    game = _game(bundle)
    k2 = hex_named(game, "A K2")
    assert "outside sov.1rc's setup area (anywhere on panel A)" in refusal_of(
        game, PlaceUnit("sov.1rc", hex_named(game, "B B3"))
    )
    assert "placed by the situation at A K2" in refusal_of(game, PlaceUnit("sov.3rc", k2))
    assert "rides on sov.gaz1" in refusal_of(game, PlaceUnit("sov.at1", k2))
    # [003 3.2.5, 8.4] two Soviet units a hex; the fort counts one and its garrison of two none
    game.apply(PlaceUnit("sov.1rc", k2))
    assert game.state.units["sov.1rc"].in_fort
    game.apply(PlaceUnit("sov.2rc", k2))
    assert not game.state.units["sov.2rc"].in_fort
    assert refusal_of(game, PlaceUnit("sov.t34a", k2)) == (
        "A K2 already counts 2 of 2 for stacking (sov.2rc, a fortification) [003 3.2.5]"
    )


def test_allotted_markers_go_where_the_rules_allow(bundle: Any) -> None:
    game = _game(bundle)
    improved, mines = 0, 1  # the situation's allotments: two improved positions, one minefield
    town = hex_named(game, "A K3")
    assert "no improved position in town [003 8.3]" in refusal_of(game, PlaceMarker(improved, town))
    mined = hex_named(game, "A F5")  # the situation's own minefield
    assert "stands alone" in refusal_of(game, PlaceMarker(improved, mined))
    assert "already has mines" in refusal_of(game, PlaceMarker(mines, mined))
    assert "outside the mines area" in refusal_of(game, PlaceMarker(mines, hex_named(game, "B B3")))
    first, second = hex_named(game, "A B3"), hex_named(game, "A B2")
    game.apply(PlaceMarker(improved, first))
    game.apply(PlaceMarker(improved, second))
    assert "every improved position" in refusal_of(
        game, PlaceMarker(improved, hex_named(game, "A D2"))
    )
    moved = game.apply(PlaceMarker(improved, hex_named(game, "A D2"), origin=first))
    assert first not in game.state.counters.improved
    assert hex_named(game, "A D2") in game.state.counters.improved
    assert moved[0].origin == first
    [event] = game.apply(PlaceMarker(mines, hex_named(game, "A E2")))
    assert event.describe() == "allied notes mines secretly [003 8.2]"  # [003 8.2]


def test_moving_a_counter_and_taking_back_the_setup(bundle: Any) -> None:
    game = _game(bundle)
    a, b = hex_named(game, "A D3"), hex_named(game, "A D4")
    game.apply(PlaceUnit("sov.t34a", a))
    [moved] = game.apply(PlaceUnit("sov.t34a", b))
    assert moved.describe() == "sov.t34a moves at A D4"
    game.undo()
    assert game.state.units["sov.t34a"].hex == a
    game.undo()
    assert game.state.units["sov.t34a"].hex is None
    game.apply(PlaceRest())
    game.apply(FinishSetup())
    assert game.acting is Side.AXIS
    assert game.can_undo
    game.undo()
    assert game.acting is Side.ALLIED
    game.apply(FinishSetup())
    game.apply(PlaceRest())
    game.apply(FinishSetup())  # turn 1 begins: the Germans rolled their activation pool
    assert not game.can_undo


def test_a_hand_setup_is_saved_and_replayed(bundle: Any, tmp_path: Path) -> None:
    game = _game(bundle, seed=5)
    game.apply(PlaceUnit("sov.t34a", hex_named(game, "A C3")))
    game.apply(PlaceMarker(0, hex_named(game, "A B3")))
    game.apply(PlaceRest())
    game.apply(FinishSetup())
    TgxComputerPlayer(Side.AXIS).play_impulse(game)  # the computer's setup
    for _ in range(6):
        TgxComputerPlayer(game.acting).play_impulse(game)
    target = tmp_path / "hand.tgxplay.yaml"
    save_file(saved_game_of(game, STEPPE, target, 5, [Side.AXIS]), target)
    saved = load_file(target, FileKind.TGX_PLAY).model
    assert isinstance(saved, SavedGame)
    assert saved.setup == "players"
    again = TacticalGame(state_of(bundle, saved.seed, setup_phase=True))
    for model in saved.orders:
        again.apply(order_of(model))
    assert [e.describe() for e in again.log] == [e.describe() for e in game.log]  # type: ignore[attr-defined]


def test_play_files_without_a_setup_replay_as_before(bundle: Any, tmp_path: Path) -> None:
    legacy = TacticalGame(state_of(bundle, 3))
    for _ in range(4):
        TgxComputerPlayer(legacy.acting).play_impulse(legacy)
    target = tmp_path / "old.tgxplay.yaml"
    save_file(saved_game_of(legacy, STEPPE, target, 3, []), target)
    assert "setup:" not in target.read_text()  # the default is left out, as files were before
    saved = load_file(target, FileKind.TGX_PLAY).model
    assert isinstance(saved, SavedGame)
    assert saved.setup == "seed"
    again = TacticalGame(state_of(bundle, 3, setup_phase=saved.setup == "players"))
    for model in saved.orders:
        again.apply(order_of(model))
    assert [e.describe() for e in again.log] == [e.describe() for e in legacy.log]  # type: ignore[attr-defined]


def _computer_setup(bundle: Any, seed: int) -> TacticalGame:
    game = _game(bundle, seed)
    while game.phase is Phase.SETUP:
        TgxComputerPlayer(game.acting).play_impulse(game)
    return game


def test_the_computer_sets_up_legally_and_the_same_for_a_seed(bundle: Any) -> None:
    game = _computer_setup(bundle, 7)
    assert [o.describe() for o in game.orders] == [
        o.describe() for o in _computer_setup(bundle, 7).orders
    ]
    state, board = game.state, game.state.board
    plan = setup_phase.plan(state)
    for unit_id, area in plan.hexes.items():
        assert state.units[unit_id].hex in area
    for hex_ in {u.hex for u in state.iter_units()}:
        assert hex_ is not None
        sides = {u.side for u in state.units_at(hex_)}
        assert len(sides) == 1
        assert state.stack_count(hex_) <= state.stacking_limit(sides.pop())
    # the defenders stand by each hex the Germans must take, their positions near them too
    defended = [hex_named(game, a) for a in ("A K2", "A L3", "A C3")]
    soviets = [u.hex for u in state.iter_units(Side.ALLIED) if u.hex is not None]
    for target in defended:
        assert min(board.distance(target, h) for h in soviets) <= 1
    for position in state.counters.improved - {hex_named(game, "A C3")}:
        assert min(board.distance(position, t) for t in defended) <= 2


def _sea_title(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: dict[str, Any]) -> Path:
    monkeypatch.setitem(PANEL_ROWS, "B", ["..W==", "..B==", "~.S==", "...=="])
    return write_tiny_tgx(tmp_path, data)


def test_amphibious_setup_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """[003 10.1] the defender's barriers first, then the landing craft at sea (one a hex,
    [003 10.2]), then the defender's other counters; here the Soviets land against the
    Germans."""
    data = copy.deepcopy(tiny_situation_data())
    soviets = data["sides"][0]["nations"][0]["counters"]
    soviets += [
        {"id": "d1", "type": "dukw", "off_map": True},
        {"id": "d2", "type": "dukw", "off_map": True},
    ]
    data["amphibious"] = {
        "side": "allied",
        "beach": ["B C2"],
        "craft": [{"counter": "d1"}, {"counter": "d2"}],
    }
    data["modules"] = ["engineers", "amphibious"]
    data["allotments"] = [
        {"side": "axis", "kind": "mines", "count": 1, "strength": "1:1", "area": "west"},
        {"side": "axis", "kind": "improved_position", "count": 1, "area": "west"},
    ]
    game = new_game(_sea_title(tmp_path, monkeypatch, data), 0, setup_phase=True)
    steps = setup_phase.plan(game.state).steps
    assert [(s.side, s.units, s.allotments, s.sea) for s in steps] == [
        (Side.AXIS, (), (0,), False),
        (Side.ALLIED, ("d1", "d2"), (), True),
        (Side.AXIS, ("g3", "g4"), (1,), False),
        (Side.ALLIED, ("s2",), (), False),
    ]
    assert game.acting is Side.AXIS
    game.apply(PlaceMarker(0, hex_named(game, "A A2")))
    game.apply(FinishSetup())
    assert "outside d1's setup area (all-sea hexes)" in refusal_of(
        game, PlaceUnit("d1", hex_named(game, "B C1"))
    )
    sea = hex_named(game, "B D1")
    game.apply(PlaceUnit("d1", sea))
    assert "one craft a sea hex [003 10.2]" in refusal_of(game, PlaceUnit("d2", sea))


def test_the_computer_sets_up_a_landing_legally(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both sides set up by the computer through every step of a landing: the craft on
    distinct all-sea hexes [003 10.2], the German mines on Clear, Woods or road [003 8.2]."""
    data = copy.deepcopy(tiny_situation_data())
    soviets = data["sides"][0]["nations"][0]["counters"]
    soviets += [{"id": f"d{i}", "type": "dukw", "off_map": True} for i in (1, 2, 3)]
    data["amphibious"] = {
        "side": "allied",
        "beach": ["B C2"],
        "craft": [{"counter": f"d{i}"} for i in (1, 2, 3)],
    }
    data["modules"] = ["engineers", "amphibious"]
    data["allotments"] = [
        {"side": "axis", "kind": "mines", "count": 2, "strength": "1:1", "area": "west"}
    ]
    game = new_game(_sea_title(tmp_path, monkeypatch, data), 9, setup_phase=True)
    while game.phase is Phase.SETUP:
        TgxComputerPlayer(game.acting).play_impulse(game)
    board = game.state.board
    craft = [game.unit(f"d{i}").hex for i in (1, 2, 3)]
    assert len(set(craft)) == 3
    assert all(h is not None and board.terrain.get(h) == "sea" for h in craft)
    mines = set(game.state.counters.mines) - {hex_named(game, "A A3")}  # the situation's own
    assert len(mines) == 2
    for hex_ in mines:
        assert board.terrain.get(hex_, "clear") in ("clear", "woods") or board.is_road(hex_)


def test_airborne_targets_are_noted_after_the_barriers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[003 11.1] the target hexes follow the opponent's barriers and come before its
    counters; noting one changes where the lift flies, and the log keeps it secret."""
    data = tiny_airborne_data()
    game = new_game(write_tiny_tgx(tmp_path, data), 0, setup_phase=True)
    steps = setup_phase.plan(game.state).steps
    assert [(s.side, s.targets, s.allotments) for s in steps] == [
        (Side.ALLIED, False, (0,)),
        (Side.AXIS, True, ()),
        (Side.AXIS, False, ()),
        (Side.ALLIED, False, ()),
    ]
    game.apply(PlaceMarker(0, hex_named(game, "B C1")))
    game.apply(FinishSetup())
    [noted] = game.apply(NoteTarget("plane", hex_named(game, "B C2")))
    assert "B C2" not in noted.describe()
    assert "secretly" in noted.describe()
    assert game.state.lifts[0].target == hex_named(game, "B C2")


def test_the_log_does_not_tell_where_secret_mines_are(bundle: Any) -> None:
    """[003 8.2] mines off a bridge are noted secretly: their event names no hex (the window's
    log centres the board on an event's hex), an improved position's does."""
    game = _game(bundle)
    [mines] = game.apply(PlaceMarker(1, hex_named(game, "A E2")))
    [position] = game.apply(PlaceMarker(0, hex_named(game, "A B3")))
    assert mines.hex is None
    assert "A E2" not in mines.describe()
    assert position.hex == hex_named(game, "A B3")
    assert position.describe() == "allied places improved position at A B3"
