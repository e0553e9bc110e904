"""Going into and out of a fortification [003 8.4]: units moving into a 20-strength
fortification go inside, two at most, and defend with its DS as armoured targets; a fortification
emptied of its garrison is taken by the side that moves in; leaving the hex leaves the fort."""

from __future__ import annotations

import pytest

from engine.tactical_gamex.combat import defense_of, target_kind
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import Move
from engine.tactical_gamex.state import Fortification
from engine.tactical_gamex.units import UnitKind
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state

FORT = (2, 3)


def _game(units, *, garrison=()):
    s = state(board(["....."] * 8), units)
    s.counters.forts[FORT] = Fortification(20)
    for unit_id in garrison:
        s.units[unit_id].in_fort = True
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6] * 20)
    return TacticalGame(s)


def test_an_emptied_enemy_fort_is_taken_by_the_units_moving_in() -> None:
    """The German garrison is gone (eliminated before); two US rifles move in and defend with
    the fort's 20 as armoured targets, a third stays on top with its own 6."""
    rifles = [(f"r{i}", Side.ALLIED, RIFLE, (2, 2)) for i in range(3)]
    game = _game([*rifles, ("g", Side.AXIS, RIFLE, (0, 7))])
    s = game.state
    for unit_id in ("r0", "r1", "r2"):
        game.apply(Move(unit_id, (FORT,)))
    inside = [u.id for u in s.units_at(FORT) if u.in_fort]
    assert inside == ["r0", "r1"]
    assert [defense_of(s, s.units[u]) for u in ("r0", "r1", "r2")] == [20, 20, 6]
    assert target_kind(s, [s.units["r0"], s.units["r1"]], [s.units["g"]]) is UnitKind.ARMORED
    assert s.stack_count(FORT) == 2  # the fort and the rifle on top [003 8.4]


def test_a_unit_leaving_the_fort_is_outside_it_and_counts_for_stacking_again() -> None:
    game = _game([("r0", Side.ALLIED, RIFLE, FORT)], garrison=("r0",))
    game.apply(Move("r0", ((2, 4),)))
    unit = game.unit("r0")
    assert (unit.hex, unit.in_fort) == ((2, 4), False)
    assert defense_of(game.state, unit) == 6
    assert game.state.stack_count((2, 4)) == 1


def test_the_fort_takes_a_unit_into_a_hex_whose_outside_is_full() -> None:
    """Stacking four: the fort and three rifles on top fill the hex, yet a fourth rifle goes
    inside, the garrison being in addition to the hex's stacking [003 8.4]."""
    outside = [(f"o{i}", Side.ALLIED, RIFLE, FORT) for i in range(3)]
    game = _game([*outside, ("r", Side.ALLIED, RIFLE, (2, 2))])
    assert game.state.stack_count(FORT) == 4
    game.apply(Move("r", (FORT,)))
    assert game.unit("r").in_fort


def test_a_fort_held_by_the_enemy_is_not_entered_while_one_of_them_is_outside() -> None:
    """Enemy units may enter "provided that there are no units outside" [003 8.4]."""
    game = _game(
        [
            ("r", Side.ALLIED, RIFLE, (2, 2)),
            ("g", Side.AXIS, RIFLE, FORT),
            ("h", Side.AXIS, RIFLE, FORT),
        ],
        garrison=("g",),
    )
    with pytest.raises(IllegalOrder, match="enemy units there"):
        game.apply(Move("r", (FORT,)))
