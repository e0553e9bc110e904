"""Map aids that help a designer place things: HQ command ranges, stacking density, and
highlights of units by organization, by class, fixed, awaiting a release, and reinforcement
arrival hexes of one turn. They are view state (never saved), drawn over the map's counters.

`MapAids` computes what to draw from the document and the selection with the engine's rules
(`engine.panzer_campaigns.command.nominal_command_range`, `engine.panzer_campaigns.stacking`),
caches it per document version,
and paints the visible hexes only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from editor import symbols
from editor.document import Change, Document
from editor.map import style
from editor.map.aids_drawing import Stamps, chain, corner, in_hexes, paint_outline, visible_hexes
from editor.map.geometry import Frame, HexRange, MapGeometry
from editor.map.scenario_index import Offset, ScenarioIndex
from editor.selection import Selection
from engine.hexgrid import DIRECTIONS
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import UnitClass
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.state import GameState

T = TypeVar("T")

ORGANIZATION_COLOR = QColor("#00c8e6")
CLASS_COLOR = QColor("#e040fb")
FIXED_COLOR = QColor("#ff8f00")
RELEASE_COLOR = QColor("#ffe100")
ARRIVAL_COLOR = QColor("#2fd64a")
OVER_STACKED_COLOR = QColor("#e01e1e")
_RAMP = ((0.0, QColor("#8fd88f")), (0.6, QColor("#f3d23c")), (1.0, QColor("#f07d1e")))
"""Stacking density from an empty hex to one at the limit; over the limit is red."""
_PIECE = 12
"""Corners in each piece of a range outline, drawn only when near the view."""
_KINDS = (FileKind.SCENARIO, FileKind.MAP, FileKind.OOB, FileKind.PARAMETERS)


class RangeMode:
    """Which HQs show their command range."""

    SELECTED = "selected"
    """The HQs among the selected units (or on the selected hex)."""
    ALL = "all"


@dataclass(frozen=True)
class HqRange:
    """An HQ on the map and its Nominal Command Range [000 9.1]."""

    unit: str
    hex: Offset
    radius: int
    side: Side
    x: float
    y: float
    """The world position of the HQ's hex."""


@dataclass(frozen=True)
class Density:
    """How full one hex is: men-equivalents against the side's Maximum Stacking Limit."""

    points: int
    limit: int
    over: bool
    """Over any stacking limit (men, ships, deployed towed guns) [000 3.3]."""

    @property
    def share(self) -> float:
        """The points as a share of the limit."""
        return self.points / self.limit if self.limit > 0 else 0.0


def density_color(density: Density) -> QColor:
    """The colour of a hex on the stacking ramp; red when over-stacked."""
    if density.over:
        return QColor(OVER_STACKED_COLOR)
    share = min(1.0, density.share)
    for (low, low_color), (high, high_color) in pairwise(_RAMP):
        if share <= high:
            t = (share - low) / (high - low)
            return QColor(
                round(low_color.red() + (high_color.red() - low_color.red()) * t),
                round(low_color.green() + (high_color.green() - low_color.green()) * t),
                round(low_color.blue() + (high_color.blue() - low_color.blue()) * t),
            )
    return QColor(_RAMP[-1][1])


def range_color(side: Side) -> QColor:
    """The line of a side's command ranges: its counter colour, deepened to read on terrain."""
    hue = symbols.side_color(side).hsvHue()
    return QColor.fromHsv(hue, 230, 190)


class MapAids(QObject):
    """The aids' settings, what they mark on the map, and their painting."""

    changed = Signal()
    """A setting or the document changed: the map needs repainting."""

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.selection = selection
        self.document: Document | None = None
        self.ranges: str | None = None
        """None (off), `RangeMode.SELECTED` or `RangeMode.ALL`."""
        self.stacking = False
        self.organization: str | None = None
        """The organization whose units are outlined (None: off)."""
        self.unit_class: UnitClass | None = None
        self.fixed = False
        self.releases = False
        self.arrival_turn: int | None = None
        """The turn whose reinforcement arrival hexes are marked (None: off)."""
        self._cache: dict[str, tuple[Any, Any]] = {}
        self._stamps = Stamps()
        self._paths: dict[tuple[Offset, int], list[tuple[QRectF, QPolygonF]]] = {}
        """Range outlines in world units by (HQ hex, radius); they outlive edits."""
        selection.units_changed.connect(self._selection_changed)
        selection.hex_changed.connect(self._selection_changed)

    # Settings ----------------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        """Mark another document (None: nothing open)."""
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        self.document = document
        self._cache.clear()
        self._paths.clear()
        if document is not None:
            document.changed.connect(self._document_changed)
        self.changed.emit()

    def set_ranges(self, mode: str | None) -> None:
        """Show command ranges of the selected HQ, of all HQs, or none (None)."""
        self._set("ranges", mode)

    def set_stacking(self, on: bool) -> None:
        """Show or hide the stacking density."""
        self._set("stacking", on)

    def set_organization(self, organization: str | None) -> None:
        """Outline the units of an organization (None: off)."""
        self._set("organization", organization)

    def set_unit_class(self, unit_class: UnitClass | None) -> None:
        """Outline the units of a class (None: off)."""
        self._set("unit_class", unit_class)

    def set_fixed(self, on: bool) -> None:
        """Outline the fixed units."""
        self._set("fixed", on)

    def set_releases(self, on: bool) -> None:
        """Outline the units a release of the scenario will free."""
        self._set("releases", on)

    def set_arrival_turn(self, turn: int | None) -> None:
        """Mark the arrival hexes of one turn's reinforcements (None: off)."""
        self._set("arrival_turn", turn)

    def any_on(self) -> bool:
        """Whether any aid is shown."""
        return bool(
            self.ranges
            or self.stacking
            or self.organization
            or self.unit_class
            or self.fixed
            or self.releases
            or self.arrival_turn is not None
        )

    def _set(self, name: str, value: object) -> None:
        if getattr(self, name) != value:
            setattr(self, name, value)
            self.changed.emit()

    def _document_changed(self, change: Change) -> None:
        if change.kind is FileKind.MAP:
            self._paths.clear()
        if self.any_on():
            self.changed.emit()

    def _selection_changed(self, *_: object) -> None:
        if self.ranges == RangeMode.SELECTED:
            self.changed.emit()

    # What the aids mark ------------------------------------------------------------------------

    def _cached(self, name: str, key: object, build: Callable[[], T]) -> T:
        """`build()`, kept until the document's files or `key` change."""
        assert self.document is not None
        full_key = (tuple(self.document.version(kind) for kind in _KINDS), key)
        hit = self._cache.get(name)
        if hit is not None and hit[0] == full_key:
            return hit[1]  # type: ignore[no-any-return]
        value = build()
        self._cache[name] = (full_key, value)
        return value

    def _state(self) -> GameState | None:
        """The engine's game state at the start of the scenario, or None when the files do not
        make one (the Problems dock says why)."""
        from engine.panzer_campaigns.state import GameState  # noqa: PLC0415

        document = self.document
        assert document is not None

        def build() -> GameState | None:
            try:
                return GameState.from_models(
                    document.scenario,
                    document.map,
                    document.oob,
                    document.parameters,
                    document.weather,
                )
            except (ValueError, KeyError, IndexError):
                return None

        return self._cached("state", None, build)

    def _index(self) -> ScenarioIndex:
        document = self.document
        assert document is not None
        return self._cached("index", None, lambda: ScenarioIndex.of(document.scenario))

    def hq_ranges(self) -> list[HqRange]:
        """Every HQ on the map with its range."""
        from engine.panzer_campaigns.command import nominal_command_range  # noqa: PLC0415

        if self.document is None:
            return []

        def build() -> list[HqRange]:
            state = self._state()
            if state is None:
                return []
            board = state.board
            geometry = self._geometry()
            found = []
            for unit in state.iter_units():
                if unit.is_hq:
                    hex_ = board.offset(unit.hex)
                    x, y = geometry.center(*hex_)
                    found.append(
                        HqRange(unit.id, hex_, nominal_command_range(unit), unit.side, x, y)
                    )
            return found

        return self._cached("hqs", None, build)

    def shown_ranges(self) -> list[HqRange]:
        """The HQs whose range is drawn under the current setting and selection."""
        if self.ranges is None:
            return []
        hqs = self.hq_ranges()
        if self.ranges == RangeMode.ALL:
            return hqs
        wanted = set(self.selection.units)
        if not wanted and self.selection.hex is not None:
            wanted = {h.unit for h in hqs if h.hex == tuple(self.selection.hex)}
        return [h for h in hqs if h.unit in wanted]

    def range_hexes(self, hq: HqRange) -> set[Offset]:
        """The map hexes within an HQ's command range."""
        assert self.document is not None
        geometry = self._geometry()
        grid = geometry.grid
        return {
            grid.offset_of(h)
            for h in grid.hex_at(*hq.hex).iter_range(hq.radius)
            if grid.contains_hex(h)
        }

    def densities(self) -> dict[Offset, Density]:
        """How full each occupied hex is (by the engine's stacking rules)."""
        from engine.panzer_campaigns.stacking import is_over_stacked, stacking_in, stacking_limit  # noqa: PLC0415

        if self.document is None:
            return {}

        def build() -> dict[Offset, Density]:
            state = self._state()
            if state is None:
                return {}
            found: dict[Offset, Density] = {}
            for index, stack in state.stacks.items():
                sides = dict.fromkeys(unit.side for unit in stack)
                fullest = max(
                    (
                        Density(
                            stacking_in(state, index, side),
                            stacking_limit(state, side),
                            is_over_stacked(state, index, side),
                        )
                        for side in sides
                    ),
                    key=lambda d: (d.over, d.share),
                )
                found[state.board.offset(index)] = fullest
            return found

        return self._cached("densities", None, build)

    def _placed_hexes(self, units: Iterable[str]) -> set[Offset]:
        where = self._index().unit_hex
        return {where[unit] for unit in units if unit in where}

    def organization_hexes(self) -> set[Offset]:
        """The hexes of the placed units under the chosen organization."""
        document, organization = self.document, self.organization
        if document is None or organization is None:
            return set()
        return self._cached(
            "organization",
            organization,
            lambda: self._placed_hexes(document.oob_index.iter_units_under(organization)),
        )

    def class_hexes(self) -> set[Offset]:
        """The hexes of the placed units of the chosen class."""
        document, unit_class = self.document, self.unit_class
        if document is None or unit_class is None:
            return set()
        units = document.oob_index.units
        return self._cached(
            "class",
            unit_class,
            lambda: self._placed_hexes(
                p.unit
                for p in document.scenario.placements
                if p.unit in units and units[p.unit].unit.unit_class is unit_class
            ),
        )

    def fixed_hexes(self) -> set[Offset]:
        """The hexes of fixed units [000 4.6]."""
        document = self.document
        if document is None or not self.fixed:
            return set()
        return self._cached(
            "fixed",
            None,
            lambda: {tuple(p.hex) for p in document.scenario.placements if p.fixed},  # type: ignore[misc]
        )

    def release_hexes(self) -> set[Offset]:
        """The hexes of placed units under an organization a release of the scenario names:
        the release frees them [000 4.6] (every release is pending at the start)."""
        document = self.document
        if document is None or not self.releases:
            return set()
        oob = document.oob_index
        return self._cached(
            "releases",
            None,
            lambda: self._placed_hexes(
                unit
                for release in document.scenario.releases
                for unit in oob.iter_units_under(release.organization)
            ),
        )

    def arrival_hexes(self) -> set[Offset]:
        """The hexes where reinforcements arrive on the chosen turn."""
        if self.document is None or self.arrival_turn is None:
            return set()
        turn = self.arrival_turn
        return {
            hex_
            for hex_, arrivals in self._index().arrivals.items()
            if any(when == turn for _, when in arrivals)
        }

    def _geometry(self) -> MapGeometry:
        document = self.document
        assert document is not None
        return self._cached("geometry", None, lambda: MapGeometry.of(document.map))

    # Painting ----------------------------------------------------------------------------------

    def paint(self, painter: QPainter, frame: Frame) -> None:
        """Draw the aids that are on, over the map, for the hexes `frame` shows."""
        if self.document is None or not self.any_on():
            return
        hexes = frame.hexes(margin=1)
        if hexes is None:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.stacking:
            self._paint_densities(painter, frame, hexes)
        if self.ranges is not None:
            self._paint_ranges(painter, frame, hexes)
        outlines = (
            (self.organization_hexes(), ORGANIZATION_COLOR),
            (self.class_hexes(), CLASS_COLOR),
            (self.release_hexes(), RELEASE_COLOR),
            (self.fixed_hexes(), FIXED_COLOR),
            (self.arrival_hexes(), ARRIVAL_COLOR),
        )
        slot = 0
        for marked, color in outlines:
            if marked:
                key = ("outline", color.rgba(), slot)
                for hex_ in visible_hexes(marked, hexes):
                    self._stamps.draw(painter, frame, hex_, key, paint_outline)
                slot += 1
        painter.restore()

    def _paint_densities(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        zoom = frame.zoom
        detailed = zoom >= style.MARKERS_FROM
        band = max(3.0, zoom * 0.12)

        def draw(painter: QPainter, key: tuple[Any, ...], frame: Frame) -> None:
            color = QColor.fromRgba(key[1])
            if detailed:
                # Close up, a band along the hex edge keeps the counters readable.
                color.setAlpha(215)
                painter.setPen(QPen(color, band))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPolygon(frame.geometry.hex_polygon(zoom - band - 2))
            else:
                color.setAlpha(190)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(color)
                painter.drawPolygon(frame.geometry.hex_polygon(zoom))

        for hex_, density in self.densities().items():
            if in_hexes(hexes, hex_):
                key = ("density", density_color(density).rgba())
                self._stamps.draw(painter, frame, hex_, key, draw)

    def _paint_ranges(self, painter: QPainter, frame: Frame, hexes: HexRange) -> None:
        shown = self.shown_ranges()
        if not shown:
            return
        geometry = frame.geometry
        view = frame.world_rect
        left, right, top, bottom = view.left(), view.right(), view.top(), view.bottom()
        visible = [
            hq
            for hq in shown
            if hq.x + hq.radius + 1 >= left
            and hq.x - hq.radius - 1 <= right
            and hq.y + hq.radius + 1 >= top
            and hq.y - hq.radius - 1 <= bottom
        ]
        selected = self.ranges == RangeMode.SELECTED
        if selected:

            def tint(painter: QPainter, key: tuple[Any, ...], frame: Frame) -> None:
                color = range_color(key[1])
                color.setAlpha(55)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(color)
                painter.drawPolygon(geometry.hex_polygon(frame.zoom))

            for hq in visible:
                for hex_ in visible_hexes(self.range_hexes(hq), hexes):
                    self._stamps.draw(painter, frame, hex_, ("tint", hq.side), tint)
        painter.save()
        # Ranges end at the map's edge; the outline along it would only repeat the edge.
        painter.setClipRect(
            QRectF(
                frame.shift_x,
                frame.shift_y,
                geometry.bounds.width() * frame.zoom,
                geometry.bounds.height() * frame.zoom,
            ),
            Qt.ClipOperation.IntersectClip,
        )
        to_pixels = QTransform(frame.zoom, 0, 0, frame.zoom, frame.shift_x, frame.shift_y)
        # Only the pieces of each outline near the view: a range can be far wider than it.
        near = view.adjusted(-1, -1, 1, 1)
        by_side: dict[Side, QPainterPath] = {}
        for hq in visible:
            for box, piece in self._range_outline(hq):
                if box.intersects(near):
                    by_side.setdefault(hq.side, QPainterPath()).addPolygon(to_pixels.map(piece))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        width = 3.0 if frame.zoom >= style.MARKERS_FROM else 2.0
        # A light halo makes one HQ's outline stand out; with every HQ it would only clutter.
        passes = (
            ((QColor(255, 255, 255, 200), width + 2), (None, width))
            if selected
            else ((None, width),)
        )
        # Hex edges are straight: with many outlines, aliased lines draw several times faster.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, selected)
        for pen_color, pen_width in passes:
            for side, path in by_side.items():
                pen = QPen(pen_color or range_color(side), pen_width)
                pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                if not selected:
                    pen.setDashPattern([3.0, 1.5])  # rivers are solid blue hexside lines
                painter.setPen(pen)
                painter.drawPath(path)
        painter.restore()
        radius = max(3.0, frame.zoom * 0.5)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for hq in visible:
            if in_hexes(hexes, hq.hex):
                x, y = frame.point(hq.hex)
                painter.setPen(QPen(range_color(hq.side), 2.0))
                painter.drawEllipse(QPointF(x, y), radius, radius)

    def _range_outline(self, hq: HqRange) -> list[tuple[QRectF, QPolygonF]]:
        """The outline of an HQ's range in world units: the outer edges of its last ring,
        chained into one closed line, cut in pieces with their bounds."""
        key = (hq.hex, hq.radius)
        outline = self._paths.get(key)
        if outline is None:
            geometry = self._geometry()
            center = geometry.grid.hex_at(*hq.hex)
            links: dict[tuple[float, float], list[tuple[float, float]]] = {}
            for ring_hex in center.iter_ring(hq.radius):
                cx, cy = geometry.layout.center(ring_hex)
                for direction in DIRECTIONS:
                    if center.distance(ring_hex.neighbor(direction)) > hq.radius:
                        edge = geometry.edges[direction]
                        a = corner(cx + edge.start[0], cy + edge.start[1])
                        b = corner(cx + edge.end[0], cy + edge.end[1])
                        links.setdefault(a, []).append(b)
                        links.setdefault(b, []).append(a)
            loop = chain(links)
            loop.append(loop[0])
            outline = []
            for first in range(0, len(loop) - 1, _PIECE):
                piece = QPolygonF([QPointF(x, y) for x, y in loop[first : first + _PIECE + 1]])
                outline.append((piece.boundingRect(), piece))
            self._paths[key] = outline
        return outline
