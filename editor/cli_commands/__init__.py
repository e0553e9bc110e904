"""The handlers of `hexwright`'s sub-commands, one module per command, so that each command
imports only the parts of Hexwright it uses (`editor.cli` imports a handler's module when run).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from schemas.problems import Problem, Severity, printable

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2


def print_problems(problems: Sequence[Problem], show_info: bool) -> None:
    """Print problems one a line as compilers do; notes (info) only with `show_info`."""
    for problem in problems:
        if problem.severity is Severity.INFO and not show_info:
            continue
        print(problem.format())


def replay_exit(record: object, refused: Mapping[str, object] | None) -> int:
    """How `hexwright replay` ends, either ruleset: errors, naming the order the rules now
    refuse and why, or OK when every order was carried out."""
    if refused is None:
        return EXIT_OK
    print(
        printable(
            f"{record}: order {refused['order']} ({refused['what']}) was refused: "
            f"{refused['reason']}"
        ),
        file=sys.stderr,
    )
    return EXIT_ERRORS
