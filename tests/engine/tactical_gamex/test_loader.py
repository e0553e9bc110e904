"""What the loader takes from a situation beyond the sample: counters starting Down or Up in a
stream [003 6.3.9], abilities granted by Unit ID [003 2.1], and a situation with errors refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.units import SCOUT, StreamState
from schemas.tactical_gamex.loading import load_situation
from tests.tiny_tgx import tiny_situation_data, write_tiny_tgx


def test_stream_states_and_granted_abilities(tmp_path: Path) -> None:
    data = tiny_situation_data()
    soviets = data["sides"][0]["nations"][0]["counters"]
    soviets += [
        {"id": "s3", "type": "sov_rifle", "hex": "A C3", "down": True},
        {"id": "s4", "type": "sov_rifle", "hex": "A D3", "traits": ["scout"]},
    ]
    bundle = load_situation(write_tiny_tgx(tmp_path, data))
    errors = [p for p in bundle.problems if p.is_error]
    assert errors == []
    state = state_of(bundle, 0)
    assert state.units["s3"].stream is StreamState.DOWN
    assert state.units["s4"].stream is StreamState.UP
    assert state.units["s4"].type.has(SCOUT)
    assert not state.units["s3"].type.has(SCOUT)


def test_a_situation_with_errors_is_refused(tmp_path: Path) -> None:
    data = tiny_situation_data()
    data["sides"][0]["nations"][0]["counters"][0]["type"] = "no_such_type"
    with pytest.raises(ValueError, match="errors"):
        state_of(load_situation(write_tiny_tgx(tmp_path, data)), 0)
