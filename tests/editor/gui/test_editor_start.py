"""What the editor's start wakes: opening a title and painting it imports none of the rules
engine (the game, its state and events, movement, combat, the setup checks, the computer
player, the balance lab), only the modules that name the schedule, the orders and the map's
geometry; the engine comes when test-play starts or a rule is first asked for."""

from __future__ import annotations

from pathlib import Path

from editor.live_checks import FIRST_PAINT_WAIT_MS
from tests.editor.gui.conftest import run_editor_script

NAMING_ONLY = frozenset(
    {
        "engine",
        "engine.hexgrid",
        "engine.panzer_campaigns",
        "engine.panzer_campaigns.clock",
        "engine.panzer_campaigns.weather",
        "engine.panzer_campaigns.timeline",
        "engine.panzer_campaigns.ai_orders",
        "engine.panzer_campaigns.map_checks",
        "engine.panzer_campaigns.orders",
        "engine.panzer_campaigns.play_options",
        "engine.panzer_campaigns.ruleset",
        "engine.panzer_campaigns.combat",
        "engine.panzer_campaigns.combat.kinds",
        "engine.panzer_campaigns.engineering",
        "engine.panzer_campaigns.engineering.works",
    }
)
"""The engine's modules the start may import: vocabularies, the clock and the schedule."""

_OPENED_AND_PAINTED = """
import sys
from pathlib import Path

from editor.app import application
from editor.main_window import MainWindow

if __name__ == "__main__":
    app = application()
    window = MainWindow()
    window.resize(1920, 1080)
    window.show()
    assert window.open_path(Path(sys.argv[1]))
    window.map_view.repaint()
    app.processEvents()
"""
"""A child process's script up to the title opened at 1920x1080 and its map painted once."""

OPEN_AND_PAINT = (
    _OPENED_AND_PAINTED
    + """\
    # The live checks run in their own process; checked here, the UI process would need the
    # setup checks.
    assert window.docks["problems"].checker.wait(60)
    app.processEvents()
    print(" ".join(sorted(name for name in sys.modules if name.startswith("engine"))))
    window.autosaver.close()
"""
)


def test_opening_and_painting_a_title_imports_no_rules_engine(
    ardennes: Path, private_settings: Path
) -> None:
    done = run_editor_script(OPEN_AND_PAINT, ardennes, private_settings)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = set(done.stdout.split("\n")[-2].split())
    assert (
        "engine.panzer_campaigns.timeline" in imported
    )  # the Timeline's and the map aids' schedule
    assert sorted(imported - NAMING_ONLY) == []


OPEN_AND_LIST_WAITING = (
    _OPENED_AND_PAINTED
    + """\
    print(" ".join(sorted(name for name, dock in window.docks.items() if not dock.is_built)))
    print(" ".join(sorted(name for name in sys.modules if name.startswith(("editor", "schemas")))))
    window.autosaver.close()
"""
)

LAZY_PANELS = frozenset({"balance"})
"""Panels behind another's tab at start that build their widgets when first shown (the Map
Aids, A/I Orders and Test-play panels are built at start: their widgets' minimum size is the
one their tab group takes, so the window's layout would change without them)."""

LATER_MODULES = frozenset(
    {
        "schemas.panzer_campaigns.testplay",
        "editor.testplay.log_export",
        "editor.docks.balance_run",
        "editor.docks.balance_store",
        "editor.docks.balance_charts",
        "editor.docks.balance_holds",
        "editor.docks.balance_views",
        "editor.testplay.session",
        "engine.panzer_campaigns.orders",
        "editor.printing.jobs",
        "editor.printing.paging",
        "editor.printing.reports",
    }
)
"""Modules a test-play's record, its event log's export and its start need, the test-play
session itself with the engine's orders, the print jobs with their page layout, and those of
the Balance panel, built when first shown: not the start."""


def test_the_panels_behind_tabs_wait_and_test_play_files_are_not_read_at_start(
    ardennes: Path, private_settings: Path
) -> None:
    done = run_editor_script(OPEN_AND_LIST_WAITING, ardennes, private_settings)
    assert done.returncode == 0, done.stderr[-2000:]
    waiting_line, modules_line = done.stdout.split("\n")[-3:-1]
    assert set(waiting_line.split()) >= LAZY_PANELS
    assert LATER_MODULES.isdisjoint(modules_line.split())


OPEN_PAINT_AND_CHECK = """
import sys
import time
from pathlib import Path

from PySide6.QtCore import QEvent, QObject

from editor import live_checks
from editor.app import application
from editor.main_window import MainWindow


class FirstPaint(QObject):
    seen = None

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and self.seen is None:
            # Whether the title had gone to the checking process when the window painted.
            self.seen = bool(live_checks._process) or checker.is_busy and not checker.is_pending
        return False


if __name__ == "__main__":
    app = application()
    window = MainWindow()
    window.resize(1920, 1080)
    checker = window.docks["problems"].checker
    first_paint = FirstPaint()
    window.installEventFilter(first_paint)
    assert window.open_path(Path(sys.argv[1]))
    window.show()
    app.processEvents()
    # No edit: the problems of the title as opened come on their own.
    start = time.monotonic()
    while not checker.problems and time.monotonic() - start < 60:
        app.processEvents()
        time.sleep(0.01)
    print(first_paint.seen, len(checker.problems), len(window.docks["problems"].model.problems()))
    # Another title opened in the shown window is checked once its map has painted, not after
    # the wait for a window never shown.
    assert window.open_path(Path(sys.argv[1]))
    start = time.monotonic()
    while checker.is_pending and time.monotonic() - start < 60:
        app.processEvents()
        time.sleep(0.005)
    print(time.monotonic() - start)
    checker.stop()
    window.autosaver.close()
"""


def test_the_live_checks_start_after_the_first_paint_and_show_the_title_s_problems(
    ardennes: Path, private_settings: Path
) -> None:
    done = run_editor_script(OPEN_PAINT_AND_CHECK, ardennes, private_settings)
    assert done.returncode == 0, done.stderr[-2000:]
    sent_before_paint, found, shown = done.stdout.split("\n")[-3].split()
    assert sent_before_paint == "False"
    assert int(found) > 0, "the sample has warnings and notes"
    assert int(shown) == int(found)
    assert float(done.stdout.split("\n")[-2]) < FIRST_PAINT_WAIT_MS / 1000
