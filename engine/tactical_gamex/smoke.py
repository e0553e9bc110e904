"""Smoke shells, optional rule 20 [003 20.1-20.4]: artillery able to fire indirectly, but not
rockets, lays Smoke 2 on a hex with at least 25 AS points, directly or with a sighting unit;
never into sea, stream (a bridge included), swamp or water, nor onto friendly units. The smoke
blocks sight (`los`), hides units (`spotting`) and ages at Housekeeping (`turns`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.tactical_gamex.attacks import indirect_capable, minimum_range
from engine.tactical_gamex.combat import may_attack
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import Unit

Offset = tuple[int, int]
SMOKE = "smoke"
LEAST_STRENGTH = 25
FRESH = 2
ROCKET = "rocket"
NO_SMOKE_TERRAIN = ("sea", "stream", "swamp", "water")


def check_smoke(
    state: TgxState, shooters: Sequence[Unit], hex_: Offset, sighter: Unit | None
) -> None:
    """IllegalOrder unless the shooters may lay smoke on the hex [003 20.1, 20.2]."""
    if SMOKE not in state.options:
        raise IllegalOrder("the situation does not use smoke (optional rule 20)")
    if not shooters:
        raise IllegalOrder("name the artillery firing smoke")
    effects = state.board.effects(hex_)
    if effects.name in NO_SMOKE_TERRAIN or effects.stream or effects.water:
        raise IllegalOrder(f"no smoke in {effects.name} [003 20.2]")
    if any(u.side is shooters[0].side for u in state.units_at(hex_)):
        raise IllegalOrder("no smoke on a hex of friendly units [003 20.2]")
    for unit in shooters:
        why = may_attack(unit)
        if why:
            raise IllegalOrder(why)
        if not indirect_capable(unit) or unit.type.has(ROCKET):
            raise IllegalOrder(f"{unit.id} cannot fire smoke [003 20.1]")
        assert unit.hex is not None
        distance = state.board.distance(unit.hex, hex_)
        if distance > unit.type.range:
            raise IllegalOrder(f"{hex_} is out of {unit.id}'s range")
        if sighter is None and not has_los(state, unit.hex, hex_):
            raise IllegalOrder(f"{unit.id} has no line of sight to {hex_}: name a sighting unit")
        if sighter is not None and distance < minimum_range(unit):
            raise IllegalOrder(f"{hex_} is inside {unit.id}'s indirect minimum range")
    if sighter is not None:
        assert sighter.hex is not None
        if sighter.marker is not None or sighter.disrupted:
            raise IllegalOrder(f"{sighter.id} cannot sight now")
        if not has_los(state, sighter.hex, hex_):
            raise IllegalOrder(f"{sighter.id} has no line of sight to {hex_}")
    if sum(u.type.attack for u in shooters) < LEAST_STRENGTH:
        raise IllegalOrder(f"smoke needs at least {LEAST_STRENGTH} AS points [003 20.1]")


def lay_smoke(state: TgxState, hex_: Offset) -> None:
    """Place Smoke 2: removed at the second Housekeeping after, so it lasts two turns."""
    state.counters.smoke[hex_] = FRESH
