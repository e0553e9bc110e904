"""Reading a title's files on two cores (`hexwright validate`): a forked copy of the process
reads the larger files into the parse cache while the process reads the others, and the report
is exactly the one reading them one after the other gives."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from schemas import parse_cache, read_ahead
from schemas.io import FileKind, is_json
from schemas.title import FileStore, discover, resolved, validate_paths
from tests.conftest import SAMPLE_DATA


@pytest.fixture
def title(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of a sample title with a broken reference, read with an empty cache, and every
    size of read worth forking."""
    folder = tmp_path / "ardennes44"
    shutil.copytree(SAMPLE_DATA / "ardennes44", folder)
    scenario = next((folder / "scenarios").glob("*.scenario.yaml"))
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("map: ", "map: missing-", 1), encoding="utf-8")
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(read_ahead, "WORTH_FORKING", 0)
    return folder


def _cached(path: Path) -> bool:
    kind = FileKind.from_path(path)
    assert kind is not None
    return parse_cache.has_entry(path.read_bytes(), kind, is_json(path))


def test_a_title_read_on_two_cores_reports_what_one_core_reports(
    title: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert read_ahead.can_fork()
    both = validate_paths([title], two_cores=True)
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", parse_cache.OFF)
    one = validate_paths([title])
    assert any(p.is_error for p in one.problems)  # the broken reference, with its line
    assert both.problems == one.problems
    assert both.files == one.files


def test_the_copy_leaves_the_largest_files_in_the_cache_and_this_process_reads_the_rest(
    title: Path,
) -> None:
    files = discover(title)
    store = FileStore()
    read_ahead.read_ahead(files, store)
    largest = max(files, key=lambda p: p.stat().st_size)
    assert _cached(largest)
    assert resolved(largest) not in store.files  # read by the copy, not here
    assert store.files  # the rest read here meanwhile
    assert all(_cached(p) for p in files)
    kind = FileKind.from_path(largest)
    assert kind is not None
    name = parse_cache.entry_name(largest.read_bytes(), kind, is_json(largest))
    entry = title.parent / "cache" / f"{name}.parsed"
    written = entry.stat().st_mtime_ns
    read_ahead.read_ahead(files, FileStore())  # all cached: the copy neither reads nor writes
    assert entry.stat().st_mtime_ns == written


def test_nothing_is_forked_beside_threads_or_without_a_cache(
    title: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = discover(title)
    release = threading.Event()
    worker = threading.Thread(target=release.wait)
    worker.start()
    store = FileStore()
    try:
        assert not read_ahead.can_fork()
        read_ahead.read_ahead(files, store)
    finally:
        release.set()
        worker.join()
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", parse_cache.OFF)
    read_ahead.read_ahead(files, store)
    assert store.files == {}  # left to be read when asked for
    assert not (title.parent / "cache").exists()
