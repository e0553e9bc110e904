"""The other version of a scenario or situation an A/B comparison plays (`hexwright balance
--against`): another file, the same file in another copy of its title folder, or the same path
at a git revision, exported to a temporary folder."""

from __future__ import annotations

import io
import os
import subprocess
import tarfile
import tempfile
from pathlib import Path

from engine.balance.playable import is_situation
from schemas.tactical_gamex.loading import load_situation
from schemas.title import load_scenario


class VersionError(ValueError):
    """The other version cannot be found; the message says why."""


def other_version(scenario: Path, other: str, workspace: Path) -> Path:
    """The scenario file to compare `scenario` with. `other` is a scenario file; a folder
    (the file of the same name found in it, at any depth: another copy of the title); or
    `git:REV` (the same files at revision REV of the git repository holding `scenario`,
    exported under `workspace`). VersionError when it cannot be found."""
    if other.startswith("git:"):
        return _at_revision(scenario, other.removeprefix("git:"), workspace)
    path = Path(other)
    if path.is_file():
        return path
    if path.is_dir():
        found = sorted(path.rglob(scenario.name))
        if len(found) == 1:
            return found[0]
        if not found:
            raise VersionError(f"{other}: no {scenario.name} in this folder")
        listed = ", ".join(str(p) for p in found[:5])
        raise VersionError(f"{other}: more than one {scenario.name} in this folder ({listed})")
    raise VersionError(f"{other}: no such file or folder (nor git:REVISION)")


def _git(folder: Path, *arguments: str) -> bytes:
    try:
        done = subprocess.run(
            ["git", *arguments], cwd=folder, capture_output=True, check=False, timeout=120
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise VersionError(f"git cannot be run: {exc}") from exc
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise VersionError(f"git {' '.join(arguments[:2])}: {message[-1] if message else 'failed'}")
    return done.stdout


def _at_revision(scenario: Path, revision: str, workspace: Path) -> Path:
    """Export, at `revision`, the folder holding the scenario and every file it uses."""
    if not revision:
        raise VersionError("git: needs a revision (git:HEAD, git:v1.2, git:main~3 …)")
    scenario = scenario.resolve()
    top = Path(_git(scenario.parent, "rev-parse", "--show-toplevel").decode().strip())
    load = load_situation if is_situation(scenario) else load_scenario
    used = [f.path.resolve() for f in load(scenario).files]
    common = Path(os.path.commonpath([scenario.parent, *(p.parent for p in used)]))
    inside = common.relative_to(top).as_posix() or "."
    archive = _git(top, "archive", "--format=tar", revision, "--", inside)
    target = Path(tempfile.mkdtemp(prefix="at-revision-", dir=workspace))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    exported = target / scenario.relative_to(top)
    if not exported.is_file():
        raise VersionError(
            f"git:{revision}: {scenario.relative_to(top).as_posix()} does not exist at that "
            "revision"
        )
    return exported
