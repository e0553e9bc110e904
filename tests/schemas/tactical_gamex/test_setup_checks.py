"""The setup checks of a Tactical GameX situation (digest part C): each rule the text states,
broken once in the tiny title, gives its code where the designer wrote it."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.panzer_campaigns.validation import validate_paths
from schemas.tactical_gamex.loading import load_situation
from tests.tiny_tgx import tiny_situation_data, write_tiny_tgx

Edit = Callable[[dict[str, Any]], None]


def _german(data: dict[str, Any]) -> list[dict[str, Any]]:
    return data["sides"][1]["nations"][0]["counters"]


def _counter(data: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(
        c
        for side in data["sides"]
        for n in side["nations"]
        for c in n["counters"]
        if c["id"] == cid
    )


def _problems(tmp_path: Path, edit: Edit | None = None) -> list[tuple[str, str, str]]:
    data = tiny_situation_data()
    if edit is not None:
        edit(data)
    path = write_tiny_tgx(tmp_path / "tiny", data)
    bundle = load_situation(path)
    return [(p.code, p.severity.value, p.path_text()) for p in bundle.problems]


def test_the_tiny_situation_is_clean(tmp_path: Path) -> None:
    assert _problems(tmp_path) == []


def _stack(data: dict[str, Any]) -> None:
    # Four more German tanks on A A1: with the tank and the loaded halftrack, six.
    _german(data).extend({"id": f"x{i}", "type": "tank", "hex": "A A1"} for i in range(4))


def _fort_takes_them(data: dict[str, Any]) -> None:
    _stack(data)
    data["markers"].append({"kind": "fortification", "hex": "A A1", "strength": 20})


CASES: list[tuple[str, Edit, tuple[str, str, str]]] = [
    (
        "unknown unit type",
        lambda d: _counter(d, "s2").update(type="nope"),
        ("TGX030", "error", "sides[0].nations[0].counters[1].type"),
    ),
    (
        "nation without a morale level",
        lambda d: d["sides"][0]["nations"][0].pop("morale_level"),
        ("TGX031", "error", "sides[0].nations[0].morale_level"),
    ),
    (
        "an address off the board",
        lambda d: _counter(d, "s1").update(hex="B F2"),
        ("TGX032", "error", "sides[0].nations[0].counters[0].hex"),
    ),
    (
        "a setup area on a panel the board does not use",
        lambda d: d["setup_areas"][0].update(panels=["Q"]),
        ("TGX032", "error", "setup_areas[0].panels[0]"),
    ),
    ("six units in a hex", _stack, ("TGX033", "error", "sides[1]")),
    (
        "both sides in one hex",
        lambda d: _counter(d, "s1").update(hex="A A1"),
        ("TGX033", "error", "sides"),
    ),
    (
        "artillery on a halftrack",
        lambda d: _counter(d, "g2").update(type="gun"),
        ("TGX034", "error", "sides[1].nations[0].counters[1].passenger_of"),
    ),
    (
        "two passengers on one carrier",
        lambda d: _german(d).append({"id": "x", "type": "rifle", "passenger_of": "g5"}),
        ("TGX034", "error", "sides[1].nations[0].counters[4]"),
    ),
    (
        "a tank in a stream hex",
        lambda d: _counter(d, "g1").update(hex="A C3"),
        ("TGX035", "error", "sides[1].nations[0].counters[0].hex"),
    ),
    (
        "mines on a column the CRT does not have",
        lambda d: d["markers"][0].update(strength="5:1"),
        ("TGX036", "error", "markers[0].strength"),
    ),
    (
        "a unit Down on a bridge",
        lambda d: _counter(d, "s1").update(hex="A B3", down=True),
        ("TGX035", "error", "sides[0].nations[0].counters[0].down"),
    ),
    (
        "mines in a swamp",
        lambda d: d["markers"][0].update(hex="B C3"),
        ("TGX036", "error", "markers[0]"),
    ),
    (
        "an improved position beside mines",
        lambda d: d["markers"].append({"kind": "improved_position", "hex": "A A3"}),
        ("TGX036", "error", "markers[1]"),
    ),
    (
        "a fortification in the swamp",
        lambda d: d["markers"].append({"kind": "fortification", "hex": "B C3", "strength": 20}),
        ("TGX036", "error", "markers[1]"),
    ),
    (
        "secret mines at a bridge",
        lambda d: d["markers"][0].update(hex="A B3", secret=True),
        ("TGX036", "error", "markers[0]"),
    ),
    (
        "an attached CP on a truck",
        lambda d: _counter(d, "g4").update(command_post=True),
        ("TGX037", "error", "sides[1].nations[0].counters[3].command_post"),
    ),
    (
        "a reinforcement entering inside the board",
        lambda d: d["reinforcements"][0].update(hexes=["A B2"]),
        ("TGX038", "error", "reinforcements[0].hexes[0]"),
    ),
    (
        "a reinforcement on the wrong edge",
        lambda d: d["reinforcements"][0].update(edge="east"),
        ("TGX038", "error", "reinforcements[0].hexes[0]"),
    ),
    (
        "a reinforcement after the last turn",
        lambda d: d["reinforcements"][0].update(turn=9),
        ("TGX038", "error", "reinforcements[0].turn"),
    ),
    (
        "engineers with their module off",
        lambda d: d.update(modules=[]),
        ("TGX041", "warning", "modules"),
    ),
    (
        "a destroy condition naming the side's own counter",
        lambda d: d["victory"]["conditions"].append(
            {"kind": "destroy", "side": "axis", "counters": ["g1"]}
        ),
        ("TGX042", "error", "victory.conditions[2].counters[0]"),
    ),
    (
        "a victory hex off the board",
        lambda d: d["victory"]["conditions"][0].update(hexes=["C A1"]),
        ("TGX032", "error", "victory.conditions[0].hexes[0]"),
    ),
    (
        "a counter with nowhere to start",
        lambda d: _counter(d, "s2").pop("setup_area"),
        ("TGX043", "error", "sides[0].nations[0].counters[1]"),
    ),
    (
        "more attached CPs than the side has",
        lambda d: _counter(d, "g5").update(command_post=True),
        ("TGX037", "error", "sides[1].attached_cps"),
    ),
    (
        "a counter in the other side's area",
        lambda d: _counter(d, "s2").update(setup_area="west"),
        ("TGX032", "error", "sides[0].nations[0].counters[1].setup_area"),
    ),
    (
        "an allotment in an area that does not exist",
        lambda d: d.setdefault("allotments", []).append(
            {"side": "allied", "kind": "block", "count": 1, "area": "x"}
        ),
        ("TGX032", "error", "allotments[0]"),
    ),
    (
        "mines allotted without their column",
        lambda d: d.setdefault("allotments", []).append(
            {"side": "allied", "kind": "mines", "count": 2}
        ),
        ("TGX036", "error", "allotments[0]"),
    ),
    (
        "a tank flying as an aircraft",
        lambda d: d.setdefault("aircraft", []).append(
            {"id": "air", "side": "axis", "type": "tank"}
        ),
        ("TGX030", "error", "aircraft[0].type"),
    ),
    (
        "a control condition asking for more hexes than it lists",
        lambda d: d["victory"]["conditions"][0].update(count=3),
        ("TGX042", "error", "victory.conditions[0].count"),
    ),
    (
        "a facing without rule 19",
        lambda d: _counter(d, "g1").update(facing="up"),
        ("TGX041", "warning", "sides[1].nations[0].counters[0].facing"),
    ),
    (
        "a designated transport for a non-engineer",
        lambda d: _counter(d, "s2").update(transport="s1"),
        ("TGX034", "error", "sides[0].nations[0].counters[1].transport"),
    ),
]


@pytest.mark.parametrize(("why", "edit", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_broken_rule_gives_its_problem(
    tmp_path: Path, why: str, edit: Edit, expected: tuple[str, str, str]
) -> None:
    found = _problems(tmp_path, edit)
    assert expected in found, f"{why}: {found}"


def test_units_inside_a_fortification_do_not_count_against_stacking(tmp_path: Path) -> None:
    # Six units and the fort: the fort counts one, two (DS 20 / 10) inside count none: 5 > 4.
    assert [c for c, _, _ in _problems(tmp_path, _fort_takes_them)] == ["TGX033"]

    def bigger_fort(data: dict[str, Any]) -> None:
        _fort_takes_them(data)
        data["markers"][-1]["strength"] = 30  # three inside: 3 + 1 = 4

    assert _problems(tmp_path / "big", bigger_fort) == []


def test_a_soviet_side_stacks_two(tmp_path: Path) -> None:
    def crowd(data: dict[str, Any]) -> None:
        counters = data["sides"][0]["nations"][0]["counters"]
        counters.extend({"id": f"s{i}", "type": "sov_rifle", "hex": "B D2"} for i in (3, 4))

    found = _problems(tmp_path, crowd)
    assert [c for c, _, _ in found] == ["TGX033"]
    data = tiny_situation_data()
    crowd(data)
    data["sides"][0]["stacking_limit"] = 4
    path = write_tiny_tgx(tmp_path / "limit", data)
    assert load_situation(path).problems == []


def test_airborne_lifts_within_capacity(tmp_path: Path) -> None:
    def lift(data: dict[str, Any]) -> None:
        _german(data).append({"id": "plane", "type": "ju52", "off_map": True})
        for i in range(4):
            _german(data).append({"id": f"para{i}", "type": "rifle", "off_map": True})
        data["airborne"] = {
            "side": "axis",
            "approach": "west",
            "lifts": [
                {"carrier": "plane", "cargo": [f"para{i}" for i in range(4)], "target": "B D3"}
            ],
        }
        data["modules"] = ["engineers", "airborne"]

    assert [c for c, _, _ in _problems(tmp_path, lift)] == ["TGX040"]


def test_landing_craft_start_at_sea(tmp_path: Path) -> None:
    def landing(data: dict[str, Any]) -> None:
        _german(data).append({"id": "duck", "type": "dukw", "off_map": True})
        data["amphibious"] = {
            "side": "axis",
            "beach": ["A A4"],
            "craft": [{"counter": "duck", "cargo": ["g3", "g4"], "hex": "B A3"}],
        }

    found = _problems(tmp_path, landing)
    messages = sorted(c for c, _, _ in found)
    # Not at sea (B A3 is clear), two units on a DUKW, one of them a truck (a vehicle goes to
    # sea on its own), no sea at all leading to the beach, and the amphibious module is off.
    assert messages == ["TGX039", "TGX039", "TGX039", "TGX039", "TGX041"]


def test_validate_lists_the_situation_beside_the_panzer_bundles(tmp_path: Path) -> None:
    path = write_tiny_tgx(tmp_path / "tiny")
    report = validate_paths([path.parent.parent])
    assert report.bundles == []
    assert [s.situation.path for s in report.situations] == [path]
    assert report.problems == []


def test_a_broken_situation_is_placed_at_its_line(tmp_path: Path) -> None:
    data = copy.deepcopy(tiny_situation_data())
    _counter(data, "s1").update(hex="B F2")
    path = write_tiny_tgx(tmp_path / "tiny", data)
    [problem] = load_situation(path).problems
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "B F2" in text)
    assert (problem.file, problem.line) == (str(path), line)


def test_infantry_may_start_down_in_a_stream(tmp_path: Path) -> None:
    assert _problems(tmp_path, lambda d: _counter(d, "s1").update(hex="A C3", down=True)) == []


def test_an_engineer_granted_by_unit_id_needs_the_module(tmp_path: Path) -> None:
    def grant(data: dict[str, Any]) -> None:
        data["modules"] = []
        _counter(data, "g3").update(type="rifle")  # no engineer by type any more…
        _counter(data, "g3").pop("transport")
        _counter(data, "s1")["traits"] = ["engineer"]  # …but one by its Unit ID

    assert _problems(tmp_path, grant) == [("TGX041", "warning", "modules")]


def test_ids_are_unique_and_no_counter_arrives_twice(tmp_path: Path) -> None:
    def twice(data: dict[str, Any]) -> None:
        data["setup_areas"][1]["id"] = "west"
        _counter(data, "s2")["setup_area"] = "west"
        data["reinforcements"].append(
            {"id": "later", "side": "axis", "turn": 3, "edge": "west", "counters": ["g6"]}
        )

    found = _problems(tmp_path, twice)
    assert ("ID001", "error", "setup_areas[0].id") in found
    assert ("ID001", "error", "setup_areas[1].id") in found
    assert ("TGX043", "error", "reinforcements[1].counters[0]") in found


def test_a_reproduced_situation_is_held_to_its_command_and_control_chart(tmp_path: Path) -> None:
    # PanzerBlitz Situation 1: Soviet 2 CPs, morale 7; Axis 3 CPs, morale 8 [003 22].
    def situation_1(data: dict[str, Any]) -> None:
        data["lineage"] = {"game": "panzerblitz", "number": 1}
        data["sides"][0]["attached_cps"] = 2
        data["sides"][1]["attached_cps"] = 3

    assert _problems(tmp_path / "one", situation_1) == []

    def panzer_leader_20(data: dict[str, Any]) -> None:
        data["lineage"] = {"game": "panzer_leader", "number": 20}

    found = _problems(tmp_path / "twenty", panzer_leader_20)
    assert found == [
        ("TGX044", "warning", "sides[0].attached_cps"),
        ("TGX044", "warning", "sides[0].nations[0].morale_level"),
        ("TGX044", "warning", "sides[1].nations[0].morale_level"),
    ]
    found = _problems(
        tmp_path / "missing", lambda d: d.update(lineage={"game": "panzerblitz", "number": 13})
    )
    assert found == [("TGX044", "error", "lineage.number")]


def test_independent_cps_only_where_the_nation_has_them(tmp_path: Path) -> None:
    found = _problems(tmp_path, lambda d: d["sides"][0]["nations"][0].update(independent_cps=1))
    assert found == [("TGX037", "error", "sides[0].nations[0].independent_cps")]
    german = lambda d: d["sides"][1]["nations"][0].update(independent_cps=1)  # noqa: E731
    assert _problems(tmp_path / "german", german) == []
