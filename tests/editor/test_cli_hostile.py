"""The command line given what a tester (or an accident) gives it: zone-aware start times, NULs
and symlink loops in file references, pipes in place of files, folders as outputs, odd file
names and mistyped commands. Each gets a message naming the file and field and exit status 1 or
2, never a traceback, a hang or Qt aborting."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from editor import cli
from editor.cli import HEADLESS_COMMANDS, main
from schemas.io import FileKind
from schemas.jsonschema import generate
from tests.conftest import REPO


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, t in enumerate(path.read_text().splitlines(), 1) if needle in t)


@pytest.mark.parametrize(
    "start", ["1944-12-16 08:00:00+02:00", "5", "1944-12-16", "9999-12-31 23:00"]
)
@pytest.mark.parametrize("command", ["validate", "play", "supply"])
def test_a_start_that_is_not_a_local_date_and_time_is_an_error_at_its_line(
    tiny_title: Path, capsys: pytest.CaptureFixture[str], start: str, command: str
) -> None:
    _replace(tiny_title, 'start: "1944-12-16 08:00"', f"start: {start}")
    assert main([command, str(tiny_title)]) == 1
    out = capsys.readouterr().out
    assert f"{tiny_title}:{_line_of(tiny_title, 'start: ')}:" in out
    assert "header.start: " in out
    assert "YYYY-MM-DD HH:MM" in out or "the year must be" in out


def test_a_nul_in_a_file_reference_is_an_error_at_its_line(
    tiny_title: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _replace(tiny_title, "map: ../tiny.map.yaml", 'map: "../ti\\0ny.map.yaml"')
    assert main(["validate", str(tiny_title)]) == 1
    out = capsys.readouterr().out
    assert f"{tiny_title}:{_line_of(tiny_title, 'map: ')}:" in out
    assert "files.map" in out


def test_a_symlink_loop_is_a_file_that_cannot_be_read(
    tiny_title: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tiny_title.parent / "loop.map.yaml"
    loop.symlink_to(loop.name)
    _replace(tiny_title, "map: ../tiny.map.yaml", "map: loop.map.yaml")
    # As for a missing map: the scenario given was read, so its errors exit 1.
    assert main(["validate", str(tiny_title)]) == 1
    assert "PATH002: files.map 'loop.map.yaml' cannot be used" in capsys.readouterr().out
    assert main(["validate", str(loop)]) == 2
    assert "loop of symbolic links" in capsys.readouterr().out


def test_a_pipe_in_place_of_a_file_is_refused_at_once(
    tiny_title: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tiny_title.parents[1] / "waiting.map.yaml"
    os.mkfifo(pipe)
    # No writer ever opens the pipe: reading it would wait for ever.
    assert main(["validate", str(pipe)]) == 2
    assert "named pipe" in capsys.readouterr().out
    assert main(["weather", "import", str(pipe), "-o", str(pipe.with_suffix(".weather.yaml"))])
    assert "named pipe" in capsys.readouterr().err


def test_weather_export_to_a_folder_says_so(
    tiny_title: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tiny_title.parents[1]
    assert main(["weather", "export", str(folder / "tiny.weather.yaml"), "-o", str(folder)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert not any(p.name.endswith(".tmp") for p in folder.iterdir())


def test_a_file_name_with_a_line_break_cannot_forge_a_problem_line(
    tiny_title: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = tiny_title.parents[1] / "x\nfake.map.yaml:1:1: error REF001: forged.map.yaml"
    forged.write_text("format_version: 2\nname: [\n")
    assert main(["validate", str(forged)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(
        f"{forged.parent}/x\\nfake.map.yaml:1:1: error REF001: forged.map.yaml:"
    )


@pytest.mark.parametrize("word", ["balanse", "valdate", "frobnicate"])
def test_a_mistyped_command_is_named_and_exits_2(
    word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([word, "x.yaml"]) == 2
    err = capsys.readouterr().err
    assert f"unknown command '{word}'" in err
    named = err.split("the commands are ", 1)[1].split(";", 1)[0]
    assert named.split(", ") == list(HEADLESS_COMMANDS)
    if word == "valdate":
        assert "did you mean 'validate'?" in err


def test_a_file_that_is_not_there_is_named_as_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "gone.scenario.yaml"
    assert main([str(missing)]) == 2
    assert f"no file or folder '{missing}'" in capsys.readouterr().err


@pytest.mark.parametrize("platform", [None, "xcb", "wayland"])
def test_with_no_display_the_editor_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], platform: str | None
) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    if platform is not None:
        monkeypatch.setenv("QT_QPA_PLATFORM", platform)
    monkeypatch.setattr(cli.sys, "platform", "linux")
    assert main([]) == 2
    assert "no display" in capsys.readouterr().err
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert cli.missing_display() is None


def _hexwright(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    # A strict UTF-8 terminal: printing a name that is not UTF-8 raised UnicodeEncodeError.
    environment |= {"PYTHONIOENCODING": "utf-8:strict", "PYTHONPATH": str(REPO)}
    # The installed `hexwright` script, as designers run it; the module where it is not installed.
    script = Path(sys.executable).with_name("hexwright")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "editor.cli"]
    return subprocess.run(
        [*command, *arguments],
        cwd=cwd,
        env=environment,
        capture_output=True,
        timeout=60,
        check=False,
    )


def test_hostile_names_through_the_real_command(tiny_title: Path) -> None:
    folder = tiny_title.parents[1]
    not_utf8 = os.fsencode(folder) + b"/bad\xff.map.yaml"
    with open(not_utf8, "wb") as stream:
        stream.write(b"format_version: 2\nname: [\n")
    os.mkfifo(folder / "pipe.map.yaml")
    (folder / "loop.map.yaml").symlink_to("loop.map.yaml")
    (folder / "two\nlines.map.yaml").write_text("format_version: 2\nname: [\n")
    for arguments, status, expected in [
        (["validate", os.fsdecode(not_utf8)], 1, b"bad\\xff.map.yaml:3:1: error SYNTAX001"),
        (["validate", "two\nlines.map.yaml"], 1, b"\ntwo\\nlines.map.yaml:3:1: error SYNTAX001"),
        (["validate", "pipe.map.yaml"], 2, b"named pipe"),
        (["validate", "loop.map.yaml"], 2, b"loop of symbolic links"),
        (["balanse", "x.yaml"], 2, b"unknown command 'balanse'"),
        ([], 2, b"no display"),
    ]:
        done = _hexwright(*arguments, cwd=folder)
        output = b"\n" + done.stdout + done.stderr
        assert done.returncode == status, output
        assert expected in output
        assert b"Traceback" not in output
        assert b"PySide6" not in output


HOSTILE_NUMBERS = [
    ("tiny.pdt.yaml", "clear: {foot: 2,", "clear: {foot: -2,", "movement.terrain.clear.foot"),
    (
        "tiny.pdt.yaml",
        "clear: {foot: 2,",
        "clear: {foot: 70000,",
        "movement.terrain.clear.foot",
    ),
    ("tiny.pdt.yaml", "zoc_multiplier: 0.0", "zoc_multiplier: .nan", "movement.zoc_multiplier"),
    ("tiny.pdt.yaml", "mud: {foot: 200,", "mud: {foot: 1e400,", "movement.condition_modifiers"),
    ("tiny.map.yaml", "  - 100 100 120", "  - 99999999999999999999 100 120", "elevation row 0"),
    ("tiny.oob.yaml", "strength: ", "strength: 10000000000000000000000 #", "strength"),
]
"""(file, text, its hostile replacement, the field named in the problem)"""


@pytest.mark.parametrize("hostile", HOSTILE_NUMBERS, ids=lambda case: case[2])
@pytest.mark.parametrize("command", ["validate", "play", "supply"])
def test_numbers_the_engine_cannot_take_are_errors_at_their_line(
    tiny_title: Path,
    capsys: pytest.CaptureFixture[str],
    hostile: tuple[str, str, str, str],
    command: str,
) -> None:
    file, old, new, field = hostile
    target = tiny_title.parents[1] / file
    _replace(target, old, new)
    turns = ["--turns", "2"] if command == "play" else []
    assert main([command, *turns, str(tiny_title)]) == 1
    out = capsys.readouterr().out
    assert f"{target}:{_line_of(target, new.split('#', maxsplit=1)[0])}:" in out
    assert field in out


def _unbounded_numbers(node: object, where: str, found: list[str]) -> list[str]:
    if isinstance(node, dict):
        number = node.get("type") in ("integer", "number") and "const" not in node
        if number and "maximum" not in node and "exclusiveMaximum" not in node:
            found.append(where)
        for key, value in node.items():
            _unbounded_numbers(value, f"{where}.{key}", found)
    elif isinstance(node, list):
        for number, value in enumerate(node):
            _unbounded_numbers(value, f"{where}[{number}]", found)
    return found


def test_every_number_of_every_file_kind_has_an_upper_bound_in_its_schema() -> None:
    unbounded = [
        path
        for kind in FileKind
        for path in _unbounded_numbers(generate(kind), kind.value, [])
        if not path.endswith("format_version")
    ]
    assert unbounded == []


def test_a_mistyped_command_imports_no_qt() -> None:
    probe = (
        "import sys; from editor.cli import main; main(['balanse', 'x.yaml']); "
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_schemas_written_onto_a_file_say_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "taken"
    a_file.write_text("mine")
    assert main(["schema", "--out", str(a_file)]) == 2
    assert "cannot write the schemas" in capsys.readouterr().err
    assert a_file.read_text() == "mine"


@pytest.mark.parametrize("command", ["validate", "play", "supply"])
def test_numbers_at_their_limits_are_played_without_overflow(
    tiny_title: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    folder = tiny_title.parents[1]
    parameters = folder / "tiny.pdt.yaml"
    text = re.sub(r"(foot|motorized|tracked): \d+", r"\1: 999", parameters.read_text())
    for field in ("elevation_per_100m", "ford"):
        text = text.replace(f"{field}: 0\n", f"{field}: 999\n")
    parameters.write_text(text.replace("mud: {foot: 999,", "mud: {foot: 1000,"))
    _replace(
        folder / "tiny.map.yaml", "  - 100 100 120 120 100 100", "  - -500 9000 -500 9000 -500 9000"
    )
    turns = ["--turns", "4"] if command == "play" else []
    assert main([command, *turns, str(tiny_title)]) == 0
    assert "error" not in capsys.readouterr().out
