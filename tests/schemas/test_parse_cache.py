"""The cache of large files already read: a second read of an unchanged file gives exactly what
the first gave, and any changed byte is read afresh."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from schemas import parse_cache
from schemas.io import load_file
from schemas.title import FileStore, load_scenario
from tests.conftest import SAMPLE_DATA

SAMPLE_MAP = SAMPLE_DATA / "ardennes44" / "ardennes44.map.yaml"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(folder))
    return folder


def _large_map(folder: Path) -> Path:
    """The sample map, with a comment making it large enough to be cached."""
    text = SAMPLE_MAP.read_text(encoding="utf-8")
    padding = "# padding\n" * (parse_cache.MIN_BYTES // 10)
    path = folder / "large.map.yaml"
    path.write_text(padding + text, encoding="utf-8")
    return path


def _entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.parsed"))


def test_an_unchanged_file_reads_the_same_from_the_cache(cache: Path, tmp_path: Path) -> None:
    path = _large_map(tmp_path)
    first = load_file(path)
    assert first.ok
    assert len(_entries(cache)) == 1
    second = load_file(path)
    assert second.model == first.model
    assert second.model is not first.model
    assert second.problems == first.problems
    assert second.original_version == first.original_version
    assert second.text == first.text


def test_a_changed_byte_is_read_afresh_with_its_problem_and_line(
    cache: Path, tmp_path: Path
) -> None:
    path = _large_map(tmp_path)
    assert load_file(path).problems == []
    text = path.read_text(encoding="utf-8")
    lines = text.count("\n")
    path.write_text(text + "width: 3\n", encoding="utf-8")
    changed = load_file(path)
    assert [(p.code, p.line, p.file) for p in changed.problems] == [
        ("SYNTAX002", lines + 1, str(path))
    ]
    assert len(_entries(cache)) == 2
    # The same text under another name: the problems name the file read.
    twin = tmp_path / "twin.map.yaml"
    twin.write_bytes(path.read_bytes())
    assert [p.file for p in load_file(twin).problems] == [str(twin)]


def test_without_the_cache_the_problems_are_the_same(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _large_map(tmp_path)
    path.write_text(path.read_text(encoding="utf-8") + "width: 3\n", encoding="utf-8")
    load_file(path)
    cached = load_file(path)
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", parse_cache.OFF)
    fresh = load_file(path)
    assert cached.problems == fresh.problems
    assert cached.model == fresh.model


def test_a_damaged_or_foreign_writable_entry_is_never_used(cache: Path, tmp_path: Path) -> None:
    path = _large_map(tmp_path)
    expected = load_file(path)
    (entry,) = _entries(cache)
    entry.write_bytes(b"not a pickle")
    assert load_file(path).model == expected.model
    # An entry others may write could have been put there by another user: not read.
    (entry,) = _entries(cache)
    planted = parse_cache.Parsed(None, [], None)
    entry.write_bytes(pickle.dumps(planted))
    os.chmod(entry, 0o666)
    assert load_file(path).model == expected.model
    os.chmod(entry, 0o600)
    entry.write_bytes(pickle.dumps(planted))
    assert not load_file(path).ok  # the same entry, private, is the user's own: read


def test_small_files_and_a_cache_turned_off_write_nothing(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = SAMPLE_DATA / "broken" / "base.weather.yaml"
    assert small.stat().st_size < parse_cache.MIN_BYTES
    assert load_file(small).ok
    assert not cache.exists()
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", parse_cache.OFF)
    assert load_file(_large_map(tmp_path)).ok
    assert not cache.exists()


def test_the_least_recently_read_files_leave_the_cache_first(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 2)
    path = _large_map(tmp_path)
    text = path.read_text(encoding="utf-8")
    versions = [text + f"# version {n}\n" for n in range(3)]
    for version in versions:
        path.write_text(version, encoding="utf-8")
        load_file(path)
    assert len(_entries(cache)) == 2
    # The oldest version is read afresh; the newest two are still there.
    newest = {e.name for e in _entries(cache)}
    path.write_text(versions[0], encoding="utf-8")
    assert load_file(path).ok
    assert len(newest & {e.name for e in _entries(cache)}) == 1


def test_the_next_run_places_problems_without_reading_the_text_again(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _large_map(tmp_path)
    padding = parse_cache.MIN_BYTES // 10  # the padding's lines come before the map's
    wanted = [("terrain", 2, "id"), ("hexsides", 3), ("no_such_field",)]
    first = load_file(path).locate_many(wanted)
    assert first[("terrain", 2, "id")][0] > padding  # found in the text, below the padding
    assert first[("no_such_field",)] == (1, 1)  # absent: the file's first line

    def no_reading(*_args: object) -> None:
        raise AssertionError("the text was read again")

    monkeypatch.setattr("schemas.yamlio.locate", no_reading)
    assert load_file(path).locate_many(wanted) == first
    assert load_file(path).locate_many(wanted[:1]) == {wanted[0]: first[wanted[0]]}
    # A path not searched for before, or a changed byte, reads the text.
    with pytest.raises(AssertionError, match="read again"):
        load_file(path).locate_many([("terrain", 0, "id")])
    path.write_text(path.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="read again"):
        load_file(path).locate_many(wanted)


def test_the_marks_of_a_file_leave_the_cache_with_its_entry(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 1)
    path = _large_map(tmp_path)
    load_file(path).locate_many([("terrain", 2, "id")])
    assert len(list(cache.glob("*.marks"))) == 1
    path.write_text(path.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    load_file(path)
    assert len(_entries(cache)) == 1
    assert list(cache.glob("*.marks")) == []


def _large_title(folder: Path) -> Path:
    """The Ardennes title with its map and scenario made large enough to be cached; returns
    the scenario."""
    padding = "# padding\n" * (parse_cache.MIN_BYTES // 10)
    source = SAMPLE_DATA / "ardennes44"
    for path in source.rglob("*.yaml"):
        target = folder / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = path.read_text(encoding="utf-8")
        large = path.name.endswith((".map.yaml", ".scenario.yaml"))
        target.write_text(padding + text if large else text, encoding="utf-8")
    return folder / "scenarios" / "road_to_bastogne.scenario.yaml"


def test_an_unchanged_title_skips_its_checks_with_the_same_problems(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenario = _large_title(tmp_path)
    # One dangling reference, so the cross-file check has a problem to keep.
    oob = tmp_path / "ardennes44.oob.yaml"
    oob.write_text(
        oob.read_text(encoding="utf-8").replace("id: us.28id.110ir.1bn\n", "id: us.28id.110ir.1\n"),
        encoding="utf-8",
    )
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", "off")
    fresh = load_scenario(scenario).problems
    assert any("us.28id.110ir.1bn" in p.message for p in fresh)
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(cache))
    assert load_scenario(scenario).problems == fresh  # read, checked, and kept

    def no_checking(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("checked again")

    for name in ("check_map", "check_oob", "check_scenario_header", "check_scenario_references"):
        monkeypatch.setattr(f"schemas.panzer_campaigns.checks.{name}", no_checking)
    assert load_scenario(scenario).problems == fresh
    # Another file changed (the OOB has the unit again): the scenario's references are checked.
    oob.write_text(
        oob.read_text(encoding="utf-8").replace("id: us.28id.110ir.1\n", "id: us.28id.110ir.1bn\n"),
        encoding="utf-8",
    )
    with pytest.raises(AssertionError, match="checked again"):
        load_scenario(scenario)


def test_the_checks_kept_for_a_file_leave_the_cache_with_its_entry(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 1)
    path = _large_map(tmp_path)
    FileStore().get(path)
    assert len(list(cache.glob("*.checks"))) == 1
    path.write_text(path.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    load_file(path)
    assert len(_entries(cache)) == 1
    assert list(cache.glob("*.checks")) == []


def test_a_file_keeps_the_checks_of_the_last_versions_of_the_files_it_references(
    cache: Path, tmp_path: Path
) -> None:
    path = _large_map(tmp_path)
    entry = load_file(path).cache_entry
    assert entry is not None
    kept = parse_cache.MAX_CHECKS_PER_ENTRY
    for version in range(kept + 4):
        parse_cache.store_checks(entry, f"references:{version}", [])
    assert parse_cache.lookup_checks(entry, "references:0") is None  # the oldest went
    assert parse_cache.lookup_checks(entry, "references:3") is None
    assert parse_cache.lookup_checks(entry, "references:4") == []
    assert parse_cache.lookup_checks(entry, f"references:{kept + 3}") == []
