"""The map view: hover and click select hexes and units, zoom keeps the point under the cursor,
layers show and hide, edits redraw, focus requests centre, and the whole map exports."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication

from editor import symbols
from editor.commands import SetValue
from editor.document import Document
from editor.map.counters import counter_size, strength_text
from editor.map.export import render_whole_map
from editor.map.tiles import level_zoom
from editor.map.view import MapView
from editor.selection import Focus, Selection
from schemas.io import FileKind
from schemas.panzer_campaigns.oob import Component

CLOSE = level_zoom(22)
"""45 pixels per hex: counters drawn in full."""


@pytest.fixture
def view(qtbot, document: Document, selection: Selection) -> MapView:
    widget = MapView(selection)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.set_document(document)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _stack_hex(document: Document, at_least: int) -> tuple[int, int]:
    counts: dict[tuple[int, int], int] = {}
    for placement in document.scenario.placements:
        counts[tuple(placement.hex)] = counts.get(tuple(placement.hex), 0) + 1
    return next(h for h, n in counts.items() if n >= at_least)


def _near(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def _wheel(view: MapView, pixel: QPointF, notches: int) -> None:
    event = QWheelEvent(
        pixel,
        view.mapToGlobal(pixel),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view, event)


def test_hovering_reports_the_hex_under_the_mouse(qtbot, view: MapView) -> None:
    view.set_zoom(CLOSE)
    view.center_on((30, 40))
    target = view.hex_pixel((31, 41)).toPoint()
    with qtbot.waitSignal(view.hover_changed) as blocker:
        qtbot.mouseMove(view, target)
    assert blocker.args == [(31, 41)]


def test_clicking_selects_the_hex_and_its_units(
    qtbot, view: MapView, document: Document, selection: Selection
) -> None:
    stack = _stack_hex(document, at_least=2)
    view.set_zoom(CLOSE)
    view.center_on(stack)
    with qtbot.waitSignal(selection.units_changed):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.hex_pixel(stack).toPoint())
    assert selection.hex == stack
    expected = [p.unit for p in document.scenario.placements if tuple(p.hex) == stack]
    assert selection.units == expected
    # The selected hex is outlined in the selection colour.
    edge = view.hex_pixel(stack) + QPointF(0, -CLOSE / 2 + 1)
    assert view.render_view().pixelColor(edge.toPoint()) != QColor(0, 0, 0, 0)
    before = view.render_view()
    selection.select_hex(None)
    assert view.render_view() != before


def test_wheel_zoom_keeps_the_point_under_the_cursor(view: MapView) -> None:
    view.set_zoom(level_zoom(16))
    cursor = QPointF(210, 480)
    anchor = view.viewport.to_world(cursor)
    start = view.zoom()
    _wheel(view, cursor, 2)
    assert view.zoom() == pytest.approx(level_zoom(18))
    drift = view.viewport.to_pixel(anchor) - cursor
    assert abs(drift.x()) <= 1
    assert abs(drift.y()) <= 1
    _wheel(view, cursor, -3)
    assert view.zoom() < start
    drift = view.viewport.to_pixel(anchor) - cursor
    assert abs(drift.x()) <= 1
    assert abs(drift.y()) <= 1


def test_keys_zoom_and_fit(qtbot, view: MapView) -> None:
    fitted = view.zoom()
    with qtbot.waitSignal(view.zoom_changed):
        qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.zoom() > fitted
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.zoom() == pytest.approx(fitted)
    whole = view.render_view()
    assert whole.pixelColor(10, view.map_size().height() // 2) != QColor("#ffffff")


def test_hiding_a_layer_changes_the_picture(view: MapView, document: Document) -> None:
    hex_ = tuple(document.scenario.placements[0].hex)
    view.set_zoom(CLOSE)
    view.center_on(hex_)
    names = [name for name, _, _ in view.layers()]
    assert {"terrain", "grid", "hexsides", "roads", "units", "places"} <= set(names)
    shown = view.render_view()
    view.set_layer_visible("units", False)
    assert ("units", "Units", False) in view.layers()
    hidden = view.render_view()
    assert hidden != shown
    view.set_layer_visible("roads", False)
    assert view.render_view() != hidden
    view.set_layer_visible("units", True)
    view.set_layer_visible("roads", True)
    assert view.render_view() == shown


def _counter_share(view: MapView, hex_: tuple[int, int], colour: QColor) -> float:
    """The share of the counter-sized square on `hex_` painted in a counter's colour."""
    size = counter_size(view.zoom())
    image = view.render_view()
    center = view.hex_pixel(hex_).toPoint()
    pixels = [
        image.pixelColor(center.x() + dx, center.y() + dy)
        for dx in range(-size // 2, size // 2)
        for dy in range(-size // 2, size // 2)
    ]
    return sum(_near(p, colour, tolerance=4) for p in pixels) / len(pixels)


def test_moving_a_unit_redraws_its_counter_at_the_new_hex(
    view: MapView, document: Document
) -> None:
    scenario = document.scenario
    occupied = {tuple(p.hex) for p in scenario.placements}
    number, placement = next(
        (i, p)
        for i, p in enumerate(scenario.placements)
        if sum(tuple(q.hex) == tuple(p.hex) for q in scenario.placements) == 1
    )
    column, row = placement.hex
    target = next(
        (c, r)
        for c, r in ((column + 2, row), (column - 2, row), (column, row + 2), (column, row - 2))
        if (c, r) not in occupied
    )
    side = document.oob_index.units[placement.unit].side
    counter = symbols.side_color(side).lighter(112)
    view.set_zoom(CLOSE)
    view.center_on(tuple(placement.hex))
    start = tuple(placement.hex)
    assert _counter_share(view, start, counter) > 0.2
    assert _counter_share(view, target, counter) < 0.02

    document.push(
        SetValue(document, FileKind.SCENARIO, ("placements", number, "hex"), target, "Move Unit")
    )
    assert _counter_share(view, target, counter) > 0.2
    assert _counter_share(view, start, counter) < 0.02
    document.undo_stack.undo()
    assert _counter_share(view, start, counter) > 0.2


def test_a_terrain_edit_redraws_only_its_tiles(view: MapView, document: Document) -> None:
    view.set_zoom(CLOSE)
    view.center_on((30, 40))
    view.set_layer_visible("units", False)
    view.set_layer_visible("places", False)
    view.render_view()
    assert view.scene is not None
    cached = len(view.scene.tiles)
    water = next(t for t in document.map.terrain if t.water)
    row = document.map.terrain_rows[40]
    edited = row[:30] + water.code + row[31:]
    document.push(SetValue(document, FileKind.MAP, ("terrain_rows", 40), edited, "Paint Terrain"))
    assert 0 < len(view.scene.tiles) < cached
    point = view.hex_pixel((30, 40)).toPoint()
    assert _near(view.render_view().pixelColor(point), QColor(water.color), tolerance=40)


def test_focus_on_a_unit_centres_its_hex(
    qtbot, view: MapView, document: Document, selection: Selection
) -> None:
    placement = document.scenario.placements[-1]
    view.set_zoom(CLOSE)
    view.center_on((0, 0))
    selection.request_focus(Focus(object_id=placement.unit))
    middle = QPointF(view.map_size().width() / 2, view.map_size().height() / 2)
    offset = view.hex_pixel(tuple(placement.hex)) - middle
    assert abs(offset.x()) <= CLOSE
    assert abs(offset.y()) <= CLOSE
    assert selection.hex == tuple(placement.hex)


def test_focus_on_a_field_of_an_objective_centres_its_hex(
    view: MapView, document: Document, selection: Selection
) -> None:
    objective = document.scenario.objectives[0]
    view.set_zoom(CLOSE)
    selection.request_focus(Focus(FileKind.SCENARIO, ("objectives", 0, "points")))
    assert selection.hex == tuple(objective.hex)


def test_the_whole_map_exports_at_its_shape(document: Document) -> None:
    image = render_whole_map(document, max_side=1200)
    columns, rows = document.map.width, document.map.height
    # Flat-topped hexes in columns: a column is 3/4 of a hex width, a hex width 2/sqrt(3) rows.
    expected = (columns * 0.75 + 0.25) * (2 / 3**0.5) / (rows + 0.5)
    assert max(image.width(), image.height()) <= 1200
    assert image.width() / image.height() == pytest.approx(expected, rel=0.02)
    colours = {image.pixel(x, image.height() // 2) for x in range(0, image.width(), 7)}
    assert len(colours) > 10


def test_without_a_document_the_view_says_so(view: MapView) -> None:
    view.set_document(None)
    image: QImage = view.render_view()
    assert image.size() == view.map_size()
    assert view.hex_at(QPointF(50, 50)) is None


def test_middle_drag_and_arrow_keys_pan(qtbot, view: MapView) -> None:
    view.set_zoom(CLOSE)
    view.center_on((30, 40))
    start = view.hex_at(QPointF(300, 300))
    qtbot.mousePress(view, Qt.MouseButton.MiddleButton, pos=QPoint(300, 300))
    qtbot.mouseMove(view, QPoint(300 + round(CLOSE * 0.866 * 2), 300))
    qtbot.mouseRelease(
        view, Qt.MouseButton.MiddleButton, pos=QPoint(300 + round(CLOSE * 0.866 * 2), 300)
    )
    # The map moved right with the mouse by two columns: the hex under the old spot is
    # two columns further left.
    moved = view.hex_at(QPointF(300, 300))
    assert moved is not None
    assert start is not None
    assert moved[0] == start[0] - 2
    before = view.viewport.shift
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.viewport.shift.x() > before.x()


def test_a_combined_counter_shows_the_full_strength_of_its_companies(document) -> None:
    units = document.oob_index.units
    placement = next(p for p in document.scenario.placements if p.strength is None)
    other = next(u for u in units if u != placement.unit)
    own = units[placement.unit].unit
    suffix = "" if own.component is Component.MEN else own.component.value[0]
    assert strength_text(placement, document.oob_index) == f"{own.strength}{suffix}"
    combined = placement.model_copy(update={"combined_with": [other]})
    full = own.strength + units[other].unit.strength  # [000 4.9]
    assert strength_text(combined, document.oob_index) == f"{full}{suffix}"
