"""How hard the enemy a Tactical GameX computer player has spotted could hit one of its units
standing in a hex: the chance the strongest fire from one enemy hex disrupts it, and that it
destroys it, read from the title's CRT. The engineers (`computer_engineers`) and the units
leaving by the exit edge (`computer_exits`) judge their next hex by it, so that neither makes
a suicidal run."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.tactical_gamex.combat import wec_attack
from engine.tactical_gamex.forts import fire_distance
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.spotting import spotted_hexes
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.tables import Result, final_column
from engine.tactical_gamex.units import Unit

Offset = tuple[int, int]
LOSS_LIMIT = Fraction(1, 3)
"""A unit is not sent where that fire would destroy it (DD or X) more often than this."""


@dataclass(frozen=True)
class Threat:
    """The enemy's strongest direct fire from one spotted hex at a unit in a hex: the chance
    it disrupts the unit at all, and that it destroys it."""

    hits: Fraction
    destroys: Fraction


def threat_at(state: TgxState, unit: Unit, hex_: Offset) -> Threat:
    """The fire the unit would draw standing at `hex_`: the spotted enemy hexes in range and
    sight, their good-order units' WEC strength summed [003 6.4.1, 6.3.6], the strongest on
    the title's CRT with the hex's direct-fire modifier [003 6.3.5].

    Decision: only the enemy the side has spotted is counted (what the player sees), one hex
    at a time (combined fire of adjacent hexes is rarer than the fire of one)."""
    board = state.board
    worst = Threat(Fraction(0), Fraction(0))
    defense = unit.type.defense
    modifier = board.effects(hex_).drm_direct
    for there in sorted(spotted_hexes(state, unit.side)):
        shooters = [
            u
            for u in state.units_at(there)
            if u.side is not unit.side and not u.disrupted and u.carrier is None
        ]
        if not shooters or not has_los(state, there, hex_):
            continue
        distance = fire_distance(state, there, hex_)
        attack = sum(wec_attack(u.type, distance, unit.type.kind) for u in shooters)
        column = final_column(attack, defense) if attack > 0 else None
        if column is None:
            continue
        results = [state.tables.crt.result(column, roll + modifier) for roll in range(1, 7)]
        hits = Fraction(sum(r is not Result.NONE for r in results), 6)
        destroys = Fraction(sum(r in (Result.DD, Result.X) for r in results), 6)
        if (destroys, hits) > (worst.destroys, worst.hits):
            worst = Threat(hits, destroys)
    return worst
