"""The per-turn chances of engineering work, from Parameter Data as the manual scales them
[000 7.2-7.4], and the chance a bridge or AT ditch falls to a demolition attempt.

>>> bridge_chance(25, Quality.A, men=100, small=False)  # 25% x 120%
0.3
>>> round(bridge_chance(25, Quality.C, men=50, small=False), 3)  # men/100 below 100 men
0.125
>>> round(bridge_chance(30, Quality.C, men=300, small=True), 3)  # a company: 1/3
0.1
>>> combined([0.5, 0.5])
0.75
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.results import (
    casualty_range,
    combat_values,
    uses_alternative_calculation,
)
from engine.panzer_campaigns.combat.size import is_large
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import MEN_PER_GUN_OR_VEHICLE, UnitState
from schemas.panzer_campaigns.oob import Component
from schemas.vocabulary import Quality, Side

QUALITY_FACTOR = {
    Quality.A: 1.2,
    Quality.B: 1.1,
    Quality.C: 1.0,
    Quality.D: 0.75,
    Quality.E: 0.5,
    Quality.F: 0.25,
}
"""Bridge completion "120% of normal" for Quality A down to 25% for F [000 7.4]."""

COMPANY_FACTOR = 1 / 3
""""an engineer company will have a probability of bridge completion 1/3 that of an engineer
battalion" [000 7.4]."""

FULL_MEN = 100
"""Below 100 men the chances are "reduced proportionally" [000 7.3, 7.4]."""


def men_factor(unit: UnitState) -> float:
    """men/100 for a men unit under 100 men, else 1 [000 7.3, 7.4]. Decision: vehicle units
    (Bridge Layers, AVREs) are not scaled: the manual scales "an Engineer unit [that] has less
    than 100 men"."""
    if unit.unit.component is not Component.MEN:
        return 1.0
    return min(unit.strength, FULL_MEN) / FULL_MEN


def is_small(state: GameState, unit: UnitState) -> bool:
    """Whether the 1/3 of a company applies: below the ruleset's large echelon (a company in
    Panzer Campaigns, a platoon in Panzer Battles [001 "Bridge Building"]) and not combined
    from 3 or more subunits, as for the other size rules
    (`engine.panzer_campaigns.combat.size.is_large`)."""
    return not is_large(state, unit)


def bridge_chance(percent: float, quality: Quality, *, men: int, small: bool) -> float:
    """The chance (0..1) that one engineer completes a bridge operation this turn: the side's
    Bridge Value % x the quality factor x men/100 below 100 men x 1/3 for a company [000 7.4];
    at most 1."""
    chance = percent / 100 * QUALITY_FACTOR[quality]
    chance *= min(men, FULL_MEN) / FULL_MEN
    if small:
        chance *= COMPANY_FACTOR
    return min(chance, 1.0)


def combined(chances: Iterable[float]) -> float:
    """The chance that at least one of several independent engineers succeeds.

    Decision [000 7.4]: "having more than one Engineer unit constructing a bridge will increase
    the chances of completion" without saying how (a gap): each engineer rolls its own chance
    and one success completes the bridge, 1 - prod(1 - p)."""
    missing = 1.0
    for chance in chances:
        missing *= 1 - chance
    return 1 - missing


def _side_percent(values: object, side: Side) -> int:
    return int(getattr(values, side.value))


def unit_bridge_chance(state: GameState, unit: UnitState) -> float:
    """`bridge_chance` for a unit of the game, with its side's Bridge Value [000 7.4]."""
    percent = _side_percent(state.parameters.engineering.bridge_building, unit.side)
    men = unit.strength if unit.unit.component is Component.MEN else FULL_MEN
    return bridge_chance(percent, unit.unit.quality, men=men, small=is_small(state, unit))


def mine_laying_chance(state: GameState, unit: UnitState) -> float:
    """The side's Mine Prob %, scaled by men/100 below 100 men [000 7.3]."""
    percent = _side_percent(state.parameters.engineering.mine_laying, unit.side)
    return min(percent / 100 * men_factor(unit), 1.0)


def rubble_chance(state: GameState, unit: UnitState) -> float:
    """ "half the Digging-In Parameter Data value per turn" [000 7.2]."""
    percent = _side_percent(state.parameters.fortifications.dig_in, unit.side)
    return min(percent / 200, 1.0)


def damage_chance(state: GameState, assault_value: float, defense: float) -> float:
    """The chance a demolition attempt damages its target [000 7.4]: the attempt is a combat of
    the assault value against the defense, the result counted as for a vehicle or gun (divided
    by 10) and rounded probabilistically [000 12.0]; any non-zero result damages. So the chance
    is the mean of min(casualties / 10, 1) over the casualty draw: uniform between the low and
    high casualty values, or the mean of two such draws under the Alternative Calculation
    (integrated here on a fine grid)."""
    value = assault_value / max(defense, 1.0)
    low_cv, high_cv = combat_values(state, CombatKind.ASSAULT)
    low, high = casualty_range(value, 0.0, low_cv, high_cv)

    def hit(loss: float) -> float:
        return min(max(loss, 0.0) / MEN_PER_GUN_OR_VEHICLE, 1.0)

    if high <= low:
        return hit(low)
    steps = 200
    width = (high - low) / steps
    points = [low + (i + 0.5) * width for i in range(steps)]
    if not uses_alternative_calculation(state, CombatKind.ASSAULT):
        return sum(map(hit, points)) / steps
    return sum(hit((a + b) / 2) for a in points for b in points) / steps**2
