"""Phased play, the Manual Defensive Fire optional rule [000 13.3]: the eight phases of a game
turn, which side acts in each and what it may do there, and the rule changes that hang on the
phase (fire doubled, one fire per unit, Deploying units, Deserted Hexes, no assault after moving
and firing). The turn loop that walks the phases is `engine.panzer_campaigns.game_turns`; the
computer's
Defensive Fire Phase is `engine.panzer_campaigns.defensive_fire`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from schemas.panzer_campaigns.oob import ArtilleryKind, UnitClass
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import OptionalRule, Side


class Step(StrEnum):
    """The four phases of a player turn, in the manual's order [000 13.3]."""

    MOVEMENT = "movement"
    DEFENSIVE_FIRE = "defensive_fire"
    """The enemy of the side whose player turn it is fires."""
    OFFENSIVE_FIRE = "offensive_fire"
    ASSAULT = "assault"


STEPS = tuple(Step)
"""The phases of one player turn; a game turn is these for each side, eight in all."""


class Action(StrEnum):
    """What an order does, for the phase it belongs to."""

    MOVE = "move"
    FIRE = "fire"
    ASSAULT = "assault"


PHASE_OF_ACTION = {
    Action.MOVE: frozenset({Step.MOVEMENT}),
    Action.FIRE: frozenset({Step.DEFENSIVE_FIRE, Step.OFFENSIVE_FIRE}),
    Action.ASSAULT: frozenset({Step.ASSAULT}),
}
""""Movement is restricted to the Movement Phase and firing is restricted to the Fire Phases
... The Assault Phase allows hexes containing enemy units to be assaulted" [000 13.3]."""

_ACTION_TEXT = {
    Action.MOVE: "units move and change mode only in the Movement Phase",
    Action.FIRE: "units fire only in the Defensive and Offensive Fire Phases",
    Action.ASSAULT: "units assault only in the Assault Phase",
}

PHASE_FIRE_FACTOR = 2.0
"""Fire doubled in the Offensive Fire Phase (units that did not move) and in the Defensive Fire
Phase [000 13.3]."""


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a game turn and the side that acts in it."""

    step: Step
    side: Side
    """The side giving orders: in the Defensive Fire Phase, the enemy of the moving side."""

    def describe(self) -> str:
        """As the manual names it.

        >>> Phase(Step.DEFENSIVE_FIRE, Side.AXIS).describe()
        'Axis Defensive Fire'
        """
        return f"{self.side.value.capitalize()} {self.step.value.replace('_', ' ').title()}"


@dataclass(frozen=True, slots=True)
class PhaseStarted:
    """A phase of a phased game turn began [000 13.3]."""

    turn: int
    acting: Side
    """The side acting in it (not `side`: both sides read that a phase began)."""
    step: Step

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{Phase(self.step, self.acting).describe()} Phase"


@dataclass(frozen=True, slots=True)
class HexDeserted:
    """Offensive Fire emptied a hex: it may be assaulted in the Assault Phase and is taken
    without losses [000 13.3]."""

    turn: int
    side: Side
    """The side that fired and may assault it."""
    hex: tuple[int, int]

    def describe(self) -> str:
        """One sentence for a report."""
        return f"{self.hex[0]},{self.hex[1]} is Deserted: {self.side.value} may assault it"


def is_phased(state: GameState) -> bool:
    """Whether the game is played in phases: the Manual Defensive Fire optional rule is on and
    the ruleset has phases. Opportunity Fire does not happen in a phased game [000 13.3].

    Decision: Panzer Battles has "No phased play, only turn-based play" [001 "Main
    differences"] although its manual still names the optional rule where it waives the cost
    of leaving Travel Mode [001 4.1] and of assaulting [001 6.1]; there the switch keeps those
    waivers (`engine.panzer_campaigns.movement.mode_change_cost`) but gives no phases and none of
    the other
    changes of [000 13.3].
    """
    return state.profile.phased_play and state.is_rule_on(OptionalRule.MANUAL_DEFENSIVE_FIRE)


def is_automatic(state: GameState) -> bool:
    """Whether the engine plays the Defensive Fire Phase: Automatic Defensive Fire, "an
    additional Optional Rule" to Manual Defensive Fire, so nothing without it [000 13.3]."""
    return is_phased(state) and state.is_rule_on(OptionalRule.AUTOMATIC_DEFENSIVE_FIRE)


def current_step(state: GameState) -> Step | None:
    """The phase of the player turn, or None in a game without phases."""
    return STEPS[state.step] if is_phased(state) else None


def current_phase(state: GameState) -> Phase | None:
    """The phase being played and the side acting in it; None in a game without phases."""
    step = current_step(state)
    return None if step is None else Phase(step, acting_side(state))


def acting_side(state: GameState) -> Side:
    """The side that gives orders now: the side whose player turn it is, but its enemy in the
    Defensive Fire Phase [000 13.3]."""
    if current_step(state) is Step.DEFENSIVE_FIRE:
        return other_side(state.phasing)
    return state.phasing


def why_not_now(state: GameState, action: Action) -> str | None:
    """Why an order doing `action` is refused in the current phase, or None. Decision: the
    manual says only that "other actions are associated with either a movement or fire phase"
    [000 13.3]; every order that spends movement points (mode changes, leaving by an exit,
    recon spotting, Digging-In, combining, breaking down) belongs to the Movement Phase."""
    step = current_step(state)
    if step is None or step in PHASE_OF_ACTION[action]:
        return None
    phase = current_phase(state)
    assert phase is not None
    return f"it is the {phase.describe()} Phase: {_ACTION_TEXT[action]} [000 13.3]"


def why_no_phased_fire(state: GameState, unit: UnitState) -> str | None:
    """Why `unit` may not fire again in this Fire Phase, or None: "only a single fire is
    possible in either Fire Phase" [000 13.3], and siege guns "cannot ... fire during the
    Defensive Fire Phase" [000 5.4]. A side fires in one Fire Phase of each player turn, so
    a fire in this player turn is a fire in this phase."""
    step = current_step(state)
    if step is None:
        return None
    if unit.fired == player_turn_index(state):
        return f"{unit.id} has fired in this Fire Phase: one fire per unit [000 13.3]"
    siege = unit.unit.artillery_kind is ArtilleryKind.SIEGE_GUN or (
        unit.unit.unit_class is UnitClass.SIEGE_GUN
    )
    if step is Step.DEFENSIVE_FIRE and siege:
        return f"{unit.id} is a siege gun: it does not fire in the Defensive Fire Phase"
    return None


def moved_this_player_turn(state: GameState, unit: UnitState) -> bool:
    """Whether `unit` entered a hex in the current player turn."""
    return unit.moved_in == player_turn_index(state)


def fire_factors(state: GameState, unit: UnitState) -> list[tuple[str, float]]:
    """The named doublings of a fire by `unit` now [000 13.3]: "units that don't move will fire
    at twice the normal fire value in the Offensive Fire Phase. Fire in the Defensive Fire
    Phase is also doubled". Decision: changing mode is not moving (no hex was entered)."""
    step = current_step(state)
    if step is Step.DEFENSIVE_FIRE:
        return [("Defensive Fire Phase", PHASE_FIRE_FACTOR)]
    if step is Step.OFFENSIVE_FIRE and not moved_this_player_turn(state, unit):
        return [("did not move, Offensive Fire Phase", PHASE_FIRE_FACTOR)]
    return []


def target_mode(state: GameState, unit: UnitState) -> Mode:
    """The mode fire at `unit` treats it in: a unit that left Travel or Rail Mode in this
    player turn is Deploying and "still [has] the Travel and Rail Mode fire effects applied to
    [it] in the following Defensive Fire Phase" [000 13.3]; otherwise its mode."""
    if (
        unit.deployed_from is not None
        and unit.deployed_in == player_turn_index(state)
        and current_step(state) is Step.DEFENSIVE_FIRE
    ):
        return unit.deployed_from
    return unit.mode


def note_mode_change(state: GameState, unit: UnitState, old: Mode) -> None:
    """Remember a unit leaving Travel or Rail Mode, which makes it Deploying [000 13.3]."""
    if old is not Mode.DEPLOYED and unit.mode is Mode.DEPLOYED:
        unit.deployed_from, unit.deployed_in = old, player_turn_index(state)


def why_no_assault(state: GameState, unit: UnitState) -> str | None:
    """Why `unit` may not assault in this Assault Phase for [000 13.3], or None: "Units that
    move and fire in the same turn are not eligible to assault in the following Assault
    Phase". The other conditions are the assault rules' own [000 6.1]."""
    if not is_phased(state):
        return None
    now = player_turn_index(state)
    if unit.moved_in == now and unit.fired == now:
        return f"{unit.id} moved and fired this turn: it may not assault [000 13.3]"
    return None


def mark_deserted(state: GameState, hex_index: int, side: Side) -> HexDeserted | None:
    """After `side`'s fire at `hex_index`: in the Offensive Fire Phase, a target hex left
    without units is Deserted for the Assault Phase that follows [000 13.3]. Decision: a hex is
    marked when the fire emptied it (a unit was eliminated or retreated), whatever emptied it
    first."""
    if current_step(state) is not Step.OFFENSIVE_FIRE or state.units_at(hex_index):
        return None
    state.deserted[hex_index] = player_turn_index(state)
    return HexDeserted(state.turn, side, state.board.offset(hex_index))


def is_deserted(state: GameState, hex_index: int) -> bool:
    """Whether a hex is Deserted: emptied by Offensive Fire in this player turn and still empty,
    so it "is eligible to be assaulted ... even though there are no units in it. A unit
    assaulting a Deserted Hex will automatically take the hex without suffering any losses"
    [000 13.3]."""
    return (
        state.deserted.get(hex_index) == player_turn_index(state)
        and not state.units_at(hex_index)
        and current_step(state) in (Step.OFFENSIVE_FIRE, Step.ASSAULT)
    )
