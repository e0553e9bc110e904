"""A unit's movement allowance with its modifiers [000 4.0, 4.1, 10.2, 11.0, 13.3], and what
kind of mover a unit is: the cost column it moves by, and whether it is a rail unit, a heavy gun,
armoured or must be in Travel Mode to move [000 4.1, 4.2, 4.5]."""

from __future__ import annotations

from engine.panzer_campaigns.phases import is_phased
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import ArtilleryKind, Component, UnitClass
from schemas.panzer_campaigns.scenario import DayPhase, Mode
from schemas.vocabulary import Condition, MovementClass, Quality, Side

VEHICLE_CLASSES = frozenset(
    {MovementClass.MOTORIZED, MovementClass.HALFTRACK, MovementClass.TRACKED}
)
"""Classes that move as vehicles, kept off `vehicles_road_only` terrain except by road [000 4.1]."""
VEHICLE_QUALITY = {
    Quality.A: 1.2,
    Quality.B: 1.1,
    Quality.C: 1.0,
    Quality.D: 0.9,
    Quality.E: 0.8,
    Quality.F: 0.7,
}
"""Factor on the movement allowance of vehicle units by quality [000 4.0]."""
NON_VEHICLE_QUALITY = {
    Quality.A: 1.1,
    Quality.B: 1.1,
    Quality.C: 1.0,
    Quality.D: 0.9,
    Quality.E: 0.9,
    Quality.F: 0.8,
}
"""Factor on the movement allowance of other units by quality [000 4.0]."""


def quality_factor(quality: Quality, vehicle: bool) -> float:
    """The quality modifier on the movement allowance [000 4.0].

    >>> quality_factor(Quality.A, vehicle=True), quality_factor(Quality.A, vehicle=False)
    (1.2, 1.1)
    """
    return (VEHICLE_QUALITY if vehicle else NON_VEHICLE_QUALITY)[quality]


def movement_allowance(state: GameState, unit: UnitState) -> float:
    """A unit's movement allowance this turn: its speed with every modifier [000 4.0].

    - quality: vehicle units (strength in vehicles) A +20% to F -30%, others A +10% to F -20%;
    - Low on Fuel: x1/2 [000 10.2], except On Foot units, which keep "their default foot
      movement allowance";
    - Disrupted at night: x2/3 [000 4.1];
    - phased play (the Manual Defensive Fire optional rule): x2/3 [000 13.3];
    - Frozen Penalty FP of the unit's side, vehicle units during Frozen turns: -2 x FP
      [000 11.0], never below 0.

    Decisions: the factors multiply, and the result is not rounded (the manual gives no
    rounding). On Foot units keep their speed: the OOB holds no separate foot speed [GAP].
    """
    static = unit.unit
    allowance = static.speed * quality_factor(static.quality, unit.is_vehicle)
    if unit.low_fuel and not unit.on_foot:
        allowance *= 0.5
    if unit.disrupted and state.clock.phase_of(state.turn) is DayPhase.NIGHT:
        allowance *= 2 / 3
    if is_phased(state):
        allowance *= 2 / 3
    if unit.is_vehicle and state.weather.condition is Condition.FROZEN:
        penalty = state.parameters.recovery.frozen_penalty
        percent = penalty.allied if unit.side is Side.ALLIED else penalty.axis
        allowance *= max(0.0, 1 - 2 * percent / 100)
    return allowance


def mp_left(state: GameState, unit: UnitState) -> float:
    """Movement points a unit has left this player turn."""
    return max(0.0, movement_allowance(state, unit) - unit.mp_spent)


PATROL_RECALL_SHARE = 0.5
""""It costs 1/2 of the movement allowance of the unit to recall Patrols" [000 4.2]."""


def mp_left_to_move(state: GameState, unit: UnitState) -> float:
    """Movement points a unit has left for a move: those left, less the half allowance a
    Patrolling unit spends first to recall its patrols, "done automatically when the unit
    moves" [000 4.2] (`engine.panzer_campaigns.patrols.recall`)."""
    left = mp_left(state, unit)
    if unit.patrolling:
        left -= PATROL_RECALL_SHARE * movement_allowance(state, unit)
    return max(0.0, left)


def movement_class_of(unit: UnitState) -> MovementClass:
    """The cost column a unit moves by now: rail in Rail Mode, foot when On Foot [000 4.1, 4.2]."""
    if unit.mode is Mode.RAIL:
        return MovementClass.RAIL
    if unit.on_foot:
        return MovementClass.FOOT
    return unit.unit.movement_class


def is_rail_unit(unit: UnitState) -> bool:
    """A rail unit: moves only in Rail Mode, unless it is an armoured train [000 4.2]."""
    return unit.unit.rail_unit or unit.unit.movement_class is MovementClass.RAIL


def is_armoured_train(unit: UnitState) -> bool:
    """An armour-type rail unit, "not required to be in rail mode to move" [000 4.2]."""
    return unit.unit.unit_class in (UnitClass.ARMORED_TRAIN, UnitClass.ARMOR)


def is_heavy_gun(unit: UnitState) -> bool:
    """Heavy towed artillery or a siege gun: the whole allowance to change Travel Mode [000 4.1]."""
    static = unit.unit
    siege = static.artillery_kind is ArtilleryKind.SIEGE_GUN or (
        static.unit_class is UnitClass.SIEGE_GUN
    )
    heavy = static.artillery_kind is ArtilleryKind.HEAVY_ARTILLERY or (
        static.unit_class is UnitClass.HEAVY_ARTILLERY
    )
    return siege or (heavy and static.towed)


def needs_travel_mode_to_move(unit: UnitState) -> bool:
    """Towed guns and siege guns move only in Travel or Rail Mode [000 4.1, 5.4]."""
    static = unit.unit
    return static.towed or static.artillery_kind is ArtilleryKind.SIEGE_GUN


def is_armoured(unit: UnitState) -> bool:
    """Armoured for medium bridges: tracked, or a hard-target vehicle unit [000 4.5]."""
    movement_class = movement_class_of(unit)
    return movement_class is MovementClass.TRACKED or (
        movement_class in VEHICLE_CLASSES
        and unit.unit.hard_target
        and unit.unit.component is Component.VEHICLES
    )
