"""Movement [003 5.1, 5.3, 6.3.9, 8.5]: the road-movement example with wrecks, joining a road,
the one hex any unit may move, streams Down and Up, blocks, stacking, disrupted units."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.movement import IllegalOrder, path_to, reach
from engine.tactical_gamex.units import StreamState
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import BT5, RIFLE, board, state

ROW = [(c, 2) for c in range(8)]
ROAD = [(ROW[i], ROW[i + 1]) for i in range(len(ROW) - 1)]


def _road_state(wrecks: int):
    # a straight road along row 2 of a woods board: off the road every hex costs woods
    b = board(["WWWWWWWW"] * 5, roads=ROAD)
    s = state(b, [("bt5", Side.ALLIED, BT5, (0, 2))])
    if wrecks:
        s.counters.wrecks[(3, 2)] = wrecks
    return s


@pytest.mark.parametrize(("wrecks", "cost"), [(0, 0.5), (1, 0.5), (2, 0.5), (3, 2.0)])
def test_three_wrecks_nullify_the_road_rate_fewer_do_not(wrecks: int, cost: float) -> None:
    """The BT-5 of the movement example [003 5.1]: three wrecks in a road hex make it cost its
    woods terrain, fewer leave the half-MP road rate (B.15 #5)."""
    s = _road_state(wrecks)
    unit = s.units["bt5"]
    events = walk(s, unit, [(1, 2), (2, 2), (3, 2)])
    assert unit.hex == (3, 2)
    assert events[0].spent == pytest.approx(1.0 + cost)


def test_the_wreck_count_is_a_ruleset_option() -> None:
    """B.15 #5 as data: with `wrecks_negating_road = 1` a single wreck negates the road."""
    s = _road_state(1)
    s.tables = replace(s.tables, wrecks_negating_road=1)
    events = walk(s, s.units["bt5"], [(1, 2), (2, 2), (3, 2)])
    assert events[0].spent == pytest.approx(3.0)


def test_joining_a_road_pays_the_terrain_then_the_road_rate() -> None:
    """The first road hex moved into from off the road costs its terrain [003 5.3]."""
    b = board(["WWWWWWWW"] * 5, roads=ROAD[2:])
    s = state(b, [("bt5", Side.ALLIED, BT5, (2, 1))])
    events = walk(s, s.units["bt5"], [(2, 2), (3, 2), (4, 2)])
    assert events[0].spent == pytest.approx(2 + 0.5 + 0.5)


def test_the_path_preview_takes_the_road_the_reach_costs() -> None:
    """The path the players' preview shows and the computer orders [003 5.3]: from a woods hex
    beside the road, onto it (the terrain) and along it at the road rate, at the reach's cost;
    a hex out of reach has no path."""
    b = board(["W" * 16] * 5, roads=ROAD[2:])
    s = state(b, [("bt5", Side.ALLIED, BT5, (2, 1))])
    unit = s.units["bt5"]
    options = reach(s, unit)
    every = [(c, r) for c in range(16) for r in range(5)]
    out = [h for h in every if h not in options and h != unit.hex]
    assert out
    assert all(path_to(s, unit, h) is None for h in out)
    assert all(path_to(s, unit, h) is not None for h in options)
    path = path_to(s, unit, (6, 2))
    assert path is not None
    assert path[0] == (2, 2)
    assert path[-1] == (6, 2)
    assert all(hex_ in ROW for hex_ in path)
    events = walk(s, unit, list(path))
    assert unit.hex == (6, 2)
    assert events[0].spent == pytest.approx(2 + 4 * 0.5) == options[(6, 2)]


def test_a_crowded_road_hex_gives_no_road_rate() -> None:
    """Third condition: the hex entered holds at most one stackable unit [003 5.3]."""
    b = board(["WWWWWWWW"] * 5, roads=ROAD)
    s = state(
        b,
        [
            ("bt5", Side.ALLIED, BT5, (0, 2)),
            ("a", Side.ALLIED, RIFLE, (1, 2)),
            ("b", Side.ALLIED, RIFLE, (1, 2)),
        ],
    )
    events = walk(s, s.units["bt5"], [(1, 2), (2, 2)])
    assert events[0].spent == pytest.approx(2 + 0.5)


def test_a_unit_may_always_move_one_hex() -> None:
    """A unit short of the MP may move exactly one hex and stop [003 5.1]."""
    b = board(["WWW"] * 3)
    slow = replace(RIFLE, movement=1)
    s = state(b, [("r", Side.ALLIED, slow, (0, 1))])
    assert set(reach(s, s.units["r"])) == set(s.board.neighbors((0, 1)))
    with pytest.raises(IllegalOrder):
        walk(s, s.units["r"], [(1, 1), (2, 1)])
    walk(s, s.units["r"], [(1, 1)])
    assert s.units["r"].hex == (1, 1)


def test_entering_a_stream_halts_the_unit_down_and_leaving_costs_everything() -> None:
    """Streams [003 6.3.9]: infantry that began next to it enters and stops Down; leaving takes
    the whole movement; vehicles may not enter but at a bridge."""
    b = board([".S...", ".S...", ".S..."])
    s = state(b, [("r", Side.ALLIED, RIFLE, (0, 1)), ("t", Side.ALLIED, BT5, (0, 0))])
    rifle = s.units["r"]
    with pytest.raises(IllegalOrder):
        walk(s, rifle, [(1, 1), (2, 1)])
    walk(s, rifle, [(1, 1)])
    assert rifle.stream is StreamState.DOWN
    assert (1, 0) not in reach(s, s.units["t"])
    with pytest.raises(IllegalOrder, match="bridges"):
        walk(s, s.units["t"], [(1, 0)])
    rifle.moved_mp = 0
    events = walk(s, rifle, [(2, 1)])
    assert events[0].spent == rifle.type.movement
    assert rifle.stream is None


def test_stacking_limit_stops_entry() -> None:
    """Four units a hex [003 3.2.5]; a fifth may not enter nor pass through."""
    b = board(["....."])
    units = [(f"u{i}", Side.ALLIED, RIFLE, (2, 0)) for i in range(4)]
    s = state(b, [*units, ("m", Side.ALLIED, RIFLE, (1, 0))])
    with pytest.raises(IllegalOrder, match="fully stacked"):
        walk(s, s.units["m"], [(2, 0), (3, 0)])


def test_a_block_is_entered_from_next_to_it_for_all_the_mp() -> None:
    """Blocks [003 8.5]."""
    b = board(["....."])
    s = state(b, [("r", Side.ALLIED, RIFLE, (0, 0)), ("q", Side.ALLIED, RIFLE, (2, 0))])
    s.counters.blocks.add((3, 0))
    with pytest.raises(IllegalOrder, match="block"):
        walk(s, s.units["r"], [(1, 0), (2, 0), (3, 0)])
    events = walk(s, s.units["q"], [(3, 0)])
    assert events[0].spent == RIFLE.movement


def test_a_disrupted_unit_in_sight_of_the_enemy_moves_only_away() -> None:
    """B.15 #3, played by 7.2's wording: in sight of a ground enemy, only away from it."""
    b = board(["......."])
    s = state(b, [("r", Side.ALLIED, RIFLE, (3, 0)), ("e", Side.AXIS, RIFLE, (6, 0))])
    rifle = s.units["r"]
    rifle.disrupted = True
    with pytest.raises(IllegalOrder, match="away"):
        walk(s, rifle, [(4, 0)])
    walk(s, rifle, [(2, 0), (1, 0)])
    assert rifle.hex == (1, 0)


def test_opportunity_fire_into_a_block_goes_on_until_the_die_equals_the_attacks() -> None:
    """[003 8.5]: after each attack a die; equal to the attacks so far, no more (here the
    second die, a 2, after two attacks)."""
    from engine.tactical_gamex.events import Attacked, BlockFireRolled
    from engine.tactical_gamex.units import Marker
    from tests.engine.tactical_gamex.boards import FixedDice

    b = board(["....."] * 5)
    units = [("q", Side.ALLIED, RIFLE, (2, 0))]
    units += [(f"x{i}", Side.AXIS, RIFLE, (3, 3)) for i in range(3)]
    s = state(b, units)
    s.counters.blocks.add((3, 0))
    for i in range(3):
        s.units[f"x{i}"].marker = Marker.OPP_FIRE
    s.dice = FixedDice([6, 5, 6, 2])  # attack, die 5 (not 1), attack, die 2 (= 2): stop
    events = walk(s, s.units["q"], [(3, 0)])
    assert len([e for e in events if isinstance(e, Attacked)]) == 2
    rolls = [e for e in events if isinstance(e, BlockFireRolled)]
    assert [(r.attacks, r.roll, r.stops) for r in rolls] == [(1, 5, False), (2, 2, True)]
