"""Solitaire play, optional rule 23 [003 23.1, 23.2]: hesitation (a unit in sight and range of
a good-order enemy passes a morale check before moving, or may not move closer to it) and every
unit not yet activated eligible for opportunity fire."""

from __future__ import annotations

from engine.tactical_gamex.combat import wec_attack
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import Marker, Unit

Offset = tuple[int, int]
SOLITAIRE = "solitaire"


def is_on(state: TgxState) -> bool:
    return SOLITAIRE in state.options


def may_opportunity_fire(state: TgxState, unit: Unit) -> bool:
    """Marked for Opportunity Fire, or under rule 23 any unit not yet activated [003 23.2]."""
    if unit.marker is Marker.OPP_FIRE:
        return True
    return is_on(state) and unit.marker is None


def watchers(state: TgxState, unit: Unit) -> list[Unit]:
    """The good-order enemies with the unit in sight and in range of their weapons [003 23.1]
    (range read as a WEC strength above nothing at that distance)."""
    if unit.hex is None:
        return []
    found: list[Unit] = []
    for enemy in state.iter_units():
        if enemy.side is unit.side or enemy.disrupted or enemy.carrier is not None:
            continue
        assert enemy.hex is not None
        distance = state.board.distance(enemy.hex, unit.hex)
        if wec_attack(enemy.type, distance, unit.type.kind) <= 0:
            continue
        if has_los(state, enemy.hex, unit.hex):
            found.append(enemy)
    return found


def closer(state: TgxState, frm: Offset, to: Offset, enemies: list[Unit]) -> bool:
    """Whether a step brings the unit nearer any of the enemies."""
    board = state.board
    return any(
        e.hex is not None and board.distance(to, e.hex) < board.distance(frm, e.hex)
        for e in enemies
    )
