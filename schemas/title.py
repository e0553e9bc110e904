"""A title folder and its scenarios: loading a scenario together with the files it references,
and validating whole titles, as `hexwright validate` and the editor do.

A title folder holds the map, OOB, parameter and weather files and a `scenarios/` folder.
Scenario references are relative to the scenario file and must stay inside the title folder.
Each file is loaded and self-checked once, however many scenarios use it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from schemas import parse_cache
from schemas.io import FileKind, LoadedFile, load_file
from schemas.panzer_campaigns import checks
from schemas.problems import Problem, Severity, error
from schemas.save_journal import settle_title

if TYPE_CHECKING:
    from schemas.panzer_campaigns.oob_index import OobIndex
    from schemas.tactical_gamex.loading import SituationBundle

SCENARIO_FOLDER = "scenarios"

TACTICAL_GAMEX_KINDS = frozenset(
    {FileKind.PANEL, FileKind.UNIT_TYPES, FileKind.TABLES, FileKind.SITUATION}
)
"""The file kinds of a Tactical GameX title (schemas/tactical_gamex/)."""

_SCENARIO_KINDS = (FileKind.SCENARIO, FileKind.SITUATION)


def resolved(path: Path) -> Path:
    """The absolute path `path` leads to, or where it would lead when it cannot be followed to
    the end (a symlink loop, a NUL in the name): loading it then says why it cannot be read."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def title_root(scenario_path: Path) -> Path:
    """The title folder of a scenario: the parent of its `scenarios/` folder, else its folder."""
    folder = resolved(scenario_path).parent
    return folder.parent if folder.name == SCENARIO_FOLDER else folder


def _oob_index(oob: Any) -> OobIndex:
    # Imported here: the index needs the OOB's models, which validating a map alone never builds.
    from schemas.panzer_campaigns.oob_index import OobIndex  # noqa: PLC0415

    return OobIndex.from_oob(oob)


@dataclass
class FileStore:
    """Loads each file once, runs its self-checks, and keeps its OOB index."""

    files: dict[Path, LoadedFile] = field(default_factory=dict)
    indexes: dict[Path, OobIndex] = field(default_factory=dict)

    def get(self, path: Path, kind: FileKind | None = None) -> LoadedFile:
        """The loaded (and self-checked) file at `path`."""
        key = resolved(path)
        loaded = self.files.get(key)
        if loaded is None:
            loaded = load_file(path, kind)
            if loaded.model is not None:
                found = cached_checks(loaded, "self", lambda: self._self_checks(key, loaded))
                loaded.problems.extend(loaded.place(found))
            self.files[key] = loaded
        return loaded

    def index(self, loaded: LoadedFile) -> OobIndex:
        """The OOB index of a loaded OOB file."""
        key = resolved(loaded.path)
        if key not in self.indexes:
            self.indexes[key] = _oob_index(loaded.model)
        return self.indexes[key]

    def _self_checks(self, key: Path, loaded: LoadedFile) -> list[Problem]:
        model = loaded.model
        if loaded.kind is FileKind.MAP:
            return checks.check_map(model)
        if loaded.kind is FileKind.OOB:
            self.indexes[key] = _oob_index(model)
            return checks.check_oob(model, self.indexes[key])
        if loaded.kind is FileKind.WEATHER:
            return checks.check_weather(model)
        if loaded.kind is FileKind.SCENARIO:
            return checks.check_scenario_header(model)
        if loaded.kind in TACTICAL_GAMEX_KINDS:
            from schemas.tactical_gamex.file_checks import check_file  # noqa: PLC0415

            return check_file(loaded.kind, model)
        return []


@dataclass
class ScenarioBundle:
    """A scenario with the title files it references, and the cross-file problems found."""

    scenario: LoadedFile
    map: LoadedFile | None = None
    oob: LoadedFile | None = None
    parameters: LoadedFile | None = None
    weather: LoadedFile | None = None
    reference_problems: list[Problem] = field(default_factory=list)

    @property
    def files(self) -> list[LoadedFile]:
        """The scenario and every referenced file that could be found."""
        found = [self.scenario, self.map, self.oob, self.parameters, self.weather]
        return [f for f in found if f is not None]

    @property
    def problems(self) -> list[Problem]:
        """Every problem: of each file, of its references, and of the cross-file checks."""
        return _unique([p for f in self.files for p in f.problems] + self.reference_problems)

    @property
    def is_complete(self) -> bool:
        """Whether the scenario and its map, OOB and parameters all validated."""
        return all(
            f is not None and f.ok for f in (self.scenario, self.map, self.oob, self.parameters)
        )


_REFERENCES: tuple[tuple[str, FileKind], ...] = (
    ("map", FileKind.MAP),
    ("oob", FileKind.OOB),
    ("parameters", FileKind.PARAMETERS),
    ("weather", FileKind.WEATHER),
)


def load_scenario(
    path: Path | str,
    store: FileStore | None = None,
    progress: Callable[[str], object] | None = None,
) -> ScenarioBundle:
    """Load a scenario, the files it references and run every check that needs no engine.

    `progress` is told the name of each file before it is read, and "checking references".
    A save of the title that a crash interrupted is finished first (see `settle_title`).
    """
    store = store or FileStore()
    path = Path(path)
    report = progress or (lambda _: None)
    settled = settle_title(title_root(path))
    report(path.name)
    bundle = ScenarioBundle(scenario=store.get(path, FileKind.SCENARIO))
    bundle.reference_problems.extend(settled.problems)
    scenario = bundle.scenario.model
    if scenario is None:
        return bundle
    root = title_root(path)
    for attribute, kind in _REFERENCES:
        relative = getattr(scenario.files, attribute)
        if relative is None:
            continue
        where = ("files", attribute)
        target = Path(os.path.normpath(path.parent / relative))
        if not resolved(target).is_relative_to(root):
            bundle.reference_problems.extend(
                bundle.scenario.place(
                    [
                        error(
                            "PATH001",
                            f"files.{attribute} '{relative}' leads outside the title folder {root}",
                            path=where,
                        )
                    ]
                )
            )
            continue
        named_kind = FileKind.from_path(target)
        if named_kind is not None and named_kind is not kind:
            bundle.reference_problems.extend(
                bundle.scenario.place(
                    [
                        error(
                            "PATH003",
                            f"files.{attribute} '{relative}' is a {named_kind.value} file, not a "
                            f"{kind.value} file",
                            path=where,
                        )
                    ]
                )
            )
            continue
        report(target.name)
        loaded = store.get(target, kind)
        setattr(bundle, attribute, loaded)
        if not loaded.ok:
            bundle.reference_problems.extend(
                bundle.scenario.place(
                    [
                        error(
                            "PATH002",
                            f"files.{attribute} '{relative}' cannot be used: "
                            + _first_error(loaded),
                            path=where,
                        )
                    ]
                )
            )
    if bundle.is_complete:
        report("checking references")
        assert bundle.map
        assert bundle.oob
        assert bundle.parameters
        bundle.reference_problems.extend(
            _reference_problems(bundle.scenario, bundle.map, bundle.oob, bundle.parameters, store)
        )
    return bundle


def cached_checks(
    loaded: LoadedFile, label: str, run: Callable[[], list[Problem]]
) -> list[Problem]:
    """The problems a check of a loaded file finds (not yet placed): kept beside the file's
    parse-cache entry, so that reading an unchanged file again skips its checks too (`label`
    names the check, and the code and other files it depends on besides the file's model);
    run and kept when the file has no entry or the check none there yet."""
    if loaded.cache_entry is None:
        return run()
    found = parse_cache.lookup_checks(loaded.cache_entry, label)
    if found is None:
        found = run()
        parse_cache.store_checks(loaded.cache_entry, label, found)
    return found


def _reference_problems(
    scenario: LoadedFile,
    map_file: LoadedFile,
    oob: LoadedFile,
    parameters: LoadedFile,
    store: FileStore,
) -> list[Problem]:
    """The scenario against its map, OOB and parameters, placed in the scenario and the
    parameter file; kept beside the scenario's cache entry under the other files' contents."""
    others = [map_file, oob, parameters]
    digest = hashlib.sha256()
    for other in others:
        # A large file by its entry (its bytes and the reader's code), a small one by its text.
        digest.update(f"{other.cache_entry or other.text}\0".encode())
    label = f"references:{digest.hexdigest()}"
    entry = scenario.cache_entry
    found = beside = None
    if entry is not None:
        found = parse_cache.lookup_checks(entry, label + ":scenario")
        beside = parse_cache.lookup_checks(entry, label + ":parameters")
    if found is None or beside is None:
        cross = checks.check_scenario_references(
            scenario.model, map_file.model, oob.model, parameters.model, store.index(oob)
        )
        found, beside = cross.scenario, cross.parameters
        if entry is not None:
            parse_cache.store_checks(entry, label + ":scenario", found)
            parse_cache.store_checks(entry, label + ":parameters", beside)
    return [*scenario.place(found), *parameters.place(beside)]


def _first_error(loaded: LoadedFile) -> str:
    for problem in loaded.problems:
        if problem.is_error:
            return f"{problem.code} {problem.message}"
    return "it did not validate"


def discover(folder: Path) -> list[Path]:
    """The Hexwright files of a title folder: its own files and those in `scenarios/`."""
    found = [p for p in _listing(folder) if p.is_file() and FileKind.from_path(p)]
    scenarios = folder / SCENARIO_FOLDER
    if scenarios.is_dir():
        found += [
            p
            for p in _listing(scenarios)
            if p.is_file() and FileKind.from_path(p) in _SCENARIO_KINDS
        ]
    return found


def _listing(folder: Path) -> list[Path]:
    """The entries of a folder, sorted; none when it cannot be listed (no permission)."""
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []


@dataclass
class ValidationReport:
    """What validating some paths found: the files checked and every problem, in order."""

    files: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    unreadable: list[Path] = field(default_factory=list)
    bundles: list[ScenarioBundle] = field(default_factory=list)
    situations: list[SituationBundle] = field(default_factory=list)
    """The Tactical GameX situations checked (their problems are in `problems` too)."""

    def count(self, severity: Severity) -> int:
        """How many problems of a severity were found."""
        return sum(1 for p in self.problems if p.severity is severity)

    @property
    def has_errors(self) -> bool:
        """Whether any error was found."""
        return any(p.is_error for p in self.problems)

    def add(self, problems: Iterable[Problem]) -> None:
        """Add problems found by further checks, keeping the list unique and in file order."""
        self.problems = sorted(_unique([*self.problems, *problems]), key=_order)


_UNREADABLE = {"LOAD001", "LOAD002"}


def validate_paths(
    paths: Sequence[Path | str], store: FileStore | None = None, *, two_cores: bool = False
) -> ValidationReport:
    """Validate files and title folders (folders holding titles are searched one level down).

    `two_cores` (the command line): files the parse cache does not hold are read on two cores
    where the system allows it (`schemas.read_ahead`); the report is the same."""
    store = store or FileStore()
    report = ValidationReport()
    targets: list[Path] = []
    for raw in paths:
        path = Path(raw)
        _settle_once(path, report)
        if path.is_dir():
            files = discover(path)
            if not files:
                # A folder of titles, such as sample_data/.
                for child in _listing(path):
                    if child.is_dir():
                        files += discover(child)
            if not files:
                report.unreadable.append(path)
                report.problems.append(
                    error(
                        "LOAD001",
                        "no Hexwright files in this folder (or it cannot be listed)",
                        file=str(path),
                    )
                )
            targets += files
        else:
            targets.append(path)
    if two_cores:
        from schemas.read_ahead import read_ahead  # noqa: PLC0415  # the command line only

        read_ahead(targets, store)
    for path in dict.fromkeys(targets):
        report.files.append(path)
        if FileKind.from_path(path) is FileKind.SCENARIO:
            bundle = load_scenario(path, store)
            report.bundles.append(bundle)
            problems = bundle.problems
        elif FileKind.from_path(path) is FileKind.SITUATION:
            # The ruleset's own package loads its situations [docs/architecture.md, Rulesets].
            from schemas.tactical_gamex.loading import load_situation  # noqa: PLC0415

            situation = load_situation(path, store)
            report.situations.append(situation)
            problems = situation.problems
        else:
            loaded = store.get(path)
            problems = loaded.problems
        if any(p.code in _UNREADABLE and p.file == str(path) for p in problems):
            report.unreadable.append(path)
        report.add(problems)
    return report


def _settle_once(path: Path, report: ValidationReport) -> None:
    """Finish interrupted saves of the titles a path names before any of their files is read
    (a folder of titles: each of them)."""
    if not path.is_dir():
        folders = [title_root(path)]
    elif discover(path):
        folders = [path]
    else:
        folders = [child for child in sorted(path.iterdir()) if child.is_dir()]
    for folder in folders:
        report.add(settle_title(folder).problems)


def validate_title(folder: Path | str) -> ValidationReport:
    """Validate every file of one title folder and every scenario in it."""
    return validate_paths([folder])


def _unique(problems: Iterable[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))


def _order(problem: Problem) -> tuple[str, int, int, str]:
    return (problem.file or "", problem.line or 0, problem.column or 0, problem.code)
