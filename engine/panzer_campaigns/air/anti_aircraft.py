"""Anti-aircraft fire at an aircraft flying a mission [000 8.1, 9.1]: who fires, at what
value, and the combat result on the aircraft.

Decisions, with their sections:

- Every enemy unit on the map with an AA value whose AA range reaches the target hex fires, with
  no line of sight needed [000 8.1]; HQs included ("They can defend as well as provide AA
  fire" [000 9.1]). Broken units do not ("Broken units cannot fire" [000 5.1]), nor units in
  Rail Mode other than rail units [000 5.2], nor passengers carried [001 "Carry/Uncarry"].
- High flyers (recon and heavy bombers) are fired on by Heavy AA only [000 8.1].
- Range: [000 8.1] "fire at range 0 being normal, fire at range 1 being 1/3, and in general,
  fire at range R being 1/(2R+1)". [000 5.2] says "At range 0 (AA fire), fire values are
  doubled" in the direct-fire range effect. The air section is the specific rule for fire at
  aircraft, so it governs: range 0 is x1, and the direct-fire range effect does not apply.
- "Disrupted, have Low Ammo, or are in Travel Mode fire AA at half value" [000 8.1]: one
  halving for any or all of them, as the manual names them in one sentence.
- The value is the AA value times the firer's men-equivalents (as all fire [000 5.1]) over the
  aircraft's Defense, and each firer's value is a standard combat result on the aircraft
  [000 8.1, 12.0], nearest firers first (then scenario order); firing stops when the aircraft
  is eliminated or Broken (a Broken unit cannot fire its strike [000 5.1]).
- AA fire is not a fire of the firing unit's player turn: it costs no movement points and does
  not count toward the Hex Fire Limitation [000 5.1] (it happens in the enemy's turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.panzer_campaigns.air.events import AntiAircraftFired
from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.combat.fire_values import combat_value
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.losses import apply_combat_result
from engine.panzer_campaigns.combat.results import casualty_range, combat_values
from engine.panzer_campaigns.state import other_side
from engine.panzer_campaigns.units import UnitStatus
from schemas.panzer_campaigns.scenario import Mode

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState


def aa_range_factor(distance: int) -> float:
    """The AA range factor 1/(2R+1) [000 8.1].

    >>> aa_range_factor(0), aa_range_factor(1), aa_range_factor(2)
    (1.0, 0.3333333333333333, 0.2)
    """
    return 1 / (2 * distance + 1)


def is_high_flyer(aircraft: UnitState) -> bool:
    """Recon and heavy bombers fly high: only Heavy AA reaches them [000 8.1]."""
    profile = aircraft.unit.air
    return profile is not None and (profile.role.value == "recon" or profile.heavy_bomber)


@dataclass(frozen=True, slots=True)
class AaShot:
    """One unit's AA fire at an aircraft over a hex: its combat value and casualty range."""

    unit: str
    distance: int
    value: float
    halved: bool
    low: float
    high: float
    """Casualty range in men-equivalents on the aircraft [000 12.0]."""

    @property
    def expected_aircraft(self) -> float:
        """The aircraft it is expected to shoot down (10 men-equivalents each [000 12.0])."""
        return (self.low + self.high) / 2 / 10


def may_fire_aa(unit: UnitState) -> bool:
    """Whether a unit on the map may fire AA at all (see the module's decisions)."""
    if unit.unit.aa_attack <= 0 or unit.broken or unit.carried_by is not None:
        return False
    return not (unit.mode is Mode.RAIL and not unit.unit.rail_unit)


def aa_shots(state: GameState, aircraft: UnitState, hex_index: int) -> list[AaShot]:
    """The AA fire `aircraft` meets over `hex_index`, nearest firer first [000 8.1]."""
    board = state.board
    high = is_high_flyer(aircraft)
    defense = float(aircraft.unit.defense)
    low_cv, high_cv = combat_values(state, CombatKind.AIR)
    found: list[tuple[int, int, AaShot]] = []
    for order, unit in enumerate(state.iter_units(other_side(aircraft.side))):
        if not may_fire_aa(unit) or (high and not unit.is_heavy_aa):
            continue
        distance = board.distance(unit.hex, hex_index)
        if distance > unit.unit.aa_range:
            continue
        halved = unit.disrupted or unit.low_ammo or unit.mode is Mode.TRAVEL
        factor = aa_range_factor(distance) * (0.5 if halved else 1.0)
        value = combat_value(unit.unit.aa_attack * unit.men_equivalent, factor, defense)
        low, high_loss = casualty_range(value, 0.0, low_cv, high_cv)
        found.append((distance, order, AaShot(unit.id, distance, value, halved, low, high_loss)))
    return [shot for _, _, shot in sorted(found, key=lambda item: (item[0], item[1]))]


def fire_aa(
    state: GameState, aircraft: UnitState, hex_index: int
) -> list[AntiAircraftFired | LossesTaken]:
    """Every AA shot at `aircraft` over `hex_index`, each a combat result on it, until it is
    eliminated or Broken (see the module's decisions)."""
    events: list[AntiAircraftFired | LossesTaken] = []
    where = state.board.offset(hex_index)
    for shot in aa_shots(state, aircraft, hex_index):
        if aircraft.status is not UnitStatus.AIR or aircraft.broken:
            break
        firer = state.units[shot.unit]
        events.append(
            AntiAircraftFired(
                state.turn,
                firer.id,
                firer.side,
                aircraft.id,
                where,
                shot.distance,
                round(shot.value, 3),
            )
        )
        events.append(apply_combat_result(state, aircraft, shot.value, 0.0, CombatKind.AIR))
    return events
