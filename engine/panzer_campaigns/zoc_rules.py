"""Who exerts a zone of control where [000 3.3, 4.2][001 1.2]: the units that exert none, and
the hexes a unit's zone covers. The maps of whole sides are `engine.panzer_campaigns.zoc`'s.
"""

from __future__ import annotations

from engine.panzer_campaigns.ruleset import RulesetProfile
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import UnitState

ALL_DIRECTIONS = (0, 1, 2, 3, 4, 5)


def exerts_zoc(unit: UnitState, profile: RulesetProfile) -> bool:
    """Whether a unit on the map exerts a zone of control.

    No ZOC [000 3.3, 4.2]: HQs, supply units, broken units, partisans; in Panzer Campaigns also
    towed anti-tank and towed heavy AA guns and irregulars. Panzer Battles lists concealed units
    instead [001 1.2]: those that `engine.panzer_campaigns.spotting.is_concealed` finds hidden by
    their hex's cover from the enemy (see `exerts_zoc_now`).
    """
    static = unit.unit
    if unit.is_hq or static.supply_unit or unit.broken or static.partisan:
        return False
    if profile.irregulars_without_zoc and static.irregular:
        return False
    if (
        profile.towed_at_and_heavy_aa_without_zoc
        and static.towed
        and (static.anti_tank or unit.is_heavy_aa)
    ):
        return False
    return not (static.air is not None or static.naval)


def exerts_zoc_now(state: GameState, unit: UnitState) -> bool:
    """Whether a unit on the map exerts a zone of control in the current state: `exerts_zoc`,
    and in Panzer Battles not while concealed [001 1.2]."""
    if not exerts_zoc(unit, state.profile):
        return False
    if not state.profile.concealed_without_zoc:
        return True
    # Imported here: spotting brings the event models, which the Panzer Campaigns ZOC (and
    # so the supply lines of `hexwright validate`) never needs.
    from engine.panzer_campaigns.spotting import is_concealed  # noqa: PLC0415

    return not is_concealed(state, unit)


def zoc_directions(unit: UnitState) -> tuple[int, ...]:
    """The directions a unit's ZOC covers: all six, or with a facing "the hex it is facing plus
    the two adjacent hexes" [000 5.4].

    >>> from schemas.panzer_campaigns.oob import Unit
    >>> from schemas.vocabulary import Side
    >>> faced = UnitState("a", Unit(id="a", name="a", unit_class="infantry", strength=1,
    ...                   speed=1), side=Side.AXIS, nation="de", organization=None, facing=0)
    >>> zoc_directions(faced)
    (5, 0, 1)
    """
    if unit.facing is None:
        return ALL_DIRECTIONS
    return ((unit.facing - 1) % 6, unit.facing, (unit.facing + 1) % 6)
