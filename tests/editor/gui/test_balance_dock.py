"""The Balance panel on "Stoumont Station": a run of a few games shows its progress and then its
charts and games, touching none of the scenario's files; the last run is shown again when the
same scenario is reopened, and a listed game opens in test-play as that very game, its orders
replayed to the result listed (played afresh, with a word, once the scenario changed); Cancel
keeps the games finished; and an edit that takes the Allies' reinforcements away shows as a
difference against the saved file. The scenario is
cut to its first eight turns (past the 1st Battalion's arrival at 09:30, turn 6), which is all the
panel needs to show: a game then takes about a third of a second."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from editor.commands import SetValue
from editor.docks.balance_dock import BalanceDock
from editor.main_window import MainWindow
from schemas.io import FileKind
from schemas.vocabulary import Side
from tests.editor.gui.windows import opened_window

RUN_SECONDS = 120_000
"""The longest a test waits for a run (ms): a game takes about a third of a second here."""

TURNS = 8
"""Turns kept of Stoumont Station's 21: the first reinforcement arrives on turn 6."""


@pytest.fixture
def stoumont(stoumont: Path) -> Path:
    """The conftest's copy of Stoumont Station, cut to its first `TURNS` turns."""
    text = stoumont.read_text(encoding="utf-8")
    assert "turns: 21\n" in text
    stoumont.write_text(text.replace("turns: 21\n", f"turns: {TURNS}\n"), encoding="utf-8")
    return stoumont


@pytest.fixture
def window(qtbot, stoumont: Path) -> MainWindow:
    """The main window on a copy of Stoumont Station."""
    win = opened_window(qtbot, stoumont)
    return win


def _dock(window: MainWindow, games: int) -> BalanceDock:
    dock = window.docks["balance"]
    assert isinstance(dock, BalanceDock)
    dock.show()
    dock.raise_()
    dock.games_box.setValue(games)
    dock.jobs_box.setValue(1)
    return dock


def _digests(title: Path) -> dict[str, str]:
    return {
        str(p.relative_to(title)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(title.rglob("*"))
        if p.is_file()
    }


def test_a_run_shows_progress_then_its_charts_and_games_and_is_shown_again_on_reopening(
    window: MainWindow, qtbot, stoumont: Path
) -> None:
    title = stoumont.parent.parent
    before = _digests(title)
    dock = _dock(window, 2)
    seen: list[tuple[int, int]] = []
    dock.controller.progress.connect(lambda done, total: seen.append((done, total)))
    with qtbot.waitSignal(dock.controller.finished, timeout=RUN_SECONDS) as finished:
        assert dock.run()
        assert dock.cancel_button.isEnabled()
        assert not dock.run_button.isEnabled()
        QApplication.processEvents()  # the window answers while the games are played
    assert finished.args == [False]
    assert seen[0] == (0, 2)
    assert seen[-1] == (2, 2)
    assert dock.progress_label.text().startswith("2 / 2 games")
    assert dock.status.text().startswith("Played 2 of 2 games")
    played = [dock.games.model.record(r) for r in range(2)]
    assert [r.score for r in played] == sorted((r.score for r in played), reverse=True)
    assert dock.charts.levels.has_data()
    assert dock.charts.score.has_data()
    assert {line.id for line in dock.charts.holds.lines} >= {"stoumont", "la_gleize"}
    assert _digests(title) == before
    assert not window.document.is_dirty

    window.set_document(None)
    assert dock.games.model.rowCount() == 0
    assert window.open_path(stoumont)
    assert dock.status.text().startswith("Last run of this version:")
    assert [dock.games.model.record(r) for r in range(2)] == played
    assert dock.charts.levels.has_data()


def test_a_listed_game_opens_in_test_play_as_that_very_game(window: MainWindow, qtbot) -> None:
    dock = _dock(window, 2)
    with qtbot.waitSignal(dock.controller.finished, timeout=RUN_SECONDS):
        dock.run()
    record = dock.games.model.record(1)
    assert record.orders  # the run kept the game's orders
    dock.tabs.setCurrentWidget(dock.games)
    dock.games.select_seed(record.seed)
    assert dock.games.open_button.isEnabled()
    # The window is not repainted while the game is replayed: it repaints after each of the
    # game's hundreds of orders (the test-play tests look at that), which took two thirds of
    # this test's time.
    window.setUpdatesEnabled(False)
    dock.games.open_button.click()
    session = window.testplay.session
    assert session is not None
    assert session.seed == record.seed
    assert session.settings.computer_sides == frozenset(Side)
    # Its orders replayed one by one, as `hexwright replay` does, to the result listed.
    qtbot.waitUntil(lambda: not session.is_replaying, timeout=RUN_SECONDS)
    window.setUpdatesEnabled(True)
    game = session.game
    assert game.result is not None
    assert (game.result.outcome, float(game.result.score)) == (record.outcome, record.score)
    assert len(game.orders) == len(record.orders)
    assert {k: (v.value if v else None) for k, v in game.objective_owners().items()} == {
        k: held[-1] for k, held in record.owners_by_turn.items()
    }
    window.testplay.stop()
    # The game's context menu opens it too: that seed, the same orders replayed (to the result
    # above; seen to start, not replayed again to the end, which takes seconds in the window).
    menu = dock.games.menu_at(dock.games.model.row_of(record.seed))
    assert menu is not None
    action, save = menu.actions()
    assert action.text() == f"Open Seed {record.seed} in Test-play"
    assert save.text() == "Save Play File…"
    action.trigger()
    session = window.testplay.session
    assert session is not None
    assert (session.seed, session.is_replaying) == (record.seed, True)
    with qtbot.waitSignal(session.replay_progress) as progress:
        pass
    assert progress.args == [1, len(record.orders)]
    window.testplay.stop()

    # Edited since the run: its seed is played afresh on the scenario as it is now, and the
    # panel says the game may differ.
    document = window.document
    assert document is not None
    title = document.scenario.header.title + " (edit)"
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "title"), title, "Rename"))
    dock.games.open_button.click()
    assert dock.status.text().startswith(f"Seed {record.seed} is test-played afresh")
    session = window.testplay.session
    assert session is not None
    assert session.seed == record.seed
    assert not session.is_replaying
    assert session.game.result is None
    window.testplay.stop()


def test_cancel_mid_run_keeps_the_games_finished(window: MainWindow, qtbot) -> None:
    dock = _dock(window, 12)
    with qtbot.waitSignal(dock.controller.finished, timeout=RUN_SECONDS) as finished:
        dock.run()
        qtbot.waitUntil(lambda: dock.controller.done >= 1, timeout=RUN_SECONDS)
        dock.cancel_button.click()
    assert finished.args == [True]
    kept = dock.controller.done
    assert 1 <= kept < 12
    assert dock.games.model.rowCount() == kept
    assert dock.status.text().startswith(f"Cancelled after {kept} of 12 games")
    assert dock.run_button.isEnabled()
    assert not dock.cancel_button.isEnabled()


def test_closing_the_scenario_mid_run_keeps_its_finished_games_for_next_time(
    window: MainWindow, qtbot, stoumont: Path
) -> None:
    dock = _dock(window, 12)
    dock.run()
    qtbot.waitUntil(lambda: dock.controller.done >= 1, timeout=RUN_SECONDS)
    window.set_document(None)
    qtbot.waitUntil(lambda: not dock.controller.is_running, timeout=RUN_SECONDS)
    assert dock.games.model.rowCount() == 0  # nothing of the closed scenario stays
    kept = dock.controller.done
    assert window.open_path(stoumont)
    assert dock.status.text().endswith(f"{kept} games, cancelled.")
    assert dock.games.model.rowCount() == kept


def test_taking_the_allied_reinforcements_away_shows_against_the_saved_file(
    window: MainWindow, qtbot
) -> None:
    dock = _dock(window, 2)
    document = window.document
    document.push(SetValue(document, FileKind.SCENARIO, ("reinforcements",), [], "Remove"))
    with qtbot.waitSignal(dock.controller.finished, timeout=RUN_SECONDS):
        assert dock.compare_with_saved()
    a, b = dock.controller.records["A"], dock.controller.records["B"]
    assert [r.seed for r in a] == [r.seed for r in b] == [1, 2]
    assert all(r.arrivals.get("r_1_119") is None for r in b)  # B is the edited scenario
    assert all(r.arrivals.get("r_1_119") is not None for r in a)
    rows = {row.figure: row for row in dock.compare_page.model.rows}
    score = rows["score (mean)"]
    assert score.difference == sum(r.score for r in b) / 2 - sum(r.score for r in a) / 2
    assert score.difference != 0
    assert dock.tabs.currentWidget() is dock.compare_page
    assert "saved file" in dock.compare_page.heading.text()
    assert [run.name for run in dock.charts.levels.runs] == ["A: saved file", "B: open document"]
    assert document.is_dirty  # the edit is still there, unsaved


def test_a_run_that_cannot_start_says_why_and_keeps_what_is_open(
    window: MainWindow, qtbot, tmp_path: Path
) -> None:
    dock = _dock(window, 1)
    document = window.document
    document.push(SetValue(document, FileKind.SCENARIO, ("reinforcements",), [], "Remove"))
    broken = tmp_path / "broken.scenario.yaml"
    broken.write_text("header: [this is not a scenario\n", encoding="utf-8")
    with qtbot.waitSignal(dock.controller.finished, timeout=RUN_SECONDS):
        assert dock.compare_with(broken)
    assert dock.status.text().startswith("The run failed:")
    assert "broken.scenario.yaml" in dock.status.text()
    assert "the open scenario is untouched" in dock.status.text()
    assert window.document is document
    assert document.is_dirty
    assert document.scenario.reinforcements == []
    assert dock.run_button.isEnabled()


def test_a_listed_game_saved_as_a_play_file_replays_to_its_result(
    window: MainWindow, qtbot, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    from editor.cli import main
    from editor.testplay.session_file import load_record, scenario_of
    from engine.balance import GameRecord

    dock = _dock(window, 2)
    with qtbot.waitSignal(dock.controller.finished, timeout=RUN_SECONDS):
        dock.run()
    record = dock.games.model.record(1)
    dock.tabs.setCurrentWidget(dock.games)
    dock.games.select_seed(record.seed)
    assert dock.games.save_button.isEnabled()
    # The dialog starts beside the scenario the first time, then where the last file went.
    asked: list[str] = []
    plays = tmp_path / "plays"
    plays.mkdir()

    def choose(_parent, _title, start, _filter):
        asked.append(start)
        return str(plays / f"game-{len(asked)}"), ""

    monkeypatch.setattr("editor.docks.balance_files.QFileDialog.getSaveFileName", choose)
    dock.games.save_button.click()
    saved = plays / "game-1.testplay.yaml"
    assert saved.is_file(), dock.status.text()
    assert dock.status.text().startswith(f"Seed {record.seed} saved as {saved}")
    scenario = window.document.scenario_path
    name = f"stoumont-station-seed-{record.seed}.testplay.yaml"
    assert asked == [str(scenario.parent / name)]
    # The game's context menu saves it too; cancelled while the game is replayed, nothing is
    # written.
    monkeypatch.setattr(
        "editor.docks.balance_files.QProgressDialog.wasCanceled", lambda _dialog: True
    )
    save_action = dock.games.menu_at(dock.games.model.row_of(record.seed)).actions()[-1]
    assert save_action.text() == "Save Play File…"
    save_action.trigger()
    assert asked[-1] == str(plays / name)
    assert dock.status.text() == f"Seed {record.seed} was not saved: cancelled."
    assert not (plays / "game-2.testplay.yaml").exists()

    # The file is the game listed: it names the scenario, the seed and the computer on both
    # sides, and `hexwright replay` replays all its orders on the files as saved (unchanged
    # since) to the listed result.
    played = load_record(saved)
    assert scenario_of(played, saved).resolve() == scenario.resolve()
    assert played.settings.seed == record.seed
    assert set(played.settings.computer) == set(Side)
    assert played.reached.game_over
    capsys.readouterr()
    assert main(["replay", str(saved), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["refused"] is None
    assert replayed["changed_files"] == []
    assert replayed["replayed"] == replayed["orders"] == len(record.orders)
    ended = replayed["events"][-1]
    assert ended["type"] == "GameEnded"
    assert (ended["outcome"], float(ended["score"])) == (record.outcome, record.score)

    # A failed game has no orders to save: disabled, its tool tip and menu saying why.
    failed = GameRecord.failed(3, "RuntimeError: the computer gave up (at player.py:1)")
    dock.games.show_games([record, failed], None)
    dock.games.select_seed(3)
    assert not dock.games.save_button.isEnabled()
    assert dock.games.save_button.toolTip().startswith("Seed 3 failed")
    (action,) = dock.games.menu_at(dock.games.model.row_of(3)).actions()
    assert action.text() == "Save Play File…"
    assert not action.isEnabled()
    assert "failed" in action.toolTip()
    # Nor has a game kept before the lab kept orders.
    dock.games.show_games([dataclasses.replace(record, seed=4, orders=())], None)
    dock.games.select_seed(4)
    assert not dock.games.save_button.isEnabled()
    assert "kept without its orders" in dock.games.save_button.toolTip()
    assert not dock.games.menu_at(0).actions()[-1].isEnabled()

    # An unsaved edit: the file would name a scenario the game was not played on.
    document = window.document
    dock.games.show_games(dock.shown, None)
    title = document.scenario.header.title + " (edit)"
    document.push(SetValue(document, FileKind.SCENARIO, ("header", "title"), title, "Rename"))
    assert not dock.save_play_file(record.seed, plays / "edited.testplay.yaml")
    assert dock.status.text().startswith(f"Seed {record.seed} is not saved: the scenario changed")
    assert not (plays / "edited.testplay.yaml").exists()
