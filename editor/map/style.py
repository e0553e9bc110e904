"""How the map looks: colours, pens, fonts and line widths for each zoom, and the zoom levels at
which each kind of detail appears. Zoom is always given in pixels per hex (flat to flat)."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPen

from schemas.panzer_campaigns.map import PlaceSize
from schemas.vocabulary import ConnectionKind, CrossingKind, HexsideKind

# Level of detail: the least zoom (pixels per hex) at which a kind of detail is drawn.
HEX_SHAPES_FROM = 7.0
"""Below this, terrain is drawn from the one-pixel-per-hex image; above, as true hexes."""
GRID_FROM = 10.0
SHADING_MIN_DETAIL = 0.0
CROSSINGS_FROM = 12.0
FEATURE_MARKS_FROM = 18.0
"""Ticks on cliffs and ditches, rail ties, raised-road embankments."""
COUNTERS_FROM = 22.0
"""Full counters with symbol and strength; below, side-coloured blocks."""
MARKERS_FROM = 12.0
"""Objectives, supply sources, arrivals and overlays as symbols; below, small dots."""

JUMP_ZOOM = 32.0
"""The least zoom a jump to a place shows it at: full counters, a zoom level the tiles draw one
to one."""

MIN_ZOOM = 0.5
MAX_ZOOM = 200.0

PAPER = QColor("#ece8d8")
"""The map's colour where terrain is hidden, and around the map."""
OUTSIDE = QColor("#6d6f73")
"""The background beyond the map's edge."""
INK = QColor("#1e1e1e")
HALO = QColor(250, 248, 240, 235)
WATER = QColor("#2f6fb5")
STREAM = QColor("#4d8fd1")
GRID = QColor(40, 40, 30, 70)
SELECTED = QColor("#ffd21f")
HOVER = QColor(255, 255, 255, 150)
UNKNOWN_TERRAIN = QColor("#ff00ff")

FLAT = 128
"""Hillshade value of level ground (0 darkest, 255 brightest)."""
SHADE_GAIN = 20.0
"""Hillshade strength per unit of slope (rise over run across two hexes)."""
SHADE_DARKEST = 0.28
"""Opacity of black over ground facing straight away from the light."""
SHADE_BRIGHTEST = 0.20
"""Opacity of white over ground facing the light."""


def shade_color(value: int) -> int:
    """The translucent black or white (ARGB) that lights a hillshade value."""
    if value < FLAT:
        alpha = round(255 * SHADE_DARKEST * (FLAT - value) / FLAT)
        return alpha << 24
    alpha = round(255 * SHADE_BRIGHTEST * (value - FLAT) / (255 - FLAT))
    return (alpha << 24) | 0xFFFFFF


ROAD_MIN_ZOOM: dict[ConnectionKind, float] = {
    ConnectionKind.PRIMARY_ROAD: 0.0,
    ConnectionKind.RAILROAD: 0.0,
    ConnectionKind.SECONDARY_ROAD: 3.5,
    ConnectionKind.TRAIL: 9.0,
}
HEXSIDE_MIN_ZOOM: dict[HexsideKind, float] = {
    HexsideKind.RIVER: 0.0,
    HexsideKind.CANAL: 0.0,
    HexsideKind.STREAM: 6.0,
}
"""Other hexside kinds appear from `HEXSIDE_DETAIL_FROM`."""
HEXSIDE_DETAIL_FROM = 9.0

_ROADS: dict[ConnectionKind, tuple[str, str, float, float]] = {
    # fill, casing, width in hexes, least width in pixels
    ConnectionKind.PRIMARY_ROAD: ("#c8372d", "#5e1812", 0.10, 1.6),
    ConnectionKind.SECONDARY_ROAD: ("#f2c84b", "#6e5220", 0.075, 1.2),
    ConnectionKind.TRAIL: ("#5b4630", "", 0.035, 0.9),
    ConnectionKind.RAILROAD: ("#202020", "", 0.035, 1.0),
}


def terrain_color(hex_color: str) -> QColor:
    """A legend colour, or a warning magenta for a code the legend lacks."""
    color = QColor(hex_color)
    return color if color.isValid() else QColor(UNKNOWN_TERRAIN)


def _pen(
    color: QColor | str,
    width: float,
    cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap,
    dashes: tuple[float, ...] = (),
) -> QPen:
    pen = QPen(QColor(color), width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if dashes:
        pen.setDashPattern(list(dashes))
    return pen


def scaled_width(zoom: float, hexes: float, least: float) -> float:
    """A line width of `hexes` hex widths, never thinner than `least` pixels."""
    return max(least, hexes * zoom)


@lru_cache(maxsize=256)
def road_pens(kind: ConnectionKind, zoom: float) -> tuple[QPen | None, QPen]:
    """The casing (or None) and the fill pen of a road or railway at a zoom."""
    fill, casing, hexes, least = _ROADS[kind]
    width = scaled_width(zoom, hexes, least)
    if kind is ConnectionKind.TRAIL:
        return None, _pen(fill, width, Qt.PenCapStyle.FlatCap, (3.0, 2.0))
    if kind is ConnectionKind.RAILROAD:
        return None, _pen(fill, width)
    outline = max(0.8, width * 0.22) if zoom >= 12 else 0.0
    casing_pen = _pen(casing, width + 2 * outline) if outline else None
    return casing_pen, _pen(fill, width)


@lru_cache(maxsize=64)
def rail_tie_pen(zoom: float) -> QPen:
    """Short strokes across a railway: a wide pen with tiny dashes draws the ties."""
    width = max(3.0, 0.16 * zoom)
    pen = QPen(INK, width)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    tie = max(1.0, 0.025 * zoom)
    pen.setDashPattern([tie / width, max(2.0, 0.09 * zoom) / width])
    return pen


@lru_cache(maxsize=64)
def raised_pens(zoom: float) -> tuple[QPen, QPen]:
    """The embankment under a raised road or railway: hachures sticking out on both sides
    (a wide pen with short dashes), then the bank itself."""
    bank = max(4.0, 0.26 * zoom)
    hachures = QPen(QColor("#5f5038"), bank + max(4.0, 0.12 * zoom))
    hachures.setCapStyle(Qt.PenCapStyle.FlatCap)
    tick = max(1.0, 0.02 * zoom)
    hachures.setDashPattern([tick / hachures.widthF(), max(2.0, 0.07 * zoom) / hachures.widthF()])
    return hachures, _pen("#cdbd94", bank, Qt.PenCapStyle.FlatCap)


@lru_cache(maxsize=512)
def hexside_pens(kind: HexsideKind, zoom: float) -> tuple[QPen, ...]:
    """The pens drawing one hexside kind, from the bottom up (e.g. a canal's banks, then water)."""
    if kind is HexsideKind.RIVER:
        return (_pen(WATER, scaled_width(zoom, 0.11, 2.0)),)
    if kind is HexsideKind.STREAM:
        return (_pen(STREAM, scaled_width(zoom, 0.045, 1.0)),)
    if kind is HexsideKind.CANAL:
        width = scaled_width(zoom, 0.09, 1.5)
        return _pen("#1d3f66", width + 2, Qt.PenCapStyle.FlatCap), _pen(
            "#6fa8dc", width, Qt.PenCapStyle.FlatCap
        )
    if kind is HexsideKind.CLIFF:
        return (_pen("#4a2f1c", scaled_width(zoom, 0.06, 1.5)),)
    if kind is HexsideKind.ESCARPMENT:
        return (_pen("#7a5a36", scaled_width(zoom, 0.045, 1.2)),)
    if kind is HexsideKind.GULLY:
        return (_pen("#6b4b2a", scaled_width(zoom, 0.04, 1.0), dashes=(2.0, 1.5)),)
    if kind is HexsideKind.AT_DITCH:
        return (_pen("#3a3a3a", scaled_width(zoom, 0.05, 1.2), Qt.PenCapStyle.FlatCap),)
    if kind is HexsideKind.HEDGEROW:
        width = scaled_width(zoom, 0.07, 1.5)
        return (_pen("#2f5a22", width, Qt.PenCapStyle.RoundCap, (0.05, 1.3)),)
    if kind is HexsideKind.DIKE:
        width = scaled_width(zoom, 0.08, 1.5)
        return _pen("#5c4a2e", width + 2), _pen("#b9a77f", width)
    if kind is HexsideKind.EMBANKMENT:
        width = scaled_width(zoom, 0.06, 1.2)
        return _pen("#6d6250", width + 1.5), _pen("#a89a7c", width)
    # Impassable: a heavy dark-red bar nothing crosses.
    return (_pen("#6e1010", scaled_width(zoom, 0.08, 2.0), Qt.PenCapStyle.FlatCap),)


TICKED_HEXSIDES = {
    HexsideKind.CLIFF: ("#4a2f1c", 0.10),
    HexsideKind.ESCARPMENT: ("#7a5a36", 0.07),
    HexsideKind.AT_DITCH: ("#3a3a3a", 0.07),
    HexsideKind.EMBANKMENT: ("#6d6250", 0.05),
}
"""Hexsides drawn with ticks toward the lower (or the defended) side: colour, tick length."""

BRIDGE_STYLE: dict[CrossingKind, tuple[str, str, float]] = {
    # deck, rails, deck width in hexes
    CrossingKind.LIGHT_BRIDGE: ("#d9bf8c", "#7a5228", 0.14),
    CrossingKind.MEDIUM_BRIDGE: ("#dcdcd4", "#4a4a4a", 0.19),
    CrossingKind.HEAVY_BRIDGE: ("#f4f4ee", "#101010", 0.25),
}
FORD_COLOR = QColor("#d9c48a")
FERRY_COLOR = QColor("#243b5a")


@lru_cache(maxsize=16)
def place_font(size: PlaceSize, zoom: float) -> QFont:
    """The lettering of a place name: larger places in bold, growing gently with the zoom."""
    base = {PlaceSize.SMALL: 9.5, PlaceSize.MEDIUM: 11.5, PlaceSize.LARGE: 14.0}[size]
    growth = min(1.5, max(0.85, zoom / 40.0))
    font = QFont("DejaVu Sans")
    font.setPixelSize(round(base * growth))
    if size is not PlaceSize.SMALL:
        font.setBold(True)
    if size is PlaceSize.LARGE:
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 106)
    return font


def place_min_zoom(size: PlaceSize) -> float:
    """Least zoom at which names of a size are lettered (small names would bury a whole map)."""
    return {PlaceSize.LARGE: 0.0, PlaceSize.MEDIUM: 4.0, PlaceSize.SMALL: 12.0}[size]


@lru_cache(maxsize=16)
def label_font(pixels: int, bold: bool = True) -> QFont:
    """Small lettering on counters and markers."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(6, pixels))
    font.setBold(bold)
    return font


def side_ink(fill: QColor) -> QColor:
    """A dark shade of a side colour for outlines and text on light ground."""
    return fill.darker(260)
