"""Units carried by other units in Panzer Battles [001 "Carry/Uncarry", #21, #23]: who may carry
whom and how many, boarding and setting down, and which passengers are external riders. A
passenger stays on its carrier's hex (`GameState.put` moves it along) but takes no part in
movement, fire or assault of its own while it rides.

Decisions [001 "Carry/Uncarry"] (the manual says nothing of stacking, sight or zones of
control for passengers): a passenger still stands on the hex, so it counts toward the hex's
stacking, sees and is seen, and exerts its zone of control as any unit there; the stacking
check of a carrier entering a hex weighs the carrier alone. Naval carrying follows the
manual's capacities; the passengers of a ship combat eliminates are
`engine.panzer_campaigns.combat.naval_passengers` [001 #27].
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns.allowance import movement_allowance
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import Component, UnitClass
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import MovementClass, Side

TRANSPORT_MEN = 10
"""A Transport unit "can carry 10 men or 1 gun per transport vehicle" [001 "Carry/Uncarry"]."""
NAVAL_MEN, NAVAL_GUNS_OR_VEHICLES = 40, 4
"""A Naval unit "can carry 40 men, 4 guns, or 4 vehicles per naval vehicle"."""
RIDERS_PER_VEHICLE = 5
"""A non-Transport unit "can carry 5 external riders (foot only) per vehicle"."""
RIDER_DEFENSE = 16
""""External passengers have defense=16 and can be fired upon even when carried by a hard
vehicle" [001 "Carry/Uncarry"]."""

_MOTORIZED_INFANTRY = frozenset({UnitClass.MOTORIZED_INFANTRY, UnitClass.MECHANIZED_INFANTRY})


@dataclass(frozen=True, slots=True)
class Carried:
    """A unit boarded another [001 "Carry/Uncarry"]."""

    turn: int
    side: Side
    carrier: str
    unit: str
    external: bool

    def describe(self) -> str:
        """One sentence for a report."""
        how = "as external riders" if self.external else "inside"
        return f"{self.carrier} carries {self.unit} {how}"


@dataclass(frozen=True, slots=True)
class Uncarried:
    """A carrier set its passengers down on its hex."""

    turn: int
    side: Side
    carrier: str
    units: tuple[str, ...]

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.carrier} sets down {', '.join(self.units)}"


def is_transport(unit: UnitState) -> bool:
    """A unit "of type Transport": its class, or the Transport flag of the unit data."""
    return unit.unit.transport or unit.unit.unit_class is UnitClass.TRANSPORT


def is_naval(unit: UnitState) -> bool:
    """A unit "of type Naval": its class, or the Naval flag of the unit data [000 4.2]."""
    return unit.unit.naval or unit.unit.unit_class is UnitClass.NAVAL


def is_external_rider(state: GameState, unit: UnitState) -> bool:
    """Whether `unit` rides on the outside of a non-Transport, non-Naval vehicle unit."""
    if unit.carried_by is None:
        return False
    carrier = state.units[unit.carried_by]
    return not (is_transport(carrier) or is_naval(carrier))


def _load(units: list[UnitState], carrier: UnitState) -> float:
    """The share of the carrier's vehicles that `units` need (1.0 = all of them)."""
    vehicles = max(carrier.strength, 0)
    if vehicles == 0:
        return float("inf")
    men = sum(u.strength for u in units if u.unit.component is Component.MEN)
    guns = sum(u.strength for u in units if u.unit.component is Component.GUNS)
    rides = sum(u.strength for u in units if u.unit.component is Component.VEHICLES)
    if is_naval(carrier):
        return (men / NAVAL_MEN + (guns + rides) / NAVAL_GUNS_OR_VEHICLES) / vehicles
    if is_transport(carrier):
        return (men / TRANSPORT_MEN + guns) / vehicles
    return men / RIDERS_PER_VEHICLE / vehicles


def why_not_carry(state: GameState, carrier: UnitState, unit: UnitState) -> str | None:
    """Why `carrier` may not take `unit` aboard now, or None [001 "Carry/Uncarry"].

    Transport units carry men or guns, Naval units men, guns or vehicles, any other vehicle unit
    foot units as external riders ("On Foot" motorised or mechanised troops excepted); the load
    is the sum over passengers of what each needs of the capacity per vehicle.

    Decisions (the manual gives no costs nor conditions beyond these): both stand on one hex,
    and boarding costs no movement points, as the manual's other organisation commands
    (Combine, Break Down [000 4.9]); a carrier or passenger that is Broken cannot organise the
    boarding, nor a unit that is itself carried or carrying; a passenger that has used all its
    movement points this player turn cannot board; both must be Deployed or in Travel Mode
    (not Rail), as loading onto a moving train is the rail rules' business. A unit in
    Travel Mode boards in it; nothing changes its mode."""
    if not state.profile.carrying:
        return "only Panzer Battles units carry other units"
    name, carrier_name = unit.id, carrier.id
    if unit is carrier:
        return f"{name} cannot carry itself"
    if unit.side is not carrier.side or unit.hex != carrier.hex:
        return f"{name} is not on {carrier_name}'s hex"
    if carrier.carried_by is not None or unit.carried_by is not None:
        return f"{name if unit.carried_by else carrier_name} is already carried"
    if unit.carrying:
        return f"{name} carries units itself"
    if not carrier.is_vehicle:
        return f"{carrier_name} has no vehicles to carry units"
    if carrier.broken or unit.broken:
        return f"{carrier_name if carrier.broken else name} is Broken"
    if Mode.RAIL in (carrier.mode, unit.mode):
        return f"{carrier_name if carrier.mode is Mode.RAIL else name} is in Rail Mode"
    if unit.is_immobile:  # speed 0: "never moves" [000 4.6], not even aboard
        return f"{name} is immobile"
    if unit.mp_spent >= movement_allowance(state, unit) > 0:
        return f"{name} has no movement points left"
    if is_naval(carrier):
        pass
    elif is_transport(carrier):
        if unit.unit.component is Component.VEHICLES:
            return f"{carrier_name} carries men or guns, not vehicles"
    else:
        if unit.unit.component is not Component.MEN or unit.unit.movement_class is not (
            MovementClass.FOOT
        ):
            return f"{name} is not a foot unit: only foot units ride on {carrier_name}"
        if unit.on_foot and unit.unit.unit_class in _MOTORIZED_INFANTRY:
            return f"{name} is On Foot motorised infantry, which cannot ride externally"
    aboard = [state.units[p] for p in carrier.carrying]
    if _load([*aboard, unit], carrier) > 1 + 1e-9:
        return f"{carrier_name} has no room for {name}"
    return None


def carry(state: GameState, carrier: UnitState, unit: UnitState) -> Carried:
    """`carrier` takes `unit` aboard (`why_not_carry` must be None)."""
    carrier.carrying = (*carrier.carrying, unit.id)
    unit.carried_by = carrier.id
    unit.digging_in = False
    state.touch()
    return Carried(state.turn, unit.side, carrier.id, unit.id, is_external_rider(state, unit))


def why_not_uncarry(carrier: UnitState) -> str | None:
    """Why `carrier` may not set its passengers down now, or None."""
    if not carrier.carrying:
        return f"{carrier.id} carries no unit"
    return None


def uncarry(state: GameState, carrier: UnitState) -> Uncarried:
    """`carrier` sets every passenger down on its hex. Decision (the manual gives no cost): a
    passenger has used the same share of its own movement allowance as the carrier has of its,
    so a ride does not add to a unit's movement."""
    share = carrier.mp_spent / max(movement_allowance(state, carrier), 1e-9)
    units = carrier.carrying
    for passenger_id in units:
        passenger = state.units[passenger_id]
        passenger.carried_by = None
        passenger.mp_spent = max(
            passenger.mp_spent, min(share, 1.0) * movement_allowance(state, passenger)
        )
        passenger.moved = passenger.moved or carrier.moved
    carrier.carrying = ()
    state.touch()
    return Uncarried(state.turn, carrier.side, carrier.id, units)
