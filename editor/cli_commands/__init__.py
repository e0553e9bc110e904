"""The handlers of `hexwright`'s sub-commands, one module per command, so that each command
imports only the parts of Hexwright it uses (`editor.cli` imports a handler's module when run).
"""

from __future__ import annotations

from collections.abc import Sequence

from schemas.problems import Problem, Severity

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2


def print_problems(problems: Sequence[Problem], show_info: bool) -> None:
    """Print problems one a line as compilers do; notes (info) only with `show_info`."""
    for problem in problems:
        if problem.severity is Severity.INFO and not show_info:
            continue
        print(problem.format())
