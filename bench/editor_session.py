"""One editor session on the benchmark title, in its own process: `python -m
bench.editor_session SCENARIO` opens the scenario in the main window offscreen and prints JSON
with the time to an interactive window, the repaint times and the process's peak memory.

"open to interactive" counts from the parent starting the process (the time it passes in
`HEXWRIGHT_BENCH_LAUNCHED`) to the window showing the title's map and handling events, as a
designer starting the editor meets it. A process of its own per run, so that nothing warmed by
an earlier run (the board cache, Qt's font cache) flatters the figures and the peak memory is
the editor's alone.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

LAUNCHED = "HEXWRIGHT_BENCH_LAUNCHED"
"""The environment variable holding when the parent started this process (`time.time()`)."""


def session(scenario: Path) -> dict[str, float]:
    """Open the scenario in a 1920x1080 window and measure; figures in seconds and MB."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("HEXWRIGHT_DATA_DIR", tempfile.mkdtemp(prefix="hexwright-bench-"))
    # Qt is imported only now, after the platform is chosen, and the benchmark's own modules
    # only after the window is interactive: the editor alone is timed.
    from editor import regex_cache  # noqa: PLC0415
    from editor.startup import paused_collection  # noqa: PLC0415

    regex_cache.preload()  # as `hexwright` does before Qt is imported

    # The garbage collector paused as `hexwright` pauses it (editor.cli, editor.app.run): over
    # the imports, then over building, showing and opening the window; what each made is then
    # kept out of later collections.
    with paused_collection(keep=True):
        from PySide6.QtWidgets import QApplication  # noqa: PLC0415

        from editor.app import application  # noqa: PLC0415
        from editor.main_window import MainWindow  # noqa: PLC0415

    app = application()
    imported, start = time.time(), time.perf_counter()
    with paused_collection(keep=True):
        window = MainWindow()
        window.resize(1920, 1080)
        window.show()
        if not window.open_path(scenario):
            raise SystemExit(f"could not open {scenario}")
    # Interactive: the window has painted the map once and handles events.
    window.map_view.repaint()
    app.processEvents()
    opened = time.perf_counter() - start
    # The process's CPU time so far (its threads, not the checking process): what the open
    # costs, whatever else the machine is doing.
    cpu = time.process_time()
    regex_cache.remember_start()
    figures = {"open to interactive, window only": opened}
    launched = float(os.environ.get(LAUNCHED, "nan"))
    # From the parent starting this process: the interpreter, the imports and the window.
    figures["open to interactive"] = opened + imported - launched
    figures["open to interactive, CPU"] = cpu
    from bench.editor_paint import measure_repaint  # noqa: PLC0415
    from bench.editor_stroke import measure_stroke  # noqa: PLC0415

    document = window.document
    assert document is not None
    figures.update(measure_repaint(window.map_view))
    figures.update(measure_stroke(window.map_view))
    figures["peak memory MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # The Problems panel checks in a child process: let the first check finish and count it.
    checker = window.docks["problems"].checker  # type: ignore[attr-defined]
    start = time.perf_counter()
    while checker.is_busy and time.perf_counter() - start < 120:
        app.processEvents()
        time.sleep(0.01)
    figures["check process peak memory MB"] = sum(
        _peak_mb(child.pid) for child in multiprocessing.active_children() if child.pid
    )
    window.autosaver.close()
    QApplication.closeAllWindows()
    return figures


def _peak_mb(pid: int) -> float:
    """A process's peak resident memory (Linux: VmHWM in /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return 0.0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


if __name__ == "__main__":
    print(json.dumps(session(Path(sys.argv[1]))))
