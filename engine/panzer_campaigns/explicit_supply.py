"""Explicit Supply [000 10.4]: under this optional rule the side's Supply Units, not its HQs,
resupply units Low on Ammo, Low on Fuel or (artillery) Unavailable within their range, paying
for it in supply strength, while supply sources only decide isolation and every supply test
uses a Local Supply Value of 80.

>>> supply_cost(120, per_point=100, draw=0.9)  # "1 supply strength point ... 80% of the time"
1
>>> supply_cost(120, per_point=100, draw=0.1)  # "2 supply strength points ... 20% of the time"
2
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator

from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.supply_events import SupplyUnitsIssued
from engine.panzer_campaigns.units import UnitState, UnitStatus
from engine.panzer_campaigns.zoc import zoc_map
from schemas.panzer_campaigns.oob import Component
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import OptionalRule, Side

EXPLICIT_SUPPLY_VALUE = 80
""""the basic test to determine when Low Ammo and Low Fuel potentially occurs is modified by
using a default Local Supply Value of 80" [000 10.4]."""

MEN_PER_SUPPLY_POINT = 100
"""A unit of X men costs X/100 supply strength points [000 10.4]."""

GUNS_OR_VEHICLES_PER_SUPPLY_POINT = 10
"""A unit of X vehicles or guns costs X/10 supply strength points [000 10.4]."""


def is_explicit(state: GameState) -> bool:
    """Whether Explicit Supply governs resupply in this game [000 10.4]: the optional rule is on
    and the scenario contains Supply Units ("When a scenario does not contain Supply Units, then
    this optional rule does not apply"). Decision: read per scenario, as the manual words it,
    so both sides play it even if only one has supply units (a side without them can then
    never be resupplied, which `schemas.panzer_campaigns.checks` leaves to the designer); units
    eliminated,
    used up or waiting to arrive still count, so the rule does not switch off in play."""
    if not state.is_rule_on(OptionalRule.EXPLICIT_SUPPLY):
        return False
    return state.cached(
        "explicit_supply", lambda: any(u.unit.supply_unit for u in state.units.values())
    )


def is_available(unit: UnitState) -> bool:
    """Whether a supply unit can provide supply: "A Supply Unit in Travel or Rail Mode cannot
    provide supply" and is marked Unavailable [000 10.4]."""
    return unit.mode is Mode.DEPLOYED


def current_range(unit: UnitState) -> int:
    """The supply unit's range now, in hexes [000 10.4]: its OOB range, half when Disrupted
    (decision: rounded down), 0 when Broken ("can only provide supply to units in its own
    hex"); -1 when it cannot supply at all (Travel or Rail Mode)."""
    if not is_available(unit):
        return -1
    if unit.broken:
        return 0
    full = unit.unit.supply_range
    return full // 2 if unit.disrupted else full


def reach(state: GameState, unit: UnitState) -> dict[int, int]:
    """The hexes the supply unit can supply, each with the length of its path [000 10.4]: "a
    path no longer than its range from its location to the location of the unit needing
    supply. This path cannot go through enemy units or hexes under their Zone of Control other
    than those containing friendly units."

    Decisions: the path counts hexes, as ranges do elsewhere (the command radius [000 9.1]),
    whatever the terrain between; a hex of enemy zone of control that a friendly unit holds
    may be passed through as well as reached; the supply unit's own hex is always reached
    (range 0) when it can supply at all."""
    limit = current_range(unit)
    if limit < 0 or not unit.on_map:
        return {}
    side = unit.side
    enemy_zoc = zoc_map(state, other_side(side))
    neighbors = state.board.neighbors
    found = {unit.hex: 0}
    queue = deque([unit.hex])
    while queue:
        here = queue.popleft()
        distance = found[here]
        if distance >= limit:
            continue
        for there in neighbors[6 * here : 6 * here + 6]:
            if there < 0 or there in found:
                continue
            holder = state.side_at(there)
            if holder is not None and holder is not side:
                continue
            if enemy_zoc[there] and holder is not side:
                continue
            found[there] = distance + 1
            queue.append(there)
    return found


def supply_cost(strength: int, *, per_point: int, draw: float) -> int:
    """Supply strength points to resupply a unit of `strength` men, guns or vehicles: strength
    / `per_point` "with fractions rounded up proportional to the remainder" [000 10.4], the
    fraction being the chance of the extra point (`draw` a uniform number in [0, 1))."""
    exact = max(strength, 0) / per_point
    whole = math.floor(exact)
    return whole + (1 if draw < exact - whole else 0)


def needs_supply(unit: UnitState) -> bool:
    """Whether a unit waits for a supply unit: Low on Ammo, Low on Fuel, or artillery left
    Unavailable by its supply test ("becoming Available after failing the Supply Test depends
    on the Explicit Supply rules" [000 10.4]). Supply units are never Unavailable that way."""
    return unit.low_ammo or unit.low_fuel or (unit.unavailable and unit.unit.indirect_fire)


def supply_units(state: GameState, side: Side) -> Iterator[UnitState]:
    """The side's supply units on the map, in scenario order."""
    return (u for u in state.iter_units(side) if u.unit.supply_unit)


def resupply(state: GameState, side: Side) -> SupplyUnitsIssued | None:
    """The start-of-turn resupply by `side`'s supply units [000 10.4], run in place of the HQ
    range tests of [000 10.2] (`engine.panzer_campaigns.logistics`).

    Each unit that `needs_supply`, in scenario order, is resupplied by the nearest supply unit
    whose `reach` includes its hex (ties: the first in the scenario), whatever its isolation
    (supply units are how an isolated pocket is kept in ammunition). The supply unit loses
    X/100 points for X men, X/10 for X guns or vehicles, rounded up with the chance of the
    fraction; at 0 it is "automatically removed from the map".

    Decisions: one resupply restores ammunition, fuel and artillery availability together
    and is paid once ("When the Supply Unit resupplies a unit, either one that is Low on Ammo
    or one that is Low on Fuel"); a supply unit with fewer points than the cost still
    resupplies and is used up; a unit carried by another is supplied where its carrier
    stands; the supply unit removed scores the enemy nothing (it was consumed, not destroyed).
    """
    suppliers = [(u, reach(state, u)) for u in supply_units(state, side)]
    suppliers = [(u, r) for u, r in suppliers if r]
    if not suppliers:
        return None
    rng = state.rng
    issued: list[tuple[str, str, int]] = []
    exhausted: list[str] = []
    for unit in list(state.iter_units(side)):
        if not needs_supply(unit):
            continue
        options = [
            (found[unit.hex], index, source)
            for index, (source, found) in enumerate(suppliers)
            if source.on_map and source.strength > 0 and unit.hex in found
        ]
        if not options:
            continue
        source = min(options, key=lambda o: (o[0], o[1]))[2]
        per_point = (
            MEN_PER_SUPPLY_POINT
            if unit.unit.component is Component.MEN
            else GUNS_OR_VEHICLES_PER_SUPPLY_POINT
        )
        cost = supply_cost(unit.strength, per_point=per_point, draw=rng.random())
        unit.low_ammo = unit.low_fuel = False
        if unit.unit.indirect_fire:
            unit.unavailable = False
        source.strength = max(0, source.strength - cost)
        issued.append((unit.id, source.id, cost))
        if source.strength == 0:
            state.remove(source, UnitStatus.ELIMINATED)
            exhausted.append(source.id)
    if not issued:
        return None
    state.touch()  # Low on Ammo and Fuel weigh on morale, and a supply unit may have gone
    return SupplyUnitsIssued(state.turn, side, tuple(issued), tuple(exhausted))


def supplier_of(state: GameState, side: Side, hex_index: int) -> tuple[str, int] | None:
    """The supply unit of `side` that would resupply a unit in the hex now, with its path's
    length: the nearest whose `reach` includes it (ties: the first in the scenario), as
    `resupply` chooses; None when none reaches it."""
    found = [
        (reached[hex_index], number, unit.id)
        for number, unit in enumerate(supply_units(state, side))
        if unit.strength > 0 and hex_index in (reached := reach(state, unit))
    ]
    if not found:
        return None
    distance, _, unit_id = min(found)
    return unit_id, distance


def supply_unit_notes(state: GameState, unit: UnitState) -> list[str]:
    """What a player reads of a supply unit under Explicit Supply: "Unavailable" in Travel or
    Rail Mode [000 10.4], else its range now (halved when Disrupted, 0 when Broken)."""
    if not unit.unit.supply_unit or not is_explicit(state):
        return []
    if not is_available(unit):
        return ["supply Unavailable (Travel or Rail Mode)"]
    return [f"supplies within {current_range(unit)} hexes"]
