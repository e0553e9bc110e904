"""Hostile file content is refused while it is read, with a Problem at its line: aliases that
expand a file (an alias bomb), nesting too deep for later steps, and JSON's duplicate keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from schemas import yamlio
from schemas.io import FileKind, dump_text, load_file, load_text
from schemas.panzer_campaigns.checks import check_map
from schemas.panzer_campaigns.weather_dat import parse_weather_dat
from schemas.reading import read_regular_file
from tests.test_fuzz_cli import time_limit
from tests.tiny_title import tiny_map

PARSERS = [
    pytest.param(yaml.CSafeLoader, id="libyaml"),
    pytest.param(yaml.SafeLoader, id="pure-python"),
]
"""The parsers reading may use: libyaml's, or PyYAML's own where it was built without it."""


def alias_bomb(version: int, levels: int = 9) -> str:
    """A few hundred bytes that stand for 9**levels strings once every alias is written out."""
    lines = [f"format_version: {version}", "a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for level in range(1, levels):
        lines.append(f"a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * 9)}]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("version", [1, 2])
def test_an_alias_bomb_is_refused_where_it_goes_off(version: int, tmp_path: Path) -> None:
    # Version 1 files are migrated, which used to write every alias out until memory ran out.
    path = tmp_path / "bomb.map.yaml"
    path.write_text(alias_bomb(version))
    problems = load_file(path).problems
    assert [(p.code, p.line) for p in problems] == [("LOAD004", 7)]
    assert "alias bomb" in problems[0].format()


def test_the_pure_python_parser_is_bounded_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlio, "_PARSER", yaml.SafeLoader)
    loaded = load_text(alias_bomb(1), FileKind.MAP)
    assert [p.code for p in loaded.problems] == ["LOAD004"]


def test_a_few_aliases_still_load() -> None:
    text = "format_version: 2\nshared: &s {a: [1, 2]}\nuses: [*s, *s, *s]\n"
    assert yamlio.load(text)["uses"] == [{"a": [1, 2]}] * 3


def test_an_alias_inside_its_own_anchor_is_refused() -> None:
    loaded = load_text("format_version: 1\nloop: &a [1, [*a]]\n", FileKind.MAP)
    assert [(p.code, p.line, p.column) for p in loaded.problems] == [("LOAD004", 2, 15)]


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize("depth", [65, 5000, 100_000])
def test_deep_nesting_is_a_problem_at_its_line(as_json: bool, depth: int) -> None:
    deep = "[" * depth + "]" * depth
    text = (
        f'{{"format_version": 1,\n "name": {deep}}}'
        if as_json
        else f"format_version: 1\nname: {deep}"
    )
    loaded = load_text(text, FileKind.MAP, as_json=as_json)
    (problem,) = loaded.problems
    assert problem.code in ("LOAD005", "SYNTAX001")
    assert problem.line == 2
    assert problem.column is not None


def test_json_duplicate_keys_are_reported_at_their_line() -> None:
    data = json.loads(dump_text(tiny_map(), as_json=True))
    text = json.dumps(data, indent=2).replace('"name": "Tiny"', '"name": "Tiny", "width": 7', 1)
    loaded = load_text(text, FileKind.MAP, as_json=True)
    (twice,) = [p for p in loaded.problems if p.code == "SYNTAX002"]
    # Like YAML's, the second key is the one reported: the one whose value is used.
    lines = text.splitlines()
    line = [n for n, t in enumerate(lines, 1) if '"width"' in t][1]
    assert (twice.line, twice.path) == (line, ("width",))
    assert twice.column == lines[line - 1].index('"width"') + 1


@pytest.mark.parametrize(
    ("text", "as_json"),
    [
        ("format_version: 2\nwidth: " + "9" * 5000 + "\n", False),
        ("format_version: 2\nwidth: 0x" + "f" * 5000 + "\n", False),
        ('{"format_version": 2,\n "width": ' + "9" * 5000 + "}", True),
    ],
    ids=["yaml", "yaml-hex", "json"],
)
@pytest.mark.parametrize("parser", PARSERS)
def test_a_number_of_thousands_of_digits_is_a_problem_at_its_line(
    text: str, as_json: bool, parser: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(yamlio, "_PARSER", parser)
    loaded = load_text(text, FileKind.MAP, as_json=as_json)
    problems = [p for p in loaded.problems if p.line == 2]
    assert problems, [p.format() for p in loaded.problems]
    assert all(len(p.format()) < 300 for p in loaded.problems)


@pytest.mark.parametrize("parser", PARSERS)
def test_a_control_character_is_a_problem_at_its_line_and_column(
    parser: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(yamlio, "_PARSER", parser)
    loaded = load_text("format_version: 2\nname: a\x00b\n", FileKind.MAP)
    assert [(p.code, p.line, p.column) for p in loaded.problems] == [("SYNTAX001", 2, 8)]
    assert "U+0000" in loaded.problems[0].message
    assert "\n" not in loaded.problems[0].format()


def test_a_file_that_is_not_utf8_names_its_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "latin1.map.yaml"
    path.write_bytes("format_version: 2\nname: Liège\n".encode("latin-1"))
    (problem,) = load_file(path).problems
    assert (problem.code, problem.line, problem.column) == ("LOAD002", 2, 9)


def test_weather_dat_digits_are_ascii_digits() -> None:
    weather, problems = parse_weather_dat("16 12 1944 0 100 0 0 0 2 \u00b2 0\n", file="W.dat")
    assert weather is None
    assert [(p.code, p.line, p.column) for p in problems] == [
        ("SYNTAX001", 1, 26),
        ("SYNTAX001", 1, 1),
    ]


def test_only_regular_files_of_a_sane_size_are_read(tmp_path: Path) -> None:
    big = tmp_path / "big.map.yaml"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(OSError, match="larger than"):
        read_regular_file(big, limit=1000)
    assert read_regular_file(big, limit=2000) == b"x" * 2000
    with pytest.raises(IsADirectoryError, match="folder"):
        read_regular_file(tmp_path)
    device = Path("/dev/zero")
    if device.exists():
        with pytest.raises(OSError, match="a device"):
            read_regular_file(device)


def test_an_elevation_row_of_many_zeros_is_refused_without_backtracking() -> None:
    # An ambiguous pattern would take 3**n steps on this row; the check must answer at once.
    row = " ".join(["000"] * 2000) + " x"
    model = tiny_map()
    rows = [row, *model.elevation_rows[1:]]
    with time_limit(10):
        problems = check_map(model.model_copy(update={"elevation_rows": rows}))
    assert [(p.code, p.path) for p in problems] == [("MAP004", ("elevation_rows", 0))]
