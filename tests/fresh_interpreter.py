"""Running a test's script in an interpreter of its own: the suite's process runs the GUI tests'
threads, and code that forks only where no thread runs (`schemas.read_ahead.can_fork`) would
never try its fork there."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


def run_fresh(script: str, *arguments: str) -> str:
    """What `script` printed, run by `python -c` in a fresh interpreter from the repository;
    the test fails with its error output when it does not exit cleanly."""
    done = subprocess.run(
        [sys.executable, "-c", script, *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
