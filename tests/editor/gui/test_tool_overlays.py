"""The Overlays tool on the map: a click lays the chosen overlay with the options' values (replacing
one of its kind on the hex), a drag lays it on every hex it passes, Shift+click removes it,
Ctrl+click takes its values. Each stroke is one undo step that gives back the scenario byte for
byte, and Escape drops a drag."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.tools.overlay_tool import OverlaysTool
from schemas.io import FileKind, dump_text
from schemas.panzer_campaigns.scenario import (
    FortificationKind,
    FortificationOverlay,
    Minefield,
    Wrecks,
)
from schemas.vocabulary import Side
from tests.editor.gui.feature_tool_input import drag, hex_point, hover, press_and_move, tool_view

FREE = (30, 40)
"""A hex of The Road to Bastogne with no overlay."""
FORTIFIED = (28, 55)
"""An improved position, the first fortification of the scenario."""
CONGESTED = (43, 52)
RUN = [(30, 40), (31, 40), (32, 40), (33, 40)]
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def tool(qtbot, selection: Selection) -> OverlaysTool:
    made = OverlaysTool(selection)
    qtbot.addWidget(made.settings)
    return made


@pytest.fixture
def view(qtbot, document: Document, selection: Selection, tool: OverlaysTool) -> MapView:
    return tool_view(qtbot, document, selection, tool, FREE)


def _click(qtbot, view: MapView, hex_: tuple[int, int], modifier=Qt.KeyboardModifier.NoModifier):
    view.center_on(hex_)
    drag(qtbot, view, [hex_point(view, hex_)], modifier)


def _choose(tool: OverlaysTool, overlay: str, **values: object) -> None:
    tool.settings.set_kind(overlay)
    widgets = tool.settings.values().widgets
    for name, value in values.items():
        widget = widgets[name]
        if isinstance(widget, QSpinBox):
            widget.setValue(int(value))  # type: ignore[call-overload]
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        else:
            assert isinstance(widget, QComboBox)
            widget.setCurrentIndex(widget.findData(value))


def _one_step(document: Document, text: str) -> None:
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == text


def test_a_click_lays_a_minefield_with_the_options_values(
    qtbot, view: MapView, tool: OverlaysTool, document: Document
) -> None:
    before = dump_text(document.scenario)
    _choose(tool, "minefields", strength=3, side=Side.AXIS, penetrated=False)
    _click(qtbot, view, FREE)
    assert document.scenario.overlays.minefields == [
        Minefield(hex=FREE, strength=3, side=Side.AXIS)
    ]
    _one_step(document, "Place Minefield")
    document.save()
    text = document.path(FileKind.SCENARIO).read_text(encoding="utf-8")
    assert "  minefields:\n    - {hex: [30, 40], strength: 3, side: axis}\n" in text
    reopened = Document.open(document.scenario_path)
    assert reopened.scenario.overlays == document.scenario.overlays
    document.undo_stack.undo()
    assert dump_text(document.scenario) == before


def test_a_click_replaces_the_overlay_of_its_kind_where_it_stands(
    qtbot, view: MapView, tool: OverlaysTool, document: Document
) -> None:
    before = dump_text(document.scenario)
    others = document.scenario.overlays.fortifications[1:]
    _choose(tool, "fortifications", kind=FortificationKind.BUNKER, side=Side.ALLIED, vacated=True)
    _click(qtbot, view, FORTIFIED)
    new = FortificationOverlay(
        hex=FORTIFIED, kind=FortificationKind.BUNKER, side=Side.ALLIED, vacated=True
    )
    assert document.scenario.overlays.fortifications == [new, *others]
    _one_step(document, "Place Fortification")
    # The same click again changes nothing and adds no undo step: never two of a kind.
    _click(qtbot, view, FORTIFIED)
    assert document.scenario.overlays.fortifications == [new, *others]
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert dump_text(document.scenario) == before


def test_a_drag_lays_the_overlay_on_every_hex_passed_in_one_step(
    qtbot, view: MapView, tool: OverlaysTool, document: Document
) -> None:
    before = dump_text(document.scenario)
    _choose(tool, "wrecks", count=8)
    view.center_on(RUN[1])
    drag(qtbot, view, [hex_point(view, h) for h in RUN])
    assert document.scenario.overlays.wrecks == [Wrecks(hex=h, count=8) for h in RUN]
    _one_step(document, "Place Wrecks")
    document.save()
    reopened = Document.open(document.scenario_path)
    assert reopened.scenario.overlays.wrecks == [Wrecks(hex=h, count=8) for h in RUN]
    document.undo_stack.undo()
    assert dump_text(document.scenario) == before


def test_shift_click_removes_the_overlay_of_the_chosen_kind_only(
    qtbot, view: MapView, tool: OverlaysTool, document: Document
) -> None:
    before = dump_text(document.scenario)
    tool.settings.set_kind("obstacles")
    _click(qtbot, view, CONGESTED, SHIFT)
    assert document.undo_stack.count() == 0  # no obstacle there: congestion stays
    tool.settings.set_kind("congestion")
    _click(qtbot, view, CONGESTED, SHIFT)
    assert [tuple(c.hex) for c in document.scenario.overlays.congestion] == [(44, 56)]
    _one_step(document, "Remove Congestion")
    document.save()
    assert "[43, 52]" not in document.path(FileKind.SCENARIO).read_text(encoding="utf-8")
    document.undo_stack.undo()
    assert dump_text(document.scenario) == before


def test_erase_removes_along_a_drag(
    qtbot, view: MapView, tool: OverlaysTool, document: Document
) -> None:
    _choose(tool, "rail_damage")
    view.center_on(RUN[1])
    drag(qtbot, view, [hex_point(view, h) for h in RUN])
    after_laying = dump_text(document.scenario)
    tool.settings.erase_box.setChecked(True)
    drag(qtbot, view, [hex_point(view, h) for h in RUN[1:3]])
    assert [tuple(d.hex) for d in document.scenario.overlays.rail_damage] == [RUN[0], RUN[3]]
    assert document.undo_stack.undoText() == "Remove Rail Damage"
    document.undo_stack.undo()
    assert dump_text(document.scenario) == after_laying


def test_escape_cancels_the_drag(
    qtbot, view: MapView, tool: OverlaysTool, document: Document
) -> None:
    original = document.scenario
    view.center_on(RUN[1])
    points = [hex_point(view, h) for h in RUN]
    press_and_move(qtbot, view, points)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=points[-1])
    assert document.scenario is original
    assert document.undo_stack.count() == 0


def test_control_click_takes_the_values_of_an_overlay(
    qtbot, view: MapView, tool: OverlaysTool, document: Document
) -> None:
    tool.settings.set_kind("wrecks")
    _click(qtbot, view, FORTIFIED, Qt.KeyboardModifier.ControlModifier)
    assert tool.kind == "fortifications"
    assert tool.settings.item(FREE) == FortificationOverlay(
        hex=FREE, kind=FortificationKind.IMPROVED_POSITION
    )
    assert document.undo_stack.count() == 0


def test_the_preview_shows_the_marker_a_click_would_lay(
    qtbot, view: MapView, tool: OverlaysTool, document: Document
) -> None:
    view.center_on(FREE)
    center = hex_point(view, FREE)
    hover(view, hex_point(view, (40, 40)))
    bare = view.grab().toImage()
    hover(view, center)
    shown = view.grab().toImage()
    changed = [
        (x, y)
        for x in range(center.x() - 20, center.x() + 20)
        for y in range(center.y() - 20, center.y() + 20)
        if bare.pixel(x, y) != shown.pixel(x, y)
    ]
    assert len(changed) > 100
    assert document.undo_stack.count() == 0
