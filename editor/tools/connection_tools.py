"""The Road tool: draw roads, trails and railways by dragging from hex centre to hex centre,
with the bridges they need where they cross water; previewed, one undo step on release."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from editor.map.geometry import Frame
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent
from editor.tools.edge_geometry import hex_steps, path_links
from editor.tools.feature_options import Choice, FeatureOptions
from editor.tools.feature_preview import (
    HOVER_GLOW,
    edge_crossing,
    paint_crossing,
    paint_link_path,
    road_icon,
)
from editor.tools.map_edit_commands import (
    ROAD_BRIDGES,
    DrawConnections,
    Link,
    Offset,
    feature_label,
    has_link,
    proposed_bridges,
)
from schemas.vocabulary import ConnectionKind

ROAD_TIPS: dict[ConnectionKind, str] = {
    ConnectionKind.PRIMARY_ROAD: "The main roads [000 11.0].",
    ConnectionKind.SECONDARY_ROAD: "Lesser roads.",
    ConnectionKind.TRAIL: "Tracks and paths.",
    ConnectionKind.RAILROAD: "Railway lines: rail movement and supply.",
}


class RoadTool(MapTool):
    """Drag through hexes to link their centres with a road or railway; Shift-drag (or Erase)
    removes the links."""

    name = "roads"
    label = "Roads and Railways"

    icon = "route"
    shortcut = "D"
    tip = "Drag from hex to hex to draw a road or railway"

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self._options: FeatureOptions | None = None
        self.add_bridges = True
        """Whether drawing adds the bridges the road needs (an option, on by default)."""
        self._path: list[Offset] | None = None
        self._erasing = False

    # Options -----------------------------------------------------------------------------------

    def options(self) -> QWidget:
        return self.settings

    @property
    def settings(self) -> FeatureOptions:
        """The options widget (made on first use)."""
        if self._options is None:
            choices = [
                Choice(
                    kind,
                    feature_label(kind),
                    f"{ROAD_TIPS[kind]} Bridges proposed over water: "
                    f"{feature_label(ROAD_BRIDGES[kind]).lower()}s.",
                    road_icon(kind),
                )
                for kind in ConnectionKind
            ]
            self._options = FeatureOptions(
                [("Road or railway", choices)],
                every_kind="Erase every class",
                hint="Drag from hex to hex. Shift-drag erases; Esc cancels the drag.",
            )
            bridges_box = self._options.add_check(
                "Add bridges over rivers",
                "Where the new road crosses a river, stream or canal that has no crossing, add "
                "a bridge of its class: heavy for primary roads and railways, medium for "
                "secondary roads, light for trails.",
                checked=self.add_bridges,
            )
            bridges_box.setObjectName("add_bridges")
            bridges_box.toggled.connect(self._set_add_bridges)
            self._options.changed.connect(self.preview_changed)
        return self._options

    @property
    def kind(self) -> ConnectionKind:
        """The road class or railway drawn."""
        return ConnectionKind(str(self.settings.choice()))

    def _set_add_bridges(self, on: bool) -> None:
        self.add_bridges = on

    # Input -------------------------------------------------------------------------------------

    def press(self, event: ToolEvent) -> None:
        if event.hex is None or self.scene is None:
            return
        self._erasing = self.settings.erase() or event.shift
        self._path = [event.hex]
        self._describe()
        self.preview_changed.emit()

    def move(self, event: ToolEvent) -> None:
        path = self._path
        if path is None or self.geometry is None or event.hex is None or event.hex == path[-1]:
            return
        path.extend(hex_steps(self.geometry, path[-1], event.hex))
        self._describe()
        self.preview_changed.emit()

    def release(self, event: ToolEvent) -> None:
        if self._path is None or self.document is None:
            return
        self.move(event)
        links = path_links(self._path)
        self._path = None
        self.preview_changed.emit()
        if self._erasing:
            self._erase(links)
            return
        bridges = proposed_bridges(self.document.map, self.kind, links) if self.add_bridges else {}
        command = DrawConnections(self.document, self.kind, links, bridges=bridges)
        if command.is_empty:
            self.message.emit("Nothing to add: those links are drawn already")
            return
        self.document.push(command)
        self.message.emit(command.text())

    def _erase(self, links: list[Link]) -> None:
        assert self.document is not None
        kinds = list(ConnectionKind) if self.settings.every_kind() else [self.kind]
        map_file = self.document.map
        kinds = [k for k in kinds if any(has_link(map_file, k, link) for link in links)]
        if not kinds:
            self.message.emit("Nothing to erase along that path")
            return
        if len(kinds) == 1:
            self.document.push(DrawConnections(self.document, kinds[0], links, erase=True))
        else:
            with self.document.macro("Erase Roads"):
                for kind in kinds:
                    self.document.push(DrawConnections(self.document, kind, links, erase=True))
        self.message.emit("Erased " + ", ".join(feature_label(k).lower() for k in kinds))

    def cancel(self) -> None:
        if self._path is not None:
            self._path = None
            self.message.emit("Drawing cancelled")
        self.preview_changed.emit()

    def _describe(self) -> None:
        if self._path is None:
            return
        count = len(self._path)
        verb = "Erase" if self._erasing else "Draw"
        self.message.emit(
            f"{verb} {feature_label(self.kind).lower()} through {count} "
            f"hex{'es' if count != 1 else ''}"
        )

    # Preview -----------------------------------------------------------------------------------

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        if self._path is None or self.document is None:
            return
        paint_link_path(painter, frame, self._path, self.kind, erase=self._erasing)
        if self._erasing or not self.add_bridges:
            return
        links = path_links(self._path)
        for edge, kind in proposed_bridges(self.document.map, self.kind, links).items():
            middle, ux, uy = edge_crossing(frame, edge)
            # Ringed like the tools' hover marks: a proposal the release will add.
            paint_crossing(painter, middle, (ux, uy), max(frame.zoom, 20.0), kind, glow=HOVER_GLOW)

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.CrossCursor
