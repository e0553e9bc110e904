"""The map file arranged for drawing: legend numbers and hillshade per hex, and the
sparse features (hexsides, crossings, full-hex features, names) bucketed by row.

`MapContent.update(new_map)` compares the new model with the one it was built from (frozen
models share every untouched list, so unchanged layers are skipped at once) and says which
rows or hexes changed, so the view redraws only those.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from PySide6.QtGui import QColor

from editor.map import relief_cache, style
from editor.map.geometry import HexRange, MapGeometry, Offset
from schemas.panzer_campaigns.map import (
    Crossing,
    FullHexFeature,
    HexsideFeature,
    MapFile,
    PlaceName,
)

T = TypeVar("T")


@dataclass
class Dirty:
    """What changed on the map: everything, whole rows, or single hexes."""

    everything: bool = False
    rows: set[int] = field(default_factory=set)
    hexes: set[Offset] = field(default_factory=set)
    palette: bool = False
    """Only the colours changed (legend colours, shading on or off)."""

    def __bool__(self) -> bool:
        return self.everything or self.palette or bool(self.rows or self.hexes)


class RowBuckets(dict[int, list[tuple[int, T]]], Generic[T]):
    """Items keyed by the hex they stand on, grouped by row for range queries. Built once and
    not changed afterwards (an edit builds new buckets)."""

    def __init__(self) -> None:
        super().__init__()
        self._columns: dict[int, tuple[list[int], list[int]]] = {}
        self.last_column: int | None = None
        """The map's last column, when known: a query reaching it from column 0 takes whole
        rows without sorting them (an export draws the whole map once)."""

    @classmethod
    def of(cls, items: Iterable[T], hex_of: Any) -> RowBuckets[T]:
        buckets: RowBuckets[T] = cls()
        for item in items:
            column, row = hex_of(item)
            buckets.setdefault(row, []).append((column, item))
        return buckets

    def within(self, hexes: HexRange) -> Iterator[tuple[Offset, T]]:
        """Items on hexes of a range."""
        c0, c1, r0, r1 = hexes
        for row in range(r0, r1 + 1):
            for column, item in self.in_row(row, c0, c1):
                yield (column, row), item

    def in_row(self, row: int, c0: int, c1: int) -> Sequence[tuple[int, T]]:
        """The (column, item) pairs of a row from column c0 to c1, in the order of the file
        (the order they are drawn in). A tile sees a few columns of rows holding hundreds of
        items: the row's columns are sorted once, and each query looks up its range."""
        items = self.get(row)
        if not items:
            return ()
        if c0 <= 0 and self.last_column is not None and c1 >= self.last_column:
            return items
        index = self._columns.get(row)
        if index is None:
            order = sorted(range(len(items)), key=lambda i: items[i][0])
            index = self._columns[row] = ([items[i][0] for i in order], order)
        columns, order = index
        low, high = bisect_left(columns, c0), bisect_right(columns, c1)
        if high - low == len(items):
            return items
        return [items[i] for i in sorted(order[low:high])]

    def at(self, hex_: Offset) -> list[T]:
        """Items on one hex."""
        column, row = hex_
        return [item for c, item in self.get(row, ()) if c == column]

    def hexes(self) -> set[Offset]:
        """Every hex holding an item."""
        return {(column, row) for row, items in self.items() for column, _ in items}

    def differences(self, other: RowBuckets[T]) -> set[Offset]:
        """Hexes whose items differ between two bucketings."""
        changed: set[Offset] = set()
        for row in self.keys() | other.keys():
            mine, theirs = self.get(row, []), other.get(row, [])
            if mine != theirs:
                changed.update((c, row) for c, _ in mine)
                changed.update((c, row) for c, _ in theirs)
        return changed


class _Shades(dict[int, int]):
    """The shade of each sum of slopes across a hex, computed when first asked for."""

    def __init__(self, gain: float) -> None:
        super().__init__()
        self.gain = gain

    def __missing__(self, slope: int) -> int:
        # The slope across two hexes, compressed smoothly so steep valleys darken without
        # turning black: a 5% slope lights half way.
        t = slope * self.gain
        shade = style.FLAT + int(127 * t / (1 + (t if t > 0 else -t)))
        self[slope] = shade
        return shade


def _whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


def _hex(item: Any) -> Offset:
    column, row = item.hex
    return column, row


class MapContent:
    """One map's layers in the shapes the painters want; rebuilt in part after edits."""

    def __init__(self, map_file: MapFile) -> None:
        self.map = map_file
        self.geometry = MapGeometry.of(map_file)
        self._build_legend()
        self.terrain_rows = [self._terrain_row(row) for row in range(map_file.height)]
        # A large map's relief is read back as an earlier opening worked it out, if kept.
        relief = relief_cache.read(map_file)
        if relief is None:
            self.elevation_rows = [self._elevation_row(row) for row in range(map_file.height)]
            self.shade_rows = self._shade_all()
            relief_cache.write(map_file, (self.elevation_rows, self.shade_rows))
        else:
            self.elevation_rows, self.shade_rows = relief
            self._shades = _Shades(self._shade_gain())
        self._build_sparse()

    # Building ----------------------------------------------------------------------------------

    def _build_legend(self) -> None:
        terrain = self.map.terrain
        # Terrain codes are printable ASCII: one byte table turns a row into legend numbers,
        # and a code missing from the legend becomes the "unknown" entry after the last one.
        self.unknown = len(terrain)
        table = bytearray([self.unknown]) * 256
        for number, entry in enumerate(terrain):
            table[ord(entry.code)] = number
        self._code_table = bytes(table)
        self.palette = [style.terrain_color(t.color) for t in terrain]
        self.palette.append(QColor(style.UNKNOWN_TERRAIN))

    def _terrain_row(self, row: int) -> bytes:
        width = self.map.width
        text = self.map.terrain_rows[row] if row < len(self.map.terrain_rows) else ""
        # Rows of a broken map may be short, long or not ASCII: draw what is there.
        data = text.encode("ascii", "replace")[:width].translate(self._code_table)
        return data + bytes([self.unknown]) * (width - len(data))

    def _elevation_row(self, row: int) -> list[int]:
        width = self.map.width
        rows = self.map.elevation_rows
        if row >= len(rows):
            return [0] * width
        texts = rows[row].split()[:width]
        try:
            values = list(map(int, texts))
        except ValueError:  # a broken map: a word that is no number stands for level ground
            values = [_whole_number(text) for text in texts]
        return values + [0] * (width - len(values))

    def _shade_all(self) -> list[bytes]:
        """Every row's hillshade."""
        self._shades = _Shades(self._shade_gain())
        return [self._shade_row(row) for row in range(self.map.height)]

    def _shade_gain(self) -> float:
        return style.SHADE_GAIN / (2.0 * max(10, self.map.hex_size_m))

    def _shade_row(self, row: int) -> bytes:
        """Hillshade of a row, lit from the upper left, from 0 (darkest) through `FLAT` (level
        ground) to 255: ground rising away from the light faces it and is lighter."""
        if not self.map.elevation_rows:
            return bytes([style.FLAT]) * self.map.width
        here = self.elevation_rows[row]
        above = self.elevation_rows[row - 1] if row > 0 else here
        below = self.elevation_rows[row + 1] if row + 1 < self.map.height else here
        left = here[:1] + here[:-1]
        right = here[1:] + here[-1:]
        gain = self._shade_gain()
        if self._shades.gain != gain:  # the hexes' size changed
            self._shades = _Shades(gain)
        shades = self._shades
        # A hex's shade depends only on the sum of its slopes, a whole number of metres: each
        # sum is shaded once (`_Shades`) and the row is looked up at C speed.
        slopes = [
            (down - up) + (east - west)
            for up, down, west, east in zip(above, below, left, right, strict=True)
        ]
        return bytes(map(shades.__getitem__, slopes))

    def _build_sparse(self) -> None:
        self.hexsides: RowBuckets[HexsideFeature] = RowBuckets.of(self.map.hexsides, _hex)
        self.crossings: RowBuckets[Crossing] = RowBuckets.of(self.map.crossings, _hex)
        self.full_hex: RowBuckets[FullHexFeature] = RowBuckets.of(self.map.full_hex_features, _hex)
        self.places: RowBuckets[PlaceName] = RowBuckets.of(self.map.places, _hex)
        for buckets in (self.hexsides, self.crossings, self.full_hex, self.places):
            buckets.last_column = self.map.width - 1

    # Reading -----------------------------------------------------------------------------------

    def terrain_number(self, hex_: Offset) -> int:
        """The legend number of a hex (`unknown` for a code the legend lacks)."""
        column, row = hex_
        return self.terrain_rows[row][column]

    def elevation(self, hex_: Offset) -> int:
        """The elevation of a hex in metres."""
        column, row = hex_
        return self.elevation_rows[row][column]

    # Updating ----------------------------------------------------------------------------------

    def update(self, new: MapFile) -> Dirty:
        """Take in an edited map; return what changed."""
        old, self.map = self.map, new
        if new is old:
            return Dirty()
        if (new.width, new.height, new.shifted_columns) != (
            old.width,
            old.height,
            old.shifted_columns,
        ) or [(t.id, t.code) for t in new.terrain] != [(t.id, t.code) for t in old.terrain]:
            self.__init__(new)  # type: ignore[misc]
            return Dirty(everything=True)
        dirty = Dirty()
        if new.terrain is not old.terrain or new.hex_size_m != old.hex_size_m:
            self._build_legend()
            dirty.palette = True
            if new.hex_size_m != old.hex_size_m:
                dirty.rows.update(range(new.height))
        terrain_rows = _changed_rows(old.terrain_rows, new.terrain_rows)
        elevation_rows = _changed_rows(old.elevation_rows, new.elevation_rows)
        for row in terrain_rows:
            self.terrain_rows[row] = self._terrain_row(row)
        for row in elevation_rows:
            self.elevation_rows[row] = self._elevation_row(row)
        # A hex's hillshade depends on the rows above and below it.
        shaded = {r for row in elevation_rows for r in (row - 1, row, row + 1)}
        shaded = {r for r in shaded if 0 <= r < new.height} | (
            set(range(new.height)) if new.hex_size_m != old.hex_size_m else set()
        )
        for row in shaded:
            self.shade_rows[row] = self._shade_row(row)
        dirty.rows.update(shaded)
        for row in terrain_rows - shaded:
            # A brush changes a few hexes of a row: redraw the tiles of those hexes only.
            before = old.terrain_rows[row] if row < len(old.terrain_rows) else ""
            after = new.terrain_rows[row]
            if len(before) != len(after):
                dirty.rows.add(row)
                continue
            dirty.hexes.update(
                (column, row)
                for column, (a, b) in enumerate(zip(before, after, strict=True))
                if a != b
            )
        for kind in new.connections.keys() | old.connections.keys():
            dirty.rows.update(
                _changed_rows(old.connections.get(kind, []), new.connections.get(kind, []))
            )
        dirty.rows.update(_changed_rows(old.raised, new.raised))
        self._update_sparse(old, new, dirty)
        return dirty

    def _update_sparse(self, old: MapFile, new: MapFile, dirty: Dirty) -> None:
        pairs = (
            ("hexsides", old.hexsides, new.hexsides),
            ("crossings", old.crossings, new.crossings),
            ("full_hex", old.full_hex_features, new.full_hex_features),
            ("places", old.places, new.places),
        )
        for name, before, after in pairs:
            if before is after:
                continue
            buckets = RowBuckets.of(after, _hex)
            buckets.last_column = new.width - 1
            dirty.hexes.update(getattr(self, name).differences(buckets))
            setattr(self, name, buckets)


def _changed_rows(old: Sequence[str], new: Sequence[str]) -> set[int]:
    if old is new:
        return set()
    longest = max(len(old), len(new))
    return {
        row
        for row in range(longest)
        if row >= len(old) or row >= len(new) or (old[row] is not new[row] and old[row] != new[row])
    }
