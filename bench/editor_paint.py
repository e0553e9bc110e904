"""Timing the editor's map view: opening a document in it and repainting a 1920x1080 view,
zoomed in and on the whole map, with empty caches (cold) and again (warm).

`measure_repaint(document)` needs a QApplication (offscreen is fine: `QT_QPA_PLATFORM=offscreen`).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from PySide6.QtCore import QPointF, QSize
from PySide6.QtWidgets import QApplication

from bench.generate import DEFAULT_SEED, DEFAULT_SIZE, SCENARIO_NAME, ensure_title
from editor.document import Document
from editor.map.tiles import level_index, level_zoom
from editor.map.view import MapView
from editor.selection import Selection

VIEW = QSize(1920, 1080)
"""The map area measured (the widget is larger by its scroll bars)."""
CLOSE_ZOOM = level_zoom(level_index(40.0) - 1)
"""About 40 pixels per hex: the zoom level just below 40 (38 px), where tiles copy one to one
as after zooming with the wheel or keys."""
REPEAT = 3


def _busiest_hex(document: Document) -> tuple[int, int]:
    """The middle of the 20x20 block of hexes holding most placed units."""
    blocks = Counter((p.hex[0] // 20, p.hex[1] // 20) for p in document.scenario.placements)
    if not blocks:
        return document.map.width // 2, document.map.height // 2
    (column, row), _ = blocks.most_common(1)[0]
    return column * 20 + 10, row * 20 + 10


def _timed(view: MapView) -> float:
    start = time.perf_counter()
    view.render_view()
    return time.perf_counter() - start


def _cold(view: MapView) -> float:
    assert view.scene is not None
    view.scene.tiles.clear()
    view.scene.counters.clear()
    view.scene.labels.clear()
    return _timed(view)


def _new_level(view: MapView, notch: int) -> float:
    """The first paint after one wheel notch in (1) or out (-1) from the warm close zoom: the
    level stepped to has no tiles yet, everything else is as the designer left it."""
    assert view.scene is not None
    view.scene.tiles.clear()
    view.set_zoom(CLOSE_ZOOM)
    view.render_view()
    middle = QPointF(view.map_size().width() / 2, view.map_size().height() / 2)
    view.zoom_about(view.viewport.step_zoom(notch), middle)  # what a wheel notch does
    return _timed(view)


def measure_repaint(target: Document | MapView) -> dict[str, float]:
    """Seconds to repaint a 1920x1080 map view zoomed in (about 40 px per hex, on the busiest
    part of the map) and fitted to the whole map: warm (best of three, as after any pan or
    hover) under "repaint zoomed in" / "repaint whole map", and cold (every cache emptied
    first) under the same names with " cold". For a document, "open view" is the time to
    show it in a new view up to the first whole-map picture. "first paint at a new zoom
    level" is the slower of one wheel notch in and one out from the warm close zoom.

    `target` is a document, or the map view of a window: the view's document is then measured
    in a view of its own, so the figures are for exactly 1920x1080 whatever the docks leave
    to the window's map and the window's caches stay as they were."""
    if QApplication.instance() is None:
        QApplication([])
    document = target.document if isinstance(target, MapView) else target
    if document is None:
        raise ValueError("the map view shows no document")
    view = MapView(Selection())
    view.resize(VIEW)
    view.resize(VIEW + (view.size() - view.map_size()))
    start = time.perf_counter()
    view.set_document(document)
    view.render_view()
    timings = {} if isinstance(target, MapView) else {"open view": time.perf_counter() - start}
    view.zoom_to_fit()
    timings["repaint whole map cold"] = min(_cold(view) for _ in range(REPEAT))
    timings["repaint whole map"] = min(_timed(view) for _ in range(REPEAT))
    view.set_zoom(CLOSE_ZOOM)
    view.center_on(_busiest_hex(document))
    timings["repaint zoomed in cold"] = min(_cold(view) for _ in range(REPEAT))
    timings["repaint zoomed in"] = min(_timed(view) for _ in range(REPEAT))
    timings["first paint at a new zoom level"] = max(
        min(_new_level(view, notch) for _ in range(REPEAT)) for notch in (1, -1)
    )
    view.set_document(None)
    view.deleteLater()
    return timings


def main() -> int:
    """`python -m bench.editor_paint`: the figures for the benchmark title."""
    app = QApplication.instance() or QApplication([])
    folder = ensure_title(DEFAULT_SIZE, DEFAULT_SEED)
    start = time.perf_counter()
    document = Document.open(folder / SCENARIO_NAME)
    print(f"load {time.perf_counter() - start:.3f} s")
    for name, seconds in measure_repaint(document).items():
        print(f"{name:<24} {seconds * 1000:8.1f} ms")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
