"""Stacking: how many men-equivalents, ships and deployed towed guns a hex holds against the
limits of Parameter Data [000 3.3], for the movement rules and the setup checks.

Decisions, shared with the setup checks (`engine.panzer_campaigns.setup.placements`):

- Ships count against their own limit ("only 4 ships can stack in the same hex", Parameter
  Data's `ships_per_hex`), not against the Maximum Stacking Limit.
- The Towed Gun Limitation counts deployed towed-gun units, as the parameter file's unit says;
  a limit of 0 means no limitation ("there may be a limitation") [000 3.3].
"""

from __future__ import annotations

from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import MovementClass, PerSide, Side


def per_side(value: PerSide, side: Side) -> int:
    """One side's half of a per-side parameter."""
    return value.allied if side is Side.ALLIED else value.axis


def is_ship(unit: UnitState) -> bool:
    """A naval unit: water hexes only, at most four to a hex [000 4.2]."""
    return unit.unit.naval or unit.unit.movement_class is MovementClass.NAVAL


def counts_for_stacking(unit: UnitState) -> bool:
    """Whether a unit counts toward the Maximum Stacking Limit: not in Rail Mode [000 3.3] and
    not a ship (ships have their own limit)."""
    return unit.mode is not Mode.RAIL and not is_ship(unit)


def stacking_limit(state: GameState, side: Side) -> int:
    """The Maximum Stacking Limit of `side`, in men-equivalents [000 3.3]."""
    return per_side(state.parameters.stacking.max_stacking, side)


def road_stacking_limit(state: GameState, side: Side) -> int:
    """The Road Stacking Limit of `side`: the most men-equivalents that may be in, or enter, a
    hex at the road movement rate, or pass through it by rail [000 3.3]."""
    return per_side(state.parameters.stacking.road_stacking, side)


def stacking_in(state: GameState, hex_index: int, side: Side) -> int:
    """Men-equivalents of `side` on a hex that count toward the Maximum Stacking Limit: a gun or
    vehicle is 10 men, units in Rail Mode and ships do not count [000 3.3]."""
    return sum(
        unit.men_equivalent
        for unit in state.units_at(hex_index)
        if unit.side is side and counts_for_stacking(unit)
    )


def road_stack_in(state: GameState, hex_index: int, side: Side, *, rail: bool = False) -> int:
    """Men-equivalents of `side` on a hex measured against the Road Stacking Limit: every unit
    but ships, or with `rail` only those in Rail Mode ("the maximum number of men or equivalent
    that can travel via Rail Mode through a hex") [000 3.3]."""
    return sum(
        unit.men_equivalent
        for unit in state.units_at(hex_index)
        if unit.side is side and not is_ship(unit) and (unit.mode is Mode.RAIL or not rail)
    )


def ships_in(state: GameState, hex_index: int, side: Side) -> int:
    """Ships of `side` on a hex."""
    return sum(1 for unit in state.units_at(hex_index) if unit.side is side and is_ship(unit))


def deployed_towed_guns_in(state: GameState, hex_index: int, side: Side) -> int:
    """Towed-gun units of `side` deployed (not in Travel or Rail Mode) on a hex [000 3.3]."""
    return sum(
        1
        for unit in state.units_at(hex_index)
        if unit.side is side and unit.unit.towed and unit.mode is Mode.DEPLOYED
    )


def is_over_stacked(state: GameState, hex_index: int, side: Side) -> bool:
    """Whether `side`'s units on a hex break a stacking limit: the Maximum Stacking Limit, the
    ships' limit or the Towed Gun Limitation [000 3.3]."""
    stacking = state.parameters.stacking
    towed_limit = per_side(stacking.towed_guns, side)
    return (
        stacking_in(state, hex_index, side) > stacking_limit(state, side)
        or ships_in(state, hex_index, side) > stacking.ships_per_hex
        or (0 < towed_limit < deployed_towed_guns_in(state, hex_index, side))
    )


def over_stacking_on_arrival(state: GameState, unit: UnitState, hex_index: int) -> str | None:
    """Why `unit` may not end a move on a hex because of stacking, or None when it may.

    Only the end of a move counts: "refuse a move that ends over the limit" (Appendix B.3 of
    the rules digest); passing through a full hex is allowed, since the limit is "the total
    number of men or equivalent that can be in the hex at any one time" [000 3.3].
    """
    side = unit.side
    if is_ship(unit):
        ships = ships_in(state, hex_index, side) + 1
        limit = state.parameters.stacking.ships_per_hex
        if ships > limit:
            return f"{ships} ships would share the hex; at most {limit} may [000 3.3]"
        return None
    if not counts_for_stacking(unit):
        return None
    total = stacking_in(state, hex_index, side) + unit.men_equivalent
    limit = stacking_limit(state, side)
    if total > limit:
        return (
            f"{total} men-equivalents would stand there, over the {side.value} Maximum "
            f"Stacking Limit of {limit} [000 3.3]"
        )
    return None
