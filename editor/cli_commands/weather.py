"""`hexwright weather import|export`: convert programmed weather between `Weather.dat` and
`.weather.yaml`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.cli_commands import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, print_problems
from schemas.io import FileKind, load_file, save_file, write_atomic
from schemas.panzer_campaigns.checks.weather_rows import check_weather
from schemas.panzer_campaigns.weather_dat import format_weather_dat, parse_weather_dat
from schemas.problems import error, printable
from schemas.reading import read_regular_file


def command_weather_import(args: argparse.Namespace) -> int:
    """Convert a `Weather.dat` into a `.weather.yaml` (or `.weather.json`) file."""
    source = Path(args.source)
    whole_file = {"file": str(source), "line": 1, "column": 1}
    try:
        text = read_regular_file(source).decode("utf-8-sig")
    except OSError as exc:
        reason = f"cannot read the file: {exc.strerror or exc}"
        print(error("LOAD001", reason, **whole_file).format(), file=sys.stderr)
        return EXIT_UNREADABLE
    except UnicodeDecodeError:
        print(
            error("LOAD002", "the file is not UTF-8 text", **whole_file).format(), file=sys.stderr
        )
        return EXIT_UNREADABLE
    name = args.name or f"Programmed weather from {source.name}"
    weather, problems = parse_weather_dat(text, name=name, file=str(source))
    print_problems(problems, show_info=True)
    if weather is None or any(p.is_error for p in problems):
        print("nothing written: fix the errors above", file=sys.stderr)
        return EXIT_ERRORS
    target = Path(args.output)
    if FileKind.from_path(target) is not FileKind.WEATHER:
        print(
            printable(f"{target}: the output must be named *.weather.yaml or *.weather.json"),
            file=sys.stderr,
        )
        return EXIT_ERRORS
    if not _writable_file(target):
        return EXIT_UNREADABLE
    try:
        save_file(weather, target)
    except OSError as exc:
        print(printable(f"{target}: cannot write: {exc.strerror or exc}"), file=sys.stderr)
        return EXIT_UNREADABLE
    print(printable(f"wrote {len(weather.rows)} row(s) to {target}"), file=sys.stderr)
    return EXIT_OK


def _writable_file(target: Path) -> bool:
    """Whether `target` may be written as a file; if not, say why on stderr."""
    if target.is_dir():
        print(
            printable(f"{target}: is a folder; give the name of the file to write"),
            file=sys.stderr,
        )
        return False
    if target.exists() and not target.is_file():
        print(printable(f"{target}: is not a regular file; nothing written"), file=sys.stderr)
        return False
    return True


def command_weather_export(args: argparse.Namespace) -> int:
    """Write a `.weather.yaml` file as a `Weather.dat` the games read."""
    loaded = load_file(Path(args.source), FileKind.WEATHER)
    problems = loaded.problems + (loaded.place(check_weather(loaded.model)) if loaded.ok else [])
    print_problems(problems, show_info=False)
    if not loaded.ok:
        unreadable = any(p.code in ("LOAD001", "LOAD002") for p in loaded.problems)
        return EXIT_UNREADABLE if unreadable else EXIT_ERRORS
    if any(p.is_error for p in problems):
        print("nothing written: fix the errors above", file=sys.stderr)
        return EXIT_ERRORS
    target = Path(args.output)
    if not _writable_file(target):
        return EXIT_UNREADABLE
    try:
        write_atomic(target, format_weather_dat(loaded.model))
    except OSError as exc:
        print(printable(f"{target}: cannot write: {exc.strerror or exc}"), file=sys.stderr)
        return EXIT_UNREADABLE
    print(printable(f"wrote {len(loaded.model.rows)} line(s) to {target}"), file=sys.stderr)
    return EXIT_OK
