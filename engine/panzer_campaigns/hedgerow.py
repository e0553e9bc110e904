"""Vehicles made Vulnerable by a Hedge Row hexside in Panzer Battles [001 "Hedge Row Rules",
#11, #12]: which crossings make a unit Vulnerable and when it stops being so. Fire and assault
halve a Vulnerable unit's defense (`engine.panzer_campaigns.combat.fire_preview`,
`assault_modifiers`).
"""

from __future__ import annotations

from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.vocabulary import HexsideKind, Side


def crosses_hedgerow(state: GameState, from_hex: int, direction: int) -> bool:
    """Whether the hexside of `from_hex` in `direction` holds a Hedge Row."""
    return HexsideKind.HEDGEROW in state.board.edge_kinds(from_hex, direction)


def mark_crossing(state: GameState, unit: UnitState, from_hex: int, direction: int) -> bool:
    """Make `unit` Vulnerable when it is a vehicle crossing a Hedge Row: "Vehicles crossing
    Hedge Row become Vulnerable and have half defense value" [001 "Hedge Row Rules"]; whether
    it did. Decision (the manual names vehicles only): units whose strength counts vehicles;
    motorised infantry in Travel Mode ride trucks that the unit data does not count, so they
    do not (unlike the assault rule's "vehicles" [000 6.2], which the manual defines)."""
    if not (state.profile.hedgerow_vulnerable and unit.is_vehicle):
        return False
    if not crosses_hedgerow(state, from_hex, direction):
        return False
    unit.vulnerable = True
    return True


def clear_vulnerable(state: GameState, side: Side) -> None:
    """End Vulnerability for `side`'s units. Decision (the manual does not say how long a
    vehicle stays Vulnerable [001 "Hedge Row Rules"]): until the start of its side's next player
    turn, so through the enemy player turn that follows the crossing, when the fire that
    punishes the crossing comes."""
    for unit in state.iter_units(side):
        unit.vulnerable = False
