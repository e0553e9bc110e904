"""Fixtures for the editor's GUI tests: offscreen Qt, private settings, and a copy of a sample
title the test may edit and save."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


from editor.document import Document
from editor.main_window import MainWindow
from editor.selection import Selection
from tests.conftest import REPO, SAMPLE_DATA
from tests.editor.gui.windows import opened_window


@pytest.fixture(autouse=True)
def private_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep QSettings and recovery copies of each test in its own folder."""
    folder = tmp_path / "app-data"
    monkeypatch.setenv("HEXWRIGHT_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def ardennes(tmp_path: Path) -> Path:
    """A copy of the Ardennes title; returns the path of "The Road to Bastogne"."""
    title = tmp_path / "ardennes44"
    shutil.copytree(SAMPLE_DATA / "ardennes44", title)
    return title / "scenarios" / "road_to_bastogne.scenario.yaml"


@pytest.fixture
def stoumont(tmp_path: Path) -> Path:
    """A copy of the Stoumont title; returns the path of "Stoumont Station"."""
    title = tmp_path / "stoumont44"
    shutil.copytree(SAMPLE_DATA / "stoumont44", title)
    return title / "scenarios" / "stoumont-station.scenario.yaml"


@pytest.fixture
def document(qapp, ardennes: Path) -> Iterator[Document]:
    """The Road to Bastogne, open for editing."""
    doc = Document.open(ardennes)
    yield doc
    doc.undo_stack.clear()


@pytest.fixture
def selection(qapp) -> Selection:
    """A fresh selection shared by the widgets under test."""
    return Selection()


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    """The main window on the Ardennes sample, shown; closing it discards edits without asking.
    Test modules that need another window (a laptop's layout, say) define their own."""
    win = opened_window(qtbot, ardennes)
    return win


def run_editor_script(script: str, title: Path, data_dir: Path) -> subprocess.CompletedProcess[str]:
    """Run `script` in a fresh offscreen interpreter with the title as its argument and its
    own settings folder, as a crashed or killed editor session is run in the tests."""
    environment = {
        **os.environ,
        "HEXWRIGHT_DATA_DIR": str(data_dir),
        "QT_QPA_PLATFORM": "offscreen",
    }
    return subprocess.run(
        [sys.executable, "-c", script, str(title)],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
