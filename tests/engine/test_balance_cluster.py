"""The balance lab on a Dask cluster: a LocalCluster of two worker processes gives the same
records as the local runner on the same seeds, and a scheduler that cannot be reached is a clear
error, not a hang or a traceback."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import LocalCluster

from engine.balance import BalanceRun, GameRecord
from engine.balance import cluster as cluster_module
from engine.balance.cluster import ClusterError
from engine.balance.records import play_record
from schemas.title import load_scenario
from tests.ai_title import write_ai_title

SEEDS = range(12)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        scheduler_port=0,
    ) as cluster:
        yield cluster.scheduler_address


def test_a_cluster_gives_the_local_runner_s_records(scheduler: str, tmp_path: Path) -> None:
    scenario = write_ai_title(tmp_path)
    bundle = load_scenario(scenario)
    expected = [play_record(bundle, seed) for seed in SEEDS]
    run = BalanceRun(scenario, SEEDS, scheduler=scheduler)
    streamed: list[GameRecord] = list(run)
    assert sorted(r.seed for r in streamed) == list(SEEDS)
    assert run.records == expected  # which tests/engine/test_balance_runner.py's runs give


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_an_unreachable_scheduler_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{_free_port()}"
    run = BalanceRun(write_ai_title(tmp_path), range(3), scheduler=address)
    with pytest.raises(ClusterError, match=f"cannot reach the Dask scheduler at {address}"):
        list(run)


def test_a_cluster_plays_a_tactical_gamex_situation_as_the_local_runner(scheduler: str) -> None:
    from engine.tactical_gamex.balance import play_record as play_situation

    situation = (
        Path(__file__).parents[2]
        / "sample_data/tgx_steppe43/scenarios/hill-at-krasnaya-polyana.situation.yaml"
    )
    run = BalanceRun(situation, [1, 2], scheduler=scheduler)
    streamed: list[GameRecord] = list(run)
    assert sorted(r.seed for r in streamed) == [1, 2]
    assert run.records == [play_situation(run.bundle, seed) for seed in (1, 2)]
    assert all(r.ok for r in run.records)
