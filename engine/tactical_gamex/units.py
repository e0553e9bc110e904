"""Tactical GameX counters as the engine reads them: the unit type's printed values and traits
[003 2.1], and one counter's state in play (disrupted, its marker, Down or Up in a stream, what
it carries)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from schemas.vocabulary import Side

Offset = tuple[int, int]


class Weapon(StrEnum):
    """Weapon types [003 2.1]; `(H)` may fire indirectly, `C(I)` is an open transport whose
    passenger may fight (13.0), `G` an aircraft weapon of 12 hexes (6.4.7)."""

    A = "A"
    AA = "AA"
    C = "C"
    H = "H"
    H_INDIRECT = "(H)"
    I = "I"  # noqa: E741 - the rules' own letter
    M = "M"
    C_I = "C(I)"
    G = "G"


class UnitKind(StrEnum):
    """Unit type on the Unit Function Table [003 2.1]: what the WEC reads as the target."""

    ARMORED = "armored"
    SOFT = "soft"
    AIRCRAFT = "aircraft"


class Marker(StrEnum):
    """The activity marker a unit carries until Housekeeping [003 2.3, 4.2.2]."""

    MOVED = "moved"
    FIRED = "fired"
    COMPLETED = "completed"
    OPP_FIRE = "opp_fire"


class StreamState(StrEnum):
    """A unit in a stream hex is Down (hidden, may not attack) or Up [003 6.3.9]."""

    DOWN = "down"
    UP = "up"


# Traits the rules name (issue 18's unit-type library spells them the same way).
INFANTRY = "infantry"
MG = "mg"
ENGINEER = "engineer"
SCOUT = "scout"
RECON = "recon"
CP = "command_post"
ARTILLERY = "artillery"
SPA = "spa"
TRUCK = "truck"
WAGON = "wagon"
HALFTRACK = "halftrack"
TURRETED = "turreted"
FLAIL = "flail"
BRIDGE_LAYER = "bridge_layer"


@dataclass(frozen=True, slots=True)
class UnitType:
    """A counter's printed values [003 2.1] and the traits the rules use."""

    name: str
    attack: int
    weapon: Weapon
    range: int
    defense: int
    movement: int
    kind: UnitKind = UnitKind.SOFT
    double_range: bool = False
    """The `*` after the range: I fire up to twice the range at half AS (6.3.6)."""
    traits: frozenset[str] = frozenset()
    calibre_mm: int | None = None
    move_class: str = "infantry"
    """The TEC column its movement costs are read from."""
    bridge_defense: int | None = None
    """A bridge layer's bridge marker DS, as the title states it [003 9.3]."""

    def has(self, trait: str) -> bool:
        """Whether the type has a trait (`INFANTRY`, `ENGINEER`…)."""
        return trait in self.traits

    @property
    def is_infantry(self) -> bool:
        return INFANTRY in self.traits or (self.weapon is Weapon.I and self.kind is UnitKind.SOFT)

    @property
    def is_vehicle(self) -> bool:
        """Vehicles and artillery may not enter streams but at bridges [003 6.3.9]."""
        return self.move_class != "infantry" or ARTILLERY in self.traits

    @property
    def is_transport(self) -> bool:
        return self.weapon in (Weapon.C, Weapon.C_I) or TRUCK in self.traits

    @property
    def large_gun(self) -> bool:
        """Artillery of 88 mm or more (8" guns included) [003 5.2.4]."""
        return ARTILLERY in self.traits and (self.calibre_mm or 0) >= 88


@dataclass(slots=True)
class Unit:
    """One counter in play."""

    id: str
    side: Side
    nation: str
    type: UnitType
    hex: Offset | None
    disrupted: bool = False
    marker: Marker | None = None
    stream: StreamState | None = None
    carrier: str | None = None
    """The unit carrying this one (then it takes no action) [003 5.2.1]."""
    passenger: str | None = None
    moved_mp: float = 0.0
    """Movement points spent in the current activation (load after a move reads it)."""
    transported: bool = False
    """Carried at some time this turn: no Close Assault [003 6.4.6]."""
    bonus_used: bool = False
    """Used the road rate this turn: no Close Assault [003 6.4.6]."""
    in_fort: bool = False
    """Beneath a Fortification counter in its hex [003 8.4]."""
    transport: str | None = None
    """An engineer's designated transport [003 9.2]."""
    facing: str | None = None
    """The hexside an artillery unit faces (a `Direction` value), for rule 19."""
    command_post: bool = False
    """An attached command post rides with it: it spots as a CP [003 6.3.8, 22.1]."""
    at_sea: bool = False
    """On a sea hex of an amphibious landing: not activated, no fire, moved at Housekeeping
    [003 10.3]."""

    @property
    def on_map(self) -> bool:
        return self.hex is not None
