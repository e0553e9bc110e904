"""Where defenders forced out by an assault go, or what befalls them when they cannot [000 6.3]:
the valid retreat hexes, and the fate of each unit (retreat, captured men, elimination, the
towed anti-tank gun exception, fanatical and fragile-morale nations, the Surrender rule).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from engine.panzer_campaigns.allowance import needs_travel_mode_to_move
from engine.panzer_campaigns.combat.fire_targets import HARD_FORTIFICATIONS
from engine.panzer_campaigns.engineering.movement import engineered_map
from engine.panzer_campaigns.movement_costs import MapCosts, MoveProfile
from engine.panzer_campaigns.state import GameState, other_side
from engine.panzer_campaigns.units import UnitState
from engine.panzer_campaigns.zoc import zoc_map
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import OptionalRule, Quality

CAPTURED_SHARE = 0.5
"""Units that cannot retreat "suffer an additional 50% loss, reported as captured men";
towed anti-tank guns that retreat "suffer 50% losses to their strength" [000 6.3]."""


class Fate(StrEnum):
    """What happens to a defender the assault forces to retreat [000 6.3]."""

    RETREATS = "retreats"
    STAYS = "stays"
    """A fanatical unit in a bunker or pillbox, or one that cannot retreat and does not
    surrender: it remains in the hex with no additional losses."""
    CAPTURED = "captured"
    """No valid retreat hex: an additional 50% loss reported as captured; it remains."""
    ELIMINATED = "eliminated"
    TOWED_AT_RETREATS = "towed_at_retreats"
    """A towed anti-tank gun loses 50% and retreats in Travel Mode."""


@dataclass(frozen=True, slots=True)
class RetreatPlan:
    """The fate of one defender forced to retreat, and where it goes."""

    unit: str
    fate: Fate
    hex: int | None
    """The retreat hex, for the fates that retreat."""
    reason: str
    """Why, as a player reads it."""


def is_fanatical(state: GameState, unit: UnitState) -> bool:
    """Whether the unit's nation is Fanatical [000 6.3]."""
    entry = state.oob_index.nations.get(unit.nation)
    return entry is not None and entry.nation.fanatical


def is_fragile(state: GameState, unit: UnitState) -> bool:
    """A unit "of less than A or B quality ... from a Fragile Morale Nation" [000 6.3]."""
    entry = state.oob_index.nations.get(unit.nation)
    fragile = entry is not None and entry.nation.fragile_morale
    return fragile and unit.unit.quality not in (Quality.A, Quality.B)


def retreat_hex(
    state: GameState, unit: UnitState, attacker_hexes: tuple[int, ...], *, travel: bool = False
) -> int | None:
    """The hex `unit` retreats into, or None when it has none [000 6.3]: a neighbour it could
    move into in its mode (in Travel Mode when `travel`), not held by the enemy, not in an
    enemy Zone-of-Control unless friendly units hold it, not a minefield.

    Decisions where the manual is silent: stacking does not stop a retreat; the unit goes to
    the valid hex farthest from the attacking hexes, friendly-held hexes first on a tie, then
    the first in direction order (Up, clockwise)."""
    board = state.board
    enemy_zoc = zoc_map(state, other_side(unit.side))
    mover = replace(unit, mode=Mode.TRAVEL) if travel else unit
    costs = MapCosts(board, MoveProfile.of(state, mover))
    best: tuple[int, int, int] | None = None
    found = None
    for direction in range(6):
        there = board.neighbors[6 * unit.hex + direction]
        if there < 0 or there in state.minefields:
            continue
        holder = state.side_at(there)
        if holder is not None and holder is not unit.side:
            continue
        if enemy_zoc[there] and holder is None:
            continue
        options = costs.options(
            unit.hex,
            direction,
            state.damaged_bridges,
            state.damaged_full_hex_bridges,
            engineered_map(state),
        )
        if not options.is_possible:
            continue
        distance = min((board.distance(there, h) for h in attacker_hexes), default=0)
        key = (distance, 1 if holder is not None else 0, -direction)
        if best is None or key > best:
            best, found = key, there
    return found


def plan_retreat(state: GameState, unit: UnitState, attacker_hexes: tuple[int, ...]) -> RetreatPlan:
    """The fate of `unit`, forced to retreat by an assault from `attacker_hexes` [000 6.3].

    In order: a Fanatical unit in a bunker or pillbox remains with no additional losses; a
    unit that must be in Travel Mode to move is eliminated, unless it is a towed anti-tank
    gun that is not immobile, which loses 50% and retreats in Travel Mode; otherwise it
    retreats to `retreat_hex`. With no valid hex: Fanatical units remain with no additional
    losses; under the optional Surrender rule Broken units are eliminated; units of a Fragile
    Morale nation below B quality are eliminated; the others lose an additional 50% as
    captured men and remain.

    Decisions: an immobile unit (speed 0) has no valid retreat hex; a towed anti-tank gun
    with no valid hex is eliminated, as the Special Retreat Rule allows it only to retreat."""
    hex_here = unit.hex
    fort = state.fortifications.get(hex_here)
    fanatical = is_fanatical(state, unit)
    if fanatical and fort in HARD_FORTIFICATIONS:
        return RetreatPlan(unit.id, Fate.STAYS, None, "fanatical units never leave a bunker")
    static = unit.unit
    if needs_travel_mode_to_move(unit) and static.speed > 0:
        if static.anti_tank and static.towed:
            where = retreat_hex(state, unit, attacker_hexes, travel=True)
            if where is not None:
                return RetreatPlan(
                    unit.id, Fate.TOWED_AT_RETREATS, where, "a towed anti-tank gun limbers up"
                )
        return RetreatPlan(
            unit.id,
            Fate.ELIMINATED,
            None,
            "it must be in Travel Mode to move, so it cannot retreat",
        )
    where = None if static.speed == 0 else retreat_hex(state, unit, attacker_hexes)
    if where is not None:
        return RetreatPlan(unit.id, Fate.RETREATS, where, "")
    if fanatical:
        return RetreatPlan(
            unit.id, Fate.STAYS, None, "no retreat, and fanatical units never surrender"
        )
    if unit.broken and state.is_rule_on(OptionalRule.SURRENDER):
        return RetreatPlan(unit.id, Fate.ELIMINATED, None, "Broken with no retreat: it surrenders")
    if is_fragile(state, unit):
        return RetreatPlan(
            unit.id, Fate.ELIMINATED, None, "fragile morale with no retreat: it surrenders"
        )
    return RetreatPlan(unit.id, Fate.CAPTURED, None, "no valid retreat hex")
