"""The map picture of a briefing: the part of the map where a side sets up, with its own units,
the objectives and the place names, drawn by the renderer behind `hexwright render`."""

from __future__ import annotations

import dataclasses
import math

from PySide6.QtGui import QImage

from editor.document import Document
from editor.map.export import render_area
from editor.map.layers import LayerVisibility
from editor.map.scene import MapScene
from editor.printing.paging import Progress
from schemas.title import ScenarioBundle
from schemas.vocabulary import Side

MARGIN = 3
"""Hexes of map shown around the side's units and the objectives."""

HIDDEN_LAYERS = ("reinforcements", "supply", "overlays")
"""What a player's briefing leaves off its map: where and what the enemy brings, the enemy's
supply and the scenario's prepared surprises (minefields, wired bridges) are not the player's
to know."""


def side_scenario(bundle: ScenarioBundle, side: Side) -> ScenarioBundle:
    """The bundle with only `side`'s units placed, so the picture shows no enemy unit."""
    from schemas.panzer_campaigns.oob_index import OobIndex  # noqa: PLC0415

    scenario = bundle.scenario.model
    index = OobIndex.from_oob(bundle.oob.model) if bundle.oob is not None else OobIndex()
    own = [
        placement
        for placement in scenario.placements
        if (entry := index.units.get(placement.unit)) is not None and entry.side is side
    ]
    loaded = dataclasses.replace(
        bundle.scenario, model=scenario.model_copy(update={"placements": own})
    )
    return dataclasses.replace(bundle, scenario=loaded)


def setup_region(bundle: ScenarioBundle, side: Side) -> tuple[int, int, int, int]:
    """(c0, c1, r0, r1): the hexes of the side's placements and of the objectives, with
    `MARGIN` around them, on the map; the whole map when the side places nothing."""
    map_file = bundle.map.model if bundle.map is not None else None
    assert map_file is not None
    hexes = [tuple(p.hex) for p in bundle.scenario.model.placements]
    hexes += [tuple(o.hex) for o in bundle.scenario.model.objectives]
    if not hexes:
        return 0, map_file.width - 1, 0, map_file.height - 1
    columns = [h[0] for h in hexes]
    rows = [h[1] for h in hexes]
    return (
        max(0, min(columns) - MARGIN),
        min(map_file.width - 1, max(columns) + MARGIN),
        max(0, min(rows) - MARGIN),
        min(map_file.height - 1, max(rows) + MARGIN),
    )


def setup_picture(
    bundle: ScenarioBundle, side: Side, width: int, progress: Progress | None = None
) -> QImage | None:
    """The side's setup, `width` pixels wide at most (None when `progress` stopped it)."""
    own = side_scenario(bundle, side)
    document = Document.from_bundle(own)
    layers = LayerVisibility()
    for name in HIDDEN_LAYERS:
        layers.set(name, False)
    scene = MapScene(document, layers)
    area = scene.geometry.rect_of(setup_region(own, side))
    zoom = min(60.0, width / max(area.width(), 1.0))
    if math.ceil(area.height() * zoom) > width * 1.3:  # a tall region fits the page's height
        zoom = width * 1.3 / max(area.height(), 1.0)
    return render_area(scene, area, zoom, max(width * 2, 1), progress)
