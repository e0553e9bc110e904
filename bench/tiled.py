"""Tiled's figures for the same work, beside ours: the benchmark map's terrain written as a Tiled
TMX hex map, timed through `tiled --export-map` (reading a map) and `tmxrasterizer` (drawing it).

Tiled and its `tmxrasterizer` are Debian packages (`apt-get install tiled`); without them the
benchmark prints no Tiled rows and uses the architecture document's fixed budgets instead.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import zlib
from collections.abc import Sequence
from pathlib import Path

from schemas.panzer_campaigns.map import MapFile

TILE_WIDTH, TILE_HEIGHT, HEX_SIDE = 32, 28, 16
"""A flat-topped hex tile: twice the side across, about 1.73 sides high, as the editor draws."""


def installed() -> bool:
    """Whether both Tiled commands are on the PATH."""
    return shutil.which("tiled") is not None and shutil.which("tmxrasterizer") is not None


def _png(width: int, height: int, rows: Sequence[bytes]) -> bytes:
    """An 8-bit RGBA PNG of `rows` (each `width` * 4 bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 6))
        + chunk(b"IEND", b"")
    )


def _rgb(color: str | None) -> tuple[int, int, int]:
    text = (color or "#c0c0c0").lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _tileset_png(colors: Sequence[tuple[int, int, int]]) -> bytes:
    """One hex-shaped tile per terrain, side by side, filled with the terrain's colour."""
    rows = []
    for y in range(TILE_HEIGHT):
        # A flat-topped hex is narrower towards its top and bottom edges.
        inset = round(abs(y + 0.5 - TILE_HEIGHT / 2) / (TILE_HEIGHT / 2) * (HEX_SIDE / 2))
        row = bytearray()
        for red, green, blue in colors:
            for x in range(TILE_WIDTH):
                alpha = 255 if inset <= x < TILE_WIDTH - inset else 0
                row += bytes((red, green, blue, alpha))
        rows.append(bytes(row))
    return _png(TILE_WIDTH * len(colors), TILE_HEIGHT, rows)


def write_tmx(map_file: MapFile, folder: Path) -> Path:
    """Write the terrain of `map_file` as `folder/terrain.tmx` with its tileset; return it."""
    folder.mkdir(parents=True, exist_ok=True)
    terrain = map_file.terrain
    (folder / "terrain.png").write_bytes(_tileset_png([_rgb(t.color) for t in terrain]))
    tile_of = {t.code: str(number + 1) for number, t in enumerate(terrain)}
    data = ",\n".join(
        ",".join(tile_of.get(code, "0") for code in row) for row in map_file.terrain_rows
    )
    stagger = "odd" if map_file.shifted_columns == "odd" else "even"
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="hexagonal" renderorder="right-down" '
        f'width="{map_file.width}" height="{map_file.height}" tilewidth="{TILE_WIDTH}" '
        f'tileheight="{TILE_HEIGHT}" hexsidelength="{HEX_SIDE}" staggeraxis="x" '
        f'staggerindex="{stagger}" infinite="0">\n'
        f' <tileset firstgid="1" name="terrain" tilewidth="{TILE_WIDTH}" '
        f'tileheight="{TILE_HEIGHT}" tilecount="{len(terrain)}" columns="{len(terrain)}">\n'
        f'  <image source="terrain.png" width="{TILE_WIDTH * len(terrain)}" '
        f'height="{TILE_HEIGHT}"/>\n'
        " </tileset>\n"
        f' <layer id="1" name="terrain" width="{map_file.width}" height="{map_file.height}">\n'
        f'  <data encoding="csv">\n{data}\n</data>\n'
        " </layer>\n"
        "</map>\n"
    )
    tmx = folder / "terrain.tmx"
    tmx.write_text(text, encoding="utf-8")
    return tmx


def export_map_command(tmx: Path) -> list[str]:
    """Tiled reading the map and writing it again (as JSON): its `--export-map`."""
    return ["tiled", "--export-map", "json", str(tmx), str(tmx.with_suffix(".json"))]


def rasterize_command(tmx: Path, width: int = 1920) -> list[str]:
    """Tiled's `tmxrasterizer` drawing the whole map `width` pixels wide."""
    return ["tmxrasterizer", "--size", str(width), str(tmx), str(tmx.with_suffix(".png"))]


def tiled_environment() -> dict[str, str]:
    """The environment Tiled's commands run in: headless Qt, whatever display there is."""
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def check_runs(command: list[str]) -> None:
    """Run a Tiled command once, raising with its output if it fails (so no failure is timed)."""
    done = subprocess.run(
        command, env=tiled_environment(), capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
