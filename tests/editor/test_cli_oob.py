"""`hexwright oob import|export`: exit codes, `file:line: field: reason` messages, nothing
written when a line is refused, and an export imported back giving the same OOB."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from editor.cli import main
from schemas.io import load_file
from schemas.panzer_campaigns.oob_import import subtree, walk
from tests.conftest import SAMPLE_DATA

FIXTURE = Path(__file__).parents[1] / "schemas" / "fixtures" / "das_reich_1944.txt"


@pytest.fixture
def oob(tmp_path: Path) -> Path:
    target = tmp_path / "ardennes44.oob.yaml"
    shutil.copy(SAMPLE_DATA / "ardennes44" / "ardennes44.oob.yaml", target)
    return target


def test_import_a_text_oob_under_an_army(oob: Path, capsys) -> None:
    assert main(["oob", "import", str(oob), str(FIXTURE), "--under", "de.6pza"]) == 0
    assert "8 organizations and 50 units added" in capsys.readouterr().err
    model = load_file(oob).model
    division = subtree(model, "de.2ssd")
    assert division is not None
    assert sum(1 for n in walk([division]) if n.kind == "unit") == 50
    assert subtree(model, "de.6pza").children[-1] == division


def test_a_refused_line_is_named_and_nothing_is_written(oob: Path, tmp_path: Path, capsys) -> None:
    before = oob.read_bytes()
    bad = tmp_path / "bad.csv"
    bad.write_text("name,strength,speed\nI./GR 989,520,6\nII./GR 989,-1,6\n", encoding="utf-8")
    assert main(["oob", "import", str(oob), str(bad), "--under", "de.6pza"]) == 1
    out = capsys.readouterr()
    assert f"{bad}:3: strength: Input should be greater than or equal to 0" in out.out
    assert "nothing written" in out.err
    assert oob.read_bytes() == before
    assert main(["oob", "import", str(oob), str(bad), "--under", "de.6pza", "--partial"]) == 1
    assert "I./GR 989" in oob.read_text(encoding="utf-8")


def test_unknown_organization_and_unreadable_files_exit_with_codes(
    oob: Path, tmp_path, capsys
) -> None:
    assert main(["oob", "import", str(oob), str(FIXTURE), "--under", "nowhere"]) == 1
    assert "no organization or nation with id 'nowhere'" in capsys.readouterr().err
    missing = tmp_path / "missing.txt"
    assert main(["oob", "import", str(oob), str(missing), "--under", "de.6pza"]) == 2
    assert f"{missing}:1: cannot read the file" in capsys.readouterr().err
    assert (
        main(
            ["oob", "export", str(oob), "--organization", "nowhere", "-o", str(tmp_path / "x.csv")]
        )
        == 1
    )


def test_a_column_mapping_on_the_command_line(oob: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.tsv"
    sheet.write_text("Einheit\tStärke\tMP\nI./GR 989\t520\t6\n", encoding="utf-8")
    argv = ["oob", "import", str(oob), str(sheet), "--under", "de.6pza"]
    argv += ["--map", "Einheit=name", "--map", "Stärke=strength", "--map", "MP=speed"]
    assert main(argv) == 0
    unit = subtree(load_file(oob).model, "de.6pza").children[-1]
    assert (unit.name, unit.strength, unit.speed) == ("I./GR 989", 520, 6)


@pytest.mark.parametrize("suffix", [".txt", ".csv", ".tsv"])
def test_export_then_import_gives_the_same_organization(oob: Path, tmp_path: Path, suffix) -> None:
    exported = tmp_path / f"corps{suffix}"
    assert (
        main(["oob", "export", str(oob), "--organization", "de.1sspzk", "-o", str(exported)]) == 0
    )
    original = subtree(load_file(oob).model, "de.1sspzk")
    fresh = tmp_path / "fresh.oob.yaml"
    text = oob.read_text(encoding="utf-8")
    fresh.write_text(text, encoding="utf-8")
    assert (
        main(["oob", "import", str(fresh), str(exported), "--under", "de.6pza", "-o", str(fresh)])
        == 0
    )
    copies = subtree(load_file(fresh).model, "de.6pza").children[-1]
    # ids were in use, so the copy has fresh ones; everything else is the same
    assert copies.name == original.name
    assert [n.name for n in walk([copies])] == [n.name for n in walk([original])]
    assert [getattr(n, "strength", None) for n in walk([copies])] == [
        getattr(n, "strength", None) for n in walk([original])
    ]
