"""The A/I orders on the map: with the Map Aids layer on, each order is an arrow from its
organization's units to its target in its stance's colour; off, nothing is drawn; dragging an
arrow's head onto another hex retargets the order in one undo step. The layer draws the orders
in force on a chosen turn (a regiment without an order of its own follows its division's
[000 4.9]) or every order; hovering an arrow says from which turn it applies; an area target is
tinted in its side's colour and follows an edit of its radius at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage
from PySide6.QtWidgets import QApplication, QToolTip

from editor.commands import SetValues
from editor.docks.ai_orders_dock import AiOrdersDock
from editor.docks.map_aids_dock import MapAidsDock
from editor.document import Document
from editor.map.ai_arrows import STANCE_COLORS
from editor.map.ai_shapes import BAND_ALPHA, area_color
from editor.map.view import MapView
from editor.selection import Selection
from schemas.io import FileKind
from schemas.panzer_campaigns.ai_orders import Stance
from schemas.vocabulary import Side
from tests.ai_title import write_ai_title

ZOOM = 90.0


@pytest.fixture
def ai_document(qapp, tmp_path: Path) -> Iterator[Document]:
    doc = Document.open(write_ai_title(tmp_path))
    yield doc
    doc.undo_stack.clear()


@pytest.fixture
def view(qtbot, ai_document: Document, selection: Selection) -> MapView:
    widget = MapView(selection)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.set_document(ai_document)
    widget.set_zoom(ZOOM)
    widget.center_on((3, 2))
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def dock(qtbot, ai_document: Document, selection: Selection, view: MapView) -> MapAidsDock:
    widget = MapAidsDock(selection)
    qtbot.addWidget(widget)
    widget.set_document(ai_document)
    widget.set_view(view)
    return widget


def _near(color: QColor, target: QColor, tolerance: int = 40) -> bool:
    return all(
        abs(a - b) <= tolerance
        for a, b in zip(color.getRgb()[:3], target.getRgb()[:3], strict=True)
    )


def _colour_near(image: QImage, pixel: QPointF, target: QColor, reach: int = 3) -> bool:
    x, y = round(pixel.x()), round(pixel.y())
    return any(
        _near(image.pixelColor(x + dx, y + dy), target)
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
    )


def band_over(under: QColor, stance: Stance) -> QColor:
    """The colour of an arrow's translucent shaft over a pixel of the map."""
    over, share = STANCE_COLORS[stance], BAND_ALPHA / 255
    return QColor(
        *(
            round(u * (1 - share) + o * share)
            for u, o in zip(under.getRgb()[:3], over.getRgb()[:3], strict=True)
        )
    )


def _banded(image: QImage, under: QImage, pixel: QPointF, stance: Stance) -> bool:
    """Whether `image` shows an arrow's shaft of `stance` at a pixel where `under` (the map
    without the arrows) shows the map."""
    point = pixel.toPoint()
    expected = band_over(under.pixelColor(point), stance)
    return _near(image.pixelColor(point), expected, tolerance=12) and not _near(
        under.pixelColor(point), expected, tolerance=12
    )


def _midpoint(view: MapView, start: tuple[float, float], end: tuple[float, float]) -> QPointF:
    a = view.viewport.to_pixel(QPointF(*start))
    b = view.viewport.to_pixel(QPointF(*end))
    return QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)


def test_each_order_is_an_arrow_from_its_units_to_its_target(
    dock: MapAidsDock, view: MapView
) -> None:
    dock.ai_orders_box.setChecked(True)
    dock.ai_orders_turn.setValue(0)
    assert dock.ai_orders_turn.text() == "All turns"
    arrows = {arrow.order.id: arrow for arrow in dock.layer.arrows()}
    assert set(arrows) == {"1id-defend", "vgd-attack", "vgd-exit", "16ir-reserve"}
    geometry = view.scene.geometry  # type: ignore[union-attr]
    # The German division: its HQ at (5, 0) and battalion at (4, 1) are on the map.
    (x0, y0), (x1, y1) = geometry.center(5, 0), geometry.center(4, 1)
    assert arrows["vgd-attack"].start == pytest.approx(((x0 + x1) / 2, (y0 + y1) / 2))
    assert arrows["vgd-attack"].end == geometry.center(2, 2)  # objective dorf
    assert arrows["vgd-exit"].end == geometry.center(0, 4)  # the exit objective
    assert arrows["16ir-reserve"].radius == 1
    image = view.render_view()
    attack = arrows["vgd-attack"]
    assert attack.start is not None
    middle = _midpoint(view, attack.start, attack.end)
    dock.ai_orders_box.setChecked(False)
    under = view.render_view()
    dock.ai_orders_box.setChecked(True)
    assert _banded(image, under, middle, Stance.ATTACK)
    assert dock._counts["ai_orders"].text() == "4 orders"


def test_the_layer_off_draws_no_arrow(dock: MapAidsDock, view: MapView) -> None:
    dock.ai_orders_box.setChecked(True)
    dock.ai_orders_turn.setValue(0)
    attack = next(a for a in dock.layer.arrows() if a.order.id == "vgd-attack")
    assert attack.start is not None
    middle = _midpoint(view, attack.start, attack.end)
    shown = view.render_view()
    dock.ai_orders_box.setChecked(False)
    hidden = view.render_view()
    assert _banded(shown, hidden, middle, Stance.ATTACK)
    assert not _colour_near(hidden, middle, STANCE_COLORS[Stance.ATTACK], reach=1)
    assert dock._counts["ai_orders"].text() == ""


def test_dragging_an_arrow_head_retargets_its_order_and_undo_puts_it_back(
    qtbot, dock: MapAidsDock, view: MapView, ai_document: Document
) -> None:
    dock.ai_orders_box.setChecked(True)
    dock.ai_orders_turn.setValue(4)  # the exit order, in force from 14:00
    head = view.hex_pixel((0, 4))  # the exit order's head, on the exit objective
    target = view.hex_pixel((1, 4))
    arrow = dock.layer.head_at(head)
    assert arrow is not None
    assert arrow.order.id == "vgd-exit"
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=head.toPoint())
    qtbot.mouseMove(view, pos=target.toPoint())
    assert dock.layer.dragging is arrow
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=target.toPoint())
    order = ai_document.scenario.ai.organizations[1].orders[1]
    assert (order.objective, order.hex) == (None, (1, 4))
    assert ai_document.undo_stack.undoText() == "Retarget A/I Order"
    assert ai_document.undo_stack.count() == 1
    moved = next(a for a in dock.layer.arrows() if a.order.id == "vgd-exit")
    assert moved.end == view.scene.geometry.center(1, 4)  # type: ignore[union-attr]
    ai_document.undo_stack.undo()
    order = ai_document.scenario.ai.organizations[1].orders[1]
    assert (order.objective, order.hex) == ("west-exit", None)


def test_a_press_away_from_any_head_selects_the_hex_as_before(
    qtbot, dock: MapAidsDock, view: MapView, selection: Selection, ai_document: Document
) -> None:
    dock.ai_orders_box.setChecked(True)
    pixel = view.hex_pixel((5, 4))
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=pixel.toPoint())
    assert selection.hex == (5, 4)
    assert ai_document.undo_stack.count() == 0


def test_an_area_is_tinted_hex_by_hex_and_its_arrow_points_at_its_middle(
    dock: MapAidsDock, view: MapView, ai_document: Document
) -> None:
    dock.ai_orders_box.setChecked(True)
    dock.ai_orders_turn.setValue(2)
    path = ("ai", "organizations", 2, "orders", 0)
    ai_document.push(
        SetValues(
            ai_document,
            FileKind.SCENARIO,
            [((*path, "radius"), 0), ((*path, "hex"), None), ((*path, "area"), [(3, 3), (5, 3)])],
            "Set A/I Order Area",
        )
    )
    arrow = next(a for a in dock.layer.arrows() if a.order.id == "16ir-reserve")
    geometry = view.scene.geometry  # type: ignore[union-attr]
    (x0, y0), (x1, y1) = geometry.center(3, 3), geometry.center(5, 3)
    assert arrow.end == pytest.approx(((x0 + x1) / 2, (y0 + y1) / 2))
    assert arrow.area == (geometry.center(3, 3), geometry.center(5, 3))
    assert arrow.area_hexes == {(3, 3), (5, 3)}
    image = view.render_view()
    assert _tinted(image, view, (5, 3), Side.ALLIED)
    assert not _tinted(image, view, (4, 3), Side.ALLIED)  # between the two, not in the area


def _tinted(image: QImage, view: MapView, hex_: tuple[int, int], side: Side) -> bool:
    """Whether a hex's outline carries the area colour of `side` just inside its lower edge."""
    centre = view.hex_pixel(hex_)
    edge = QPointF(centre.x(), centre.y() + view.zoom() * 0.47)
    return _colour_near(image, edge, area_color(side), reach=3)


def test_the_orders_in_force_on_the_chosen_turn_each_from_the_units_that_follow_it(
    dock: MapAidsDock, view: MapView
) -> None:
    dock.ai_orders_box.setChecked(True)
    assert dock.ai_orders_turn.value() == 1  # the scenario's first turn unless chosen
    geometry = view.scene.geometry  # type: ignore[union-attr]

    def centre(*hexes: tuple[int, int]) -> tuple[float, float]:
        points = [geometry.center(*h) for h in hexes]
        return (
            sum(x for x, _ in points) / len(points),
            sum(y for _, y in points) / len(points),
        )

    arrows = {arrow.order.id: arrow for arrow in dock.layer.arrows()}
    # Turn 1: the 16th regiment has no order yet and follows its division's defend order.
    assert set(arrows) == {"1id-defend", "vgd-attack"}
    defend = arrows["1id-defend"]
    # The HQ and two battalions of the regiment; the tanks arrive on turn 3.
    assert defend.start == pytest.approx(centre((1, 3), (1, 2), (2, 2)))
    assert defend.followers == ("us.1id.16ir",)
    assert dock._counts["ai_orders"].text() == "2 orders"
    # Turn 2: the regiment's own reserve order; the division's arrow leaves its battalions.
    dock.ai_orders_turn.setValue(2)
    arrows = {arrow.order.id: arrow for arrow in dock.layer.arrows()}
    assert set(arrows) == {"1id-defend", "16ir-reserve", "vgd-attack"}
    assert arrows["16ir-reserve"].start == pytest.approx(centre((1, 2), (2, 2)))
    assert arrows["1id-defend"].start == pytest.approx(geometry.center(1, 3))
    assert arrows["1id-defend"].followers == ()
    # Turn 4 (14:00): the German division's exit order replaces its attack.
    dock.ai_orders_turn.setValue(4)
    arrows = {arrow.order.id: arrow for arrow in dock.layer.arrows()}
    assert set(arrows) == {"1id-defend", "16ir-reserve", "vgd-exit"}
    # The tanks arrived at (0, 3) on turn 3 and follow their division's order.
    assert arrows["1id-defend"].start == pytest.approx(centre((1, 3), (0, 3)))
    image = view.render_view()
    attack_middle = _midpoint(view, geometry.center(5, 0), geometry.center(2, 2))
    assert not _colour_near(image, attack_middle, STANCE_COLORS[Stance.ATTACK], reach=1)


def test_hovering_an_arrow_tells_from_which_turn_its_order_applies(
    qtbot, dock: MapAidsDock, view: MapView
) -> None:
    dock.ai_orders_box.setChecked(True)
    dock.ai_orders_turn.setValue(4)
    exit_ = next(a for a in dock.layer.arrows() if a.order.id == "vgd-exit")
    assert exit_.start is not None
    middle = _midpoint(view, exit_.start, exit_.end)
    assert dock.layer.arrow_at(middle) is exit_
    text = dock.layer.tooltip(exit_)
    assert "Exit objective west-exit" in text
    assert "in force from turn 4 (Sat 16 Dec 1944 14:00)" in text
    assert dock.layer.arrow_at(view.hex_pixel((5, 4))) is None
    QApplication.sendEvent(
        view,
        QHelpEvent(QEvent.Type.ToolTip, middle.toPoint(), view.mapToGlobal(middle.toPoint())),
    )
    assert QToolTip.isVisible()
    assert QToolTip.text() == text
    QToolTip.hideText()


def test_an_areas_radius_edited_in_the_panel_redraws_the_area_at_once_and_undoes_in_one_step(
    dock: MapAidsDock, view: MapView, ai_document: Document, selection: Selection
) -> None:
    dock.ai_orders_box.setChecked(True)
    dock.ai_orders_turn.setValue(2)
    reserve = next(a for a in dock.layer.arrows() if a.order.id == "16ir-reserve")
    assert reserve.area_hexes == {(1, 1), (1, 2), (1, 3), (0, 2), (0, 3), (2, 2), (2, 3)}
    assert _tinted(view.render_view(), view, (2, 2), Side.ALLIED)
    assert not _tinted(view.render_view(), view, (1, 4), Side.ALLIED)
    panel = AiOrdersDock(selection)
    panel.set_document(ai_document)
    panel.show_organization("us.1id.16ir")
    radius = next(n for n, c in enumerate(panel.orders.columns) if c.header == "Radius")
    assert panel.orders.setData(panel.orders.index(0, radius), 2)
    assert ai_document.undo_stack.count() == 1
    reserve = next(a for a in dock.layer.arrows() if a.order.id == "16ir-reserve")
    assert len(reserve.area_hexes) == 16  # 19 within two hexes, less 3 off the map's edge
    assert _tinted(view.render_view(), view, (1, 4), Side.ALLIED)
    ai_document.undo_stack.undo()
    assert not _tinted(view.render_view(), view, (1, 4), Side.ALLIED)
