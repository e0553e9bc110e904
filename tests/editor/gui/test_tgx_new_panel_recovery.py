"""A new panel never saved (Panel Layout > New Panel…) is in the recovery copy with the layout
that places it, and comes back after a crash: the panel, its painting and its place on the
board, one "Restore Unsaved Changes" step that Undo takes back whole."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from editor.app import start
from editor.recovery import Autosaver, find_copies
from editor.tactical_gamex.document import PanelPart, TgxDocument, open_situation
from editor.tactical_gamex.new_panel import add_new_panel
from editor.tactical_gamex.panel_commands import EditPanels
from tests.editor.gui.tgx_title import write_title


def _crashed_with_a_new_panel(tmp_path: Path) -> Path:
    """A session that made panel Z, painted a hex of it woods, and crashed after autosaving."""
    path = write_title(tmp_path / "tgx")
    document = open_situation(path)
    saver = Autosaver()
    saver.set_document(document)
    assert add_new_panel(document, "Z", "Panel Z", 7, 4) == ""
    file = next(p.file for p in document.panel_parts() if p.file.endswith("z.panel.yaml"))
    panel = document.panels[file]
    rows = list(panel.terrain_rows)
    rows[1] = "W" + rows[1][1:]
    painted = panel.model_copy(update={"terrain_rows": rows})
    document.push(EditPanels(document, {file: painted}, "Paint"))
    assert saver.write_now() is not None
    assert not (path.parent / file).exists()  # never saved
    return path


def test_the_new_panel_is_in_the_recovery_copy(tmp_path: Path) -> None:
    _crashed_with_a_new_panel(tmp_path)
    [copy] = find_copies()
    assert sorted(copy.changed_files) == ["test.situation.yaml", "z.panel.yaml"]
    restored = copy.restore()
    assert isinstance(restored, TgxDocument)
    [new] = [p for p in restored.panel_parts() if p.file.endswith("z.panel.yaml")]
    assert restored.panels[new.file].terrain_rows[1].startswith("W")
    assert [p.file for p in restored.situation.board.panels][-1] == new.file
    assert restored.board() is not None
    restored.undo_stack.undo()  # back to the files as saved: no panel Z
    assert PanelPart(new.file) not in restored.panel_parts()
    assert not restored.is_dirty
    copy.discard()


def test_the_window_offers_the_new_panel_back(qtbot, tmp_path: Path) -> None:
    _crashed_with_a_new_panel(tmp_path)
    window = start([], ask=lambda *_: QMessageBox.StandardButton.Yes)
    qtbot.addWidget(window)
    window.ask = lambda *_: QMessageBox.StandardButton.Discard
    restored = window.document
    assert isinstance(restored, TgxDocument)
    assert any(p.file.endswith("z.panel.yaml") for p in restored.panel_parts())
    saved = restored.save()
    assert any(p.name == "z.panel.yaml" for p in saved)
