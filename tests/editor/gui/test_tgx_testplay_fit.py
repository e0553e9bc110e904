"""The Tactical GameX Test-play panel on a short screen (issue 19): 1920x1080 at 200 % leaves
960x540 points, where the panel's rows are taller than the room. A long preview scrolls in its
own area, and the panel itself scrolls, so the last buttons and the log are reached rather
than cut off."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QScrollArea

from tests.editor.gui.tgx_play_window import play_window


def test_at_200_percent_the_preview_and_the_panel_scroll(qtbot, tmp_path: Path) -> None:
    dock = play_window(qtbot, tmp_path, {"ger.1pz": (13, 2)})
    window = dock.window()
    window.show()
    window.resize(960, 540)
    qtbot.waitExposed(window)
    dock.raise_()
    dock.pass_button.click()  # the Soviets: the T-34 next to the Panzer IV
    dock.player.choose("sov.t34a")
    dock.player.hex_pressed((13, 2))
    QApplication.processEvents()
    preview = dock.preview_area
    assert isinstance(preview, QScrollArea)
    assert preview.widget() is dock.preview
    assert dock.preview.text().count("\n") >= 8  # fire, artillery, indirect fire, overrun…
    assert preview.verticalScrollBar().maximum() > 0  # the rest is a scroll away
    panel = dock.widget()
    assert isinstance(panel, QScrollArea)
    assert panel.verticalScrollBar().maximum() > 0
    panel.ensureWidgetVisible(dock.log_panel.export_button)
    QApplication.processEvents()
    corner = dock.log_panel.export_button.mapTo(panel.viewport(), dock.log_panel.rect().topLeft())
    assert panel.viewport().rect().contains(corner)
