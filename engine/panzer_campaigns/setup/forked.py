"""The setup checks on two cores, for the command line: a forked copy of the process runs the
slowest check (the supply lines, half of the time on a large title) while this process runs
the others, and the problems come back in the order the checks are listed, as `check` gives
them.

Only where `os.fork` exists and the process runs one thread (forking a process with threads,
such as the editor's, can leave a lock held forever); otherwise, or if the copy fails in any
way, the checks run here one after the other.
"""

from __future__ import annotations

import os
import pickle

from engine.panzer_campaigns.setup import CHECKS, SetupCheck, check, run_check
from engine.panzer_campaigns.setup._context import SetupContext
from engine.panzer_campaigns.setup.supply_lines import check_supply_lines
from engine.panzer_campaigns.state import GameState
from schemas.problems import Problem
from schemas.read_ahead import can_fork

__all__ = ["FORKED", "can_fork", "check_forked"]

FORKED: tuple[SetupCheck, ...] = (check_supply_lines,)
"""The checks the forked copy runs: about as long as all the others together."""


def check_forked(state: GameState) -> list[Problem]:
    """`check(state)`, with `FORKED` run in a forked copy of this process."""
    if not can_fork():
        return check(state)
    try:
        context = SetupContext.of(state)
    except Exception:  # `check` reports it
        return check(state)
    theirs = _in_copy(context)
    mine = {c: run_check(c, context) for c in CHECKS if c not in FORKED}
    found = theirs.result()
    if found is None:  # the copy failed: check here what it was to check
        found = {c: run_check(c, context) for c in FORKED}
    return [p for c in CHECKS for p in (mine[c] if c in mine else found[c])]


class _Copy:
    """A forked copy of the process running `FORKED`, and the pipe its problems come by."""

    def __init__(self, pid: int, read: int) -> None:
        self.pid = pid
        self.read = read

    def result(self) -> dict[SetupCheck, list[Problem]] | None:
        """The copy's problems per check once it is done; None if it failed."""
        with os.fdopen(self.read, "rb") as stream:
            data = stream.read()
        _, status = os.waitpid(self.pid, 0)
        if status != 0 or not data:
            return None
        try:
            by_name: dict[str, list[Problem]] = pickle.loads(data)
            return {c: by_name[c.__name__] for c in FORKED}
        except Exception:  # a copy that wrote something else failed
            return None


class _Failed:
    """No copy could be started."""

    def result(self) -> None:
        return None


def _in_copy(context: SetupContext) -> _Copy | _Failed:
    try:
        read, write = os.pipe()
    except OSError:
        return _Failed()
    try:
        pid = os.fork()
    except OSError:
        os.close(read)
        os.close(write)
        return _Failed()
    if pid == 0:  # the copy: check, send, and leave without running this process's exit code
        code = 1
        try:
            os.close(read)
            data = pickle.dumps({c.__name__: run_check(c, context) for c in FORKED})
            with os.fdopen(write, "wb") as stream:
                stream.write(data)
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    return _Copy(pid, read)
