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
