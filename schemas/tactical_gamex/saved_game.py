"""A saved Tactical GameX game (`<name>.tgxplay.yaml`): the situation it was played on (a path
relative to this file), the seed, who played each side, and the orders given, so that
`hexwright replay` and the editor play the same game again. Hexes are board offsets
[column, row] of the assembled board. The turn and result reached are for the reader."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from schemas.base import MAX_SEED, HexPos, Identifier, Node, Tagged
from schemas.tactical_gamex.common import VERSION_FIELD, TgxRuleset
from schemas.vocabulary import Direction, Side


class MoveOrder(Tagged):
    """Move a unit along adjacent hexes [003 5.0]."""

    kind: Literal["move"] = "move"
    unit: Identifier
    path: list[HexPos] = Field(min_length=1)
    """The hexes entered, in order."""
    quick_time: bool = False
    """At Infantry Quick-Time (optional rule 15)."""


class StandUpOrder(Tagged):
    """A unit Down in a stream comes Up [003 6.3.9]."""

    kind: Literal["stand_up"] = "stand_up"
    unit: Identifier


class LoadOrder(Tagged):
    """A carrier loads a unit in its hex [003 5.2.2]."""

    kind: Literal["load"] = "load"
    carrier: Identifier
    passenger: Identifier


class UnloadOrder(Tagged):
    """A carrier unloads its passenger [003 5.2.3]."""

    kind: Literal["unload"] = "unload"
    carrier: Identifier


class RallyOrder(Tagged):
    """The disrupted units of a hex try to rally [003 7.3]."""

    kind: Literal["rally"] = "rally"
    hex: HexPos


class SpotOrder(Tagged):
    """A unit tries to spot an enemy hex [003 6.3.8]."""

    kind: Literal["spot"] = "spot"
    unit: Identifier
    hex: HexPos


class FireOrder(Tagged):
    """Direct fire at units of one hex [003 6.4.1]."""

    kind: Literal["fire"] = "fire"
    units: list[Identifier] = Field(min_length=1)
    targets: list[Identifier] = Field(min_length=1)
    stress: bool = False
    """Combat Stress points added (optional rule 12)."""


class OpportunityFireOrder(Tagged):
    """Units of one hex marked for Opportunity Fire [003 6.4.2]."""

    kind: Literal["opportunity_fire"] = "opportunity_fire"
    units: list[Identifier] = Field(min_length=1)


class IndirectFireOrder(Tagged):
    """Indirect fire at a hex, with its sighting unit [003 6.4.3]."""

    kind: Literal["indirect_fire"] = "indirect_fire"
    units: list[Identifier] = Field(min_length=1)
    hex: HexPos
    sighter: Identifier
    stress: bool = False
    """Combat Stress on each attack it brings to the next column (optional rule 12)."""
    interdict: bool = False
    """An Interdiction marker placed rather than an attack (optional rule 21)."""


class ArtilleryOrder(Tagged):
    """An off-board battery called on a hex [003 6.4.4]."""

    kind: Literal["artillery"] = "artillery"
    battery: Identifier
    hex: HexPos
    sighter: Identifier
    lowered: int = Field(0, ge=0, le=6)
    """Points spent to lower the accuracy die."""
    interdict: bool = False
    """Places an Interdiction marker rather than attacking (optional rule 21)."""
    bridge: bool = False
    """Fires at the hex's temporary bridge on its own, not at its units [003 9.3]."""


class CounterBatteryOrder(Tagged):
    """An off-board battery fires on an enemy battery [003 6.4.4]."""

    kind: Literal["counter_battery"] = "counter_battery"
    battery: Identifier
    target: Identifier
    """The enemy battery fired on."""
    aircraft: Identifier | None = None
    """The unused aircraft activated for full strength; none = half strength."""
    lowered: int = Field(0, ge=0, le=6)
    """Points spent to lower the accuracy die."""


class NavalFireOrder(Tagged):
    """Naval support fires from a sea hex on the map's edge [003 10.5]."""

    kind: Literal["naval_fire"] = "naval_fire"
    support: Identifier
    from_hex: HexPos
    targets: list[Identifier] = Field(min_length=1)


class OverrunOrder(Tagged):
    """Armoured units drive through a hex to their exit hexes [003 6.4.5]."""

    kind: Literal["overrun"] = "overrun"
    units: list[Identifier] = Field(min_length=1)
    hex: HexPos
    exits: list[HexPos] = Field(min_length=1)
    paths: list[list[HexPos]] = []
    """Each unit's drive up to the hex first (empty: already next to it)."""


class CloseAssaultOrder(Tagged):
    """Adjacent infantry assault a hex [003 6.4.6]."""

    kind: Literal["close_assault"] = "close_assault"
    units: list[Identifier] = Field(min_length=1)
    hex: HexPos
    paths: list[list[HexPos]] = []
    """Each unit's move next to the hex first (empty: already there)."""
    banzai: bool = False
    """A Japanese Banzai attack (optional rule 17)."""


class AirAttackOrder(Tagged):
    """One attack of an aircraft with one weapon type [003 6.4.7]."""

    kind: Literal["air_attack"] = "air_attack"
    aircraft: Identifier
    weapon: str = Field(min_length=1, max_length=4)
    hex: HexPos
    targets: list[Identifier] = []
    bridge: bool = False
    """At the hex's temporary bridge on its own, not its units [003 9.3]."""


class MobileFireOrder(Tagged):
    """A turreted vehicle moves up to half its MA, then fires at half AS (rule 18); with no
    targets it keeps its attack for later in the turn (18.1, 18.3)."""

    kind: Literal["mobile_fire"] = "mobile_fire"
    unit: Identifier
    path: list[HexPos] = []
    targets: list[Identifier] = []


class TurnGunOrder(Tagged):
    """An artillery unit turns to face a hexside (rule 19)."""

    kind: Literal["turn_gun"] = "turn_gun"
    unit: Identifier
    facing: Direction


class SmokeOrder(Tagged):
    """Artillery lays smoke on a hex (optional rule 20)."""

    kind: Literal["smoke"] = "smoke"
    units: list[Identifier] = Field(min_length=1)
    hex: HexPos
    sighter: Identifier | None = None


class ClearObstacleOrder(Tagged):
    """An engineer moves into a minefield or block next to it to clear it [003 9.1]."""

    kind: Literal["clear_obstacle"] = "clear_obstacle"
    unit: Identifier
    hex: HexPos


class BuildBlockOrder(Tagged):
    """An Engineer Action toward a block; on the last the engineer leaves by `exit` [003 9.2]."""

    kind: Literal["build_block"] = "build_block"
    unit: Identifier
    exit: HexPos


class FireAtBridgeOrder(Tagged):
    """Units fire at a temporary bridge on its own, directly or with a sighter [003 9.3]."""

    kind: Literal["fire_at_bridge"] = "fire_at_bridge"
    units: list[Identifier] = Field(min_length=1)
    hex: HexPos
    sighter: Identifier | None = None
    """The sighting unit of indirect fire; none = direct fire."""


class BlowBridgeOrder(Tagged):
    """An Engineer Action toward blowing a bridge; on the last the engineer leaves by `exit`
    [003 9.2]."""

    kind: Literal["blow_bridge"] = "blow_bridge"
    unit: Identifier
    exit: HexPos
    now: bool = False
    """A second attempt rolls after this action."""


class RemoveWreckOrder(Tagged):
    """An engineer removes one wreck [003 9.4]."""

    kind: Literal["remove_wreck"] = "remove_wreck"
    unit: Identifier
    hex: HexPos


class ExitBoardOrder(Tagged):
    """A unit leaves the board by the edge a victory condition counts."""

    kind: Literal["exit"] = "exit"
    unit: Identifier


class EndImpulseOrder(Tagged):
    """End the impulse (a pass when no point was spent) [003 4.2.1]."""

    kind: Literal["end_impulse"] = "end_impulse"


class PlaceUnitOrder(Tagged):
    """Before turn 1: set up a counter in a hex of its setup area, or move it there."""

    kind: Literal["place_unit"] = "place_unit"
    unit: Identifier
    hex: HexPos


class PlaceMarkerOrder(Tagged):
    """Before turn 1: place one of the side's allotted neutral counters [003 8.0]."""

    kind: Literal["place_marker"] = "place_marker"
    allotment: int = Field(ge=0, le=999)
    """The allotment's index in the situation's `allotments`."""
    hex: HexPos
    origin: HexPos | None = None
    """Moves the one placed at this hex instead."""


class NoteTargetOrder(Tagged):
    """Before turn 1: an airborne lift's target hex, noted secretly [003 11.1]."""

    kind: Literal["note_target"] = "note_target"
    carrier: Identifier
    hex: HexPos


class PlaceRestOrder(Tagged):
    """Before turn 1: the side's counters and markers not yet placed, set up by the seed."""

    kind: Literal["place_rest"] = "place_rest"


class FinishSetupOrder(Tagged):
    """Before turn 1: the side setting up is done."""

    kind: Literal["finish_setup"] = "finish_setup"


class LoadAtSetupOrder(Tagged):
    """Before turn 1: a counter set up riding a carrier [003 5.2, 10.1]."""

    kind: Literal["load_at_setup"] = "load_at_setup"
    unit: Identifier
    carrier: Identifier


class UnloadAtSetupOrder(Tagged):
    """Before turn 1: a passenger set up off its carrier."""

    kind: Literal["unload_at_setup"] = "unload_at_setup"
    unit: Identifier


class LeaveMarkersOrder(Tagged):
    """Before turn 1: the allotment's markers not yet placed left off the board [003 8.0]."""

    kind: Literal["leave_markers"] = "leave_markers"
    allotment: int = Field(ge=0, le=999)


class PlayCardOrder(Tagged):
    """A held Deus Ex Machina card played (Battlefield Chaos) [003 24.5]."""

    kind: Literal["play_card"] = "play_card"
    card: Identifier
    unit: str = ""
    """The unit the card acts on; empty: one drawn at random."""


SavedOrder = Annotated[
    MoveOrder
    | StandUpOrder
    | LoadOrder
    | UnloadOrder
    | RallyOrder
    | SpotOrder
    | FireOrder
    | OpportunityFireOrder
    | IndirectFireOrder
    | ArtilleryOrder
    | OverrunOrder
    | CloseAssaultOrder
    | AirAttackOrder
    | MobileFireOrder
    | TurnGunOrder
    | SmokeOrder
    | ClearObstacleOrder
    | BuildBlockOrder
    | BlowBridgeOrder
    | RemoveWreckOrder
    | ExitBoardOrder
    | CounterBatteryOrder
    | NavalFireOrder
    | EndImpulseOrder
    | PlaceUnitOrder
    | PlaceMarkerOrder
    | NoteTargetOrder
    | PlaceRestOrder
    | FinishSetupOrder
    | LoadAtSetupOrder
    | UnloadAtSetupOrder
    | LeaveMarkersOrder
    | PlayCardOrder
    | FireAtBridgeOrder,
    Field(discriminator="kind"),
]


class SavedGame(Node):
    """A Tactical GameX game as its orders."""

    format_version: Literal[1] = VERSION_FIELD
    ruleset: TgxRuleset
    """`tactical_gamex`."""
    situation: Annotated[str, Field(min_length=1, max_length=400)]
    """The situation played, relative to this file."""
    seed: int = Field(0, ge=0, le=MAX_SEED)
    """The seed of the game's dice."""
    computer: list[Side] = []
    """The sides the computer played."""
    setup: Literal["seed", "players"] = "seed"
    """`players`: the game opened with the setup phase, its orders first in `orders`; `seed`
    (files saved before the setup phase existed): the seed set the counters up."""
    orders: list[SavedOrder] = []
    """Every order carried out, in order."""
    turn: int = Field(1, ge=1, le=999)
    """The turn reached (for the reader)."""
    result: str = ""
    """How it ended, if it did (for the reader)."""
