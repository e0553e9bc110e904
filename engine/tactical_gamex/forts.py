"""Going into and out of a fortification [003 8.4]: a unit moving into a fortification hex goes
beneath the counter while the fortification has room, and comes out when it leaves the hex; a
fortification emptied of its garrison is taken by whichever side moves in first."""

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
    two of them. Entering a fortification still held by the enemy (stopping there, opportunity
    fire by its entry cost, fighting in the hex as if adjacent) is not played: `movement.step`
    refuses any hex with enemy units."""
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
