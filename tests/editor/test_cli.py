"""The headless command line as a designer's CI uses it: exit codes, output formats, schemas,
Weather.dat conversion, and no Qt anywhere on the way."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main
from schemas.io import FileKind
from schemas.jsonschema import JSON_FOLDER, schema_file_name, schema_text
from tests.conftest import REPO, SAMPLE_DATA
from tests.schemas.test_weather_dat import MANUAL_EXAMPLE


def test_a_valid_title_exits_0(tiny_title: Path, capsys) -> None:
    assert main(["validate", str(tiny_title.parents[1])]) == 0
    assert "0 error(s), 0 warning(s)" in capsys.readouterr().err


def test_errors_exit_1_and_print_file_line_column(capsys) -> None:
    broken = SAMPLE_DATA / "broken" / "scenarios" / "unknown-unit.scenario.yaml"
    assert main(["validate", str(broken)]) == 1
    out = capsys.readouterr().out
    assert f"{broken}:" in out
    assert ": error REF001: unit 'us.1id.16ir.9' is not in the OOB" in out


def test_unreadable_input_exits_2(tmp_path: Path, capsys) -> None:
    assert main(["validate", str(tmp_path / "nothing.scenario.yaml")]) == 2
    assert "LOAD001" in capsys.readouterr().out
    assert main(["validate", str(SAMPLE_DATA / "broken" / "not-utf8.map.yaml")]) == 2


def test_json_output_lists_every_problem(capsys) -> None:
    broken = SAMPLE_DATA / "broken" / "sum.weather.yaml"
    assert main(["validate", "--json", str(broken)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 1
    assert report["files"] == [str(broken)]
    [problem] = report["problems"]
    assert problem["code"] == "WEATHER002"
    assert problem["path"] == "rows[1]"
    assert problem["line"] == 5


def test_schema_command_writes_the_committed_schemas(tmp_path: Path, capsys) -> None:
    assert main(["schema", "--out", str(tmp_path)]) == 0
    for kind in FileKind:
        written = (tmp_path / schema_file_name(kind)).read_text()
        assert written == (JSON_FOLDER / schema_file_name(kind)).read_text()


def test_committed_json_schemas_are_current() -> None:
    stale = [
        kind.value
        for kind in FileKind
        if (JSON_FOLDER / schema_file_name(kind)).read_text() != schema_text(kind)
    ]
    assert stale == [], "run `hexwright schema --out schemas/json` and commit the result"


def test_weather_import_and_export_round_trip(tmp_path: Path) -> None:
    dat = tmp_path / "Weather.dat"
    dat.write_text(MANUAL_EXAMPLE)
    yaml_path = tmp_path / "bulge.weather.yaml"
    assert main(["weather", "import", str(dat), "-o", str(yaml_path)]) == 0
    back = tmp_path / "Back.dat"
    assert main(["weather", "export", str(yaml_path), "-o", str(back)]) == 0
    assert back.read_text() == MANUAL_EXAMPLE


def test_weather_import_refuses_a_broken_file(tmp_path: Path, capsys) -> None:
    dat = tmp_path / "Weather.dat"
    dat.write_text("16 12 1944 0 100 0\n")
    target = tmp_path / "x.weather.yaml"
    assert main(["weather", "import", str(dat), "-o", str(target)]) == 1
    assert not target.exists()
    assert f"{dat}:1:1: error SYNTAX001" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("line", "where", "says"),
    [
        ("18 12 1944 0 80 0 10 0 3 4 30", "3:1: error WEATHER002", "add up to 90, not 100"),
        ("18 12 1944 0 80 0 20 0 03 4 30", "3:24: error SYNTAX001", "leading zeros in 03"),
    ],
)
def test_weather_import_refuses_a_row_the_games_would_misread(
    tmp_path: Path, capsys, line: str, where: str, says: str
) -> None:
    """[11.0]: chances add up to 100 and no number has a leading zero; import refuses the file
    with the line of the bad row, as export and validate refuse the same row in YAML."""
    dat = tmp_path / "Weather.dat"
    dat.write_text(f"16 12 1944 0 100 0 0 0 2 3 0\n# comment\n{line}\n")
    target = tmp_path / "x.weather.yaml"
    assert main(["weather", "import", str(dat), "-o", str(target)]) == 1
    assert not target.exists()
    out = capsys.readouterr()
    assert f"{dat}:{where}" in out.out
    assert says in out.out
    assert "nothing written" in out.err


def test_weather_export_refuses_rows_that_do_not_add_up(tmp_path: Path, capsys) -> None:
    target = tmp_path / "Weather.dat"
    broken = SAMPLE_DATA / "broken" / "sum.weather.yaml"
    assert main(["weather", "export", str(broken), "-o", str(target)]) == 1
    assert not target.exists()
    assert "WEATHER002" in capsys.readouterr().out


def test_the_command_line_never_imports_qt() -> None:
    probe = (
        "import sys; from editor.cli import main; "
        "main(['validate', 'sample_data/broken/scenarios/base.scenario.yaml']); "
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_help_lists_the_commands(capsys) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert all(command in out for command in ("validate", "play", "supply", "weather"))
