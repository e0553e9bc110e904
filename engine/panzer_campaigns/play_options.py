"""What the players chose when a game started, beside the scenario: Opportunity Fire (the default
turn mode [000 3.3]), Fog of War [000 4.0, 4.8], and each side's Panzer Battles opportunity fire
settings [001 "Opportunity Fire"]. The engine reads them from `GameState.options`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from schemas.panzer_campaigns.oob import Component
from schemas.vocabulary import Side


class OpFireRange(StrEnum):
    """One Panzer Battles opportunity fire setting for a firing-unit type against a target-unit
    type [001 "Opportunity Fire"]."""

    NONE = "N"
    """No opportunity fire between that firing unit and that target unit."""
    SHORT = "S"
    """Only within 1/3 of the firing unit's maximum range against the target."""
    MEDIUM = "M"
    """Only within 2/3 of it."""
    LONG = "L"
    """No restriction."""

    def reach(self, maximum: int) -> int:
        """The farthest a unit of range `maximum` opportunity-fires under this setting.
        Decision [001 "Opportunity Fire"]: "within 1/3 (2/3) of the maximum range" rounds down,
        but never below 1 hex, so Short always lets a unit fire at an adjacent enemy.

        >>> [s.reach(6) for s in OpFireRange]
        [0, 2, 4, 6]
        >>> OpFireRange.SHORT.reach(2)
        1
        """
        if self is OpFireRange.NONE or maximum <= 0:
            return 0
        if self is OpFireRange.LONG:
            return maximum
        share = 1 / 3 if self is OpFireRange.SHORT else 2 / 3
        return max(1, int(maximum * share + 1e-9))


OpFireTable = Mapping[tuple[Component, Component], OpFireRange]
"""One side's settings by (firing unit's component, target unit's component); a pair not in it
is Long. Decision: the manual names no unit types for the dialog; the three components every
unit is made of ("all Men, Guns or Vehicles" [001 "Unit Symbols"]) are the types."""


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """The players' choices for one game. The defaults are those of a game made before
    Opportunity Fire existed, so old saved test-plays replay as they were played."""

    opportunity_fire: bool = False
    """Non-phasing units fire at enemy units moving, changing mode or firing in their view
    (`engine.panzer_campaigns.combat.opportunity_fire`)."""
    fog_of_war: bool = False
    """Each side moves by what it knows of the enemy: its reach and paths go round only the
    enemy units and zones of control it has seen, and a move stops on contact
    (`engine.panzer_campaigns.movement_walk`)."""
    op_fire_ranges: Mapping[Side, OpFireTable] = field(default_factory=dict)
    """Each side's Panzer Battles opportunity fire settings; read only where the ruleset
    profile has them (`RulesetProfile.op_fire_settings`)."""

    def op_fire_range(self, side: Side, firer: Component, target: Component) -> OpFireRange:
        """`side`'s setting for its units of component `firer` firing at `target` units."""
        return self.op_fire_ranges.get(side, {}).get((firer, target), OpFireRange.LONG)
