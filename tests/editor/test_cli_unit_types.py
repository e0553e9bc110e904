"""`hexwright oob types extract|list`: the file rewritten with its unit types, every unit's
effective values kept, a second run finding nothing, and the list naming each type's units."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from editor.cli import main
from schemas.io import load_file
from schemas.panzer_campaigns.oob_index import OobIndex
from tests.conftest import SAMPLE_DATA


@pytest.fixture
def oob(tmp_path: Path) -> Path:
    target = tmp_path / "stoumont44.oob.yaml"
    shutil.copy(SAMPLE_DATA / "stoumont44" / "stoumont44.oob.yaml", target)
    return target


def test_extract_writes_the_types_and_keeps_every_unit(oob: Path, capsys) -> None:
    before = OobIndex.from_oob(load_file(oob).model).units
    assert main(["oob", "types", "extract", str(oob)]) == 0
    out, err = capsys.readouterr()
    assert "19 unit types created, 56 units now name a type" in err
    assert "panther_ausf_g  Panther Ausf. G  " in out
    loaded = load_file(oob)
    assert loaded.problems == []
    assert len(loaded.model.unit_types) == 19
    after = OobIndex.from_oob(loaded.model).units
    for unit_id, entry in before.items():
        assert after[unit_id].unit.model_copy(update={"unit_type": None}) == entry.unit
    text = oob.read_text()
    assert main(["oob", "types", "extract", str(oob)]) == 0
    assert "no unit types created" in capsys.readouterr().err
    assert oob.read_text() == text


def test_extract_to_another_file_leaves_the_source(oob: Path, tmp_path: Path, capsys) -> None:
    before = oob.read_bytes()
    output = tmp_path / "typed.oob.yaml"
    assert main(["oob", "types", "extract", str(oob), "-o", str(output), "--min-units", "3"]) == 0
    assert oob.read_bytes() == before
    types = load_file(output).model.unit_types
    assert types
    assert all(t.id for t in types)
    users = OobIndex.from_oob(load_file(output).model).units.values()
    for unit_type in types:
        assert sum(entry.unit.unit_type == unit_type.id for entry in users) >= 3


def test_list_names_each_type_with_its_units(oob: Path, capsys) -> None:
    main(["oob", "types", "extract", str(oob)])
    capsys.readouterr()
    assert main(["oob", "types", "list", str(oob)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 19
    first = lines[0]
    assert first.startswith("panther_ausf_g  Panther Ausf. G  headquarters  hard 12/6")
    assert first.endswith("3 units")


def test_extract_refuses_fewer_than_one_unit(oob: Path, capsys) -> None:
    assert main(["oob", "types", "extract", str(oob), "--min-units", "0"]) == 1
    assert "--min-units" in capsys.readouterr().err


def test_diff_names_a_types_change_and_the_units_that_followed(
    oob: Path, tmp_path: Path, capsys
) -> None:
    main(["oob", "types", "extract", str(oob)])
    text = oob.read_text()
    assert "    hard_attack: 30.0\n" in text
    edited = tmp_path / "edited.oob.yaml"
    edited.write_text(text.replace("    hard_attack: 30.0\n", "    hard_attack: 33.0\n", 1))
    capsys.readouterr()
    main(["diff", str(oob), str(edited)])
    out = capsys.readouterr().out
    # One change naming the units that follow, not one line per unit.
    assert "Unit type Panther Ausf. G (armor): hard attack 30 → 33 attack (2 units follow)" in out
    assert out.count("hard attack 30 → 33 attack") == 1


def test_a_title_with_extracted_types_plays_the_same_game(tmp_path: Path, capsys) -> None:
    """The engine reads effective values: the same seed gives the same game, order by order."""
    games = []
    for name, extract in (("plain", False), ("typed", True)):
        title = tmp_path / name
        shutil.copytree(SAMPLE_DATA / "ardennes44", title)
        if extract:
            assert main(["oob", "types", "extract", str(title / "ardennes44.oob.yaml")]) == 0
            assert load_file(title / "ardennes44.oob.yaml").model.unit_types
        capsys.readouterr()
        scenario = title / "scenarios" / "road_to_bastogne.scenario.yaml"
        command = ["play", str(scenario), "--allied", "computer", "--axis", "computer"]
        assert main([*command, "--seed", "3", "--turns", "1", "--json"]) == 0
        games.append(capsys.readouterr().out.replace(str(title), "TITLE"))
    assert games[0] == games[1]
    assert '"events": [' in games[0]
