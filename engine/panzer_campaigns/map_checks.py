"""Map checks that need hex geometry: edges entered twice, crossings over nothing, roads that
cross a river without a bridge, links that lead off the map.

The file-format checks of `schemas.panzer_campaigns.checks` see only one hex at a time; these look
at the hex on
the other side of an edge, which only `engine.hexgrid` may compute.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from engine.hexgrid import Grid
from schemas.panzer_campaigns.map import CONNECTION_BITS, MapFile
from schemas.problems import Problem, warning
from schemas.vocabulary import CrossingKind, Direction, HexsideKind

EdgeKey = tuple[tuple[int, int], Direction]

_DIGIT = re.compile("[1-7]")

CROSSABLE: dict[CrossingKind, frozenset[HexsideKind]] = {
    # [7.4] bridges span rivers, streams, canals and gullies; bridge engineers also bridge
    # AT ditches.
    CrossingKind.LIGHT_BRIDGE: frozenset(
        {
            HexsideKind.RIVER,
            HexsideKind.STREAM,
            HexsideKind.CANAL,
            HexsideKind.GULLY,
            HexsideKind.AT_DITCH,
        }
    ),
    # [4.5] fords cross "otherwise impassible rivers"; a stream ford is taken to be allowed too.
    CrossingKind.FORD: frozenset({HexsideKind.RIVER, HexsideKind.STREAM}),
    # [4.5] hexside ferries work on river and canal hexsides.
    CrossingKind.FERRY: frozenset({HexsideKind.RIVER, HexsideKind.CANAL}),
}
CROSSABLE[CrossingKind.MEDIUM_BRIDGE] = CROSSABLE[CrossingKind.LIGHT_BRIDGE]
CROSSABLE[CrossingKind.HEAVY_BRIDGE] = CROSSABLE[CrossingKind.LIGHT_BRIDGE]

BARRIERS = frozenset(
    {
        HexsideKind.RIVER,
        HexsideKind.CANAL,
        HexsideKind.AT_DITCH,
        HexsideKind.CLIFF,
        HexsideKind.IMPASSABLE,
    }
)
"""Hexsides that stop movement unless crossed by a bridge, ford or ferry [4.2, 4.4, 4.5]."""


def check_map_geometry(map_file: MapFile) -> list[Problem]:
    """Geometry checks of a map whose layers already fit its size (see
    `schemas.panzer_campaigns.checks`).

    >>> from schemas.panzer_campaigns.map import HexsideFeature, TerrainType
    >>> tiny = MapFile(format_version=2, name="t", width=2, height=2,
    ...                terrain=[TerrainType(id="clear", code=".", name="Clear")],
    ...                terrain_rows=["..", ".."],
    ...                hexsides=[HexsideFeature(hex=(0, 0), side="down", kind="river"),
    ...                          HexsideFeature(hex=(0, 1), side="up", kind="river")])
    >>> [p.code for p in check_map_geometry(tiny)]
    ['MAP008']
    """
    grid = Grid(map_file.width, map_file.height, map_file.shifted_columns)
    problems: list[Problem] = []
    features: dict[EdgeKey, set[HexsideKind]] = {}
    for number, feature in enumerate(map_file.hexsides):
        key = grid.hexside_key(*feature.hex, feature.side)
        kinds = features.setdefault(key, set())
        if feature.kind in kinds:
            problems.append(
                warning(
                    "MAP008",
                    f"the {feature.kind.value} on the {feature.side.value.replace('_', ' ')} edge "
                    f"of [{feature.hex[0]}, {feature.hex[1]}] is already given, perhaps from the "
                    "hex on the other side",
                    path=("hexsides", number),
                    hex=feature.hex,
                )
            )
        kinds.add(feature.kind)

    crossed: set[EdgeKey] = set()
    for number, crossing in enumerate(map_file.crossings):
        key = grid.hexside_key(*crossing.hex, crossing.side)
        if key in crossed:
            problems.append(
                warning(
                    "MAP008",
                    f"a second crossing on the same edge of [{crossing.hex[0]}, {crossing.hex[1]}]",
                    path=("crossings", number),
                    hex=crossing.hex,
                )
            )
        crossed.add(key)
        if not features.get(key, set()) & CROSSABLE[crossing.kind]:
            allowed = ", ".join(sorted(k.value for k in CROSSABLE[crossing.kind]))
            problems.append(
                warning(
                    "MAP009",
                    f"a {crossing.kind.value.replace('_', ' ')} on an edge of "
                    f"[{crossing.hex[0]}, {crossing.hex[1]}] with nothing it can cross "
                    f"({allowed})",
                    path=("crossings", number),
                    hex=crossing.hex,
                )
            )

    barriers = {key: kinds & BARRIERS for key, kinds in features.items() if kinds & BARRIERS}
    for kind, rows in map_file.connections.items():
        for offset, direction in _links(rows):
            column, row = offset
            path = ("connections", kind.value, row)
            # Links are stored in canonical form, so the edge key needs no neighbour; only hexes
            # on the map edge can have a link leading off the map.
            if grid.is_edge(column, row) and not grid.contains(
                *grid.neighbor(column, row, direction)
            ):
                problems.append(
                    warning(
                        "MAP011",
                        f"{kind.value.replace('_', ' ')} at [{column}, {row}] leads "
                        f"{direction.value.replace('_', ' ')} off the map; draw it to the edge "
                        "hex only",
                        path=path,
                        hex=offset,
                    )
                )
                continue
            key = (offset, direction)
            if key in barriers and key not in crossed:
                neighbor = grid.neighbor(column, row, direction)
                blocked = ", ".join(sorted(k.value for k in barriers[key]))
                problems.append(
                    warning(
                        "MAP010",
                        f"{kind.value.replace('_', ' ')} from [{column}, {row}] to "
                        f"[{neighbor[0]}, {neighbor[1]}] crosses a {blocked} with no bridge, "
                        "ford or ferry, so nothing can follow it there",
                        path=path,
                        hex=offset,
                    )
                )
    return problems


def _links(rows: list[str]) -> Iterator[tuple[tuple[int, int], Direction]]:
    """Each stored link as the hex it leaves and its (canonical) direction."""
    for row, text in enumerate(rows):
        # Most hexes have no road; finding the digits in C skips them without a Python loop.
        for match in _DIGIT.finditer(text):
            column, bits = match.start(), int(match.group())
            for direction, bit in CONNECTION_BITS.items():
                if bits & bit:
                    yield (column, row), direction
