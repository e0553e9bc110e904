"""`hexwright diff` compares two versions of a Tactical GameX title like any other."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from schemas.diffing.files import compare, read_path
from tests.conftest import TGX_SAMPLE_TITLES


@pytest.mark.parametrize("title", TGX_SAMPLE_TITLES, ids=lambda p: p.name)
def test_a_changed_situation_and_panel_are_reported_by_kind(title: Path, tmp_path: Path) -> None:
    copy = tmp_path / title.name
    shutil.copytree(title, copy)
    situation = next((copy / "scenarios").glob("*.situation.yaml"))
    text = situation.read_text()
    turns = int(text.split("\nturns: ")[1].split("\n")[0])
    situation.write_text(text.replace(f"\nturns: {turns}\n", f"\nturns: {turns + 2}\n"))
    report = compare(read_path(title), read_path(copy))
    assert report.problems == []
    changed = [(f.kind, f.status) for f in report.files if f.status != "equal"]
    assert changed == [("situation", "changed")]
    [diff] = [f for f in report.files if f.status == "changed"]
    assert [(c.field, c.old, c.new) for c in diff.changes] == [("turns", turns, turns + 2)]
