"""The game as players drive it [003 4.0-4.4, 5.2, 6.3.8, 6.4.2, 7.3]: initiative with its
decay, impulses, pools and passes, the truck and gun loading example, spotting, opportunity
fire, rally, Housekeeping, victory, orders replayed and taken back."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from engine.game_protocol import PlayableGame
from engine.tactical_gamex.events import (
    Attacked,
    InitiativeRolled,
    Passed,
    PoolRolled,
    SpotAttempted,
    TgxGameEnded,
)
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import (
    EndImpulse,
    Fire,
    Load,
    MarkOpportunityFire,
    Move,
    Rally,
    Spot,
    Unload,
)
from engine.tactical_gamex.state import VictoryCondition, VictoryKind
from engine.tactical_gamex.turns import initiative
from engine.tactical_gamex.units import Marker
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import (
    GUN_75,
    GUN_88,
    PZ4H,
    RIFLE,
    TRUCK_TYPE,
    FixedDice,
    board,
    state,
)


def test_the_initiative_example_4_minus_2_loses_to_3() -> None:
    """Player A held the initiative two turns: 4 - 2 = 2 loses to B's 3 [003 4.1]."""
    rolls = iter([4, 3])
    winner, allied, axis, modifier = initiative(Side.ALLIED, 2, lambda: next(rolls))
    assert (winner, allied, axis, modifier) == (Side.AXIS, 4, 3, 2)


def test_initiative_ties_roll_again_with_the_same_modifiers() -> None:
    rolls = iter([5, 4, 6, 2])  # 5-1 = 4 ties 4; then 6-1 = 5 beats 2
    assert initiative(Side.ALLIED, 1, lambda: next(rolls))[0] is Side.ALLIED


def test_initiative_decay_matches_its_exact_chance() -> None:
    """With fixed seeds, the holder of three turns wins as often as the exact chance says:
    P(a - 3 > b | not tied), over 6,000 rolls within four standard errors."""
    from engine.dice import Dice

    dice = Dice(19)
    wins = sum(initiative(Side.ALLIED, 3, dice.d6)[0] is Side.ALLIED for _ in range(6000))
    better = sum(1 for a in range(1, 7) for b in range(1, 7) if a - 3 > b)
    tied = sum(1 for a in range(1, 7) for b in range(1, 7) if a - 3 == b)
    p = Fraction(better, 36 - tied)
    sd = (float(p) * (1 - float(p)) / 6000) ** 0.5
    assert abs(wins / 6000 - float(p)) < 4 * sd


def test_dice_are_uniform_and_two_dice_triangular() -> None:
    """Seeded d6 and 2d6 against their distributions (chi-square, 5 and 10 degrees of freedom,
    below the 0.1 % critical values 20.5 and 29.6)."""
    from engine.dice import Dice

    dice = Dice(3)
    n = 12000
    ones = Counter(dice.d6() for _ in range(n))
    chi = sum((ones[k] - n / 6) ** 2 / (n / 6) for k in range(1, 7))
    assert chi < 20.5
    twos = Counter(dice.two_d6() for _ in range(n))
    expected = {s: n * (6 - abs(s - 7)) / 36 for s in range(2, 13)}
    chi2 = sum((twos[s] - e) ** 2 / e for s, e in expected.items())
    assert chi2 < 29.6


def _game(units, rows=None, rolls=None, **kw):
    s = state(board(rows or ["......"] * 6), units, **kw)
    s.first_initiative = Side.ALLIED
    if rolls is not None:
        s.dice = FixedDice(rolls)
    return TacticalGame(s)


def test_the_game_satisfies_the_shared_protocol() -> None:
    game: PlayableGame = _game([("a", Side.ALLIED, RIFLE, (0, 0))])
    assert game.turn == 1
    assert game.acting is Side.ALLIED


def test_an_impulse_spends_its_pool_one_point_a_hex() -> None:
    """Player B rolls a 4 and may activate up to four hexes [003 4.2.1]; moving two units of
    one hex costs one point [003 4.2.2]; the last point spent hands the impulse over."""
    units = [
        ("a1", Side.ALLIED, RIFLE, (0, 0)),
        ("a2", Side.ALLIED, RIFLE, (0, 0)),
        ("b", Side.ALLIED, RIFLE, (3, 0)),
        ("x", Side.AXIS, RIFLE, (5, 5)),
    ]
    game = _game(units, rolls=[2, 6])
    assert game.log == [PoolRolled(1, Side.ALLIED, 2)]
    game.apply(Move("a1", ((0, 1),)))
    game.apply(Move("a2", ((1, 0),)))
    assert game.points_left == 1
    game.apply(Move("b", ((3, 1),)))
    assert game.acting is Side.AXIS
    assert game.log[-1] == PoolRolled(1, Side.AXIS, 6)
    game.state.acting = Side.ALLIED
    with pytest.raises(IllegalOrder, match="already acted"):
        game.apply(Move("a1", ((0, 2),)))


def test_three_passes_in_a_row_end_the_phase_b15_1() -> None:
    """B.15 #1: any three passes in a row end Unit Activation; Housekeeping follows and the
    next turn rolls the initiative."""
    units = [("a", Side.ALLIED, RIFLE, (0, 0)), ("x", Side.AXIS, RIFLE, (5, 5))]
    game = _game(units, seed=4)
    for _ in range(3):
        game.apply(EndImpulse())
    passes = [e for e in game.log if isinstance(e, Passed)]
    assert [p.in_a_row for p in passes] == [1, 2, 3]
    assert game.turn == 2
    assert any(isinstance(e, InitiativeRolled) for e in game.log)


def test_a_side_with_nothing_to_activate_must_pass() -> None:
    units = [("a", Side.ALLIED, RIFLE, (0, 0)), ("x", Side.AXIS, RIFLE, (5, 5))]
    game = _game(units, rolls=[1, 1, 3, 5, 2])
    game.apply(Move("a", ((0, 1),)))  # Allied pool of 1 spent; Axis rolls 1
    game.apply(Move("x", ((5, 4),)))  # both sides done: Housekeeping, turn 2's initiative
    assert game.turn == 2


def test_the_truck_and_gun_loading_example() -> None:
    """A truck of 12 MP four clear hexes from a 75 mm gun spends 8 MP to arrive and cannot
    load (6 needed); next turn it loads for 6 and has 6 left; an 88 mm gun loads only on a
    truck that began stacked with it, for all its MP [003 5.2.2-5.2.4]."""
    units = [
        ("truck", Side.AXIS, TRUCK_TYPE, (0, 0)),
        ("gun", Side.AXIS, GUN_75, (0, 4)),
        ("big", Side.AXIS, GUN_88, (2, 4)),
        ("t2", Side.AXIS, TRUCK_TYPE, (2, 4)),
        ("t3", Side.AXIS, TRUCK_TYPE, (2, 0)),
        ("a", Side.ALLIED, RIFLE, (5, 0)),
    ]
    s = state(board(["......"] * 8), units)
    s.first_initiative = Side.AXIS
    s.dice = FixedDice([6, 6, 6, 6, 6, 6])
    game = TacticalGame(s)
    path = ((0, 1), (0, 2), (0, 3), (0, 4))
    events = game.apply(Move("truck", path))
    assert events[0].spent == 8
    with pytest.raises(IllegalOrder, match="4 MP left, loading costs 6"):
        game.apply(Load("truck", "gun"))
    game.apply(Move("t3", ((2, 1), (2, 2), (2, 3), (2, 4))))
    with pytest.raises(IllegalOrder, match="88 mm"):
        game.apply(Load("t3", "big"))
    game.apply(Load("t2", "big"))
    assert game.unit("t2").moved_mp == 12
    # next turn: the truck loads for half its MP and has six left
    s = game.state
    s.turn, s.acting, s.pool, s.spent, s.paid, s.activity = 2, Side.AXIS, 6, 0, set(), {}
    for u in s.units.values():
        u.marker, u.moved_mp = None, 0.0
    game.apply(Load("truck", "gun"))
    assert game.unit("truck").moved_mp == 6
    events = game.apply(Move("truck", ((0, 5), (0, 6), (0, 7))))
    assert events[0].spent == 6
    assert game.unit("gun").hex == (0, 7)
    with pytest.raises(IllegalOrder):
        game.apply(Move("truck", ((1, 7),)))  # move, load, move is not allowed


def test_unloading_costs_half_and_neither_moves_after() -> None:
    """The movement example's German truck spends half its MP moving and half unloading its
    75 mm gun [003 5.1, 5.2.3]."""
    units = [
        ("truck", Side.AXIS, TRUCK_TYPE, (0, 0)),
        ("gun", Side.AXIS, GUN_75, (0, 0)),
        ("a", Side.ALLIED, RIFLE, (5, 7)),
    ]
    s = state(board(["......"] * 8), units)
    s.first_initiative = Side.AXIS
    s.dice = FixedDice([6, 6])
    game = TacticalGame(s)
    game.apply(Load("truck", "gun"))
    s = game.state
    s.turn, s.pool, s.spent, s.paid, s.activity = 2, 6, 0, set(), {}
    for u in s.units.values():
        u.marker, u.moved_mp = None, 0.0
    game.apply(Move("truck", ((0, 1), (0, 2), (0, 3))))
    game.apply(Unload("truck"))
    gun = game.unit("gun")
    assert (gun.carrier, gun.hex, gun.marker) == (None, (0, 3), Marker.MOVED)


def _watched(b, mover, at):
    """Three German rifles on opportunity fire at (2, 0) watching `mover` at `at`; every die a
    6, which is No Effect at 1:1, so each shot shows and the mover goes on."""
    units = [
        ("m", Side.ALLIED, mover, at),
        *[(f"r{i}", Side.AXIS, RIFLE, (2, 0)) for i in range(3)],
    ]
    s = state(b, units)
    s.dice = FixedDice([6] * 10)
    for i in range(3):
        s.units[f"r{i}"].marker = Marker.OPP_FIRE
    return s


def test_opportunity_fire_shots_are_the_mp_spent_rounded_up_b15_8() -> None:
    """B.15 #8: a road hex's half MP lets one unit fire (rounded up); a 2-MP woods hex two;
    rifles never fire at armour [003 6.4.2, 6.3.6]."""
    b = board(["W.....", "W.....", "......"], roads=[((c, 2), (c + 1, 2)) for c in range(5)])
    road = _watched(b, RIFLE, (1, 2))
    events = walk(road, road.units["m"], [(2, 2)])
    assert events[0].spent == 0.5
    assert len([e for e in events if isinstance(e, Attacked)]) == 1
    woods = _watched(b, RIFLE, (1, 1))
    events = walk(woods, woods.units["m"], [(0, 1)])
    assert events[0].spent == 2
    assert len([e for e in events if isinstance(e, Attacked)]) == 2
    tank = _watched(b, PZ4H, (1, 1))
    events = walk(tank, tank.units["m"], [(0, 1)])
    assert not [e for e in events if isinstance(e, Attacked)]


def test_spotting_in_woods_succeeds_on_1_to_3() -> None:
    """A Spot action against Woods needs 1-3 [003 6.3.8]; success lets the spotter fire free."""
    units = [("a", Side.ALLIED, RIFLE, (0, 0)), ("x", Side.AXIS, RIFLE, (0, 3))]
    rows = ["......", "......", "......", "W....."]
    game = _game(units, rows=rows, rolls=[2, 3, 2])
    with pytest.raises(IllegalOrder, match="not spotted"):
        game.apply(Fire(("a",), ("x",)))
    events = game.apply(Spot("a", (0, 3)))
    assert events[0] == SpotAttempted(1, "a", (0, 3), 3, 3, True)
    assert game.points_left == 1
    events = game.apply(Fire(("a",), ("x",)))
    assert isinstance(events[0], Attacked)
    assert game.unit("a").marker is Marker.FIRED


def test_rally_is_a_morale_check_b15_2() -> None:
    """B.15 #2: rally by a morale check, 2d6 at most the nation's level (US 7); failure leaves
    the unit disrupted and unmarked to try again, success flips it and marks it Completed
    [003 7.1, 7.3]. The unit is in sight in the open, so spotted: no modifier."""
    units = [("a", Side.ALLIED, RIFLE, (0, 0)), ("x", Side.AXIS, RIFLE, (5, 5))]
    game = _game(units, rolls=[6, 5, 4, 3, 2])
    game.state.units["a"].disrupted = True
    (first,) = game.apply(Rally((0, 0)))
    assert (first.roll, first.modifier, first.level, first.passed) == (9, 0, 7, False)
    assert game.unit("a").disrupted
    assert game.unit("a").marker is None
    (second,) = game.apply(Rally((0, 0)))
    assert (second.roll, second.passed) == (5, True)
    assert not game.unit("a").disrupted
    assert game.unit("a").marker is Marker.COMPLETED
    assert game.points_left == 4


def test_orders_replay_and_undo_stops_at_a_seen_die() -> None:
    units = [
        ("a", Side.ALLIED, RIFLE, (0, 0)),
        ("b", Side.ALLIED, RIFLE, (2, 0)),
        ("x", Side.AXIS, RIFLE, (0, 3)),
    ]
    game = _game(units, seed=11)
    game.state.pool = 6
    game.apply(Move("b", ((2, 1),)))
    assert game.can_undo
    assert game.undo() == Move("b", ((2, 1),))
    assert game.unit("b").hex == (2, 0)
    game.apply(Move("b", ((2, 1),)))
    game.apply(MarkOpportunityFire(("a",)))
    game.apply(EndImpulse())
    assert not game.can_undo  # the Axis pool was rolled and seen
    replay = _game(units, seed=11)
    replay.state.pool = 6
    for order in game.orders:
        replay.apply(order)
    assert replay.log == game.log


def test_sudden_death_ends_the_game_at_victory_determination() -> None:
    hold = VictoryCondition(Side.ALLIED, VictoryKind.HOLD, ((1, 1),), sudden_death=True)
    units = [("a", Side.ALLIED, RIFLE, (1, 0)), ("x", Side.AXIS, RIFLE, (5, 5))]
    game = _game(units, seed=2, victory=[hold])
    game.state.pool = 3
    game.apply(Move("a", ((1, 1),)))
    while not game.is_over:
        game.apply(EndImpulse())
    assert game.result == TgxGameEnded(1, "allied_victory", True, 1.0)


def test_the_last_turn_reads_the_victory_conditions() -> None:
    hold = VictoryCondition(Side.AXIS, VictoryKind.HOLD, ((5, 5),))
    units = [("a", Side.ALLIED, RIFLE, (1, 0)), ("x", Side.AXIS, RIFLE, (5, 5))]
    game = _game(units, seed=2, victory=[hold], last_turn=2)
    while not game.is_over:
        game.apply(EndImpulse())
    assert game.result is not None
    assert (game.result.outcome, game.result.turn) == ("axis_victory", 2)
