"""The Overlays tool (V): lay the scenario's minefields, obstacles, congestion, rubble, rail
damage, fortifications and wrecks on hexes. A click or a drag lays the chosen overlay with the
options' values on every hex it passes (replacing one of the same kind), Shift+click or a
Shift+drag removes that kind, Ctrl+click takes the values of an overlay on the map. A stroke is
one undo step, pushed on release, so Escape simply drops it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from editor.commands import EditFile
from editor.map.geometry import Frame
from editor.map.markers import paint_overlays
from editor.map.scenario_index import OVERLAY_KINDS, ScenarioIndex
from editor.map.scene import MapScene
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent
from editor.tools.feature_preview import ERASE_GLOW, HOVER_GLOW, REFUSED, paint_hex_ring
from editor.tools.overlay_commands import (
    OVERLAY_NOUNS,
    PlaceOverlays,
    RemoveOverlays,
    overlay_at,
)
from editor.tools.overlay_options import OverlayOptions
from editor.tools.placement_rules import hex_text

Offset = tuple[int, int]


class OverlaysTool(MapTool):
    """Lay and remove scenario overlays by clicking or dragging over hexes."""

    name = "overlays"
    label = "Overlays"

    icon = "layers"
    shortcut = "V"
    tip = (
        "Click or drag to lay minefields, obstacles, fortifications and other overlays, "
        "Shift+click to remove them, Ctrl+click to take an overlay's values"
    )

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self._options: OverlayOptions | None = None
        self._hover: Offset | None = None
        self._stroke: list[Offset] | None = None
        self._erasing = False

    # Options -----------------------------------------------------------------------------------

    @property
    def settings(self) -> OverlayOptions:
        """The options page (made at the first need): the kind and values laid."""
        if self._options is None:
            self._options = OverlayOptions()
            self._options.changed.connect(self._options_changed)
        return self._options

    def options(self) -> QWidget | None:
        return self.settings

    def _options_changed(self) -> None:
        self._erasing = self.settings.erase()
        self.preview_changed.emit()

    def set_scene(self, scene: MapScene | None) -> None:
        super().set_scene(scene)
        self._hover = None

    @property
    def kind(self) -> str:
        """The overlay list the tool lays into, e.g. "fortifications"."""
        return self.settings.kind

    # Mouse -------------------------------------------------------------------------------------

    def hover(self, event: ToolEvent) -> None:
        erasing = self.settings.erase() or event.shift
        if event.hex == self._hover and erasing == self._erasing:
            return
        self._hover, self._erasing = event.hex, erasing
        if event.hex is not None and self.document is not None:
            self.message.emit(self._describe(event.hex, erasing))
        self.preview_changed.emit()

    def press(self, event: ToolEvent) -> None:
        if self.document is None or event.hex is None:
            return
        if event.control:
            self._pick(event.hex)
            return
        self._erasing = self.settings.erase() or event.shift
        self._stroke = [event.hex]
        self._hover = event.hex
        self.preview_changed.emit()

    def move(self, event: ToolEvent) -> None:
        stroke = self._stroke
        if stroke is None or event.hex is None:
            return
        self._hover = event.hex
        if event.hex not in stroke:
            stroke.append(event.hex)
            self.message.emit(self._describe(event.hex, self._erasing))
        self.preview_changed.emit()

    def release(self, event: ToolEvent) -> None:
        stroke, self._stroke = self._stroke, None
        self.preview_changed.emit()
        if stroke is None or self.document is None:
            return
        document = self.document
        name = self.kind
        command: EditFile
        if self._erasing:
            command = RemoveOverlays(document, name, stroke)
        else:
            command = PlaceOverlays(document, name, [self.settings.item(h) for h in stroke])
        if command.is_empty:
            self.message.emit(self._nothing_to_do())
            return
        document.push(command)
        self.selection.select_hex(stroke[-1])
        where = hex_text(stroke[0]) if len(stroke) == 1 else f"{len(stroke)} hexes"
        self.message.emit(f"{command.text()} at {where}")

    def cancel(self) -> None:
        if self._stroke is not None:
            self._stroke = None
            self.message.emit("Cancelled")
            self.preview_changed.emit()

    # What a click does -------------------------------------------------------------------------

    def _describe(self, hex_: Offset, erasing: bool) -> str:
        assert self.document is not None
        noun = OVERLAY_NOUNS[self.kind].lower()
        there = overlay_at(self.document.scenario, self.kind, hex_)
        if erasing:
            if there is None:
                return f"No {noun} at {hex_text(hex_)} to remove"
            return f"Click: remove the {noun} at {hex_text(hex_)}"
        if there is None:
            return f"Click: lay a {noun} at {hex_text(hex_)}"
        if there == self.settings.item(hex_):
            return f"{hex_text(hex_)} has this {noun} already"
        return f"Click: replace the {noun} at {hex_text(hex_)}"

    def _nothing_to_do(self) -> str:
        noun = OVERLAY_NOUNS[self.kind].lower()
        if self._erasing:
            return f"No {noun} there to remove"
        return f"Nothing changed: the {noun} is there already"

    def _pick(self, hex_: Offset) -> None:
        """Take the values of the chosen kind's overlay on the hex, or of its first overlay."""
        assert self.document is not None
        names = [self.kind, *[n for n in OVERLAY_NOUNS if n != self.kind]]
        for name in names:
            item = overlay_at(self.document.scenario, name, hex_)
            if item is not None:
                self.settings.load(name, item)
                self.message.emit(f"Took the values of the {OVERLAY_NOUNS[name].lower()}")
                return
        self.message.emit(f"No overlay at {hex_text(hex_)} to take values from")

    # Preview -----------------------------------------------------------------------------------

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        if self.document is None:
            return
        hexes = self._stroke if self._stroke is not None else [self._hover]
        erasing = self._erasing
        for hex_ in hexes:
            if hex_ is None:
                continue
            if erasing:
                there = overlay_at(self.document.scenario, self.kind, hex_)
                paint_hex_ring(painter, frame, hex_, ERASE_GLOW if there else REFUSED)
                continue
            paint_hex_ring(painter, frame, hex_, HOVER_GLOW)
            paint_overlays(painter, frame, ScenarioIndex(overlays={hex_: self._laid(hex_)}))

    def _laid(self, hex_: Offset) -> list[tuple[str, Any]]:
        """The overlays of a hex as they would be after the click, in the map's drawing order."""
        assert self.document is not None
        overlays = self.document.scenario.overlays
        laid: list[tuple[str, Any]] = []
        for name in OVERLAY_KINDS:
            if name == self.kind:
                laid.append((name, self.settings.item(hex_)))
            elif name in OVERLAY_NOUNS:
                laid += [(name, o) for o in getattr(overlays, name) if tuple(o.hex) == hex_]
        return laid

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.PointingHandCursor
