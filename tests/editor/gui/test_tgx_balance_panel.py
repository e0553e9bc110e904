"""The Balance panel on a Tactical GameX situation (issue 19): it plays the situation as it now
stands (an unsaved edit of its turns included) on worker processes with progress and Cancel,
charts the situation's own victory levels with their intervals, the score by turn and the
victory hexes' holders, lists the games (one opens in test-play), keeps the last run of each
version and goes on from a cancelled one, and compares the open situation with another version."""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt

from editor.document import Change, ChangeAction
from editor.tactical_gamex.balance_dock import TgxBalanceDock
from editor.tactical_gamex.testplay.dock import TgxTestPlayDock
from engine.balance import GameRecord
from engine.balance.playable import Playable
from schemas.io import FileKind
from schemas.vocabulary import Side
from tests.editor.gui.tgx_title import open_sample

LEVELS = ["Soviet decisive", "Soviet marginal", "Draw", "German marginal", "German decisive"]


@pytest.fixture
def opened(qtbot, tmp_path: Path):
    """The sample situation open in a window, its Balance panel shown, cut to 6 turns (an
    unsaved edit) so that a game is quick."""
    win = open_sample(qtbot, tmp_path / "steppe")
    workspace = win.rulesets.workspace
    assert workspace is not None
    dock = workspace.docks["tgx_balance"]
    assert isinstance(dock, TgxBalanceDock)
    dock.show()
    dock.raise_()
    document = win.document
    situation = document.situation.model_copy(update={"turns": 6})
    document.install(
        FileKind.SITUATION, situation, Change(FileKind.SITUATION, (), ChangeAction.RESET)
    )
    assert document.is_dirty
    dock.jobs.setValue(1)
    yield win, workspace, dock
    if dock.controller.is_running:
        dock.controller.cancel()
        dock.controller.wait(30)


PLAYED: dict[tuple[str, int], GameRecord] = {}
"""The games this module's tests played, by the digest of the version's files and the seed: a
game depends on nothing else (tests/engine/test_balance_runner.py), so each is played once."""


def _played(playable: Playable, seed: int) -> GameRecord:
    key = (playable.digest, seed)
    if key not in PLAYED:
        PLAYED[key] = playable.play_seed(seed)
    return PLAYED[key]


@pytest.fixture
def in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lab's games played in this process, one after the other, rather than on fresh
    worker processes (each some seconds to start under load), and each version's game of a
    seed played once for the module: the same records (tests/engine/test_balance_runner.py),
    which is all the panel's tests past the first need. The first test plays on the workers."""

    def play_here(
        playable: Playable, seeds: Iterable[int], jobs: int, cancelled: threading.Event
    ) -> Iterator[GameRecord]:
        for seed in seeds:
            if cancelled.is_set():
                return
            yield _played(playable, seed)

    monkeypatch.setattr("engine.balance.run.play_locally", play_here)


@pytest.fixture
def held_after_one(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """As `in_process`, but the first run holds after its first game until it is cancelled
    (or the event returned is set), so that Cancel comes mid-run every time; later runs play
    on."""
    release = threading.Event()

    def play_held(
        playable: Playable, seeds: Iterable[int], jobs: int, cancelled: threading.Event
    ) -> Iterator[GameRecord]:
        for number, seed in enumerate(seeds):
            if number == 1 and not release.is_set():
                release.set()
                while not cancelled.wait(0.01):
                    pass
            if cancelled.is_set():
                return
            yield _played(playable, seed)

    monkeypatch.setattr("engine.balance.run.play_locally", play_held)
    return release


def _wait(qtbot, dock: TgxBalanceDock) -> None:
    qtbot.waitUntil(lambda: not dock.controller.is_running, timeout=90_000)


def test_a_run_charts_the_situations_levels_and_a_game_opens_in_test_play(
    qtbot, qtmodeltester, opened
) -> None:
    _win, workspace, dock = opened
    dock.games.setValue(2)
    qtbot.mouseClick(dock.run_button, Qt.MouseButton.LeftButton)
    assert dock.cancel_button.isEnabled(), dock.note.text()
    assert not dock.run_button.isEnabled()
    _wait(qtbot, dock)
    assert dock.progress.value() == dock.progress.maximum() == 2
    assert dock.note.text().startswith("Run finished: 2 of 2 games")
    # The level chart's axis is the situation's own levels, best for the Soviets first.
    assert [label for _, label in dock.charts.levels.levels()] == LEVELS
    # A narrow chart shortens every label alike rather than leaving some out.
    chart = dock.charts.levels
    assert [label for _, label in chart.x_ticks(QRectF(0, 0, 2000, 100))] == LEVELS
    narrow = [label for _, label in chart.x_ticks(QRectF(0, 0, 250, 100))]
    assert narrow == ["decisive", "marginal", "Draw", "marginal", "decisive"]
    assert chart.x_title == "Victory level: Soviet ← draw → German"
    (run,) = dock.charts.levels.runs
    assert sum(share.rate for share in run.summary.levels.values()) == pytest.approx(1.0)
    assert all(share.low <= share.rate <= share.high for share in run.summary.levels.values())
    assert len(run.summary.score_by_turn) == 6  # the edit, not the saved 10 turns
    assert dock.charts.score.runs == dock.charts.levels.runs
    holds = dock.charts.holds.lines
    assert holds
    assert all(len(line.shares) == 6 for line in holds)
    assert {line.name for line in holds} >= {"A K2", "A L3"}  # victory hexes by address
    assert "A K2 (Soviet)" in [entry.text for entry in dock.charts.holds.legend()]
    assert "95 % confidence interval" in dock.report.toPlainText()
    model = dock.games_page.model
    qtmodeltester.check(model)
    assert model.rowCount() == 2

    listed = next(r for r in dock.shown if r.seed == 2)
    assert listed.orders  # the run kept the game's orders
    dock.games_page.play_requested.emit(2)
    play = workspace.docks["tgx_testplay"]
    assert isinstance(play, TgxTestPlayDock)
    assert play.session is not None, play.refusal.text()
    assert play.session.seed == 2
    assert not dock.note.text().startswith("Seed")  # the game the run played
    assert play.computer_sides() == frozenset(Side)
    # That very game, from its saved game (as `hexwright replay` reads it), to its listed result.
    game = play.session.game
    assert game.result is not None
    assert (game.result.outcome, float(game.result.score)) == (listed.outcome, listed.score)
    assert len(game.orders) == len(listed.orders)
    saved = Path(dock.note.text().rsplit(" from ", 1)[1].rstrip("."))
    assert saved.name.endswith("-seed-2.tgxplay.yaml")
    assert saved.is_file()
    play.stop()

    # An edit after the run: the panel says the run shown is of the situation before it, and
    # the seed is played afresh on the edit (2 turns without the second wave and the
    # Sturmoviks: the computer plays it through at once, in the window's thread).
    document = dock.document
    run_version = document.situation
    cut = {"turns": 2, "reinforcements": [], "aircraft": []}
    situation = run_version.model_copy(update=cut)
    document.install(
        FileKind.SITUATION, situation, Change(FileKind.SITUATION, (), ChangeAction.RESET)
    )
    assert "the situation changed since" in dock.note.text()
    dock.games_page.play_requested.emit(1)
    assert dock.note.text().startswith("Seed 1 is test-played on the situation as it is now")
    assert play.session is not None
    assert play.session.seed == 1
    play.stop()
    document.install(
        FileKind.SITUATION, run_version, Change(FileKind.SITUATION, (), ChangeAction.RESET)
    )

    # The run is kept: the same content shown again shows it without playing.
    dock.show_document(dock.document)
    assert dock.note.text().startswith("Last run of this version")
    assert dock.games_page.model.rowCount() == 2


@pytest.mark.usefixtures("held_after_one")
def test_cancel_keeps_the_games_played_and_run_goes_on_from_them(qtbot, opened) -> None:
    _win, _workspace, dock = opened
    document = dock.document
    # Quicker games: 2 turns, without the second wave (turn 3) and the Sturmoviks (4 to 6).
    cut = {"turns": 2, "reinforcements": [], "aircraft": []}
    situation = document.situation.model_copy(update=cut)
    document.install(
        FileKind.SITUATION, situation, Change(FileKind.SITUATION, (), ChangeAction.RESET)
    )
    dock.games.setValue(4)
    assert dock.run()
    qtbot.waitUntil(lambda: dock.controller.done >= 1, timeout=60_000)
    qtbot.mouseClick(dock.cancel_button, Qt.MouseButton.LeftButton)
    _wait(qtbot, dock)
    assert dock.note.text().startswith("Run cancelled after 1 of 4 games")
    assert [r.seed for r in dock.shown] == [1]
    assert dock.run_button.isEnabled()

    assert dock.run()
    assert dock.controller.total == 3  # only the seeds not played yet
    _wait(qtbot, dock)
    assert [r.seed for r in dock.shown] == [1, 2, 3, 4]
    assert "after the 1 of the last run" in dock.note.text()


def test_a_b_against_the_saved_file_and_another_copy(
    qtbot, qtmodeltester, opened, tmp_path, in_process
) -> None:
    win, _workspace, dock = opened
    document = win.document
    # A smaller situation, saved: 3 turns without the second wave (turn 3) and the
    # Sturmoviks (turns 4 to 6). The edit plays 2 turns and renames "German marginal".
    situation = document.situation.model_copy(update={"reinforcements": [], "aircraft": []})
    for turns in (3, 2):
        situation = situation.model_copy(update={"turns": turns})
        if turns == 2:
            victory = situation.victory
            levels = [
                lv.model_copy(update={"name": "German minor"})
                if lv.name == "German marginal"
                else lv
                for lv in victory.levels
            ]
            renamed_levels = victory.model_copy(update={"levels": levels})
            situation = situation.model_copy(update={"victory": renamed_levels})
        document.install(
            FileKind.SITUATION, situation, Change(FileKind.SITUATION, (), ChangeAction.RESET)
        )
        if turns == 3:
            document.save()
    dock.games.setValue(2)
    qtbot.mouseClick(dock.saved_button, Qt.MouseButton.LeftButton)
    assert dock.controller.is_running, dock.note.text()
    _wait(qtbot, dock)
    assert dock.tabs.currentWidget() is dock.compare_page
    model = dock.compare_page.model
    qtmodeltester.check(model)
    assert model.rowCount() > 0
    assert "saved file" in dock.compare_page.heading.text()
    assert [run.name for run in dock.charts.levels.runs] == ["A: saved file", "B: open situation"]
    # The saved 3 turns against the edit's 2: each followed for as long as it lasts.
    assert [len(run.summary.score_by_turn) for run in dock.charts.score.runs] == [3, 2]
    # The renamed level is matched to its old self and says so, in the table, report and chart.
    figures = [model.figure_text(row) for row in model.comparison.rows]
    renamed = "German minor (was 'German marginal')"
    assert renamed in figures
    assert not any(f.startswith("German marginal") for f in figures)
    assert renamed in dock.report.toPlainText()
    assert renamed in [label for _, label in dock.charts.levels.levels()]  # its tool tip
    narrow = [label for _, label in dock.charts.levels.x_ticks(QRectF(0, 0, 250, 100))]
    assert narrow == ["decisive", "marginal", "Draw", "minor*", "decisive"]
    assert dock.charts.levels.x_title.endswith("(* renamed in B)")

    # The saved files at a git revision, as `--against git:HEAD` plays them; the open
    # situation's games of the comparison above are reused, not played again.
    git = ["git", "-C", str(tmp_path / "steppe"), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "saved"], check=True)
    assert dock.compare_with("git:HEAD"), dock.note.text()
    assert dock.labels == ("open situation", "git:HEAD")
    _wait(qtbot, dock)
    assert dock.tabs.currentWidget() is dock.compare_page
    assert "2 more reused" in dock.note.text()
    assert [len(run.summary.score_by_turn) for run in dock.charts.score.runs] == [2, 3]

    # A folder without the situation, or a revision that is not there: said, nothing played.
    (tmp_path / "empty").mkdir()
    assert not dock.compare_with(str(tmp_path / "empty"))
    assert "no hill-at-krasnaya-polyana.situation.yaml in this folder" in dock.note.text()
    assert not dock.compare_with("git:no-such-revision")
    assert dock.note.text().startswith("No version to compare with")
    assert not dock.controller.is_running
    assert document.is_dirty  # the designer's edit untouched


@pytest.mark.usefixtures("in_process")
def test_a_listed_game_saved_as_a_play_file_replays_to_its_result(
    qtbot, opened, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    from editor.cli import main
    from engine.tactical_gamex.game import TacticalGame
    from engine.tactical_gamex.loader import state_of
    from engine.tactical_gamex.records import order_of
    from schemas.io import load_file
    from schemas.tactical_gamex.loading import load_situation

    win, _workspace, dock = opened
    dock.games.setValue(2)
    assert dock.run()
    _wait(qtbot, dock)
    record = next(r for r in dock.shown if r.seed == 2)
    page = dock.games_page
    dock.tabs.setCurrentWidget(page)
    page.select_seed(2)
    assert page.save_button.isEnabled()
    plays = tmp_path / "plays"
    plays.mkdir()
    # The run played the unsaved cut to 6 turns, which the file cannot name: said, nothing
    # written, until the situation is saved (the same content, so the same version).
    assert not dock.save_play_file(2, plays / "unsaved.tgxplay.yaml")
    assert "save the situation first" in dock.note.text()
    assert not (plays / "unsaved.tgxplay.yaml").exists()
    win.document.save()
    asked: list[str] = []

    def choose(_parent, _title, start, _filter):
        asked.append(start)
        return str(plays / f"game-{len(asked)}"), ""

    monkeypatch.setattr("editor.docks.balance_files.QFileDialog.getSaveFileName", choose)
    page.save_button.click()
    saved = plays / "game-1.tgxplay.yaml"
    assert saved.is_file(), dock.note.text()
    assert dock.note.text().startswith(f"Seed 2 saved as {saved}")
    situation = win.document.scenario_path
    name = "hill-at-krasnaya-polyana-seed-2.tgxplay.yaml"
    assert asked == [str(situation.parent / name)]  # beside the situation the first time
    save_action = page.menu_at(page.model.row_of(2)).actions()[-1]
    assert save_action.text() == "Save Play File…"
    save_action.trigger()
    assert asked[-1] == str(plays / name)  # then where the last one went
    assert (plays / "game-2.tgxplay.yaml").is_file()

    # The file is the game listed: its orders replayed on the situation it names end at the
    # listed result, here and in `hexwright replay`.
    played = load_file(saved, FileKind.TGX_PLAY).model
    assert played is not None
    assert (saved.parent / played.situation).resolve() == situation.resolve()
    assert (played.seed, set(played.computer)) == (2, set(Side))
    game = TacticalGame(state_of(load_situation(situation), 2, setup_phase=True))
    for order in played.orders:
        game.apply(order_of(order))
    assert game.result is not None
    assert (game.result.outcome, float(game.result.score)) == (record.outcome, record.score)
    capsys.readouterr()
    assert main(["replay", str(saved), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["refused"] is None
    assert replayed["replayed"] == replayed["orders"] == len(record.orders)
    assert replayed["result"]["type"] == "TgxGameEnded"

    # A failed game has no orders to save: disabled, its tool tip and menu saying why.
    failed = GameRecord.failed(3, "RuntimeError: the computer gave up (at computer.py:1)")
    page.show_games([record, failed], None)
    page.select_seed(3)
    assert not page.save_button.isEnabled()
    assert page.save_button.toolTip().startswith("Seed 3 failed")
    (action,) = page.menu_at(page.model.row_of(3)).actions()
    assert not action.isEnabled()
    assert "failed" in action.toolTip()
