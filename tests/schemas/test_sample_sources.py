"""The sample titles are built by scripts from hand-written sources; a change to the models or
the builders must still rebuild every committed file byte for byte, or the samples and their
sources drift apart."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, SAMPLE_TITLES, TGX_SAMPLE_TITLES

# Runs a build script with save_file capturing the text instead of writing it.
_DRIVER = """
import json, os, runpy, sys
import schemas.io as io
written = {}
io.save_file = lambda model, path, *a, **k: written.__setitem__(str(path), io.dump_text(model))
sys.argv = [sys.argv[1]]
sys.path.insert(0, os.path.dirname(sys.argv[0]))  # as `python build.py` would
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit:
    pass
print(json.dumps(written))
"""


@pytest.mark.parametrize("title", SAMPLE_TITLES + TGX_SAMPLE_TITLES, ids=lambda p: p.name)
def test_the_sample_title_rebuilds_byte_for_byte(title: Path) -> None:
    script = REPO / "sample_data" / "sources" / title.name / "build.py"
    result = subprocess.run(
        [sys.executable, "-c", _DRIVER, str(script)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    written = json.loads(result.stdout.strip().splitlines()[-1])
    committed = sorted(title.rglob("*.yaml"))
    assert sorted(written) == [str(p) for p in committed]
    drifted = [p for p, text in written.items() if text != Path(p).read_text(encoding="utf-8")]
    assert drifted == [], "run the title's build.py and commit the result"


def test_the_broken_fixtures_rebuild_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sample_data/broken/` and its EXPECTED.yaml come from `sources/broken/build.py`: a case
    added by hand to the folder would be lost at the next rebuild."""
    script = REPO / "sample_data" / "sources" / "broken" / "build.py"
    spec = importlib.util.spec_from_file_location("broken_build", script)
    assert spec is not None
    assert spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, builder)  # its dataclasses look it up there
    spec.loader.exec_module(builder)
    builder.OUT = tmp_path
    builder.build()
    committed = REPO / "sample_data" / "broken"
    built = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    on_disk = {
        p.relative_to(committed): p.read_bytes()
        for p in committed.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert sorted(built) == sorted(on_disk)
    drifted = sorted(str(name) for name, data in built.items() if on_disk[name] != data)
    assert drifted == [], "run sample_data/sources/broken/build.py and commit the result"
