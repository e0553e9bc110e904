"""Running a test's script in an interpreter of its own: for what only a fresh process shows (a
start's imports and caches, a layout on a screen of its own), and because the suite's process
runs the GUI tests' threads, where code that forks only without threads
(`schemas.read_ahead.can_fork`) would never try its fork."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping

from tests.conftest import REPO


def run_fresh(script: str, *arguments: str, environment: Mapping[str, str] | None = None) -> str:
    """What `script` printed, run by `python -c` in a fresh interpreter from the repository
    (`environment`: variables set for it besides this process's); the test fails with its
    error output when it does not exit cleanly."""
    done = subprocess.run(
        [sys.executable, "-c", script, *arguments],
        cwd=REPO,
        env={**os.environ, **(environment or {})},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout
