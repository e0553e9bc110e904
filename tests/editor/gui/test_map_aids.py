"""The Map Aids dock and its aids on the map: an HQ's command range covers the hexes within its
range, stacking density marks an over-stacked hex and follows edits and undo, highlights mark
exactly the hexes of an organization's units, fixed units, units a release frees and one
turn's arrivals, and turning an aid off takes it off the picture."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from editor.commands import SetValues
from editor.docks.map_aids_dock import MapAidsDock
from editor.document import Document
from editor.map import aids as map_aids
from editor.map.tiles import level_zoom
from editor.map.view import MapView
from editor.selection import Selection
from engine.hexgrid import Grid
from engine.panzer_campaigns.clock import TurnClock
from schemas.io import FileKind

CLOSE = level_zoom(22)
"""45 pixels per hex."""
HQ = "us.28id.110ir.hq"
"""Quality C (no adjustment), command range 6, at (33, 53)."""


@pytest.fixture
def view(qtbot, document: Document, selection: Selection) -> MapView:
    widget = MapView(selection)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.set_document(document)
    widget.set_zoom(CLOSE)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def dock(qtbot, document: Document, selection: Selection, view: MapView) -> MapAidsDock:
    widget = MapAidsDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.set_view(view)
    return widget


def _placed(document: Document) -> dict[str, tuple[int, int]]:
    return {p.unit: tuple(p.hex) for p in document.scenario.placements}  # type: ignore[misc]


def _near(color: QColor, target: QColor, tolerance: int = 40) -> bool:
    return all(
        abs(a - b) <= tolerance
        for a, b in zip(color.getRgb()[:3], target.getRgb()[:3], strict=True)
    )


def _edge_pixel(view: MapView, hex_: tuple[int, int], slot: int = 0) -> QPointF:
    """The middle of the top of an outline drawn in `slot` (see `aids_drawing.paint_outline`)."""
    zoom = view.zoom()
    width = max(1.5, min(4.0, zoom * 0.05))
    inset = width / 2 + 1 + slot * width
    centre = view.hex_pixel(hex_)
    return QPointF(centre.x(), centre.y() - (zoom - 2 * inset) / 2)


def _color_at(image: QImage, pixel: QPointF) -> QColor:
    return image.pixelColor(pixel.toPoint())


def _ring_shows(image: QImage, pixel: QPointF, color: QColor) -> bool:
    """Whether a thin ring crossing `pixel` vertically shows `color` (one pixel either way:
    antialiasing blends the ring's rim)."""
    return any(
        _near(_color_at(image, QPointF(pixel.x(), pixel.y() + dy)), color) for dy in (-1, 0, 1)
    )


def test_command_range_of_the_selected_hq_covers_its_range(
    qtbot, view: MapView, dock: MapAidsDock, document: Document, selection: Selection
) -> None:
    hq_hex = _placed(document)[HQ]
    view.center_on(hq_hex)
    selection.select_units([HQ])
    before = view.render_view()
    dock.ranges_box.setChecked(True)
    assert dock.ranges_mode.currentText() == "Selected HQ"

    shown = dock.aids.shown_ranges()
    assert [hq.unit for hq in shown] == [HQ]
    assert shown[0].radius == 6
    grid = Grid(document.map.width, document.map.height, document.map.shifted_columns)
    centre = grid.hex_at(*hq_hex)
    expected = {
        (c, r)
        for c in range(document.map.width)
        for r in range(document.map.height)
        if grid.hex_at(c, r).distance(centre) <= 6
    }
    assert dock.aids.range_hexes(shown[0]) == expected
    assert dock._counts["ranges"].text() == "1 HQ"

    after = view.render_view()
    occupied = set(_placed(document).values())
    inside = next(h for h in sorted(expected) if h not in occupied and h != hq_hex)
    outside = (hq_hex[0] + 8, hq_hex[1])
    assert _color_at(after, view.hex_pixel(inside)) != _color_at(before, view.hex_pixel(inside))
    assert _color_at(after, view.hex_pixel(outside)) == _color_at(before, view.hex_pixel(outside))

    selection.select_units([])
    selection.select_hex(None)
    assert dock.aids.shown_ranges() == []
    dock.ranges_mode.setCurrentIndex(dock.ranges_mode.findData(map_aids.RangeMode.ALL))
    assert {hq.unit for hq in dock.aids.shown_ranges()} >= {HQ, "us.28id.hq", "us.8c.hq"}


def test_stacking_density_marks_an_over_stacked_hex_and_follows_undo(
    qtbot, view: MapView, dock: MapAidsDock, document: Document
) -> None:
    dock.stacking_box.setChecked(True)
    index = document.oob_index
    american = [
        (number, p)
        for number, p in enumerate(document.scenario.placements)
        if index.side_of(p.unit) is not None and index.side_of(p.unit).value == "allied"
    ]
    target = tuple(american[0][1].hex)
    assert not dock.aids.densities()[target].over
    assert dock._counts["stacking"].text() == "0 over"
    document.push(
        SetValues(
            document,
            FileKind.SCENARIO,
            [(("placements", number, "hex"), target) for number, _ in american[:12]],
            "Move Units",
        )
    )
    density = dock.aids.densities()[target]
    assert density.over
    assert density.points > density.limit == 1800
    assert dock._counts["stacking"].text() == "1 over"

    view.center_on(target)
    zoom = view.zoom()
    band = max(3.0, zoom * 0.12)
    centre = view.hex_pixel(target)
    on_band = QPointF(centre.x(), centre.y() - (zoom - band - 2) / 2)
    assert _near(_color_at(view.render_view(), on_band), map_aids.OVER_STACKED_COLOR)

    document.undo_stack.undo()
    assert not dock.aids.densities()[target].over
    assert dock._counts["stacking"].text() == "0 over"
    assert not _near(_color_at(view.render_view(), on_band), map_aids.OVER_STACKED_COLOR)


def test_highlight_by_organization_marks_exactly_its_units_hexes(
    qtbot, view: MapView, dock: MapAidsDock, document: Document
) -> None:
    pick = dock.organization_pick
    pick.setCurrentIndex(pick.findData("us.28id.110ir"))
    dock.organization_box.setChecked(True)
    placed = _placed(document)
    expected = {hex_ for unit, hex_ in placed.items() if unit.startswith("us.28id.110ir.")}
    assert expected
    assert dock.aids.organization_hexes() == expected
    assert dock._counts["organization"].text() == f"{len(expected)} hexes"

    marked = sorted(expected)[0]
    view.center_on(marked)
    assert _ring_shows(view.render_view(), _edge_pixel(view, marked), map_aids.ORGANIZATION_COLOR)


def test_fixed_units_and_pending_releases(
    qtbot, view: MapView, dock: MapAidsDock, document: Document
) -> None:
    dock.fixed_box.setChecked(True)
    fixed = {tuple(p.hex) for p in document.scenario.placements if p.fixed}
    assert fixed == {(31, 62), (31, 61), (32, 62), (34, 64), (45, 57), (45, 56), (46, 57)}
    assert dock.aids.fixed_hexes() == fixed
    view.center_on((31, 62))
    assert _ring_shows(view.render_view(), _edge_pixel(view, (31, 62)), map_aids.FIXED_COLOR)

    dock.fixed_box.setChecked(False)
    dock.releases_box.setChecked(True)
    # The scenario's releases free the 28th Infantry Division and Grenadier Regiment 901.
    freed = {
        hex_
        for unit, hex_ in _placed(document).items()
        if unit.startswith(("us.28id.", "de.pzl.pglr901."))
    }
    assert dock.aids.release_hexes() == freed
    assert fixed <= freed
    assert _ring_shows(view.render_view(), _edge_pixel(view, (31, 62)), map_aids.RELEASE_COLOR)


def test_reinforcements_arriving_on_a_turn(
    qtbot, view: MapView, dock: MapAidsDock, document: Document
) -> None:
    clock = TurnClock.from_header(document.scenario.header)
    assert dock.arrival_turn.maximum() == clock.last_turn
    dock.arrivals_box.setChecked(True)
    dock.arrival_turn.setValue(37)
    expected = {tuple(r.hex) for r in document.scenario.reinforcements if clock.turn_at(r.at) == 37}
    assert expected == {(16, 79), (0, 71)}
    assert dock.aids.arrival_hexes() == expected
    view.center_on((16, 78))
    assert _ring_shows(view.render_view(), _edge_pixel(view, (16, 79)), map_aids.ARRIVAL_COLOR)
    dock.arrival_turn.setValue(36)
    assert dock.aids.arrival_hexes() == set()
    assert dock._counts["arrivals"].text() == "0 hexes"


def test_turning_the_aids_off_takes_them_off_the_picture(
    qtbot, view: MapView, dock: MapAidsDock, document: Document, selection: Selection
) -> None:
    view.center_on((31, 62))
    selection.select_units(["us.28id.hq"])
    baseline = view.render_view()
    boxes = (
        dock.ranges_box,
        dock.stacking_box,
        dock.organization_box,
        dock.class_box,
        dock.fixed_box,
        dock.releases_box,
        dock.arrivals_box,
    )
    for box in boxes:
        box.setChecked(True)
    with_aids = view.render_view()
    assert with_aids != baseline
    for box in boxes:
        box.setChecked(False)
    assert not dock.aids.any_on()
    assert view.render_view() == baseline

    dock.fixed_box.setChecked(True)
    assert view.render_view() != baseline
    dock.set_view(None)
    assert view.aids is None
    assert view.render_view() == baseline


def test_a_setting_repaints_the_view(qtbot, view: MapView, dock: MapAidsDock) -> None:
    with qtbot.waitSignal(dock.aids.changed):
        dock.stacking_box.setChecked(True)
    assert dock.aids.stacking
