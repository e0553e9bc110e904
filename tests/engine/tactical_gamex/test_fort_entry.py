"""Entering a fortification the enemy still garrisons [003 8.4, 6.4.2]: allowed only with none
of the enemy outside it; the entrant stops there, outside the fortification, under as many
opportunity-fire attacks as the terrain's entry cost, from inside or outside; then the two
sides fight in the hex as if adjacent, the garrison defending with the fortification's DS."""

from __future__ import annotations

import pytest

from engine.tactical_gamex import attacks
from engine.tactical_gamex.combat import wec_attack
from engine.tactical_gamex.events import Attacked, UnitMoved
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder, reach
from engine.tactical_gamex.orders import Move
from engine.tactical_gamex.state import Fortification
from engine.tactical_gamex.units import Marker, UnitKind
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state

FORT = (2, 3)


def _game(fort_terrain=".", opp_fire=()):
    rows = ["....."] * 8
    rows[FORT[1]] = ".." + fort_terrain + ".."
    s = state(
        board(rows),
        [
            ("r", Side.ALLIED, RIFLE, (2, 2)),
            ("g", Side.AXIS, RIFLE, FORT),
            ("h", Side.AXIS, RIFLE, (3, 5)),
            ("k", Side.AXIS, RIFLE, (1, 5)),
        ],
    )
    s.counters.forts[FORT] = Fortification(20)
    s.units["g"].in_fort = True
    for unit_id in opp_fire:
        s.units[unit_id].marker = Marker.OPP_FIRE
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6] * 20)
    return TacticalGame(s)


def test_the_entrant_must_stop_in_the_fort_hex_outside_the_fort() -> None:
    game = _game()
    assert FORT in reach(game.state, game.unit("r"))  # the window offers the hex
    with pytest.raises(IllegalOrder, match="must stop"):
        game.apply(Move("r", (FORT, (2, 4))))
    events = game.apply(Move("r", (FORT,)))
    moved = events[0]
    assert isinstance(moved, UnitMoved)
    assert moved.halted == "entered a fortification the enemy holds"
    r, g = game.unit("r"), game.unit("g")
    assert (r.hex, r.in_fort) == (FORT, False)
    assert (g.hex, g.in_fort) == (FORT, True)


def test_opportunity_fire_by_the_entry_cost_from_inside_and_outside() -> None:
    """Woods cost a rifle 2 MP: of three Germans marked Opp Fire, two fire as it enters, the
    garrison first (its 6 at range 1, as if adjacent, is the strongest)."""
    game = _game("W", opp_fire=("g", "h", "k"))
    events = game.apply(Move("r", (FORT,)))
    shots = [e for e in events if isinstance(e, Attacked) and e.kind == "opportunity fire"]
    assert len(shots) == 2
    assert shots[0].attackers == ("g",)
    assert shots[0].attack == wec_attack(RIFLE, 1, UnitKind.SOFT)
    fired = sorted(u for u in ("g", "h", "k") if game.unit(u).marker is Marker.FIRED)
    assert len(fired) == 2
    assert "g" in fired


def test_the_two_sides_fight_in_the_hex_as_if_adjacent() -> None:
    """The garrison fires at the entrant at range 1 against its own DS; the entrant's rifle
    cannot fire at the garrison, an armoured target, but close-assaults it from inside the hex,
    the garrison defending with the fortification's 20, and vice versa [003 8.4]."""
    game = _game()
    game.apply(Move("r", (FORT,)))
    s = game.state
    r, g = s.units["r"], s.units["g"]
    out = attacks.direct_fire_spec(s, [g], [r])
    assert (out.attack, out.defense, out.targets) == (wec_attack(RIFLE, 1, UnitKind.SOFT), 6, (r,))
    with pytest.raises(IllegalOrder, match="cannot attack armored targets"):
        attacks.direct_fire_spec(s, [r], [g])  # the garrison is an armoured target [003 8.4]
    assault = attacks.close_assault_spec(s, [r], FORT)
    assert (assault.targets, assault.defense) == ((g,), 20)
    back = attacks.close_assault_spec(s, [g], FORT)
    assert (back.targets, back.defense) == ((r,), 6)
