"""Command Control, optional rule 22 [003 22.0-22.4]: two points for a unit out of command, a
CP that has acted commands no more, rallies within the radius pass without a roll (B.15 #2),
morale -2 stacked with a CP and +1 out of command."""

from __future__ import annotations

from engine.tactical_gamex.command import in_command, radius
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.morale import morale_modifier
from engine.tactical_gamex.orders import Move, Rally
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state

ROWS = ["." * 12] * 12


def _game(rolls, *, on=True):
    units = [
        ("cp", Side.ALLIED, RIFLE, (0, 0)),
        ("near", Side.ALLIED, RIFLE, (0, 5)),
        ("far", Side.ALLIED, RIFLE, (0, 9)),
        ("x", Side.AXIS, RIFLE, (11, 11)),
    ]
    s = state(board(ROWS), units, nations={Side.ALLIED: "united_states", Side.AXIS: "germany"})
    s.morale["united_states"] = 7
    s.units["cp"].command_post = True
    s.options = frozenset({"command_control"} if on else ())
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def test_the_us_assigned_radius_is_six() -> None:
    game = _game([6])
    assert radius(game.unit("cp")) == 6
    assert in_command(game.state, game.unit("near"))
    assert not in_command(game.state, game.unit("far"))


def test_a_unit_out_of_command_costs_two_points() -> None:
    game = _game([6])
    game.apply(Move("near", ((0, 6),)))
    assert game.points_left == 5
    game.apply(Move("far", ((0, 10),)))
    assert game.points_left == 3
    off = _game([6], on=False)
    off.apply(Move("far", ((0, 10),)))
    assert off.points_left == 5


def test_a_cp_that_has_acted_commands_no_more() -> None:
    game = _game([6])
    game.apply(Move("cp", ((0, 1),)))
    assert not in_command(game.state, game.unit("near"))


def test_rally_within_the_radius_passes_without_a_roll() -> None:
    game = _game([6, 6, 6])  # the pool, then two dice the far unit's check reads
    game.state.units["near"].disrupted = True
    game.state.units["far"].disrupted = True
    (near,) = game.apply(Rally((0, 5)))
    assert near.passed
    assert near.roll == 0
    assert not game.unit("near").disrupted
    (far,) = game.apply(Rally((0, 9)))
    assert (far.roll, far.modifier, far.passed) == (12, 1, False)  # spotted, out of command


def test_stacked_with_a_cp_is_minus_two() -> None:
    game = _game([6])
    game.state.units["near"].hex = (0, 0)
    assert morale_modifier(game.state, game.unit("near")) == -2


def test_rallying_a_unit_out_of_command_costs_two() -> None:
    game = _game([6, 1, 1])
    game.state.units["far"].disrupted = True
    game.apply(Rally((0, 9)))
    assert game.points_left == 4


def test_a_lost_cp_returns_a_turn_later_on_another_unit() -> None:
    """The carrier of an attached CP destroyed: the CP goes on the turn track one turn ahead and
    is attached again at the following turn's Housekeeping [003 22.1]."""
    from engine.tactical_gamex.combat import eliminate
    from engine.tactical_gamex.events import CommandPostAttached
    from engine.tactical_gamex.turns import housekeeping

    game = _game([6])
    s = game.state
    eliminate(s, s.units["cp"])
    assert s.cp_track == [(2, Side.ALLIED)]
    first = housekeeping(s)  # turn 1's: too early
    assert not [e for e in first if isinstance(e, CommandPostAttached)]
    events = housekeeping(s)  # turn 2's
    attached = [e for e in events if isinstance(e, CommandPostAttached)]
    assert len(attached) == 1
    assert s.units[attached[0].unit].command_post
