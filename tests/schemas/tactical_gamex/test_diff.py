"""`hexwright diff` compares two versions of a Tactical GameX title like any other."""

from __future__ import annotations

import shutil
from pathlib import Path

from schemas.diffing.files import compare, read_path
from tests.conftest import TGX_SAMPLE_TITLES


def test_a_changed_situation_and_panel_are_reported_by_kind(tmp_path: Path) -> None:
    [title] = TGX_SAMPLE_TITLES
    copy = tmp_path / title.name
    shutil.copytree(title, copy)
    situation = next((copy / "scenarios").glob("*.situation.yaml"))
    situation.write_text(situation.read_text().replace("turns: 10", "turns: 12"))
    report = compare(read_path(title), read_path(copy))
    assert report.problems == []
    changed = [(f.kind, f.status) for f in report.files if f.status != "equal"]
    assert changed == [("situation", "changed")]
    [diff] = [f for f in report.files if f.status == "changed"]
    assert [(c.field, c.old, c.new) for c in diff.changes] == [("turns", 10, 12)]
