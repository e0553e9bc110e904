"""The whole-process rows of `python -m bench`: `hexwright` as a designer and their CI meet it, a
fresh interpreter per run, the median of five, beside a bare interpreter and Tiled doing the
same work on the same terrain (bench.tiled) in the same run.

The fresh interpreters may write and reuse bytecode, as an installed Hexwright does (pip
compiles it at install), even where the benchmark itself runs with PYTHONDONTWRITEBYTECODE, and
the parse cache (`schemas/parse_cache.py`), as a designer's CI does from its second run on the
same files; a row beside the whole title's gives its figure with an empty cache.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import tiled
from bench.generate import MAP_NAME
from bench.measure import BUDGETS, Prepared, Title, measurement

RUNS = 5
"""Fresh processes per row; the row's figure is their median."""

TILED_FACTOR = {"validate": 2.0, "render": 1.5}
"""Our budget as a multiple of Tiled's figure for the same work (docs/architecture.md)."""

REPO = Path(__file__).resolve().parent.parent


def _environment() -> dict[str, str]:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    environment.setdefault("QT_QPA_PLATFORM", "offscreen")
    return environment


def run_once(command: list[str], environment: dict[str, str] | None = None) -> float:
    """Seconds one run of `command` takes, from starting the process to its end."""
    start = time.perf_counter()
    done = subprocess.run(
        command,
        cwd=REPO,
        env=environment or _environment(),
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: the benchmark title has warnings, maybe errors
        raise RuntimeError(
            f"{' '.join(command)} exited with {done.returncode}:\n"
            + done.stderr.decode(errors="replace")[-2000:]
        )
    return elapsed


def hexwright(*arguments: str) -> list[str]:
    """The command line of `hexwright ARGUMENTS` in a fresh interpreter of this Python."""
    return [sys.executable, "-m", "editor.cli", *arguments]


def _whole_process(
    command: list[str],
    note: str,
    environment: dict[str, str] | None = None,
    **options: object,
) -> Prepared:
    # Untimed: writes the bytecode an installed Hexwright would have, and the parse cache.
    run_once(command, environment)
    return Prepared(
        lambda: run_once(command, environment),
        note,
        reports_seconds=True,
        runs=RUNS,
        median=True,
        **options,  # type: ignore[arg-type]
    )


class _TiledFigures:
    """Tiled's medians per title and command, measured once and shared by the rows that compare
    with them."""

    def __init__(self) -> None:
        self.runs: dict[tuple[Path, str], list[float]] = {}
        self.folders: dict[Path, Path] = {}

    def tmx(self, title: Title) -> Path:
        """The TMX of the title's terrain, written once per run of the benchmark."""
        if title.folder not in self.folders:
            folder = Path(tempfile.mkdtemp(prefix="hexwright-bench-tiled-"))
            self.folders[title.folder] = folder
            tiled.write_tmx(title.models[MAP_NAME], folder)
        return self.folders[title.folder] / "terrain.tmx"

    def command(self, title: Title, kind: str) -> list[str]:
        """Tiled's command for `kind` of work ("validate" or "render") on the title's terrain."""
        tmx = self.tmx(title)
        if kind == "validate":
            return tiled.export_map_command(tmx)
        return tiled.rasterize_command(tmx, 1920)

    def run(self, title: Title, kind: str) -> float:
        """Seconds of one run of Tiled's command, kept for the budgets set from it."""
        seconds = run_once(self.command(title, kind), tiled.tiled_environment())
        self.runs.setdefault((title.folder, kind), []).append(seconds)
        return seconds

    def median(self, title: Title, kind: str) -> float:
        """The median of Tiled's last five runs: those its own row printed, or five more when
        that row was not selected."""
        runs = self.runs.setdefault((title.folder, kind), [])
        if len(runs) < RUNS:
            tiled.check_runs(self.command(title, kind))
            while len(runs) < RUNS:
                self.run(title, kind)
        return statistics.median(runs[-RUNS:])

    def budget(self, title: Title, kind: str, name: str) -> tuple[float, str]:
        """Our budget for `kind` of work and how it was set."""
        if not tiled.installed():
            return BUDGETS[name], "budget fixed (Tiled not installed)"
        figure = self.median(title, kind)
        factor = TILED_FACTOR[kind]
        return factor * figure, f"budget {factor:g}x Tiled's {figure * 1000:.0f} ms, this run"


TILED = _TiledFigures()


@measurement("whole process: python -c pass", 0.0)
def _bare_interpreter(title: Title) -> Prepared:
    return _whole_process(
        [sys.executable, "-c", "pass"],
        "the interpreter alone: the floor under every whole-process row, and a gauge of how "
        "loaded the machine is during this run",
        reference=True,
    )


@measurement("whole process: hexwright --help", BUDGETS["whole process: hexwright --help"])
def _help(title: Title) -> Prepared:
    return _whole_process(
        hexwright("--help"), "the parser only: no engine, Qt or file-format model is imported"
    )


@measurement("Tiled: tiled --export-map of the same terrain", 0.0, tiled.installed)
def _tiled_export(title: Title) -> Prepared:
    tiled.check_runs(TILED.command(title, "validate"))
    return Prepared(
        lambda: TILED.run(title, "validate"),
        "Tiled 1.8 reading the map's terrain as a TMX hex map (written by bench.tiled, CSV "
        "layer data) and writing it as JSON",
        reports_seconds=True,
        runs=RUNS,
        median=True,
        reference=True,
    )


@measurement(
    "whole process: validate the map alone", BUDGETS["whole process: validate the map alone"]
)
def _validate_map(title: Title) -> Prepared:
    budget, how = TILED.budget(title, "validate", "whole process: validate the map alone")
    return _whole_process(
        hexwright("validate", str(title.folder / MAP_NAME)),
        f"`hexwright validate` of the map file: read, format and self-checks, geometry; {how}",
        budget=budget,
    )


@measurement(
    "whole process: validate the whole title", BUDGETS["whole process: validate the whole title"]
)
def _validate_title(title: Title) -> Prepared:
    return _whole_process(
        hexwright("validate", str(title.folder)),
        "`hexwright validate` of the title folder: every file, the cross-file checks and the "
        "rules engine's setup checks",
    )


@measurement("whole process: validate the whole title, first read", 0.0)
def _validate_title_first_read(title: Title) -> Prepared:
    command = hexwright("validate", str(title.folder))

    def first_read() -> float:
        with tempfile.TemporaryDirectory(prefix="hexwright-bench-cache-") as folder:
            return run_once(command, {**_environment(), "HEXWRIGHT_CACHE_DIR": folder})

    first_read()  # untimed: writes the bytecode
    return Prepared(
        first_read,
        "the same with an empty parse cache each run, as on a designer's first run, a CI "
        "machine without the cache or a changed file: every file parsed and validated afresh "
        "(on two cores: schemas/read_ahead.py)",
        reports_seconds=True,
        runs=RUNS,
        median=True,
        reference=True,
    )


@measurement("Tiled: tmxrasterizer --size 1920 of the same terrain", 0.0, tiled.installed)
def _tiled_rasterize(title: Title) -> Prepared:
    tiled.check_runs(TILED.command(title, "render"))
    return Prepared(
        lambda: TILED.run(title, "render"),
        "Tiled 1.8's tmxrasterizer drawing the terrain layer of the same TMX map 1920 px wide",
        reports_seconds=True,
        runs=RUNS,
        median=True,
        reference=True,
    )


@measurement(
    "whole process: render the whole map at 1920 px",
    BUDGETS["whole process: render the whole map at 1920 px"],
)
def _render_map(title: Title) -> Prepared:
    budget, how = TILED.budget(title, "render", "whole process: render the whole map at 1920 px")
    out = Path(tempfile.mkdtemp(prefix="hexwright-bench-render-")) / "map.png"
    return _whole_process(
        hexwright("render", str(title.folder / MAP_NAME), "-o", str(out), "--width", "1920"),
        "`hexwright render` of the map file: terrain, relief, grid, hexsides, roads, rail, "
        f"crossings and names, offscreen, written as PNG; {how}",
        budget=budget,
    )
