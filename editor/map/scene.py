"""Everything drawn for one document: the map content and its caches (terrain image, tiles),
the scenario index, counters, marks and names, and how each document change invalidates them.
The map view and the PNG export both paint through a `MapScene`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from editor.document import Change, ChangeAction, Document
from editor.map import markers, style
from editor.map.content import Dirty, MapContent
from editor.map.counters import CounterPainter
from editor.map.geometry import Frame, MapGeometry, Offset
from editor.map.labels import PlaceLabels
from editor.map.layers import LayerVisibility
from editor.map.overview import TerrainImage
from editor.map.scenario_index import PARTS, ScenarioIndex
from editor.map.scenery import Scenery
from editor.map.tiles import TileCache
from schemas.io import FileKind


class MapScene:
    """The drawing state of one open document."""

    def __init__(self, document: Document, layers: LayerVisibility | None = None) -> None:
        self.document = document
        self.layers = layers if layers is not None else LayerVisibility()
        self.counters = CounterPainter()
        self.labels = PlaceLabels()
        self._build_map()
        # A map drawn on its own (`hexwright render MAP`) has no scenario to show on it.
        has_scenario = document.has(FileKind.SCENARIO)
        self.index = ScenarioIndex.of(document.scenario) if has_scenario else ScenarioIndex()

    def _build_map(self) -> None:
        self.content = MapContent(self.document.map)
        self.terrain_image = TerrainImage(self.content)
        self.terrain_image.show_terrain = "terrain" in self.layers
        self.terrain_image.apply_palette()
        self.scenery = Scenery(self.content, self.terrain_image)
        self.tiles = TileCache(self.scenery, self.content.geometry, self.layers)
        self._geometry_changed = True

    @property
    def geometry(self) -> MapGeometry:
        """The map's hex geometry."""
        return self.content.geometry

    def geometry_changed(self) -> bool:
        """Whether the map's size or layout changed since last asked (the view then refits)."""
        changed, self._geometry_changed = self._geometry_changed, False
        return changed

    # Layers ------------------------------------------------------------------------------------

    def set_layer_visible(self, name: str, on: bool) -> bool:
        """Show or hide a layer; return whether anything changed."""
        if not self.layers.set(name, on):
            return False
        if name == "terrain":
            self.terrain_image.show_terrain = on
            self.terrain_image.apply_palette()
        if self.layers.is_static(name):
            self.tiles.clear()
        return True

    # Changes -----------------------------------------------------------------------------------

    def apply(self, change: Change) -> bool:
        """Bring the caches up to date after a document change; return whether the picture
        may have changed."""
        if change.kind is FileKind.SCENARIO:
            return self._scenario_changed(change)
        if change.kind is FileKind.OOB:
            self.counters.clear()
            return True
        if change.kind is FileKind.MAP:
            return self._map_changed()
        return False

    def _scenario_changed(self, change: Change) -> bool:
        scenario = self.document.scenario
        if change.action is ChangeAction.RESET or not change.path:
            self.index = ScenarioIndex.of(scenario)
            return True
        part = change.path[0]
        if part in PARTS:
            self.index.update(scenario, str(part))
            return True
        if part == "header" and self.index.arrivals:
            self.index.update(scenario, "header")  # turn numbers follow the start and schedule
            return True
        return False

    def _map_changed(self) -> bool:
        dirty = self.content.update(self.document.map)
        if dirty.everything:
            self._build_map()
            return True
        if not dirty:
            return False
        self.scenery.refresh_palette()
        self.terrain_image.rebuild()
        if dirty.palette:
            self.tiles.clear()
        else:
            self.tiles.invalidate(self._dirty_rects(dirty))
        return True

    def _dirty_rects(self, dirty: Dirty) -> list[QRectF]:
        geometry = self.geometry
        rects = []
        last_column, last_row = geometry.width - 1, geometry.height - 1
        # One hex of margin: hillshade, hexsides and links reach into the neighbours.
        for row in dirty.rows:
            rects.append(
                geometry.rect_of((0, last_column, max(0, row - 1), min(last_row, row + 1)))
            )
        for column, row in dirty.hexes:
            rects.append(
                geometry.rect_of(
                    (
                        max(0, column - 1),
                        min(last_column, column + 1),
                        max(0, row - 1),
                        min(last_row, row + 1),
                    )
                )
            )
        return rects

    # Painting ----------------------------------------------------------------------------------

    def paint_static(self, painter: QPainter, frame: Frame, *, tiled: bool = True) -> None:
        """Draw the map file's layers: from the tile cache, or directly when `tiled` is off (an
        export, drawn once at its own scale)."""
        if tiled:
            shift = QPointF(frame.shift_x, frame.shift_y)
            self.tiles.paint(
                painter, frame.zoom, shift, frame.width, frame.height, background=style.OUTSIDE
            )
        else:
            self.scenery.paint(painter, frame, self.layers)

    def paint_dynamic(
        self, painter: QPainter, frame: Frame, selected_units: Sequence[str] = ()
    ) -> None:
        """Draw the layers over the tiles: overlays, names, marks and counters."""
        layers = self.layers
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        if "overlays" in layers:
            markers.paint_overlays(painter, frame, self.index)
        if "places" in layers:
            self.labels.paint(painter, frame, self.content)
        if "supply" in layers:
            markers.paint_supply(painter, frame, self.index)
        if "reinforcements" in layers:
            markers.paint_arrivals(painter, frame, self.index, self.document.oob_index)
        if "units" in layers:
            self.counters.paint(painter, frame, self.index, self.document.oob_index, selected_units)
        if "objectives" in layers:
            markers.paint_objectives(painter, frame, self.index)

    def paint_outline(
        self, painter: QPainter, frame: Frame, hex_: Offset, pens: Sequence[QPen]
    ) -> None:
        """Outline one hex, e.g. the selection, with pens drawn one over the other."""
        x, y = frame.point(hex_)
        polygon = self.geometry.hex_polygon(frame.zoom).translated(x, y)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen in pens:
            painter.setPen(pen)
            painter.drawPolygon(polygon)
