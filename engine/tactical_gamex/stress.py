"""Combat Stress, optional rule 12 [003 12.1-12.3]: an attacker whose factor falls short of the
next odds column may add up to five unmodified points to reach it exactly, no more than a third
of its strength; after the attack a die at or under the points added disrupts every attacker.

Decisions:
- 12.2's "base attack strength": the third is of the attack factor after the WEC, the strength
  the attack is fought with, before the stress points.
- Off-board batteries (OBA, naval gunfire called as a battery) are never stressed: 12.3's
  penalty disrupts "all attacking units", and a battery off the map has no unit to disrupt, so
  the rule is read as one for the units on the board; on-board indirect fire stresses per
  attack (12.2)."""

from __future__ import annotations

import math

from engine.tactical_gamex.tables import COLUMNS, final_column, odds_column

COMBAT_STRESS = "combat_stress"
MOST_POINTS = 5


def stress_points(attack: float, defense: float) -> float | None:
    """The points that bring an attack exactly to the next column, or None when it cannot be
    stressed (already 4:1, beyond five points or a third of its strength, no defender).

    The text's example: 29 to 10 is 2:1 and needs one point for 3:1.

    >>> stress_points(29, 10), stress_points(30, 8), stress_points(20, 10), stress_points(8, 24)
    (1, 2, None, None)
    """
    if attack <= 0 or defense <= 0:
        return None
    column = odds_column(attack, defense)
    if column >= len(COLUMNS) - 1:
        return None
    target = column + 1
    # the factor that reaches the next column: n:1 needs n*DF, 1:n needs DF/n
    reach = (target - 1) * defense if target >= 2 else defense / (3 - target)
    needed = reach - attack
    needed = math.ceil(needed * 100 - 1e-6) / 100
    if needed <= 0 or needed > MOST_POINTS or needed > attack / 3:
        return None
    if final_column(attack + needed, defense) != target:
        return None
    return int(needed) if float(needed).is_integer() else needed
