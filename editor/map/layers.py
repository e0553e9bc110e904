"""The map's layers: their names, labels, drawing order and which are shown.

Static layers come from the map file and are drawn into cached tiles; dynamic layers come from
the scenario (or the selection) and are drawn on top for the visible hexes at every repaint.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Layer:
    """One layer of the map view."""

    name: str
    """Stable name, for code and settings."""
    label: str
    """Name shown in the View > Layers menu."""
    static: bool
    """Drawn from the map file into the tile cache."""
    visible: bool = True
    """Shown when a document opens."""


LAYERS: tuple[Layer, ...] = (
    Layer("terrain", "Terrain", static=True),
    Layer("elevation", "Elevation Shading", static=True),
    Layer("grid", "Hex Grid", static=True),
    Layer("hexsides", "Rivers and Hexsides", static=True),
    Layer("roads", "Roads", static=True),
    Layer("railroads", "Railways", static=True),
    Layer("crossings", "Bridges, Fords and Ferries", static=True),
    Layer("places", "Place Names", static=False),
    Layer("overlays", "Scenario Overlays", static=False),
    Layer("objectives", "Objectives", static=False),
    Layer("supply", "Supply Sources", static=False),
    Layer("reinforcements", "Reinforcement Arrivals", static=False),
    Layer("units", "Units", static=False),
)
"""Every layer, bottom to top."""

LAYER_NAMES = frozenset(layer.name for layer in LAYERS)


class LayerVisibility:
    """Which layers are shown; `static_key` changes whenever a tiled layer is shown or hidden."""

    def __init__(self) -> None:
        self._visible = {layer.name: layer.visible for layer in LAYERS}

    def __contains__(self, name: str) -> bool:
        return self._visible[name]

    def set(self, name: str, on: bool) -> bool:
        """Show or hide a layer; return whether that changed anything."""
        if name not in LAYER_NAMES:
            raise KeyError(f"no map layer named {name!r}; there are {sorted(LAYER_NAMES)}")
        if self._visible[name] == on:
            return False
        self._visible[name] = on
        return True

    def listing(self) -> list[tuple[str, str, bool]]:
        """(name, label, visible) of every layer, bottom to top."""
        return [(layer.name, layer.label, self._visible[layer.name]) for layer in LAYERS]

    def static_key(self) -> tuple[bool, ...]:
        """The visibility of the tiled layers, part of every tile's cache key."""
        return tuple(self._visible[layer.name] for layer in LAYERS if layer.static)

    def is_static(self, name: str) -> bool:
        """Whether a layer is drawn into the tiles."""
        return next(layer.static for layer in LAYERS if layer.name == name)
