"""Naval support fire [003 10.5]: direct fire from a sea hex on the map's edge, (H) on the WEC,
at more than six hexes, once a turn, saved in the play file; an OBA battery of naval support
may not fire from the sea edge nor the other way round."""

from __future__ import annotations

import pytest

from engine.hexgrid import Grid
from engine.tactical_gamex.board import Board
from engine.tactical_gamex.events import Attacked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.naval import naval_spec
from engine.tactical_gamex.orders import CallArtillery, NavalFire
from engine.tactical_gamex.records import order_of, order_to_model
from engine.tactical_gamex.state import Battery
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, RIFLE, FixedDice, state
from tests.engine.tactical_gamex.test_amphibious import SEA_TEC

ROWS = ["=====", "=====", "BBBBB"] + ["....."] * 9


def _game() -> TacticalGame:
    terrain = {(c, r): "sea" for c in range(5) for r in range(2)}
    terrain.update({(c, 2): "beach" for c in range(5)})
    s = state(
        Board(Grid(5, len(ROWS)), terrain, SEA_TEC),
        [
            ("spotter", Side.ALLIED, RIFLE, (0, 5)),
            ("rifle", Side.AXIS, RIFLE, (0, 7)),
            ("pz", Side.AXIS, PZ4H, (4, 9)),
        ],
    )
    s.first_initiative = Side.ALLIED
    s.batteries["bb"] = Battery("bb", Side.ALLIED, "us", 24, naval=True, direct=True)
    s.batteries["cl"] = Battery("cl", Side.ALLIED, "us", 20, naval=True)
    s.dice = FixedDice([6, 3])  # the Allied pool, then the CRT die
    return TacticalGame(s)


def test_naval_fire_from_the_sea_edge_at_more_than_six_hexes() -> None:
    game = _game()
    with pytest.raises(IllegalOrder, match="more than six hexes"):
        game.apply(NavalFire("bb", (0, 1), ("rifle",)))  # six hexes
    with pytest.raises(IllegalOrder, match="map's edge"):
        game.apply(NavalFire("bb", (0, 2), ("rifle",)))  # the beach
    events = game.apply(NavalFire("bb", (0, 0), ("rifle",)))  # seven hexes
    attack = next(e for e in events if isinstance(e, Attacked))
    assert (attack.attack, attack.defense, attack.column) == (24, 6, "4:1")
    assert game.points_left == 5
    with pytest.raises(IllegalOrder, match="fired this turn"):
        game.apply(NavalFire("bb", (0, 0), ("rifle",)))


def test_naval_fire_is_h_direct_half_against_armour_beyond_six_hexes() -> None:
    """[003 6.3.6] H direct fire: full AS to six hexes, half beyond; naval fire is beyond."""
    game = _game()
    spec = naval_spec(game.state, game.state.batteries["bb"], (4, 0), [game.state.units["pz"]])
    assert (spec.attack, spec.defense) == (12, 9)


def test_the_two_modes_are_kept_apart_and_the_order_is_saved() -> None:
    game = _game()
    with pytest.raises(IllegalOrder, match="from the sea"):
        game.apply(NavalFire("cl", (0, 0), ("rifle",)))
    with pytest.raises(IllegalOrder, match="sea edge"):
        game.apply(CallArtillery("bb", (0, 7), "spotter"))
    order = NavalFire("bb", (0, 0), ("rifle",))
    assert order_of(order_to_model(order)) == order
