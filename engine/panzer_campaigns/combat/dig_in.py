"""Digging-In [000 4.9, 5.3, 7.2]: who may start it, the chance per turn that it improves the
hex's fortification (none -> Improved Position -> Trench -> Bunker), and the start-of-turn rolls
that build it into the game state's fortifications.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.size import is_large
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import EngineeringVehicle, UnitClass
from schemas.panzer_campaigns.scenario import FortificationKind, Mode
from schemas.vocabulary import Condition, Side

NEXT_FORTIFICATION: dict[FortificationKind | None, FortificationKind] = {
    None: FortificationKind.IMPROVED_POSITION,
    FortificationKind.IMPROVED_POSITION: FortificationKind.TRENCH,
    FortificationKind.TRENCH: FortificationKind.BUNKER,
}
"""What a successful Digging-In makes of a hex's fortification [000 4.9]; Pillboxes and
Bunkers are never built on."""

ENGINEER_FACTOR = 3
""""Engineers have triple the probability of constructing Improved and Trench hexes" [000 4.9]."""


@dataclass(frozen=True, slots=True)
class StartedDiggingIn:
    """A unit began Digging-In [000 4.9]."""

    turn: int
    side: Side
    unit: str
    hex: tuple[int, int]

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.unit} is digging in at {self.hex[0]},{self.hex[1]}"


@dataclass(frozen=True, slots=True)
class DugIn:
    """Digging-In improved a hex's fortification [000 4.9]."""

    turn: int
    side: Side
    unit: str
    hex: tuple[int, int]
    fortification: FortificationKind

    def describe(self) -> str:
        """One sentence for a report."""
        what = self.fortification.value.replace("_", " ")
        return f"{self.unit} dug in: {what} at {self.hex[0]},{self.hex[1]}"


@dataclass(frozen=True, slots=True)
class StoppedDiggingIn:
    """A unit stopped Digging-In: it finished what it can build, or may no longer dig."""

    turn: int
    side: Side
    unit: str
    reason: str

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.unit} stopped digging in: {self.reason}"


def is_digging_engineer(unit: UnitState) -> bool:
    """A non-bridge engineer that is no engineering vehicle: it triples the Digging-In odds and
    alone builds Bunkers [000 4.9, 7.1, 7.2]."""
    static = unit.unit
    return (
        static.engineer
        and not static.bridge_engineer
        and static.engineering_vehicle is EngineeringVehicle.NONE
    )


def next_fortification(state: GameState, unit: UnitState) -> FortificationKind | None:
    """What the unit's Digging-In would make of its hex, or None when it can build nothing
    there: a Trench becomes a Bunker only for a non-bridge engineer while the side's Bunker Prob
    is not zero [000 4.9, 5.3]. A reduced fort (`GameState.reduced_forts`: vacated, or lost in an
    assault) is first restored to full strength: an Improved Position or Trench by any unit, a
    Bunker only by a non-bridge engineer at the Bunker Prob, a Pillbox never [000 5.3]."""
    current = state.fortifications.get(unit.hex)
    if current is not None and unit.hex in state.reduced_forts:
        following: FortificationKind | None = current
        if current is FortificationKind.PILLBOX:
            following = None
    elif current not in NEXT_FORTIFICATION:
        return None
    else:
        following = NEXT_FORTIFICATION[current]
    if following is FortificationKind.BUNKER and (
        not is_digging_engineer(unit) or _percent(state, unit.side, bunker=True) == 0
    ):
        return None
    return following


def why_not_dig_in(state: GameState, unit: UnitState) -> str | None:
    """Why the unit may not start Digging-In now, or None when it may [000 4.9]: it must be
    Deployed, neither Disrupted nor Broken, no headquarters or supply unit, not already
    digging, not have moved or fired this turn, the conditions must not be Frozen, and its hex
    must hold no Pillbox and leave something to build.

    Decisions: "Moved" counts any movement points spent this player turn (a mode change
    included) and "Fired" any action `engine.panzer_campaigns.combat.activity` recorded this player
    turn.
    Starting costs the unit its remaining movement points: it is "a Miscellaneous Movement
    Action" whose work lasts the turn, and a digging unit that moved would stop digging. A hex
    whose Bunker is full strength leaves nothing to build; a reduced one is restored
    (`next_fortification`)."""
    if unit.mode is not Mode.DEPLOYED:
        return f"{unit.id} is not deployed"
    if unit.disrupted or unit.broken:
        return f"{unit.id} is {'broken' if unit.broken else 'disrupted'}"
    if unit.unit.unit_class in (UnitClass.HEADQUARTERS, UnitClass.SUPPLY):
        return f"{unit.id} is a {unit.unit.unit_class.value} unit; those do not dig in"
    if unit.digging_in:
        return f"{unit.id} is already digging in"
    if unit.mp_spent > 0 or unit.last_active == player_turn_index(state):
        return f"{unit.id} moved or fired this turn"
    if state.weather.condition is Condition.FROZEN:
        return "the ground is frozen"
    if state.fortifications.get(unit.hex) is FortificationKind.PILLBOX:
        return "the hex holds a pillbox"  # never built, never restored [000 5.3]
    if next_fortification(state, unit) is None:
        built = state.fortifications[unit.hex].value.replace("_", " ")
        return f"{unit.id} can build nothing beyond the {built} in its hex"
    return None


def start_digging_in(state: GameState, unit: UnitState, allowance: float) -> StartedDiggingIn:
    """Set the unit Digging-In (check `why_not_dig_in` first); it spends all its movement
    points."""
    unit.digging_in = True
    unit.mp_spent = max(unit.mp_spent, allowance)
    state.touch(unit)
    return StartedDiggingIn(state.turn, unit.side, unit.id, state.board.offset(unit.hex))


def dig_in_chance(state: GameState, unit: UnitState) -> float:
    """The chance (0..1) that the unit's Digging-In succeeds this turn [000 4.9, 7.2].

    The side's Digging-In % (Bunker Prob % for Trench -> Bunker), times 3 for a battalion or a
    combined counter of 3 or more companies (PB: company or 3+ platoons [001]), times 2 for 2
    combined, times 3 for a non-bridge engineer building an Improved Position or a Trench.

    Decisions: the size and engineer factors multiply (the digest's [INF]); the engineer
    factor does not apply to Bunkers: [4.9] gives it for "Improved and Trench hexes" and [5.3]
    says a Bunker "uses the Bunker probability", while [7.2]'s "applies to all digging-in
    attempts" would triple a step only engineers may take; the chance is capped at 1."""
    target = next_fortification(state, unit)
    bunker = target is FortificationKind.BUNKER
    chance = _percent(state, unit.side, bunker=bunker) / 100
    if is_large(state, unit):
        chance *= 3
    elif unit.subunits == 2:
        chance *= 2
    if not bunker and is_digging_engineer(unit):
        chance *= ENGINEER_FACTOR
    return min(chance, 1.0)


def _percent(state: GameState, side: Side, *, bunker: bool) -> int:
    forts = state.parameters.fortifications
    values = forts.bunker_building if bunker else forts.dig_in
    return values.allied if side is Side.ALLIED else values.axis


def progress_digging(state: GameState, side: Side) -> list[DugIn | StoppedDiggingIn]:
    """The start-of-player-turn Digging-In rolls of `side` ("On subsequent turns" [000 4.9]):
    each digging unit, in scenario order, that may still dig draws once; a success improves its
    hex one step. A unit that has nothing left to build, or has become Disrupted, Broken or
    not Deployed, or faces Frozen ground, stops digging without a roll.

    Decisions: a hex improves at most one step per turn (the manual lists one outcome per
    success), so once a hex improved the other units digging there do not roll this turn; a
    unit stops once its hex holds what it can build."""
    events: list[DugIn | StoppedDiggingIn] = []
    improved: set[int] = set()
    for unit in state.iter_units(side):
        if not unit.digging_in or unit.hex in improved:
            continue
        reason = _stop_reason(state, unit)
        if reason is not None:
            unit.digging_in = False
            events.append(StoppedDiggingIn(state.turn, side, unit.id, reason))
            continue
        if state.rng.random() >= dig_in_chance(state, unit):
            continue
        built = next_fortification(state, unit)
        assert built is not None  # `_stop_reason` checked there is something to build
        state.fortifications[unit.hex] = built
        state.reduced_forts.discard(unit.hex)
        improved.add(unit.hex)
        events.append(DugIn(state.turn, side, unit.id, state.board.offset(unit.hex), built))
        if next_fortification(state, unit) is None:
            unit.digging_in = False
            events.append(StoppedDiggingIn(state.turn, side, unit.id, "nothing more to build"))
    return events


def _stop_reason(state: GameState, unit: UnitState) -> str | None:
    if unit.mode is not Mode.DEPLOYED:
        return "not deployed"
    if unit.disrupted or unit.broken:
        return "broken" if unit.broken else "disrupted"
    if state.weather.condition is Condition.FROZEN:
        return "the ground is frozen"
    if next_fortification(state, unit) is None:
        return "nothing more to build"
    return None
