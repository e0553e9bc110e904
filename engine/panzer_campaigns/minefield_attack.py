"""The casualties of a minefield attack [000 4.4, 001 #24]: a unit that enters a minefield and
suffers its attack (the one that also takes S/3 of its allowance,
`engine.panzer_campaigns.movement_steps`)
loses strength, and in Panzer Battles the external riders on it suffer four times as much.

>>> MINEFIELD_CASUALTIES[3]
(0.0, 30.0)
"""

from __future__ import annotations

from engine.panzer_campaigns.carrying import is_external_rider
from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.losses import apply_losses
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState

MINEFIELD_CASUALTIES_PER_STRENGTH = 10.0
"""The high end of the casualty value, in men-equivalents, of a strength-1 minefield's attack.

[000 4.4] gives only the scaling ("minefields of strength 2 causing twice as many casualties
as those of strength 1, and minefields of strength 3 causing three times as many"); the base
value is the Main Program's and appears neither in the manual nor in Parameter Data. The
stand-in: a casualty value drawn uniformly between 0 and 10 men-equivalents per strength
point, an average of 5 - what a fire of modest value does to a unit in the open, the same
order as one weak direct-fire result with the sample titles' LCV/HCV (25/250 for a value of
about 36) - so that a minefield hurts (a tank unit loses a vehicle half the time per strength
point, [000 12.0]'s 10 men a vehicle) without being the obstacle the S/3 movement loss already
is. Changing this one constant changes every attack."""

MINEFIELD_CASUALTIES: dict[int, tuple[float, float]] = {
    strength: (0.0, MINEFIELD_CASUALTIES_PER_STRENGTH * strength) for strength in (1, 2, 3)
}
"""The casualty range of an attack by minefield strength: x1, x2, x3 [000 4.4]."""


def minefield_casualty_value(state: GameState, strength: int, *, shallow: bool = False) -> float:
    """The casualty value of one minefield attack, drawn from `state.rng`: uniform in the
    range of the minefield's strength (`MINEFIELD_CASUALTIES`). Decision: mines in Shallow
    Water are "only half as effective" [001 #26], so the value is halved there as the movement
    loss is; strengths outside 1-3 are clamped into it."""
    low, high = MINEFIELD_CASUALTIES[min(max(strength, 1), 3)]
    value = state.rng.uniform(low, high)
    return value / 2 if shallow else value


def minefield_attack(
    state: GameState, unit: UnitState, hex_index: int, *, shallow: bool = False
) -> list[LossesTaken]:
    """The minefield attack on `unit`, which has just entered the minefield in `hex_index`
    [000 4.4]: one casualty value applied as a combat result (`apply_losses`: strength,
    fatigue, the morale check, finishing off). Then each external rider on the unit is
    attacked with four times a value drawn for it [001 #24]
    (`RulesetProfile.rider_minefield_factor`; no riders in Panzer Campaigns).

    Decisions: the riders take their own draw rather than a share of the vehicle's, since "4
    times more vulnerable" speaks of each rider's exposure; riders are attacked even if the
    vehicle is eliminated by its attack, since they entered the hex with it; the attack is a
    move's (`engine.panzer_campaigns.movement_walk`), not a retreat's or an advance's after an
    assault, which
    [000 4.4] does not charge with the S/3 movement loss either."""
    minefield = state.minefields.get(hex_index)
    if minefield is None:
        return []
    strength = minefield.strength
    riders = [
        state.units[rider_id]
        for rider_id in unit.carrying
        if is_external_rider(state, state.units[rider_id])
    ]
    events = [
        apply_losses(
            state,
            unit,
            minefield_casualty_value(state, strength, shallow=shallow),
            CombatKind.MINEFIELD,
        )
    ]
    factor = state.profile.rider_minefield_factor
    for rider in riders:
        if not rider.on_map:
            continue
        value = factor * minefield_casualty_value(state, strength, shallow=shallow)
        events.append(apply_losses(state, rider, value, CombatKind.MINEFIELD))
    return events
