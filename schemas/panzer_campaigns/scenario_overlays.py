"""The map overlays a scenario adds on top of its map (`ScenarioFile.overlays`): minefields,
obstacles, congestion, wired or damaged bridges, rubble, rail damage, fortifications and wrecks
[000 4.4, 4.9, 7.4][001 #14, #16]. Re-exported by `schemas.panzer_campaigns.scenario`, the scenario
format's module.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from schemas.base import HexPos, Node
from schemas.vocabulary import Direction, Side


class Minefield(Node):
    """A minefield of strength 1-3 [000 4.4]."""

    hex: HexPos
    """Where it lies."""
    strength: int = Field(ge=1, le=3)
    """Strength: casualties x1, x2 or x3; movement loss S/3 of the allowance."""
    side: Side | None = None
    """Side that laid it (Panzer Battles markers have sides [001 #16])."""
    penetrated: bool = False
    """Already penetrated: no longer blocks supply [000 4.4]."""


class Obstacle(Node):
    """An obstacle; only the scenario can place one [000 4.4]."""

    hex: HexPos
    """Where it lies."""
    penetrated: bool = False
    """Already penetrated: +1/4 MA for deployed units instead of the whole MA."""


class Congestion(Node):
    """A congestion marker; only the scenario can place one [000 4.4]."""

    hex: HexPos
    """Where it lies."""


class BridgeState(StrEnum):
    """Initial bridge states the designer sets [000 7.4]."""

    WIRED = "wired"
    DAMAGED = "damaged"


class BridgeOverlay(Node):
    """A bridge of the map that starts wired for demolition or damaged."""

    hex: HexPos
    """A hex beside the bridged hexside, or the water hex of a full-hex bridge."""
    side: Direction | None = None
    """The bridged hexside; `null` for a full-hex bridge."""
    state: BridgeState
    """Wired or damaged."""
    wired_by: Side | None = None
    """For wired bridges: the side whose demolition test runs when the enemy comes near."""


class Rubble(Node):
    """Rubble in an urban hex [000 4.4]."""

    hex: HexPos
    """Where it lies."""
    cleared: bool = False
    """Cleared rubble still costs x3 but allows road movement."""


class RailDamage(Node):
    """A damaged railway hex; not repairable within a scenario [000 4.4]."""

    hex: HexPos
    """Where the line is cut."""


class FortificationKind(StrEnum):
    """Fortifications [000 4.9, 5.3]."""

    IMPROVED_POSITION = "improved_position"
    TRENCH = "trench"
    BUNKER = "bunker"
    PILLBOX = "pillbox"


class FortificationOverlay(Node):
    """A fortification present at the start."""

    hex: HexPos
    """Where it stands."""
    kind: FortificationKind
    """IP, trench, bunker or pillbox."""
    vacated: bool = False
    """Vacated: benefits halved until restored [000 4.9]."""
    side: Side | None = None
    """Side that built it (Panzer Battles [001 #16])."""


class Wrecks(Node):
    """Wrecked vehicles in a hex; more than 7 block sight in Panzer Battles [001 #14]."""

    hex: HexPos
    """Where they lie."""
    count: int = Field(ge=1, le=99)
    """Number of wrecks."""


class Overlays(Node):
    """Map features the scenario adds on top of its map."""

    minefields: list[Minefield] = []
    obstacles: list[Obstacle] = []
    congestion: list[Congestion] = []
    bridges: list[BridgeOverlay] = []
    rubble: list[Rubble] = []
    rail_damage: list[RailDamage] = []
    fortifications: list[FortificationOverlay] = []
    wrecks: list[Wrecks] = []
