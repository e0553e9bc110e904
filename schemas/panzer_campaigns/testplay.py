"""The saved test-play (`<name>.testplay.yaml`): the orders a tester gave on a scenario, with the
seed and rules they were played with, so that the editor can replay the same game later.

A record refers to its scenario by a relative path and keeps a SHA-256 digest of the canonical
text of each title file as played, so the editor can tell which files changed since. The turn,
side and time reached and the moment of saving are for the reader; replaying does not use them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
    StringConstraints,
    field_validator,
)

from schemas.base import MAX_SEED, MAX_TURNS, GameTime, HexPos, Identifier, Node, Tagged
from schemas.panzer_campaigns.oob import Component
from schemas.panzer_campaigns.scenario import Mode, RelativePath
from schemas.vocabulary import OptionalRule, Side

TESTPLAY_FORMAT_VERSION = 2
"""Test-play records share the format version of the title files (see `schemas.migrations`)."""

Digest = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
"""A SHA-256 digest as 64 lowercase hexadecimal digits."""


# Orders -------------------------------------------------------------------------------------


class MoveOrder(Tagged):
    """Move a unit along adjacent hexes, from the hex after its own to the last [000 5.0]."""

    kind: Literal["move"] = "move"
    unit: Identifier
    """Id of the unit moved."""
    path: list[HexPos] = Field(min_length=1)
    """The hexes entered, in order; the unit's own hex is not included."""


class ModeOrder(Tagged):
    """Put a unit in deployed, travel or rail mode [000 4.1]."""

    kind: Literal["mode"] = "mode"
    unit: Identifier
    """Id of the unit."""
    mode: Mode
    """The mode it is put in."""


class ExitOrder(Tagged):
    """Take a unit off the map at the exit objective it stands on [000 3.4]."""

    kind: Literal["exit"] = "exit"
    unit: Identifier
    """Id of the unit leaving the map."""


class ReconOrder(Tagged):
    """A recon unit tries to reveal concealed enemy units [000 4.8]."""

    kind: Literal["recon"] = "recon"
    unit: Identifier
    """Id of the recon unit."""


class DigInOrder(Tagged):
    """A unit starts Digging-In [000 4.9]."""

    kind: Literal["dig_in"] = "dig_in"
    unit: Identifier
    """Id of the unit digging in."""


class CombineOrder(Tagged):
    """Companies of one battalion on one hex combine into the first one's counter [000 4.9]."""

    kind: Literal["combine"] = "combine"
    units: list[Identifier] = Field(min_length=2)
    """Ids of the units combined; the first keeps the combined counter."""


class BreakDownOrder(Tagged):
    """The last company merged into a combined counter splits off [000 4.9]."""

    kind: Literal["break_down"] = "break_down"
    unit: Identifier
    """Id of the combined counter."""


class CarryOrder(Tagged):
    """A carrier takes units of its hex aboard, in order (Panzer Battles) [001 "Carry/Uncarry"]."""

    kind: Literal["carry"] = "carry"
    carrier: Identifier
    """Id of the carrying unit."""
    units: list[Identifier] = Field(min_length=1)
    """Ids of the units it takes aboard."""


class UncarryOrder(Tagged):
    """A carrier sets every unit it carries down on its hex [001 "Carry/Uncarry"]."""

    kind: Literal["uncarry"] = "uncarry"
    carrier: Identifier
    """Id of the carrying unit."""


class FireOrder(Tagged):
    """A unit fires at a hex [000 5.1]."""

    kind: Literal["fire"] = "fire"
    unit: Identifier
    """Id of the firing unit."""
    target: HexPos
    """The hex fired at."""


class AssaultOrder(Tagged):
    """Units next to an enemy hex assault it together [000 6.0]."""

    kind: Literal["assault"] = "assault"
    hex: HexPos
    """The hex assaulted."""
    units: list[Identifier] = Field(min_length=1)
    """Ids of the attacking units."""


class BuildBridgeOrder(Tagged):
    """An engineer starts a bridge towards an adjacent hex (a pontoon over water) [000 7.4]."""

    kind: Literal["build_bridge"] = "build_bridge"
    unit: Identifier
    """Id of the engineer."""
    toward: HexPos
    """The hex across the bridged hexside, or the water hex of a pontoon."""


class DismantleBridgeOrder(Tagged):
    """An engineer starts dismantling the bridge it maintains [000 7.4]."""

    kind: Literal["dismantle_bridge"] = "dismantle_bridge"
    unit: Identifier
    """Id of the engineer."""


class AbandonBridgeOrder(Tagged):
    """An engineer abandons its bridge (NO BRIDGE from then on) [000 7.4]."""

    kind: Literal["abandon_bridge"] = "abandon_bridge"
    unit: Identifier
    """Id of the engineer."""


class WireBridgeOrder(Tagged):
    """An engineer starts wiring the full-hex bridge it stands on [000 7.4]."""

    kind: Literal["wire_bridge"] = "wire_bridge"
    unit: Identifier
    """Id of the engineer."""


class DamageBridgeOrder(Tagged):
    """An engineer attacks a bridge or AT ditch towards an adjacent hex [000 7.4]."""

    kind: Literal["damage_bridge"] = "damage_bridge"
    unit: Identifier
    """Id of the engineer."""
    target: HexPos
    """The hex across the hexside, or the full-hex bridge attacked."""


class ClearMinesOrder(Tagged):
    """A unit starts or stops clearing mines, an obstacle or rubble in its hex [000 7.2, 7.3]."""

    kind: Literal["clear_mines"] = "clear_mines"
    unit: Identifier
    """Id of the clearing unit."""


class LayMinesOrder(Tagged):
    """An engineer starts laying mines in its hex [000 7.3]."""

    kind: Literal["lay_mines"] = "lay_mines"
    unit: Identifier
    """Id of the engineer."""


class FerryOrder(Tagged):
    """An engineer ferries a unit one hex across a river or canal, or to or from water [000 7.5]."""

    kind: Literal["ferry"] = "ferry"
    engineer: Identifier
    """Id of the engineer."""
    unit: Identifier
    """Id of the unit ferried (the engineer itself when it ferries itself)."""
    to: HexPos
    """The hex the unit is ferried to."""


EngineeringRecord = (
    BuildBridgeOrder
    | DismantleBridgeOrder
    | AbandonBridgeOrder
    | WireBridgeOrder
    | DamageBridgeOrder
    | ClearMinesOrder
    | LayMinesOrder
    | FerryOrder
)
"""The engineers' orders a record holds."""


class PatrolOrder(Tagged):
    """A unit of men goes out on patrol for its whole allowance [000 4.2]."""

    kind: Literal["patrol"] = "patrol"
    unit: Identifier
    """Id of the patrolling unit."""


class DamageRailOrder(Tagged):
    """A Deployed unit damages the railway in its hex for 1/3 of its allowance [000 4.4]."""

    kind: Literal["damage_rail"] = "damage_rail"
    unit: Identifier
    """Id of the unit damaging the rail."""


class AttachmentOrder(Tagged):
    """On the midnight turn, an organization or unit under a corps is attached to another
    corps (or army) [000 9.1]."""

    kind: Literal["change_attachment"] = "change_attachment"
    subject: Identifier
    """Id of the organization or unit attached."""
    attach_to: Identifier
    """Id of the corps-level organization it now answers to."""


class DeceptionOrder(Tagged):
    """A deception unit is deployed, or redeployed, as a hidden marker [000 4.3]."""

    kind: Literal["deploy_deception"] = "deploy_deception"
    unit: Identifier
    """Id of the deception unit."""
    hex: HexPos
    """Where its marker stands."""


class AirStrikeOrder(Tagged):
    """A combat air unit strikes an enemy hex after the AA fire [000 8.1]."""

    kind: Literal["air_strike"] = "air_strike"
    aircraft: Identifier
    """Id of the air unit."""
    target: HexPos
    """The hex struck."""


class CarpetBombOrder(Tagged):
    """A heavy bomber carpet-bombs a hex, which may scatter up to 2 hexes [000 8.1]."""

    kind: Literal["carpet_bomb"] = "carpet_bomb"
    aircraft: Identifier
    """Id of the air unit."""
    target: HexPos
    """The hex called."""


class AirReconOrder(Tagged):
    """A recon air unit flies over a hex to spot enemy units near it [000 8.1]."""

    kind: Literal["air_recon"] = "air_recon"
    aircraft: Identifier
    """Id of the air unit."""
    target: HexPos
    """The hex flown over."""


class EndTurnOrder(Tagged):
    """End the player turn [000 3.3]."""

    kind: Literal["end_turn"] = "end_turn"


class EndPhaseOrder(Tagged):
    """End the phase of a phased game turn (Manual Defensive Fire) [000 13.3]."""

    kind: Literal["end_phase"] = "end_phase"


RecordedOrder = Annotated[
    MoveOrder
    | ModeOrder
    | ExitOrder
    | ReconOrder
    | FireOrder
    | AssaultOrder
    | DigInOrder
    | CombineOrder
    | BreakDownOrder
    | CarryOrder
    | UncarryOrder
    | PatrolOrder
    | DamageRailOrder
    | AttachmentOrder
    | DeceptionOrder
    | AirStrikeOrder
    | CarpetBombOrder
    | AirReconOrder
    | EndTurnOrder
    | EndPhaseOrder
    | EngineeringRecord,
    Field(discriminator="kind"),
]
"""Any order a record holds, told apart by its `kind`."""


# The record ---------------------------------------------------------------------------------


class TitleDigests(Node):
    """SHA-256 digests of the canonical text of each title file as played (the editor's unsaved
    edits included), to tell which files changed since the session was saved."""

    scenario: Digest
    """Digest of the scenario file."""
    map: Digest
    """Digest of the map file."""
    oob: Digest
    """Digest of the order of battle."""
    parameters: Digest
    """Digest of the parameter data."""
    weather: Digest | None = None
    """Digest of the programmed weather; `null` when the scenario had none."""


class OpFireSetting(Node):
    """One side's Panzer Battles opportunity fire setting for a firing-unit type against a
    target-unit type other than Long (no restriction) [001 "Opportunity Fire"]."""

    side: Side
    """The side whose units fire."""
    firer: Component
    """The firing units' type."""
    target: Component
    """The target units' type."""
    setting: Literal["N", "S", "M"]
    """N: none; S: within 1/3 of the firing unit's range; M: within 2/3."""


class PlaySettings(Node):
    """How the game was set up when the test-play started."""

    seed: int = Field(ge=0, le=MAX_SEED)
    """Seed of the game's random numbers: the same scenario, seed and orders replay the same
    game."""
    optional_rules: list[OptionalRule] = []
    """Optional rules that were on."""
    fog_of_war: bool = False
    """Whether Fog of War was on."""
    opportunity_fire: bool = False
    """Whether Opportunity Fire was on [000 3.3]. Records saved before it existed have no such
    field and replay without it, as they were played."""
    move_by_knowledge: bool = False
    """Whether, under Fog of War, moves were planned by what the moving side knew and stopped on
    contact. Records saved before it existed replay without it."""
    op_fire: list[OpFireSetting] = []
    """Each side's Panzer Battles opportunity fire settings other than Long."""
    computer: list[Side] = []
    """The sides the computer played; the others were played by hand. Records saved before it
    existed were hot seat: both sides by hand. Replaying does not need it (the orders are in
    the record); the editor plays on with the same players."""

    @field_validator("optional_rules")
    @classmethod
    def _sorted_once(cls, rules: list[OptionalRule]) -> list[OptionalRule]:
        # A set of rules: written sorted and once each, so the same settings give the same text.
        return sorted(set(rules))

    @field_validator("computer")
    @classmethod
    def _sides_once(cls, sides: list[Side]) -> list[Side]:
        # A set of sides, written in the vocabulary's order, once each.
        return [side for side in Side if side in sides]


class Reached(Node):
    """Where the game stood when the record was saved, for the reader."""

    turn: int = Field(ge=1, le=MAX_TURNS)
    """The game turn reached."""
    side: Side
    """The side whose player turn it was."""
    time: GameTime
    """Date and time of that turn."""
    game_over: bool = False
    """Whether the game had ended."""


class TestPlayRecord(Node):
    """A saved test-play: the scenario it was played on, its settings and every order given."""

    __test__ = False  # a class named Test... that pytest must not collect

    write_defaults = True

    format_version: Literal[2] = Field(
        description="Version of the test-play file format; older versions are migrated on load."
    )
    scenario: RelativePath
    """The scenario played, relative to this file, with `/` separators."""
    digests: TitleDigests
    """Digests of the title files as played."""
    settings: PlaySettings
    """Seed, optional rules and Fog of War."""
    reached: Reached
    """Turn, side and time reached when saved."""
    saved: GameTime
    """When the record was saved (local time)."""
    orders: list[RecordedOrder] = []
    """Every order carried out, in order; replaying them on the scenario with the same seed
    plays the same game."""
