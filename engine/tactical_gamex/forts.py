"""Going into and out of a fortification [003 8.4]: a unit moving into a fortification hex goes
beneath the counter while the fortification has room, and comes out when it leaves the hex; a
fortification emptied of its garrison is taken by whichever side moves in first; one still
garrisoned by the enemy, with none of them outside, is entered from outside, the unit stopping
there to fight the garrison as if adjacent."""

from __future__ import annotations

from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import Unit

Offset = tuple[int, int]


def room_inside(state: TgxState, unit: Unit, hex_: Offset) -> bool:
    """Whether `unit`, moving into `hex_`, goes inside its fortification [003 8.4].

    Decisions: 8.4 lets a player stack "beneath" or "on top of" the counter; the engine always
    takes the fortification's protection while it has room (DS/10 units), as it always takes
    the bail-out choice (rule 14). A fortification has no owner once empty: the text's "enemy
    units MAY enter a Fortification hex" when no units are outside it, and an emptied fort has
    none at all, so the first side in garrisons it. A carrier with a passenger stays on top:
    the capacity counts units and the text does not say whether a loaded carrier is one or
    two of them. A unit entering a fortification the enemy still holds stays outside it
    (`garrisoned_by_enemy`)."""
    fort = state.counters.forts.get(hex_)
    if fort is None or unit.passenger is not None or unit.carrier is not None:
        return False
    others = [u for u in state.units_at(hex_) if u.id != unit.id]
    if any(u.side is not unit.side for u in others):
        return False
    return sum(1 for u in others if u.in_fort) < fort.capacity


def enter(state: TgxState, unit: Unit, hex_: Offset) -> None:
    """Place `unit` in `hex_`, inside its fortification when `room_inside` says so, and out of
    any fortification it was in before."""
    inside = room_inside(state, unit, hex_)
    unit.hex = hex_
    unit.in_fort = inside


def garrisoned_by_enemy(state: TgxState, unit: Unit, hex_: Offset) -> bool:
    """Whether `hex_` is a fortification the enemy garrisons with none of its units outside,
    which `unit` may then enter, stopping there [003 8.4].

    Decisions: 8.4's "provided that there are no units outside of a Fortification" counts the
    garrison side's units only: the entering side's own units already outside (earlier
    entrants) do not bar more of them, stacking permitting. The unit stays on top of the
    counter (outside), so it may be fired at normally while the garrison defends with the
    fortification's DS. The opportunity fire 8.4 calls for, "equal to the entry cost of the
    hex terrain", is what `walk` gives any entry (the MP of the step, the fortification having
    negated the road), with the garrison inside firing as if adjacent; 6.4.2 still asks the
    shooters to be marked Opp Fire. The text says nothing of fire from elsewhere into the
    shared hex: direct fire takes the chosen targets' side only, while indirect fire and
    artillery, which attack every unit of a hex (6.4.3), fall on both sides' units."""
    if hex_ not in state.counters.forts:
        return False
    enemies = [u for u in state.units_at(hex_) if u.side is not unit.side]
    return bool(enemies) and all(u.in_fort or u.carrier is not None for u in enemies)


def fire_distance(state: TgxState, frm: Offset, to: Offset) -> int:
    """The range of fire between two hexes; within one fortification hex the garrison and the
    enemy beside it fire "as if adjacent", range 1 [003 8.4]."""
    return max(1, state.board.distance(frm, to))
