"""The Crossing tool: click a hexside to put a bridge, ford or ferry on it, a water hex for a
full-hex bridge or ferry, or a bridge to start it wired or damaged in this scenario."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QComboBox, QWidget

from editor.commands import EditFile
from editor.map.geometry import Frame
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent
from editor.tools.edge_geometry import nearest_edge
from editor.tools.feature_options import Choice, FeatureOptions
from editor.tools.feature_preview import (
    ERASE_GLOW,
    HOVER_GLOW,
    REFUSED,
    crossing_icon,
    edge_crossing,
    paint_bridge_state,
    paint_crossing,
    paint_edges,
    paint_hex_ring,
    state_icon,
)
from editor.tools.map_edit_commands import (
    BRIDGES,
    EdgeKey,
    Offset,
    PlaceCrossing,
    PlaceFullHexFeature,
    RemoveCrossing,
    RemoveFullHexFeature,
    SetBridgeState,
    bridge_overlay_at,
    crossing_at,
    feature_label,
    full_hex_at,
    grid_of,
    hexside_kinds,
    is_water,
)
from engine.panzer_campaigns.map_checks import CROSSABLE
from schemas.panzer_campaigns.map import FullHexKind
from schemas.panzer_campaigns.scenario import BridgeOverlay, BridgeState
from schemas.vocabulary import CrossingKind, Direction, Side

HEXSIDE = "hexside"
FULL_HEX = "full_hex"
STATE = "state"

CROSSING_TIPS: dict[CrossingKind, str] = {
    CrossingKind.LIGHT_BRIDGE: "Carries foot units only; also stands for railway bridges.",
    CrossingKind.MEDIUM_BRIDGE: "Carries foot units and non-armoured vehicles.",
    CrossingKind.HEAVY_BRIDGE: "Carries everything.",
    CrossingKind.FORD: "Crosses a river or stream in Travel Mode [000 4.5].",
    CrossingKind.FERRY: "Crosses a river or canal in Travel Mode [000 4.5].",
}
FULL_HEX_TIPS: dict[FullHexKind, str] = {
    FullHexKind.BRIDGE: "Spans a water hex; can be wired, never repaired once damaged.",
    FullHexKind.FERRY: "Crosses a water hex in Travel Mode, using the whole movement allowance.",
}


@dataclass(frozen=True)
class Target:
    """What a click would act on: a hexside (side set) or a hex (side None)."""

    hex: Offset
    side: Direction | None = None

    @property
    def edge(self) -> EdgeKey:
        assert self.side is not None
        return self.hex, self.side


class CrossingTool(MapTool):
    """Click to place or replace a crossing, Shift+click (or Erase) to remove it; the bridge
    state choices edit the scenario's wired and damaged bridges."""

    name = "crossings"
    label = "Crossings"

    icon = "bridge"
    shortcut = "C"
    tip = "Click a hexside to place a bridge, ford or ferry; a water hex for a full-hex one"

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self._options: FeatureOptions | None = None
        self._side_box: QComboBox | None = None
        self._hover: Target | None = None
        self._pressed: Target | None = None
        self._erasing = False
        self.wired_by = Side.ALLIED
        """The side a bridge placed wired is wired by (an option)."""

    # Options -----------------------------------------------------------------------------------

    def options(self) -> QWidget:
        return self.settings

    @property
    def settings(self) -> FeatureOptions:
        """The options widget (made on first use)."""
        if self._options is None:
            on_sides = [
                Choice((HEXSIDE, k), feature_label(k), CROSSING_TIPS[k], crossing_icon(k))
                for k in CrossingKind
            ]
            on_hexes = [
                Choice((FULL_HEX, k), feature_label(k), FULL_HEX_TIPS[k], crossing_icon(k))
                for k in FullHexKind
            ]
            wired_tip = BridgeOverlay.model_fields["wired_by"].description or ""
            states = [
                Choice(
                    (STATE, BridgeState.WIRED),
                    "Wired by",
                    f"Start the bridge wired for demolition (scenario). {wired_tip}",
                    state_icon(BridgeState.WIRED),
                ),
                Choice(
                    (STATE, BridgeState.DAMAGED),
                    "Damaged",
                    "Start the bridge damaged (scenario).",
                    state_icon(BridgeState.DAMAGED),
                ),
            ]
            self._options = FeatureOptions(
                [
                    ("On a hexside", on_sides),
                    ("Over a water hex", on_hexes),
                    ("Bridge state in this scenario", states),
                ],
                hint="Click to place or replace; Shift+click removes. Bridge states are saved "
                "in the scenario, not the map.",
            )
            self._side_box = QComboBox()
            self._side_box.setObjectName("wired_by")
            for side in Side:
                self._side_box.addItem(side.value.title(), side)
            self._side_box.setToolTip(wired_tip)
            self._side_box.setCurrentIndex(list(Side).index(self.wired_by))
            self._side_box.currentIndexChanged.connect(self._side_chosen)
            self._options.add_beside((STATE, BridgeState.WIRED), self._side_box)
            self._options.changed.connect(self._options_changed)
        return self._options

    def _side_chosen(self) -> None:
        assert self._side_box is not None
        self.wired_by = Side(self._side_box.currentData())
        self.preview_changed.emit()

    def _options_changed(self) -> None:
        self._hover = None
        self.preview_changed.emit()

    @property
    def choice(self) -> tuple[str, CrossingKind | FullHexKind | BridgeState]:
        """What clicks place: (HEXSIDE, crossing kind), (FULL_HEX, kind) or (STATE, state)."""
        value = self.settings.choice()
        assert isinstance(value, tuple)
        return value

    # Targets -----------------------------------------------------------------------------------

    def _target(self, event: ToolEvent) -> Target | None:
        if self.geometry is None or self.document is None:
            return None
        group, _ = self.choice
        if group == FULL_HEX:
            return Target(event.hex) if event.hex is not None else None
        if group == STATE and event.hex is not None:
            found = full_hex_at(self.document.map, event.hex)
            if found is not None and found[1].kind is FullHexKind.BRIDGE:
                return Target(event.hex)
        edge = nearest_edge(self.geometry, event.world)
        return Target(*edge[0]) if edge is not None else None

    def _refusal(self, target: Target, erasing: bool) -> str | None:
        """Why a click on the target would do nothing, or None when it would act."""
        assert self.document is not None
        map_file = self.document.map
        group, kind = self.choice
        where = f"[{target.hex[0]}, {target.hex[1]}]"
        if group == FULL_HEX:
            found = full_hex_at(map_file, target.hex)
            if erasing:
                return None if found else f"No full-hex bridge or ferry on {where}"
            if not is_water(map_file, target.hex):
                return f"{where} is not water: full-hex bridges and ferries span water hexes"
            if found is not None and found[1].kind is kind:
                return f"{where} has a {feature_label(kind).lower()} already"
            return None
        if group == STATE:
            bridge = self._bridge_at(target)
            if bridge is None:
                return f"No bridge there to start {kind.value}"
            overlay = self._overlay_at(target)
            if erasing:
                return None if overlay is not None else "The bridge starts intact already"
            wired_by = self.wired_by if kind is BridgeState.WIRED else None
            if overlay is not None and (overlay.state, overlay.wired_by) == (kind, wired_by):
                return f"The bridge starts {kind.value} already"
            return None
        crossing = crossing_at(map_file, target.edge)
        if erasing:
            return None if crossing is not None else "No crossing on this hexside"
        assert isinstance(kind, CrossingKind)
        if not hexside_kinds(map_file, target.edge) & CROSSABLE[kind]:
            allowed = ", ".join(sorted(k.value.replace("_", " ") for k in CROSSABLE[kind]))
            return f"A {feature_label(kind).lower()} needs a {allowed} on the hexside"
        if crossing is not None and crossing.kind is kind:
            return f"This hexside has a {feature_label(kind).lower()} already"
        return None

    def _bridge_at(self, target: Target) -> str | None:
        assert self.document is not None
        map_file = self.document.map
        if target.side is None:
            found = full_hex_at(map_file, target.hex)
            return "full" if found is not None and found[1].kind is FullHexKind.BRIDGE else None
        crossing = crossing_at(map_file, target.edge)
        return "side" if crossing is not None and crossing.kind in BRIDGES else None

    def _overlay_at(self, target: Target) -> BridgeOverlay | None:
        assert self.document is not None
        scenario = self.document.scenario
        found = bridge_overlay_at(scenario, grid_of(self.document.map), target.hex, target.side)
        return scenario.overlays.bridges[found] if found is not None else None

    # Input -------------------------------------------------------------------------------------

    def hover(self, event: ToolEvent) -> None:
        target = self._target(event)
        erasing = self.settings.erase() or event.shift
        if target != self._hover or erasing != self._erasing:
            self._hover, self._erasing = target, erasing
            if target is not None:
                refusal = self._refusal(target, erasing)
                self.message.emit(refusal or self._action_text(target))
            self.preview_changed.emit()

    def press(self, event: ToolEvent) -> None:
        self._erasing = self.settings.erase() or event.shift
        self._pressed = self._target(event)
        self._hover = self._pressed
        self.preview_changed.emit()

    def release(self, event: ToolEvent) -> None:
        target, self._pressed = self._pressed, None
        self.preview_changed.emit()
        if target is None or self.document is None:
            return
        refusal = self._refusal(target, self._erasing)
        if refusal is not None:
            self.message.emit(refusal)
            return
        self._apply(target)

    def cancel(self) -> None:
        if self._pressed is not None:
            self._pressed = None
            self.message.emit("Cancelled")
        self._hover = None
        self.preview_changed.emit()

    def _action_text(self, target: Target) -> str:
        group, kind = self.choice
        if group == STATE:
            return "Click: start the bridge " + kind.value
        return f"Click: place a {feature_label(kind).lower()}"

    # Edits -------------------------------------------------------------------------------------

    def _apply(self, target: Target) -> None:
        document = self.document
        assert document is not None
        group, kind = self.choice
        if group == STATE:
            state = None if self._erasing else BridgeState(kind)
            wired_by = self.wired_by if state is BridgeState.WIRED else None
            command: EditFile = SetBridgeState(document, target.hex, target.side, state, wired_by)
            document.push(command)
            self.message.emit(command.text())
            return
        if group == FULL_HEX:
            if self._erasing:
                command = RemoveFullHexFeature(document, target.hex)
            else:
                command = PlaceFullHexFeature(document, target.hex, FullHexKind(kind))
            keeps_bridge = not self._erasing and kind is FullHexKind.BRIDGE
        else:
            if self._erasing:
                command = RemoveCrossing(document, target.edge)
            else:
                command = PlaceCrossing(document, target.edge, CrossingKind(kind))
            keeps_bridge = not self._erasing and kind in BRIDGES
        overlay = self._overlay_at(target)
        if overlay is None or keeps_bridge:
            document.push(command)
        else:
            # A bridge that goes away takes its wired or damaged state in this scenario along.
            with document.macro(command.text()):
                document.push(command)
                document.push(SetBridgeState(document, target.hex, target.side, None))
        self.message.emit(command.text())

    # Preview -----------------------------------------------------------------------------------

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        target = self._pressed or self._hover
        if target is None or self.document is None:
            return
        erasing = self._erasing
        refused = self._refusal(target, erasing) is not None
        group, kind = self.choice
        zoom = max(frame.zoom, 20.0)
        if target.side is None:
            x, y = frame.point(target.hex)
            middle, across = QPointF(x, y), (1.0, 0.0)
            ring = ERASE_GLOW if erasing else (REFUSED if refused else HOVER_GLOW)
            paint_hex_ring(painter, frame, target.hex, ring)
        else:
            middle, ux, uy = edge_crossing(frame, target.edge)
            across = (ux, uy)
            glow = ERASE_GLOW if erasing else (REFUSED if refused else HOVER_GLOW)
            paint_edges(painter, frame, [target.edge], None, glow)
        if erasing or refused:
            return
        if group == STATE:
            wired_by = self.wired_by if kind is BridgeState.WIRED else None
            paint_bridge_state(painter, middle, zoom, BridgeState(kind), wired_by)
        else:
            assert not isinstance(kind, BridgeState)
            paint_crossing(painter, middle, across, zoom, kind)

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.PointingHandCursor
