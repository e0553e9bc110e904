"""The `hexwright` command line: validate files and titles, test-play a scenario headless, replay
a saved test-play, print its supply, write JSON Schemas, convert weather; `hexwright [PATH]` opens
the editor window.

It imports no Qt, so it runs on build servers and in designers' CI. Exit codes of `validate`:
0 when no errors were found, 1 when there were errors, 2 when a path could not be read; `play`
and `supply` exit with 1 when the scenario cannot be played (its problems are printed), `replay`
also when an order of the saved test-play is refused, and with 2 when it cannot be read.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from editor.testplay.log_export import log_report
from editor.testplay.session_file import (
    RecordError,
    changed_files,
    load_record,
    orders_of,
    scenario_of,
    settings_of,
)
from engine.game import Game
from engine.report import (
    event_to_json,
    format_side_supply,
    format_turn_report,
    iter_turn_reports,
    side_supply,
    side_supply_to_json,
    turn_report_to_json,
)
from engine.validation import validate_paths
from schemas.checks import check_weather
from schemas.io import FileKind, load_file, save_file, write_atomic
from schemas.jsonschema import generate, write_all
from schemas.problems import Problem, Severity, error, printable
from schemas.reading import read_regular_file
from schemas.title import load_scenario
from schemas.vocabulary import Side
from schemas.weather_dat import format_weather_dat, parse_weather_dat

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2


def _print_problems(problems: Sequence[Problem], show_info: bool) -> None:
    for problem in problems:
        if problem.severity is Severity.INFO and not show_info:
            continue
        print(problem.format())


def command_validate(args: argparse.Namespace) -> int:
    """Validate files and title folders; print problems as compilers do, or as JSON."""
    report = validate_paths(args.paths)
    errors = report.count(Severity.ERROR)
    warnings = report.count(Severity.WARNING)
    if args.json:
        json.dump(
            {
                "files": [str(p) for p in report.files],
                "errors": errors,
                "warnings": warnings,
                "problems": [p.to_json() for p in report.problems],
            },
            sys.stdout,
            indent=2,
        )
        print()
    else:
        _print_problems(report.problems, args.verbose)
        print(
            f"checked {len(report.files)} file(s): {errors} error(s), {warnings} warning(s)",
            file=sys.stderr,
        )
    if report.unreadable:
        return EXIT_UNREADABLE
    return EXIT_ERRORS if errors else EXIT_OK


def _new_game(path: str, seed: int) -> Game | None:
    """A new game of the scenario at `path`, or None after printing why it cannot be played."""
    bundle = load_scenario(path)
    problems = [p for p in bundle.problems if p.is_error]
    if problems or not bundle.is_complete:
        _print_problems(problems or bundle.problems, show_info=False)
        print(
            printable(f"{path}: the scenario cannot be played until these are fixed"),
            file=sys.stderr,
        )
        return None
    try:
        return Game.from_bundle(bundle, seed)
    except ValueError as exc:
        print(printable(f"{path}: error: {exc}"), file=sys.stderr)
        return None


def command_play(args: argparse.Namespace) -> int:
    """Play a scenario for N game turns with no orders and report every turn."""
    game = _new_game(args.scenario, args.seed)
    if game is None:
        return EXIT_ERRORS
    reports = iter_turn_reports(game, args.turns)
    if args.json:
        document = {
            "scenario": args.scenario,
            "seed": args.seed,
            "turns": [turn_report_to_json(r) for r in reports],
            "result": event_to_json(game.result) if game.result else None,
        }
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return EXIT_OK
    header = game.state.scenario.header
    print(f"{header.title}  (seed {args.seed}, {header.turns} turns)")
    for report in reports:
        print()
        print(format_turn_report(report))
    if game.result is not None:
        print()
        print(game.result.describe())
    return EXIT_OK


def command_replay(args: argparse.Namespace) -> int:
    """Replay a saved test-play on its scenario as the files are now and report where it ends;
    the first order the rules refuse stops it and is named."""
    try:
        record = load_record(args.record)
    except RecordError as exc:
        print(exc, file=sys.stderr)
        return EXIT_UNREADABLE
    scenario = scenario_of(record, args.record)
    bundle = load_scenario(scenario)
    errors = [p for p in bundle.problems if p.is_error]
    if errors or not bundle.is_complete:
        _print_problems(errors or bundle.problems, show_info=False)
        print(
            printable(f"{scenario}: the scenario cannot be played until these are fixed"),
            file=sys.stderr,
        )
        return EXIT_ERRORS
    changed = changed_files(record, bundle)
    if changed:
        print(
            printable(
                f"{args.record}: changed since the test-play was saved: {', '.join(changed)}; "
                "its orders are replayed on the files as they are now"
            ),
            file=sys.stderr,
        )
    game = settings_of(record).new_game(bundle)
    orders = orders_of(record)
    refused: dict[str, object] | None = None
    for number, order in enumerate(orders, 1):
        try:
            game.apply(order)
        except ValueError as exc:  # IllegalMove: the scenario no longer allows the order
            refused = {"order": number, "what": order.describe(), "reason": str(exc)}
            break
    replayed = len(game.orders)
    if args.json:
        document = {
            "record": str(args.record),
            "scenario": str(scenario),
            "changed_files": changed,
            "orders": len(orders),
            "replayed": replayed,
            "refused": refused,
            "turn": game.turn,
            "side": game.phasing.value,
            "score": game.score().describe(),
            "events": [event_to_json(e) for e in game.log],
        }
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        print()
    else:
        print(log_report(game), end="")
        print(f"\nReplayed {replayed} of {len(orders)} orders. Score: {game.score().describe()}")
    if refused is not None:
        print(
            printable(
                f"{args.record}: order {refused['order']} ({refused['what']}) was refused: "
                f"{refused['reason']}"
            ),
            file=sys.stderr,
        )
        return EXIT_ERRORS
    return EXIT_OK


def command_supply(args: argparse.Namespace) -> int:
    """Print the Local Supply Values at the start of a scenario."""
    game = _new_game(args.scenario, 0)
    if game is None:
        return EXIT_ERRORS
    sides = [Side(args.side)] if args.side else list(Side)
    supplies = {side: side_supply(game, side) for side in sides}
    if args.json:
        json.dump(
            {side.value: side_supply_to_json(s) for side, s in supplies.items()},
            sys.stdout,
            indent=2,
        )
        print()
        return EXIT_OK
    print(f"{game.state.scenario.header.title}: Local Supply Values at {game.time:%Y-%m-%d %H:%M}")
    for supply in supplies.values():
        print("\n".join(format_side_supply(supply)))
    return EXIT_OK


def command_schema(args: argparse.Namespace) -> int:
    """Write the JSON Schema of every file kind into a folder, or print them."""
    if args.out is None:
        json.dump({kind.value: generate(kind) for kind in FileKind}, sys.stdout, indent=2)
        print()
        return EXIT_OK
    try:
        written = write_all(Path(args.out))
    except OSError as exc:
        print(
            printable(f"{args.out}: cannot write the schemas: {exc.strerror or exc}"),
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    for path in written:
        print(printable(str(path)))
    return EXIT_OK


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
    _print_problems(problems, show_info=True)
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
    _print_problems(problems, show_info=False)
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


HEADLESS_COMMANDS = ("validate", "play", "replay", "supply", "schema", "weather")
"""The sub-commands; nothing, or an existing file or folder, opens the editor window."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of `hexwright`."""
    parser = argparse.ArgumentParser(
        prog="hexwright",
        description="Scenario and order-of-battle editor for Panzer Campaigns / Panzer Battles "
        "style hex wargames.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    validate = commands.add_parser(
        "validate",
        help="check files and title folders",
        description="Check map, OOB, parameter, weather and scenario files (or whole title "
        "folders) against the format and against each other. Exit status: 0 no errors, "
        "1 errors, 2 unreadable input.",
    )
    validate.add_argument("paths", nargs="+", metavar="PATH", help="a file or a title folder")
    validate.add_argument("--json", action="store_true", help="print the problems as JSON")
    validate.add_argument("-v", "--verbose", action="store_true", help="also print notes (info)")
    validate.set_defaults(handler=command_validate)

    play = commands.add_parser(
        "play",
        help="test-play a scenario headless, turn by turn",
        description="Advance a scenario N game turns with no orders and report each turn: date "
        "and time, weather, arrivals, withdrawals, releases, each side's isolated units and the "
        "Local Supply Value of every occupied hex, objective owners and the score. The same "
        "seed always gives the same report.",
    )
    play.add_argument("scenario", metavar="SCENARIO", help="a .scenario.yaml file")
    play.add_argument("--turns", type=int, metavar="N", help="game turns to play (default: all)")
    play.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    play.add_argument("--json", action="store_true", help="print the report as JSON")
    play.set_defaults(handler=command_play)

    replay = commands.add_parser(
        "replay",
        help="replay a saved test-play (.testplay.yaml) headless",
        description="Replay the orders of a test-play saved in the editor (Play > Save "
        "Test-play) on its scenario as the files are now, with its seed and rules, and print "
        "the event log and the score. Exit status 1 when an order is refused (the scenario no "
        "longer allows it) or the scenario cannot be played, 2 when the file cannot be read.",
    )
    replay.add_argument("record", metavar="TESTPLAY", help="a .testplay.yaml file")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    replay.set_defaults(handler=command_replay)

    supply = commands.add_parser(
        "supply",
        help="print the Local Supply Values at the start",
        description="Trace supply for one or both sides at the start of a scenario and print "
        "the Local Supply Value of every hex their units occupy (0 = isolated).",
    )
    supply.add_argument("scenario", metavar="SCENARIO", help="a .scenario.yaml file")
    supply.add_argument("--side", choices=[s.value for s in Side], help="only this side")
    supply.add_argument("--json", action="store_true", help="print the values as JSON")
    supply.set_defaults(handler=command_supply)

    schema = commands.add_parser(
        "schema",
        help="write the JSON Schemas of the file kinds",
        description="Write <kind>.schema.json for every file kind into a folder (or print them "
        "all as one JSON object), for YAML-aware editors.",
    )
    schema.add_argument("--out", metavar="DIR", help="folder to write the schemas into")
    schema.set_defaults(handler=command_schema)

    weather = commands.add_parser(
        "weather", help="convert programmed weather to or from Weather.dat"
    )
    weather_commands = weather.add_subparsers(
        dest="weather_command", metavar="ACTION", required=True
    )
    weather_import = weather_commands.add_parser("import", help="Weather.dat -> .weather.yaml")
    weather_import.add_argument("source", metavar="WEATHER_DAT")
    weather_import.add_argument("-o", "--output", required=True, metavar="X.weather.yaml")
    weather_import.add_argument("--name", help="name of the weather programme")
    weather_import.set_defaults(handler=command_weather_import)
    weather_export = weather_commands.add_parser("export", help=".weather.yaml -> Weather.dat")
    weather_export.add_argument("source", metavar="X.weather.yaml")
    weather_export.add_argument("-o", "--output", required=True, metavar="WEATHER_DAT")
    weather_export.set_defaults(handler=command_weather_export)
    return parser


def unknown_command_message(word: str) -> str:
    """What `hexwright WORD` says when WORD is neither a command nor an existing path."""
    commands = (
        f"the commands are {', '.join(HEADLESS_COMMANDS)}; `hexwright --help` explains them, "
        "`hexwright PATH` opens a scenario or title in the editor"
    )
    if "/" in word or os.sep in word or Path(word).suffix:
        return printable(f"hexwright: no file or folder '{word}' (and no such command); {commands}")
    close = difflib.get_close_matches(word, HEADLESS_COMMANDS, n=1, cutoff=0.6)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return printable(
        f"hexwright: unknown command '{word}'{hint}, and no file or folder of that name; {commands}"
    )


def missing_display() -> str | None:
    """Why the editor window cannot open here (Linux with no display), or None when it can."""
    if not sys.platform.startswith("linux"):
        return None
    x11, wayland = os.environ.get("DISPLAY"), os.environ.get("WAYLAND_DISPLAY")
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    # Qt aborts the process when the platform it is told (or chooses) to use has no display.
    if platform.startswith("xcb") and not x11:
        missing = "QT_QPA_PLATFORM asks for X11 but DISPLAY is not set"
    elif platform.startswith("wayland") and not wayland:
        missing = "QT_QPA_PLATFORM asks for Wayland but WAYLAND_DISPLAY is not set"
    elif not platform and not x11 and not wayland:
        missing = "neither DISPLAY nor WAYLAND_DISPLAY is set"
    else:
        return None
    return (
        f"no display to open the editor window on ({missing}); "
        f"the commands {', '.join(HEADLESS_COMMANDS)} need none"
    )


def _print_safely() -> None:
    # A file name that is not UTF-8 (or a terminal that is not) must not end a run mid-report.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run `hexwright` with `argv` (default: the process arguments); return the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    _print_safely()
    parser = build_parser()
    if not arguments or (arguments[0] not in HEADLESS_COMMANDS and arguments[0][:1] != "-"):
        if arguments and not os.path.lexists(arguments[0]):
            print(unknown_command_message(arguments[0]), file=sys.stderr)
            return EXIT_UNREADABLE
        missing = missing_display()
        if missing:
            print(f"hexwright: {missing}", file=sys.stderr)
            return EXIT_UNREADABLE
        # The window is the only part that needs Qt: the headless commands never import it.
        from editor.app import run  # noqa: PLC0415

        return run(arguments)
    args = parser.parse_args(arguments)
    if args.command is None:
        parser.print_help()
        return EXIT_OK
    try:
        return int(args.handler(args))
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
