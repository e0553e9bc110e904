"""The command line's setup checks on two cores: the same problems, in the same order, as the
checks run one after the other, whether the forked copy works or fails."""

from __future__ import annotations

import pytest

from engine.setup import check, forked
from engine.setup.forked import FORKED, check_forked
from engine.state import GameState
from schemas.title import load_scenario
from tests.conftest import SAMPLE_DATA

BASTOGNE = SAMPLE_DATA / "ardennes44" / "scenarios" / "road_to_bastogne.scenario.yaml"


@pytest.fixture
def state() -> GameState:
    return GameState.from_bundle(load_scenario(BASTOGNE))


def test_the_forked_copy_finds_what_the_checks_in_turn_find(state: GameState) -> None:
    if not forked.can_fork():
        pytest.skip("no fork here, or the test process runs threads")
    expected = check(state)
    supply_codes = {"SETUP019", "SETUP021"}  # the supply-line check's
    # The sample has problems of the copy's check and of the others, interleaved as listed.
    assert {p.code for p in expected} & supply_codes
    assert {p.code for p in expected} - supply_codes
    assert check_forked(state) == expected


def test_a_copy_that_fails_is_checked_for_here(
    state: GameState, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = check(state)

    def broken(*_: object, **__: object) -> bytes:
        raise RuntimeError("the copy cannot send its problems")

    monkeypatch.setattr(forked.pickle, "dumps", broken)  # only the copy sends
    assert check_forked(state) == expected


def test_where_no_copy_can_start_the_checks_run_here(
    state: GameState, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = check(state)

    def no_fork() -> int:
        raise OSError("no more processes")

    monkeypatch.setattr(forked.os, "fork", no_fork)
    assert check_forked(state) == expected
    assert FORKED  # the copy's share is not empty
