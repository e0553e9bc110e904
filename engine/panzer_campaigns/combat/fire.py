"""Firing [000 5.0, 5.1]: a unit fires at a hex, pays its movement points, counts toward the
Hex Fire Limitation, is revealed to an enemy that sees it, and the target unit takes the combat
result (`engine.panzer_campaigns.combat.losses.apply_combat_result`).
"""

from __future__ import annotations

from engine.panzer_campaigns import spotting
from engine.panzer_campaigns.allowance import mp_left
from engine.panzer_campaigns.combat.activity import mark_active, player_turn_index
from engine.panzer_campaigns.combat.counterbattery import counterbattery_spotting
from engine.panzer_campaigns.combat.events import (
    CounterbatterySpotted,
    Fired,
    LossesTaken,
    RubbleMade,
)
from engine.panzer_campaigns.combat.fire_preview import FirePreview, preview_fire
from engine.panzer_campaigns.combat.fire_targets import (
    FireTarget,
    fire_cost,
    fire_targets,
    hex_fire_allows,
    hex_fire_used,
    indirect_fire_into,
    spotters_of,
    target_unit,
    why_cannot_fire,
)
from engine.panzer_campaigns.combat.kinds import CombatKind

__all__ = ["FirePreview", "fire", "fire_targets", "preview", "why_not"]
from engine.panzer_campaigns.combat.losses import apply_combat_result
from engine.panzer_campaigns.combat.rubble import rubble_from_fire
from engine.panzer_campaigns.combat.spotters import unspotted_reason, why_not_spotter
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.sightings import Sight
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState


def preview(state: GameState, unit: UnitState, hex_index: int) -> FirePreview | None:
    """What `unit` firing at `hex_index` would do now, or None when it may not fire there."""
    target = fire_targets(state, unit, hex_index).get(hex_index)
    if target is None:
        return None
    enemy = target_unit(state, unit, target)
    return None if enemy is None else preview_fire(state, unit, enemy, target)


def why_not(state: GameState, unit: UnitState, hex_index: int) -> str:
    """Why `unit` may not fire at `hex_index` now, as a player reads it."""
    reason = why_cannot_fire(state, unit)
    if reason is not None:
        return reason
    if not hex_fire_allows(state, unit):
        return f"{unit.id}'s hex has reached its Hex Fire Limitation this turn"
    if mp_left(state, unit) < fire_cost(state, unit, CombatKind.DIRECT_FIRE) - 1e-9:
        return f"{unit.id} has too few movement points left to fire"
    column, row = state.board.offset(hex_index)
    unspotted = why_unspotted(state, unit, hex_index)
    if unspotted is not None:
        return f"{unit.id} cannot fire indirectly at {column},{row}: {unspotted}"
    return f"{unit.id} has no target it can fire at in {column},{row}"


def why_unspotted(state: GameState, unit: UnitState, hex_index: int) -> str | None:
    """When `unit` could fire indirectly at `hex_index` but for its spotters: the units of
    its controlling organization that see the hex and why none of them may spot (Broken, or
    in Panzer Battles moved or fired this turn [000 5.0, 001 #10]); else None."""
    if not unit.unit.indirect_fire or unit.unavailable or unit.setup_required:
        return None
    distance = state.board.distance(unit.hex, hex_index)
    if not 1 < distance <= max(unit.unit.soft_range, unit.unit.hard_range):
        return None
    if not any(
        seen.hex == hex_index and state.units[enemy].hex == hex_index
        for enemy, seen in spotting.spotted_by(state, unit.side).items()
    ):
        return None
    seeing = [
        s
        for s in spotters_of(state, unit, may_spot=False)
        if spotting.sees(state, s.hex, hex_index)
    ]
    if not seeing or any(why_not_spotter(state, s) is None for s in seeing):
        return None
    column, row = state.board.offset(hex_index)
    return unspotted_reason(state, seeing, f"{column},{row}")


def fire(
    state: GameState, unit: UnitState, hex_index: int
) -> list[Fired | LossesTaken | CounterbatterySpotted | RubbleMade]:
    """`unit` fires at `hex_index` [000 5.1]: IllegalMove (nothing changed) when it may not.

    In order: the movement points (1/3 or 1/2 of the allowance) are spent; the firer's strength
    counts toward its hex's Hex Fire Limitation; the firer has seen action (no recovery next
    turn [000 9.3, 12.0]) and, having fired, is revealed to an enemy that sees its hex
    ("units that fire in view are spotted" [000 4.8]); the target unit takes the combat result
    of the preview's combat value and percentage modifier, with its disruption factor; indirect
    fire may rubble an urban hex (`engine.panzer_campaigns.combat.rubble`); under
    the Counterbattery Fire optional rule, artillery the enemy had not spotted may now be
    (`engine.panzer_campaigns.combat.counterbattery`).
    """
    target: FireTarget | None = fire_targets(state, unit, hex_index).get(hex_index)
    enemy = None if target is None else target_unit(state, unit, target)
    if target is None or enemy is None:
        raise IllegalMove(why_not(state, unit, hex_index))
    seen = preview_fire(state, unit, enemy, target)
    unit.mp_spent += seen.mp_cost
    state.hex_fire[unit.hex] = (
        player_turn_index(state),
        hex_fire_used(state, unit.hex) + unit.men_equivalent,
    )
    if target.kind is CombatKind.INDIRECT_FIRE:
        state.indirect_fire_into[hex_index] = (
            player_turn_index(state),
            indirect_fire_into(state, hex_index) + unit.men_equivalent,
        )
    mark_active(state, unit)
    unit.fired = player_turn_index(state)
    before = spotting.spotted_by(state, other_side(unit.side)).get(unit.id)
    was_spotted = before is not None and before.grade is Sight.SPOTTED
    spotting.reveal(state, unit)
    fired = Fired(
        state.turn,
        unit.id,
        unit.side,
        state.board.offset(hex_index),
        target.kind.value,
        enemy.id,
        round(seen.value, 3),
        seen.modifier_pct,
        tuple(m.describe() for m in seen.modifiers),
        round(seen.mp_cost, 3),
        target.unknown,
    )
    losses = apply_combat_result(
        state,
        enemy,
        seen.value,
        seen.modifier_pct,
        target.kind,
        disruption_factor=seen.disruption_factor,
    )
    events: list[Fired | LossesTaken | CounterbatterySpotted | RubbleMade] = [fired, losses]
    if target.kind is CombatKind.INDIRECT_FIRE:
        rubble = rubble_from_fire(state, hex_index, seen.value)
        spotted = counterbattery_spotting(state, unit, was_spotted=was_spotted)
        events += [event for event in (rubble, spotted) if event is not None]
    return events
