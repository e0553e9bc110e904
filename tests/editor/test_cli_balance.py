"""`hexwright balance` as a designer and their CI use it: the report and its JSON, the game to
open replayed by the printed command, expectations that pass or fail the run, A/B against a
folder or a git revision, resuming from --out, and the cluster's faults as clear messages."""

from __future__ import annotations

import io
import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main
from editor.cli_commands.balance import Progress
from engine.balance import GameRecord, cluster
from tests.ai_title import write_ai_title


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    return write_ai_title(tmp_path)


def _balance(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    code = main(["balance", *arguments])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_report_names_its_method_and_the_game_to_open_plays_again(
    scenario: Path,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = _balance(capsys, str(scenario), "--games", "8", "--jobs", "2")
    assert code == 0
    assert "8 games played" in out
    assert "95 % confidence interval: Wilson score interval" in out
    assert "Score by turn (median, quartiles):" in out
    assert "balance ai.scenario.yaml: 8/8 games" in err  # plain progress lines: not a terminal
    [line] = [x for x in out.splitlines() if x.startswith("Open the median game: ")]
    command = shlex.split(line.removeprefix("Open the median game: "))
    assert command[:2] == ["hexwright", "play"]
    median = int(command[command.index("--seed") + 1])
    code, report, _ = _balance(capsys, str(scenario), "--seeds", f"{median}..{median}", "--json")
    document = json.loads(report)
    score = document["summary"]["score"]["mean"]
    monkeypatch.chdir(tmp_path)
    assert main(command[1:]) == 0
    played = capsys.readouterr().out
    assert f"score {score:g}" in played.splitlines()[-1]
    assert (tmp_path / f"seed-{median}.testplay.yaml").is_file()


def test_json_gives_the_summary_and_the_expectations(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _balance(
        capsys, str(scenario), "--seeds", "1..6", "--jobs", "1", "--json",
        "--expect", "allied-win 0..100%", "--expect", "draw 0..100%",
    )  # fmt: skip
    assert code == 0
    document = json.loads(out)
    assert document["seeds"] == [1, 6]
    assert document["summary"]["games"] == 6
    assert document["summary"]["level_method"] == "Wilson score interval"
    levels = document["summary"]["levels"]
    assert sum(level["count"] for level in levels.values()) == 6
    assert [e["met"] for e in document["expectations"]] == [True, True]
    assert document["failed"] == []


def test_an_expectation_not_met_fails_the_run(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _balance(
        capsys,
        str(scenario),
        "--games",
        "4",
        "--jobs",
        "1",
        "--expect",
        "axis-win 100..100%",
        "--expect",
        "draw 0..100%",
    )
    assert code == 1
    assert "Expectation axis-win 100..100%: NOT MET" in out
    assert "Expectation draw 0..100%: met" in out


def test_a_bad_expectation_is_a_usage_error_naming_the_problem(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["balance", str(scenario), "--expect", "axis-wins 40..60%"])
    assert exit_.value.code == 2
    assert "unknown result 'axis-wins'" in capsys.readouterr().err


def test_against_a_copy_with_no_change_shows_no_significant_shift(
    scenario: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(scenario.parent.parent, copy, ignore=shutil.ignore_patterns("copy"))
    edited = copy / "scenarios" / scenario.name
    edited.write_text("# a comment changes nothing in the game\n" + edited.read_text())
    code, out, _ = _balance(
        capsys, str(scenario), "--games", "6", "--jobs", "1", "--against", str(copy)
    )
    assert code == 0
    assert "A/B comparison on 6 seeds played by both versions" in out
    assert "No figure differs significantly at 5 %." in out


def _git(folder: Path, *arguments: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *arguments],
        cwd=folder, check=True, capture_output=True,
    )  # fmt: skip


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_against_a_git_revision_plays_the_committed_files(
    scenario: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "title")
    text = scenario.read_text()
    scenario.write_text(text.replace("turns: 12", "turns: 3"))
    assert scenario.read_text() != text
    code, out, _ = _balance(
        capsys, str(scenario), "--games", "4", "--jobs", "1", "--against", "git:HEAD", "--json"
    )
    assert code == 0
    document = json.loads(out)
    assert "at-revision-" in document["against"]["scenario"]
    rows = {row["figure"]: row for row in document["comparison"]["rows"]}
    assert document["comparison"]["pairs"] == 4
    assert "score (mean)" in rows


def test_a_run_kept_in_a_folder_resumes(
    scenario: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = tmp_path / "runs"
    _balance(capsys, str(scenario), "--games", "3", "--jobs", "1", "--out", str(out_dir))
    code, _, err = _balance(
        capsys, str(scenario), "--games", "5", "--jobs", "1", "--out", str(out_dir)
    )
    assert code == 0
    assert f"3 games already played in {out_dir} are kept" in err
    assert len((out_dir / "games.jsonl").read_text().splitlines()) == 5


def test_an_unreachable_scheduler_is_one_clear_line_and_exit_1(
    scenario: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    code, _, err = _balance(
        capsys, str(scenario), "--games", "2", "--scheduler", "tcp://127.0.0.1:9"
    )
    assert code == 1
    assert "hexwright balance: cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    assert "Traceback" not in err


def test_without_distributed_the_scheduler_option_says_what_to_install(
    scenario: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    code, _, err = _balance(
        capsys, str(scenario), "--games", "2", "--scheduler", "tcp://127.0.0.1:9"
    )
    assert code == 1
    assert "needs the 'distributed' package" in err
    assert "pip install 'hexwright[cluster]'" in err


def test_games_that_raise_are_named_with_the_command_that_replays_them(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Phased play (Manual Defensive Fire) is refused by the computer player: every game raises
    in its worker, and the run still ends with a report."""
    text = scenario.read_text()
    scenario.write_text(
        text.replace(
            "optional_rules: [programmed_weather]",
            "optional_rules: [programmed_weather, manual_defensive_fire]",
        )
    )
    assert scenario.read_text() != text
    code, out, _ = _balance(capsys, str(scenario), "--seeds", "3..4", "--jobs", "2")
    assert code == 1
    assert "0 games played; 2 failed (seeds 3, 4)" in out
    assert "  seed 3: ValueError: " in out
    assert (
        f"    hexwright play {scenario} --allied computer --axis computer --seed 4 "
        "--save seed-4.testplay.yaml"
    ) in out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_progress_is_one_bar_redrawn_in_place() -> None:
    screen = _Terminal()
    progress = Progress(4, "balance x.scenario.yaml", screen)
    for seed in range(4):
        progress.step(GameRecord.failed(seed, "boom") if seed == 2 else _ok(seed))
    drawn = screen.getvalue()
    assert drawn.count("\r") == 4
    assert drawn.endswith("] 4/4 games, 1 failed, 0 s\n")
    assert "[" + "#" * 30 + "]" in drawn
    assert "[" + "#" * 7 + "-" * 23 + "] 1/4 games, 0 s" in drawn


def _ok(seed: int) -> GameRecord:
    return GameRecord(seed, "draw", 0.0, 1, (0.0,), {}, {}, {})
