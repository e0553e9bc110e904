"""Artillery field-of-fire limits, optional rule 19 [003 19.1-19.3]: a gun other than a mortar
faces a hexside and fires only into its arc, bounded by the lines through the hexes left and
right of the faced one, those lines included.

Decision (the text's diagram is not printed, B.13's reading): the arc is the 120 degrees
centred on the faced hexside, a hex inside when the bearing to its centre is within 60 degrees
of the facing, inclusive. A unit without a facing (none given) fires all round.

Turning [003 19.3] is checked by `check_turn`; `game_special.SpecialOrders._turn_gun` plays it."""

from __future__ import annotations

import math

from engine.hexgrid import Hex
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import ARTILLERY, Unit, Weapon
from schemas.vocabulary import Direction

Offset = tuple[int, int]
FIELD_OF_FIRE = "field_of_fire"
HALF_ARC = 60.0
CLOCKWISE = list(Direction)
"""`Direction`'s members run clockwise from Up, so neighbours in the list share a corner."""


def _vector(h: Hex) -> tuple[float, float]:
    """A flat-topped hex's centre, in hex widths (the scale cancels in the angle)."""
    return 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)


def in_arc(state: TgxState, unit: Unit, target: Offset) -> bool:
    """Whether rule 19 lets the unit fire at `target`: always when the rule is off, for
    mortars and non-artillery, and for a gun with no facing."""
    if FIELD_OF_FIRE not in state.options or unit.facing is None or unit.hex is None:
        return True
    if not unit.type.has(ARTILLERY) or unit.type.weapon is Weapon.M:
        return True
    board = state.board
    here = board.axial(unit.hex)
    there = board.axial(target)
    if here == there:
        return True
    ahead = here.neighbor(Direction(unit.facing))
    fx, fy = _vector(Hex(ahead.q - here.q, ahead.r - here.r))
    tx, ty = _vector(Hex(there.q - here.q, there.r - here.r))
    cosine = (fx * tx + fy * ty) / (math.hypot(fx, fy) * math.hypot(tx, ty))
    return math.degrees(math.acos(max(-1.0, min(1.0, cosine)))) <= HALF_ARC + 1e-6


def facings_toward(state: TgxState, unit: Unit, target: Offset) -> list[Direction]:
    """The hexsides the unit might face with `target` in its arc, the nearest the line to it
    first [003 19.2] (whether it may turn that far is `check_turn`'s)."""
    assert unit.hex is not None
    board = state.board
    here, there = board.axial(unit.hex), board.axial(target)
    tx, ty = _vector(Hex(there.q - here.q, there.r - here.r))
    ranked = []
    for facing in Direction:
        ahead = here.neighbor(facing)
        fx, fy = _vector(Hex(ahead.q - here.q, ahead.r - here.r))
        cosine = (fx * tx + fy * ty) / (math.hypot(fx, fy) * (math.hypot(tx, ty) or 1.0))
        if math.degrees(math.acos(max(-1.0, min(1.0, cosine)))) <= HALF_ARC + 1e-6:
            ranked.append((-cosine, CLOCKWISE.index(facing), facing))
    return [facing for *_, facing in sorted(ranked)]


def turns_under_rule(state: TgxState, unit: Unit) -> bool:
    """Whether rule 19 limits the unit's fire, so that turning it means anything."""
    return (
        FIELD_OF_FIRE in state.options
        and unit.type.has(ARTILLERY)
        and unit.type.weapon is not Weapon.M
        and unit.facing is not None
    )


def check_turn(state: TgxState, unit: Unit, facing: str) -> Direction:
    """The new facing of a gun turning on activation [003 19.3], or why it may not turn: guns
    of 88 mm or more one hexside left or right, other guns to any hexside.

    Decisions: a gun with no facing given fires all round (`in_arc`), so it has nothing to turn
    and turning it is refused rather than giving it a facing that would only narrow its fire;
    a carried gun turns when unloaded, not in the carrier (19.1), which `_own` already refuses."""
    if FIELD_OF_FIRE not in state.options:
        raise IllegalOrder("the situation does not use Artillery Field of Fire (rule 19)")
    if not unit.type.has(ARTILLERY) or unit.type.weapon is Weapon.M:
        raise IllegalOrder(
            f"{unit.id}: only artillery other than mortars faces a hexside [003 19.1]"
        )
    if unit.facing is None:
        raise IllegalOrder(f"{unit.id} has no facing: it fires all round")
    try:
        new = Direction(facing)
    except ValueError:
        raise IllegalOrder(f"no hexside {facing!r}") from None
    old = Direction(unit.facing)
    if new is old:
        raise IllegalOrder(f"{unit.id} already faces {facing.replace('_', ' ')}")
    steps = (CLOCKWISE.index(new) - CLOCKWISE.index(old)) % len(CLOCKWISE)
    if unit.type.large_gun and steps not in (1, len(CLOCKWISE) - 1):
        raise IllegalOrder(
            f"{unit.id} is a gun of 88 mm or more: one hexside left or right only [003 19.3]"
        )
    return new
