"""Reading and writing single Hexwright files, with every failure reported as Problems.

`load_file` never raises for bad input: it returns a `LoadedFile` holding the validated model (or
None) and the Problems found, each with file, line, column and field path. `save_file` writes
canonical YAML (or JSON) atomically: a temporary file beside the target, flushed and renamed.
"""

from __future__ import annotations

import difflib
import hashlib
import importlib
import json
import os
import stat
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The models' modules are imported on first use, and so maybe after Qt (the editor's checking
# process): PySide6's import hook then breaks pydantic's own lazily imported modules unless
# `pydantic.fields` and what it imports are loaded already.
import pydantic.fields  # noqa: F401
from pydantic import BaseModel, ValidationError

from schemas import jsonscan, parse_cache
from schemas.disk_identity import DiskIdentity
from schemas.migrations import current_version, migrate
from schemas.problems import ModelPath, Problem, error, format_path, info
from schemas.reading import read_regular_file
from schemas.text_marks import Mark

if TYPE_CHECKING:
    pass


class FileKind(StrEnum):
    """The kinds of file a title holds, named by their compound suffix, and the saved test-play,
    which is no part of a title (title scans take scenarios only from `scenarios/`)."""

    MAP = "map"
    OOB = "oob"
    PARAMETERS = "pdt"
    WEATHER = "weather"
    SCENARIO = "scenario"
    TESTPLAY = "testplay"
    # Tactical GameX (schemas/tactical_gamex/): panels, unit types, tables, situations.
    PANEL = "panel"
    UNIT_TYPES = "units"
    TABLES = "tables"
    SITUATION = "situation"
    TGX_PLAY = "tgxplay"
    """A saved Tactical GameX game (schemas/tactical_gamex/saved_game.py)."""

    @property
    def model(self) -> type[BaseModel]:
        """The root model of this kind of file (its module is imported on first use: building
        the models of every kind would cost each command that reads one kind)."""
        module, name = _MODELS[self]
        model: type[BaseModel] = getattr(importlib.import_module(module), name)
        return model

    @classmethod
    def from_path(cls, path: Path) -> FileKind | None:
        """The kind named by a file's suffixes, e.g. `bulge.map.yaml` -> MAP.

        >>> FileKind.from_path(Path("scenarios/first.scenario.yaml"))
        <FileKind.SCENARIO: 'scenario'>
        >>> FileKind.from_path(Path("notes.txt")) is None
        True
        """
        suffixes = [s.lower() for s in path.suffixes]
        if len(suffixes) < 2 or suffixes[-1] not in (".yaml", ".yml", ".json"):
            return None
        try:
            return cls(suffixes[-2][1:])
        except ValueError:
            return None


_MODELS: dict[FileKind, tuple[str, str]] = {
    FileKind.MAP: ("schemas.panzer_campaigns.map", "MapFile"),
    FileKind.OOB: ("schemas.panzer_campaigns.oob", "OobFile"),
    FileKind.PARAMETERS: ("schemas.panzer_campaigns.parameters", "ParameterFile"),
    FileKind.WEATHER: ("schemas.panzer_campaigns.weather", "WeatherFile"),
    FileKind.SCENARIO: ("schemas.panzer_campaigns.scenario", "ScenarioFile"),
    FileKind.TESTPLAY: ("schemas.panzer_campaigns.testplay", "TestPlayRecord"),
    FileKind.PANEL: ("schemas.tactical_gamex.panel", "PanelFile"),
    FileKind.UNIT_TYPES: ("schemas.tactical_gamex.unit_types", "UnitTypeLibrary"),
    FileKind.TABLES: ("schemas.tactical_gamex.tables", "RulesetTables"),
    FileKind.SITUATION: ("schemas.tactical_gamex.situation", "SituationFile"),
    FileKind.TGX_PLAY: ("schemas.tactical_gamex.saved_game", "SavedGame"),
}
"""The module and class of each kind's root model."""


def is_json(path: Path) -> bool:
    """Whether a file is written as JSON rather than YAML."""
    return path.suffix.lower() == ".json"


@dataclass
class LoadedFile:
    """One file as read: its model if it validated, the Problems found, and its text."""

    path: Path
    kind: FileKind | None
    model: Any = None
    problems: list[Problem] = field(default_factory=list)
    text: str = ""
    original_version: int | None = None
    cache_entry: str | None = field(default=None, repr=False)
    """The parse cache's entry of the file's bytes, which also keeps where paths stand in it."""
    disk: DiskIdentity | None = field(default=None, repr=False, compare=False)
    """The version of the file on disk that was read (None for text not read from a file)."""
    cached_pickle: bytes | None = field(default=None, repr=False, compare=False)
    """That entry's bytes (`parse_cache.loads` gives back what reading gave, the model
    included), kept so that the editor's checking process gets the model without the editor
    pickling it again; whoever sends them may drop them."""
    _marks: dict[ModelPath, Mark] = field(default_factory=dict, repr=False)
    _searched: set[ModelPath] = field(default_factory=set, repr=False)

    @property
    def ok(self) -> bool:
        """Whether the file validated (it may still have warnings)."""
        return self.model is not None

    def locate(self, path: ModelPath) -> tuple[int | None, int | None]:
        """Line and column of the value at a model path, or of its nearest located parent."""
        return self.locate_many([path])[tuple(path)]

    def locate_many(
        self, paths: Iterable[ModelPath]
    ) -> dict[ModelPath, tuple[int | None, int | None]]:
        """Line and column of several model paths, reading the text at most once for them all."""
        paths = [tuple(p) for p in paths]
        if not self.text:
            return dict.fromkeys(paths, (None, None))
        unknown = [p for p in paths if p not in self._searched]
        if unknown:
            self._marks.update(self._find(unknown))
            self._searched.update(unknown)
        located: dict[ModelPath, tuple[int | None, int | None]] = {}
        for path in paths:
            trail = path
            while trail and trail not in self._marks:
                trail = trail[:-1]
            mark = self._marks.get(trail) if trail else None
            located[path] = (mark.line, mark.column) if mark else (1, 1)
        return located

    def _find(self, paths: list[ModelPath]) -> dict[ModelPath, Mark]:
        """The marks of paths and their ancestors: from the parse cache when a run over the
        same bytes searched for them all (the same text gives the same marks), else from
        reading the text, kept for the next run."""
        kept = None if self.cache_entry is None else parse_cache.lookup_marks(self.cache_entry)
        if kept is not None and kept.searched.issuperset(paths):
            return dict(kept.found)  # without importing the YAML parser
        from schemas import yamlio  # noqa: PLC0415  # see parse_text

        found = yamlio.locate(self.text, paths)
        if self.cache_entry is None:
            return found
        if kept is not None:
            found = {**kept.found, **found}
            paths = [*kept.searched, *paths]
        parse_cache.store_marks(self.cache_entry, parse_cache.Marks(frozenset(paths), found))
        return found

    def place(self, problems: Iterable[Problem]) -> list[Problem]:
        """Attribute problems found by checks to this file, with their lines."""
        problems = list(problems)
        where = self.locate_many(p.path for p in problems)
        return [p.in_file(str(self.path)).at(*where[tuple(p.path)]) for p in problems]


_ERROR_CODES = {
    "missing": "SCHEMA002",
    "extra_forbidden": "SCHEMA003",
    "literal_error": "SCHEMA005",
    "enum": "SCHEMA005",
    "union_tag_invalid": "SCHEMA005",
    "union_tag_not_found": "SCHEMA002",
    "greater_than": "SCHEMA004",
    "greater_than_equal": "SCHEMA004",
    "less_than": "SCHEMA004",
    "less_than_equal": "SCHEMA004",
    "too_short": "SCHEMA004",
    "too_long": "SCHEMA004",
}


def _data_path(loc: tuple[Any, ...], data: Any) -> ModelPath:
    """The path into the file's data of a pydantic error location (dropping union tags)."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        ):
            path.append(part)
            node = node[part]
        elif isinstance(node, dict) and node.get("kind") == part:
            continue  # the tag pydantic adds for a member of a discriminated union
        elif isinstance(node, dict) and isinstance(part, str):
            # A missing key: point at it so the message names it; the line is the parent's.
            path.append(part)
            node = None
    return tuple(path)


def validation_problems(exc: ValidationError, data: Any) -> list[Problem]:
    """Problems for each pydantic error, with the path of the value in the file's data."""
    problems = []
    errors = [(item, _data_path(item["loc"], data)) for item in exc.errors(include_url=False)]
    # A misspelt field shows up twice: as unknown, and its right spelling as missing.
    missing: dict[ModelPath, list[str]] = {}
    for item, path in errors:
        if item["type"] == "missing" and path:
            missing.setdefault(path[:-1], []).append(str(path[-1]))
    for item, path in errors:
        code = _ERROR_CODES.get(item["type"], "SCHEMA001")
        message = item["msg"]
        if item["type"] == "missing":
            message = f"required field '{path[-1]}' is missing" if path else message
        elif item["type"] == "extra_forbidden" and path:
            close = difflib.get_close_matches(str(path[-1]), missing.get(path[:-1], []), n=1)
            hint = f"did you mean '{close[0]}'?" if close else "check its spelling"
            message = f"unknown field '{path[-1]}'; {hint}"
        else:
            shown = item.get("input")
            if _is_scalar(shown):
                message = f"{message} (got {_shown(shown)})"
        problems.append(error(code, f"{_display(path)}: {message}", path=path))
    return problems


def _shown(value: Any) -> str:
    """A value as a message quotes it: short, whatever the file holds."""
    if isinstance(value, int) and abs(value) >= 10**30:
        # Python refuses to write out an int of over 4300 digits; its size is what matters.
        return "a number of more than 30 digits"
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}… ({len(text)} characters)"


def _is_scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool)) or value is None


def _display(path: ModelPath) -> str:
    return format_path(path) or "(top level)"


def parse_text(text: str, as_json: bool) -> tuple[Any, list[Problem]]:
    """Parse file text into data; syntax errors, duplicate keys and text that would expand or
    nest beyond what a file may hold become Problems."""
    # YAML is imported only to read or write it: a file from the parse cache needs none.
    from schemas import yamlio  # noqa: PLC0415

    if as_json:
        return _parse_json(text)
    try:
        data, dups = yamlio.load_checked(text)
    except yamlio.YamlSyntaxError as exc:
        shown = str(exc) if isinstance(exc, yamlio.YamlLimitError) else f"invalid YAML: {exc}"
        return None, [error(exc.code, shown, line=exc.line or 1, column=exc.column or 1)]
    problems = [
        error(
            "SYNTAX002",
            f"key '{path[-1]}' appears twice in one mapping; the last one is used",
            path=path,
            line=mark.line,
            column=mark.column,
        )
        for path, mark in dups
    ]
    return data, problems


def _parse_json(text: str) -> tuple[Any, list[Problem]]:
    from schemas import yamlio  # noqa: PLC0415  # see parse_text

    if jsonscan.depth(text) > yamlio.MAX_DEPTH:
        line, column = jsonscan.too_deep_at(text, yamlio.MAX_DEPTH)
        message = f"arrays and objects are nested more than {yamlio.MAX_DEPTH} deep"
        return None, [error("LOAD005", message, line=line, column=column)]
    seen_twice = False

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal seen_twice
        result = dict(items)
        seen_twice = seen_twice or len(result) < len(items)
        return result

    try:
        data = json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        return None, [
            error("SYNTAX001", f"invalid JSON: {exc.msg}", line=exc.lineno, column=exc.colno)
        ]
    except ValueError as exc:  # a number of more digits than Python converts
        line, column = jsonscan.long_number_at(text)
        message = f"invalid JSON: a number cannot be read: {str(exc).split(';')[0]}"
        return None, [error("SYNTAX001", message, line=line, column=column)]
    problems = [
        error(
            "SYNTAX002",
            f"key '{path[-1]}' appears twice in one object; the last one is used",
            path=path,
            line=line,
            column=column,
        )
        for path, line, column in (jsonscan.duplicate_keys(text) if seen_twice else [])
    ]
    return data, problems


def load_file(path: Path | str, kind: FileKind | None = None) -> LoadedFile:
    """Read, migrate and validate one file. Never raises for bad content or a missing file."""
    path = Path(path)
    kind = kind or FileKind.from_path(path)
    loaded = LoadedFile(path=path, kind=kind)
    where = str(path)
    # Problems with the file as a whole stand at its first line, so every problem has a place.
    whole_file: dict[str, Any] = {"file": where, "line": 1, "column": 1}
    if kind is None:
        loaded.problems.append(
            error(
                "LOAD003",
                "cannot tell the kind of file from its name; use a suffix such as "
                ".map.yaml, .oob.yaml, .pdt.yaml, .weather.yaml or .scenario.yaml (Tactical "
                "GameX: .panel.yaml, .units.yaml, .tables.yaml, .situation.yaml)",
                **whole_file,
            )
        )
        return loaded
    try:
        raw = read_regular_file(path)
    except OSError as exc:
        loaded.problems.append(
            error("LOAD001", f"cannot read the file: {exc.strerror or exc}", **whole_file)
        )
        return loaded
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        # The column counts characters, as editors do: decode what precedes the bad byte.
        column = len(raw[line_start : exc.start].decode("utf-8-sig", "replace")) + 1
        line = raw[: exc.start].count(b"\n") + 1
        loaded.problems.append(
            error(
                "LOAD002",
                f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} cannot start a "
                "character here)",
                file=where,
                line=line,
                column=column,
            )
        )
        return loaded
    loaded.text = text
    as_json = is_json(path)
    # One pass over the bytes gives the version read and the name of its cache entry.
    digest = hashlib.sha256(raw)
    loaded.disk = DiskIdentity.of_digest(path, digest.hexdigest())
    loaded.cache_entry = parse_cache.entry_name(raw, kind, as_json, digest)
    found = parse_cache.read_entry(raw, kind, as_json, loaded.cache_entry)
    if found is None:
        problems = _load_text(loaded, text, as_json)
        parsed = parse_cache.Parsed(loaded.model, problems, loaded.original_version)
        loaded.cached_pickle = parse_cache.store(raw, kind, as_json, parsed, loaded.cache_entry)
    else:
        parsed, loaded.cached_pickle = found
        loaded.model, loaded.original_version = parsed.model, parsed.original_version
    loaded.problems.extend(p.in_file(where) for p in parsed.problems)
    return loaded


def load_text(
    text: str, kind: FileKind, *, as_json: bool = False, name: str = "<text>"
) -> LoadedFile:
    """Validate file content held in memory (the editor's unsaved buffers, tests)."""
    loaded = LoadedFile(path=Path(name), kind=kind, text=text)
    loaded.problems.extend(p.in_file(name) for p in _load_text(loaded, text, as_json))
    return loaded


def _load_text(loaded: LoadedFile, text: str, as_json: bool) -> list[Problem]:
    assert loaded.kind is not None
    data, problems = parse_text(text, as_json)
    if data is None and problems:
        return problems
    if not isinstance(data, dict):
        return [
            *problems,
            error(
                "SCHEMA006",
                "the file must hold a mapping of fields at its top level",
                line=1,
                column=1,
            ),
        ]
    try:
        data, loaded.original_version = migrate(data, loaded.kind.value)
    except ValueError as exc:
        line, column = loaded.locate(("format_version",))
        return [
            *problems,
            error("VERSION001", str(exc), path=("format_version",), line=line, column=column),
        ]
    latest = current_version(loaded.kind.value)
    if loaded.original_version != latest:
        problems.append(
            info(
                "VERSION002",
                f"migrated from format version {loaded.original_version} to {latest}; "
                "saving writes the new version",
                path=("format_version",),
            )
        )
    try:
        loaded.model = loaded.kind.model.model_validate(data)
    except ValidationError as exc:
        problems.extend(validation_problems(exc, data))
    except RecursionError:
        problems.append(error("SCHEMA001", "the data is nested too deeply"))
    where = loaded.locate_many(p.path for p in problems if p.line is None)
    return [p if p.line is not None else p.at(*where[tuple(p.path)]) for p in problems]


def to_data(model: BaseModel) -> dict[str, Any]:
    """The plain data written for a model: defaults left out, `format_version` first."""
    data = model.model_dump(
        mode="json", exclude_defaults=not getattr(model, "write_defaults", False)
    )
    version = getattr(model, "format_version", None)
    if version is not None:
        data = {
            "format_version": version,
            **{k: v for k, v in data.items() if k != "format_version"},
        }
    return data


def dump_text(model: BaseModel, as_json: bool = False) -> str:
    """The canonical text of a model: the same model always gives the same bytes."""
    data = to_data(model)
    if as_json:
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    from schemas import yamlwrite  # noqa: PLC0415  # see parse_text

    return yamlwrite.dump(data)


TEMPORARY_SUFFIX = ".tmp"
"""Temporary files of a save are `.<name>.<8 random characters>.tmp` beside their target."""


def write_atomic(path: Path | str, text: str) -> None:
    """Write text so that a crash leaves either the old file or the new one, never a mix.

    The text goes to a temporary file in the same folder, is flushed to disk, and then
    replaces the target in one rename; the folder is flushed too, so the rename survives a
    power cut. Every failure removes the temporary file and closes its descriptor.
    """
    path = Path(path)
    temporary = write_temporary(path, text)
    try:
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def write_temporary(path: Path | str, text: str) -> Path:
    """Write text to a new temporary file beside `path`, flushed to disk; return its path.

    The temporary file gets the mode the target has (or the usual one for a new file). On any
    failure nothing is left behind: the descriptor is closed and the file removed.
    """
    path = Path(path)
    handle, name = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX, dir=path.parent
    )
    temporary = Path(name)
    try:
        try:
            stream = os.fdopen(handle, "w", encoding="utf-8", newline="\n")
        except BaseException:
            os.close(handle)
            raise
        with stream:
            # mkstemp makes the file private; give it the mode the file had, or the usual one.
            os.chmod(temporary, _mode_for(path))
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (renames, deletions) to disk, where the system allows it."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # e.g. Windows, where folders cannot be opened; renames there are durable
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems refuse to sync a folder; the rename itself has happened
    finally:
        os.close(handle)


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def save_file(model: BaseModel, path: Path | str) -> None:
    """Save a model as canonical YAML (or JSON, by the file's suffix), atomically."""
    path = Path(path)
    write_atomic(path, dump_text(model, as_json=is_json(path)))
