"""Applying a combat result to a unit [000 9.2, 9.3, 12.0]: the strength it loses, the fatigue it
gains, the morale check the loss may call for, finishing off, elimination, and the loss points
the enemy scores. Fire and assault call `apply_combat_result` (or `apply_losses` with a
casualty value of their own) once per unit hit.
"""

from __future__ import annotations

from engine.panzer_campaigns.combat.activity import mark_active
from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.combat.fatigue import add_fatigue, fatigue_gain
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.morale import (
    fail_morale_check,
    morale_check_base,
    morale_check_chance,
    passes_morale_check,
)
from engine.panzer_campaigns.combat.naval_passengers import sink_passengers
from engine.panzer_campaigns.combat.results import (
    FINISHING_OFF_STRENGTH,
    finishing_off_survival_chance,
    resolve_casualties,
    strength_loss,
)
from engine.panzer_campaigns.objectives import record_loss
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState, UnitStatus
from schemas.panzer_campaigns.oob import Component


def apply_losses(
    state: GameState,
    unit: UnitState,
    loss_me: float,
    kind: CombatKind,
    *,
    attacking: bool = False,
    disruption_factor: float = 1.0,
) -> LossesTaken:
    """Apply a nominal loss of `loss_me` men-equivalents (a casualty value from
    `engine.panzer_campaigns.combat.results`) to `unit`, drawing from `state.rng`, and return what
    happened.

    In order:
    1. The unit counts as having seen action this turn (fired upon or assaulted), so it does
       not recover fatigue or losses at its next turn [000 9.3, 12.0].
    2. Strength: men as the rounded casualty value, guns and vehicles at 10 men each with the
       remainder a chance of one more (`strength_loss`) [000 12.0]; recorded in the side's
       losses and loss points (`engine.panzer_campaigns.objectives.record_loss`), which the score
       reads.
    3. Fatigue from the nominal loss (`engine.panzer_campaigns.combat.fatigue.fatigue_gain`),
    doubled when
       `attacking` in an assault [000 9.3].
    4. The morale check, required with chance loss / (loss + base) [000 12.0], where the loss is
       `loss_me x disruption_factor` (fire and assault pass their disruption multipliers, e.g.
       `engine.panzer_campaigns.combat.morale.attacker_disruption_loss` over the loss for an
       assault's
       attackers [000 6.3], 2 for indirect fire on hard targets [000 5.2]); failing it
       disrupts or breaks the unit (`fail_morale_check`).
    5. A men unit the loss leaves with 1 to 9 men survives with 10% per man, else it is
       finished off [000 12.0]; a unit left with nothing is eliminated. The men of a unit
       finished off count as lost.

    Decisions: the morale check is taken after the loss and the fatigue are applied, against
    the Morale the unit has then (fatigue lowers it [000 9.2]); a unit eliminated takes no
    check; finishing off is rolled whenever a loss leaves a men unit below 10, not only the
    first time.
    """
    rng = state.rng
    mark_active(state, unit)
    component = unit.unit.component
    lost = min(strength_loss(loss_me, component, rng), unit.strength)
    unit.strength -= lost
    points = record_loss(state, unit, lost)
    fatigue = add_fatigue(state, unit, fatigue_gain(state, unit, loss_me, attacking=attacking))
    eliminated = finished_off = False
    passengers: tuple[tuple[str, int, bool], ...] = ()
    if unit.strength <= 0:
        passengers = sink_passengers(state, unit)  # [001 #27] before they are set down
        state.remove(unit, UnitStatus.ELIMINATED)
        eliminated = True
    elif (
        lost > 0
        and component is Component.MEN
        and unit.strength < FINISHING_OFF_STRENGTH
        and rng.random() >= finishing_off_survival_chance(unit.strength)
    ):
        lost += unit.strength
        points += record_loss(state, unit, unit.strength)
        unit.strength = 0
        state.remove(unit, UnitStatus.ELIMINATED)
        eliminated = finished_off = True
    checked = False
    became = None
    if not eliminated:
        chance = morale_check_chance(loss_me * disruption_factor, morale_check_base(state, unit))
        checked = chance > 0 and rng.random() < chance
        if checked and not passes_morale_check(state, unit, rng):
            became = fail_morale_check(state, unit)
    state.touch(unit)  # strength and fatigue changed: nothing derived from them may be reused
    return LossesTaken(
        state.turn,
        unit.id,
        unit.side,
        kind.value,
        loss_me,
        lost,
        component.value,
        fatigue,
        checked,
        became,
        eliminated,
        finished_off,
        points,
        passengers,
    )


def apply_combat_result(
    state: GameState,
    unit: UnitState,
    value: float,
    modifier_pct: float,
    kind: CombatKind,
    *,
    attacking: bool = False,
    disruption_factor: float = 1.0,
) -> LossesTaken:
    """One whole combat result against `unit` [000 12.0]: the casualty value of a combat value
    and its modifier (`engine.panzer_campaigns.combat.results.resolve_casualties`: this game's
    LCV/HCV and
    Alternative Calculation), applied with `apply_losses`."""
    casualties = resolve_casualties(state, value, modifier_pct, kind)
    return apply_losses(
        state,
        unit,
        casualties,
        kind,
        attacking=attacking,
        disruption_factor=disruption_factor,
    )
