"""Timing a terrain brush stroke in the editor's map view: about fifty segments of a radius-1
stroke across a 1920x1080 view at about 40 pixels per hex on the benchmark title, each segment
being the mouse move through the view and the brush (the edit, merged into the stroke's undo
step, and the caches it invalidates) and then the repaint of the view.

`measure_stroke(view)` needs a QApplication (offscreen is fine: `QT_QPA_PLATFORM=offscreen`).
The stroke is cancelled at the end (as with Escape): the document is left as it was.
"""

from __future__ import annotations

import math
import sys
import time
from collections import Counter

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from bench.editor_paint import CLOSE_ZOOM, VIEW
from bench.generate import DEFAULT_SEED, DEFAULT_SIZE, SCENARIO_NAME, ensure_title
from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.terrain_tools import TerrainBrushTool
from engine.hexgrid import Grid

SEGMENTS = 50
"""Mouse moves in the stroke, one hex apart, left to right across the view with a gentle wave
(so segments run straight and diagonally)."""
BUDGET = 0.016
"""Seconds a segment may take, repaint included: one frame at 60 Hz."""

Offset = tuple[int, int]


def _path(start: Offset) -> list[Offset]:
    column, row = start
    return [(column + i, row + round(3 * math.sin(i / 6))) for i in range(SEGMENTS + 1)]


def _rarest_code(document: Document, hexes: list[Offset]) -> str:
    """The legend code least present around the path, so nearly every hex painted changes."""
    rows = document.map.terrain_rows
    seen = Counter(rows[r][c] for c, r in hexes)
    return min((entry.code for entry in document.map.terrain), key=lambda code: seen[code])


def _send(view: MapView, kind: QEvent.Type, hex_: Offset, held: bool) -> None:
    pixel: QPointF = view.hex_pixel(hex_)
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    buttons = Qt.MouseButton.LeftButton if held else Qt.MouseButton.NoButton
    event = QMouseEvent(
        kind, pixel, view.mapToGlobal(pixel), button, buttons, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(view, event)


def stroke_timings(target: Document | MapView) -> list[tuple[float, float]]:
    """For each segment of the stroke: seconds for the move (view, brush, edit) and for the
    repaint. `target` is a document, or a map view whose document is then measured in a
    1920x1080 view of its own."""
    if QApplication.instance() is None:
        QApplication([])
    document = target.document if isinstance(target, MapView) else target
    if document is None:
        raise ValueError("the map view shows no document")
    view = MapView(Selection())
    view.resize(VIEW)
    view.resize(VIEW + (view.size() - view.map_size()))
    view.set_document(document)
    brush = TerrainBrushTool(view.selection)
    view.set_tool(brush)
    brush.set_radius(1)
    view.set_zoom(CLOSE_ZOOM)
    middle = (document.map.width // 2, document.map.height // 2)
    view.center_on(middle)
    # Start a little in from the left edge of the view, on the middle row.
    start = view.hex_at(QPointF(3 * CLOSE_ZOOM, view.map_size().height() / 2)) or middle
    path = _path(start)
    grid = Grid(document.map.width, document.map.height, document.map.shifted_columns)
    band = [h for center in path for h in brush.footprint(grid.hex_at(*center))]
    brush.palette.set_current(_rarest_code(document, band))
    view.render_view()  # warm tiles, as a designer's view is before the stroke
    timings = []
    _send(view, QEvent.Type.MouseButtonPress, path[0], held=True)
    view.render_view()
    for hex_ in path[1:]:
        start_time = time.perf_counter()
        _send(view, QEvent.Type.MouseMove, hex_, held=True)
        moved = time.perf_counter()
        view.render_view()
        timings.append((moved - start_time, time.perf_counter() - moved))
    brush.cancel()  # as Escape: the stroke leaves nothing behind, nothing to redo
    _send(view, QEvent.Type.MouseButtonRelease, path[-1], held=False)
    view.set_tool(None)
    view.set_document(None)
    view.deleteLater()
    return timings


def measure_stroke(target: Document | MapView) -> dict[str, float]:
    """Seconds per stroke segment, the brush's edit and the view's repaint together: the mean
    ("stroke segment mean") and the slowest ("stroke segment worst"). Budget: 16 ms."""
    totals = [move + paint for move, paint in stroke_timings(target)]
    return {
        "stroke segment mean": sum(totals) / len(totals),
        "stroke segment worst": max(totals),
    }


def main() -> int:
    """`python -m bench.editor_stroke`: the figures for the benchmark title, with the share of
    the brush's edit and of the repaint."""
    app = QApplication.instance() or QApplication([])
    folder = ensure_title(DEFAULT_SIZE, DEFAULT_SEED)
    document = Document.open(folder / SCENARIO_NAME)
    timings = stroke_timings(document)
    moves = [move for move, _ in timings]
    paints = [paint for _, paint in timings]
    totals = [move + paint for move, paint in timings]
    print(f"{len(timings)} segments, budget {BUDGET * 1000:.0f} ms per segment")
    for name, values in (("segment", totals), ("  move + edit", moves), ("  repaint", paints)):
        mean = sum(values) / len(values)
        print(f"{name:<16} mean {mean * 1000:6.1f} ms   worst {max(values) * 1000:6.1f} ms")
    assert not document.undo_stack.canUndo()
    assert not document.is_dirty
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
