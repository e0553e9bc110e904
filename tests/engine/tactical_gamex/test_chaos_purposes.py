"""Every card of the Action Deck drawn says what it is for [003 24.1]: the log line of each draw
names its roll (spotting, combat stress, quick time, artillery availability and accuracy, the
engineers' work...), in direct calls of each roll and over whole computer games of the sample."""

from __future__ import annotations

import pytest

from engine.tactical_gamex import attacks, engineers, walk
from engine.tactical_gamex.chaos import Card, CardDice
from engine.tactical_gamex.chaos_events import CardDrawn
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.orders import Spot
from engine.tactical_gamex.state import TgxState
from schemas.tactical_gamex.loading import SituationBundle, load_situation
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, board, state
from tests.tiny_tgx import STEPPE, with_battlefield_chaos


@pytest.fixture(scope="module")
def bundle() -> SituationBundle:
    return with_battlefield_chaos(load_situation(STEPPE))


def _purposes(state: TgxState) -> list[str]:
    dice = state.dice
    assert isinstance(dice, CardDice)
    return [e.purpose for e in dice.drain() if isinstance(e, CardDrawn)]


def _first(purposes: list[str]) -> str:
    """The roll's own purpose, without what an event added ("…, read for the event")."""
    assert purposes
    return purposes[0].split(", ")[0]


def test_quick_time_stress_and_the_engineers_name_their_roll(bundle: SituationBundle) -> None:
    state = state_of(bundle, 4)
    _purposes(state)
    unit = next(state.iter_units(state.acting))
    walk._quick_time_fatigue(state, unit)
    assert _first(_purposes(state)) == "quick-time fatigue"
    TacticalGame(state)._stress_penalty([unit], 2.0)
    assert _first(_purposes(state)) == "combat stress"
    assert unit.hex is not None
    engineers.roll_for_block(state, unit.hex)
    assert _first(_purposes(state)) == "engineers: block"
    state.demolitions[unit.hex] = (unit.id, 1, 1)
    engineers.roll_for_demolition(state, unit.hex)
    assert _first(_purposes(state)) == "engineers: demolition"


def test_artillery_names_availability_then_accuracy_and_scatter(bundle: SituationBundle) -> None:
    seen: set[str] = set()
    for seed in range(12):
        state = state_of(bundle, seed)
        _purposes(state)
        battery = state.batteries["sov-122"]
        target = next(u.hex for u in state.iter_units(Side.AXIS) if u.hex is not None)
        attacks.call_battery(state, battery, target, 0)
        purposes = [p.split(", ")[0] for p in _purposes(state)]
        assert purposes[0] == "artillery availability"
        seen.update(purposes)
    assert {"artillery availability", "artillery accuracy", "artillery scatter"} <= seen


def test_a_spot_names_its_roll() -> None:
    """A Spot action against Woods needs a roll [003 6.3.8]: its card says so."""
    units = [("a", Side.ALLIED, RIFLE, (0, 0)), ("x", Side.AXIS, RIFLE, (0, 3))]
    tiny = state(board(["......", "......", "......", "W....."]), units)
    tiny.first_initiative = Side.ALLIED
    deck = [Card(f"c{b}{g}", b, g) for b in range(1, 7) for g in range(1, 7)]
    tiny.dice = CardDice(2, deck)
    tiny.dice.bind(tiny)
    game = TacticalGame(tiny)
    game.apply(Spot("a", (0, 3)))
    drawn = [e.purpose for e in game.log if isinstance(e, CardDrawn)]
    assert [p.split(", ")[0] for p in drawn][-2:] == ["activation pool", "spotting"]


@pytest.mark.parametrize("seed", [1])
def test_every_card_of_a_computer_game_says_what_it_is_for(
    bundle: SituationBundle, seed: int
) -> None:
    game = TacticalGame(state_of(bundle, seed))
    players = {side: TgxComputerPlayer(side) for side in Side}
    while not game.is_over:
        players[game.acting].play_impulse(game)
    drawn = [e for e in game.log if isinstance(e, CardDrawn)]
    assert len(drawn) > 100
    assert [e for e in drawn if not e.purpose.split(", ")[0]] == []
    assert all(f"({e.purpose})" in e.describe() for e in drawn)
