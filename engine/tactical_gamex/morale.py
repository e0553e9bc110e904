"""Morale checks, 2d6 against the nation's Morale Level [003 7.1], and rallying disrupted units
[003 7.3]."""

from __future__ import annotations

from engine.tactical_gamex import command
from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.events import MoraleChecked
from engine.tactical_gamex.spotting import is_spotted
from engine.tactical_gamex.state import TgxState, other
from engine.tactical_gamex.units import Marker, Unit


def morale_modifier(state: TgxState, unit: Unit) -> int:
    """The cumulative modifier of a unit's check [003 7.1]: not spotted -1; in Town (any
    terrain the TEC marks protective), a Fortification or an Improved Position -1; with
    Command Control on, stacked with a CP -2 and out of command +1 [003 22.4]."""
    assert unit.hex is not None
    modifier = 0
    if not is_spotted(state, unit, other(unit.side)):
        modifier -= 1
    hex_ = unit.hex
    if state.board.effects(hex_).protective or unit.in_fort or hex_ in state.counters.improved:
        modifier -= 1
    if command.stacked_with_cp(state, unit):
        modifier -= 2
    if not command.in_command(state, unit):
        modifier += 1
    return modifier


def morale_check(state: TgxState, unit: Unit, purpose: str) -> MoraleChecked:
    """Roll a unit's morale check; it passes when 2d6 plus modifiers is at most its nation's
    level [003 7.1]."""
    level = state.morale[unit.nation]
    with drawing(state, unit.side, f"morale check, {purpose}"):  # [003 24.1] the owner draws
        roll = state.dice.two_d6()
    modifier = morale_modifier(state, unit)
    return MoraleChecked(
        state.turn, unit.id, purpose, roll, modifier, level, roll + modifier <= level
    )


def rally(state: TgxState, unit: Unit) -> MoraleChecked:
    """A rally attempt [003 7.3]. B.15 #2: 4.2.2 reads as if rallied units flip at once, 7.3
    asks for a morale check; the engine rolls the check. Success flips the unit and marks it
    Completed; failure leaves it unmarked, to try again in this or a later activation. With
    Command Control on, a unit within a CP's radius rallies without a roll [003 22.2]."""
    if command.is_on(state) and command.in_command(state, unit):
        # B.15 #2 / [003 22.2]: within a CP's radius a rally passes without a roll
        check = MoraleChecked(state.turn, unit.id, "rally in command", 0, 0, 0, True)
    else:
        check = morale_check(state, unit, "rally")
    if check.passed:
        unit.disrupted = False
        unit.marker = Marker.COMPLETED
    return check
