"""`hexwright print`: the order of battle or a side's briefing of a scenario as a PDF, headless,
laid out as File > Print lays it out (`editor.printing`).

Qt is imported only when the command runs, on the offscreen platform unless QT_QPA_PLATFORM
names another.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from editor.cli import display_problem
from editor.cli_commands import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, print_problems
from schemas.io import FileKind
from schemas.problems import printable
from schemas.title import load_scenario


def _error(message: str) -> None:
    print(printable(f"hexwright print: {message}"), file=sys.stderr)


def command_print(args: argparse.Namespace) -> int:
    """Write the OOB or the briefing (of one side, or of both one after the other) as a PDF."""
    source, target = Path(args.scenario), Path(args.output)
    if target.suffix.lower() != ".pdf":
        _error(f"{target}: the document is written as PDF; name it *.pdf")
        return EXIT_ERRORS
    if target.is_dir():
        _error(f"{target}: is a folder; give the name of the file to write")
        return EXIT_UNREADABLE
    if not target.parent.is_dir():
        _error(f"{target}: there is no folder {target.parent} to write it in")
        return EXIT_UNREADABLE
    if FileKind.from_path(source) is not FileKind.SCENARIO:
        _error(f"{source}: give a scenario (*.scenario.yaml)")
        return EXIT_ERRORS
    if not source.exists():
        _error(f"{source}: no such file")
        return EXIT_UNREADABLE
    bundle = load_scenario(source)
    errors = [p for p in bundle.problems if p.is_error]
    if not bundle.is_complete or errors:
        print_problems(errors or bundle.problems, show_info=False)
        _error(f"{source}: the scenario cannot be printed until these are fixed")
        unreadable = any(p.code in ("LOAD001", "LOAD002") for p in errors)
        return EXIT_UNREADABLE if unreadable else EXIT_ERRORS
    # Qt chooses its platform when the application starts: headless unless told otherwise.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    missing = display_problem()
    if missing:  # a platform asked for by name whose display is not there: Qt would abort
        _error(f"{missing}; unset QT_QPA_PLATFORM to print without a display")
        return EXIT_UNREADABLE
    from PySide6.QtGui import QGuiApplication  # noqa: PLC0415

    application = QGuiApplication.instance() or QGuiApplication(["hexwright"])
    from editor.printing.jobs import PrintJob, Subject  # noqa: PLC0415
    from schemas.vocabulary import Side  # noqa: PLC0415

    side = Side(args.side) if args.side else None
    job = PrintJob(bundle, Subject(args.subject), side)
    try:
        job.write_pdf(target)
    except OSError as exc:
        _error(f"{target}: cannot write the PDF ({exc.strerror or exc})")
        return EXIT_UNREADABLE
    del application  # kept alive until the document is written
    print(printable(f"wrote {job.title()} to {target}"), file=sys.stderr)
    return EXIT_OK
