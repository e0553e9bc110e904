"""The Timeline scrubber's mark on the map: a ring on every hex holding units that are on the
map at the scrubbed turn (placed, or arrived by then, not yet withdrawn), solid when certain,
dashed and fainter when their arrival is left to chance. Drawn over the Map Aids."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen

from editor.docks.table_columns import turn_clock
from editor.document import Change, Document
from editor.map.geometry import Frame
from editor.map.scenario_index import Offset
from engine.panzer_campaigns.timeline import presence_at, scheduled_turn
from schemas.io import FileKind

if TYPE_CHECKING:
    from editor.map.view import MapOverlay

PRESENCE_COLOR = QColor("#e11d48")


def present_hexes(document: Document, turn: int) -> dict[Offset, float]:
    """Each hex holding units on the map at `turn`, with the best chance one of them is there
    (1.0: certain). A unit is where it is placed, or at its reinforcement's arrival hex."""
    clock = turn_clock(document)
    if clock is None:
        return {}
    scenario = document.scenario
    index = document.oob_index
    presence = presence_at(scenario, index, clock, turn)
    where: dict[str, Offset] = {p.unit: (p.hex[0], p.hex[1]) for p in scenario.placements}
    for reinforcement in scenario.reinforcements:
        due = scheduled_turn(clock, reinforcement)
        if due is None or due > turn:
            continue
        hex_ = (reinforcement.hex[0], reinforcement.hex[1])
        units = [*reinforcement.units]
        for organization in reinforcement.organizations:
            units.extend(index.iter_units_under(organization))
        for unit in units:
            where.setdefault(unit, hex_)
    chances: dict[Offset, float] = {}
    for unit in presence.certain:
        if unit in where:
            chances[where[unit]] = 1.0
    for unit, chance in presence.probable.items():
        if unit in where:
            chances[where[unit]] = max(chances.get(where[unit], 0.0), chance)
    return chances


class PresenceOverlay(QObject):
    """The overlay under it (the Map Aids), then the rings of the scrubbed turn."""

    changed = Signal()

    def __init__(self, inner: MapOverlay, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.inner = inner
        self.turn: int | None = None
        self.document: Document | None = None
        self._hexes: tuple[tuple[int, int, int], dict[Offset, float]] | None = None

    def set_document(self, document: Document | None) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._document_changed)
        self.document = document
        self._hexes = None
        if document is not None:
            document.changed.connect(self._document_changed)
        self.changed.emit()

    def set_turn(self, turn: int | None) -> None:
        """Ring what is on the map at `turn` (None: nothing)."""
        if turn != self.turn:
            self.turn = turn
            self.changed.emit()

    def _document_changed(self, change: Change) -> None:
        if self.turn is not None and change.kind in (FileKind.SCENARIO, FileKind.OOB):
            self.changed.emit()

    def hexes(self) -> dict[Offset, float]:
        """The ringed hexes and their chance, kept until the scenario or OOB changes."""
        document = self.document
        if document is None or self.turn is None:
            return {}
        key = (document.version(FileKind.SCENARIO), document.version(FileKind.OOB), self.turn)
        if self._hexes is None or self._hexes[0] != key:
            self._hexes = (key, present_hexes(document, self.turn))
        return self._hexes[1]

    def paint(self, painter: QPainter, frame: Frame) -> None:
        self.inner.paint(painter, frame)
        hexes = self.hexes()
        if not hexes:
            return
        shown = frame.hexes(margin=1)
        if shown is None:
            return
        c0, c1, r0, r1 = shown
        radius = 0.42 * frame.zoom
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for (column, row), chance in hexes.items():
            if not (c0 <= column <= c1 and r0 <= row <= r1):
                continue
            color = QColor(PRESENCE_COLOR)
            color.setAlphaF(0.35 + 0.65 * chance)
            pen = QPen(color, max(2.0, frame.zoom / 14))
            if chance < 1.0:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            x, y = frame.point((column, row))
            painter.drawEllipse(QPointF(x, y), radius, radius)
        painter.restore()
