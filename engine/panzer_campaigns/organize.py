"""Combining companies of one battalion into one counter and breaking it down again [000 4.9]:
who may combine, what the combined counter is, and how a company splits off. No dice, no
movement points: both can be taken back within the player turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.panzer_campaigns.allowance import movement_allowance, mp_left
from engine.panzer_campaigns.combat.size import ECHELON_ORDER
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState, UnitStatus
from schemas.vocabulary import Side

_WORST_FLAGS = ("disrupted", "broken", "fixed", "isolated", "detached", "low_ammo", "low_fuel")
"""Conditions a combined counter has when any of its parts had them: "the worst unit
conditions of any of the individual units" [000 4.9]."""


@dataclass(frozen=True, slots=True)
class Combined:
    """Companies of one battalion merged into the first one's counter [000 4.9]."""

    turn: int
    side: Side
    unit: str
    """The counter they merged into."""
    merged: tuple[str, ...]
    """The companies merged into it."""
    strength: int
    fatigue: int

    def describe(self) -> str:
        """One sentence for a report."""
        return (
            f"{', '.join(self.merged)} combined into {self.unit}: strength {self.strength}, "
            f"fatigue {self.fatigue}"
        )


@dataclass(frozen=True, slots=True)
class BrokeDown:
    """A company split off a combined counter [000 4.9]."""

    turn: int
    side: Side
    unit: str
    """The combined counter."""
    company: str
    """The company now on its own."""
    strength: int
    """The strength the company took with it."""

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.company} broke down from {self.unit} with strength {self.strength}"


def why_not_combine(state: GameState, units: Sequence[UnitState]) -> str | None:
    """Why these counters may not combine, or None when they may: two or more counters on the
    map, on one hex, of one side, smaller than the ruleset's base echelon (PzC: "Company or
    smaller units from the same Battalion" [000 4.9]; PB: platoons of the same Company [001]),
    of the same parent organization and the same component. Decisions: the battalion (PB:
    company) is the parent organization the OOB gives the units; headquarters never combine;
    the counters must be in the same mode, since a counter has one mode and the manual gives no
    "worst" of two."""
    if len(units) < 2:
        return "combining needs two or more units"
    if len({u.id for u in units}) != len(units):
        return "a unit is listed twice"
    first = units[0]
    large = ECHELON_ORDER.index(state.profile.large_echelon)
    for unit in units:
        if not unit.on_map:
            return f"{unit.id} is not on the map"
        if unit.is_hq:
            return f"{unit.id} is a headquarters; only companies combine"
        if ECHELON_ORDER.index(unit.unit.size) >= large:
            return f"{unit.id} is a {unit.unit.size.value}; only smaller units combine"
        if unit.hex != first.hex:
            return f"{unit.id} is not in the hex of {first.id}"
        if unit.organization is None or unit.organization != first.organization:
            return f"{unit.id} is not of the battalion of {first.id}"
        if unit.unit.component is not first.unit.component:
            return f"{unit.id} counts {unit.unit.component.value}, {first.id} counts " + (
                first.unit.component.value
            )
        if unit.mode is not first.mode:
            return f"{unit.id} is in {unit.mode.value} mode, {first.id} in {first.mode.value}"
    return None


def combinable(state: GameState, unit: UnitState) -> list[UnitState]:
    """The other counters on `unit`'s hex it may combine with, in stack order."""
    if not unit.on_map:
        return []
    return [
        other
        for other in state.units_at(unit.hex)
        if other is not unit and why_not_combine(state, [unit, other]) is None
    ]


def combine(state: GameState, units: Sequence[UnitState], turn: int) -> Combined:
    """Merge `units[1:]` into `units[0]` (check `why_not_combine` first). The counter gets the
    summed strength, "the least number of movement points of the units that made it" and "the
    worst unit conditions", "other than for the fatigue value which is averaged based upon each
    component" [000 4.9].

    Decisions: "averaged based upon each component" is read as each company weighing one, so
    a counter of two companies at fatigue 90 and a company at 30 give 70 (rounded to a whole
    number); it is Digging-In only if every part was, so a company that moved this turn cannot
    start digging by joining one that is [000 4.9 "cannot initiate Digging-In in the same turn
    that it has ... Moved"]; its last action is the latest of its parts' (for rest [000 9.3])."""
    host, others = units[0], list(units[1:])
    parts = [host, *others]
    companies = sum(u.subunits for u in parts)
    fatigue = round(sum(u.fatigue * u.subunits for u in parts) / companies)
    least_left = min(mp_left(state, u) for u in parts)
    host.mp_spent = max(0.0, movement_allowance(state, host) - least_left)
    host.strength = sum(u.strength for u in parts)
    host.fatigue = fatigue
    for flag in _WORST_FLAGS:
        setattr(host, flag, any(getattr(u, flag) for u in parts))
    host.moved = any(u.moved for u in parts)
    host.on_foot = any(u.on_foot for u in parts)
    host.digging_in = all(u.digging_in for u in parts)
    host.last_active = max(u.last_active for u in parts)
    merged: list[str] = []
    for other in others:
        merged.append(other.id)
        host.combined += (other.id, *other.combined)
        other.combined = ()
        other.subunits = 1
        other.digging_in = False
        state.remove(other, UnitStatus.COMBINED)
    host.subunits = 1 + len(host.combined)
    state.touch()
    return Combined(turn, host.side, host.id, tuple(merged), host.strength, host.fatigue)


def why_not_break_down(unit: UnitState) -> str | None:
    """Why a counter may not break down, or None when it may: it must be on the map, hold
    companies merged into it, and have strength enough for each part to keep some."""
    if not unit.on_map:
        return f"{unit.id} is not on the map"
    if not unit.combined:
        return f"{unit.id} is not a combined unit"
    if unit.strength < 2:
        return f"{unit.id} has too little strength left to split"
    return None


def break_down(state: GameState, unit: UnitState, turn: int) -> BrokeDown:
    """Split the last company merged into `unit` off it, on the same hex: "a single individual
    unit from the Combined unit" per use [000 4.9] (check `why_not_break_down` first).

    Decisions (the manual is silent on the split): the company takes the share of the current
    strength its OOB strength has of the counter's OOB strength, rounded, and at least 1 while
    the counter keeps at least 1; it keeps the counter's fatigue (combining averaged it),
    mode, conditions, movement points spent, last action and Digging-In."""
    company = state.units[unit.combined[-1]]
    share = round(unit.strength * company.unit.strength / state.full_strength(unit))
    share = min(max(share, 1), unit.strength - 1)
    unit.combined = unit.combined[:-1]
    unit.subunits = 1 + len(unit.combined)
    unit.strength -= share
    company.strength = share
    company.fatigue = unit.fatigue
    company.mode = unit.mode
    company.facing = unit.facing
    for flag in (*_WORST_FLAGS, "moved", "on_foot", "digging_in", "mp_spent", "last_active"):
        setattr(company, flag, getattr(unit, flag))
    state.put(company, unit.hex)
    return BrokeDown(turn, unit.side, unit.id, company.id, share)
