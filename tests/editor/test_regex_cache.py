"""The patterns the editor's start compiles are kept for the next start: a second start imports
Qt without compiling its signature support's patterns again, and what it finds in the cache
matches as freshly compiled patterns do; a damaged file is compiled around."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from editor import regex_cache
from tests.fresh_interpreter import run_fresh

START = """
import re
import sys

from re import _compiler

from editor import regex_cache

compiled = []
original = _compiler.compile


def counting(pattern, flags=0):
    compiled.append(pattern)
    return original(pattern, flags)


_compiler.compile = counting
regex_cache.preload()
import PySide6.QtWidgets  # noqa: E402
from PySide6.QtCore import QSize  # noqa: E402

regex_cache.remember_start()
at_start = len(compiled)
# Qt's signature support parses a call it refuses with the patterns in question.
try:
    QSize("not", "numbers")
except TypeError as refusal:
    print("refused" if "QSize" in str(refusal) else f"odd refusal: {refusal}")
print(at_start)
"""


def _start(cache: Path) -> list[str]:
    environment = {"HEXWRIGHT_CACHE_DIR": str(cache), "QT_QPA_PLATFORM": "offscreen"}
    return run_fresh(START, environment=environment).split()


def test_a_second_start_imports_qt_without_compiling_its_patterns(tmp_path: Path) -> None:
    first = _start(tmp_path)
    assert first[0] == "refused"
    assert int(first[1]) >= 3  # Qt's stub generator and signature parser, argparse's gettext
    assert any((tmp_path / "regex").glob("*.marshal"))
    second = _start(tmp_path)
    assert second == ["refused", "0"]


VERBOSE = r"""
    (?P<word> [A-Za-z_]\w* )   # a name
    \s* (?P<call> \( [^()]* \) )?   # and its arguments
"""


def test_kept_patterns_match_as_freshly_compiled_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(tmp_path))
    fresh = re.compile(VERBOSE, re.VERBOSE)
    monkeypatch.setattr(regex_cache, "_started", {})
    monkeypatch.setattr(regex_cache, "_preloaded", set())
    regex_cache._started[(str, VERBOSE, int(re.VERBOSE))] = fresh
    regex_cache._write()
    key = (str, VERBOSE, int(re.VERBOSE))
    monkeypatch.delitem(re._cache, key)  # type: ignore[attr-defined]
    regex_cache.preload()
    kept = re.compile(VERBOSE, re.VERBOSE)
    assert kept is not fresh  # the one from the file, not the one compiled above
    assert kept == fresh
    assert kept.groupindex == fresh.groupindex
    for text in ("resize (10, 20)", "  x", "(", "name()"):
        found, expected = kept.match(text), fresh.match(text)
        assert (found and found.groupdict()) == (expected and expected.groupdict())


def test_a_damaged_file_is_compiled_around(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(tmp_path))
    path = regex_cache.cache_file()
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00not marshal")
    regex_cache.preload()
    assert re.compile(VERBOSE, re.VERBOSE).match("go(1)")


def test_a_file_others_could_write_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(regex_cache, "_started", {(str, VERBOSE, 0): re.compile(VERBOSE)})
    monkeypatch.setattr(regex_cache, "_preloaded", set())
    regex_cache._write()
    path = regex_cache.cache_file()
    assert path is not None
    path.chmod(0o666)
    monkeypatch.delitem(re._cache, (str, VERBOSE, 0))  # type: ignore[attr-defined]
    regex_cache.preload()
    assert not regex_cache._preloaded
    path.chmod(0o600)
    regex_cache.preload()
    assert regex_cache._preloaded == {(str, VERBOSE, 0)}
