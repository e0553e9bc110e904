"""Unit types: a typed unit takes its type's values unless it gives its own, the file keeps only
the overrides, Extract Unit Types changes no unit's effective values on the sample titles, and
the checks find missing, unused and out-of-service types at their lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panzer_campaigns.validation import validate_paths
from schemas.io import FileKind, dump_text, load_file, load_text, save_file
from schemas.panzer_campaigns.checks import check_oob
from schemas.panzer_campaigns.oob import OobFile, Unit, UnitType
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.unit_type_extract import extract_unit_types
from schemas.panzer_campaigns.unit_types import TYPE_FIELDS, follow_type, overridden, type_by_id
from tests.conftest import SAMPLE_DATA
from tests.tiny_title import write_tiny_title

TYPED = """\
format_version: 3
name: Tanks
unit_types:
  - id: t34
    name: T-34/85
    type_name: T-34/85
    unit_class: armor
    component: vehicles
    speed: 14
    movement_class: tracked
    hard_attack: 30.0
    hard_range: 1
    defense: 19.0
    hard_target: true
sides:
  - side: allied
    nations:
      - id: su
        name: USSR
        organizations:
          - {kind: unit, id: a, name: 1st Tk Bn, unit_type: t34, strength: 10}
          - {kind: unit, id: b, name: 2nd Tk Bn, unit_type: t34, strength: 10, hard_attack: 0.0}
"""


def _units(oob: OobFile) -> dict[str, Unit]:
    return {unit_id: entry.unit for unit_id, entry in OobIndex.from_oob(oob).units.items()}


def test_a_typed_unit_reads_its_types_values_and_keeps_its_overrides() -> None:
    loaded = load_text(TYPED, FileKind.OOB)
    assert loaded.problems == []
    units = _units(loaded.model)
    assert (units["a"].hard_attack, units["a"].speed, units["a"].unit_class.value) == (
        30.0,
        14,
        "armor",
    )
    assert units["a"].hard_target
    assert units["a"].defense == 19.0
    # An override equal to the field's default is an override all the same.
    assert units["b"].hard_attack == 0.0
    unit_type = type_by_id(loaded.model)["t34"]
    assert overridden(units["a"], unit_type) == []
    assert overridden(units["b"], unit_type) == ["hard_attack"]
    assert dump_text(loaded.model) == TYPED


def test_a_version_2_oob_loads_unchanged_and_saves_as_version_3() -> None:
    legacy = load_file(SAMPLE_DATA / "legacy" / "v2" / "base.oob.yaml")
    assert legacy.original_version == 2
    assert [p.code for p in legacy.problems] == ["VERSION002"]
    current = load_file(SAMPLE_DATA / "broken" / "base.oob.yaml")
    assert legacy.model == current.model
    assert dump_text(legacy.model) == current.text


@pytest.mark.parametrize(
    "path",
    [
        SAMPLE_DATA / "ardennes44" / "ardennes44.oob.yaml",
        SAMPLE_DATA / "stoumont44" / "stoumont44.oob.yaml",
    ],
    ids=lambda path: path.stem,
)
def test_extracting_types_keeps_every_units_effective_values(path: Path, tmp_path: Path) -> None:
    before = load_file(path).model
    extraction = extract_unit_types(before)
    assert len(extraction.created) >= 10
    saved = tmp_path / path.name
    save_file(extraction.oob, saved)
    text = saved.read_text()
    assert len(text) < 0.8 * len(path.read_text())
    after = load_file(saved)
    assert after.problems == []
    old, new = _units(before), _units(after.model)
    assert old.keys() == new.keys()
    typed = 0
    for unit_id, unit in old.items():
        reread = new[unit_id]
        typed += reread.unit_type is not None
        assert reread.model_copy(update={"unit_type": None}) == unit, unit_id
    assert typed == len(extraction.typed)
    # Every unit of a created type shares all its values: no overrides come out of extraction.
    types = type_by_id(after.model)
    for unit in new.values():
        if unit.unit_type is not None:
            assert overridden(unit, types[unit.unit_type]) == []
    # A second extraction finds nothing new.
    assert extract_unit_types(after.model).created == []


def test_editing_a_type_reaches_the_units_that_inherit_and_spares_overrides() -> None:
    oob = load_text(TYPED, FileKind.OOB).model
    index = OobIndex.from_oob(oob)
    old = oob.unit_types[0]
    new = old.model_copy(update={"hard_attack": 36.0, "speed": 16})
    changes = {path[-1]: value for path, value in follow_type(index, "t34", old, new)}
    steps = list(follow_type(index, "t34", old, new))
    paths = {(index.units["a"].path, "hard_attack"), (index.units["a"].path, "speed")}
    paths |= {(index.units["b"].path, "speed")}
    assert {(tuple(p[:-1]), p[-1]) for p, _ in steps} == paths
    assert changes == {"hard_attack": 36.0, "speed": 16}


def test_type_fields_are_the_units_fields_with_the_same_constraints() -> None:
    for name in TYPE_FIELDS:
        unit_field, type_field = Unit.model_fields[name], UnitType.model_fields[name]
        assert unit_field.annotation == type_field.annotation, name
        assert unit_field.metadata == type_field.metadata, name
        assert unit_field.default == type_field.default, name


def test_a_missing_type_is_an_error_at_the_units_line() -> None:
    text = TYPED.replace("unit_type: t34, strength: 10, hard", "unit_type: t43, strength: 10, hard")
    text = text.replace("name: 2nd Tk Bn,", "name: 2nd Tk Bn, unit_class: armor, speed: 12,")
    loaded = load_text(text, FileKind.OOB, name="tanks.oob.yaml")
    assert loaded.problems == []
    [problem] = check_oob(loaded.model)
    assert (problem.code, problem.severity.value) == ("OOB003", "error")
    assert problem.path[-1] == "unit_type"
    assert "'t43'" in problem.message
    assert "'b'" in problem.message
    assert (
        loaded.locate(problem.path)[0]
        == text.splitlines().index(next(line for line in text.splitlines() if "t43" in line)) + 1
    )


def test_an_unused_type_is_information() -> None:
    text = TYPED.replace(
        "unit_type: t34, strength: 10}", "unit_class: armor, speed: 9, strength: 10}"
    )
    text = text.replace(
        "unit_type: t34, strength: 10, hard_attack: 0.0",
        "unit_class: armor, speed: 9, strength: 10",
    )
    oob = load_text(text, FileKind.OOB).model
    [problem] = check_oob(oob)
    assert (problem.code, problem.severity.value, problem.path) == (
        "OOB004",
        "info",
        ("unit_types", 0, "id"),
    )


def _dated_title(tmp_path: Path, start: str | None, end: str | None) -> Path:
    """The tiny title with its OOB's shared values extracted and every type given dates."""
    scenario = write_tiny_title(tmp_path)
    oob_path = next(tmp_path.glob("*.oob.yaml"))
    extraction = extract_unit_types(load_file(oob_path).model, min_units=1)
    dates = {"in_service_from": start, "in_service_to": end}
    types = [
        t.model_validate({**t.model_dump(), **{k: v for k, v in dates.items() if v}})
        for t in extraction.oob.unit_types
    ]
    save_file(extraction.oob.model_copy(update={"unit_types": types}), oob_path)
    return scenario


def test_a_type_out_of_service_on_the_scenarios_date_is_warned_with_its_dates(
    tmp_path: Path,
) -> None:
    scenario = _dated_title(tmp_path, "1945-03-01", None)
    report = validate_paths([scenario])
    out = [p for p in report.problems if p.code == "OOB005"]
    assert out, [p.code for p in report.problems]
    assert all(p.severity.value == "warning" for p in out)
    assert all("1945-03-01 to …" in p.message for p in out)
    assert all(p.file is not None and p.file.endswith("tiny.scenario.yaml") for p in out)
    assert all(p.line is not None for p in out)


def test_types_in_service_on_the_scenarios_date_are_not_warned(tmp_path: Path) -> None:
    scenario = _dated_title(tmp_path, "1939-09-01", "1945-05-08")
    report = validate_paths([scenario])
    assert [p for p in report.problems if p.code.startswith("OOB")] == []
