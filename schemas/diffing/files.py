"""The two sides of a comparison — a file, a title folder, the same paths at a git revision, or
models held in memory (the editor's open document) — paired by their path inside the title, and
the `Report` of what changed.

A file whose bytes are the same on both sides is equal without being parsed, so a diff costs
what the changed files cost (and the OOB, read once for names when a scenario changed). Reading
never stops at the first bad file: each unreadable or invalid file gives its problems (file,
line and field), and the caller decides (`hexwright diff` prints them and exits with 2)."""

from __future__ import annotations

import gc
import subprocess
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from schemas.diffing.changes import Change
from schemas.diffing.kinds import diff_models
from schemas.diffing.names import Names
from schemas.io import FileKind, LoadedFile, is_json, load_file, load_text
from schemas.problems import Problem, error
from schemas.reading import read_regular_file

KIND_ORDER = (
    "scenario",
    "situation",
    "oob",
    "units",
    "map",
    "panel",
    "pdt",
    "tables",
    "weather",
    "testplay",
)
"""The order in which files are reported: what a reviewer reads first."""


@dataclass
class Entry:
    """One file of a side: its bytes when read from disk or git, its model once loaded."""

    path: Path
    kind: FileKind
    data: bytes | None = None
    name: str = ""
    """The label problems name (`REV:path` for a git revision); the path when empty."""
    loaded: LoadedFile | None = None

    def load(self) -> LoadedFile:
        """The file read, migrated and validated (once)."""
        if self.loaded is None:
            if self.data is None or not self.name:
                self.loaded = load_file(self.path, self.kind)
            else:
                text = self.data.decode("utf-8-sig", errors="replace")
                self.loaded = load_text(text, self.kind, as_json=is_json(self.path), name=self.name)
        return self.loaded


@dataclass
class Side:
    """One version: its label (a path, or `REV:path`) and its files by path inside the title."""

    label: str
    files: dict[str, Entry] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def add(self, key: str, path: Path, data: bytes | None = None, name: str = "") -> None:
        """Keep a file of a kind Hexwright knows (others are no part of a title)."""
        kind = FileKind.from_path(path)
        if kind is None:
            self.problems.append(
                error(
                    "LOAD003",
                    "cannot tell the kind of file from its name; use a suffix such as "
                    ".scenario.yaml or .map.yaml",
                    file=name or str(path),
                    line=1,
                    column=1,
                )
            )
            return
        self.files[key] = Entry(path, kind, data, name)

    def add_model(self, key: str, path: Path, kind: FileKind, model: Any) -> None:
        """Keep a model held in memory (the editor's document) as this side's file."""
        self.files[key] = Entry(path, kind, loaded=LoadedFile(path=path, kind=kind, model=model))


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
            _read(side, file.relative_to(path).as_posix(), file)
    elif path.exists():
        _read(side, "", path)
    else:
        side.problems.append(
            error("LOAD001", "no such file or folder", file=str(path), line=1, column=1)
        )
    return side


def _read(side: Side, key: str, path: Path) -> None:
    try:
        data = read_regular_file(path)
    except OSError as exc:
        reason = f"cannot read the file: {exc.strerror or exc}"
        side.problems.append(error("LOAD001", reason, file=str(path), line=1, column=1))
        return
    side.add(key, path, data)


def read_revision(path: Path, revision: str) -> Side:
    """The same file or folder as `path` at a git revision, read with `git show`."""
    side = Side(f"{revision}:{path}")
    folder = path if path.is_dir() else path.parent
    try:
        top = Path(_git(folder, "rev-parse", "--show-toplevel").decode().strip())
        inside = path.resolve().relative_to(top.resolve()).as_posix()
        if path.is_dir():
            listed = _git(top, "ls-tree", "-r", "--name-only", revision, "--", inside or ".")
            prefix = f"{inside}/" if inside and inside != "." else ""
            for name in listed.decode().splitlines():
                if _in_title(name[len(prefix) :]):
                    data = _git(top, "show", f"{revision}:{name}")
                    side.add(name[len(prefix) :], Path(name), data, f"{revision}:{name}")
        else:
            data = _git(top, "show", f"{revision}:{inside}")
            side.add("", path, data, f"{revision}:{inside}")
    except (GitError, ValueError) as exc:
        side.problems.append(error("GIT001", str(exc), file=str(path), line=1, column=1))
    return side


class GitError(Exception):
    """git failed: not a repository, no such revision, no such path at it."""


def _git(folder: Path, *arguments: str) -> bytes:
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *arguments], capture_output=True, check=False
        )
    except OSError as exc:
        raise GitError(f"cannot run git: {exc.strerror or exc}") from exc
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise GitError(f"git {arguments[0]}: {message[-1] if message else 'failed'}")
    return done.stdout


def _in_title(relative: str) -> bool:
    """Whether a path inside a title folder is one of the files `schemas.title.discover` finds."""
    kind = FileKind.from_path(Path(relative))
    if kind is None:
        return False
    folder = relative.rpartition("/")[0]
    return not folder or (folder == "scenarios" and kind is FileKind.SCENARIO)


def compare(old: Side, new: Side, names: Names | None = None) -> Report:
    """The report from `old` to `new`, pairing files by their path inside the title (two single
    files are paired whatever their names, if they are of one kind). `names` are known names
    (the editor's open title); the changed files add theirs."""
    # The pairing tables of 8,000 units are made of small new objects among the millions of the
    # two titles' models: the cyclic collector's passes over them would cost more than the diff.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _compare(old, new, names or Names())
    finally:
        if collecting:
            gc.enable()


def _compare(old: Side, new: Side, names: Names) -> Report:
    report = Report(old.label, new.label, problems=[*old.problems, *new.problems])
    if report.problems:
        return report
    keys = [*new.files, *(k for k in old.files if k not in new.files)]
    pairs: list[tuple[str, Entry | None, Entry | None]] = []
    for key in keys:
        before, after = old.files.get(key), new.files.get(key)
        entry = after or before
        assert entry is not None
        label = key or entry.path.name
        if before is not None and after is not None and before.kind is not after.kind:
            report.problems.append(
                error(
                    "DIFF001",
                    f"cannot compare a {before.kind.value} file with a {after.kind.value} file",
                    file=after.name or str(after.path),
                    line=1,
                    column=1,
                )
            )
        elif before is None or after is None:
            status = "added" if before is None else "removed"
            report.files.append(FileDiff(label, entry.kind.value, status))
        elif _same_bytes(before, after):
            report.files.append(FileDiff(label, entry.kind.value, "equal"))
        else:
            pairs.append((label, before, after))
    for _, before, after in pairs:
        for entry in (before, after):
            assert entry is not None
            report.problems.extend(p for p in entry.load().problems if p.is_error)
    if report.problems:
        return report
    changed = [p[2] for p in pairs if p[2]] + [p[1] for p in pairs if p[1]]
    _names(old, new, changed, names)
    for label, before, after in pairs:
        assert before is not None
        assert after is not None
        kind = after.kind.value
        changes = diff_models(kind, before.load().model, after.load().model, names)
        changes = [replace(c, file=label) for c in changes]
        report.files.append(FileDiff(label, kind, "changed" if changes else "equal", changes))
    report.files.sort(key=lambda f: (KIND_ORDER.index(f.kind), f.key))
    return report


def _same_bytes(before: Entry, after: Entry) -> bool:
    if before.loaded is not None or after.loaded is not None:
        return False
    return before.data is not None and before.data == after.data


def _names(old: Side, new: Side, changed: list[Entry], names: Names) -> None:
    """Learn the names the changed files need: units and organizations from the OOB, objectives'
    places from the map, when a scenario changed (the new side's files first, loaded only
    then), objectives and terrain from the files compared."""
    kinds = {entry.kind for entry in changed}
    for entry in changed:
        model = entry.load().model
        if entry.kind is FileKind.OOB:
            names.add_oob(model)
        elif entry.kind is FileKind.MAP:
            names.add_map(model)
    if FileKind.SCENARIO in kinds:
        for kind, known in ((FileKind.OOB, names.units), (FileKind.MAP, names.terrain)):
            if kind in kinds or known:
                continue
            # The file is the same on both sides (else it is among the changed ones): one will do.
            for side in (new, old):
                found = [e for e in side.files.values() if e.kind is kind]
                for entry in found or _referenced(side, kind):
                    (names.add_oob if kind is FileKind.OOB else names.add_map)(entry.load().model)
                if known:
                    break
    # Objectives last: their names fall back on the map's places.
    for entry in changed:
        if entry.kind is FileKind.SCENARIO:
            names.add_scenario(entry.load().model)


def _referenced(side: Side, kind: FileKind) -> list[Entry]:
    """A scenario compared alone is named by the OOB and map it references, read from disk when
    they are there."""
    found = []
    for entry in side.files.values():
        model = entry.load().model if entry.kind is FileKind.SCENARIO else None
        if model is not None and not entry.name:
            target = entry.path.parent / (
                model.files.oob if kind is FileKind.OOB else model.files.map
            )
            if target.is_file():
                found.append(Entry(target, kind))
    return found
