"""Command Control's Reinforcement Exception [003 22.2]: a reinforcement entering the map is in
command (one point, wherever the CPs are) and takes no morale check to come on (no 23.1
hesitation); once on the map it needs command like any unit."""

from __future__ import annotations

from engine.tactical_gamex.command import entering, in_command
from engine.tactical_gamex.events import MoraleChecked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.orders import Move
from engine.tactical_gamex.state import Arrival
from engine.tactical_gamex.turns import arrive
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state

ENTRY = (0, 9)


def _game(rolls, options=("command_control",)):
    units = [
        ("cp", Side.ALLIED, RIFLE, (0, 0)),
        ("late", Side.ALLIED, RIFLE, None),
        ("x", Side.AXIS, RIFLE, (0, 11)),
    ]
    s = state(
        board(["." * 12] * 12), units, nations={Side.ALLIED: "united_states", Side.AXIS: "germany"}
    )
    s.morale["united_states"] = 7
    s.units["cp"].command_post = True  # US radius 6: the entry hex, nine away, is beyond it
    s.options = frozenset(options)
    s.first_initiative = Side.ALLIED
    s.arrivals = (Arrival(1, ("late",), (ENTRY,)),)
    arrive(s)
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def test_a_reinforcement_enters_in_command_then_needs_command() -> None:
    game = _game([6])
    late = game.unit("late")
    assert late.hex == ENTRY
    assert entering(game.state, late)
    assert in_command(game.state, late)
    left = game.points_left
    game.apply(Move("late", ((0, 8),)))
    assert game.points_left == left - 1  # one point, not the two of a unit out of command
    assert not entering(game.state, late)
    assert not in_command(game.state, late)  # on the map now, eight hexes from the CP


def test_entering_spares_the_hesitation_check_only_under_rule_22() -> None:
    """The enemy rifle two hexes off sees the entry hex: under 23.1 alone the mover rolls a
    hesitation check (12 fails: it may not close); entering under rule 22 it takes none."""
    game = _game([6] * 6, options=("command_control", "solitaire"))
    s = game.state
    events = walk(s, s.units["late"], [(0, 10)])
    assert not [e for e in events if isinstance(e, MoraleChecked)]
    assert s.units["late"].hex == (0, 10)
    alone = _game([6] * 6, options=("solitaire",))
    s = alone.state
    events = walk(s, s.units["late"], [(0, 10)])
    assert [e.purpose for e in events if isinstance(e, MoraleChecked)] == ["hesitation"]
    assert s.units["late"].hex == ENTRY
