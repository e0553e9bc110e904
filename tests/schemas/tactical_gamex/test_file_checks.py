"""The self-checks of panels and unit-type libraries."""

from __future__ import annotations

from typing import Any

from schemas.tactical_gamex.file_checks import check_panel, check_unit_types
from schemas.tactical_gamex.unit_types import UnitTypeLibrary
from tests.tiny_tgx import tiny_panel, tiny_units


def _library(change: dict[str, Any], index: int = 0) -> UnitTypeLibrary:
    data = tiny_units().model_dump(mode="json")
    data["unit_types"][index].update(change)
    return UnitTypeLibrary.model_validate(data)


def test_the_tiny_files_are_clean() -> None:
    assert check_panel(tiny_panel("A")) == []
    assert check_panel(tiny_panel("B")) == []
    assert check_unit_types(tiny_units()) == []


def test_a_panel_layer_that_does_not_fit_is_an_error() -> None:
    panel = tiny_panel("A").model_copy(update={"level_rows": ["00000"] * 3})
    assert [(p.code, p.path) for p in check_panel(panel)] == [("TGX001", ("level_rows",))]
    panel = tiny_panel("A").model_copy(update={"road_rows": [".....", "8....", ".....", "....."]})
    assert [(p.code, p.path) for p in check_panel(panel)] == [("TGX002", ("road_rows", 1))]


def test_features_stand_on_the_panel() -> None:
    data = tiny_panel("A").model_dump(mode="json")
    data["names"] = [{"hex": [5, 0], "name": "Nowhere"}]
    panel = type(tiny_panel("A")).model_validate(data)
    assert [(p.code, p.path) for p in check_panel(panel)] == [("HEX001", ("names", 0, "hex"))]


def test_unit_type_ids_are_unique() -> None:
    problems = check_unit_types(_library({"id": "rifle"}))
    assert [p.code for p in problems] == ["ID001", "ID001"]


def test_an_aircraft_needs_its_attacks_with_aircraft_weapons() -> None:
    bomber = {
        "unit_kind": "aircraft",
        "traits": [],
        "aircraft_attacks": [{"weapon": "(H)", "attack": 40}, {"weapon": "M", "attack": 4}],
    }
    problems = check_unit_types(_library(bomber))
    assert [(p.code, p.path[-1]) for p in problems] == [("TGX004", "weapon")]
    assert "aircraft weapons are G, A, I, H and (H)" in problems[0].message
    silent = check_unit_types(_library({"unit_kind": "aircraft", "traits": []}))
    assert [p.code for p in silent] == ["TGX004"]
    assert check_unit_types(_library({"aircraft_attacks": [{"weapon": "G", "attack": 4}]}))


def test_a_double_range_off_an_infantry_unit_warns() -> None:
    problems = check_unit_types(_library({"double_range": True}))
    assert [(p.code, p.severity.value) for p in problems] == [("TGX004", "warning")]


def test_a_bridge_layer_states_its_bridge_marker_ds() -> None:
    """[003 9.3] prints no DS for the bridge marker: a bridge layer without one warns (its
    bridges cannot be fired on), a DS on any other type is an error."""
    layer = {"traits": ["bridge_layer"], "unit_kind": "armored"}
    problems = check_unit_types(_library(layer))
    assert [(p.code, p.severity.value, p.path[-1]) for p in problems] == [
        ("TGX004", "warning", "bridge_defense")
    ]
    assert "cannot fire on the bridges it lays" in problems[0].message
    assert check_unit_types(_library({**layer, "bridge_defense": 6})) == []
    problems = check_unit_types(_library({"bridge_defense": 6}))
    assert [(p.code, p.severity.value) for p in problems] == [("TGX004", "error")]


def test_a_bridge_ds_out_of_range_names_the_file_line_and_field() -> None:
    from schemas.io import FileKind, dump_text, load_text

    library = _library({"traits": ["bridge_layer"], "bridge_defense": 6})
    text = dump_text(library)
    broken = text.replace("bridge_defense: 6", "bridge_defense: 0", 1)
    loaded = load_text(broken, FileKind.UNIT_TYPES, name="x.units.yaml")
    assert loaded.model is None
    line = next(i for i, t in enumerate(broken.splitlines(), 1) if "bridge_defense: 0" in t)
    [problem] = [p for p in loaded.problems if p.is_error]
    assert (problem.file, problem.line) == ("x.units.yaml", line)
    assert problem.path[-1] == "bridge_defense"
