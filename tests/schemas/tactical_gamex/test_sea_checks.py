"""The setup checks of landings, naval support and batteries' counters (`sea_checks`) on the
tiny title with sea on panel B: only what may go to sea does, sea leads to the beaches, a DD
sink chance has a DD to roll it, naval fire from the sea edge needs one, and a battery's
counters are its side's, off the map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from schemas.tactical_gamex.loading import load_situation
from tests.engine.tactical_gamex.test_landing_situation import _landing_data, _write
from tests.tiny_tgx import write_tiny_tgx


def _found(tmp_path: Path, data: dict[str, Any], sea: bool = True) -> list[tuple[str, str, str]]:
    path = _write(tmp_path, data) if sea else write_tiny_tgx(tmp_path, data)
    return [
        (p.code, p.severity.value, p.path_text())
        for p in load_situation(path).problems
        if p.code in ("TGX039", "TGX045")
    ]


def test_the_landing_situation_is_clean(tmp_path: Path) -> None:
    assert _found(tmp_path, _landing_data()) == []


def test_only_craft_and_vehicles_go_to_sea_and_a_sink_chance_needs_a_dd(tmp_path: Path) -> None:
    data = _landing_data()
    data["amphibious"]["craft"].append({"counter": "s1"})
    data["sides"][0]["nations"][0]["counters"][0].pop("hex")
    data["amphibious"]["dd_sink_chance"] = 20
    found = _found(tmp_path, data)
    assert ("TGX039", "error", "amphibious.craft[2].counter") in found
    assert ("TGX039", "warning", "amphibious.dd_sink_chance") in found


def test_sea_must_lead_to_the_beach_and_naval_fire_needs_a_sea_edge(tmp_path: Path) -> None:
    data = _landing_data()
    data["naval"][0]["mode"] = "direct"
    assert _found(tmp_path / "sea", data) == []
    data["amphibious"]["beach"] = ["A A4"]  # the tiny panels without sea
    found = _found(tmp_path / "dry", data, sea=False)
    assert ("TGX045", "error", "naval[0].mode") in found
    assert ("TGX039", "error", "amphibious.beach") in found


def test_a_batterys_counters_are_its_sides_off_the_map(tmp_path: Path) -> None:
    data = _landing_data()
    data["oba"][0]["counters"] = ["h1", "nobody", "g1", "s1"]
    found = _found(tmp_path, data)
    assert [(c, s, p) for c, s, p in found if p.startswith("oba")] == [
        ("TGX045", "error", "oba[0].counters[1]"),
        ("TGX045", "error", "oba[0].counters[2]"),
        ("TGX045", "warning", "oba[0].counters[3]"),
    ]


def test_the_landing_force_is_the_landing_sides_each_counter_once(tmp_path: Path) -> None:
    data = _landing_data()
    craft = data["amphibious"]["craft"]
    craft[1]["cargo"] = ["s3"]  # already in d1
    craft.append({"counter": "g1"})  # a German tank
    data["sides"][0]["nations"][0]["counters"].append({"id": "jeep", "type": "truck"})
    craft[1]["cargo"].append("jeep")
    data["sides"][0]["nations"][0]["counters"][1]["hex"] = "A A1"  # s3 placed as well
    found = {f for f in _found(tmp_path, data) if f[1] == "error"}
    assert found >= {
        ("TGX039", "error", "amphibious.craft[0].cargo[0]"),
        ("TGX039", "error", "amphibious.craft[1].cargo[0]"),
        ("TGX039", "error", "amphibious.craft[1].cargo[1]"),
        ("TGX039", "error", "amphibious.craft[2].counter"),
    }
    messages = [p.message for p in load_situation(_write(tmp_path / "again", data)).problems]
    assert "'jeep' is a vehicle: it goes to sea on its own, not as cargo [003 10.1]" in messages
