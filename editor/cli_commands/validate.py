"""`hexwright validate`: check files and title folders and print their problems as compilers do,
or as JSON."""

from __future__ import annotations

import argparse
import json
import sys

from editor.cli_commands import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, print_problems
from engine.panzer_campaigns.validation import validate_paths
from schemas.problems import Severity


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
        print_problems(report.problems, args.verbose)
        print(
            f"checked {len(report.files)} file(s): {errors} error(s), {warnings} warning(s)",
            file=sys.stderr,
        )
    if report.unreadable:
        return EXIT_UNREADABLE
    return EXIT_ERRORS if errors else EXIT_OK
