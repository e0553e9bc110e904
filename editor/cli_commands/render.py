"""`hexwright render`: draw a map, or a scenario on its map, into a PNG as the editor draws it,
headless, for READMEs, briefings and CI previews.

Qt is imported only when the command runs, on the offscreen platform unless QT_QPA_PLATFORM
names another; the drawing is the editor's own (`editor.map.export`).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Any

from editor.cli import display_problem
from editor.cli_commands import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, print_problems
from schemas.io import FileKind, load_file
from schemas.problems import printable
from schemas.title import ScenarioBundle, load_scenario

MAX_SIDE = 16384
"""The largest picture drawn, either way, in pixels (about 1 GB of pixels at most)."""

PNG_QUALITY = 50
"""Qt's PNG quality: a lighter compression than its default, which takes over twice as long for
files about a tenth smaller."""

SCENARIO_LAYERS = frozenset({"overlays", "objectives", "supply", "reinforcements", "units"})
"""Layers drawn from a scenario, which a map alone does not have."""


def parse_region(text: str) -> tuple[int, int, int, int]:
    """`c0,r0,c1,r1` as a (c0, c1, r0, r1) hex range, corners in either order.

    >>> parse_region("10,20,4,30")
    (4, 10, 20, 30)
    """
    parts = text.replace(" ", "").split(",")
    if len(parts) != 4 or not all(p.lstrip("-").isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"'{text}' is not c0,r0,c1,r1 (four whole numbers)")
    c0, r0, c1, r1 = (int(p) for p in parts)
    return min(c0, c1), max(c0, c1), min(r0, r1), max(r0, r1)


def parse_layers(text: str) -> list[str]:
    """A comma-separated list of layer names (`hexwright render --help` lists them)."""
    from editor.map.layers import LAYER_NAMES  # noqa: PLC0415  # no Qt in this module

    names = [n for n in text.replace(" ", "").split(",") if n]
    unknown = [n for n in names if n not in LAYER_NAMES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"no layer named {', '.join(unknown) or 'nothing'}; the layers are "
            + ", ".join(sorted(LAYER_NAMES))
        )
    return names


def _error(message: str) -> None:
    print(printable(f"hexwright render: {message}"), file=sys.stderr)


def _load(path: Path) -> tuple[Any, int]:
    """The files to draw: a loaded map or a scenario bundle (None after printing why not),
    and the exit status when None. Read before Qt is imported: PySide6's import hook must not
    meet pydantic's lazily imported modules."""
    kind = FileKind.from_path(path)
    if kind not in (FileKind.MAP, FileKind.SCENARIO):
        _error(f"{path}: give a map (*.map.yaml) or a scenario (*.scenario.yaml)")
        return None, EXIT_ERRORS
    if kind is FileKind.SCENARIO:
        bundle = load_scenario(path)
        problems = [p for p in bundle.problems if p.is_error]
        if bundle.is_complete and not problems:
            return bundle, EXIT_OK
        print_problems(problems or bundle.problems, show_info=False)
        _error(f"{path}: the scenario cannot be drawn until these are fixed")
    else:
        loaded = load_file(path, FileKind.MAP)
        problems = [p for p in loaded.problems if p.is_error]
        if loaded.ok and not problems:
            return loaded, EXIT_OK
        print_problems(problems, show_info=False)
        _error(f"{path}: the map cannot be drawn until these are fixed")
    unreadable = any(p.code in ("LOAD001", "LOAD002") for p in problems)
    return None, EXIT_UNREADABLE if unreadable else EXIT_ERRORS


def _document(files: Any) -> Any:
    """The editor's document over the loaded files (Qt is imported by now)."""
    from editor.document import Document, FileSlot  # noqa: PLC0415

    if isinstance(files, ScenarioBundle):
        return Document.from_bundle(files)
    slot = FileSlot(FileKind.MAP, files.path, files.model, files.model, files)
    return Document({FileKind.MAP: slot})


def command_render(args: argparse.Namespace) -> int:
    """Draw the map (with the scenario) into a PNG of the requested size, region and layers."""
    target = Path(args.output)
    if target.suffix.lower() != ".png":
        _error(f"{target}: the picture is written as PNG; name it *.png")
        return EXIT_ERRORS
    if target.is_dir():
        _error(f"{target}: is a folder; give the name of the file to write")
        return EXIT_UNREADABLE
    files, status = _load(Path(args.source))
    if files is None:
        return status
    # Qt chooses its platform when the application starts: headless unless told otherwise.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    missing = display_problem()
    if missing:  # a platform asked for by name whose display is not there: Qt would abort
        _error(f"{missing}; unset QT_QPA_PLATFORM to draw without a display")
        return EXIT_UNREADABLE
    from PySide6.QtGui import QGuiApplication  # noqa: PLC0415

    application = QGuiApplication.instance() or QGuiApplication(["hexwright"])
    document = _document(files)
    from editor.map.export import render_area  # noqa: PLC0415
    from editor.map.layers import LAYERS, LayerVisibility  # noqa: PLC0415
    from editor.map.scene import MapScene  # noqa: PLC0415

    has_scenario = document.has(FileKind.SCENARIO)
    if args.layers is not None and not has_scenario:
        needs = sorted(SCENARIO_LAYERS.intersection(args.layers))
        if needs:
            _error(f"the layers {', '.join(needs)} are drawn from a scenario; give a scenario")
            return EXIT_ERRORS
    layers = LayerVisibility()
    for layer in LAYERS:
        shown = layer.visible if args.layers is None else layer.name in args.layers
        layers.set(layer.name, shown and (has_scenario or layer.name not in SCENARIO_LAYERS))
    scene = MapScene(document, layers)
    geometry = scene.geometry
    if args.region is None:
        area = geometry.bounds
    else:
        c0, c1, r0, r1 = args.region
        if c0 < 0 or r0 < 0 or c1 >= geometry.width or r1 >= geometry.height:
            _error(
                f"the region {c0},{r0},{c1},{r1} is not on the map "
                f"(columns 0-{geometry.width - 1}, rows 0-{geometry.height - 1})"
            )
            return EXIT_ERRORS
        area = geometry.rect_of((c0, c1, r0, r1))
    zoom = args.hex_size if args.hex_size is not None else args.width / area.width()
    width, height = math.ceil(area.width() * zoom), math.ceil(area.height() * zoom)
    if max(width, height) > MAX_SIDE:
        _error(
            f"a picture of {width}x{height} pixels is larger than {MAX_SIDE} either way; "
            "choose a smaller --width or --hex-size, or a --region"
        )
        return EXIT_ERRORS
    image = render_area(scene, area, zoom, MAX_SIDE)
    assert image is not None  # no progress callback: the drawing cannot be stopped
    if not image.save(str(target), "PNG", PNG_QUALITY):
        _error(f"{target}: cannot write the picture")
        return EXIT_UNREADABLE
    del application  # kept alive until the picture is written
    print(printable(f"wrote {image.width()}x{image.height()} px to {target}"), file=sys.stderr)
    return EXIT_OK
