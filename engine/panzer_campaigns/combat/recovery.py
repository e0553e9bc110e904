"""The start-of-player-turn recovery of rested units [000 9.3, 12.0]: unit loss recovery,
replacements scaled by supply, and fatigue rest. Disruption recovery is
`engine.panzer_campaigns.logistics`.

>>> loss_recovery_expected(200, 2, 1.0), loss_recovery_expected(10, 2, 1.0)  # [000 12.0]
(4.0, 0.2)
>>> replacement_supply_factor(50), replacement_supply_factor(30), replacement_supply_factor(19)
(1.0, 0.3333333333333333, 0.0)
"""

from __future__ import annotations

from engine.panzer_campaigns.combat.activity import rested_a_full_game_turn
from engine.panzer_campaigns.combat.events import FatigueRecovered, StrengthRecovered
from engine.panzer_campaigns.combat.fatigue import rest_recovery, rest_value
from engine.panzer_campaigns.combat.results import probabilistic_round
from engine.panzer_campaigns.command import is_detached
from engine.panzer_campaigns.engineering.status import is_building_bridge
from engine.panzer_campaigns.events import Event
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.supply import local_supply
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import DayPhase
from schemas.vocabulary import Quality, Side

QUALITY_RECOVERY_FACTOR: dict[Quality, float] = {
    Quality.A: 2.0,
    Quality.B: 1.5,
    Quality.C: 1.0,
    Quality.D: 0.75,
    Quality.E: 0.5,
    Quality.F: 0.25,
}
"""Quality A recovers at 200% the nominal rate … F at 25% [000 12.0]."""

DETACHED_REPLACEMENT_FACTOR = 0.25
""""Detached units received one-fourth the usual replacement rate" [000 9.1, 12.0]."""


def is_rested(state: GameState, unit: UnitState) -> bool:
    """Whether a unit may recover fatigue or losses this turn: a full game turn without action
    (`rested_a_full_game_turn`), not Digging-In, not building a bridge and not in a minefield
    [000 9.3, 12.0]."""
    return (
        rested_a_full_game_turn(state, unit)
        and not unit.digging_in
        and unit.hex not in state.minefields
        and not is_building_bridge(state, unit)
    )


def loss_recovery_expected(losses: int, unit_recovery_pct: float, quality_factor: float) -> float:
    """The strength a unit recovers per eligible turn on average: the side's Unit Recovery % of
    its current losses, times its quality factor [000 12.0]."""
    return losses * unit_recovery_pct / 100 * quality_factor


def replacement_supply_factor(local_supply_value: float) -> float:
    """The replacement rate's scale at a Local Supply Value x: 0 below 20, (x - 20) / 30 from
    20 to 50 [000 12.0]; decision: full above 50, since 50 "has the full replacement rate"."""
    if local_supply_value < 20:
        return 0.0
    return min((local_supply_value - 20) / 30, 1.0)


def replacement_rate(state: GameState, unit: UnitState) -> int:
    """The replacement % of full strength the unit's organizations give it: the nearest
    organization up its chain that sets one (decision: a regiment's rate overrides its
    division's) [000 12.0]."""
    for organization in state.iter_organizations_above(unit):
        if organization.replacements > 0:
            return organization.replacements
    return 0


def recover_losses(state: GameState, side: Side) -> StrengthRecovered | None:
    """Unit loss recovery and replacements of `side`'s rested units [000 12.0].

    Recovery: a rested unit that is not Broken gets back, on average, the side's Unit Recovery
    % (Parameter Data) of its current losses (OOB strength minus current) times its quality
    factor, the fraction rounded probabilistically ("1 man every 5 turns"). Replacements: a
    rested unit that is neither Broken, Isolated nor Disrupted, under an organization with a
    replacement rate, receives a variable number with an average of that % of its full
    strength, times `replacement_supply_factor` of its Local Supply Value and 1/4 when
    Detached, never beyond full strength.

    Decisions: the "variable number" is uniform from 0 to twice the average, probabilistically
    rounded; recovered strength does not take back the loss points the enemy scored (the
    victory count is of losses inflicted); nothing recovers in Panzer Battles ("No strength
    recovery" [001 #15]); supply units recover nothing: the strength they give out under
    Explicit Supply is consumed, not lost [000 10.4], and the manual restores it no other way.
    """
    if not state.profile.loss_recovery:
        return None
    rng = state.rng
    rates = state.parameters.recovery.unit_recovery
    side_rate = rates.allied if side is Side.ALLIED else rates.axis
    supply = None
    recovered: list[tuple[str, int]] = []
    replaced: list[tuple[str, int]] = []
    for unit in state.iter_units(side):
        full = unit.unit.strength
        if unit.strength >= full or unit.broken or unit.unit.supply_unit:
            continue
        if not is_rested(state, unit):
            continue
        quality = QUALITY_RECOVERY_FACTOR[unit.unit.quality]
        back = probabilistic_round(
            loss_recovery_expected(full - unit.strength, side_rate, quality), rng
        )
        back = min(back, full - unit.strength)
        if back > 0:
            unit.strength += back
            recovered.append((unit.id, back))
        rate = replacement_rate(state, unit)
        if rate == 0 or unit.isolated or unit.disrupted or unit.strength >= full:
            continue
        if supply is None:
            supply = local_supply(state, side)
        average = rate / 100 * full * replacement_supply_factor(supply.unit_value(unit))
        if is_detached(state, unit):
            average *= DETACHED_REPLACEMENT_FACTOR
        extra = min(probabilistic_round(rng.uniform(0, 2 * average), rng), full - unit.strength)
        if extra > 0:
            unit.strength += extra
            replaced.append((unit.id, extra))
    if not recovered and not replaced:
        return None
    return StrengthRecovered(state.turn, side, tuple(recovered), tuple(replaced))


def recover_fatigue(state: GameState, side: Side) -> FatigueRecovered | None:
    """Fatigue rest of `side`'s rested units [000 9.3]: each loses a random 0 to twice the rest
    value (Parameter Data), twice that on a night turn, and not below 0. Decision: "night turns"
    are the turns of the night phase, not dawn or dusk. The optional Night Fatigue rule leaves
    rest as it is and tires units that act at night instead
    (`engine.panzer_campaigns.night_fatigue`)."""
    rest = rest_value(state, night=state.clock.phase_of(state.turn) is DayPhase.NIGHT)
    rng = state.rng
    rested: list[tuple[str, int]] = []
    for unit in state.iter_units(side):
        if unit.fatigue <= 0 or not is_rested(state, unit):
            continue
        amount = min(rest_recovery(rest, rng), unit.fatigue)
        if amount > 0:
            unit.fatigue -= amount
            rested.append((unit.id, amount))
    if not rested:
        return None
    return FatigueRecovered(state.turn, side, tuple(rested))


def start_of_turn_recovery(state: GameState, side: Side) -> list[Event]:
    """Loss recovery and replacements, then fatigue rest, of `side` at the start of its player
    turn (digest 1.3: after supply, which replacements read). Returns the events."""
    steps = (recover_losses(state, side), recover_fatigue(state, side))
    changed: list[Event] = [event for event in steps if event is not None]
    if changed:
        state.touch()  # strength and fatigue feed stacking and morale
    return changed
