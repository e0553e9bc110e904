"""Hexsides carrying several features: a river lined by a hedgerow, a stream under a cliff, a
canal along a dike. Every feature of a shared edge must stay visible, not just the last drawn."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter

from editor.map import style
from editor.map.content import MapContent
from editor.map.geometry import Frame
from editor.map.layers import LayerVisibility
from editor.map.overview import TerrainImage
from editor.map.scenery import Scenery
from schemas.panzer_campaigns.map import HexsideFeature
from schemas.vocabulary import Direction, HexsideKind
from tests.tiny_title import tiny_map

ZOOM = 60.0
EDGE = ((2, 2), Direction.DOWN)
"""The edge under test, named from the hex above it; the neighbour below names it Up."""

WATER = (HexsideKind.RIVER, HexsideKind.STREAM, HexsideKind.CANAL)
OBSTACLES = tuple(kind for kind in HexsideKind if kind not in WATER)


def _render(features: list[tuple[tuple[int, int], Direction, HexsideKind]]) -> QImage:
    map_file = tiny_map().model_copy(
        update={
            "hexsides": [HexsideFeature(hex=h, side=d, kind=k) for h, d, k in features],
            "crossings": [],
            "connections": {},
            "terrain_rows": ["." * 6] * 5,
        }
    )
    content = MapContent(map_file)
    scenery = Scenery(content, TerrainImage(content))
    image = QImage(int(7 * ZOOM), int(6 * ZOOM), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    layers = LayerVisibility()
    layers.set("grid", False)
    scenery.paint(
        painter, Frame(content.geometry, ZOOM, 0, 0, image.width(), image.height()), layers
    )
    painter.end()
    return image


def _ink(kind: HexsideKind) -> QColor:
    """The colour a feature shows on top (a canal's water, not its banks)."""
    return style.hexside_pens(kind, ZOOM)[-1].color()


def _distance(a: QColor, b: QColor) -> int:
    return sum(abs(x - y) for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def _pixels_of(image: QImage, color: QColor, rivals: list[QColor]) -> int:
    """Pixels in the box around the edge under test closer to `color` than to the ground and
    to every rival colour (antialiased thin lines rarely hit their colour exactly)."""
    content = MapContent(tiny_map())
    x, y = content.geometry.center(*EDGE[0])
    box = QRect(int((x - 0.6) * ZOOM), int((y + 0.2) * ZOOM), int(1.2 * ZOOM), int(0.6 * ZOOM))
    ground = QColor(tiny_map().terrain[0].color)
    count = 0
    for px in range(box.left(), box.right()):
        for py in range(box.top(), box.bottom()):
            pixel = QColor(image.pixel(px, py))
            mine = _distance(pixel, color)
            if mine < 60 and all(mine < _distance(pixel, other) for other in [ground, *rivals]):
                count += 1
    return count


def _assert_both_show(first: HexsideKind, second: HexsideKind, from_below: bool) -> None:
    hex_, side = EDGE
    second_name = ((2, 3), Direction.UP) if from_below else (hex_, side)
    inks = {first: _ink(first), second: _ink(second)}
    rivals = {first: [inks[second]], second: [inks[first]]}
    alone = {
        kind: _pixels_of(_render([(hex_, side, kind)]), inks[kind], rivals[kind])
        for kind in (first, second)
    }
    together = _render([(hex_, side, first), (*second_name, second)])
    for kind in (first, second):
        assert alone[kind] > 0, f"{kind} draws nothing even alone"
        shown = _pixels_of(together, inks[kind], rivals[kind])
        assert shown >= 0.7 * alone[kind], (
            f"{first} with {second}: {kind} shows {shown} of its {alone[kind]} pixels"
        )


@pytest.mark.parametrize("water", WATER)
@pytest.mark.parametrize("obstacle", OBSTACLES)
def test_water_and_an_obstacle_on_one_hexside_both_show(
    qapp, water: HexsideKind, obstacle: HexsideKind
) -> None:
    _assert_both_show(water, obstacle, from_below=False)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (HexsideKind.HEDGEROW, HexsideKind.CLIFF),
        (HexsideKind.ESCARPMENT, HexsideKind.AT_DITCH),
        (HexsideKind.DIKE, HexsideKind.HEDGEROW),
    ],
)
def test_two_obstacles_on_one_hexside_both_show(
    qapp, first: HexsideKind, second: HexsideKind
) -> None:
    _assert_both_show(first, second, from_below=False)


def test_features_named_from_either_hex_of_the_edge_both_show(qapp) -> None:
    # The same edge seen from the hex below: the hedgerow must still line the river.
    _assert_both_show(HexsideKind.RIVER, HexsideKind.HEDGEROW, from_below=True)
    _assert_both_show(HexsideKind.STREAM, HexsideKind.GULLY, from_below=True)
