"""The Weather dock: programmed weather rows edited in place, rows added and deleted, the
Weather.dat import and export, the chart of each day's chances, and the no-weather state."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QPointF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QLineEdit, QMessageBox

from editor.docks.weather_dock import WeatherDock
from editor.docks.weather_models import CONDITION_COLORS, TOTAL_COLUMN
from editor.document import Document
from editor.selection import Focus, Selection
from schemas.io import FileKind
from schemas.panzer_campaigns.weather_dat import format_weather_dat, parse_weather_dat
from schemas.vocabulary import Condition
from tests.schemas.test_weather_dat import MANUAL_EXAMPLE


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection) -> WeatherDock:
    widget = WeatherDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(1300, 340)
    widget.show()
    return widget


def _index(dock: WeatherDock, row: int, field: str) -> QModelIndex:
    return dock.model.index(row, dock.model.column_of(field))


def _type_into(qtbot, dock: WeatherDock, index: QModelIndex, text: str) -> None:
    """Edit a cell as a designer does: open its editor, type, press Enter, wait for it to close."""
    dock.table.setCurrentIndex(index)
    dock.table.edit(index)
    editor = dock.table.viewport().findChild(QLineEdit)
    assert editor is not None
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dock.table.viewport().findChild(QLineEdit) is None)


def _chart_color(dock: WeatherDock, day: int, share: float) -> QColor:
    """The colour of a day's bar, `share` of the way up from its bottom."""
    image: QImage = dock.chart.grab().toImage()
    bar = dock.chart.bar_rect(day)
    point = QPointF(bar.left() + 4, bar.bottom() - bar.height() * share).toPoint()
    return image.pixelColor(point)


def test_the_rows_model_passes_the_model_tester(dock: WeatherDock, qtmodeltester) -> None:
    assert dock.model.rowCount() == 4
    qtmodeltester.check(dock.model)


def test_edit_a_chance_in_place_undo_redo_save_reopen(
    qtbot, dock: WeatherDock, document: Document, ardennes: Path
) -> None:
    _type_into(qtbot, dock, _index(dock, 1, "soft"), "70")
    assert document.weather.rows[1].soft == 70
    assert document.undo_stack.undoText() == "Set Weather Soft"
    total = dock.model.index(1, TOTAL_COLUMN)
    assert total.data() == "90"
    assert "add up to 90" in total.data(Qt.ItemDataRole.ToolTipRole)
    assert _index(dock, 1, "soft").data(Qt.ItemDataRole.BackgroundRole) is not None

    document.undo_stack.undo()
    assert _index(dock, 1, "soft").data() == "80"
    assert total.data() == "100"
    assert _index(dock, 1, "soft").data(Qt.ItemDataRole.BackgroundRole) is None
    document.undo_stack.redo()
    assert _index(dock, 1, "soft").data() == "70"

    document.save()
    assert Document.open(ardennes).weather.rows[1].soft == 70


def test_bad_values_are_refused(qtbot, dock: WeatherDock, document: Document) -> None:
    _type_into(qtbot, dock, _index(dock, 0, "mud"), "150")
    assert document.weather.rows[0].mud == 0
    assert document.undo_stack.count() == 0
    assert "mud" in dock.status.text()
    assert not dock.model.setData(_index(dock, 0, "date"), "1944-02-30")
    assert dock.model.setData(_index(dock, 0, "storm"), "")  # no storm chance given
    assert document.weather.rows[0].storm is None
    assert _index(dock, 0, "storm").data() == "–"


def test_add_and_delete_rows_one_undo_step_each(
    qtbot, dock: WeatherDock, document: Document
) -> None:
    dock.select_row(1)
    qtbot.mouseClick(dock.add_button, Qt.MouseButton.LeftButton)
    rows = document.weather.rows
    assert [r.date.day for r in rows] == [16, 18, 19, 25, 30]
    assert rows[2].model_copy(update={"date": rows[1].date}) == rows[1]
    assert document.undo_stack.undoText() == "Add Weather Row"
    assert dock.table.currentIndex().row() == 2

    dock.table.selectRow(0)
    dock.table.selectionModel().select(
        dock.model.index(3, 0), dock.table.selectionModel().SelectionFlag.Select
    )
    assert dock.selected_rows() == [0, 3]
    qtbot.mouseClick(dock.delete_button, Qt.MouseButton.LeftButton)
    assert [r.date.day for r in document.weather.rows] == [18, 19, 30]
    assert document.undo_stack.undoText() == "Delete Weather Rows"

    document.undo_stack.undo()
    assert [r.date.day for r in document.weather.rows] == [16, 18, 19, 25, 30]
    document.undo_stack.undo()
    assert len(document.weather.rows) == 4
    assert dock.model.rowCount() == 4

    dock.table.selectAll()
    assert not dock.delete_button.isEnabled()  # a weather file keeps one row
    dock.delete_rows()
    assert len(document.weather.rows) == 4


def test_import_the_manual_example_replaces_the_rows_in_one_step(
    qtbot, dock: WeatherDock, document: Document, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dock.model.setData(_index(dock, 0, "normal"), "50")
    dock.model.setData(_index(dock, 0, "soft"), "50")
    source = tmp_path / "Weather.dat"
    source.write_text(MANUAL_EXAMPLE)
    monkeypatch.setattr(dock, "choose_import_path", lambda: source)
    steps = document.undo_stack.count()

    qtbot.mouseClick(dock.import_button, Qt.MouseButton.LeftButton)

    expected, _ = parse_weather_dat(MANUAL_EXAMPLE)
    assert document.weather.rows == expected.rows
    assert document.weather.rows[2].date == date(1944, 12, 25)
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Import Weather.dat"
    assert _index(dock, 0, "normal").data() == "0"
    document.undo_stack.undo()
    assert document.weather.rows[0].normal == 50


def test_a_bad_weather_dat_is_reported_by_file_and_line(
    qtbot, dock: WeatherDock, document: Document, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "Broken.dat"
    source.write_text("16 12 1944 0 100 0 0 0 2 3 0\n31 11 1944 0 80 0 20 0 3 4 30\n")
    said: list[tuple[QMessageBox.Icon, str, str]] = []
    monkeypatch.setattr(dock, "choose_import_path", lambda: source)
    monkeypatch.setattr(
        dock, "message", lambda icon, text, details="": said.append((icon, text, details))
    )
    before = document.weather

    qtbot.mouseClick(dock.import_button, Qt.MouseButton.LeftButton)

    assert document.weather is before
    assert document.undo_stack.count() == 0
    [(icon, text, details)] = said
    assert icon == QMessageBox.Icon.Critical
    assert "Broken.dat" in text
    assert "Broken.dat, line 2: 31 11 1944 is not a date" in details


def test_export_writes_the_games_format(
    qtbot, dock: WeatherDock, document: Document, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dock.model.setData(_index(dock, 3, "storm"), "")
    target = tmp_path / "out" / "Weather.dat"
    target.parent.mkdir()
    monkeypatch.setattr(dock, "choose_export_path", lambda: target)
    qtbot.mouseClick(dock.export_button, Qt.MouseButton.LeftButton)
    text = target.read_text()
    assert text == format_weather_dat(document.weather)
    assert text.splitlines()[0] == "16 12 1944 0 100 0 0 0 2 3 0"
    assert text.splitlines()[3] == "30 12 1944 10 40 20 30 0 4 5"


def test_the_chart_draws_each_days_chances_and_follows_edits(dock: WeatherDock) -> None:
    outlook = dock.chart.outlook
    assert [d.day.day for d in outlook.days] == [18, 19, 20, 21, 22]
    assert outlook.days[1].row == 1
    assert outlook.days[1].visibility == (3, 4)
    # 19 Dec draws from the 18 Dec row: 80% Soft at the bottom, 20% Snow on top.
    assert _chart_color(dock, 1, 0.3) == CONDITION_COLORS[Condition.SOFT]
    assert _chart_color(dock, 1, 0.9) == CONDITION_COLORS[Condition.SNOW]
    # Day one is the scenario's start: the header's Soft.
    assert _chart_color(dock, 0, 0.9) == CONDITION_COLORS[Condition.SOFT]

    dock.model.setData(_index(dock, 1, "soft"), "0")
    dock.model.setData(_index(dock, 1, "normal"), "80")

    assert _chart_color(dock, 1, 0.3) == CONDITION_COLORS[Condition.NORMAL]
    image = dock.chart.grab().toImage()
    area = dock.chart.chance_area().toRect()
    colours = {
        image.pixelColor(x, y).name()
        for x in range(area.left(), area.right(), 4)
        for y in range(area.top(), area.bottom(), 4)
    }
    assert CONDITION_COLORS[Condition.NORMAL].name() in colours
    assert len(colours) > 5


def test_selecting_a_row_shades_its_days_and_clicking_a_day_selects_its_row(
    qtbot, dock: WeatherDock
) -> None:
    dock.select_row(1)
    assert dock.chart.highlight_row == 1
    dock.model.setData(_index(dock, 2, "date"), "1944-12-20")  # from the third day on
    assert [d.row for d in dock.chart.outlook.days] == [1, 1, 2, 2, 2]
    for day, row in ((3, 2), (1, 1)):
        bar = dock.chart.bar_rect(day)
        qtbot.mouseClick(dock.chart, Qt.MouseButton.LeftButton, pos=bar.center().toPoint())
        assert dock.table.currentIndex().row() == row
        assert dock.chart.highlight_row == row


def test_focus_selects_the_row_and_field(dock: WeatherDock, selection: Selection) -> None:
    selection.request_focus(Focus(kind=FileKind.WEATHER, path=("rows", 2, "storm")))
    current = dock.table.currentIndex()
    assert (current.row(), dock.model.field_of(current.column())) == (2, "storm")
    assert not dock.show_focus(Focus(kind=FileKind.PARAMETERS, path=("combat",)))


def test_without_a_weather_file_the_dock_explains(
    qtbot, document: Document, selection: Selection
) -> None:
    kinds = (FileKind.SCENARIO, FileKind.MAP, FileKind.OOB, FileKind.PARAMETERS)
    no_weather = Document({kind: document.slot(kind) for kind in kinds})
    dock = WeatherDock(selection)
    qtbot.addWidget(dock)
    dock.set_document(no_weather)
    dock.show()
    assert not dock.import_button.isVisible()
    assert dock.empty.isVisible()
    assert "no programmed weather" in dock.empty.text()
    assert "Soft, Mud, Snow" in dock.empty.text()
    assert dock.model.rowCount() == 0
    # The chart shows the unprogrammed draw: each allowed condition a third.
    day = dock.empty_chart.outlook.days[1]
    assert [round(c) for c in day.chances] == [0, 33, 33, 33, 0]
    assert not dock.show_focus(Focus(kind=FileKind.SCENARIO, path=("header",)))


def test_the_table_and_chart_share_the_dock_by_its_size(qtbot, dock: WeatherDock) -> None:
    assert dock.arrangement == "side"
    dock.resize(700, 300)
    qtbot.waitUntil(lambda: dock.arrangement == "tabs")
    assert dock.tabs.count() == 2
    dock.tabs.setCurrentIndex(1)
    qtbot.waitUntil(dock.chart.isVisible)
    dock.resize(800, 600)
    qtbot.waitUntil(lambda: dock.arrangement == "stacked")
    assert dock.split.count() == 2
    assert dock.table.isVisible()
    assert dock.chart.isVisible()
