"""How a unit on a sea hex of an amphibious landing defends [003 10.4]: loaded units share the
landing craft's DS (the passenger shares its carrier's fate), other vehicles defend at 8 as
Armored targets, DD vehicles with their own DS as Armored targets."""

from __future__ import annotations

from engine.tactical_gamex.units import Unit, UnitKind, UnitType

LVT = "lvt"
DUKW = "dukw"
DD = "dd"
SEA_VEHICLE_DEFENSE = 8
"""The DS of a vehicle at sea, "that represents their specific carrier type" [003 10.4]."""
CAPACITY = {LVT: 2, DUKW: 1}
"""Units a landing craft carries [003 10.1]."""


def is_landing_craft(kind: UnitType) -> bool:
    """An LVT or a DUKW [003 10.1]."""
    return kind.has(LVT) or kind.has(DUKW)


def capacity(kind: UnitType) -> int:
    """How many units a landing craft carries: an LVT two, a DUKW one [003 10.1]."""
    return CAPACITY[LVT] if kind.has(LVT) else CAPACITY[DUKW] if kind.has(DUKW) else 0


def sea_defense(unit: Unit) -> int | None:
    """The DS a unit at sea defends with, None when it is not at sea: a landing craft its own
    (its cargo, carried, is never attacked apart from it), a DD vehicle its own, any other
    vehicle 8 [003 10.4]."""
    if not unit.at_sea:
        return None
    if is_landing_craft(unit.type) or unit.type.has(DD):
        return unit.type.defense
    return SEA_VEHICLE_DEFENSE


def sea_kind(unit: Unit) -> UnitKind | None:
    """The WEC target type of a unit at sea, None when it is not at sea: vehicles (DD ones
    too) are Armored [003 10.4]; a landing craft keeps its Unit Function Table type."""
    if not unit.at_sea:
        return None
    if is_landing_craft(unit.type):
        return unit.type.kind
    return UnitKind.ARMORED
