"""Air strikes and carpet bombing [000 8.1, 8.4]: where an aircraft may strike, the strike's
value with every modifier named, the Air Strike Hex Limitation, air ownership, carpet bombing's
scatter, and the resolution after the AA fire.

Decisions, with their sections:

- A strike's target hex holds enemy units its side sees, spotted or Unknown ("An Unknown unit
  may be targeted for ... Air Strikes, but the combat results will not be known" [000 8.1]);
  the unit struck is the one fire would pick
  (`engine.panzer_campaigns.combat.fire_targets.target_unit`'s
  rule: the strongest the aircraft has an attack value against), as Panzer Battles picks it
  "automatically" [001 "Air Strikes"].
- The value: the Hard or Soft attack by the target, doubled [000 8.1], times the aircraft's
  men-equivalents (10 per aircraft, as vehicles [000 3.3]) over the target's modified Defense,
  with the target's terrain, fortification and mode modifiers as for indirect fire (an air
  strike has no range, elevation or hexside) and the aircraft's quality, fatigue ("they do
  affect the effectiveness of the air strike" [000 8.3]) and Disrupted halving [000 5.2].
- Air ownership [000 8.4]: an owned aircraft strikes only hexes a non-Broken unit of the owning
  organization (or one below it) sees; if only Detached units see it, at 1/2 [000 8.4, 9.1].
  Other aircraft strike any hex their side sees; when the side's units that see it are all
  Detached the strike is at 1/2 [000 9.1] (a hex known from air recon only has no spotter to
  halve it).
- Panzer Battles: "To spot for artillery and air strikes, a unit must not have moved that
  turn" [001 #10]: every strike (owned aircraft or not) needs a unit of the side that sees
  the hex, is not Broken and has not moved in its side's latest player turn; a hex known
  only from air recon, or seen only by units that moved, cannot be struck. The check is
  made when the strike is called; it flies at the start of the side's next player turn,
  when no unit has moved yet [001 #32].
- The Air Strike Hex Limit counts the aircraft committed to strikes on a hex in the player
  turn: a strike may go in while that count is below the limit, so the strike that reaches
  it is the last [000 8.1]; intercepted strikes count (they were committed). Carpet bombing
  and recon do not count and are not limited.
- Carpet bombing [000 8.1]: the designated hex scatters "up to 2 hexes away", every hex of the
  map within 2 of it equally likely (so 1/19 no scatter, 6/19 one hex, 12/19 two hexes in the
  open); every unit in the hex it falls on is struck, friendly ones too, each with the
  aircraft's Hard or Soft attack as for a strike. Its "increased effect on causing
  Disruption" has no figure in the manual: the morale check reads the loss doubled, as the
  special disruption rules double it [000 5.2]. It needs no spotting; any hex may be called.
- A strike that hits urban terrain may make Rubble as indirect fire does (`rubble_from_fire`,
  Parameter Data) [000 8.1].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.fatigue import fatigue_level
from engine.panzer_campaigns.combat.fire_preview import FireModifier, _target_modifiers
from engine.panzer_campaigns.combat.fire_targets import FireTarget, attack_of, is_hard_target
from engine.panzer_campaigns.combat.fire_values import combat_value, quality_fire_modifier_pct
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.modifiers import fatigue_modifier_pct
from engine.panzer_campaigns.combat.results import casualty_range, combat_values
from engine.panzer_campaigns.combat.spotters import unspotted_reason, why_not_spotter
from engine.panzer_campaigns.command import is_detached
from engine.panzer_campaigns.sightings import Sight
from engine.panzer_campaigns.spotting import sees, spotted_by

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState
    from engine.panzer_campaigns.units import UnitState

STRIKE_FACTOR = 2.0
""""The attack value of the air unit is doubled" [000 8.1]."""

CARPET_DISRUPTION = 2.0
"""Carpet bombing's "increased effect on causing Disruption" (see the module's decisions)."""

SCATTER_RANGE = 2
"""Carpet bombing scatters "up to 2 hexes away" [000 8.1]."""


@dataclass(frozen=True, slots=True)
class StrikeValue:
    """One aircraft's strike on one unit: the numbers and the casualty range [000 8.1, 12.0]."""

    target: str
    attack: float
    strength: float
    defense: float
    modifiers: tuple[FireModifier, ...]
    value: float
    modifier_pct: float
    low: float
    high: float


def is_carpet(aircraft: UnitState) -> bool:
    """A heavy bomber, flagged CARPET [000 8.1]."""
    return aircraft.unit.air is not None and aircraft.unit.air.heavy_bomber


def is_recon(aircraft: UnitState) -> bool:
    """A RECON air unit [000 8.0]."""
    return aircraft.unit.air is not None and aircraft.unit.air.role.value == "recon"


def hex_strike_used(state: GameState, hex_index: int) -> int:
    """Aircraft committed to strikes on a hex this player turn [000 8.1]."""
    turn, used = state.air.struck.get(hex_index, (-1, 0))
    return used if turn == player_turn_index(state) else 0


def commit_to_hex(state: GameState, aircraft: UnitState, hex_index: int) -> None:
    """Count `aircraft` toward the hex's Air Strike Hex Limit for this player turn."""
    state.air.struck[hex_index] = (
        player_turn_index(state),
        hex_strike_used(state, hex_index) + aircraft.strength,
    )


def hex_limit_allows(state: GameState, hex_index: int) -> bool:
    """Whether the Air Strike Hex Limit lets another strike on the hex (0 = no limit)."""
    limit = state.parameters.air.strike_hex_limit
    return limit <= 0 or hex_strike_used(state, hex_index) < limit


def _spotters(
    state: GameState, aircraft: UnitState, hex_index: int, *, may_spot: bool = True
) -> list[UnitState]:
    """The units of the aircraft's side that see the hex, of its owning organization when it
    has one, that may spot: not Broken [000 8.4], in Panzer Battles not moved this turn
    [001 #10] (`engine.panzer_campaigns.combat.spotters.why_not_spotter`). With `may_spot` False,
    all that
    see it, to tell a player why none may."""
    profile = aircraft.unit.air
    owner = profile.owner if profile is not None else None
    found = []
    for unit in state.iter_units(aircraft.side):
        if unit.carried_by is not None:
            continue
        if may_spot and why_not_spotter(state, unit, air=True) is not None:
            continue
        if owner is not None and not any(
            o.id == owner for o in state.iter_organizations_above(unit)
        ):
            continue
        if sees(state, unit.hex, hex_index):
            found.append(unit)
    return found


def strike_grade(state: GameState, aircraft: UnitState, hex_index: int) -> Sight | None:
    """How the aircraft's side sees enemy units in the hex (the best grade), None if not."""
    best: Sight | None = None
    for enemy_id, seen in spotted_by(state, aircraft.side).items():
        if seen.hex == hex_index and state.units[enemy_id].hex == hex_index:
            best = seen.grade if best is None else best | seen.grade
    return best


def strike_unit(state: GameState, aircraft: UnitState, hex_index: int) -> UnitState | None:
    """The enemy unit a strike on the hex falls on (see the module's decisions)."""
    sightings = spotted_by(state, aircraft.side)
    best: UnitState | None = None
    for enemy in state.units_at(hex_index):
        if enemy.side is aircraft.side or enemy.carried_by is not None:
            continue
        seen = sightings.get(enemy.id)
        if seen is None or seen.hex != enemy.hex:
            continue
        if attack_of(aircraft, is_hard_target(state, enemy))[0] <= 0:
            continue
        if best is None or enemy.men_equivalent > best.men_equivalent:
            best = enemy
    return best


def why_not_strike_hex(
    state: GameState, aircraft: UnitState, hex_index: int, *, seen: bool | None = None
) -> str | None:
    """Why `aircraft` may not strike `hex_index`, or None [000 8.1, 8.4]. `seen`: whether its
    side sees enemy units there, when the caller knows (else it is looked up)."""
    column, row = state.board.offset(hex_index)
    where = f"{column},{row}"
    if seen is None:
        seen = strike_grade(state, aircraft, hex_index) is not None
    if not seen:
        return f"no enemy unit your side sees is in {where}: a strike needs a Spotted target"
    if strike_unit(state, aircraft, hex_index) is None:
        return f"{aircraft.id} has no attack value against the units in {where}"
    owner = aircraft.unit.air.owner if aircraft.unit.air is not None else None
    needs_spotter = owner is not None or state.profile.still_spotters
    if needs_spotter and not _spotters(state, aircraft, hex_index):
        seeing = _spotters(state, aircraft, hex_index, may_spot=False)
        if owner is not None and not seeing:
            return f"{aircraft.id} belongs to {owner}: none of its units sees {where} [000 8.4]"
        return unspotted_reason(state, seeing, where, air=True)
    if not hex_limit_allows(state, hex_index):
        limit = state.parameters.air.strike_hex_limit
        return f"{where} has had {limit} aircraft strike it this turn: the Air Strike Hex Limit"
    return None


def detached_only(state: GameState, aircraft: UnitState, hex_index: int) -> bool:
    """Whether only Detached units spot the hex for the strike: half value [000 8.4, 9.1]."""
    seeing = _spotters(state, aircraft, hex_index)
    return bool(seeing) and all(is_detached(state, unit) for unit in seeing)


def strike_value(
    state: GameState,
    aircraft: UnitState,
    enemy: UnitState,
    *,
    halved_for_spotting: bool = False,
) -> StrikeValue:
    """The value of `aircraft`'s strike on `enemy` in its hex (see the module's decisions)."""
    combat = state.parameters.combat
    attack, _ = attack_of(aircraft, is_hard_target(state, enemy))
    modifiers = [FireModifier("air strike doubled", STRIKE_FACTOR)]
    quality = quality_fire_modifier_pct(aircraft.unit.quality, combat.quality_fire_modifier)
    if quality:
        modifiers.append(FireModifier(f"quality {aircraft.unit.quality.value}", pct=quality))
    fatigue = fatigue_modifier_pct(fatigue_level(aircraft.fatigue, state.profile.fatigue_max))
    if fatigue:
        modifiers.append(FireModifier("fatigue", pct=fatigue))
    if aircraft.disrupted:
        modifiers.append(FireModifier("disrupted", 0.5))
    if halved_for_spotting:
        modifiers.append(FireModifier("only Detached spotters", 0.5))
    target = FireTarget(enemy.hex, CombatKind.AIR, 0)
    # The target's own modifiers are those of any fire on it [000 5.2, 5.3]; an air strike
    # has no elevation or hexside (they are for direct fire only there).
    found, defense = _target_modifiers(state, aircraft, enemy, target)
    modifiers += found
    factors, pct = 1.0, 0.0
    for modifier in modifiers:
        factors *= modifier.factor
        pct += modifier.pct
    strength = float(aircraft.men_equivalent)
    value = combat_value(attack * strength, factors, defense)
    low, high = casualty_range(value, pct, *combat_values(state, CombatKind.AIR))
    return StrikeValue(enemy.id, attack, strength, defense, tuple(modifiers), value, pct, low, high)


def scatter_hexes(state: GameState, hex_index: int) -> list[int]:
    """The hexes carpet bombing called on `hex_index` may fall on, each equally likely."""
    return list(state.board.iter_within(hex_index, SCATTER_RANGE))


def scatter(state: GameState, hex_index: int) -> int:
    """Where carpet bombing called on `hex_index` falls (one draw) [000 8.1]."""
    hexes = scatter_hexes(state, hex_index)
    return hexes[state.rng.randrange(len(hexes))]
