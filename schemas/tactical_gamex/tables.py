"""The ruleset tables (`<name>.tables.yaml`): the player-aid charts the Tactical GameX rules refer
to but do not print, entered as title data (digest B.16): the Terrain Effects Chart per terrain
and move class, the CRT, the Weapons Effectiveness Chart, the AA Fire Table and the OBA and
airborne scatter diagrams.

A title's tables are its designer's data; a sample title's tables are sample data and say so in
their `description`. Their shape and the constraints the text states are checked in
`schemas.tactical_gamex.table_checks`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from schemas.base import MAX_VALUE, Node
from schemas.tactical_gamex.action_deck import ActionCard
from schemas.tactical_gamex.common import VERSION_FIELD, TgxRuleset
from schemas.tactical_gamex.vocabulary import (
    AaResult,
    CombatResult,
    HexsideKind,
    MarkerKind,
    MoveClass,
    Terrain,
    UnitKind,
    WeaponType,
)
from schemas.vocabulary import Direction

MpCost = Annotated[float, Field(ge=0, le=99, multiple_of=0.5)]
"""Movement points in halves: roads cost 1/2 MP a hex [003 5.2]."""


class TerrainEffects(Node):
    """One row of the Terrain Effects Chart: every field the rules read from it (digest B.3)."""

    terrain: Terrain
    """The terrain this row is for."""
    mp: dict[MoveClass, MpCost | None]
    """Cost to enter per move class; `null` = prohibited. Every move class must be given."""
    entry_rule: str = ""
    """Other conditions on entering, as the chart words them (e.g. streams: stop, Down)."""
    los_height: float = Field(0, ge=0, le=9, multiple_of=0.5)
    """Height of the obstacle above its level: Woods and Town +0.5 [003 6.3.7]; 0 = none."""
    concealing: bool = False
    """Units in it are seen only when spotted [003 6.3.8]."""
    spot_roll_max: int = Field(0, ge=0, le=6)
    """Highest die that spots a unit in it: Woods 3, Town 2; 0 = spotted only by adjacency."""
    drm_direct: int = Field(0, ge=-6, le=6)
    """CRT die modifier for a defender here against direct fire: Town +1, stream +1."""
    drm_indirect: int = Field(0, ge=-6, le=6)
    """CRT die modifier for a defender here against indirect fire."""
    defender_kind: UnitKind | None = None
    """The target category units here defend as, when the terrain changes it [003 6.3.1]."""
    attack_factor: float = Field(1, ge=0, le=4)
    """Multiplier of the attackers' strength into this terrain [003 6.3.1]."""
    must_attack_all: bool = False
    """All units in the hex must be attacked together [003 6.2]."""
    sum_defense: bool = False
    """The defense strengths of all units in the hex are summed [003 6.3.2]."""
    counts_as_road: bool = False
    """The hex counts as road: Town [003 3.2.3]."""
    morale_protective: bool = False
    """Morale checks here are at -1: Town [003 7.0]."""
    markers_allowed: list[MarkerKind] = []
    """The neutral counters that may be placed here [003 8.0]."""


class HexsideEffects(Node):
    """The chart's row for a hexside kind: the added cost of crossing it per move class."""

    kind: HexsideKind
    """Slope, ridge, cliff, green or wooded."""
    mp_extra: dict[MoveClass, MpCost | None]
    """Added cost to cross from lower to higher ground (slope, ridge) or at all; `null` =
    prohibited (vehicles cross green hexsides only by road [003 3.2.2])."""
    blocks_los: bool = False
    """Blocks a line of sight crossing it or running along it as an obstacle half a level above
    the higher hex beside it, judged by the level rules (a ridge on the plain is seen over from
    a hill) [003 6.3.7]. Not for slopes: a hill blocks by its levels, and a line straight down a
    slope hexside is clear [003 3.2.2, 6.3.7 examples A-D, M-N]."""


class CrtRow(Node):
    """One modified die roll of the CRT: a result per odds column, 1:3 to 4:1."""

    roll: int = Field(ge=-9, le=15)
    """The modified die roll; rolls beyond the first and last rows read those rows."""
    results: list[CombatResult]
    """One result per column of `CombatResultsTable.columns`."""


class CombatResultsTable(Node):
    """The odds CRT [003 6.3.3, 6.3.4]: columns 1:3 to 4:1, rows by modified die roll."""

    columns: list[str] = Field(min_length=1)
    """The odds columns in order: `1:3`, `1:2`, `1:1`, `2:1`, `3:1`, `4:1`."""
    rows: list[CrtRow] = Field(min_length=1)
    """Rows in ascending roll order, one roll each, no gap."""


class WeaponEffects(Node):
    """One row of the Weapons Effectiveness Chart [003 6.3.6]: the factor each weapon's AS is
    multiplied by; 0 = the attack is not allowed."""

    weapon: WeaponType
    """The firing weapon type."""
    indirect: bool = False
    """The row for indirect fire ((H) fires both ways)."""
    armored_near: float = Field(ge=0, le=4)
    """Against armoured targets at half range or less (H and (H) direct: 6 hexes or less)."""
    armored_far: float = Field(ge=0, le=4)
    """Against armoured targets beyond half range (H and (H) direct: beyond 6 hexes)."""
    soft: float = Field(ge=0, le=4)
    """Against non-armoured targets at any range."""


class AaColumn(Node):
    """One column of the AA Fire Table: a range of summed AA attack strength."""

    min_attack: int = Field(ge=0, le=MAX_VALUE)
    """Least summed AS of this column."""
    results: list[AaResult] = Field(min_length=6, max_length=6)
    """The result for each die roll 1-6."""


class AaFireTable(Node):
    """The AA Fire Table [003 6.4.7]: columns by summed AS (doubled below half range)."""

    columns: list[AaColumn] = Field(min_length=1)
    """Columns in ascending `min_attack`, the first from 0 or 1."""


class AirborneScatter(Node):
    """Where a paratroop unit or glider lands for one 11-66 roll, relative to its target hex and
    the flight line [003 11.0]."""

    roll: int = Field(ge=11, le=66)
    """Two dice read as tens and units: 11 to 66."""
    ahead: int = Field(ge=-9, le=9)
    """Hexes along the flight direction (negative: short of the target)."""
    right: int = Field(ge=-9, le=9)
    """Hexes to the right of the flight line (negative: to the left)."""


class RulesetTables(Node):
    """The player-aid tables of a Tactical GameX title."""

    format_version: Literal[1] = VERSION_FIELD
    ruleset: TgxRuleset
    """`tactical_gamex`."""
    name: str = Field(min_length=1)
    """Name of the table set."""
    description: str = ""
    """Sources; a sample title's tables say here that they are sample data."""
    terrain: list[TerrainEffects] = Field(min_length=1)
    """The Terrain Effects Chart, one row per terrain."""
    hexsides: list[HexsideEffects] = []
    """The chart's hexside rows."""
    crt: CombatResultsTable
    """The Combat Results Table."""
    weapons: list[WeaponEffects] = Field(min_length=1)
    """The Weapons Effectiveness Chart."""
    aa_fire: AaFireTable
    """The AA Fire Table."""
    oba_scatter: list[Direction] = Field(min_length=6, max_length=6)
    """Where a scattered OBA attack lands for each die 1-6: the neighbour in that direction
    [003 6.4.4]."""
    airborne_scatter: list[AirborneScatter] = []
    """The airborne scatter diagram, one entry per roll 11-66."""
    wrecks_negating_road: int = Field(3, ge=1, le=3)
    """How many wrecks in a hex take away its road (the movement example says 3, 8.0 says
    any neutral counter; digest B.15 #5)."""
    action_deck: list[ActionCard] = []
    """The Action Deck of Battlefield Chaos [003 24.0], drawn in place of dice when a situation
    turns rule 24 on (`schemas.tactical_gamex.action_deck`)."""
