"""A Tactical GameX situation through the shared balance lab: its games on local worker processes
give the records the game gives in this process, each record keeps the situation's own levels,
victory hexes by address, score by turn and losses, a run kept in a folder resumes, and the
summary and A/B comparison read its levels."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.balance import BalanceRun, GameRecord, compare, summarize
from engine.balance.rulesets import load_playable
from engine.tactical_gamex.balance import play_computer_game, play_record

SAMPLE = (
    Path(__file__).parents[3]
    / "sample_data/tgx_steppe43/scenarios/hill-at-krasnaya-polyana.situation.yaml"
)
SEEDS = range(1, 3)


@pytest.fixture(scope="module")
def in_process() -> list[GameRecord]:
    playable = load_playable(SAMPLE)
    return [play_record(playable.bundle, seed) for seed in SEEDS]


def test_local_workers_give_the_records_of_the_game_played_here(
    in_process: list[GameRecord],
) -> None:
    run = BalanceRun(SAMPLE, SEEDS, jobs=2)
    assert sorted(r.seed for r in run) == list(SEEDS)
    assert run.records == in_process
    assert all(r.ok for r in in_process)


def test_a_record_is_the_game_hexwright_play_plays(in_process: list[GameRecord]) -> None:
    playable = load_playable(SAMPLE)
    record = in_process[0]
    game = play_computer_game(playable.bundle, record.seed)
    assert game.result is not None
    assert (record.outcome, record.score) == (game.result.outcome, game.result.score)
    assert record.outcome in playable.kind.levels
    assert record.turns == len(record.score_by_turn) == game.result.turn
    assert record.score_by_turn[-1] == record.score
    # The hold conditions' hexes, by the address the situation writes.
    assert set(record.owners_by_turn) == {"A K2", "A L3", "A C3"}
    assert record.owners_at_start["A K2"] == "allied"
    assert set(record.losses) == {"allied", "axis"}
    assert GameRecord.from_json(record.to_json()) == record


def test_the_levels_are_the_situation_s_best_for_the_allies_first() -> None:
    kind = load_playable(SAMPLE).kind
    assert kind.levels == (
        "Soviet decisive",
        "Soviet marginal",
        "draw",
        "German marginal",
        "German decisive",
    )
    assert kind.side_result("German marginal") == "axis-win"
    assert kind.side_result("Soviet decisive") == "allied-win"


def test_summary_and_comparison_read_the_situation_s_levels(
    in_process: list[GameRecord],
) -> None:
    kind = load_playable(SAMPLE).kind
    summary = summarize(in_process, kind)
    assert list(summary.levels) == list(kind.levels)
    assert sum(p.count for p in summary.levels.values()) == len(in_process)
    assert summary.length is not None
    assert "Game length: median" in summary.text()
    rows = {row.figure: row for row in compare(in_process, in_process, kind).rows}
    assert "German decisive" in rows
    assert "axis units lost (mean)" in rows
    assert not any(row.significant for row in rows.values())


def test_a_run_kept_in_a_folder_resumes(tmp_path: Path, in_process: list[GameRecord]) -> None:
    first = BalanceRun(SAMPLE, [1], jobs=1, out_dir=tmp_path)
    assert list(first) == in_process[:1]
    again = BalanceRun(SAMPLE, [1, 2], jobs=1, out_dir=tmp_path)
    assert list(again) == in_process[:2]
    assert again.resumed == 1
