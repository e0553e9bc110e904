"""The computer's Combat Stress on indirect fire, optional rule 12 [003 12.1-12.3]: its guns'
indirect fire is stressed where the column it gains is worth the chance of the stress die
disrupting them, weighed on the title's own CRT.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from engine.tactical_gamex import attacks, stress
from engine.tactical_gamex.orders import IndirectFire, TgxOrder
from engine.tactical_gamex.state import TgxState
from engine.tactical_gamex.tables import Crt, Result, final_column

Offset = tuple[int, int]
SEVERITY = {Result.NONE: 0, Result.D: 1, Result.DD: 2, Result.X: 3}
"""A result's worth to the attacker, a D one step (the unit's fire and move lost, 7.2)."""
OBJECTIVE_WEIGHT = 2.0
"""How much more a result on a garrison of an objective hex is worth than elsewhere."""


def stressed(state: TgxState, shots: Iterable[TgxOrder], goals: list[Offset]) -> Iterator[TgxOrder]:
    """Each order of `shots`, an indirect fire worth stressing first in its stressed form (the
    plain one follows, for when the game refuses it)."""
    for order in shots:
        if (
            isinstance(order, IndirectFire)
            and not order.stress
            and worth_stress(state, order, goals)
        ):
            yield replace(order, stress=True)
        yield order


def worth_stress(state: TgxState, order: IndirectFire, goals: list[Offset]) -> bool:
    """Whether the computer stresses this indirect fire [003 12.2].

    Decisions (the text leaves the choice to the player): each attack that stress raises a
    column gains the difference of its expected result on the title's CRT between the two
    columns (D 1, DD 2, X 3, the die unmodified); the risk is the chance that some stress die
    disrupts the firing units (12.3: at or under the points added), each of them a D of the
    computer's own, and the attacks left cancelled with them (12.2). It stresses when the gain
    is more than the risk's cost, the gain counted `OBJECTIVE_WEIGHT` times on the garrison of
    an objective hex (the hexes the game is decided on). So a few points at poor odds, where
    a column moves the most, are taken; many points for a small gain are not."""
    if stress.COMBAT_STRESS not in state.options:
        return False
    attackers = [state.units[u] for u in order.units if u in state.units]
    if not attackers or any(a.hex is None for a in attackers):
        return False
    crt = state.tables.crt
    gain = 0.0
    safe = 1.0
    for spec in attacks.indirect_specs(state, attackers, order.hex):
        points = stress.stress_points(spec.attack, spec.defense)
        column = final_column(spec.attack, spec.defense, spec.shifts)
        if points is None or column is None:
            continue
        raised = final_column(spec.attack + points, spec.defense, spec.shifts)
        if raised is None or raised <= column:
            continue
        gain += _expected(crt, raised) - _expected(crt, column)
        safe *= 1 - min(points, 6) / 6
    if gain <= 0:
        return False
    weight = OBJECTIVE_WEIGHT if order.hex in goals else 1.0
    return weight * gain > (1 - safe) * len(attackers)


def _expected(crt: Crt, column: int) -> float:
    """The expected result of a column over the six faces of the die."""
    return sum(SEVERITY[crt.result(column, roll)] for roll in range(1, 7)) / 6
