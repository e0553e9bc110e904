"""Setup checks of the units on the map at the start: each stands where it can in the mode it is
in, and no hex holds more than the stacking limits allow [000 3.3, 4.1, 4.2].
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.panzer_campaigns.allowance import movement_class_of
from engine.panzer_campaigns.setup._context import SetupContext, describe, describe_all, plural
from engine.panzer_campaigns.setup.footing import (
    Footing,
    has_road,
    is_armoured_train,
    is_rail_unit,
    terrain_at,
)
from engine.panzer_campaigns.stacking import (
    counts_for_stacking,
    deployed_towed_guns_in,
    is_ship,
    per_side,
    road_stacking_limit,
    ships_in,
    stacking_in,
    stacking_limit,
)
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import Mode
from schemas.problems import Problem, Severity
from schemas.vocabulary import Side


def check_footing(context: SetupContext) -> Iterator[Problem]:
    """SETUP001, SETUP005-SETUP008: every unit stands where it may, in a mode it may be in."""
    state = context.state
    for unit in context.iter_placed():
        where = f"{context.hex_text(unit.hex)} ({context.terrain_name(unit.hex)})"
        how = context.rules.footing(unit, unit.hex, unit.mode)
        name = describe(unit)
        movement = movement_class_of(unit).value
        if how is Footing.NOT_ENTERABLE:
            terrain = terrain_at(state, unit.hex)
            if is_ship(unit):
                why = "ships stay on water [000 4.2]"
            elif terrain is not None and terrain.water:
                why = "ground units cannot stand on water without a full-hex bridge or ferry"
            else:
                why = f"{movement} units cannot enter it (movement cost -1) [000 4.2]"
                if has_road(state, unit.hex):
                    why += ", and " + _no_road_for(state, unit)
            yield context.unit_problem(
                Severity.ERROR, "SETUP001", unit, f"{name} is placed on {where}: {why}"
            )
        elif how is Footing.ROAD_ONLY_OFF_ROAD:
            why = _no_road_for(state, unit)
            yield context.unit_problem(
                Severity.ERROR,
                "SETUP007",
                unit,
                f"{name} is placed on {where}, which {movement} units may enter only along a "
                f"road in Travel Mode [000 4.1], and {why}",
            )
        elif how is Footing.ROAD_ONLY_DEPLOYED:
            yield context.unit_problem(
                Severity.ERROR,
                "SETUP005",
                unit,
                f"{name} is {unit.mode.value} on the road through {where}; units that may "
                "enter such terrain only by road cannot leave Travel Mode there [000 4.1]",
                "mode",
            )
        elif how is Footing.TOWED_GUN_ROAD_ONLY:
            yield context.unit_problem(
                Severity.INFO,
                "SETUP008",
                unit,
                f"towed gun {name} is deployed on the road through {where}; there it fires and "
                "defends as if in Travel Mode [000 4.1]",
                "mode",
            )
        elif how is Footing.RAIL_MODE_OFF_RAIL:
            yield context.unit_problem(
                Severity.ERROR,
                "SETUP005",
                unit,
                f"{name} is in Rail Mode on {where}, where no railway runs [000 4.1]",
                "mode",
            )
        elif how is Footing.RAIL_UNIT_OFF_RAIL:
            yield context.unit_problem(
                Severity.ERROR,
                "SETUP006",
                unit,
                f"rail unit {name} is placed on {where}, where no railway runs; it moves only "
                "in Rail Mode along railways [000 4.2]",
            )
        if (
            how is Footing.FINE
            and is_rail_unit(unit)
            and not is_armoured_train(unit)
            and unit.mode is not Mode.RAIL
        ):
            yield context.unit_problem(
                Severity.WARNING,
                "SETUP006",
                unit,
                f"rail unit {name} starts in {unit.mode.value} mode; it must spend a whole turn "
                "entering Rail Mode before it can move [000 4.1, 4.2]",
                "mode",
            )


def _no_road_for(state: GameState, unit: UnitState) -> str:
    """Why a unit cannot follow a road through the hex it stands on."""
    if not has_road(state, unit.hex):
        return "no road runs through the hex"
    limit = road_stacking_limit(state, unit.side)
    if unit.men_equivalent > limit:
        return (
            f"at {unit.men_equivalent} men-equivalents it is over the Road Stacking Limit of "
            f"{limit}, so it cannot move along the road there [000 3.3]"
        )
    return f"no road there is one {movement_class_of(unit).value} units may use"


def check_stacking(context: SetupContext) -> Iterator[Problem]:
    """SETUP002-SETUP004 and SETUP009: the stacking limits of each occupied hex, as
    `engine.panzer_campaigns.stacking` counts them (the Maximum Stacking Limit in men-equivalents
    without Rail
    Mode units and ships, at most `ships_per_hex` ships, the Towed Gun Limitation on deployed
    towed guns) [000 3.3]. Over-stacking is a warning: the game can be played, but the units
    there can neither stay nor enter as placed. One hex holds one side's units only: both sides
    on a hex is an error.
    """
    state = context.state
    ships_limit = state.parameters.stacking.ships_per_hex
    lowest_limit = min(stacking_limit(state, side) for side in Side)
    for hex_index, stack in state.stacks.items():
        if hex_index < 0 or not stack:
            continue
        if len(stack) == 1 and stack[0].men_equivalent <= lowest_limit:
            continue  # one unit alone breaks no limit unless it is bigger than the hex
        where = context.hex_text(hex_index)
        sides = list(dict.fromkeys(unit.side for unit in stack))
        if len(sides) > 1:
            intruder = next(u for u in stack if u.side is not stack[0].side)
            yield context.unit_problem(
                Severity.ERROR,
                "SETUP009",
                intruder,
                f"{describe(intruder)} ({intruder.side.value}) is placed on {where} together "
                f"with enemy unit {describe(stack[0])}; a hex holds one side's units only",
            )
        for side in sides:
            own = [unit for unit in stack if unit.side is side]
            total, limit = stacking_in(state, hex_index, side), stacking_limit(state, side)
            if total > limit:
                counted = [unit for unit in own if counts_for_stacking(unit)]
                yield context.unit_problem(
                    Severity.WARNING,
                    "SETUP002",
                    _overflowing(counted, limit),
                    f"{where} holds {total} men-equivalents ({describe_all(counted)}), over the "
                    f"{side.value} Maximum Stacking Limit of {limit}; a gun or vehicle counts as "
                    "10 men, units in Rail Mode not at all [000 3.3]",
                )
            if ships_in(state, hex_index, side) > ships_limit:
                ships = [unit for unit in own if is_ship(unit)]
                yield context.unit_problem(
                    Severity.WARNING,
                    "SETUP003",
                    ships[ships_limit],
                    f"{plural(len(ships), 'ship')} start on {where} ({describe_all(ships)}); "
                    f"at most {ships_limit} ships may share a hex [000 3.3]",
                )
            towed_limit = per_side(state.parameters.stacking.towed_guns, side)
            if 0 < towed_limit < deployed_towed_guns_in(state, hex_index, side):
                towed = [u for u in own if u.unit.towed and u.mode is Mode.DEPLOYED]
                yield context.unit_problem(
                    Severity.WARNING,
                    "SETUP004",
                    towed[towed_limit],
                    f"{plural(len(towed), 'towed gun')} start deployed on {where} "
                    f"({describe_all(towed)}); the {side.value} towed-gun limit is "
                    f"{towed_limit} per hex [000 3.3]",
                    "mode",
                )


def _overflowing(counted: list[UnitState], limit: int) -> UnitState:
    """The first unit, in placement order, that takes the hex over the limit."""
    total = 0
    for unit in counted:
        total += unit.men_equivalent
        if total > limit:
            return unit
    return counted[-1]
