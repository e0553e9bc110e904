"""The computer at temporary bridges [003 9.3]: it fires at a bridge carrying an enemy tank,
and at one the enemy's vehicles need to reach their objective, when the chance of an X is fair;
it never fires at a bridge its own vehicles stand on or need."""

from __future__ import annotations

from engine.tactical_gamex.aircraft import Aircraft
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.computer_bridges import bridge_shots, needs
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.orders import AirAttack, CallArtillery, FireAtBridge
from engine.tactical_gamex.state import Battery, VictoryCondition, VictoryKind
from engine.tactical_gamex.units import Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import BT5, PZ4H, RIFLE, FixedDice, board, state

BRIDGE = (1, 2)
"""A temporary bridge over the stream of row 2 (DS 7)."""
NORTH = (1, 0)


def _game(units, victory=()) -> TacticalGame:
    s = state(board(["....", "....", "SSSS", *["...."] * 7]), units, victory=list(victory))
    s.first_initiative = Side.AXIS
    s.dice = FixedDice([6] * 6)
    s.counters.laid_bridges.add(BRIDGE)
    s.counters.bridge_defense[BRIDGE] = 7
    return TacticalGame(s)


def _shots(game: TacticalGame, side: Side, carrying: bool) -> list[object]:
    ready = [u for u in game.state.iter_units(side) if u.marker is None]
    return list(bridge_shots(game.state, side, ready, carrying=carrying))


def test_it_fires_at_the_enemy_bridge_carrying_a_tank() -> None:
    """The Pz IV two hexes off: 14 doubled on the WEC against the bridge as armour, 28 against
    DS 7, 4:1, X on half the faces - taking the BT-5 with the bridge; it fires at the bridge
    rather than at the tank on it."""
    game = _game([("pz", Side.AXIS, PZ4H, (1, 4)), ("bt", Side.ALLIED, BT5, BRIDGE)])
    game.state.dice = FixedDice([1] + [6] * 20)
    given = TgxComputerPlayer(Side.AXIS).play_impulse(game)
    assert given[0] == FireAtBridge(("pz",), BRIDGE)
    assert BRIDGE not in game.state.counters.laid_bridges  # a 1 at 4:1 is X
    assert game.unit("bt").hex is None  # the BT-5 on it with it


def test_it_never_fires_at_a_bridge_its_own_tank_stands_on() -> None:
    units = [("pz", Side.AXIS, PZ4H, (1, 4)), ("pz2", Side.AXIS, PZ4H, BRIDGE)]
    game = _game(units)
    assert _shots(game, Side.AXIS, carrying=True) == []
    assert _shots(game, Side.AXIS, carrying=False) == []
    assert not isinstance(TgxComputerPlayer(Side.AXIS)._next(game), FireAtBridge)


def test_the_crossing_the_enemy_needs_is_fired_on_unless_its_own_tanks_need_it_too() -> None:
    """The Soviet BT-5 south of the stream must reach the village north of it: only the bridge
    takes a vehicle across. The German Pz IV fires at it from the south bank - unless the
    Germans' own objective lies north too, when their tank needs the bridge as well."""
    soviet = VictoryCondition(Side.ALLIED, VictoryKind.HOLD, (NORTH,), points=10)
    units = [("pz", Side.AXIS, PZ4H, (1, 4)), ("bt", Side.ALLIED, BT5, (2, 5))]
    game = _game(units, [soviet])
    bt = game.unit("bt")
    assert needs(game.state, Side.ALLIED, [bt], BRIDGE)
    assert _shots(game, Side.AXIS, carrying=True) == []  # nothing stands on it
    assert _shots(game, Side.AXIS, carrying=False) == [FireAtBridge(("pz",), BRIDGE)]
    german = VictoryCondition(Side.AXIS, VictoryKind.HOLD, ((3, 0),), points=10)
    ours = _game(units, [soviet, german])
    assert _shots(ours, Side.AXIS, carrying=False) == []


def test_infantry_wades_and_needs_no_bridge() -> None:
    soviet = VictoryCondition(Side.ALLIED, VictoryKind.HOLD, (NORTH,), points=10)
    game = _game([("r", Side.ALLIED, RIFLE, (3, 9))], [soviet])
    assert not needs(game.state, Side.ALLIED, [], BRIDGE)
    assert _shots(game, Side.AXIS, carrying=False) == []


def test_an_aircraft_bombs_the_bridge_when_no_unit_can() -> None:
    """No German unit in range; the Ju 87's H 28 at the bridge is 4:1, X on half the faces with
    no AA over it; its I weapon is never sent."""
    game = _game([("r", Side.AXIS, RIFLE, (1, 9)), ("bt", Side.ALLIED, BT5, BRIDGE)])
    game.state.aircraft["ju87"] = Aircraft("ju87", Side.AXIS, "Ju 87", {Weapon.H: 28, Weapon.I: 3})
    assert _shots(game, Side.AXIS, carrying=True) == [AirAttack("ju87", "H", BRIDGE, bridge=True)]


def test_a_battery_is_called_on_the_bridge_unless_its_own_units_are_next_to_it() -> None:
    """The German 56 battery halved on the bridge: 28 against DS 7, 4:1, X on half the faces,
    available on 2d6 at or under the German morale of 8 (26 in 36): 36 %; the rifle company
    three hexes off sights. A rifle next to the bridge keeps the battery off it."""
    units = [("r", Side.AXIS, RIFLE, (1, 5)), ("bt", Side.ALLIED, BT5, BRIDGE)]
    game = _game(units)
    game.state.batteries["ger-arty"] = Battery("ger-arty", Side.AXIS, "germany", 56)
    order = TgxComputerPlayer(Side.AXIS)._next(game)
    assert order == CallArtillery("ger-arty", BRIDGE, "r", bridge=True)
    game.state.units["r"].hex = (1, 3)
    assert _shots(game, Side.AXIS, carrying=True) == []


def test_two_tanks_of_adjacent_hexes_combine_for_the_x_one_alone_lacks() -> None:
    """Seven hexes off, each Pz IV fires at its printed 14 (beyond half range): 2:1 alone, no
    X; together 28 against DS 7, 4:1 [003 6.4.1]."""
    units = [("pz", Side.AXIS, PZ4H, (1, 9)), ("bt", Side.ALLIED, BT5, BRIDGE)]
    alone = _game(units)
    assert _shots(alone, Side.AXIS, carrying=True) == []
    together = _game([*units, ("pz2", Side.AXIS, PZ4H, (2, 9))])
    assert together.state.board.adjacent((1, 9), (2, 9))
    assert _shots(together, Side.AXIS, carrying=True) == [FireAtBridge(("pz", "pz2"), BRIDGE)]
