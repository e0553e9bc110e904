"""Air interdiction [000 8.2]: off-map air units of the enemy attack units moving in Travel or
Rail Mode. `engine.panzer_campaigns.movement_walk` walks a move hex by hex when interdiction may
strike it and
calls `interdict` for each hex entered.

The manual gives the factors but not the formula (digest §5.2 [GAP]); decisions, with their
sections:

- The chance for a hex entered: the Parameter Data interdiction percentage of the moving side
  (the "Base chance of off-map interdiction against this side's Travel/Rail movers"), times the
  number of the side's units in Travel or Rail Mode in the hex once entered ("based on the
  total number of units in Travel or Rail Mode in the hex being moved into"), times
  (100% + M) for the hex's terrain modifier M, halved at Dawn and Dusk [000 8.2]; at most 1.
  A unit in Deployed Mode entering a hex that holds Travel or Rail Mode units triggers it too,
  counting those units [000 8.2].
- It needs the enemy to have a combat air unit in play ("an air unit that is representative of
  the type of air unit available to the enemy side"): the first of the enemy's strike aircraft
  in the air setup, or its first heavy bomber when it has none; the strike "does not count
  against the air units available", so that unit need not be ready and stays so.
- It flies only when air missions may: no interdiction at night, in storms or at visibility 1
  [000 8.1, 11.0]. No AA fire and no interception: the manual names neither for off-map
  missions, and the Parameter Data chance already stands for what gets through.
- The strike falls on the strongest of the side's Travel or Rail Mode units in the hex, with
  the representative aircraft's strike value, its morale check reading the loss doubled ("The
  probability ... will Disrupt the unit ... is double that of a normal attack" [000 8.2]); the
  unit then loses a random share, up to half, of its movement allowance (uniform between 0
  and 1/2 of it) [000 8.2].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.panzer_campaigns.air.events import Interdicted
from engine.panzer_campaigns.air.fleet import aircraft_of
from engine.panzer_campaigns.air.strike import is_carpet, is_recon, strike_value
from engine.panzer_campaigns.allowance import movement_allowance
from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.losses import apply_combat_result
from engine.panzer_campaigns.combat.terrain import terrain_of
from engine.panzer_campaigns.stacking import per_side
from engine.panzer_campaigns.state import other_side
from engine.panzer_campaigns.weather import air_missions_allowed
from schemas.panzer_campaigns.scenario import DayPhase, Mode

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState

INTERDICTION_DISRUPTION = 2.0
"""The loss counts double in the morale check of an interdiction attack [000 8.2]."""

MAX_MP_LOSS = 0.5
"""An interdicted unit loses "up to a maximum of half its movement allowance" [000 8.2]."""


def representative(state: GameState, side: object) -> UnitState | None:
    """The enemy aircraft an interdiction of `side`'s movers is flown with, or None."""
    enemy = [a for a in aircraft_of(state, other_side(side)) if not is_recon(a)]  # type: ignore[arg-type]
    strikers = [a for a in enemy if not is_carpet(a)]
    found = strikers or enemy
    return found[0] if found else None


def _moving(unit: UnitState) -> bool:
    return unit.mode in (Mode.TRAVEL, Mode.RAIL) and unit.carried_by is None


def interdiction_chance(
    percent: float, movers: int, terrain_pct: float, *, dawn_or_dusk: bool
) -> float:
    """The chance a hex entered is interdicted (see the module's decisions).

    >>> interdiction_chance(10, 2, 0, dawn_or_dusk=False)
    0.2
    >>> round(interdiction_chance(10, 2, -25, dawn_or_dusk=True), 4)
    0.075
    """
    chance = percent / 100 * movers * max(0.0, 1 + terrain_pct / 100)
    return min(1.0, chance / 2 if dawn_or_dusk else chance)


def may_interdict(state: GameState, unit: UnitState, path: Sequence[int]) -> bool:
    """Whether a move of `unit` along `path` can draw interdiction at all (so it is walked hex
    by hex): the side has a chance, the enemy an aircraft, the weather lets it fly, and the
    mover is in Travel or Rail Mode or some hex of the path holds such units of its side."""
    if per_side(state.parameters.air.interdiction, unit.side) <= 0:
        return False
    if representative(state, unit.side) is None or not _flies(state):
        return False
    if _moving(unit):
        return True
    return any(any(_moving(u) and u.side is unit.side for u in state.units_at(h)) for h in path)


def _flies(state: GameState) -> bool:
    weather = state.weather
    phase = state.clock.phase_of(state.turn)
    return air_missions_allowed(weather.storm, weather.visibility, phase)


def interdict(
    state: GameState, unit: UnitState, hex_index: int
) -> tuple[list[Interdicted | LossesTaken], float]:
    """The interdiction roll for `unit` having entered `hex_index`: the events, and the movement
    points the mover itself lost (0 when another unit was struck or none was)."""
    movers = [u for u in state.units_at(hex_index) if u.side is unit.side and _moving(u)]
    aircraft = representative(state, unit.side)
    if not movers or aircraft is None or not _flies(state):
        return [], 0.0
    percent = per_side(state.parameters.air.interdiction, unit.side)
    phase = state.clock.phase_of(state.turn)
    chance = interdiction_chance(
        percent,
        len(movers),
        terrain_of(state, hex_index).defense_modifier,
        dawn_or_dusk=phase in (DayPhase.DAWN, DayPhase.DUSK),
    )
    if chance <= 0 or state.rng.random() >= chance:
        return [], 0.0
    target = max(movers, key=lambda u: (u.men_equivalent, u is unit))
    value = strike_value(state, aircraft, target)
    losses = apply_combat_result(
        state,
        target,
        value.value,
        value.modifier_pct,
        CombatKind.AIR,
        disruption_factor=INTERDICTION_DISRUPTION,
    )
    lost = 0.0
    if target.on_map:
        lost = state.rng.uniform(0, MAX_MP_LOSS) * movement_allowance(state, target)
        if target is not unit:
            target.mp_spent += lost
    where = state.board.offset(hex_index)
    event = Interdicted(
        state.turn,
        target.id,
        target.side,
        aircraft.id,
        where,
        round(chance, 4),
        round(lost, 2),
    )
    return [event, losses], (lost if target is unit else 0.0)
