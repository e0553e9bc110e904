"""The landing sample (Exit 2 at La Madeleine, `sample_data/tgx_landing44`) as the engine plays
it: the setup follows rule 10.1's order, a computer-against-computer game lands the force
(DD vehicles rolling to sink, craft advancing and landing disrupted, cargo unloading, naval
fire from the sea edge, Americans moving inland) and ends; the DD sink chance is the stated
percentage; a DD sunk where the setup phase set it stays sunk."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.tactical_gamex import attacks
from engine.tactical_gamex.amphibious import is_sea
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.events import (
    ArtilleryCalled,
    Attacked,
    Eliminated,
    SeaAdvanced,
    SinkRolled,
    Transported,
    UnitMoved,
)
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import new_game, state_of
from engine.tactical_gamex.orders import CallArtillery
from engine.tactical_gamex.state import Phase
from schemas.tactical_gamex.loading import load_situation
from schemas.vocabulary import Side

LANDING = (
    Path(__file__).parents[3]
    / "sample_data/tgx_landing44/scenarios/exit-2-at-la-madeleine.situation.yaml"
)
DDS = ("us.dd1", "us.dd2", "us.dd3")


@pytest.fixture(scope="module")
def bundle():
    return load_situation(LANDING)


def _play(game: TacticalGame) -> TacticalGame:
    players = {side: TgxComputerPlayer(side) for side in Side}
    for _ in range(800):
        if game.is_over:
            break
        players[game.acting].play_impulse(game)
    return game


def test_the_setup_follows_the_landing_order_of_rule_10_1(bundle) -> None:
    """[003 10.1] the Germans place their fortifications, blocks and mines first, then the
    Americans their craft at sea (10.2), then the Germans the rest of their force."""
    plan = state_of(bundle, 0, setup_phase=True).setup
    steps = [(s.side, s.sea, bool(s.units), bool(s.allotments)) for s in plan.steps]
    assert steps == [
        (Side.AXIS, False, False, True),
        (Side.ALLIED, True, True, False),
        (Side.AXIS, False, True, True),
    ]
    barriers = {plan.allotments[i].kind for i in plan.steps[0].allotments}
    assert barriers == {"mines", "fortification"}
    assert {plan.allotments[i].kind for i in plan.steps[2].allotments} == {"improved_position"}
    state = state_of(bundle, 0, setup_phase=True)
    sea = set(plan.steps[1].units)
    craft = {"us.lvt1", "us.lvt2", "us.lvt3", "us.dukw1", "us.dukw2"}
    cargo = {u for u in sea if state.units[u].carrier is not None}
    assert sea - cargo == {*craft, *DDS}  # the craft and DD tanks placed at sea [10.2]
    # their cargo set up with them, aboard [10.1]: two units an LVT, one a DUKW
    assert {state.units[u].carrier for u in cargo} == craft
    assert len(cargo) == 8


def test_a_computer_game_lands_the_force_and_ends(bundle) -> None:
    game = _play(new_game(LANDING, 2, setup_phase=True))
    assert game.is_over
    assert game.result is not None
    assert game.result.turn == bundle.model.turns
    log = game.log
    rolls = [e for e in log if isinstance(e, SinkRolled)]
    assert sorted(e.unit for e in rolls) == sorted(DDS)  # each DD once [003 10.4]
    landed = {e.unit for e in log if isinstance(e, SeaAdvanced) and e.ashore}
    assert {"us.lvt1", "us.lvt2", "us.lvt3"} <= landed
    unloaded = {e.passenger for e in log if isinstance(e, Transported) and not e.loaded}
    assert {"us.ac", "us.bc", "us.eng", "us.hmg"} <= unloaded
    assert any(isinstance(e, Attacked) and e.kind == "naval fire" for e in log)
    beach = game.state.landing.beaches
    inland = [
        e
        for e in log
        if isinstance(e, UnitMoved) and e.unit.startswith("us.") and e.path[-1] not in beach
    ]
    assert inland  # the Americans get off the beach
    assert not any(is_sea(game.state, e.path[-1]) for e in inland)


def test_the_dd_sink_chance_is_the_situations_percentage(bundle) -> None:
    """10 % a DD, percentile dice from the seed [003 10.4]: 450 launches over 150 seeds sink
    about 45 (a binomial spread of 6.4 each way; the bounds are 3.1 of it)."""
    assert bundle.model.amphibious.dd_sink_chance == 10
    sunk = 0
    for seed in range(150):
        game = TacticalGame(state_of(bundle, seed))
        sunk += sum(1 for e in game.log if isinstance(e, SinkRolled) and e.sank)
        assert all(game.state.units[d].hex is None for d in DDS if _sank(game, d))
    assert 25 <= sunk <= 65


def _sank(game: TacticalGame, unit: str) -> bool:
    return any(isinstance(e, SinkRolled) and e.unit == unit and e.sank for e in game.log)


def test_a_dd_sunk_where_the_setup_phase_set_it_is_not_launched_again() -> None:
    """A bug the sample showed: a DD placed at sea in the setup phase that sank as turn 1
    opened was put to sea again with the craft still to place, rolled again and swam ashore."""
    game = new_game(LANDING, 2, setup_phase=True)
    game.state.landing.sink_chance = 100
    players = {side: TgxComputerPlayer(side) for side in Side}
    while game.phase is Phase.SETUP:
        players[game.acting].play_impulse(game)
    rolls = [e for e in game.log if isinstance(e, SinkRolled)]
    assert sorted(e.unit for e in rolls) == sorted(DDS)
    assert all(e.sank for e in rolls)
    assert all(game.state.units[d].hex is None for d in DDS)
    gone = [e.unit for e in game.log if isinstance(e, Eliminated)]
    assert sorted(gone) == sorted(DDS)
    assert game.state.eliminated[Side.ALLIED] == 3


def test_a_landed_unit_calls_the_battleship_as_off_board_artillery() -> None:
    """[003 10.5] naval support in OBA mode is a battery: once ashore, an American unit that
    sights a German hex calls it there (the computer player does not call OBA, so the test
    gives the order), and the battery is then open to counter-battery fire [003 6.4.4]."""
    game = new_game(LANDING, 1)
    players = {side: TgxComputerPlayer(side) for side in Side}
    call = None
    while call is None and not game.is_over:
        if game.acting is Side.ALLIED and game.turn >= 2:
            state = game.state
            germans = sorted({u.hex for u in state.iter_units(Side.AXIS) if u.hex is not None})
            ashore = [u for u in state.iter_units(Side.ALLIED) if u.hex and not u.at_sea]
            call = next(
                (
                    CallArtillery("battleship", h, u.id)
                    for u in ashore
                    for h in germans
                    if not attacks.why_not_sighter(state, u, h)
                ),
                None,
            )
            if call is not None:
                break
        players[game.acting].play_impulse(game)
    assert call is not None
    events = game.apply(call)
    [called] = [e for e in events if isinstance(e, ArtilleryCalled)]
    assert called.battery == "battleship"
    assert called.available
    assert game.state.batteries["battleship"].naval
    assert game.state.batteries["battleship"].revealed
