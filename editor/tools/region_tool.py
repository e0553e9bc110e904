"""The Region tool: drag a rectangle of hexes, copy its terrain, elevation, hexsides, crossings,
road and rail links and full-hex features, and paste them elsewhere (or on another map) as one
undo step.

A copied region is kept in axial coordinates relative to its top-left hex, so a paste anywhere,
by an odd number of columns too, gives every hex the same neighbours as in the source.
"""

from __future__ import annotations

import json
import weakref
from contextlib import suppress
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QLineF, QObject, QPointF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import QWidget

from editor.document import Document
from editor.map.geometry import Frame
from editor.mapops.subscenario import Crop
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent
from editor.tools.map_edit_commands import (
    DrawConnections,
    DrawHexsides,
    PlaceCrossing,
    PlaceFullHexFeature,
    RemoveCrossing,
    RemoveFullHexFeature,
    crossing_at,
    full_hex_at,
    grid_of,
    hexside_kinds,
)
from editor.tools.region_options import RegionOptions, describe
from editor.tools.terrain_commands import PaintTerrain, SetElevation, parse_elevation_row
from engine.hexgrid import DIRECTIONS, Grid, Hex
from schemas.panzer_campaigns.map import CONNECTION_BITS, CONNECTION_NONE, FullHexKind, MapFile
from schemas.vocabulary import ConnectionKind, CrossingKind, Direction, HexsideKind

Offset = tuple[int, int]
Delta = tuple[int, int]
"""A hex relative to a region's top-left hex, in axial steps (q, r)."""

CLIPBOARD_FORMAT = "hexwright-region"
"""The key that marks a region in the system clipboard's JSON text."""

SELECTION_COLOR = QColor(30, 110, 220)
PASTE_COLOR = QColor(220, 120, 20)

_regions: weakref.WeakKeyDictionary[Document, Crop] = weakref.WeakKeyDictionary()


def selected_region(document: Document) -> Crop | None:
    """The rectangle last selected with the Region tool on a document (for the sub-scenario
    dialog), or None."""
    return _regions.get(document)


# The clipboard ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RegionClip:
    """A copied region, independent of where it came from: every hex by its axial step from the
    region's top-left hex."""

    width: int
    height: int
    cells: dict[Delta, tuple[str, int]]
    """Terrain id and elevation in metres of every hex."""
    hexsides: list[tuple[Delta, Direction, HexsideKind]] = field(default_factory=list)
    crossings: list[tuple[Delta, Direction, CrossingKind]] = field(default_factory=list)
    links: dict[ConnectionKind, list[tuple[Delta, Direction]]] = field(default_factory=dict)
    full_hex: list[tuple[Delta, FullHexKind]] = field(default_factory=list)

    def summary(self) -> str:
        """What the clip holds, in a few words."""
        links = sum(len(v) for v in self.links.values())
        return (
            f"{self.width} x {self.height} hexes, {len(self.hexsides)} hexsides, "
            f"{len(self.crossings)} crossings, {links} road and rail links"
        )

    def to_json(self) -> str:
        """The clip as JSON text for the system clipboard."""
        return json.dumps(
            {
                CLIPBOARD_FORMAT: 1,
                "width": self.width,
                "height": self.height,
                "cells": [[q, r, t, e] for (q, r), (t, e) in self.cells.items()],
                "hexsides": [[q, r, d.value, k.value] for (q, r), d, k in self.hexsides],
                "crossings": [[q, r, d.value, k.value] for (q, r), d, k in self.crossings],
                "links": {
                    kind.value: [[q, r, d.value] for (q, r), d in links]
                    for kind, links in self.links.items()
                },
                "full_hex": [[q, r, k.value] for (q, r), k in self.full_hex],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> RegionClip | None:
        """A clip from the system clipboard's text, or None when it holds no region."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get(CLIPBOARD_FORMAT) != 1:
                return None
            return cls(
                data["width"],
                data["height"],
                {(q, r): (t, e) for q, r, t, e in data["cells"]},
                [((q, r), Direction(d), HexsideKind(k)) for q, r, d, k in data["hexsides"]],
                [((q, r), Direction(d), CrossingKind(k)) for q, r, d, k in data["crossings"]],
                {
                    ConnectionKind(kind): [((q, r), Direction(d)) for q, r, d in links]
                    for kind, links in data["links"].items()
                },
                [((q, r), FullHexKind(k)) for q, r, k in data["full_hex"]],
            )
        except (ValueError, KeyError, TypeError):
            return None


def region_hexes(crop: Crop) -> list[Offset]:
    """The hexes of a rectangle, row by row."""
    return [
        (column, row)
        for row in range(crop.first_row, crop.first_row + crop.height)
        for column in range(crop.first_column, crop.first_column + crop.width)
    ]


def copy_region(map_file: MapFile, crop: Crop) -> RegionClip:
    """Copy a rectangle of a map: its hexes, and the edges and links between two of its hexes."""
    grid = grid_of(map_file)
    anchor = grid.hex_at(crop.first_column, crop.first_row)
    inside = set(region_hexes(crop))

    def delta(hex_: Offset) -> Delta:
        axial = grid.hex_at(*hex_)
        return axial.q - anchor.q, axial.r - anchor.r

    names = {t.code: t.id for t in map_file.terrain}
    cells: dict[Delta, tuple[str, int]] = {}
    for row in range(crop.first_row, crop.first_row + crop.height):
        heights = (
            parse_elevation_row(map_file.elevation_rows[row], map_file.width)
            if map_file.elevation_rows
            else [0] * map_file.width
        )
        for column in range(crop.first_column, crop.first_column + crop.width):
            code = map_file.terrain_rows[row][column]
            cells[delta((column, row))] = (names.get(code, code), heights[column])

    def edge_inside(hex_: Offset, side: Direction) -> bool:
        return hex_ in inside and grid.neighbor(*hex_, side) in inside

    hexsides = []
    for feature in map_file.hexsides:
        hex_, side = grid.hexside_key(*feature.hex, feature.side)
        if edge_inside(hex_, side):
            hexsides.append((delta(hex_), side, feature.kind))
    crossings = []
    for crossing in map_file.crossings:
        hex_, side = grid.hexside_key(*crossing.hex, crossing.side)
        if edge_inside(hex_, side):
            crossings.append((delta(hex_), side, crossing.kind))
    links: dict[ConnectionKind, list[tuple[Delta, Direction]]] = {}
    for kind, rows in map_file.connections.items():
        found = [
            (delta(hex_), side)
            for hex_ in region_hexes(crop)
            if rows[hex_[1]][hex_[0]] != CONNECTION_NONE
            for side, bit in CONNECTION_BITS.items()
            if int(rows[hex_[1]][hex_[0]]) & bit and edge_inside(hex_, side)
        ]
        if found:
            links[kind] = found
    full_hex = [
        (delta((f.hex[0], f.hex[1])), f.kind)
        for f in map_file.full_hex_features
        if tuple(f.hex) in inside
    ]
    return RegionClip(crop.width, crop.height, cells, hexsides, crossings, links, full_hex)


def paste_targets(grid: Grid, clip: RegionClip, anchor: Offset) -> dict[Delta, Offset]:
    """Where each hex of a clip lands when its top-left hex goes to `anchor` (maybe off the
    map): the same axial steps from the anchor, so neighbours stay neighbours."""
    origin = grid.hex_at(*anchor)
    return {
        delta: grid.offset_of(Hex(origin.q + delta[0], origin.r + delta[1])) for delta in clip.cells
    }


def paste_region(document: Document, clip: RegionClip, anchor: Offset) -> list[str]:
    """Paste a clip with its top-left hex on `anchor`, as one undo step "Paste Region": the
    hexes' terrain and elevation are set, and the edges, links and full-hex features between
    pasted hexes become the clip's. Returns the terrain ids the map's legend lacks (those hexes
    keep their terrain)."""
    map_file = document.map
    grid = grid_of(map_file)
    targets = {
        d: hex_ for d, hex_ in paste_targets(grid, clip, anchor).items() if grid.contains(*hex_)
    }
    landed = set(targets.values())
    codes = {t.id: t.code for t in map_file.terrain}
    missing = sorted({t for d, (t, _) in clip.cells.items() if d in targets and t not in codes})
    terrain = {
        hex_: codes[clip.cells[d][0]] for d, hex_ in targets.items() if clip.cells[d][0] in codes
    }
    heights = {hex_: clip.cells[d][1] for d, hex_ in targets.items()}
    inner_edges = [
        (hex_, side)
        for hex_ in sorted(landed)
        for side in CONNECTION_BITS
        if grid.neighbor(*hex_, side) in landed
    ]

    def placed(delta: Delta) -> Offset | None:
        return targets.get(delta)

    with document.macro("Paste Region"):
        document.push(PaintTerrain(document, terrain, "Paste Region"))
        if map_file.elevation_rows or any(heights.values()):
            document.push(SetElevation(document, heights, "Paste Region"))
        if any(hexside_kinds(document.map, edge) for edge in inner_edges):
            any_kind = next(iter(HexsideKind))
            document.push(
                DrawHexsides(document, any_kind, inner_edges, erase=True, every_kind=True)
            )
        by_kind: dict[HexsideKind, list[tuple[Offset, Direction]]] = {}
        for delta, side, kind in clip.hexsides:
            hex_ = placed(delta)
            if hex_ is not None and grid.neighbor(*hex_, side) in landed:
                by_kind.setdefault(kind, []).append((hex_, side))
        for kind, edges in by_kind.items():
            document.push(DrawHexsides(document, kind, edges))
        wanted = {
            (hex_, side): kind
            for delta, side, kind in clip.crossings
            if (hex_ := placed(delta)) is not None and grid.neighbor(*hex_, side) in landed
        }
        for edge in inner_edges:
            if edge not in wanted and crossing_at(document.map, edge) is not None:
                document.push(RemoveCrossing(document, edge))
        for edge, crossing in wanted.items():
            document.push(PlaceCrossing(document, edge, crossing))
        inner_links = [(hex_, grid.neighbor(*hex_, side)) for hex_, side in inner_edges]
        for layer in list(document.map.connections):
            document.push(DrawConnections(document, layer, inner_links, erase=True))
        for layer, links in clip.links.items():
            pairs = [
                (hex_, grid.neighbor(*hex_, side))
                for delta, side in links
                if (hex_ := placed(delta)) is not None and grid.neighbor(*hex_, side) in landed
            ]
            document.push(DrawConnections(document, layer, pairs))
        features = {hex_: fk for d, fk in clip.full_hex if (hex_ := placed(d)) is not None}
        for hex_ in sorted(landed):
            found = full_hex_at(document.map, hex_)
            if found is not None and hex_ not in features:
                document.push(RemoveFullHexFeature(document, hex_))
        for hex_, feature in sorted(features.items()):
            document.push(PlaceFullHexFeature(document, hex_, feature))
    return missing


# The tool --------------------------------------------------------------------------------------


class RegionTool(MapTool):
    """Select a rectangle of hexes; Ctrl+C copies it, Ctrl+V (or Paste) arms pasting and a
    click pastes it with its top-left hex there."""

    name = "region"
    label = "Region"

    icon = "region"
    shortcut = "G"
    tip = "Drag a rectangle of hexes; Ctrl+C copies it, Ctrl+V then a click pastes it"

    clipboard: RegionClip | None = None
    """The region last copied, shared by every Region tool of the application."""

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self.region: Crop | None = None
        self._drag_from: Offset | None = None
        self.pasting = False
        self._paste_at: Offset | None = None
        self._views: list[QWidget] = []
        self._options: RegionOptions | None = None
        self._parsed: tuple[str, RegionClip | None] = ("", None)

    # Activation and keys -----------------------------------------------------------------------

    def set_scene(self, scene: object) -> None:
        super().set_scene(scene)  # type: ignore[arg-type]
        self.region = _regions.get(self.document) if self.document is not None else None
        self._refresh_options()

    def activate(self) -> None:
        # The view hands tools only the mouse: Ctrl+C and Ctrl+V reach the tool through a
        # filter on the map views that show it.
        self._views = list(self.views)
        for view in self._views:
            with suppress(RuntimeError):  # a view closed since it showed the tool
                view.installEventFilter(self)

    def deactivate(self) -> None:
        super().deactivate()
        for view in self._views:
            with suppress(RuntimeError):
                view.removeEventFilter(self)
        self._views = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        assert isinstance(event, QKeyEvent)
        if event.modifiers() != Qt.KeyboardModifier.ControlModifier or event.key() not in (
            Qt.Key.Key_C,
            Qt.Key.Key_V,
        ):
            return False
        event.accept()  # claim the key before the window's Copy and Paste
        if kind is QEvent.Type.KeyPress:
            if event.key() == Qt.Key.Key_C:
                self.copy()
            else:
                self.arm_paste()
        return True

    def options(self) -> QWidget | None:
        if self._options is None:
            self._options = RegionOptions(self)
        return self._options

    def _refresh_options(self) -> None:
        if self._options is not None:
            self._options.refresh()

    # Copy and paste ----------------------------------------------------------------------------

    def copy(self) -> RegionClip | None:
        """Copy the selected region to the tool's clipboard and the system clipboard."""
        if self.document is None or self.region is None:
            self.message.emit("Drag a rectangle of hexes first")
            return None
        clip = copy_region(self.document.map, self.region)
        RegionTool.clipboard = clip
        QGuiApplication.clipboard().setText(clip.to_json())
        self.message.emit(f"Copied {clip.summary()}")
        self._refresh_options()
        return clip

    def current_clip(self) -> RegionClip | None:
        """The region to paste: the system clipboard's if it holds one, else the last copied."""
        text = QGuiApplication.clipboard().text()
        if text != self._parsed[0]:
            # The preview asks at every repaint: parse the clipboard's text once per change.
            self._parsed = (text, RegionClip.from_json(text) if text else None)
        return self._parsed[1] or RegionTool.clipboard

    def arm_paste(self) -> bool:
        """Show the clip's outline under the mouse; the next click pastes it."""
        if self.document is None or self.current_clip() is None:
            self.message.emit("Nothing to paste: copy a region first (Ctrl+C)")
            return False
        self.pasting = True
        self.message.emit("Click where the region's top-left hex goes; Escape cancels")
        self.preview_changed.emit()
        self._refresh_options()
        return True

    # Mouse -------------------------------------------------------------------------------------

    def press(self, event: ToolEvent) -> None:
        if self.document is None or event.hex is None:
            return
        if self.pasting:
            clip = self.current_clip()
            self.pasting = False
            self._paste_at = None
            if clip is not None:
                missing = paste_region(self.document, clip, event.hex)
                note = (
                    f"; terrain not in this map's legend: {', '.join(missing)}" if missing else ""
                )
                self.message.emit(f"Pasted {clip.summary()}{note}")
            self.preview_changed.emit()
            self._refresh_options()
            return
        self._drag_from = event.hex
        self._select(event.hex, event.hex)

    def move(self, event: ToolEvent) -> None:
        if self._drag_from is not None and event.hex is not None:
            self._select(self._drag_from, event.hex)

    def release(self, event: ToolEvent) -> None:
        self.move(event)
        self._drag_from = None

    def hover(self, event: ToolEvent) -> None:
        if self.pasting and event.hex != self._paste_at:
            self._paste_at = event.hex
            self.preview_changed.emit()

    def cancel(self) -> None:
        if self.pasting or self._drag_from is not None:
            self.pasting = False
            self._paste_at = None
            self._drag_from = None
            self.preview_changed.emit()
            self._refresh_options()

    def _select(self, a: Offset, b: Offset) -> None:
        first_column, first_row = min(a[0], b[0]), min(a[1], b[1])
        crop = Crop(first_column, first_row, abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)
        if crop != self.region:
            self.region = crop
            if self.document is not None:
                _regions[self.document] = crop
            self.message.emit(describe(crop))
            self.preview_changed.emit()
            self._refresh_options()

    # Preview -----------------------------------------------------------------------------------

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        if self.geometry is None:
            return
        if self.region is not None:
            _outline(painter, frame, set(region_hexes(self.region)), SELECTION_COLOR)
        clip = self.current_clip() if self.pasting and self._paste_at is not None else None
        if clip is not None and self._paste_at is not None:
            landed = set(paste_targets(self.geometry.grid, clip, self._paste_at).values())
            _outline(painter, frame, landed, PASTE_COLOR)


def _outline(painter: QPainter, frame: Frame, hexes: set[Offset], color: QColor) -> None:
    """Shade a set of hexes and draw the edges around it."""
    geometry = frame.geometry
    shape = geometry.hex_polygon(frame.zoom)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    fill = QColor(color)
    fill.setAlpha(45)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    lines = []
    for hex_ in hexes:
        x, y = frame.point(hex_)
        painter.drawPolygon(shape.translated(x, y))
        for direction in DIRECTIONS:
            if geometry.grid.neighbor(*hex_, direction) in hexes:
                continue
            edge = geometry.edges[direction]
            start = QPointF(x + edge.start[0] * frame.zoom, y + edge.start[1] * frame.zoom)
            end = QPointF(x + edge.end[0] * frame.zoom, y + edge.end[1] * frame.zoom)
            lines.append(QLineF(start, end))
    pen = QPen(color, 2.5)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.drawLines(lines)
    painter.restore()
