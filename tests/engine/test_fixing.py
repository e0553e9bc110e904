"""Units becoming Fixed after the start [000 4.6]: the placement's `fixed_from_turn` halts the
unit at the start of its player turn on that turn; sight, assault and Releases free it as they
free units Fixed at the start; the scenario check flags a turn the scenario never reaches."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.events import BecameFixed, FreedBySight
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from tests.engine.ascii_title import ascii_title

FAR = ".A " + ".  " * 12 + ".b"


def _game(art: str = FAR, **spec: Any) -> Game:
    title = ascii_title(art, units={"A": {"fixed_from_turn": 2, **spec}}, header={"turns": 6})
    return Game(title.game(0))


def _to_turn(game: Game, turn: int) -> None:
    while game.turn < turn or game.acting is not game.unit("A").side:
        game.end_player_turn()


def test_the_unit_moves_until_its_turn_then_halts() -> None:
    game = _game()
    _to_turn(game, 1)
    assert not game.unit("A").fixed
    game.move("A", [(1, 0)])
    _to_turn(game, 2)
    a = game.unit("A")
    assert a.fixed
    fixed = [e for e in game.iter_log(2) if isinstance(e, BecameFixed)]
    assert [e.units for e in fixed] == [("A",)]
    assert "now fixed: A" in fixed[0].describe()
    with pytest.raises(IllegalMove, match="Fixed"):
        game.move("A", [(2, 0)])


def test_a_unit_the_enemy_sees_is_freed_at_once_as_at_the_start() -> None:
    game = _game(".A .b .  .")
    _to_turn(game, 2)
    assert not game.unit("A").fixed
    assert any(isinstance(e, FreedBySight) and "A" in e.units for e in game.iter_log(2))


def test_a_release_after_the_halt_frees_it() -> None:
    title = ascii_title(
        FAR,
        units={"A": {"fixed_from_turn": 2}},
        header={"turns": 6},
        scenario={"releases": [{"id": "go", "turn": 3, "organization": "us.div"}]},
    )
    game = Game(title.game(0))
    _to_turn(game, 2)
    assert game.unit("A").fixed
    _to_turn(game, 3)
    assert not game.unit("A").fixed


def test_existing_scenarios_load_unchanged_and_never_fix() -> None:
    title = ascii_title(FAR, header={"turns": 3})
    game = Game(title.game(0))
    assert all(p.fixed_from_turn is None for p in game.state.scenario.placements)
    game.play_turns(2)
    assert not [e for e in game.iter_log() if isinstance(e, BecameFixed)]
