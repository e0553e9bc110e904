"""The benchmark's Tiled comparison draws the same terrain: the TMX it writes holds the map's
terrain hex for hex, with a tileset Tiled can read."""

from __future__ import annotations

import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bench import tiled
from schemas.io import FileKind, load_file
from tests.conftest import SAMPLE_DATA

MAP = SAMPLE_DATA / "stoumont44" / "stoumont44.map.yaml"


def test_the_tmx_holds_the_terrain_hex_for_hex(tmp_path: Path) -> None:
    map_file = load_file(MAP, FileKind.MAP).model
    root = ET.parse(tiled.write_tmx(map_file, tmp_path)).getroot()
    assert root.get("orientation") == "hexagonal"
    assert root.get("staggeraxis") == "x"  # flat-topped hexes in columns, as the editor's
    assert (root.get("width"), root.get("height")) == (str(map_file.width), str(map_file.height))
    data = root.find("layer/data")
    assert data is not None
    assert data.text is not None
    tiles = [int(t) for t in data.text.replace("\n", "").split(",")]
    codes = [t.code for t in map_file.terrain]
    assert tiles == [codes.index(c) + 1 for row in map_file.terrain_rows for c in row]
    png = (tmp_path / "terrain.png").read_bytes()
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (tiled.TILE_WIDTH * len(codes), tiled.TILE_HEIGHT)


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled is not installed")
def test_tiled_draws_it(tmp_path: Path) -> None:
    tmx = tiled.write_tmx(load_file(MAP, FileKind.MAP).model, tmp_path)
    command = tiled.rasterize_command(tmx, 320)
    subprocess.run(command, env=tiled.tiled_environment(), check=True, capture_output=True)
    png = tmx.with_suffix(".png").read_bytes()
    assert struct.unpack(">I", png[16:20])[0] == 320
