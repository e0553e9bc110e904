"""The unit-type library (`<name>.units.yaml`): each counter type of a Tactical GameX title with
its printed values and the Unit Function Table's columns, shared by every situation of the title.

A counter reads in a "Z" from upper left to lower right: attack strength, weapon type, range
(with `*` for double range at half strength), defense strength, movement points [003 2.1].
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from schemas.base import MAX_VALUE, Identifier, Node
from schemas.tactical_gamex.common import VERSION_FIELD, TgxRuleset
from schemas.tactical_gamex.vocabulary import MoveClass, Nation, Trait, UnitKind, WeaponType


class AircraftAttack(Node):
    """One attack an aircraft makes: a weapon type with the strength printed above it; the P-38
    has (H) 40 and I 4 and makes one attack with each [003 6.4.7]."""

    weapon: WeaponType
    """Weapon type of this attack: G, A, I, H or (H)."""
    attack: int = Field(ge=0, le=MAX_VALUE)
    """Attack strength of this weapon."""


class UnitType(Node):
    """One counter type: its printed values and the classes the rules single out."""

    id: Identifier
    """Stable id the situations' counters refer to, e.g. `ger.pz4h`."""
    name: str = Field(min_length=1)
    """Name on the counter, e.g. `Pz IV H`."""
    nation: Nation
    """Nationality (counter colour) [003 2.0]."""
    attack: int = Field(ge=0, le=MAX_VALUE)
    """Attack Strength (AS), upper left [003 2.1]."""
    weapon: WeaponType
    """Weapon type letter beside the attack strength."""
    range: int = Field(ge=0, le=99)
    """Range in hexes: the farthest hex it may attack [003 2.1]."""
    double_range: bool = False
    """The `*` after the range: fire up to twice the range at half AS at non-armoured targets
    [003 6.3.6]."""
    defense: int = Field(ge=0, le=MAX_VALUE)
    """Defense Strength (DS), lower left [003 2.1]."""
    movement: int = Field(ge=0, le=99)
    """Movement points, lower right [003 2.1]."""
    unit_kind: UnitKind
    """Armored, Soft or Aircraft, from the Unit Function Table [003 2.1]."""
    move_class: MoveClass = MoveClass.INFANTRY
    """The TEC column its movement reads."""
    traits: list[Trait] = []
    """The unit classes the rules single out: scout, engineer, truck, turreted…"""
    calibre_mm: int | None = Field(None, ge=1, le=1000)
    """Calibre of an artillery piece in mm; 88 and more (8" too) is large [003 19.0]."""
    carries: int = Field(0, ge=0, le=9)
    """How many units it may transport (C and C(I) carry one, an LVT two) [003 5.4, 10.1]."""
    aircraft_attacks: list[AircraftAttack] = []
    """An aircraft's attacks, one per weapon type [003 6.4.7]; empty for ground units."""
    bridge_defense: int | None = Field(None, ge=1, le=MAX_VALUE)
    """A bridge layer's temporary bridge marker: the defense strength printed on it, which
    artillery fire reads [003 9.3] (the rules print no value); none = not stated, and the
    bridges it lays cannot be fired on."""


class UnitTypeLibrary(Node):
    """The counter types of a Tactical GameX title, per nation."""

    format_version: Literal[1] = VERSION_FIELD
    ruleset: TgxRuleset
    """`tactical_gamex`: the files of this ruleset's package."""
    name: str = Field(min_length=1)
    """Name of the library, e.g. `PanzerBlitz Eastern Front counters`."""
    description: str = ""
    """Sources and notes; sample libraries say here that their values are sample data."""
    unit_types: list[UnitType] = []
    """Every counter type of the title."""
