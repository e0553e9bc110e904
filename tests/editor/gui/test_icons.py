"""The application's own icons: on every tool bar action and the menus' common actions, from
the package's SVG files (not the desktop's theme, which offscreen and on Windows is empty),
painted in the palette's colours, and shipped with the package."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QToolBar

from editor import icons
from editor.app import start
from editor.main_window import MainWindow
from tests.conftest import REPO


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = start([str(ardennes)], ask=lambda *_: None)
    qtbot.addWidget(win)
    return win


def test_the_desktop_offers_no_theme_here(qapp) -> None:
    # What the tests below prove holds where the desktop has no icon theme.
    assert QIcon.fromTheme("document-save").isNull()


def test_every_tool_bar_action_has_one_of_our_icons(window: MainWindow) -> None:
    bars = window.findChildren(QToolBar)
    assert len(bars) >= 4
    missing = [
        f"{bar.objectName() or bar.parentWidget().objectName()}: {action.text()}"
        for bar in bars
        for action in bar.actions()
        if not action.isSeparator() and icons.name_of(action.icon()) is None
    ]
    assert missing == []


def test_the_menus_common_actions_have_our_icons(window: MainWindow) -> None:
    missing = []
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        for action in menu.actions():
            if action.isSeparator() or action.menu() is not None:
                continue
            if menu_action.text() == "&View" and action.isCheckable():
                continue  # the layers and panels shown are check marks, not icons
            if icons.name_of(action.icon()) is None:
                missing.append(f"{menu_action.text()} > {action.text()}")
    assert missing == []


def _ink(name: str) -> set[str]:
    """The colours an icon is painted in (its fully opaque pixels)."""
    image = icons.icon(name).pixmap(48).toImage()
    return {
        image.pixelColor(x, y).name()
        for x in range(image.width())
        for y in range(image.height())
        if image.pixelColor(x, y).alpha() == 255
    }


def test_icons_take_the_palettes_text_colour(qapp) -> None:
    original = qapp.palette()
    try:
        for text in ("#101010", "#f0f0f0"):  # a light theme, then a dark one
            palette = QPalette(original)
            palette.setColor(QPalette.ColorRole.ButtonText, QColor(text))
            qapp.setPalette(palette)
            assert _ink("save") == {text}
    finally:
        qapp.setPalette(original)


def test_an_unknown_icon_is_a_bug_not_a_blank() -> None:
    with pytest.raises(FileNotFoundError, match="no-such-icon"):
        icons.icon("no-such-icon")


def test_the_icon_files_are_shipped_with_the_package_and_their_licence() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["editor"]
    shipped = [p for p in icons.ICON_FOLDER.iterdir() if p.is_file()]
    assert any(p.name == "LICENSE-lucide.txt" for p in shipped)
    for path in shipped:
        relative = path.relative_to(REPO / "editor").as_posix()
        assert any(fnmatch(relative, pattern) for pattern in patterns), relative
    for path in shipped:
        if path.suffix == ".svg":
            text = path.read_text(encoding="utf-8")
            assert 'viewBox="0 0 24 24"' in text
            assert "currentColor" in text, path.name


def test_the_window_has_the_applications_own_icon(window: MainWindow, qapp) -> None:
    assert icons.name_of(qapp.windowIcon()) == "hexwright"


def test_test_play_shows_stop_while_it_runs(window: MainWindow) -> None:
    window.testplay_action.trigger()
    assert icons.name_of(window.testplay_action.icon()) == "circle-stop"
    window.testplay_action.trigger()
    assert icons.name_of(window.testplay_action.icon()) == "play"
