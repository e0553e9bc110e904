"""The application's own icons (SVG files in editor/images/icons), painted in the palette's text
colour so that they show on dark and light themes and whether or not the desktop has an icon
theme (offscreen and on Windows it has none)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QIconEngine, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer

ICON_FOLDER = Path(__file__).resolve().parent / "images" / "icons"


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
    colours = {QIcon.Mode.Disabled: disabled, QIcon.Mode.Selected: selected}
    result = QIcon(_TintedEngine(source, normal, colours))
    _NAMES[result.cacheKey()] = name
    return result


class _TintedEngine(QIconEngine):
    """Renders the SVG in a mode's colour at each size first asked for, and keeps it: the
    window's 57 icons are used at two or three sizes each, and rendering every size ahead cost
    a twentieth of a second at start."""

    def __init__(self, source: str, normal: str, colours: dict[QIcon.Mode, str]) -> None:
        super().__init__()
        self._source, self._normal, self._colours = source, normal, colours
        self._renderers: dict[str, QSvgRenderer] = {}
        self._pixmaps: dict[tuple[int, QIcon.Mode], QPixmap] = {}

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        # Square icons: a request of another shape gets the largest square that fits.
        side = max(1, min(size.width(), size.height()))
        key = (side, mode)
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            colour = self._colours.get(mode, self._normal)
            renderer = self._renderers.get(colour)
            if renderer is None:
                tinted = self._source.replace("currentColor", colour)
                renderer = self._renderers[colour] = QSvgRenderer(QByteArray(tinted.encode()))
            pixmap = self._pixmaps[key] = _render(renderer, side)
        return QPixmap(pixmap)

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        side = round(min(rect.width(), rect.height()) * ratio)
        pixmap = self.pixmap(QSize(side, side), mode, state)
        pixmap.setDevicePixelRatio(ratio)
        painter.drawPixmap(rect, pixmap)

    def actualSize(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QSize:
        side = min(size.width(), size.height())
        return QSize(side, side)

    def clone(self) -> QIconEngine:
        return _TintedEngine(self._source, self._normal, self._colours)


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
