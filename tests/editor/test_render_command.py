"""`hexwright render`: a map or scenario drawn into a PNG headless, at the size, over the region
and with the layers asked for, as the editor draws it."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from editor.cli import main
from tests.conftest import REPO, SAMPLE_DATA

TITLE = SAMPLE_DATA / "stoumont44"
MAP = TITLE / "stoumont44.map.yaml"
SCENARIO = TITLE / "scenarios" / "stoumont-station.scenario.yaml"


@pytest.fixture(autouse=True)
def _one_application_for_the_session(qapp: object) -> None:
    """Render in-process with the test session's QApplication: a QGuiApplication made by the
    command would outlive these tests and refuse the widgets of the GUI tests run after them."""


def _size(png: Path) -> tuple[int, int]:
    """Width and height from the PNG's header."""
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _pixels(png: Path) -> bytes:
    image = QImage(str(png))
    assert not image.isNull()
    return bytes(image.convertToFormat(QImage.Format.Format_ARGB32).constBits())


def _render(tmp_path: Path, name: str, *options: str, source: Path = MAP) -> Path:
    out = tmp_path / f"{name}.png"
    assert main(["render", str(source), "-o", str(out), *options]) == 0
    return out


def test_a_map_is_drawn_at_the_width_asked_for_without_a_display(tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    }
    done = subprocess.run(
        [sys.executable, "-m", "editor.cli", "render", str(MAP), "-o", str(out), "--width", "640"],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    width, height = _size(out)
    assert width == 640
    assert 400 < height < 800  # 40x32 flat-topped hexes: a little taller than 3:4
    assert f"wrote 640x{height} px to {out}" in done.stderr


def test_hex_size_sets_the_scale(tmp_path: Path) -> None:
    small = _size(_render(tmp_path, "small", "--hex-size", "10"))
    large = _size(_render(tmp_path, "large", "--hex-size", "20"))
    assert abs(large[0] - 2 * small[0]) <= 2
    assert abs(large[1] - 2 * small[1]) <= 2


def test_a_region_draws_only_those_hexes(tmp_path: Path) -> None:
    whole = _render(tmp_path, "whole", "--hex-size", "12")
    corner = _render(tmp_path, "corner", "--hex-size", "12", "--region", "0,0,9,7")
    other = _render(tmp_path, "other", "--hex-size", "12", "--region", "20,10,29,17")
    whole_width, _ = _size(whole)
    corner_width, corner_height = _size(corner)
    assert corner_width < whole_width / 3
    assert _size(other) == (corner_width, corner_height)  # the same number of hexes
    assert _pixels(corner) != _pixels(other)


def test_layers_pick_what_is_drawn(tmp_path: Path) -> None:
    everything = _render(tmp_path, "all", "--width", "400", source=SCENARIO)
    no_units = _render(
        tmp_path,
        "no-units",
        "--width",
        "400",
        "--layers",
        "terrain,elevation,grid,hexsides,roads,railroads,crossings,places,objectives,supply",
        source=SCENARIO,
    )
    terrain = _render(tmp_path, "terrain", "--width", "400", "--layers", "terrain")
    assert _size(everything) == _size(no_units) == _size(terrain)
    assert len({_pixels(everything), _pixels(no_units), _pixels(terrain)}) == 3


def test_a_map_has_no_units_to_draw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.png"
    assert main(["render", str(MAP), "-o", str(out), "--layers", "terrain,units"]) == 1
    assert "units are drawn from a scenario" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--region", "0,0,40,5"], "is not on the map (columns 0-39, rows 0-31)"),
        (["--hex-size", "900"], "larger than 16384 either way"),
    ],
)
def test_a_picture_that_cannot_be_drawn_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    out = tmp_path / "x.png"
    assert main(["render", str(MAP), "-o", str(out), *options]) == 1
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_unknown_layers_and_bad_regions_are_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["render", str(MAP), "-o", str(tmp_path / "x.png"), "--layers", "rivers"])
    assert "no layer named rivers; the layers are" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["render", str(MAP), "-o", str(tmp_path / "x.png"), "--region", "1,2,3"])
    assert "is not c0,r0,c1,r1" in capsys.readouterr().err


def test_only_png_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(MAP), "-o", str(tmp_path / "x.jpg")]) == 1
    assert "name it *.png" in capsys.readouterr().err


def test_a_broken_scenario_is_not_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = SAMPLE_DATA / "broken" / "scenarios" / "unknown-unit.scenario.yaml"
    out = tmp_path / "x.png"
    assert main(["render", str(broken), "-o", str(out)]) == 1
    captured = capsys.readouterr()
    assert "REF001" in captured.out
    assert "cannot be drawn until these are fixed" in captured.err
    assert not out.exists()


def test_a_platform_asked_for_without_its_display_is_named_not_aborted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.delenv("DISPLAY", raising=False)
    out = tmp_path / "x.png"
    assert main(["render", str(MAP), "-o", str(out)]) == 2
    assert "QT_QPA_PLATFORM asks for X11 but DISPLAY is not set" in capsys.readouterr().err
    assert not out.exists()
