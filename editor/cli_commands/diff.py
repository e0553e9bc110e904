"""`hexwright diff A B`: what changed between two versions of a title's files, in the
designer's terms (`schemas.diffing`), as text, Markdown or JSON; exit status as `diff`'s."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.cli_commands import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE
from schemas.diffing.files import Side, compare, read_path, read_revision
from schemas.diffing.report import as_json, as_markdown, as_text
from schemas.problems import printable

GIT_PREFIX = "git:"


def command_diff(args: argparse.Namespace) -> int:
    """Compare OLD with NEW (or OLD at --rev / `git:REV` with itself on disk); 0 when equal, 1
    when different, 2 when a side cannot be read (its problems printed, file:line first)."""
    old_arg: str = args.old
    new_arg: str | None = args.new
    revision: str | None = args.rev
    if new_arg is not None and new_arg.startswith(GIT_PREFIX):
        # `hexwright diff FILE git:REV`: the file on disk against the same path at REV.
        revision, new_arg = new_arg[len(GIT_PREFIX) :], None
    if old_arg.startswith(GIT_PREFIX) and new_arg is not None:
        revision, old_arg = old_arg[len(GIT_PREFIX) :], new_arg
        new_arg = None
    if revision is not None:
        if new_arg is not None:
            print("hexwright diff: with a git revision, give one path", file=sys.stderr)
            return EXIT_UNREADABLE
        if not revision:
            print("hexwright diff: git: needs a revision, as git:HEAD", file=sys.stderr)
            return EXIT_UNREADABLE
        path = Path(old_arg)
        old: Side = read_revision(path, revision)
        new = read_path(path)
    else:
        if new_arg is None:
            print(
                "hexwright diff: give two paths, or one path and --rev REV (or git:REV)",
                file=sys.stderr,
            )
            return EXIT_UNREADABLE
        if Path(old_arg).is_dir() != Path(new_arg).is_dir():
            print(
                printable(
                    f"hexwright diff: {old_arg} and {new_arg}: compare a file with a file, or a "
                    "title folder with a title folder"
                ),
                file=sys.stderr,
            )
            return EXIT_UNREADABLE
        old, new = read_path(Path(old_arg)), read_path(Path(new_arg))
    report = compare(old, new)
    if report.problems:
        for problem in report.problems:
            print(problem.format(), file=sys.stderr)
        return EXIT_UNREADABLE
    if args.json:
        text = as_json(report)
    elif args.markdown:
        text = as_markdown(report)
    else:
        text = as_text(report)
    sys.stdout.write(printable_lines(text))
    return EXIT_OK if report.equal else EXIT_ERRORS


def printable_lines(text: str) -> str:
    """Each line printable (a name cannot forge a line of the report), the line breaks kept."""
    return "\n".join(printable(line) for line in text.split("\n"))
