"""The command line's setup checks on two cores: the same problems, in the same order, as the
checks run one after the other, whether the forked copy works or fails."""

from __future__ import annotations

import pytest

from engine.panzer_campaigns.setup import check, forked
from engine.panzer_campaigns.setup.forked import FORKED, check_forked
from engine.panzer_campaigns.state import GameState
from schemas.title import load_scenario
from tests.conftest import SAMPLE_DATA
from tests.fresh_interpreter import run_fresh

BASTOGNE = SAMPLE_DATA / "ardennes44" / "scenarios" / "road_to_bastogne.scenario.yaml"


@pytest.fixture
def state() -> GameState:
    return GameState.from_bundle(load_scenario(BASTOGNE))


_IN_A_FRESH_PROCESS = """
import sys
from engine.panzer_campaigns.setup import check, forked
from engine.panzer_campaigns.setup.forked import check_forked
from engine.panzer_campaigns.state import GameState
from schemas.title import load_scenario
assert forked.can_fork(), "a fresh interpreter runs no threads: it can fork"
state = GameState.from_bundle(load_scenario(sys.argv[1]))
expected = check(state)
codes = {p.code for p in expected}
supply_codes = {"SETUP019", "SETUP021"}  # the supply-line check's
# The sample has problems of the copy's check and of the others, interleaved as listed.
assert codes & supply_codes and codes - supply_codes, codes
assert check_forked(state) == expected
print(len(expected))
"""


def test_the_forked_copy_finds_what_the_checks_in_turn_find() -> None:
    assert int(run_fresh(_IN_A_FRESH_PROCESS, str(BASTOGNE)).strip()) > 0


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
