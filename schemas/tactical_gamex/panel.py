"""A geomorphic map panel (`<name>.panel.yaml`): one of the boards a situation lays side by side
or end to end [003 3.0]; the loader assembles them into one board (`board.py`).

Dense layers are one text line per row, as in the Panzer Campaigns map file: terrain by the
characters of `vocabulary.TERRAIN_CODES`, hill levels as digits, hill masses as letters, roads as
connection digits (`schemas.panzer_campaigns.map.CONNECTION_BITS`). Hexsides, stream features and
names are lists.
A panel's columns are lettered A, B, … and its rows numbered from 1, as printed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from schemas.base import HexPos, Node
from schemas.tactical_gamex.common import VERSION_FIELD, PanelId, TgxRuleset
from schemas.tactical_gamex.vocabulary import HexFeature, HexsideKind
from schemas.vocabulary import Direction


class PanelHexside(Node):
    """Hexside terrain along one edge of a hex: slope, ridge, cliff, green, or a combination
    such as a wooded slope [003 3.2.2]."""

    hex: HexPos
    """The hex on one side of the edge, `[column, row]` from 0 in the panel."""
    side: Direction
    """Which of its six edges."""
    kinds: list[HexsideKind] = Field(min_length=1)
    """What the edge is; several kinds combine."""


class StreamFeature(Node):
    """A bridge or ford printed in a stream hex [003 6.3.9]."""

    hex: HexPos
    """The stream hex."""
    kind: HexFeature
    """Bridge (crossing units are not Down) or ford."""


class PanelName(Node):
    """A name printed on the panel (a village, a hill)."""

    hex: HexPos
    """The hex the name stands in."""
    name: str = Field(min_length=1)
    """The printed name."""


class PanelFile(Node):
    """One geomorphic panel: its Map ID, size and printed terrain.

    Hexes are flat-topped in columns, odd columns half a hex lower. The first and last columns
    are the half hexes of the long edges: side by side, they join the neighbour's into seam
    hexes with two addresses (so a panel joined at its sides has an odd width).
    """

    format_version: Literal[1] = VERSION_FIELD
    ruleset: TgxRuleset
    """`tactical_gamex`."""
    id: PanelId
    """The Map ID that begins every address on this panel: `A`, `Village`…"""
    name: str = Field(min_length=1)
    """Name of the panel."""
    description: str = ""
    """Sources and notes; sample panels say they are sample data."""
    width: int = Field(ge=2, le=99)
    """Columns, the half-hex columns of both long edges included."""
    height: int = Field(ge=2, le=99)
    """Rows."""
    terrain_rows: list[str]
    """One string per row, one terrain character per hex (`.` clear, `W` woods, `T` town, `C`
    city, `S` swamp, `~` water, `=` sea, `B` beach, `s` stream)."""
    level_rows: list[str] = []
    """One string per row, one digit per hex: the hill level (0 ground, 1 a hill mass, 2 a mass
    on a mass…) [003 6.3.7]; empty for a flat panel."""
    mass_rows: list[str] = []
    """One string per row: `.` or the letter of the hill mass the hex belongs to, which tells a
    slope of the viewer's own mass from another's [003 6.3.7]; empty for none."""
    road_rows: list[str] = []
    """One string per row of road connection digits (`.` none; 1 Up, 2 Up Right, 4 Down Right,
    summed), as in the map file; towns count as road without a line [003 3.2.3]."""
    hexsides: list[PanelHexside] = []
    """Slopes, ridges, cliffs and green hexsides."""
    features: list[StreamFeature] = []
    """Bridges and fords in stream hexes."""
    names: list[PanelName] = []
    """Printed names."""
