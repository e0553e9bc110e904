"""The two sides of a comparison — a file, a title folder, or the same paths at a git revision —
read into models and paired by their path inside the title, and the `Report` of what changed.

Reading a side never stops at the first bad file: every unreadable or invalid file is kept as
its problems (file, line and field), and the caller decides what to do (`hexwright diff` exits
with 2 and prints them)."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from schemas.diffing.changes import Change
from schemas.diffing.kinds import diff_models
from schemas.diffing.names import Names
from schemas.io import FileKind, LoadedFile, load_file, load_text
from schemas.problems import Problem, error

KIND_ORDER = ("scenario", "oob", "map", "pdt", "weather", "testplay")
"""The order in which files are reported: what a reviewer reads first."""


@dataclass
class Side:
    """One version: its label (a path, or `REV:path`) and its files by path inside the title."""

    label: str
    files: dict[str, LoadedFile] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def models(self) -> dict[str, Any]:
        """The models that loaded, by key."""
        return {k: f.model for k, f in self.files.items() if f.model is not None}


@dataclass
class FileDiff:
    """One file of the title: added, removed, changed or equal, and its changes."""

    key: str
    kind: str
    status: str
    changes: list[Change] = field(default_factory=list)


@dataclass
class Report:
    """What changed from the old side to the new one, file by file."""

    old: str
    new: str
    files: list[FileDiff] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def equal(self) -> bool:
        """Whether the two sides hold the same content (as models: formatting is not a change)."""
        return all(f.status == "equal" for f in self.files)

    @property
    def changes(self) -> list[Change]:
        """Every change, file after file."""
        return [c for f in self.files for c in f.changes]


def read_path(path: Path) -> Side:
    """A file or a title folder on disk (a title folder: its own files and its scenarios)."""
    side = Side(str(path))
    if path.is_dir():
        from schemas.title import discover  # noqa: PLC0415

        files = discover(path)
        if not files:
            side.problems.append(
                error("LOAD001", "no Hexwright files in this folder", file=str(path), line=1)
            )
        for file in files:
            _keep(side, file.relative_to(path).as_posix(), load_file(file))
    elif path.exists():
        _keep(side, "", load_file(path))
    else:
        side.problems.append(
            error("LOAD001", "no such file or folder", file=str(path), line=1, column=1)
        )
    return side


def read_revision(path: Path, revision: str) -> Side:
    """The same file or folder as `path` at a git revision, read with `git show`."""
    side = Side(f"{revision}:{path}")
    folder = path if path.is_dir() else path.parent
    try:
        top = Path(_git(folder, "rev-parse", "--show-toplevel").strip())
    except GitError as exc:
        side.problems.append(error("GIT001", str(exc), file=str(path), line=1, column=1))
        return side
    inside = path.resolve().relative_to(top.resolve()).as_posix()
    try:
        if path.is_dir():
            listed = _git(top, "ls-tree", "-r", "--name-only", revision, "--", inside or ".")
            prefix = f"{inside}/" if inside and inside != "." else ""
            names = [n for n in listed.splitlines() if _in_title(n[len(prefix) :])]
            for name in names:
                key = name[len(prefix) :]
                text = _git(top, "show", f"{revision}:{name}")
                _keep(side, key, _loaded(text, Path(name), f"{revision}:{name}"))
        else:
            text = _git(top, "show", f"{revision}:{inside}")
            _keep(side, "", _loaded(text, path, f"{revision}:{inside}"))
    except GitError as exc:
        side.problems.append(error("GIT001", str(exc), file=str(path), line=1, column=1))
    return side


class GitError(Exception):
    """git failed: not a repository, no such revision, no such path at it."""


def _git(folder: Path, *arguments: str) -> str:
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *arguments],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as exc:
        raise GitError(f"cannot run git: {exc.strerror or exc}") from exc
    if done.returncode != 0:
        message = done.stderr.strip().splitlines()
        raise GitError(f"git {arguments[0]}: {message[-1] if message else 'failed'}")
    return done.stdout


def _in_title(relative: str) -> bool:
    """Whether a path inside a title folder is one of the files `schemas.title.discover` finds."""
    kind = FileKind.from_path(Path(relative))
    if kind is None:
        return False
    folder = relative.rpartition("/")[0]
    return not folder or (folder == "scenarios" and kind is FileKind.SCENARIO)


def _loaded(text: str, path: Path, name: str) -> LoadedFile:
    kind = FileKind.from_path(path)
    if kind is None:
        return load_file(path)
    from schemas.io import is_json  # noqa: PLC0415

    return load_text(text, kind, as_json=is_json(path), name=name)


def _keep(side: Side, key: str, loaded: LoadedFile) -> None:
    side.files[key] = loaded
    side.problems.extend(p for p in loaded.problems if p.is_error)


def compare(old: Side, new: Side, names: Names | None = None) -> Report:
    """The report from `old` to `new`, pairing files by their path inside the title (two single
    files are paired whatever their names, if they are of one kind)."""
    report = Report(old.label, new.label, problems=[*old.problems, *new.problems])
    if report.problems:
        return report
    names = names or Names()
    for side in (new, old):
        for loaded in side.files.values():
            if loaded.kind is FileKind.OOB:
                names.add_oob(loaded.model)
            elif loaded.kind is FileKind.SCENARIO:
                names.add_scenario(loaded.model)
                _referenced_oob(loaded, side, names)
            elif loaded.kind is FileKind.MAP:
                names.add_map(loaded.model)
    keys = [*new.files, *(k for k in old.files if k not in new.files)]
    for key in keys:
        before, after = old.files.get(key), new.files.get(key)
        kind = (after or before).kind  # type: ignore[union-attr]
        assert kind is not None
        if before is not None and after is not None and before.kind is not after.kind:
            report.problems.append(
                error(
                    "DIFF001",
                    f"cannot compare a {before.kind.value if before.kind else '?'} file with a "
                    f"{kind.value} file",
                    file=str(after.path),
                    line=1,
                    column=1,
                )
            )
            continue
        if before is None or after is None:
            status = "added" if before is None else "removed"
            report.files.append(
                FileDiff(key or after.path.name if after else key, kind.value, status)
            )
            continue
        changes = diff_models(kind.value, before.model, after.model, names)
        label = key or after.path.name
        changes = [_in_file(c, label) for c in changes]
        report.files.append(FileDiff(label, kind.value, "changed" if changes else "equal", changes))
    report.files.sort(key=lambda f: (KIND_ORDER.index(f.kind), f.key))
    return report


def _referenced_oob(scenario: LoadedFile, side: Side, names: Names) -> None:
    """A scenario compared alone is named by the OOB it references, read from disk when it is
    there and not among the files compared."""
    model = scenario.model
    if model is None or any(f.kind is FileKind.OOB for f in side.files.values()):
        return
    oob = scenario.path.parent / model.files.oob
    if oob.is_file():
        names.add_oob(load_file(oob, FileKind.OOB).model)


def _in_file(change: Change, key: str) -> Change:
    return replace(change, file=key)
