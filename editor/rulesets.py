"""What the editor offers for each ruleset family: the panels, map tools and map layers a title
of that family is edited with. The window reads it when a document opens, so a panel that does
not apply to the title (Supply for Tactical GameX, which has no supply rules) is not offered.

Panzer Campaigns and Panzer Battles are one family here: Panzer Battles is a scale profile of the
same rules, edited with the same panels. The Tactical GameX panels live in
`editor/tactical_gamex/`, one module per panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Family(StrEnum):
    """The ruleset families the editor has a set of panels for."""

    PANZER = "panzer"
    """Panzer Campaigns and Panzer Battles: scenario, map, OOB, parameter data, weather."""
    TACTICAL_GAMEX = "tactical_gamex"
    """Tactical GameX [003]: panels assembled into a board, unit types, counters, tables."""


@dataclass(frozen=True, slots=True)
class EditorProfile:
    """The panels, tools and layers the window offers for one ruleset family."""

    family: Family
    label: str
    """What File > New Title… calls the family."""
    docks: tuple[str, ...] | None
    """Object names of the panels offered, in the View > Panels order; None: every panel of
    `editor.window_docks.DOCK_CLASSES` (the Panzer Campaigns set)."""
    tools: tuple[str, ...] | None
    """Names of the map tools offered; None: every tool of `editor.tools.registry`."""
    layers: tuple[tuple[str, str], ...]
    """The map's layers a designer can switch, as (key, menu text); empty: the Panzer map's own
    Layers menu."""
    shared_docks: tuple[str, ...] = ()
    """Panels of the Panzer set this family also offers (they read no Panzer model)."""

    def offers_dock(self, name: str) -> bool:
        """Whether the window offers the panel of this object name for this family."""
        return self.docks is None or name in self.docks or name in self.shared_docks

    def offers_tool(self, name: str) -> bool:
        """Whether the map tool of this name is offered for this family."""
        return self.tools is None or name in self.tools


PANZER = EditorProfile(Family.PANZER, "Panzer Campaigns / Panzer Battles", None, None, ())

TACTICAL_GAMEX = EditorProfile(
    Family.TACTICAL_GAMEX,
    "Tactical GameX",
    docks=(
        "tgx_panels",
        "tgx_panel_map",
        "tgx_unit_types",
        "tgx_forces",
        "tgx_tables",
        "tgx_setup",
        "tgx_victory",
        "tgx_situation",
        "tgx_hex_info",
        "tgx_problems",
        "tgx_testplay",
        "tgx_balance",
    ),
    tools=(
        "tgx_select",
        "tgx_counters",
        "tgx_setup_areas",
        "tgx_panel_layout",
        "tgx_paint_terrain",
        "tgx_paint_hills",
        "tgx_paint_hexsides",
        "tgx_paint_roads",
        "tgx_paint_features",
        "tgx_panel_names",
    ),
    layers=(
        ("terrain", "Terrain"),
        ("hexsides", "Hexsides"),
        ("seams", "Panel Seams"),
        ("addresses", "Hex Addresses"),
        ("setup_areas", "Setup Areas"),
        ("markers", "Neutral Counters"),
        ("counters", "Counters"),
    ),
    # History reads only the undo stack, which a situation's document has as a scenario's does.
    shared_docks=("history",),
)

PROFILES: dict[Family, EditorProfile] = {
    PANZER.family: PANZER,
    TACTICAL_GAMEX.family: TACTICAL_GAMEX,
}


def profile_for(document: object) -> EditorProfile:
    """The profile of an open document: Tactical GameX documents say so with their `family`;
    every other document is of the Panzer family."""
    family = getattr(document, "family", Family.PANZER)
    return PROFILES[family if isinstance(family, Family) else Family.PANZER]
