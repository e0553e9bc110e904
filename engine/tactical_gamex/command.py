"""Command Control, optional rule 22 [003 22.0-22.4]: command posts attached to a counter or
standing alone, their radius by nation, units out of command costing two activation points
each, and command's effects on morale and rallies. Played when the situation switches it on."""

from __future__ import annotations

from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.units import CP, Unit, Weapon
from schemas.tactical_gamex.presets import COMMAND_RADIUS
from schemas.vocabulary import Side

COMMAND_CONTROL = "command_control"

RADIUS: dict[str, tuple[int, int | None]] = {
    nation.value: radii for nation, radii in COMMAND_RADIUS.items()
}
"""Command radius by nation, assigned and mobile (None: no independent CPs) [003 22.3]."""
OUT_OF_COMMAND_COST = 2


def is_on(state: TgxState) -> bool:
    return COMMAND_CONTROL in state.options


def is_cp(unit: Unit) -> bool:
    """An attached CP rides on its counter; an independent CP is a counter of its own."""
    return unit.command_post or unit.type.has(CP)


def radius(unit: Unit) -> int:
    """The CP's command radius: assigned for an attached CP, mobile for an independent one."""
    assigned, mobile = RADIUS.get(unit.nation, (3, None))
    if unit.command_post:
        return assigned
    return mobile if mobile is not None else assigned


def commanding(state: TgxState, cp: Unit) -> bool:
    """A CP commands while on the board and not yet activated this turn; a disrupted CP still
    commands until it is activated [003 22.2]."""
    return cp.hex is not None and cp.marker is None and cp.carrier is None


def in_command(state: TgxState, unit: Unit) -> bool:
    """Whether a unit is within the radius of a commanding CP of its side (CPs command
    themselves) [003 22.2]."""
    if not is_on(state) or is_cp(unit):
        return True
    if unit.hex is None or entering(state, unit):
        return True  # [003 22.2] off-map reinforcements are in command
    for cp in state.iter_units(unit.side):
        if is_cp(cp) and commanding(state, cp):
            assert cp.hex is not None
            if state.board.distance(cp.hex, unit.hex) <= radius(cp):
                return True
    return False


def entering(state: TgxState, unit: Unit) -> bool:
    """Whether a reinforcement is still entering the map under Command Control: it arrived
    this turn and stands on its entry hex, unmarked [003 22.2].

    Decisions on the Reinforcement Exception: the engine stands reinforcements on their entry
    hexes at Housekeeping (`turns.arrive`), so their first activation from there is their entry;
    for it they are in command (one point, as off the map) and take no hesitation check (23.1,
    the one morale check a move can ask before it starts), "They do not need to make a morale
    check to enter the map". Once moved off the entry hex, activated, or a turn later, they are
    on the map and need command. The exception is rule 22's: without it 23.1 applies."""
    if not is_on(state) or unit.marker is not None:
        return False
    return unit.hex is not None and state.entering.get(unit.id) == unit.hex


def stacked_with_cp(state: TgxState, unit: Unit) -> bool:
    """Whether a CP of its side shares the unit's hex (morale -2) [003 7.1, 22.4]."""
    if not is_on(state) or unit.hex is None:
        return False
    return any(is_cp(u) and u is not unit for u in state.units_at(unit.hex) if u.side is unit.side)


def reassign_posts(state: TgxState) -> list[str]:
    """At Housekeeping, CPs on the turn track whose turn has come are attached again, each to
    an A- or I-category unit of its side without one [003 22.1]. Decision (the owner chooses
    in the text): the engine picks the unit with the most units of its side within the
    nation's assigned radius, ties in the situation's order. The units given one."""
    given: list[str] = []
    waiting: list[tuple[int, Side]] = []
    for turn, side in state.cp_track:
        if turn > state.turn:
            waiting.append((turn, side))
            continue
        candidates = [
            u
            for u in state.iter_units(side)
            if not is_cp(u)
            and u.carrier is None
            and u.type.weapon in (Weapon.A, Weapon.I, Weapon.C_I)
        ]
        if not candidates:
            waiting.append((turn, side))
            continue
        # max keeps the first of equals: the situation's order
        best = max(candidates, key=lambda unit: _covered(state, unit))
        best.command_post = True
        given.append(best.id)
    state.cp_track = waiting
    return given


def _covered(state: TgxState, unit: Unit) -> int:
    """Units of the unit's side within its nation's assigned radius of it."""
    assert unit.hex is not None
    reach = RADIUS.get(unit.nation, (3, None))[0]
    return sum(
        1
        for other in state.iter_units(unit.side)
        if other.hex is not None and state.board.distance(unit.hex, other.hex) <= reach
    )
