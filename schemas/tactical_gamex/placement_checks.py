"""The setup checks of where things stand on the assembled board: stacking with its accounting
[003 3.3], vehicles and artillery out of stream hexes but at a bridge [003 6.3.9], neutral
counters on terrain that takes them [003 8.0-8.5], landing craft on all-sea hexes one to a hex
[003 10.1]. Only hexes the situation fixes are checked; setup areas are the players' to fill.
"""

from __future__ import annotations

from collections import defaultdict

from schemas.problems import Problem, error
from schemas.tactical_gamex.board import AssembledBoard, Offset
from schemas.tactical_gamex.situation import Marker, SituationFile
from schemas.tactical_gamex.table_checks import FORBIDDEN_MARKERS
from schemas.tactical_gamex.tables import RulesetTables
from schemas.tactical_gamex.unit_types import UnitType
from schemas.tactical_gamex.vocabulary import (
    HexFeature,
    MarkerKind,
    MoveClass,
    Nation,
    Terrain,
    Trait,
    UnitKind,
)

DEFAULT_STACKING = 4
SOVIET_STACKING = 2


def stacking_limit(situation: SituationFile, side_index: int) -> int:
    """Units a side may stack in a hex: the situation's, else 4, or 2 for a side all Soviet
    [003 3.3]."""
    side = situation.sides[side_index]
    if side.stacking_limit is not None:
        return side.stacking_limit
    if all(n.nation is Nation.SOVIET_UNION for n in side.nations):
        return SOVIET_STACKING
    return DEFAULT_STACKING


def check_placements(
    situation: SituationFile,
    types: dict[str, UnitType],
    tables: RulesetTables,
    board: AssembledBoard,
) -> list[Problem]:
    """Stacking, streams, neutral counters and sea placement of a situation."""
    # The legal terrain of markers is the text's (FORBIDDEN_MARKERS), not the chart's; the
    # tables give the CRT columns mines may name.
    return [
        *stacking_problems(situation, types, board),
        *_stream_problems(situation, types, board),
        *_marker_problems(situation, board),
        *_mine_column_problems(situation, tables),
        *_sea_problems(situation, types, board),
    ]


def _temporary_bridge_refusal(
    marker: Marker, terrain: Terrain, features: frozenset[HexFeature], kinds: list[MarkerKind]
) -> str:
    """Why a temporary bridge may not stand where the situation puts it, or "": in a stream hex
    [003 6.3.9, 9.3] with no printed bridge, one a hex, its DS a number when given."""
    if terrain is not Terrain.STREAM:
        return "a temporary bridge stands in a stream hex [003 9.3]"
    if HexFeature.BRIDGE in features:
        return "the hex has a printed bridge already [003 9.3]"
    if kinds.count(MarkerKind.TEMPORARY_BRIDGE) > 1:
        return "one temporary bridge per hex"
    if marker.strength is not None and not isinstance(marker.strength, int):
        return "a temporary bridge's strength is the DS on its marker, a number [003 9.3]"
    return ""


def stacking_problems(
    situation: SituationFile, types: dict[str, UnitType], board: AssembledBoard
) -> list[Problem]:
    """A transport and its passenger count as one; a Block counts one; a Fortification counts
    one and the units inside it (up to its DS / 10) count none [003 3.3, 8.4]."""
    counted: dict[tuple[Offset, int], list[str]] = defaultdict(list)
    for s, side in enumerate(situation.sides):
        for nation in side.nations:
            for counter in nation.counters:
                if counter.hex is None or counter.passenger_of is not None:
                    continue
                spot = board.hex_of(counter.hex)
                unit = types.get(counter.type)
                if (
                    spot is not None
                    and unit is not None
                    and unit.unit_kind is not UnitKind.AIRCRAFT
                ):
                    counted[(spot, s)].append(counter.id)
    extra: dict[Offset, int] = defaultdict(int)
    inside: dict[Offset, int] = defaultdict(int)
    for marker in situation.markers:
        spot = board.hex_of(marker.hex)
        if spot is None:
            continue
        if marker.kind is MarkerKind.BLOCK:
            extra[spot] += 1
        elif marker.kind is MarkerKind.FORTIFICATION:
            extra[spot] += 1
            strength = marker.strength if isinstance(marker.strength, int) else 0
            inside[spot] += strength // 10
    problems: list[Problem] = []
    for (spot, s), ids in counted.items():
        limit = stacking_limit(situation, s)
        total = max(0, len(ids) - inside[spot]) + extra[spot]
        if total > limit:
            problems.append(
                error(
                    "TGX033",
                    f"{board.address_of(*spot)} holds {total} units of "
                    f"{situation.sides[s].side.value} ({', '.join(ids)}"
                    + (", with its neutral counters" if extra[spot] else "")
                    + f"); the limit is {limit} [003 3.3]",
                    path=("sides", s),
                    hex=spot,
                )
            )
    both = sorted({spot for spot, s in counted if (spot, 1 - s) in counted and s == 0})
    for spot in both:
        problems.append(
            error(
                "TGX033",
                f"{board.address_of(*spot)} holds units of both sides; units may not enter "
                "enemy-occupied hexes [003 3.3]",
                path=("sides",),
                hex=spot,
            )
        )
    return problems


def _is_vehicle(unit: UnitType) -> bool:
    return (
        unit.move_class is not MoveClass.INFANTRY
        or unit.unit_kind is UnitKind.ARMORED
        or Trait.ARTILLERY in unit.traits
    )


def _stream_problems(
    situation: SituationFile, types: dict[str, UnitType], board: AssembledBoard
) -> list[Problem]:
    problems: list[Problem] = []
    for s, side in enumerate(situation.sides):
        for n, nation in enumerate(side.nations):
            for c, counter in enumerate(nation.counters):
                unit = types.get(counter.type)
                spot = board.hex_of(counter.hex) if counter.hex else None
                if (
                    spot is not None
                    and counter.down
                    and (
                        board.terrain_at(*spot) is not Terrain.STREAM
                        or HexFeature.BRIDGE in board.features.get(spot, frozenset())
                    )
                ):
                    problems.append(
                        error(
                            "TGX035",
                            f"'{counter.id}' starts Down at {counter.hex}, which is no stream hex "
                            "(a unit on a bridge is not Down) [003 6.3.9]",
                            path=("sides", s, "nations", n, "counters", c, "down"),
                            hex=spot,
                            object_id=counter.id,
                        )
                    )
                if unit is None or spot is None or not _is_vehicle(unit):
                    continue
                if board.terrain_at(*spot) is Terrain.STREAM and HexFeature.BRIDGE not in (
                    board.features.get(spot, frozenset())
                ):
                    problems.append(
                        error(
                            "TGX035",
                            f"'{counter.id}' stands in stream hex {counter.hex}; vehicles and "
                            "artillery may be there only at a bridge [003 6.3.9]",
                            path=("sides", s, "nations", n, "counters", c, "hex"),
                            hex=spot,
                            object_id=counter.id,
                        )
                    )
    return problems


def _mine_column_problems(situation: SituationFile, tables: RulesetTables) -> list[Problem]:
    """Mines attack "on the column indicated by the strength of the mine" [003 8.2]: a column
    of the title's CRT."""
    columns = set(tables.crt.columns)
    problems: list[Problem] = []
    placed = [("markers", i, m.kind, m.strength) for i, m in enumerate(situation.markers)]
    allotted = [("allotments", i, a.kind, a.strength) for i, a in enumerate(situation.allotments)]
    for group, i, kind, strength in placed + allotted:
        if kind is MarkerKind.MINES and isinstance(strength, str) and strength not in columns:
            problems.append(
                error(
                    "TGX036",
                    f"mines of strength {strength} name no column of the CRT "
                    f"({', '.join(tables.crt.columns)}) [003 8.2]",
                    path=(group, i, "strength"),
                )
            )
    return problems


def _marker_problems(situation: SituationFile, board: AssembledBoard) -> list[Problem]:
    """Neutral counters placed by the situation stand where 8.1-8.5 allow them.

    Mines go in "Clear, Woods or road hexes" [003 8.2]; a Town hex counts as road [003 3.2.3],
    so mines may stand in a town (the text names no exception); in a stream hex only at its
    bridge, the one place a stream hex is entered by road.
    """
    problems: list[Problem] = []
    here: dict[Offset, list[MarkerKind]] = defaultdict(list)
    for marker in situation.markers:
        spot = board.hex_of(marker.hex)
        if spot is not None:
            here[spot].append(marker.kind)
    for m, marker in enumerate(situation.markers):
        spot = board.hex_of(marker.hex)
        if spot is None:
            continue
        terrain = board.terrain_at(*spot)
        features = board.features.get(spot, frozenset())
        kinds = here[spot]
        others = [k for k in kinds if k is not marker.kind]
        why = ""
        if marker.kind is MarkerKind.MINES:
            on_road = spot in board.road_hexes or terrain is Terrain.TOWN
            if terrain in FORBIDDEN_MARKERS[marker.kind] and not on_road:
                why = "mines go in Clear, Woods or road hexes [003 8.2]"
            elif terrain is Terrain.STREAM and HexFeature.BRIDGE not in features:
                why = "mines go in a stream hex only at its bridge [003 8.2]"
            elif marker.secret and HexFeature.BRIDGE in features:
                why = "mines in a bridge hex are not secret [003 8.2]"
            elif not isinstance(marker.strength, str):
                why = "mines need the CRT column they attack on, e.g. '2:1' [003 8.2]"
        elif marker.kind is MarkerKind.TEMPORARY_BRIDGE:
            why = _temporary_bridge_refusal(marker, terrain, features, kinds)
        elif terrain in FORBIDDEN_MARKERS[marker.kind]:
            why = f"no {marker.kind.value.replace('_', ' ')} in {terrain.value} [003 8.0]"
        elif marker.kind is MarkerKind.IMPROVED_POSITION and (
            kinds.count(marker.kind) > 1 or others
        ):
            why = "an improved position stands alone in its hex, one per hex [003 8.3]"
        elif marker.kind is MarkerKind.FORTIFICATION and (
            {MarkerKind.MINES, MarkerKind.BLOCK} & set(others)
        ):
            why = "no fortification in a mine or block hex [003 8.4]"
        elif marker.kind is MarkerKind.FORTIFICATION and not isinstance(marker.strength, int):
            why = "a fortification needs its defense strength [003 8.4]"
        elif marker.kind is MarkerKind.BLOCK and kinds.count(marker.kind) > 1:
            why = "one block per hex [003 8.5]"
        elif marker.kind is MarkerKind.WRECK and (kinds.count(marker.kind) > 3 or others):
            why = "at most 3 wrecks in a hex, with no other neutral counter [003 8.1]"
        if why:
            problems.append(
                error(
                    "TGX036",
                    f"{marker.kind.value.replace('_', ' ')} at {marker.hex}: {why}",
                    path=("markers", m),
                    hex=spot,
                )
            )
    return problems


def _sea_problems(
    situation: SituationFile, types: dict[str, UnitType], board: AssembledBoard
) -> list[Problem]:
    """Landing craft and DD vehicles start in all-sea hexes, one to a hex [003 10.1]; an LVT
    carries 2, a DUKW 1 I-category unit."""
    landing = situation.amphibious
    if landing is None:
        return []
    problems: list[Problem] = []
    taken: dict[Offset, str] = {}
    for c, craft in enumerate(landing.craft):
        where = ("amphibious", "craft", c)
        spot = board.hex_of(craft.hex) if craft.hex else None
        if spot is not None:
            if board.terrain_at(*spot) is not Terrain.SEA:
                problems.append(
                    error(
                        "TGX039", f"{craft.counter} starts at {craft.hex}, not at sea", path=where
                    )
                )
            elif spot in taken:
                problems.append(
                    error(
                        "TGX039",
                        f"{craft.counter} and {taken[spot]} share sea hex {craft.hex}; one "
                        "vehicle per hex [003 10.1]",
                        path=where,
                    )
                )
            taken[spot] = craft.counter
        counters = {k.id: k for side in situation.sides for n in side.nations for k in n.counters}
        carrier = counters.get(craft.counter)
        unit = types.get(carrier.type) if carrier else None
        if unit is None:
            continue
        limit = 2 if Trait.LVT in unit.traits else 1 if Trait.DUKW in unit.traits else 0
        if len(craft.cargo) > limit:
            problems.append(
                error(
                    "TGX039",
                    f"{craft.counter} carries {len(craft.cargo)} units; it may carry {limit} "
                    "[003 10.1]",
                    path=(*where, "cargo"),
                )
            )
    return problems
