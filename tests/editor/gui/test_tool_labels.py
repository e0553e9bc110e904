"""The Labels tool on the map: a click on a bare hex letters a new name there (in reading order
when the map keeps its names so), a click on a name selects it for renaming and resizing, a drag
moves it, Shift+click or Delete removes it. Each is one undo step that gives back the map byte
for byte, and Escape drops a drag."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.label_tool import LabelsTool
from editor.tools.overlay_commands import in_reading_order, place_row
from schemas.io import FileKind, dump_text
from schemas.panzer_campaigns.map import PlaceName, PlaceSize
from tests.editor.gui.feature_tool_input import drag, hex_point, press_and_move, tool_view

SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def tool(qtbot, selection: Selection, monkeypatch: pytest.MonkeyPatch) -> LabelsTool:
    made = LabelsTool(selection)
    qtbot.addWidget(made.settings)
    asked: list[tuple[int, int]] = []
    made.asked = asked  # type: ignore[attr-defined]

    def answer(hex_: tuple[int, int]) -> str | None:
        asked.append(hex_)
        return "Foy"

    monkeypatch.setattr(made, "ask_name", answer)
    return made


def _named(document: Document) -> PlaceName:
    """A name in the middle of the map with bare hexes to its right."""
    for place in document.map.places:
        column, row = place.hex
        right = [(column + step, row) for step in (1, 2, 3)]
        inside = 10 <= column <= 60 and 10 <= row <= 70
        if inside and all(place_row(document.map, h) is None for h in right):
            return place
    raise AssertionError("no name to work on")


def _hex(place: PlaceName, right: int = 0) -> tuple[int, int]:
    return place.hex[0] + right, place.hex[1]


@pytest.fixture
def place(document: Document) -> PlaceName:
    return _named(document)


@pytest.fixture
def view(
    qtbot, document: Document, selection: Selection, tool: LabelsTool, place: PlaceName
) -> MapView:
    return tool_view(qtbot, document, selection, tool, _hex(place))


def _click(qtbot, view: MapView, hex_: tuple[int, int], modifier=Qt.KeyboardModifier.NoModifier):
    drag(qtbot, view, [hex_point(view, hex_)], modifier)


def _one_step(document: Document, text: str) -> None:
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == text


def test_a_click_on_a_bare_hex_letters_a_new_name_in_reading_order(
    qtbot, view: MapView, tool: LabelsTool, document: Document, place: PlaceName
) -> None:
    before = dump_text(document.map)
    count = len(document.map.places)
    target = _hex(place, 2)
    tool.settings.new_size.setCurrentIndex(tool.settings.new_size.findData(PlaceSize.LARGE))
    _click(qtbot, view, target)
    assert tool.asked == [target]  # type: ignore[attr-defined]
    new = PlaceName(hex=target, name="Foy", size=PlaceSize.LARGE)
    places = document.map.places
    assert places[place_row(document.map, target)] == new  # type: ignore[index]
    assert len(places) == count + 1
    assert in_reading_order(places)
    assert tool.selected == target
    assert tool.settings.name_edit.text() == "Foy"
    _one_step(document, "Add Place Name")
    document.save()
    text = document.path(FileKind.MAP).read_text(encoding="utf-8")
    assert f"  - {{hex: [{target[0]}, {target[1]}], name: Foy, size: large}}\n" in text
    assert Document.open(document.scenario_path).map.places == places
    document.undo_stack.undo()
    assert dump_text(document.map) == before
    assert tool.settings.summary.text() == "Click a name on the map to edit it."


def test_a_cancelled_question_letters_nothing(
    qtbot, view: MapView, tool: LabelsTool, document: Document, place: PlaceName
) -> None:
    tool.ask_name = lambda hex_: None  # type: ignore[method-assign]
    _click(qtbot, view, _hex(place, 2))
    assert document.undo_stack.count() == 0


def test_a_click_on_a_name_selects_it_for_renaming_and_resizing(
    qtbot, view: MapView, tool: LabelsTool, document: Document, place: PlaceName
) -> None:
    before = dump_text(document.map)
    _click(qtbot, view, _hex(place))
    assert tool.asked == []  # type: ignore[attr-defined]
    assert tool.selected == _hex(place)
    options = tool.settings
    assert options.name_edit.text() == place.name
    assert options.size_box.currentData() == place.size
    options.name_edit.setText("Neufchâteau")
    options.name_edit.editingFinished.emit()
    row = place_row(document.map, _hex(place))
    assert document.map.places[row].name == "Neufchâteau"  # type: ignore[index]
    _one_step(document, "Rename Place")
    other = PlaceSize.SMALL if place.size is not PlaceSize.SMALL else PlaceSize.LARGE
    options.size_box.setCurrentIndex(options.size_box.findData(other))
    assert document.map.places[row].size is other  # type: ignore[index]
    assert document.undo_stack.count() == 2
    assert document.undo_stack.undoText() == "Set Place Size"
    document.undo_stack.undo()
    assert options.size_box.currentData() == place.size
    document.undo_stack.undo()
    assert options.name_edit.text() == place.name
    assert dump_text(document.map) == before


def test_an_empty_name_is_refused(
    qtbot, view: MapView, tool: LabelsTool, document: Document, place: PlaceName
) -> None:
    _click(qtbot, view, _hex(place))
    tool.settings.name_edit.setText("  ")
    tool.settings.name_edit.editingFinished.emit()
    assert document.undo_stack.count() == 0
    assert tool.settings.name_edit.text() == place.name


def test_a_drag_moves_a_name_keeping_reading_order(
    qtbot, view: MapView, tool: LabelsTool, document: Document, place: PlaceName
) -> None:
    before = dump_text(document.map)
    count = len(document.map.places)
    target = _hex(place, 3)
    drag(qtbot, view, [hex_point(view, h) for h in (_hex(place), _hex(place, 2), target)])
    places = document.map.places
    assert place_row(document.map, _hex(place)) is None
    assert places[place_row(document.map, target)] == place.model_copy(  # type: ignore[index]
        update={"hex": target}
    )
    assert len(places) == count
    assert in_reading_order(places)
    assert tool.selected == target
    _one_step(document, "Move Place Name")
    document.undo_stack.undo()
    assert dump_text(document.map) == before


def test_a_name_cannot_be_dropped_on_another(
    qtbot, view: MapView, tool: LabelsTool, document: Document, place: PlaceName
) -> None:
    other = _hex(place, 2)
    _click(qtbot, view, other)  # letters "Foy" there
    drag(qtbot, view, [hex_point(view, h) for h in (_hex(place), _hex(place, 1), other)])
    assert document.undo_stack.count() == 1
    assert place_row(document.map, _hex(place)) is not None


def test_escape_cancels_the_drag(
    qtbot, view: MapView, tool: LabelsTool, document: Document, place: PlaceName
) -> None:
    original = document.map
    points = [hex_point(view, h) for h in (_hex(place), _hex(place, 2), _hex(place, 3))]
    press_and_move(qtbot, view, points)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=points[-1])
    assert document.map is original
    assert document.undo_stack.count() == 0
    assert tool.asked == []  # type: ignore[attr-defined]


def test_shift_click_and_delete_remove_a_name(
    qtbot, view: MapView, tool: LabelsTool, document: Document, place: PlaceName
) -> None:
    before = dump_text(document.map)
    _click(qtbot, view, _hex(place), SHIFT)
    assert place_row(document.map, _hex(place)) is None
    _one_step(document, "Delete Place Name")
    document.save()
    text = document.path(FileKind.MAP).read_text(encoding="utf-8")
    assert f"name: {place.name}" not in text
    document.undo_stack.undo()
    assert dump_text(document.map) == before
    _click(qtbot, view, _hex(place))
    tool.settings.delete_button.click()
    assert place_row(document.map, _hex(place)) is None
    assert document.undo_stack.undoText() == "Delete Place Name"
    assert not tool.settings.delete_button.isEnabled()
    document.undo_stack.undo()
    assert dump_text(document.map) == before


def test_a_map_listing_names_its_own_way_gets_new_ones_at_the_end(
    qtbot, stoumont: Path, selection: Selection, tool: LabelsTool
) -> None:
    document = Document.open(stoumont)
    assert not in_reading_order(document.map.places)
    before = dump_text(document.map)
    first = document.map.places[0]
    target = (first.hex[0] + 2, first.hex[1] + 1)
    assert place_row(document.map, target) is None
    view = tool_view(qtbot, document, selection, tool, target)
    _click(qtbot, view, target)
    assert document.map.places[-1] == PlaceName(hex=target, name="Foy")
    drag(qtbot, view, [hex_point(view, h) for h in (target, (target[0], target[1] + 1))])
    assert document.map.places[-1] == PlaceName(hex=(target[0], target[1] + 1), name="Foy")
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert dump_text(document.map) == before
    document.undo_stack.clear()
