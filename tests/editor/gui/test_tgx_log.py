"""The Tactical GameX Test-play log (issue 19): its lines filtered by side, by kind and by a
search, and exported as shown, as a text report by turn or as a spreadsheet."""

from __future__ import annotations

import csv
from pathlib import Path

from editor.tactical_gamex.testplay.log_export import CSV_COLUMNS
from schemas.vocabulary import Side
from tests.editor.gui.tgx_play_window import play_window


def _shown(dock) -> list[str]:
    return [line.description for line in dock.log_panel.shown()]


def test_the_log_is_filtered_searched_and_exported(qtbot, tmp_path: Path) -> None:
    dock = play_window(qtbot, tmp_path / "play", {})
    game = dock.session.game
    player = dock.player
    player.choose("ger.pi")
    spot = min(player.marks.reach)
    player.hex_pressed(spot)  # a German move
    assert game.unit("ger.pi").hex == spot
    dock.pass_button.click()
    assert game.acting is Side.ALLIED
    dock.pass_button.click()
    panel = dock.log_panel
    everything = _shown(dock)
    assert len(everything) == dock.log.count() >= 4
    kinds = [panel.kind.itemData(i) for i in range(panel.kind.count())]
    assert {"", "pool_rolled", "unit_moved", "passed"} <= set(kinds)

    panel.kind.setCurrentIndex(kinds.index("unit_moved"))
    assert _shown(dock) == [e.describe() for e in game.log if type(e).__name__ == "UnitMoved"]
    panel.kind.setCurrentIndex(0)
    panel.side.setCurrentIndex(panel.side.findData("axis"))
    axis = _shown(dock)
    assert axis
    assert all("allied" not in line for line in axis)  # the Soviet pool and pass are gone
    assert any("ger.pi" in line for line in axis)
    panel.side.setCurrentIndex(0)
    panel.search.setText("PASSES")  # the search ignores case
    assert _shown(dock)
    assert all("passes" in line for line in _shown(dock))

    # Exported as shown: the passes only, as CSV, then all as a text report by turn.
    sheet = tmp_path / "log.csv"
    assert panel.export_to(sheet)
    rows = list(csv.reader(sheet.read_text().splitlines()))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [r[3] for r in rows[1:]] == _shown(dock)
    assert {r[1] for r in rows[1:]} == {"allied"}  # the Germans spent a point: no pass
    panel.search.clear()
    report = tmp_path / "log.txt"
    assert panel.export_to(report)
    text = report.read_text()
    assert text.splitlines()[0].endswith(" — test-play log")
    assert "\nTurn 1\n" in text
    place = f"{spot[0]},{spot[1]}"
    assert any(line.strip().startswith(place) for line in text.splitlines())
    # A new game starts a new log: the kinds met before are forgotten.
    dock.stop()
    assert panel.kind.count() == 1
    assert dock.log.count() == 0
