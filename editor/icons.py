"""The application's own icons (SVG files in editor/images/icons), painted in the palette's text
colour so that they show on dark and light themes and whether or not the desktop has an icon
theme (offscreen and on Windows it has none)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

ICON_FOLDER = Path(__file__).resolve().parent / "images" / "icons"

_SIZES = (16, 20, 24, 32, 48, 64)
"""Pixel sizes rendered ahead: tool bars, menus and buttons at 1x and 2x pick the nearest."""


def icon_path(name: str) -> Path:
    """The SVG file of an icon (FileNotFoundError names a missing one: a typo is a bug)."""
    path = ICON_FOLDER / f"{name}.svg"
    if not path.is_file():
        raise FileNotFoundError(f"no icon {name!r} in {ICON_FOLDER}")
    return path


def icon(name: str) -> QIcon:
    """The icon of that name, in the colours of the application's palette."""
    palette = QGuiApplication.palette()
    normal = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText).name()
    disabled = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText).name()
    selected = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.HighlightedText).name()
    return _tinted(name, normal, disabled, selected)


@cache
def _tinted(name: str, normal: str, disabled: str, selected: str) -> QIcon:
    source = icon_path(name).read_text(encoding="utf-8")
    result = QIcon()
    for mode, colour in (
        (QIcon.Mode.Normal, normal),
        (QIcon.Mode.Disabled, disabled),
        (QIcon.Mode.Selected, selected),
    ):
        renderer = QSvgRenderer(QByteArray(source.replace("currentColor", colour).encode()))
        for size in _SIZES:
            result.addPixmap(_render(renderer, size), mode)
    _NAMES[result.cacheKey()] = name
    return result


def _render(renderer: QSvgRenderer, size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return pixmap


def name_of(candidate: QIcon) -> str | None:
    """The name of an icon made by `icon` (None: the desktop theme's, a style's, or none)."""
    return _NAMES.get(candidate.cacheKey())


_NAMES: dict[int, str] = {}
