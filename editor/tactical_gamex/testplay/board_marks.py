"""What test-play draws over the board: the game's counters where they now stand (with their
Disrupted and activation markers) and its neutral counters (`game_markers`), the chosen unit's
reach with the MP each hex costs, the path under the mouse, and the hex an attack is aimed
at."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from editor.tactical_gamex.board_view import SIZE
from editor.tactical_gamex.counter_art import paint_counter
from editor.tactical_gamex.testplay.game_markers import paint_game_markers

if TYPE_CHECKING:
    from editor.tactical_gamex.board_view import BoardView
    from engine.tactical_gamex.game import TacticalGame

Offset = tuple[int, int]

REACH = QColor(80, 200, 255, 70)
UNSEEN = QColor(20, 20, 30, 110)
PATH = QColor("#ffd21f")
TARGET = QColor("#e2382a")


@dataclass
class PlayMarks:
    """The marks of one test-play, painted by `paint` over the board view."""

    view: BoardView
    game: TacticalGame | None = None
    chosen: str | None = None
    """The unit the player chose."""
    group: tuple[str, ...] = ()
    """Units that joined the chosen one's Fire, Close Assault and Bridge Fire (Shift+click)."""
    reach: dict[Offset, float] = field(default_factory=dict)
    path: tuple[Offset, ...] = ()
    target: Offset | None = None
    sight: set[Offset] | None = None
    """The hexes in line of sight of the chosen unit, when the overlay is on [003 6.3.7]."""

    def paint(self, painter: QPainter) -> None:
        """Draw the marks (the view calls it after its own layers)."""
        if self.game is None:
            return
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        if self.sight is not None:
            # Shade what the chosen unit cannot see: the seen hexes stay as they are.
            painter.setBrush(UNSEEN)
            for spot in board_hexes(self.view):
                if spot not in self.sight:
                    painter.drawPolygon(self.view.polygon(spot))
        painter.setBrush(REACH)
        for spot in self.reach:
            painter.drawPolygon(self.view.polygon(spot))
        paint_game_markers(painter, self.view, self.game.state)
        self._paint_units(painter, self.game)
        self._paint_reach_costs(painter)
        if self.path:
            pen = QPen(PATH, 4)
            pen.setCosmetic(True)
            painter.setPen(pen)
            points = [self.view.center(spot) for spot in self.path]
            for a, b in itertools.pairwise(points):
                painter.drawLine(a, b)
        if self.target is not None:
            pen = QPen(TARGET, 4)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(self.view.polygon(self.target))
        painter.restore()

    def _paint_reach_costs(self, painter: QPainter) -> None:
        font = QFont(painter.font())
        font.setPixelSize(max(6, int(SIZE * 0.35)))
        painter.setFont(font)
        painter.setPen(QColor("#0b3d5c"))
        for spot, cost in self.reach.items():
            centre = self.view.center(spot)
            box = QRectF(centre.x() - SIZE, centre.y() + SIZE * 0.45, SIZE * 2, SIZE * 0.5)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{cost:g}")

    def _paint_units(self, painter: QPainter, game: TacticalGame) -> None:
        document = self.view.document
        if document is None:
            return
        types = {t.id: t for t in document.unit_types.unit_types}
        counters = {
            c.id: c.type
            for side in document.situation.sides
            for nation in side.nations
            for c in nation.counters
        }
        stacks: dict[Offset, list[Any]] = {}
        for unit in game.state.units.values():
            if unit.hex is not None and unit.carrier is None:
                stacks.setdefault(unit.hex, []).append(unit)
        side = SIZE * 1.3
        for spot, units in stacks.items():
            centre = self.view.center(spot)
            units.sort(key=lambda u: (u.id == self.chosen, u.id in self.group))
            for depth, unit in enumerate(units[-4:]):
                offset = depth * SIZE * 0.1
                rect = QRectF(
                    centre.x() - side / 2 + offset, centre.y() - side / 2 - offset, side, side
                )
                model = types.get(counters.get(unit.id, ""))
                if model is None:
                    continue
                paint_counter(
                    painter,
                    rect,
                    model,
                    label=unit.id,
                    selected=unit.id == self.chosen or unit.id in self.group,
                )
                flags = ("D " if unit.disrupted else "") + (
                    unit.marker.value[:1].upper() if unit.marker is not None else ""
                )
                if flags.strip():
                    painter.setPen(QColor("#e2382a"))
                    painter.drawText(
                        rect, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight, flags
                    )


def board_hexes(view: BoardView) -> list[Offset]:
    """Every hex of the assembled board the view shows."""
    board = view.board()
    if board is None:
        return []
    return [(c, r) for r in range(board.height) for c in range(board.width)]
