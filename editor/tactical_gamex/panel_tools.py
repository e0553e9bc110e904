"""The board tools that paint the panel files under the assembled board: Terrain, Hills (level
and mass), Hexsides (slope, ridge, cliff, green, wooded), Roads, Fords & Bridges, and the
printed names; what they paint is chosen in the Panel Map panel (`PanelBrush`). A
press-drag-release is one undo step.

They paint on the assembled board, not on a panel opened alone: a designer draws a panel's
hills, streams and roads to meet its neighbours', and only the board shows both sides of a
seam. A situation laid out with one panel edits that panel alone. Which panel files a seam hex
or edge writes is `editor.tactical_gamex.panel_edits`' decision.

A stream is a hex terrain here, not a hexside: the rules' stream (river, ravine, wadi) is a hex
that units enter Down and leave Up [003 6.3.9, digest B.3]; Down and Up are states of the units
in it, so the Terrain tool paints Stream and the Fords & Bridges tool what is printed in it.
"""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QInputDialog

from editor.tactical_gamex.board_tools import BoardTool, TgxSelection
from editor.tactical_gamex.board_view import SIZE, BoardView
from editor.tactical_gamex.panel_commands import EditPanels
from editor.tactical_gamex.panel_edits import PanelBrush, PanelEdit
from editor.tools.base import new_stroke
from editor.tools.edge_geometry import NEAR_MIDDLE
from schemas.tactical_gamex.board import OPPOSITE, neighbor
from schemas.tactical_gamex.vocabulary import Terrain
from schemas.vocabulary import Direction

Offset = tuple[int, int]


class PanelTool(BoardTool):
    """A tool painting panel files: each press starts a stroke, merged into one undo step."""

    def __init__(self, view: BoardView, chosen: TgxSelection) -> None:
        super().__init__(view, chosen)
        self._stroke = 0
        self._erase = False

    @property
    def brush(self) -> PanelBrush:
        """The shared choices of the Panel Map panel."""
        return self.chosen.brush

    def press(self, spot: Offset, event: QMouseEvent) -> bool:
        if self.view.document is None or self.view.board() is None:
            return True
        self._stroke = new_stroke()
        self._erase = event.button() == Qt.MouseButton.RightButton
        self.begin(spot, event)
        return True

    def drag(self, spot: Offset, event: QMouseEvent) -> None:
        if self._stroke:
            self.extend(spot, event)

    def release(self, spot: Offset | None, event: QMouseEvent) -> None:
        self._stroke = 0

    def begin(self, spot: Offset, event: QMouseEvent) -> None:
        """The stroke's first hex."""
        self.extend(spot, event)

    def extend(self, spot: Offset, event: QMouseEvent) -> None:
        """A hex the stroke passes."""

    def edit(self) -> PanelEdit | None:
        """A new edit of the panels under the board."""
        document, board = self.view.document, self.view.board()
        if document is None or board is None:
            return None
        return PanelEdit(board, document.panels)

    def commit(self, edit: PanelEdit, text: str) -> None:
        """Push an edit's panels as a step of the stroke."""
        document = self.view.document
        if document is not None and edit.changed:
            document.push(EditPanels(document, edit.changed, text, ("panel", self._stroke)))


class TerrainPaintTool(PanelTool):
    """Paint the chosen terrain; the right button paints Clear."""

    name = "tgx_paint_terrain"
    label = "Panel Terrain"
    icon = "paintbrush"
    tip = "Drag over hexes to paint the terrain chosen in Panel Map; the right button paints Clear"

    def extend(self, spot: Offset, event: QMouseEvent) -> None:
        edit = self.edit()
        if edit is None:
            return
        terrain = Terrain.CLEAR if self._erase else self.brush.terrain
        edit.set_terrain(spot, terrain)
        self.commit(edit, f"Paint {terrain.value.title()}")
        document = self.view.document
        if document is not None and any(
            edit.board.hex_of(o.hex) == spot for o in document.situation.board.overrides
        ):
            # The panel is painted; the situation's own change of the hex still plays.
            self.chosen.message.emit(
                "The panel is painted, but this situation changes the hex's terrain "
                "(board overrides): the board shows the situation's"
            )


class HillTool(PanelTool):
    """Paint hexes to the chosen hill level and mass; the right button lowers them to level 0."""

    name = "tgx_paint_hills"
    label = "Panel Hills"
    icon = "mountain"
    tip = (
        "Drag over hexes to give them the hill level and mass chosen in Panel Map; the right "
        "button makes them level ground"
    )

    def extend(self, spot: Offset, event: QMouseEvent) -> None:
        edit = self.edit()
        if edit is None:
            return
        level = 0 if self._erase else self.brush.level
        edit.set_hill(spot, level, self.brush.mass)
        self.commit(edit, "Paint Hill Level" if level else "Flatten Hill")


class HexsidePaintTool(PanelTool):
    """Click an edge to add or take away the chosen hexside kind; drag along edges to draw it;
    the right button clears every kind of the edges it passes."""

    name = "tgx_paint_hexsides"
    label = "Panel Hexsides"
    icon = "hexside"
    tip = (
        "Click near a hex edge to add or remove the hexside chosen in Panel Map, drag along "
        "edges to draw it; the right button clears edges"
    )

    def __init__(self, view: BoardView, chosen: TgxSelection) -> None:
        super().__init__(view, chosen)
        self._adding = True
        self._done: set[tuple[Offset, Direction]] = set()
        self.hovered: tuple[Offset, Direction] | None = None
        """The edge under the mouse, shown before a click."""

    def hover(self, spot: Offset | None, event: QMouseEvent) -> None:
        """Show the edge a click would act on."""
        edge = self.edge_at(spot, event) if spot is not None else None
        if edge != self.hovered:
            self.hovered = edge
            self.view.item.update()

    def paint_preview(self, painter: QPainter) -> None:
        """The edge under the mouse, drawn over the board."""
        if self.hovered is None or self.view.tool is not self:
            return
        spot, side = self.hovered
        a, b = self.view.layout.side_ends(self.view.grid.hex_at(*spot), side)
        pen = QPen(QColor(255, 210, 31, 220), 5)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(*a), QPointF(*b))

    def edge_at(self, spot: Offset, event: QMouseEvent) -> tuple[Offset, Direction]:
        """The edge of a hex nearest the mouse."""
        point = self.view.mapToScene(event.position().toPoint())
        side = self.view.layout.nearest_side(self.view.grid.hex_at(*spot), point.x(), point.y())
        return spot, side

    def begin(self, spot: Offset, event: QMouseEvent) -> None:
        edit = self.edit()
        if edit is None:
            return
        edge = self.edge_at(spot, event)
        self._adding = self.brush.hexside not in edit.hexside_kinds(*edge)
        self._done = set()
        self._paint(edge)

    def extend(self, spot: Offset, event: QMouseEvent) -> None:
        # A drag takes an edge only near its middle, as the Panzer map's hexside tools do: a
        # drag along the edges then takes each in turn, and none across a hex's middle.
        edge = self.edge_at(spot, event)
        point = self.view.mapToScene(event.position().toPoint())
        middle = self.view.layout.side_middle(self.view.grid.hex_at(*spot), edge[1])
        reach = NEAR_MIDDLE * SIZE * math.sqrt(3)  # NEAR_MIDDLE is in hexes, centre to centre
        if math.hypot(point.x() - middle[0], point.y() - middle[1]) <= reach:
            self._paint(edge)

    def _paint(self, edge: tuple[Offset, Direction]) -> None:
        edit = self.edit()
        if edit is None:
            return
        twin = (neighbor(*edge[0], edge[1]), OPPOSITE[edge[1]])
        if edge in self._done or twin in self._done:
            return
        self._done.add(edge)
        kinds = set(edit.hexside_kinds(*edge))
        kind = self.brush.hexside
        if self._erase:
            kinds.clear()
            text = "Clear Hexside"
        elif self._adding:
            kinds.add(kind)
            text = f"Draw {kind.value.title()}"
        else:
            kinds.discard(kind)
            text = f"Remove {kind.value.title()}"
        edit.set_hexside(*edge, kinds)
        self.commit(edit, text)


class RoadPaintTool(PanelTool):
    """Drag from hex to hex to lay a road; the right button takes it up."""

    name = "tgx_paint_roads"
    label = "Panel Roads"
    icon = "route"
    tip = (
        "Drag from hex to neighbouring hex to lay a road; drag with the right button to take it up"
    )

    def __init__(self, view: BoardView, chosen: TgxSelection) -> None:
        super().__init__(view, chosen)
        self._last: Offset | None = None

    def begin(self, spot: Offset, event: QMouseEvent) -> None:
        self._last = spot

    def extend(self, spot: Offset, event: QMouseEvent) -> None:
        last = self._last
        if last is None or spot == last:
            return
        # A fast drag skips hexes: the road follows the line between the two.
        steps = self.view.grid.line_steps(last, spot)
        path = [(last[0] + dc, last[1] + dr) for dc, dr in steps]
        self._last = spot
        edit = self.edit()
        if edit is None:
            return
        for a, b in itertools.pairwise(path):
            direction = self.view.grid.direction_between(a, b)
            if direction is not None and not edit.set_road(a, direction, not self._erase):
                self.chosen.message.emit(
                    "Refused — this road crosses into a turned panel where neither panel "
                    "file can hold it; lay it one hex along"
                )
        self.commit(edit, "Remove Road" if self._erase else "Draw Road")


class FeaturePaintTool(PanelTool):
    """Click a stream hex to put the chosen bridge or ford there; the right button removes it."""

    name = "tgx_paint_features"
    label = "Panel Fords & Bridges"
    icon = "bridge"
    tip = (
        "Click a stream hex to put the bridge or ford chosen in Panel Map there; the right "
        "button removes it"
    )

    def begin(self, spot: Offset, event: QMouseEvent) -> None:
        edit = self.edit()
        if edit is None:
            return
        if not self._erase and edit.board.terrain_at(*spot) is not Terrain.STREAM:
            # [003 6.3.9] bridges and fords are printed in stream hexes.
            self.chosen.message.emit("Refused — a bridge or ford stands in a stream hex")
            return
        kind = None if self._erase else self.brush.feature
        edit.set_feature(spot, kind)
        self.commit(edit, f"Put {kind.value.title()}" if kind else "Remove Bridge or Ford")


class PanelNamesTool(PanelTool):
    """The panels' printed names (a village, a hill) on the board, as the Panzer map's Labels
    tool letters place names: click a hex to print a name there or rename the one it has, drag
    a name to another hex to move it, the right button deletes it. Each is one undo step."""

    name = "tgx_panel_names"
    label = "Panel Names"
    icon = "type"
    tip = (
        "Click a hex to print a name there or rename its name, drag a name to another hex to "
        "move it; the right button deletes it"
    )

    def __init__(self, view: BoardView, chosen: TgxSelection) -> None:
        super().__init__(view, chosen)
        self._from: Offset | None = None

    def begin(self, spot: Offset, event: QMouseEvent) -> None:
        self._from = spot
        if not self._erase:
            return
        self._from = None
        edit = self.edit()
        if edit is None:
            return
        name = edit.name_at(spot)
        if name is None:
            self.chosen.message.emit("No name printed here to delete")
            return
        edit.set_name(spot, None)
        self.commit(edit, f"Delete Name {name}")

    def release(self, spot: Offset | None, event: QMouseEvent) -> None:
        start, self._from = self._from, None
        edit = self.edit()
        if start is not None and edit is not None:
            name = edit.name_at(start)
            if spot is None or spot == start:
                self._name_hex(edit, start, name)
            elif name is not None:
                self._move(edit, start, spot, name)
        super().release(spot, event)  # the step is this press's own: no merging with the next

    def _name_hex(self, edit: PanelEdit, spot: Offset, name: str | None) -> None:
        if not edit.holders(spot):
            self.chosen.message.emit("Refused — this hex is on no panel: nothing is printed here")
            return
        asked = self.ask_name(spot, name or "")
        text = asked.strip() if asked is not None else None
        if text is None or text == name:
            return
        if not text:
            self.chosen.message.emit("Refused — a printed name cannot be empty")
            return
        edit.set_name(spot, text)
        self.commit(edit, f"Rename {name} to {text}" if name else f"Print Name {text}")

    def _move(self, edit: PanelEdit, start: Offset, spot: Offset, name: str) -> None:
        if edit.name_at(spot) is not None:
            self.chosen.message.emit(f"Refused — {edit.name_at(spot)} is printed there already")
            return
        if not edit.holders(spot):
            self.chosen.message.emit("Refused — that hex is on no panel: nothing is printed there")
            return
        edit.set_name(start, None)
        edit.set_name(spot, name)
        self.commit(edit, f"Move Name {name}")

    def ask_name(self, spot: Offset, current: str) -> str | None:
        """The name to print in a hex, or None when the designer cancelled (tests replace it).
        The addresses of the hex head the question."""
        board = self.view.board()
        where = " / ".join(board.addresses.get(spot, ())) if board is not None else ""
        text, ok = QInputDialog.getText(
            self.view,
            "Rename Printed Name" if current else "Print a Name",
            f"Name printed at {where}:",
            text=current,
        )
        return text if ok else None


PANEL_TOOL_CLASSES: tuple[type[BoardTool], ...] = (
    TerrainPaintTool,
    HillTool,
    HexsidePaintTool,
    RoadPaintTool,
    FeaturePaintTool,
    PanelNamesTool,
)
