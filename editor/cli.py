"""The `hexwright` command line: validate files and titles, test-play a scenario headless, replay
a saved test-play, print its supply, write JSON Schemas, convert weather, draw a map into a PNG,
compare two versions of a title, print a scenario's OOB or briefings as PDF; `hexwright [PATH]`
opens the editor window.

Each command imports only what it uses (its handler's module in `editor.cli_commands`), so
`--help` and `validate` start at once and none of them imports Qt except `render` and `print`,
which draw offscreen: they run on build servers and in designers' CI. Exit codes of `validate`:
0 when no errors were found, 1 when there were errors, 2 when a path could not be read; `play`
and `supply` exit with 1 when the scenario cannot be played (its problems are printed), `replay`
also when an order of the saved test-play is refused, and with 2 when it cannot be read;
`balance` exits with 1 when an --expect fails, a game failed or the cluster cannot be used;
`print` with 1 when the scenario has errors, 2 when a file cannot be read or written.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from schemas.problems import printable

EXIT_OK, EXIT_UNREADABLE = 0, 2

SIDES = ("allied", "axis")
"""The values of `schemas.vocabulary.Side`, spelled out so that building the parser imports no
file-format models (a test keeps them equal)."""


HEADLESS_COMMANDS = (
    "validate",
    "play",
    "replay",
    "supply",
    "balance",
    "schema",
    "weather",
    "render",
    "diff",
    "oob",
    "print",
)
"""The sub-commands; nothing, or an existing file or folder, opens the editor window."""

PAUSED_COMMANDS = ("validate", "diff")
"""Commands run without cyclic garbage collection (editor.startup): their objects, the title's
models (two versions of them for `diff`) and the game state, mostly stay until the command
ends, and the collector's passes over them cost a tenth of a validation; a game played or
replayed turn after turn keeps it."""


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
    validate.set_defaults(handler="validate:command_validate")

    play = commands.add_parser(
        "play",
        help="test-play a scenario headless, turn by turn",
        description="Advance a scenario N game turns and report each turn: date "
        "and time, weather, arrivals, withdrawals, releases, each side's isolated units and the "
        "Local Supply Value of every occupied hex, objective owners and the score, and the "
        "orders of each side the computer plays (--allied/--axis computer; a human side gives "
        "no orders). The same seed always gives the same report. A Tactical GameX situation "
        "(.situation.yaml) opens with its setup phase: the computer sets up the sides it plays "
        "(defenders in cover around the hexes the enemy must take, attackers toward their "
        "objectives); a human side, having no one here to place its counters, is set up by "
        "the seed (nearest the victory hexes, one a hex first), as before the setup phase.",
    )
    play.add_argument("scenario", metavar="SCENARIO", help="a .scenario.yaml file")
    play.add_argument("--turns", type=int, metavar="N", help="game turns to play (default: all)")
    play.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    play.add_argument("--json", action="store_true", help="print the report as JSON")
    for side in ("allied", "axis"):
        play.add_argument(
            f"--{side}",
            choices=("human", "computer"),
            default="human",
            help=f"who plays the {side} side: the computer gives its orders by the scenario's "
            "A/I orders; a human side gives none here (default: human)",
        )
    play.add_argument(
        "--explain", action="store_true", help="print the reason for each computer order"
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        help="save the game as a .testplay.yaml (.tgxplay.yaml for a situation, its setup "
        "included) the editor opens and `hexwright replay` replays",
    )
    play.set_defaults(handler="playing:command_play")

    balance = commands.add_parser(
        "balance",
        help="play many computer-vs-computer games and report the balance",
        description="Play N games of a scenario (or a Tactical GameX situation) with the "
        "computer at both sides, seeds 1..N, "
        "on every core (or a Dask cluster: --scheduler), and report the victory levels with "
        "95 % confidence intervals, the score, objectives and the games worth opening; with "
        "--against, play the other version on the same seeds and report what changed and "
        "whether it is significant. Exit status 1 when an --expect fails, a game fails or the "
        "scenario cannot be played.",
    )
    balance.add_argument(
        "scenario", metavar="SCENARIO", help="a .scenario.yaml or .situation.yaml file"
    )
    balance.add_argument(
        "--games", type=int, default=100, metavar="N", help="games to play (default 100)"
    )
    balance.add_argument(
        "--seeds",
        type=_argument_type("balance:seed_range"),
        metavar="A..B",
        help="the seeds to play, A to B inclusive (default 1..N)",
    )
    balance.add_argument(
        "--jobs", type=int, metavar="K", help="worker processes (default: every core)"
    )
    balance.add_argument(
        "--against",
        metavar="OTHER",
        help="another version to compare with: a scenario file, a folder holding a copy of "
        "the title, or git:REV (the same files at a git revision)",
    )
    balance.add_argument(
        "--scheduler",
        metavar="URL",
        help="play on a Dask cluster (tcp://host:8786; needs pip install 'hexwright[cluster]')",
    )
    balance.add_argument("--json", action="store_true", help="print the report as JSON")
    balance.add_argument(
        "--out",
        metavar="DIR",
        help="keep each finished game in DIR/games.jsonl; run again to resume (with --against: "
        "DIR/a and DIR/b)",
    )
    balance.add_argument(
        "--expect",
        action="append",
        default=[],
        type=_argument_type("balance:expectation"),
        metavar="EXPECTATION",
        help='a result and the range of games it must come up in, e.g. "axis-win 40..60%%" '
        "(allied-win, draw, axis-win or a victory level such as axis-minor-victory); "
        "repeatable",
    )
    balance.set_defaults(handler="balance:command_balance")

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
    replay.set_defaults(handler="playing:command_replay")

    supply = commands.add_parser(
        "supply",
        help="print the Local Supply Values at the start",
        description="Trace supply for one or both sides at the start of a scenario and print "
        "the Local Supply Value of every hex their units occupy (0 = isolated).",
    )
    supply.add_argument("scenario", metavar="SCENARIO", help="a .scenario.yaml file")
    supply.add_argument("--side", choices=SIDES, help="only this side")
    supply.add_argument("--json", action="store_true", help="print the values as JSON")
    supply.set_defaults(handler="playing:command_supply")

    schema = commands.add_parser(
        "schema",
        help="write the JSON Schemas of the file kinds",
        description="Write <kind>.schema.json for every file kind into a folder (or print them "
        "all as one JSON object), for YAML-aware editors.",
    )
    schema.add_argument("--out", metavar="DIR", help="folder to write the schemas into")
    schema.set_defaults(handler="schema:command_schema")

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
    weather_import.set_defaults(handler="weather:command_weather_import")
    weather_export = weather_commands.add_parser("export", help=".weather.yaml -> Weather.dat")
    weather_export.add_argument("source", metavar="X.weather.yaml")
    weather_export.add_argument("-o", "--output", required=True, metavar="WEATHER_DAT")
    weather_export.set_defaults(handler="weather:command_weather_export")

    oob = commands.add_parser(
        "oob", help="import units into an OOB from CSV/TSV or indented text, or export them"
    )
    oob_commands = oob.add_subparsers(dest="oob_command", metavar="ACTION", required=True)
    oob_import = oob_commands.add_parser(
        "import", help="CSV, TSV or indented text -> under an organization of an OOB file"
    )
    oob_import.add_argument("oob", metavar="X.oob.yaml")
    oob_import.add_argument("source", metavar="FILE", help=".csv, .tsv or text (.txt)")
    oob_import.add_argument("--under", required=True, metavar="ID", help="organization or nation")
    oob_import.add_argument("--format", choices=("csv", "tsv", "text"))
    oob_import.add_argument(
        "--map", action="append", metavar="HEADER=FIELD", help="what a column becomes"
    )
    oob_import.add_argument("-o", "--output", metavar="X.oob.yaml", help="default: in place")
    oob_import.add_argument(
        "--partial", action="store_true", help="write what was accepted despite refused lines"
    )
    oob_import.set_defaults(handler="oob:command_oob_import")
    oob_export = oob_commands.add_parser("export", help="an OOB -> CSV, TSV or indented text")
    oob_export.add_argument("oob", metavar="X.oob.yaml")
    oob_export.add_argument("-o", "--output", required=True, metavar="FILE")
    oob_export.add_argument("--organization", metavar="ID", help="only this organization")
    oob_export.add_argument("--format", choices=("csv", "tsv", "text"))
    oob_export.set_defaults(handler="oob:command_oob_export")
    oob_types = oob_commands.add_parser("types", help="the OOB's unit types: list or extract")
    types_commands = oob_types.add_subparsers(dest="types_command", metavar="ACTION", required=True)
    types_list = types_commands.add_parser("list", help="each unit type, its values and units")
    types_list.add_argument("oob", metavar="X.oob.yaml")
    types_list.set_defaults(handler="unit_types:command_types_list")
    types_extract = types_commands.add_parser(
        "extract", help="turn values units share (same type name and values) into unit types"
    )
    types_extract.add_argument("oob", metavar="X.oob.yaml")
    types_extract.add_argument("-o", "--output", metavar="X.oob.yaml", help="default: in place")
    types_extract.add_argument(
        "--min-units", type=int, default=2, metavar="N", help="units that must share (default 2)"
    )
    types_extract.set_defaults(handler="unit_types:command_types_extract")

    render = commands.add_parser(
        "render",
        help="draw a map or scenario into a PNG",
        description="Draw a map, or a scenario with its units, objectives and supply sources on "
        "its map, into a PNG as the editor draws it (terrain, relief, hexsides, roads, names), "
        "without a display: for READMEs, briefings and CI previews. Exit status 1 when the file "
        "has errors or an option does not fit it, 2 when a file cannot be read or written.",
    )
    render.add_argument("source", metavar="MAP|SCENARIO", help="a .map.yaml or .scenario.yaml")
    render.add_argument("-o", "--output", required=True, metavar="OUT.png")
    size = render.add_mutually_exclusive_group()
    size.add_argument(
        "--width", type=_positive, default=1920, metavar="PX", help="picture width (default 1920)"
    )
    size.add_argument("--hex-size", type=_positive, metavar="PX", help="pixels per hex instead")
    render.add_argument(
        "--layers",
        type=_argument_type("render:parse_layers"),
        metavar="A,B,…",
        help="only these layers: terrain, elevation, grid, hexsides, roads, railroads, "
        "crossings, places, overlays, objectives, supply, reinforcements, units "
        "(default: as the editor opens; a map alone has no scenario layers)",
    )
    render.add_argument(
        "--region",
        type=_argument_type("render:parse_region"),
        metavar="c0,r0,c1,r1",
        help="only the hexes from column c0, row r0 to column c1, row r1 (default: all)",
    )
    render.set_defaults(handler="render:command_render")

    diff = commands.add_parser(
        "diff",
        help="what changed between two versions of a title's files",
        description="Compare two files, two title folders, or a file or folder with itself at "
        "a git revision (--rev REV, or git:REV as the second path), and report the changes as a "
        "designer says them: releases, objectives, painted terrain (in regions), units moved, "
        "reinforcement turns, parameter values with their units, weather rows, A/I orders. "
        "Exit status: 0 equal, 1 different, 2 a file cannot be read or is invalid.",
    )
    diff.add_argument("old", metavar="OLD", help="a file or title folder (or git:REV)")
    diff.add_argument("new", nargs="?", metavar="NEW", help="the newer file or folder, or git:REV")
    diff.add_argument("--rev", metavar="REV", help="compare OLD with itself at this git revision")
    shape = diff.add_mutually_exclusive_group()
    shape.add_argument("--markdown", action="store_true", help="Markdown for a pull request")
    shape.add_argument("--json", action="store_true", help="JSON (documented in schemas.diffing)")
    diff.set_defaults(handler="diff:command_diff")

    printing = commands.add_parser(
        "print",
        help="print a scenario's OOB or a side's briefing to PDF",
        description="Write the order of battle of a scenario (its units with strengths, "
        "quality, HQs and where each starts or arrives) or a side's briefing (its text, the "
        "map of its setup, its forces, the objectives and the designer's notes) as a "
        "paginated PDF, laid out as File > Print lays it out, without a display. Exit status 1 "
        "when the scenario has errors or an option does not fit, 2 when a file cannot be read "
        "or written.",
    )
    printing.add_argument("subject", choices=("oob", "briefing"), help="what to print")
    printing.add_argument("scenario", metavar="SCENARIO", help="a .scenario.yaml file")
    printing.add_argument(
        "--side", choices=SIDES, help="this side's OOB or briefing only (default: both, in turn)"
    )
    printing.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    printing.set_defaults(handler="printing:command_print")
    return parser


@functools.cache
def _shared_parser() -> argparse.ArgumentParser:
    """`build_parser()` built once per process: parsing leaves the parser as it was, and a
    process that runs many commands (the CLI fuzz test runs some six thousand) spent a third of
    its time building it again."""
    return build_parser()


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 0 < value <= 100_000:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of pixels, 1 to 100000")
    return value


def _argument_type(name: str) -> Callable[[str], object]:
    """An argument type defined beside its command, imported only when the argument is given."""

    def convert(text: str) -> object:
        return handler_of(name)(text)  # type: ignore[arg-type]

    return convert


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
    missing = display_problem()
    if missing is None:
        return None
    return (
        f"no display to open the editor window on ({missing}); "
        f"the commands {', '.join(HEADLESS_COMMANDS)} need none"
    )


def display_problem() -> str | None:
    """What is missing for Qt's platform to open on Linux (a display its environment names),
    or None when nothing is."""
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
    return missing


def handler_of(name: str) -> Callable[[argparse.Namespace], int]:
    """The function that runs a sub-command, `module:function` in `editor.cli_commands`; its
    module is imported only now, so each command pays only for the parts it uses."""
    module, function = name.split(":")
    handler: Callable[[argparse.Namespace], int] = getattr(
        importlib.import_module(f"editor.cli_commands.{module}"), function
    )
    return handler


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
    parser = _shared_parser()
    if not arguments or (arguments[0] not in HEADLESS_COMMANDS and arguments[0][:1] != "-"):
        if arguments and not os.path.lexists(arguments[0]):
            print(unknown_command_message(arguments[0]), file=sys.stderr)
            return EXIT_UNREADABLE
        missing = missing_display()
        if missing:
            print(f"hexwright: {missing}", file=sys.stderr)
            return EXIT_UNREADABLE
        # The window is the only part that needs Qt: the headless commands never import it.
        from editor import regex_cache  # noqa: PLC0415
        from editor.startup import paused_collection  # noqa: PLC0415

        regex_cache.preload()  # before Qt compiles its patterns

        with paused_collection(keep=True):  # modules and classes stay to the end
            from editor.app import run  # noqa: PLC0415

        return run(arguments)
    args = parser.parse_args(arguments)
    if args.command is None:
        parser.print_help()
        return EXIT_OK
    try:
        if args.command not in PAUSED_COMMANDS:
            return int(handler_of(args.handler)(args))
        from editor.startup import leave_now, paused_collection  # noqa: PLC0415

        with paused_collection():
            status = int(handler_of(args.handler)(args))
        if argv is None:  # this process's own command line: nothing runs after it
            leave_now(status)
        return status
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
