"""Attrition and risk on the march: Disruption of units moving at night off the road [000 4.1]
and vehicle breakdown [000 4.2]. `engine.panzer_campaigns.movement_walk` rolls them as a unit
moves."""

from __future__ import annotations

from engine.panzer_campaigns.march_events import NightDisrupted, VehicleBrokeDown
from engine.panzer_campaigns.objectives import record_loss
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import DayPhase, Mode
from schemas.vocabulary import Quality

# [000 4.1] "The probability for Quality A units is multiplied by 0.25" ... F by 4.00; C is x1.
NIGHT_QUALITY_MULTIPLIER = {
    Quality.A: 0.25,
    Quality.B: 0.50,
    Quality.C: 1.00,
    Quality.D: 1.50,
    Quality.E: 2.00,
    Quality.F: 4.00,
}

# [000 4.2] the Quality Modifier Q of the breakdown formula.
BREAKDOWN_QUALITY_MODIFIER = {
    Quality.A: 1.2,
    Quality.B: 1.1,
    Quality.C: 1.0,
    Quality.D: 0.8,
    Quality.E: 0.6,
    Quality.F: 0.4,
}

LOW_RELIABILITY_FACTOR = 3  # [000 4.2] "3 times the normal probability"


def night_disruption_chance(state: GameState, unit: UnitState) -> float:
    """The chance, as a fraction, that `unit` becomes Disrupted in each hex it enters at night
    off the stated restrictions: the Night Movement Disruption value times its quality's
    multiplier [000 4.1]. 0 by day, when the value is 0, in Rail Mode (which moves only on rail
    lines) and for a unit already Disrupted or Broken.

    Decision: a Broken unit is already worse than Disrupted, so it does not roll; the chance is
    capped at 1 (an F unit with a value above 25%)."""
    value = state.parameters.movement.night_disruption
    if value <= 0 or unit.disrupted or unit.broken or unit.mode is Mode.RAIL:
        return 0.0
    if state.clock.phase_of(state.turn) is not DayPhase.NIGHT:
        return 0.0
    return min(1.0, value / 100 * NIGHT_QUALITY_MULTIPLIER[unit.unit.quality])


def exempt_at_night(unit: UnitState, along_road: bool) -> bool:
    """Whether a step is one of those "by Travel Mode on roads or rail lines, or Rail Mode on
    rail lines" that never disrupt [000 4.1]. `along_road` is whether the step was taken at the
    road (or rail) rate (`engine.panzer_campaigns.movement_steps.Step.road`).

    Decision: a Travel Mode unit leaving the road for a cross-country hex rolls for that hex;
    a Rail Mode unit only ever moves along rails, so it never rolls."""
    if unit.mode is Mode.RAIL:
        return True
    return unit.mode is Mode.TRAVEL and along_road


def roll_night_disruption(
    state: GameState, unit: UnitState, hex_index: int, chance: float
) -> NightDisrupted | None:
    """One roll for a hex entered at night [000 4.1]: Disrupted, the event; else None."""
    if chance <= 0 or state.rng.random() >= chance:
        return None
    unit.disrupted = True
    state.touch(unit)
    return NightDisrupted(state.turn, unit.id, unit.side, state.board.offset(hex_index))


def breakdown_chance(state: GameState, unit: UnitState, cost: float) -> float:
    """The probability `V*C*B/(40000*Q)` that a move costing `C` movement points takes one
    vehicle from a unit of `V` vehicles [000 4.2], tripled for Low Reliability units; 0 for a
    unit that is not made of vehicles or has a single vehicle ("never eliminated by this
    process").

    Decisions [000 4.2]: the formula is per move, with C the movement points the whole move
    cost, so one move loses at most one vehicle; a probability above 1 is 1. "A unit consisting
    of vehicles" is a unit whose strength counts vehicles: towed guns and ships do not break
    down."""
    breakdown = state.parameters.movement.vehicle_breakdown
    if breakdown <= 0 or cost <= 0 or not unit.is_vehicle or unit.unit.naval:
        return 0.0
    if unit.strength <= 1:
        return 0.0
    quality = BREAKDOWN_QUALITY_MODIFIER[unit.unit.quality]
    chance = unit.strength * cost * breakdown / (40000 * quality)
    if unit.unit.low_reliability:
        chance *= LOW_RELIABILITY_FACTOR
    return min(1.0, chance)


def may_break_down(state: GameState, unit: UnitState) -> bool:
    """Whether any move of `unit` could cost it a vehicle (so the mover measures its cost)."""
    return breakdown_chance(state, unit, 1.0) > 0


def roll_breakdown(state: GameState, unit: UnitState, cost: float) -> VehicleBrokeDown | None:
    """The breakdown roll of a move that cost `cost` movement points [000 4.2]: a vehicle lost
    (counted in the side's losses like any other), the event; else None."""
    chance = breakdown_chance(state, unit, cost)
    if chance <= 0 or state.rng.random() >= chance:
        return None
    unit.strength -= 1  # never the last: breakdown_chance is 0 for a single vehicle
    record_loss(state, unit, 1)
    state.touch(unit)
    return VehicleBrokeDown(state.turn, unit.id, unit.side, chance)
