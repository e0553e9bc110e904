"""Artillery field-of-fire limits, optional rule 19 [003 19.1-19.3]: a gun other than a mortar
faces a hexside and fires only into its arc, bounded by the lines through the hexes left and
right of the faced one, those lines included.

Decision (the text's diagram is not printed, B.13's reading): the arc is the 120 degrees
centred on the faced hexside, a hex inside when the bearing to its centre is within 60 degrees
of the facing, inclusive. A unit without a facing (none given) fires all round."""

from __future__ import annotations

import math

from engine.hexgrid import Hex
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import ARTILLERY, Unit, Weapon
from schemas.vocabulary import Direction

Offset = tuple[int, int]
FIELD_OF_FIRE = "field_of_fire"
HALF_ARC = 60.0


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
