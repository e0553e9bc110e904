"""The balance lab's runner: the same records whatever the number of worker processes, a game
that fails or a worker that dies kept in its record while the run goes on, cancel, and resuming
a run kept in a folder."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from engine.balance import BalanceRun, GameRecord
from engine.balance.records import play_record
from schemas.title import load_scenario
from tests.ai_title import write_ai_title
from tests.conftest import SAMPLE_DATA

SEEDS = range(10)


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small title whose whole computer-vs-computer game takes some 20 ms."""
    return write_ai_title(tmp_path_factory.mktemp("balance"))


@pytest.fixture(scope="module")
def in_process(scenario: Path) -> list[GameRecord]:
    bundle = load_scenario(scenario)
    return [play_record(bundle, seed) for seed in SEEDS]


@pytest.mark.parametrize("jobs", [1, 2, 4])
def test_the_records_do_not_depend_on_the_number_of_workers(
    scenario: Path, in_process: list[GameRecord], jobs: int
) -> None:
    run = BalanceRun(scenario, SEEDS, jobs=jobs)
    streamed = list(run)
    assert sorted(r.seed for r in streamed) == list(SEEDS)
    assert run.records == in_process
    assert all(r.ok for r in run.records)
    # The games differ from seed to seed (otherwise equality would prove little).
    assert len({r.score for r in in_process}) > 3


def test_a_record_keeps_what_the_game_produced(in_process: list[GameRecord]) -> None:
    record = in_process[0]
    assert record.outcome in {
        "allied_major_victory", "allied_minor_victory", "draw",
        "axis_minor_victory", "axis_major_victory",
    }  # fmt: skip
    assert record.turns == len(record.score_by_turn)
    assert record.score_by_turn[-1] == record.score
    assert set(record.owners_by_turn) == {"dorf", "west-exit"} | set(record.owners_by_turn)
    assert all(len(owners) == record.turns for owners in record.owners_by_turn.values())
    assert set(record.losses) == {"allied", "axis"}
    assert GameRecord.from_json(record.to_json()) == record


def test_a_game_that_raises_keeps_its_message_and_the_others_are_played(
    scenario: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bundle = load_scenario(scenario)
    from engine.balance import records

    real = records._play

    def unlucky(bundle: object, seed: int) -> GameRecord:
        if seed == 3:
            raise ValueError("no path for unit us.1id.16ir")
        return real(bundle, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(records, "_play", unlucky)
    played = [records.play_record(bundle, seed) for seed in range(5)]
    assert [r.ok for r in played] == [True, True, True, False, True]
    assert played[3].error is not None
    assert played[3].error.startswith("ValueError: no path for unit us.1id.16ir")


def _children() -> list[int]:
    found = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        found += [int(pid) for pid in (task / "children").read_text().split()]
    return found


def test_a_killed_worker_is_reported_with_its_seed(
    scenario: Path, in_process: list[GameRecord]
) -> None:
    before = set(_children())
    run = BalanceRun(scenario, [5, 6, 7], jobs=1)

    def kill_the_first_worker() -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            new = set(_children()) - before
            if new:
                time.sleep(0.05)  # it is starting, with its first seed waiting
                os.kill(new.pop(), signal.SIGKILL)
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_the_first_worker)
    killer.start()
    records = list(run)
    killer.join()
    failed = [r for r in records if not r.ok]
    assert len(failed) == 1
    assert failed[0].seed == 5
    assert failed[0].error == "the worker process playing seed 5 died (killed by SIGKILL)"
    assert run.failed_seeds == [5]
    assert [r for r in run.records if r.ok] == in_process[6:8]


def test_cancel_returns_promptly_and_keeps_the_finished_games(scenario: Path) -> None:
    run = BalanceRun(scenario, range(1000), jobs=2)
    stream = iter(run)
    first = next(stream)
    started = time.monotonic()
    run.cancel()
    rest = list(stream)
    assert time.monotonic() - started < 1.0
    assert len(rest) <= 1  # at most the other worker's game, finished as cancel was called
    assert run.records == sorted([first, *rest], key=lambda r: r.seed)
    assert len(run.records) < 1000


def test_a_run_in_a_folder_resumes_without_playing_finished_games_again(
    scenario: Path, in_process: list[GameRecord], tmp_path: Path
) -> None:
    out = tmp_path / "run"
    first = BalanceRun(scenario, range(4), jobs=1, out_dir=out)
    list(first)
    assert len((out / "games.jsonl").read_text().splitlines()) == 4
    again = BalanceRun(scenario, SEEDS, jobs=1, out_dir=out)
    assert list(again)[:4] == in_process[:4]  # the kept games come first
    assert again.resumed == 4
    assert again.note == f"4 games already played in {out} are kept"
    assert again.records == in_process
    assert len((out / "games.jsonl").read_text().splitlines()) == len(SEEDS)


def test_a_changed_scenario_starts_the_folder_afresh(tmp_path: Path) -> None:
    scenario = write_ai_title(tmp_path)
    out = tmp_path / "run"
    list(BalanceRun(scenario, range(3), jobs=1, out_dir=out))
    scenario.write_text(scenario.read_text() + "# edited\n")
    again = BalanceRun(scenario, range(3), jobs=1, out_dir=out)
    list(again)
    assert again.resumed == 0
    assert again.note is not None
    assert "changed since" in again.note
    assert (out / "games.previous.jsonl").exists()


def test_a_scenario_that_cannot_be_played_is_refused_at_once() -> None:
    broken = SAMPLE_DATA / "broken/scenarios/missing-file.scenario.yaml"
    with pytest.raises(ValueError, match="cannot be played"):
        BalanceRun(broken, range(3))
