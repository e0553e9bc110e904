"""The Timeline panel's row: its tracks rebuilt from the generated title (300 reinforcements,
hundreds of organizations) and painted at 1920x400, as after every edit of the scenario."""

from __future__ import annotations

import os

from bench.measure import Prepared, Title, measurement

ROW = "editor: timeline rebuilt and painted after an edit (1920x400, every echelon)"
BUDGET = 0.1


@measurement(ROW, BUDGET)
def _timeline(title: Title) -> Prepared:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Qt is imported only for this row: the other rows stay headless.
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from editor.docks.timeline_dock import TimelineDock  # noqa: PLC0415
    from editor.document import Document  # noqa: PLC0415
    from editor.selection import Selection  # noqa: PLC0415

    app = QApplication.instance() or QApplication([])
    document = Document.open(title.scenario_path)
    dock = TimelineDock(Selection())
    dock.set_document(document)
    dock.echelon.setCurrentIndex(dock.echelon.count() - 1)
    dock.resize(1920, 400)
    dock.show()
    app.processEvents()

    def rebuild_and_paint() -> None:
        dock.refresh()
        dock.view.viewport().grab()

    def close() -> None:
        dock.close()

    tracks = len(dock.view.timeline.tracks)
    events = sum(len(track.events) for track in dock.view.timeline.tracks)
    return Prepared(
        rebuild_and_paint,
        f"TimelineDock.refresh and a paint of the visible rows ({tracks} tracks, {events} markers)",
        cleanup=close,
    )
