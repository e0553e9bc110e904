"""Objectives and victory: who holds each objective hex, units leaving the map at exit
objectives, limited objectives expiring, nations surrendering, the losses each side suffers, and
the score and outcome they add up to [000 2.0, 3.4].

The manuals give no victory formula [000 2.0; digest 8.5]; the one used here is the decision
recorded on `schemas.panzer_campaigns.scenario.Victory`: each side's victory points are the points
of the
objectives it holds, plus the points of the limited objectives it banked, plus what the enemy's
losses are worth (`LossPoints`); the score is Allied minus Axis plus the header's `advantage`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from engine.panzer_campaigns.events import (
    ObjectiveCaptured,
    ObjectiveExpired,
    Surrendered,
    UnitExited,
)
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.state_records import Losses, ObjectiveState
from engine.panzer_campaigns.units import MEN_PER_GUN_OR_VEHICLE, UnitState, UnitStatus
from schemas.panzer_campaigns.oob import Component, UnitClass
from schemas.panzer_campaigns.scenario import LimitedObjective, VictoryLevels
from schemas.vocabulary import Side

# --- objective hexes ------------------------------------------------------------------------


def is_in_play(state: GameState, objective: ObjectiveState) -> bool:
    """Whether an objective is in play now: a limited objective only from its `first_turn`
    until it expires, every other kind always [000 3.4]."""
    if objective.expired:
        return False
    static = objective.objective
    return not isinstance(static, LimitedObjective) or state.turn >= static.first_turn


def update_owners(
    state: GameState, entered: Iterable[tuple[int, Side]] = ()
) -> list[ObjectiveCaptured]:
    """Give every objective hex occupied by a side's units to that side, and every objective
    hex in `entered` (hexes a move went through, with the mover's side) to the mover: "To
    capture an objective hex, move a unit onto it" [000 3.4]; decision: a unit moving through
    the hex has moved onto it. Exit objectives never change hands [000 3.4]; limited
    objectives before their first turn or after expiry are not in play. Any unit captures,
    HQs and supply units included (the manual names no exception)."""
    events = []
    stacks = state.stacks
    claims = [(o, side) for hex_index, side in entered for o in _at(state, hex_index)]
    claims += [(o, stacks[o.hex][0].side) for o in state.objectives if stacks.get(o.hex)]
    for objective, side in claims:
        if objective.is_exit or not is_in_play(state, objective):
            continue
        if side is not objective.owner:
            previous, objective.owner = objective.owner, side
            events.append(ObjectiveCaptured(state.turn, objective.id, side, previous))
    return events


def _at(state: GameState, hex_index: int) -> list[ObjectiveState]:
    return [o for o in state.objectives if o.hex == hex_index]


def objective_by_id(state: GameState, objective_id: str) -> ObjectiveState:
    """An objective in play by id; ValueError naming it when there is none."""
    for objective in state.objectives:
        if objective.id == objective_id:
            return objective
    raise ValueError(f"no objective '{objective_id}' in this scenario")


def exit_unit(state: GameState, unit: UnitState, objective_id: str) -> UnitExited:
    """Take `unit` off the map at the exit objective it stands on [000 3.4].

    Only units of the objective's owner may exit ("earns Victory Points for its side whenever a
    friendly unit is removed from the map at its hex"), and "the presence of the enemy will deny
    its use": refused while an enemy unit is in the hex (which also keeps the owner's units from
    reaching it). The unit earns what destroying it now would earn the enemy (its loss points,
    the decision on `ExitObjective`); they are added to the objective's points, which its owner
    scores, and to the side's `exit_points` tally. Raises ValueError, changing nothing, when the
    exit is not allowed.
    """
    objective = objective_by_id(state, objective_id)
    if not objective.is_exit:
        raise ValueError(f"objective '{objective_id}' is not an exit objective")
    if not unit.on_map or unit.hex != objective.hex:
        raise ValueError(f"{unit.id} does not stand on exit objective '{objective_id}'")
    if objective.owner is None:
        raise ValueError(f"exit objective '{objective_id}' has no owner, so no side may exit there")
    if unit.side is not objective.owner:
        raise ValueError(
            f"exit objective '{objective_id}' is for {objective.owner.value} units; "
            f"{unit.id} is {unit.side.value}"
        )
    if any(other.side is not unit.side for other in state.units_at(objective.hex)):
        raise ValueError(f"the enemy holds the hex of exit objective '{objective_id}'")
    points = loss_points_of_unit(state, unit, unit.strength)
    objective.points += points
    state.exit_points[unit.side] = state.exit_points.get(unit.side, 0.0) + points
    state.remove(unit, UnitStatus.EXITED)
    return UnitExited(state.turn, unit.id, objective.id, unit.side, points)


def expire_limited(state: GameState) -> list[ObjectiveExpired]:
    """At the end of a game turn, expire the limited objectives whose last turn it is ("the
    objective will expire after that turn has been completed"): the side holding one banks its
    points for good and it leaves the map [000 3.4]. One whose last turn has already passed
    (the game started later, or the call was missed) expires at the first call after it."""
    events = []
    for objective in state.objectives:
        static = objective.objective
        if objective.expired or not isinstance(static, LimitedObjective):
            continue
        if state.turn < static.last_turn:
            continue
        objective.expired = True
        holder = objective.owner
        if holder is not None:
            state.banked_points[holder] = state.banked_points.get(holder, 0.0) + objective.points
        events.append(ObjectiveExpired(state.turn, objective.id, holder, objective.points))
    return events


def check_surrender(state: GameState) -> list[Surrendered]:
    """At the end of a player turn, make every nation surrender whose Surrender Objectives are
    all held by the opposing side [000 3.4]: all its units, on the map and future
    reinforcements, leave the game (status SURRENDERED) and it joins `state.surrendered`.

    Decisions: "occupied by the opposing side" is read as owned (the objective's flag), since
    ownership only changes by occupation [000 3.4]. The rule is always on: the Optional
    Surrender Rule (`OptionalRule.SURRENDER`) is another rule, about Broken units that cannot
    retreat [000 9.0, 6.3]. A nation whose OOB says `may_surrender: false` never surrenders
    (the reference checks flag its surrender objectives). Surrendered units are not losses: the
    captor is rewarded by the surrender objectives' own points.
    """
    by_nation: dict[str, list[ObjectiveState]] = {}
    for objective in state.objectives:
        nation = objective.surrender_nation
        if nation is not None and nation not in state.surrendered:
            by_nation.setdefault(nation, []).append(objective)
    events = []
    for nation, held in by_nation.items():
        entry = state.oob_index.nations.get(nation)
        if entry is None or not entry.nation.may_surrender:
            continue
        enemy = other_side(entry.side)
        if all(objective.owner is enemy for objective in held):
            removed = surrender(state, nation)
            events.append(Surrendered(state.turn, nation, entry.side, removed))
    return events


def surrender(state: GameState, nation: str) -> tuple[str, ...]:
    """Remove a nation from the game: its units on the map and its waiting reinforcements
    [000 3.4]. Returns the ids of the units removed."""
    state.surrendered.add(nation)
    removed = []
    for unit in state.units.values():
        if unit.nation == nation and unit.status in (UnitStatus.ON_MAP, UnitStatus.WAITING):
            state.remove(unit, UnitStatus.SURRENDERED)
            removed.append(unit.id)
    return tuple(removed)


# --- losses ---------------------------------------------------------------------------------


def is_elite(unit: UnitState) -> bool:
    """Mountain and cavalry units "are worth more Victory Points than ordinary units"
    [000 4.2]: their losses are multiplied by `LossPoints.elite_factor`."""
    static = unit.unit
    return static.mountain or static.cavalry or static.unit_class is UnitClass.CAVALRY


def loss_points_of_unit(state: GameState, unit: UnitState, lost: int) -> float:
    """What losing `lost` of a unit's men, guns or vehicles (its component) earns the enemy.

    At the scenario's `LossPoints` rates, times the elite factor for mountain and cavalry units
    [000 4.2]. A unit whose OOB entry sets `victory_points` ("points the enemy scores for
    destroying the whole unit") is valued at those points instead; decision: pro rata of its
    full strength, so partial losses earn their share, destroying it from full strength earns
    exactly its points and no elite factor applies (the designer's number is final).
    """
    static = unit.unit
    if static.victory_points is not None:
        return static.victory_points * lost / static.strength if static.strength else 0.0
    rates = state.scenario.header.victory.loss_points
    if static.component is Component.MEN:
        points = rates.men * lost
    elif static.component is Component.GUNS:
        points = rates.guns * lost
    else:
        points = rates.vehicles * lost
    return points * rates.elite_factor if is_elite(unit) else points


def record_loss(state: GameState, unit: UnitState, lost: int) -> float:
    """Count `lost` men, guns or vehicles (the unit's component) in its side's losses and the
    victory points they earn the enemy; returns those points. Every loss goes through here:
    combat, Protection Value eliminations and airborne landings ("These losses count towards
    the Victory Point calculation" [000 4.7]). The unit's strength is not changed; see
    `apply_loss` and `eliminate` for that."""
    if lost <= 0:
        return 0.0
    losses = state.losses.setdefault(unit.side, Losses())
    component = unit.unit.component
    if component is Component.MEN:
        losses.men += lost
    elif component is Component.GUNS:
        losses.guns += lost
    else:
        losses.vehicles += lost
    if is_elite(unit):
        losses.elite_men_equivalent += (
            lost if component is Component.MEN else lost * MEN_PER_GUN_OR_VEHICLE
        )
    points = loss_points_of_unit(state, unit, lost)
    losses.points += points
    return points


def apply_loss(state: GameState, unit: UnitState, lost: int) -> bool:
    """Take up to `lost` men, guns or vehicles from a unit and record them; a unit left with
    nothing is eliminated. Returns whether it was."""
    lost = min(lost, unit.strength)
    unit.strength -= lost
    record_loss(state, unit, lost)
    if unit.strength <= 0:
        state.remove(unit, UnitStatus.ELIMINATED)
        return True
    return False


def eliminate(state: GameState, unit: UnitState) -> None:
    """Destroy a unit outright: all its strength counts as lost."""
    record_loss(state, unit, unit.strength)
    unit.strength = 0
    state.remove(unit, UnitStatus.ELIMINATED)


def loss_points(state: GameState, side: Side) -> float:
    """The victory points `side`'s own losses have earned its enemy so far."""
    losses = state.losses.get(side)
    return losses.points if losses is not None else 0.0


# --- victory --------------------------------------------------------------------------------


class Outcome(StrEnum):
    """The five levels of result [000 2.0], best for the Allies first."""

    ALLIED_MAJOR_VICTORY = "allied_major_victory"
    ALLIED_MINOR_VICTORY = "allied_minor_victory"
    DRAW = "draw"
    AXIS_MINOR_VICTORY = "axis_minor_victory"
    AXIS_MAJOR_VICTORY = "axis_major_victory"


@dataclass(frozen=True, slots=True)
class VictoryPoints:
    """One side's victory points and where they come from."""

    objectives: float
    """Objectives it holds now, exit objectives with what its exits added."""
    banked: float
    """Limited objectives it held when they expired [000 3.4]."""
    losses_inflicted: float
    """What the enemy's losses are worth."""

    @property
    def total(self) -> float:
        """All of them."""
        return self.objectives + self.banked + self.losses_inflicted


@dataclass(frozen=True, slots=True)
class Score:
    """Both sides' victory points, the score and the outcome it gives."""

    allied: float
    axis: float
    advantage: int
    """The header's `advantage`, already in `score`."""
    score: float
    """Allied points minus Axis points plus the advantage."""
    outcome: Outcome

    def describe(self) -> str:
        """One line for a report.

        >>> Score(120, 30.5, 5, 94.5, Outcome.ALLIED_MINOR_VICTORY).describe()
        '94.5 (allied 120 - axis 30.5 + advantage 5): allied minor victory'
        """
        sign = "+" if self.advantage > 0 else "-"
        advantage = f" {sign} advantage {abs(self.advantage)}" if self.advantage else ""
        return (
            f"{self.score:g} (allied {self.allied:g} - axis {self.axis:g}{advantage}): "
            f"{self.outcome.value.replace('_', ' ')}"
        )


def victory_points_detail(state: GameState, side: Side) -> VictoryPoints:
    """`side`'s victory points by source.

    Objectives count for the side holding them at the time of asking, which at the end of the
    game is "the side owning it at a scenario's end" [000 3.4]. Decision for the running score
    (early termination, the tester's display): a limited objective counts for its holder while
    it is in play, from `first_turn` until it expires, as its schema says, and afterwards only
    through the banked points. Exit objectives count with the points their exits added, so exit
    points are not added a second time. Neutral objectives count for nobody.
    """
    held = sum(
        objective.points
        for objective in state.objectives
        if objective.owner is side and is_in_play(state, objective)
    )
    return VictoryPoints(
        objectives=held,
        banked=state.banked_points.get(side, 0.0),
        losses_inflicted=loss_points(state, other_side(side)),
    )


def victory_points(state: GameState, side: Side) -> float:
    """`side`'s victory points now (see `victory_points_detail`)."""
    return victory_points_detail(state, side).total


def outcome_of(score: float, levels: VictoryLevels) -> Outcome:
    """The outcome a score gives, as `VictoryLevels` defines it: at or above `major_allied` an
    Allied major victory, at or above `minor_allied` a minor one, at or below `major_axis` an
    Axis major victory, at or below `minor_axis` a minor one, a draw between.

    >>> levels = VictoryLevels(major_allied=100, minor_allied=20, minor_axis=-20, major_axis=-100)
    >>> for s in (100, 20, 19.5, -20, -100):
    ...     print(s, outcome_of(s, levels))
    100 allied_major_victory
    20 allied_minor_victory
    19.5 draw
    -20 axis_minor_victory
    -100 axis_major_victory
    """
    if score >= levels.major_allied:
        return Outcome.ALLIED_MAJOR_VICTORY
    if score >= levels.minor_allied:
        return Outcome.ALLIED_MINOR_VICTORY
    if score <= levels.major_axis:
        return Outcome.AXIS_MAJOR_VICTORY
    if score <= levels.minor_axis:
        return Outcome.AXIS_MINOR_VICTORY
    return Outcome.DRAW


def score(state: GameState) -> Score:
    """The score now: Allied minus Axis victory points plus the header's `advantage`, and the
    outcome it gives against the scenario's victory levels (the decision on `Victory`)."""
    header = state.scenario.header
    allied = victory_points(state, Side.ALLIED)
    axis = victory_points(state, Side.AXIS)
    total = allied - axis + header.advantage
    return Score(allied, axis, header.advantage, total, outcome_of(total, header.victory.levels))


def is_major_victory(result: Score) -> bool:
    """Whether either side has a major victory, which ends a game flagged for Early
    Termination at the end of a turn [000 2.0]."""
    return result.outcome in (Outcome.ALLIED_MAJOR_VICTORY, Outcome.AXIS_MAJOR_VICTORY)
