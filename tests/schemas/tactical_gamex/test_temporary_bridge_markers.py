"""A situation's hastily constructed bridges [003 9.3]: a `temporary_bridge` marker stands in
a stream hex without a printed bridge, its strength the DS on its marker; it is placed, never
allotted; the game starts with it as a temporary bridge artillery may fire at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.temporary_bridges import is_temporary
from schemas.tactical_gamex.loading import load_situation
from tests.tiny_tgx import tiny_situation_data, write_tiny_tgx


def _bundle(tmp_path: Path, *markers: dict[str, Any], allot: bool = False):
    data = tiny_situation_data()
    data["markers"] = [*data["markers"], *markers]
    if allot:
        data["allotments"] = [{"side": "axis", "kind": "temporary_bridge", "count": 1}]
    return load_situation(write_tiny_tgx(tmp_path / "tiny", data))


def _errors(bundle) -> list[tuple[str, str, str]]:
    return [(p.code, p.path_text(), p.message) for p in bundle.problems if p.is_error]


def test_a_temporary_bridge_in_a_stream_plays_with_its_ds(tmp_path: Path) -> None:
    bundle = _bundle(tmp_path, {"kind": "temporary_bridge", "hex": "A C3", "strength": 6})
    assert _errors(bundle) == []
    state = state_of(bundle, 1)
    spot = bundle.board.hex_of("A C3")
    assert is_temporary(state, spot)
    assert state.counters.bridge_defense == {spot: 6}


def test_a_temporary_bridge_stands_only_where_the_rules_allow(tmp_path: Path) -> None:
    cases = {
        "A A1": "a temporary bridge stands in a stream hex [003 9.3]",
        "A B3": "the hex has a printed bridge already [003 9.3]",
    }
    for address, why in cases.items():
        bundle = _bundle(tmp_path / address, {"kind": "temporary_bridge", "hex": address})
        [(code, path, message)] = _errors(bundle)
        assert (code, path) == ("TGX036", "markers[1]")
        assert message.endswith(why)
    bundle = _bundle(
        tmp_path / "column", {"kind": "temporary_bridge", "hex": "A C3", "strength": "2:1"}
    )
    assert "the DS on its marker, a number" in _errors(bundle)[0][2]


def test_temporary_bridges_are_not_allotted(tmp_path: Path) -> None:
    bundle = _bundle(tmp_path, allot=True)
    [(code, path, message)] = _errors(bundle)
    assert (code, path) == ("TGX036", "allotments[0]")
    assert "not allotted [003 9.3]" in message
