"""The Hexside tool: draw rivers, streams, cliffs, hedgerows and the other edge features by
dragging along hex edges; the drag is previewed and becomes one undo step on release."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from editor.map.geometry import Frame
from editor.selection import Selection
from editor.tools.base import MapTool, ToolEvent
from editor.tools.edge_geometry import EdgeTrace, nearest_edge
from editor.tools.feature_options import Choice, FeatureOptions
from editor.tools.feature_preview import (
    ERASE_GLOW,
    HOVER_GLOW,
    hexside_icon,
    paint_edges,
    paint_erased_edges,
)
from editor.tools.map_edit_commands import DrawHexsides, EdgeKey, feature_label, hexside_kinds
from schemas.vocabulary import HexsideKind

HEXSIDE_TIPS: dict[HexsideKind, str] = {
    HexsideKind.RIVER: "Crossed only at bridges, fords and ferries [000 4.2, 4.5].",
    HexsideKind.STREAM: "A minor watercourse; crossing it costs extra movement.",
    HexsideKind.CANAL: "Crossed only at bridges and ferries.",
    HexsideKind.GULLY: "A ravine along the edge; crossing it costs extra movement.",
    HexsideKind.CLIFF: "Stops movement across the edge [000 4.4].",
    HexsideKind.DIKE: "A raised bank along the edge.",
    HexsideKind.EMBANKMENT: "A raised bank along the edge (Panzer Battles).",
    HexsideKind.ESCARPMENT: "A steep slope along the edge; crossing it costs extra movement.",
    HexsideKind.AT_DITCH: "An anti-tank ditch: stops movement unless bridged [000 7.4].",
    HexsideKind.IMPASSABLE: "Nothing crosses the edge.",
    HexsideKind.HEDGEROW: 'A hedge along the edge [001 "Hedge Row Rules"].',
}


class HexsideTool(MapTool):
    """Drag along hex edges to draw a hexside feature; Shift-drag (or Erase) removes it."""

    name = "hexsides"
    label = "Hexsides"

    icon = "hexside"
    shortcut = "H"
    tip = "Drag along hex edges to draw rivers, streams, cliffs and other hexside features"

    def __init__(self, selection: Selection, parent: QObject | None = None) -> None:
        super().__init__(selection, parent)
        self._options: FeatureOptions | None = None
        self._trace: EdgeTrace | None = None
        self._erasing = False
        self._hover: EdgeKey | None = None

    # Options -----------------------------------------------------------------------------------

    def options(self) -> QWidget:
        return self.settings

    @property
    def settings(self) -> FeatureOptions:
        """The options widget (made on first use)."""
        if self._options is None:
            choices = [
                Choice(kind, feature_label(kind), HEXSIDE_TIPS[kind], hexside_icon(kind))
                for kind in HexsideKind
            ]
            self._options = FeatureOptions(
                [("Hexside feature", choices)],
                every_kind="Erase every kind",
                hint="Drag along the hex edges. Shift-drag erases; Esc cancels the drag.",
            )
            self._options.changed.connect(self.preview_changed)
        return self._options

    @property
    def kind(self) -> HexsideKind:
        """The kind drawn."""
        return HexsideKind(str(self.settings.choice()))

    # Input -------------------------------------------------------------------------------------

    def press(self, event: ToolEvent) -> None:
        if self.geometry is None:
            return
        found = nearest_edge(self.geometry, event.world)
        if found is None:
            self.message.emit("No hexside here: edges on the map's border hold no features")
            return
        self._erasing = self.settings.erase() or event.shift
        self._trace = EdgeTrace(self.geometry, found[0], event.world)
        self._hover = None
        self._describe()
        self.preview_changed.emit()

    def move(self, event: ToolEvent) -> None:
        if self._trace is not None and self._trace.extend(event.world):
            self._describe()
            self.preview_changed.emit()

    def release(self, event: ToolEvent) -> None:
        trace = self._trace
        if trace is None or self.document is None:
            return
        trace.extend(event.world)
        self._trace = None
        command = DrawHexsides(
            self.document,
            self.kind,
            trace.edges,
            erase=self._erasing,
            every_kind=self.settings.every_kind(),
        )
        if command.is_empty:
            self.message.emit("Nothing to change along those edges")
        else:
            self.document.push(command)
            self.message.emit(command.text())
        self.preview_changed.emit()

    def hover(self, event: ToolEvent) -> None:
        if self.geometry is None:
            return
        found = nearest_edge(self.geometry, event.world)
        edge = found[0] if found is not None else None
        if edge != self._hover:
            self._hover = edge
            if edge is not None and self.document is not None:
                (column, row), side = edge
                kinds = sorted(feature_label(k) for k in hexside_kinds(self.document.map, edge))
                what = ", ".join(kinds) if kinds else "nothing"
                self.message.emit(f"Edge of [{column}, {row}] {side.replace('_', ' ')}: {what}")
            self.preview_changed.emit()

    def cancel(self) -> None:
        if self._trace is not None:
            self._trace = None
            self.message.emit("Drawing cancelled")
        self._hover = None
        self.preview_changed.emit()

    def _describe(self) -> None:
        if self._trace is None:
            return
        count = len(self._trace.edges)
        noun = "hexsides" if self._erasing and self.settings.every_kind() else self.kind.value
        verb = "Erase" if self._erasing else "Draw"
        self.message.emit(
            f"{verb} {noun.replace('_', ' ')} along {count} edge{'s' if count != 1 else ''}"
        )

    # Preview -----------------------------------------------------------------------------------

    def paint_preview(self, painter: QPainter, frame: Frame) -> None:
        erasing = self.settings.erase()
        if self._trace is not None:
            edges = list(self._trace.edges)
            if self._erasing:
                paint_erased_edges(painter, frame, edges)
            else:
                paint_edges(painter, frame, edges, self.kind)
        elif self._hover is not None:
            if erasing:
                paint_edges(painter, frame, [self._hover], None, ERASE_GLOW)
            else:
                paint_edges(painter, frame, [self._hover], self.kind, HOVER_GLOW)

    @property
    def cursor(self) -> Qt.CursorShape:
        return Qt.CursorShape.CrossCursor
