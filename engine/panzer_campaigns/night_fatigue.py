"""Night Fatigue [000 9.3], an optional rule the manual names but leaves to the Main Program's
help: a unit that moves, fires or assaults in a night player turn gains fatigue, with a stand-in
chosen here. Resting at night is the manual's own rule (`engine.panzer_campaigns.combat.recovery`).

>>> night_exertion_range(20)  # the Ardennes title's rest value: 0 to 80 a night of action
(0, 80)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.fatigue import rest_recovery, rest_value
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.scenario import DayPhase
from schemas.vocabulary import OptionalRule, Side

NIGHT_EXERTION_REST_MULTIPLE = 1
"""Stand-in: a unit that acts in a night player turn gains this many times the fatigue a unit
resting through the night would recover, drawn as the rest is (0 to twice the night rest
value, which is twice the Parameter Data rest value) [000 9.3]."""

NIGHT_FATIGUE_CEILING_MARGIN = 1
"""Stand-in: Night Fatigue stops this many points short of Maximum Fatigue [000 9.3]."""


@dataclass(frozen=True, slots=True)
class NightFatigueGained:
    """Units of a side that moved, fired or assaulted in a night player turn gained fatigue
    under the Night Fatigue optional rule [000 9.3]."""

    turn: int
    side: Side
    units: tuple[tuple[str, int], ...]
    """Each unit that gained night fatigue and the fatigue points it gained."""

    def describe(self) -> str:
        """One sentence for a report."""
        parts = ", ".join(f"{unit}(+{amount})" for unit, amount in self.units)
        return (
            f"{self.side.value}: {len(self.units)} unit(s) gained night fatigue "
            f"for acting at night ({parts})"
        )


def night_exertion_range(rest: int) -> tuple[int, int]:
    """The fatigue a unit acting in a night turn may gain with a Parameter Data rest value of
    `rest`: from 0 to twice the night rest value (which is twice `rest`) [000 9.3]."""
    night_rest = 2 * rest * NIGHT_EXERTION_REST_MULTIPLE
    return 0, 2 * night_rest


def night_exertion_now(state: GameState) -> int:
    """The most fatigue a unit may gain by acting in the current player turn under Night
    Fatigue: 0 unless the rule is on and the turn is a night turn (`end_of_night_player_turn`)."""
    if not state.is_rule_on(OptionalRule.NIGHT_FATIGUE):
        return 0
    if state.clock.phase_of(state.turn) is not DayPhase.NIGHT:
        return 0
    return night_exertion_range(state.parameters.recovery.rest)[1]


def acted_this_player_turn(state: GameState, unit: UnitState) -> bool:
    """Whether `unit` exerted itself in the current player turn: it spent movement points
    (moving, changing mode, firing in its own turn) if its side is phasing, or entered a hex,
    fired or assaulted in it (opportunity and defensive fire for the other side). Being fired
    on or assaulted is not the unit's choice and does not count."""
    now = player_turn_index(state)
    if unit.side is state.phasing and unit.mp_spent > 0:
        return True
    return now in (unit.moved_in, unit.fired, unit.assaulted)


def night_fatigue_ceiling(state: GameState) -> int:
    """The fatigue Night Fatigue may bring a unit up to: one point short of Maximum."""
    return state.profile.fatigue_max - NIGHT_FATIGUE_CEILING_MARGIN


def end_of_night_player_turn(state: GameState) -> list[NightFatigueGained]:
    """Add Night Fatigue at the end of a player turn of a night turn, to every unit of either
    side that moved, fired or assaulted in it (`acted_this_player_turn`). Returns one event a
    side whose units gained any.

    Decisions [000 9.3]: the manual says only that the optional rule exists "to encourage
    players to rest their units during night turns" and refers to "the Main Program Optional
    Rules Dialog for more information", which we do not have; the stand-in is built from what
    the section does say:
    - "physical fatigue can accumulate quickly through exertion, but is relieved through rest":
      a unit that acts at night gains what a unit resting that night would recover, drawn the
      same way (0 to twice the night rest value, uniform, probabilistically rounded;
      `NIGHT_EXERTION_REST_MULTIPLE`), so its title's Parameter Data rest value sets the scale
      and a title without rest has no night fatigue either.
    - Resting units recover as the manual's rest rules say (doubled at night), unchanged.
    - "Night turns" are the turns of the night phase, as for rest; dawn and dusk are not.
    - Exertion is the unit's own doing: moving (any movement points spent), firing (opportunity
      and defensive fire too) or assaulting; being fired on or assaulted is not.
    - Combat Fatigue at Maximum is the loss of the will to fight, which physical fatigue is
      not: night fatigue stops one point short of Maximum (`NIGHT_FATIGUE_CEILING_MARGIN`).
    - Only when the scenario turns the rule on, and never under Panzer Battles, which has "No
      night fatigue" [001 #17] (`GameState.is_rule_on`).
    """
    if not state.is_rule_on(OptionalRule.NIGHT_FATIGUE):
        return []
    if state.clock.phase_of(state.turn) is not DayPhase.NIGHT:
        return []
    # rest_recovery draws 0 to twice its argument: `night_exertion_range`.
    night_rest = rest_value(state, night=True) * NIGHT_EXERTION_REST_MULTIPLE
    ceiling = night_fatigue_ceiling(state)
    events: list[NightFatigueGained] = []
    for side in (state.phasing, other_side(state.phasing)):
        gained: list[tuple[str, int]] = []
        for unit in state.iter_units(side):
            if night_rest <= 0 or not acted_this_player_turn(state, unit):
                continue
            amount = min(rest_recovery(night_rest, state.rng), max(ceiling - unit.fatigue, 0))
            if amount > 0:
                unit.fatigue += amount
                gained.append((unit.id, amount))
        if gained:
            events.append(NightFatigueGained(state.turn, side, tuple(gained)))
    if events:
        state.touch()  # fatigue feeds morale and fire values
    return events
