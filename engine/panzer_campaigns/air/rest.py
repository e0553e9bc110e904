"""Rest for aircraft [000 9.3, 12.0]: "Nominal Fatigue recovery also applies to air units" and
"Loss recovery also applies to losses taken by air units". An air unit that neither flew nor was
fired on for a complete game turn recovers fatigue and losses at the start of its side's player
turn by the same rules as ground units (`engine.panzer_campaigns.combat.recovery`), with these
decisions: an
aircraft is never Digging-In nor in a minefield, so only the rested turn counts; it receives no
replacements (they are scaled by the Local Supply Value of a hex it does not stand on); nothing
recovers losses in Panzer Battles ("No strength recovery" [001 #15]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panzer_campaigns.air.fleet import aircraft_of
from engine.panzer_campaigns.combat.activity import rested_a_full_game_turn
from engine.panzer_campaigns.combat.events import FatigueRecovered, StrengthRecovered
from engine.panzer_campaigns.combat.fatigue import rest_recovery, rest_value
from engine.panzer_campaigns.combat.recovery import QUALITY_RECOVERY_FACTOR, loss_recovery_expected
from engine.panzer_campaigns.combat.results import probabilistic_round
from engine.panzer_campaigns.stacking import per_side
from schemas.panzer_campaigns.scenario import DayPhase

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState
    from schemas.vocabulary import Side


def rest_aircraft(state: GameState, side: Side) -> list[FatigueRecovered | StrengthRecovered]:
    """Fatigue rest and loss recovery of the side's rested aircraft (see the module)."""
    rng = state.rng
    rest = rest_value(state, night=state.clock.phase_of(state.turn) is DayPhase.NIGHT)
    rate = per_side(state.parameters.recovery.unit_recovery, side)
    rested: list[tuple[str, int]] = []
    recovered: list[tuple[str, int]] = []
    for aircraft in aircraft_of(state, side):
        if not rested_a_full_game_turn(state, aircraft):
            continue
        full = aircraft.unit.strength
        if state.profile.loss_recovery and aircraft.strength < full and not aircraft.broken:
            quality = QUALITY_RECOVERY_FACTOR[aircraft.unit.quality]
            expected = loss_recovery_expected(full - aircraft.strength, rate, quality)
            back = min(probabilistic_round(expected, rng), full - aircraft.strength)
            if back > 0:
                aircraft.strength += back
                recovered.append((aircraft.id, back))
        if aircraft.fatigue > 0:
            amount = min(rest_recovery(rest, rng), aircraft.fatigue)
            if amount > 0:
                aircraft.fatigue -= amount
                rested.append((aircraft.id, amount))
    events: list[FatigueRecovered | StrengthRecovered] = []
    if recovered:
        events.append(StrengthRecovered(state.turn, side, tuple(recovered), ()))
    if rested:
        events.append(FatigueRecovered(state.turn, side, tuple(rested)))
    return events
