"""A large map's elevations and hillshade are read back at its next opening as they were worked
out, and worked out afresh when the relief, the hexes' size or the file kept changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.map import relief_cache
from editor.map.content import MapContent
from schemas.io import load_file
from schemas.panzer_campaigns.map import MapFile
from tests.conftest import SAMPLE_DATA


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own, and the sample map counting as large."""
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(relief_cache, "SMALLEST", 1)
    return tmp_path / "relief"


def _sample() -> MapFile:
    model = load_file(SAMPLE_DATA / "ardennes44" / "ardennes44.map.yaml").model
    assert isinstance(model, MapFile)
    return model


def _not_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("worked out again")

    monkeypatch.setattr(MapContent, "_elevation_row", refuse)
    monkeypatch.setattr(MapContent, "_shade_all", refuse)


def test_the_next_opening_reads_the_relief_back(
    kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = MapContent(_sample())
    assert len(list(kept.glob("*.marshal"))) == 1
    with monkeypatch.context() as patch:
        _not_worked_out(patch)
        again = MapContent(_sample())
    assert again.elevation_rows == first.elevation_rows
    assert again.shade_rows == first.shade_rows
    # An edit of an elevation after that shades its neighbours as before.
    map_file = _sample()
    rows = list(map_file.elevation_rows)
    words = rows[5].split()
    words[5] = str(int(words[5]) + 300)
    rows[5] = " ".join(words)
    edited = map_file.model_copy(update={"elevation_rows": rows})
    again.update(edited)
    first.update(edited)
    assert again.shade_rows == first.shade_rows != MapContent(_sample()).shade_rows


def test_other_relief_or_hexes_are_worked_out_afresh(
    kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    MapContent(_sample())
    map_file = _sample()
    rows = list(map_file.elevation_rows)
    rows[0] = " ".join(str(int(word) + 50) for word in rows[0].split())
    higher = map_file.model_copy(update={"elevation_rows": rows})
    wider = map_file.model_copy(update={"hex_size_m": map_file.hex_size_m * 2})
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", "off")
    expected = [(c.elevation_rows, c.shade_rows) for c in map(MapContent, (higher, wider))]
    monkeypatch.setenv("HEXWRIGHT_CACHE_DIR", str(kept.parent))
    found = [(c.elevation_rows, c.shade_rows) for c in map(MapContent, (higher, wider))]
    assert found == expected
    assert found[0][0][0] != MapContent(_sample()).elevation_rows[0]
    assert len(list(kept.glob("*.marshal"))) == 3


def test_a_damaged_entry_is_worked_out_again(kept: Path) -> None:
    first = MapContent(_sample())
    (entry,) = kept.glob("*.marshal")
    entry.write_bytes(entry.read_bytes()[: len(entry.read_bytes()) // 2])
    again = MapContent(_sample())
    assert again.shade_rows == first.shade_rows


def test_the_folder_keeps_the_latest_entries(kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(relief_cache, "KEPT", 2)
    map_file = _sample()
    for size in (100, 200, 300):
        MapContent(map_file.model_copy(update={"hex_size_m": size}))
    assert len(list(kept.glob("*.marshal"))) == 2
