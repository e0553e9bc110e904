"""Interdiction attacks, optional rule 21 [003 21.1-21.3]: an off-board battery of at least 14
AS points places an Interdiction marker by the OBA procedure on a hex in sight of one of its
side's units (spotted or occupied or not); every enemy unit that spends movement points in
that hex or the six around it is attacked, armour on the 1:2 column and the others on 1:1,
without modifiers; D or DD stops it before it spends them, X eliminates it.

B.15 #12, what the text leaves open: a marker lasts until the next Housekeeping (the one of
the turn it was placed in), and several markers over a hex each attack a unit entering it."""

from __future__ import annotations

from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.combat import apply_result
from engine.tactical_gamex.events import Attacked, DefenderResult
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState, other
from engine.tactical_gamex.tables import COLUMNS
from engine.tactical_gamex.units import Unit, UnitKind

Offset = tuple[int, int]
INTERDICTION = "interdiction"
LEAST_STRENGTH = 14
ARMOR_COLUMN = COLUMNS.index("1:2")
SOFT_COLUMN = COLUMNS.index("1:1")


def check_placement(state: TgxState, attack: int) -> None:
    """IllegalOrder unless the rule is on and the battery is strong enough [003 21.2]."""
    if INTERDICTION not in state.options:
        raise IllegalOrder("the situation does not use interdiction (optional rule 21)")
    if attack < LEAST_STRENGTH:
        raise IllegalOrder(f"interdiction needs at least {LEAST_STRENGTH} AS points [003 21.2]")


def markers_over(state: TgxState, unit: Unit, hex_: Offset) -> int:
    """How many enemy Interdiction markers cover a hex (their own hex or one next to it)."""
    board = state.board
    return sum(
        1
        for marker, side in state.counters.interdiction
        if side is not unit.side and board.distance(marker, hex_) <= 1
    )


def interdict(state: TgxState, unit: Unit, hex_: Offset) -> list[object]:
    """The attacks on a unit about to spend movement points in `hex_` [003 21.3]; aircraft are
    exempt. The caller stops the unit before the hex when it is disrupted."""
    if unit.type.kind is UnitKind.AIRCRAFT:
        return []
    events: list[object] = []
    column = ARMOR_COLUMN if unit.type.kind is UnitKind.ARMORED else SOFT_COLUMN
    for _ in range(markers_over(state, unit, hex_)):
        if unit.hex is None or unit.disrupted:
            break
        with drawing(state, other(unit.side), "interdiction"):  # [003 24.1] the placer's card
            roll = state.dice.d6()
        result = state.tables.crt.result(column, roll)
        row = DefenderResult(unit.id, 0, result.value)
        events.append(
            Attacked(state.turn, "interdiction", (), hex_, 0, 0, COLUMNS[column], roll, (row,))
        )
        events += apply_result(state, unit, result)
    return events
