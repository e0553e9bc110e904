"""Live checks: the same problems as `hexwright validate`, placed in the text as it will be
saved, re-checked only where an edit changed something, off the UI thread and process."""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QTimer
from PySide6.QtWidgets import QTableView

from editor import live_checks
from editor.commands import SetValue
from editor.document import Document
from editor.live_checks import CheckCache, LiveChecker, check_document_files, check_process
from editor.model_paths import get_at
from editor.startup import keep_what_started, release_what_started
from engine.panzer_campaigns.validation import validate_paths
from schemas import parse_cache
from schemas.io import FileKind
from schemas.problems import Problem

_ROOT = QModelIndex()

WAIT_MS = 20_000
"""Generous: the first check of a session starts the checking process."""


def _placed(problems: list[Problem]) -> Counter[tuple[str, str | None, int | None]]:
    return Counter((p.code, p.file, p.line) for p in problems)


def _move_first_placement(document: Document, hex_: tuple[int, int]) -> None:
    document.push(
        SetValue(document, FileKind.SCENARIO, ("placements", 0, "hex"), hex_, "Move Unit")
    )


@pytest.fixture
def checker(qapp) -> Iterator[LiveChecker]:
    """A checker that waits 50 ms after the last edit; stopped after the test."""
    checker = LiveChecker(delay_ms=50)
    yield checker
    checker.stop()


# The pure check ---------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", ["ardennes", "stoumont"])
def test_an_open_scenario_has_the_problems_hexwright_validate_prints(
    scenario: str, request: pytest.FixtureRequest, qapp
) -> None:
    path: Path = request.getfixturevalue(scenario)
    live = check_document_files(Document.open(path).bundle())
    assert live, "the samples have warnings and notes"
    assert _placed(live) == _placed(validate_paths([path]).problems)


def test_an_edited_file_is_placed_as_it_will_be_saved(document: Document) -> None:
    _move_first_placement(document, (80, 12))
    live = check_document_files(document.bundle())
    assert [p.code for p in live if p.is_error] == ["HEX001"]
    document.save()
    on_disk = validate_paths([document.scenario_path]).problems
    assert _placed(live) == _placed(on_disk)


def test_a_rule_across_fields_is_checked_in_an_edited_file(document: Document) -> None:
    # The reinforcement arrives `at` a time; giving it a turn as well breaks a model rule that
    # setting one field cannot see.
    assert document.scenario.reinforcements[0].at is not None
    path = ("reinforcements", 0, "turn")
    document.push(SetValue(document, FileKind.SCENARIO, path, 5, "Set Reinforcement Turn"))
    errors = [p for p in check_document_files(document.bundle()) if p.is_error]
    assert [p.code for p in errors] == ["SCHEMA001"]
    assert "either `turn` or `at`" in errors[0].message
    assert errors[0].file == str(document.scenario_path)
    assert errors[0].line is not None
    assert errors[0].line > 200
    # The file would not load once saved; its other problems are still listed.
    _move_first_placement(document, (80, 12))
    errors = [p for p in check_document_files(document.bundle()) if p.is_error]
    assert sorted(p.code for p in errors) == ["HEX001", "SCHEMA001"]


def test_a_file_the_edit_did_not_touch_is_not_checked_again(
    document: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[FileKind] = []
    check_file = live_checks.check_file

    def counting(loaded, cache=None):  # type: ignore[no-untyped-def]
        checked.append(loaded.kind)
        return check_file(loaded, cache)

    monkeypatch.setattr(live_checks, "check_file", counting)
    cache = CheckCache()
    first = check_document_files(document.bundle(), cache)
    assert FileKind.MAP in checked
    assert FileKind.OOB in checked
    checked.clear()
    _move_first_placement(document, (80, 12))
    check_document_files(document.bundle(), cache)
    assert checked == [FileKind.SCENARIO]
    checked.clear()
    document.undo_stack.undo()
    assert check_document_files(document.bundle(), cache) == first
    assert checked == []


def test_the_check_reports_its_stages(document: Document) -> None:
    stages: list[tuple[str, int, int]] = []
    check_document_files(document.bundle(), progress=lambda *stage: stages.append(stage))
    assert stages[0] == ("Checking road_to_bastogne.scenario.yaml", 0, 6)
    assert stages[-1] == ("Done", 6, 6)


# The checker ------------------------------------------------------------------------------------


def test_an_edit_is_checked_after_the_debounce_and_undo_clears_it(
    qtbot, document: Document, checker: LiveChecker
) -> None:
    checker.set_document(document)
    qtbot.waitUntil(lambda: not checker.is_busy and bool(checker.problems), timeout=WAIT_MS)
    clean = checker.problems
    _move_first_placement(document, (80, 12))
    assert checker.is_busy
    qtbot.waitUntil(lambda: any(p.code == "HEX001" for p in checker.problems), timeout=WAIT_MS)
    document.undo_stack.undo()
    qtbot.waitUntil(lambda: checker.problems == clean, timeout=WAIT_MS)


def test_a_first_check_held_for_the_paint_starts_once_the_widget_paints(
    qtbot, document: Document, checker: LiveChecker
) -> None:
    window = QTableView()
    qtbot.addWidget(window)
    checker.start_after_paint(window)
    checker.set_document(document)
    assert checker.is_pending
    assert checker.is_busy, "the panel shows it is checking"
    qtbot.wait(100)  # the event loop runs, but nothing painted: the title is not sent yet
    assert checker.is_pending
    assert not checker.problems
    window.show()
    qtbot.waitUntil(lambda: not checker.is_busy and bool(checker.problems), timeout=WAIT_MS)
    assert checker.problems == check_document_files(document.bundle())


def test_waiting_for_a_held_first_check_starts_it(
    qtbot, document: Document, checker: LiveChecker
) -> None:
    checker.start_after_paint(QTableView())  # never shown, never painted
    checker.set_document(document)
    assert checker.is_pending
    with qtbot.waitSignal(checker.checked, timeout=WAIT_MS):
        assert checker.wait(60)
    assert not checker.is_pending
    assert checker.problems == check_document_files(document.bundle())


def test_results_of_a_snapshot_an_edit_outdated_are_dropped(
    qtbot, document: Document, checker: LiveChecker
) -> None:
    checker.set_document(document)
    qtbot.waitUntil(lambda: not checker.is_busy, timeout=WAIT_MS)
    shown: list[list[Problem]] = []
    checker.checked.connect(shown.append)
    _move_first_placement(document, (80, 12))
    checker.check_now()  # checks the broken placement...
    document.undo_stack.undo()  # ...which is gone before the result can arrive
    qtbot.waitUntil(lambda: bool(shown) and not checker.is_busy, timeout=WAIT_MS)
    assert all(p.code != "HEX001" for problems in shown for p in problems)
    assert shown[-1] == check_document_files(document.bundle())


def test_the_check_runs_in_its_own_process(qtbot, document: Document, checker: LiveChecker) -> None:
    with qtbot.waitSignal(checker.checked, timeout=WAIT_MS):
        checker.set_document(document)
    pid = check_process().pid
    assert pid is not None
    assert pid != os.getpid()


def test_files_read_from_the_parse_cache_are_checked_alike_in_the_process(
    qtbot, ardennes: Path, checker: LiveChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The models go to the checking process as the parse cache's bytes, not pickled again.
    monkeypatch.setattr(parse_cache, "MIN_BYTES", 0)
    Document.open(ardennes)  # read and kept in the cache
    document = Document.open(ardennes)
    files = document.bundle().files
    assert all(loaded.cached_pickle is not None for loaded in files)
    with qtbot.waitSignal(checker.checked, timeout=WAIT_MS) as shown:
        checker.set_document(document)
    assert _placed(shown.args[0]) == _placed(check_document_files(document.bundle()))
    assert shown.args[0]


def test_in_process_the_check_runs_off_the_ui_thread(
    qtbot, document: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[int] = []
    check = live_checks.check_document_files

    def recording(*args):  # type: ignore[no-untyped-def]
        threads.append(threading.get_ident())
        return check(*args)

    monkeypatch.setattr(live_checks, "check_document_files", recording)
    checker = LiveChecker(isolated=False)
    with qtbot.waitSignal(checker.checked, timeout=WAIT_MS) as signal:
        checker.set_document(document)
    assert signal.args[0] == check(document.bundle())
    assert threads
    assert threading.get_ident() not in threads
    checker.stop()


def test_a_failing_check_is_reported_and_the_last_problems_stay(
    qtbot, document: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    checker = LiveChecker(isolated=False, delay_ms=10)
    with qtbot.waitSignal(checker.checked, timeout=WAIT_MS):
        checker.set_document(document)
    before = checker.problems

    def broken(*args):  # type: ignore[no-untyped-def]
        raise ValueError("a bug in a check")

    monkeypatch.setattr(live_checks, "check_document_files", broken)
    with qtbot.waitSignal(checker.failed, timeout=WAIT_MS) as signal:
        _move_first_placement(document, (80, 12))
    assert "a bug in a check" in signal.args[0]
    assert checker.problems == before
    checker.stop()


# Responsiveness on a big title ------------------------------------------------------------------


@pytest.fixture(scope="module")
def big_title(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated title: a 100x100 map and the benchmark's 8,000-unit OOB."""
    from bench.generate import SCENARIO_NAME, generate_title

    folder = generate_title(100, folder=tmp_path_factory.mktemp("bench") / "title")
    return folder / SCENARIO_NAME


def _first_unit_path(document: Document) -> tuple[str | int, ...]:
    path: tuple[str | int, ...] = ("sides", 0, "nations", 0, "organizations")
    nodes = document.oob.sides[0].nations[0].organizations
    while nodes[0].kind != "unit":
        path += (0, "children")
        nodes = nodes[0].children
    return (*path, 0)


class _Cells(QAbstractTableModel):
    """A table whose every cell is answered in Python, as the editor's docks are."""

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else 1000

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else 12

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        return f"{index.row()}:{index.column()}" if role == Qt.ItemDataRole.DisplayRole else None


def test_views_repaint_promptly_while_a_big_title_is_checked(
    qtbot, qapp, big_title: Path, checker: LiveChecker, request: pytest.FixtureRequest
) -> None:
    document = Document.open(big_title)
    with qtbot.waitSignal(checker.checked, timeout=60_000):
        checker.set_document(document)
    # As the editor keeps what its start and first title made out of the collector's passes
    # (`editor.startup`): a pass over everything the suite's earlier tests left alive, run by
    # whichever thread allocates, would stall the repaints as a held GIL does.
    keep_what_started()
    request.addfinalizer(release_what_started)
    view = QTableView()
    view.setModel(_Cells())
    view.resize(1200, 800)
    qtbot.addWidget(view)
    view.show()
    qapp.processEvents()
    repaints: list[float] = []

    def repaint() -> None:
        # Painting from the event loop, every cell calls into Python: each call waits for the
        # GIL if a thread of this process is checking.
        started = time.perf_counter()
        view.viewport().update()
        qapp.processEvents()
        repaints.append(time.perf_counter() - started)

    timer = QTimer()
    timer.setInterval(40)
    timer.timeout.connect(repaint)
    unit = _first_unit_path(document)
    strength = get_at(document.oob, unit).strength
    timer.start()
    started = time.perf_counter()
    with qtbot.waitSignal(checker.checked, timeout=60_000):
        document.push(
            SetValue(document, FileKind.OOB, (*unit, "strength"), strength + 1, "Set Strength")
        )
    took = time.perf_counter() - started
    timer.stop()
    # Checking an 8,000-unit OOB takes about a second; the table keeps repainting meanwhile. A
    # check holding this process's GIL would stall a repaint for most of that second; the limit
    # leaves room for a loaded 2-core CI machine without letting such a stall through.
    assert took > 0.3
    assert len(repaints) > took / 0.04 / 3
    assert max(repaints) < 0.4, f"slowest repaint {max(repaints):.3f} s during {took:.2f} s"
