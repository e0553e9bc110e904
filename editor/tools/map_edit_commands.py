"""The undoable edits of the hexside, road and crossing tools: draw or erase hexside features and
road or rail links, place or remove bridges, fords and ferries, and set a bridge's scenario state.

Every command names an edge once (`Grid.hexside_key`), keeps the feature lists in reading order
(row, column, side, kind, as the sample maps are written) and builds no step when nothing would
change, so `Document.push` drops it and the undo stack stays clean.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from editor.commands import EditFile
from editor.document import Document
from engine.hexgrid import DIRECTIONS, Grid
from schemas.io import FileKind
from schemas.panzer_campaigns.map import (
    CONNECTION_NONE,
    Crossing,
    FullHexFeature,
    FullHexKind,
    HexsideFeature,
    MapFile,
)
from schemas.panzer_campaigns.scenario import BridgeOverlay, BridgeState, ScenarioFile
from schemas.vocabulary import ConnectionKind, CrossingKind, Direction, HexsideKind, Side

Offset = tuple[int, int]
EdgeKey = tuple[Offset, Direction]
"""A hexside as `Grid.hexside_key` names it: the hex where it is Up, Up Right or Down Right."""
Link = tuple[Offset, Offset]
"""A road or rail link between two neighbouring hexes."""

WATER_SIDES = frozenset({HexsideKind.RIVER, HexsideKind.STREAM, HexsideKind.CANAL})
"""Hexsides a road needs a bridge over."""
BRIDGES = (CrossingKind.LIGHT_BRIDGE, CrossingKind.MEDIUM_BRIDGE, CrossingKind.HEAVY_BRIDGE)
ROAD_BRIDGES: dict[ConnectionKind, CrossingKind] = {
    ConnectionKind.PRIMARY_ROAD: CrossingKind.HEAVY_BRIDGE,
    ConnectionKind.SECONDARY_ROAD: CrossingKind.MEDIUM_BRIDGE,
    ConnectionKind.TRAIL: CrossingKind.LIGHT_BRIDGE,
    ConnectionKind.RAILROAD: CrossingKind.HEAVY_BRIDGE,
}
"""The bridge proposed where a road or railway of a class crosses water."""

_SPECIAL_LABELS = {"at_ditch": "AT Ditch", "bridge": "Full-Hex Bridge", "ferry": "Ferry"}


def feature_label(value: StrEnum) -> str:
    """A feature kind as the designer reads it: `medium_bridge` -> "Medium Bridge".

    >>> feature_label(HexsideKind.AT_DITCH), feature_label(FullHexKind.BRIDGE)
    ('AT Ditch', 'Full-Hex Bridge')
    """
    if isinstance(value, FullHexKind):
        return _SPECIAL_LABELS[value.value] if value is FullHexKind.BRIDGE else "Full-Hex Ferry"
    return _SPECIAL_LABELS.get(value.value) or value.value.replace("_", " ").title()


def grid_of(map_file: MapFile) -> Grid:
    """The hex grid of a map."""
    return Grid(map_file.width, map_file.height, map_file.shifted_columns)


def on_map(grid: Grid, edge: EdgeKey) -> bool:
    """Whether both hexes of an edge lie on the map (only those edges hold features)."""
    (column, row), direction = edge
    return grid.contains(column, row) and grid.contains(*grid.neighbor(column, row, direction))


def edge_order(edge: EdgeKey) -> tuple[int, int, int]:
    """Reading order of edges: row, column, then side clockwise from Up."""
    (column, row), direction = edge
    return row, column, DIRECTIONS.index(direction)


# Indexes of a map's sparse features, kept while their list is unchanged ------------------------


@dataclass(frozen=True)
class SideIndex:
    """Where each edge's entries stand in a list of hexside features or crossings."""

    entries: dict[EdgeKey, list[int]]
    """Positions in the list of the entries on each edge (however the file names the edge)."""
    order: list[tuple[Any, ...]]
    """The reading-order key of every entry, in list order."""


_indexes: dict[str, tuple[object, Grid, Any]] = {}


def _cached(name: str, source: object, grid: Grid, build: Callable[[], Any]) -> Any:
    # Frozen models share untouched lists, so a list that is the same object is unchanged.
    hit = _indexes.get(name)
    if hit is not None and hit[0] is source and hit[1] == grid:
        return hit[2]
    value = build()
    _indexes[name] = (source, grid, value)
    return value


def _side_index(items: Sequence[Any], grid: Grid, with_kind: bool) -> SideIndex:
    entries: dict[EdgeKey, list[int]] = {}
    order: list[tuple[Any, ...]] = []
    kinds = list(HexsideKind)
    for number, item in enumerate(items):
        column, row = item.hex
        edge = grid.hexside_key(column, row, item.side)
        entries.setdefault(edge, []).append(number)
        key = edge_order(edge)
        order.append((*key, kinds.index(item.kind)) if with_kind else key)
    return SideIndex(entries, order)


def hexside_index(map_file: MapFile) -> SideIndex:
    """The map's hexside features by edge."""
    grid = grid_of(map_file)
    items = map_file.hexsides
    index: SideIndex = _cached(
        "hexsides", items, grid, lambda: _side_index(items, grid, with_kind=True)
    )
    return index


def crossing_index(map_file: MapFile) -> SideIndex:
    """The map's crossings by edge."""
    grid = grid_of(map_file)
    items = map_file.crossings
    index: SideIndex = _cached(
        "crossings", items, grid, lambda: _side_index(items, grid, with_kind=False)
    )
    return index


def hexside_kinds(map_file: MapFile, edge: EdgeKey) -> set[HexsideKind]:
    """The kinds of hexside feature along an edge."""
    return {map_file.hexsides[i].kind for i in hexside_index(map_file).entries.get(edge, ())}


def crossing_at(map_file: MapFile, edge: EdgeKey) -> Crossing | None:
    """The bridge, ford or ferry on an edge, if any."""
    found = crossing_index(map_file).entries.get(edge)
    return map_file.crossings[found[0]] if found else None


def full_hex_at(map_file: MapFile, hex_: Offset) -> tuple[int, FullHexFeature] | None:
    """The full-hex bridge or ferry on a hex, with its position in the list."""
    for number, feature in enumerate(map_file.full_hex_features):
        if tuple(feature.hex) == hex_:
            return number, feature
    return None


def is_water(map_file: MapFile, hex_: Offset) -> bool:
    """Whether a hex is open water (where full-hex bridges and ferries go)."""
    column, row = hex_
    code = map_file.terrain_rows[row][column]
    return any(t.code == code and t.water for t in map_file.terrain)


def proposed_bridges(
    map_file: MapFile, kind: ConnectionKind, links: Iterable[Link]
) -> dict[EdgeKey, CrossingKind]:
    """The bridges a road or railway drawn along `links` needs: one of its class on each edge
    it crosses that has water and no crossing yet."""
    grid = grid_of(map_file)
    crossings = crossing_index(map_file).entries
    bridges: dict[EdgeKey, CrossingKind] = {}
    for a, b in links:
        direction = grid.direction_between(a, b)
        if direction is None:
            continue
        edge = grid.hexside_key(*a, direction)
        if edge not in crossings and hexside_kinds(map_file, edge) & WATER_SIDES:
            bridges[edge] = ROAD_BRIDGES[kind]
    return bridges


def bridge_overlay_at(
    scenario: ScenarioFile, grid: Grid, hex_: Offset, side: Direction | None
) -> int | None:
    """The position of the scenario's state of a bridge (hexside or, with no side, full-hex)."""
    wanted = grid.hexside_key(*hex_, side) if side is not None else None
    for number, bridge in enumerate(scenario.overlays.bridges):
        if side is None:
            if bridge.side is None and tuple(bridge.hex) == hex_:
                return number
        elif bridge.side is not None and grid.hexside_key(*bridge.hex, bridge.side) == wanted:
            return number
    return None


# Keeping lists in order ------------------------------------------------------------------------


def insertion_points(existing: Sequence[Any], new: Sequence[Any]) -> list[int]:
    """For each new key, the position after the last existing key not greater than it.

    In a sorted list that is where it keeps the list sorted; in a list sorted otherwise it is
    still one place whatever order the keys come in, so the same drawing gives the same file.

    >>> insertion_points([1, 3, 5], [4, 0, 9])
    [2, 0, 3]
    >>> insertion_points([5, 1, 3], [2, 4])
    [2, 3]
    """
    if all(a <= b for a, b in itertools.pairwise(existing)):
        return [bisect_right(existing, key) for key in new]
    ranked = sorted(range(len(existing)), key=existing.__getitem__)
    keys = [existing[i] for i in ranked]
    reach = list(itertools.accumulate((i + 1 for i in ranked), max))
    points = []
    for key in new:
        found = bisect_right(keys, key)
        points.append(reach[found - 1] if found else 0)
    return points


def _insert_ordered(
    command: EditFile,
    list_path: tuple[str, ...],
    order: Sequence[tuple[Any, ...]],
    items: Sequence[tuple[tuple[Any, ...], Any]],
) -> None:
    """Insert (key, item) pairs where their keys belong, one step per run of new items."""
    if not items:
        return
    items = sorted(items, key=lambda pair: pair[0])
    points = insertion_points(order, [key for key, _ in items])
    inserted = 0
    for point, run in itertools.groupby(zip(points, items, strict=True), key=lambda p: p[0]):
        models = [item for _, (_, item) in run]
        command.insert(list_path, point + inserted, models)
        inserted += len(models)


def _remove_indices(command: EditFile, list_path: tuple[str, ...], indices: Iterable[int]) -> None:
    """Remove items by position, one step per run, last run first."""
    runs: list[list[int]] = []
    for index in sorted(set(indices)):
        if runs and runs[-1][0] + runs[-1][1] == index:
            runs[-1][1] += 1
        else:
            runs.append([index, 1])
    for first, length in reversed(runs):
        command.remove(list_path, first, length)


# Hexsides --------------------------------------------------------------------------------------


class DrawHexsides(EditFile):
    """Add one kind of hexside feature along edges, or erase it (or every kind) from them."""

    def __init__(
        self,
        document: Document,
        kind: HexsideKind,
        edges: Iterable[EdgeKey],
        *,
        erase: bool = False,
        every_kind: bool = False,
    ) -> None:
        noun = "Hexsides" if erase and every_kind else feature_label(kind)
        super().__init__(document, FileKind.MAP, f"{'Erase' if erase else 'Draw'} {noun}")
        map_file: MapFile = self.root
        grid = grid_of(map_file)
        index = hexside_index(map_file)
        wanted = {grid.hexside_key(*hex_, side) for hex_, side in edges}
        wanted = {edge for edge in wanted if on_map(grid, edge)}
        if erase:
            doomed = [
                number
                for edge in wanted
                for number in index.entries.get(edge, ())
                if every_kind or map_file.hexsides[number].kind is kind
            ]
            _remove_indices(self, ("hexsides",), doomed)
            return
        rank = list(HexsideKind).index(kind)
        new = [
            ((*edge_order(edge), rank), HexsideFeature(hex=edge[0], side=edge[1], kind=kind))
            for edge in wanted
            if kind not in hexside_kinds(map_file, edge)
        ]
        _insert_ordered(self, ("hexsides",), index.order, new)


# Roads and railways ----------------------------------------------------------------------------


class DrawConnections(EditFile):
    """Add road or rail links of one class (with the bridges they need), or erase them."""

    def __init__(
        self,
        document: Document,
        kind: ConnectionKind,
        links: Iterable[Link],
        *,
        erase: bool = False,
        bridges: Mapping[EdgeKey, CrossingKind] | None = None,
    ) -> None:
        verb = "Erase" if erase else "Draw"
        super().__init__(document, FileKind.MAP, f"{verb} {feature_label(kind)}")
        map_file: MapFile = self.root
        grid = grid_of(map_file)
        slots: dict[Offset, int] = {}
        for a, b in links:
            if a == b or not (grid.contains(*a) and grid.contains(*b)):
                continue
            if grid.direction_between(a, b) is None:
                continue
            owner, bit = grid.connection_slot(a, b)
            slots[owner] = slots.get(owner, 0) | bit
        layer = map_file.connections.get(kind)
        rows = list(layer) if layer is not None else [CONNECTION_NONE * grid.width] * grid.height
        changed = _apply_bits(rows, slots, erase)
        if changed:
            self._set_layer(kind, layer, rows, changed)
        if erase and changed:
            self._lower_raised(slots)
        if not erase and bridges:
            self._add_crossings(bridges)

    def _set_layer(
        self, kind: ConnectionKind, layer: list[str] | None, rows: list[str], changed: set[int]
    ) -> None:
        map_file: MapFile = self.root
        empty = not any(_has_link(text) for text in rows)
        if layer is not None and not empty:
            for row in sorted(changed):
                self.set(("connections", kind, row), rows[row])
            return
        # A new layer goes in the classes' order; a layer left without links goes away, so
        # drawing and erasing it again gives back the same file.
        layers = {k: v for k, v in map_file.connections.items() if k is not kind}
        if not empty:
            layers[kind] = rows
            order = list(ConnectionKind)
            layers = dict(sorted(layers.items(), key=lambda item: order.index(item[0])))
        self.set(("connections",), layers, validate=False)

    def _lower_raised(self, slots: Mapping[Offset, int]) -> None:
        """A raised stretch must lie on some road or railway: clear the bits no layer keeps."""
        map_file: MapFile = self.root
        if not map_file.raised:
            return
        remaining = list(map_file.raised)
        dropped: dict[Offset, int] = {}
        for (column, row), bits in slots.items():
            kept = 0
            for rows in map_file.connections.values():
                if row < len(rows) and column < len(rows[row]) and _has_link(rows[row][column]):
                    kept |= int(rows[row][column])
            orphaned = bits & ~kept
            if orphaned:
                dropped[(column, row)] = orphaned
        changed = _apply_bits(remaining, dropped, erase=True)
        if changed and not any(_has_link(text) for text in remaining):
            self.set(("raised",), [])  # no raised stretch left: the layer's default, none
            return
        for row in sorted(changed):
            self.set(("raised", row), remaining[row])

    def _add_crossings(self, bridges: Mapping[EdgeKey, CrossingKind]) -> None:
        map_file: MapFile = self.root
        grid = grid_of(map_file)
        index = crossing_index(map_file)
        new = [
            (edge_order(edge), Crossing(hex=edge[0], side=edge[1], kind=kind))
            for edge, kind in bridges.items()
            if on_map(grid, edge) and edge not in index.entries
        ]
        _insert_ordered(self, ("crossings",), index.order, new)


def _has_link(text: str) -> bool:
    return any(char in "1234567" for char in text)


def _apply_bits(rows: list[str], slots: Mapping[Offset, int], erase: bool) -> set[int]:
    """Set (or clear) link bits in connection rows in place; return the rows that changed."""
    by_row: dict[int, dict[int, int]] = {}
    for (column, row), bits in slots.items():
        if row < len(rows):
            by_row.setdefault(row, {})[column] = bits
    changed: set[int] = set()
    for row, columns in by_row.items():
        chars = list(rows[row])
        for column, bits in columns.items():
            if column >= len(chars):
                continue
            old = int(chars[column]) if chars[column] in "1234567" else 0
            new = old & ~bits if erase else old | bits
            chars[column] = str(new) if new else CONNECTION_NONE
        text = "".join(chars)
        if text != rows[row]:
            rows[row] = text
            changed.add(row)
    return changed


def has_link(map_file: MapFile, kind: ConnectionKind, link: Link) -> bool:
    """Whether a layer holds the link between two neighbouring hexes."""
    rows = map_file.connections.get(kind)
    if not rows:
        return False
    (column, row), bit = grid_of(map_file).connection_slot(*link)
    char = rows[row][column]
    return char in "1234567" and bool(int(char) & bit)


# Crossings -------------------------------------------------------------------------------------


class PlaceCrossing(EditFile):
    """Put a bridge, ford or ferry on a hexside, replacing the one there."""

    def __init__(self, document: Document, edge: EdgeKey, kind: CrossingKind) -> None:
        super().__init__(document, FileKind.MAP, f"Place {feature_label(kind)}")
        map_file: MapFile = self.root
        grid = grid_of(map_file)
        edge = grid.hexside_key(*edge[0], edge[1])
        index = crossing_index(map_file)
        found = index.entries.get(edge)
        if found:
            if map_file.crossings[found[0]].kind is not kind:
                self.set(("crossings", found[0], "kind"), kind)
            return
        if on_map(grid, edge):
            crossing = Crossing(hex=edge[0], side=edge[1], kind=kind)
            _insert_ordered(self, ("crossings",), index.order, [(edge_order(edge), crossing)])


class RemoveCrossing(EditFile):
    """Take away the bridge, ford or ferry on a hexside."""

    def __init__(self, document: Document, edge: EdgeKey) -> None:
        map_file = document.map
        edge = grid_of(map_file).hexside_key(*edge[0], edge[1])
        found = crossing_index(map_file).entries.get(edge, [])
        noun = feature_label(map_file.crossings[found[0]].kind) if found else "Crossing"
        super().__init__(document, FileKind.MAP, f"Remove {noun}")
        _remove_indices(self, ("crossings",), found)


class PlaceFullHexFeature(EditFile):
    """Span a water hex with a full-hex bridge or ferry, replacing the one there."""

    def __init__(self, document: Document, hex_: Offset, kind: FullHexKind) -> None:
        super().__init__(document, FileKind.MAP, f"Place {feature_label(kind)}")
        map_file: MapFile = self.root
        found = full_hex_at(map_file, hex_)
        if found is not None:
            if found[1].kind is not kind:
                self.set(("full_hex_features", found[0], "kind"), kind)
            return
        order = [(f.hex[1], f.hex[0]) for f in map_file.full_hex_features]
        feature = FullHexFeature(hex=hex_, kind=kind)
        _insert_ordered(self, ("full_hex_features",), order, [((hex_[1], hex_[0]), feature)])


class RemoveFullHexFeature(EditFile):
    """Take away the full-hex bridge or ferry of a hex."""

    def __init__(self, document: Document, hex_: Offset) -> None:
        found = full_hex_at(document.map, hex_)
        noun = feature_label(found[1].kind) if found else "Full-Hex Feature"
        super().__init__(document, FileKind.MAP, f"Remove {noun}")
        if found is not None:
            self.remove(("full_hex_features",), found[0])


class SetBridgeState(EditFile):
    """Start a bridge of the map wired or damaged in this scenario, or intact (state None)."""

    def __init__(
        self,
        document: Document,
        hex_: Offset,
        side: Direction | None,
        state: BridgeState | None,
        wired_by: Side | None = None,
    ) -> None:
        text = {
            BridgeState.WIRED: "Set Bridge Wired",
            BridgeState.DAMAGED: "Set Bridge Damaged",
            None: "Clear Bridge State",
        }[state]
        super().__init__(document, FileKind.SCENARIO, text)
        scenario: ScenarioFile = self.root
        grid = grid_of(document.map)
        found = bridge_overlay_at(scenario, grid, hex_, side)
        path = ("overlays", "bridges")
        if state is None:
            if found is not None:
                self.remove(path, found)
            return
        if state is BridgeState.DAMAGED:
            wired_by = None
        if found is None:
            bridge = BridgeOverlay(hex=hex_, side=side, state=state, wired_by=wired_by)
            self.insert(path, len(scenario.overlays.bridges), [bridge])
            return
        old = scenario.overlays.bridges[found]
        if (old.state, old.wired_by) != (state, wired_by):
            updated = old.model_copy(update={"state": state, "wired_by": wired_by})
            self.set((*path, found), updated)
