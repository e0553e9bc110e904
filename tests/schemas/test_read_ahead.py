"""Reading a title's files on two cores (`hexwright validate`): a forked copy of the process
reads the larger files into the parse cache while the process reads the others, and the report
is exactly the one reading them one after the other gives."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from schemas import parse_cache, read_ahead
from schemas.title import FileStore, discover
from tests.conftest import SAMPLE_DATA
from tests.fresh_interpreter import run_fresh


@pytest.fixture
def title(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of a sample title with a broken reference, read with an empty cache."""
    folder = tmp_path / "ardennes44"
    shutil.copytree(SAMPLE_DATA / "ardennes44", folder)
    scenario = next((folder / "scenarios").glob("*.scenario.yaml"))
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text(text.replace("map: ", "map: missing-", 1), encoding="utf-8")
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    return folder


_IN_A_FRESH_PROCESS = """
import os, sys
from pathlib import Path
from schemas import parse_cache, read_ahead
from schemas.io import FileKind, is_json
from schemas.title import FileStore, discover, resolved, validate_paths

title, cache = Path(sys.argv[1]), Path(sys.argv[2])
read_ahead.WORTH_FORKING = 0  # the sample is small: fork for any read
assert read_ahead.can_fork(), "a fresh interpreter runs no threads: it can fork"


def entry(path):
    kind = FileKind.from_path(path)
    name = parse_cache.entry_name(path.read_bytes(), kind, is_json(path))
    return cache / f"{name}.parsed"


# The copy reads the largest file into the cache; this process reads the rest meanwhile.
files = discover(title)
store = FileStore()
os.environ["HEXWRIGHT_CACHE_DIR"] = str(cache)
read_ahead.read_ahead(files, store)
largest = max(files, key=lambda p: p.stat().st_size)
assert entry(largest).is_file(), "the copy left the largest file in the cache"
assert resolved(largest) not in store.files, "read by the copy, not here"
assert store.files, "the rest read here meanwhile"
assert all(entry(p).is_file() for p in files)
written = entry(largest).stat().st_mtime_ns
read_ahead.read_ahead(files, FileStore())  # all cached: the copy neither reads nor writes
assert entry(largest).stat().st_mtime_ns == written

# The report on two cores, on a fresh cache, is the report of one core without a cache.
os.environ["HEXWRIGHT_CACHE_DIR"] = str(cache.with_name("fresh"))
both = validate_paths([title], two_cores=True)
os.environ["HEXWRIGHT_CACHE_DIR"] = parse_cache.OFF
one = validate_paths([title])
assert any(p.is_error for p in one.problems), "the broken reference"
assert both.problems == one.problems
assert both.files == one.files
print(len(one.problems))
"""


def test_the_copy_reads_the_largest_files_into_the_cache_and_the_report_is_unchanged(
    title: Path,
) -> None:
    problems = run_fresh(_IN_A_FRESH_PROCESS, str(title), os.environ["HEXWRIGHT_CACHE_DIR"])
    assert int(problems.strip()) > 0


def test_nothing_is_forked_beside_threads_or_without_a_cache(
    title: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(read_ahead, "WORTH_FORKING", 0)
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
