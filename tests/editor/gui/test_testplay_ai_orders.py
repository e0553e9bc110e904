"""The A/I orders on the test-play map: the orders in force on the game's turn, each from the
units on the map that follow it, changing as turns pass (a regiment follows its division's order
until its own applies [000 4.9]); under Fog of War only the side's own orders; hovering an arrow
says from which turn it applies; the layer stays on from the editor into test-play."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF

from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.testplay.overlays import TestPlayOverlays
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session import TestPlaySession
from schemas.panzer_campaigns.ai_orders import Stance
from schemas.vocabulary import Side
from tests.ai_title import write_ai_title
from tests.editor.gui.test_ai_arrows import band_over


@pytest.fixture
def ai_document(qapp, tmp_path: Path) -> Iterator[Document]:
    doc = Document.open(write_ai_title(tmp_path))
    yield doc
    doc.undo_stack.clear()


def _shown(
    qtbot, document: Document, selection: Selection, *, fog: bool = False
) -> tuple[TestPlaySession, TestPlayOverlays, MapView]:
    session = TestPlaySession.start(document, settings=TestPlaySettings(seed=1, fog_of_war=fog))
    overlays = TestPlayOverlays(selection=selection)
    overlays.set_session(session)
    view = MapView(selection)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.set_document(session.shadow)
    view.set_zoom(90.0)
    view.center_on((3, 2))
    view.aids = overlays
    overlays.ai_order_marks.set_view(view)
    overlays.changed.connect(view.update)
    view.show()
    qtbot.waitExposed(view)
    return session, overlays, view


def _orders(overlays: TestPlayOverlays, view: MapView) -> dict[str, object]:
    geometry = view.scene.geometry  # type: ignore[union-attr]
    return {a.order.id: a for a in overlays.ai_order_marks.arrows(geometry)}


def test_the_orders_in_force_follow_the_games_turn(
    qtbot, ai_document: Document, selection: Selection
) -> None:
    session, overlays, view = _shown(qtbot, ai_document, selection)
    overlays.set_ai_orders(True)
    arrows = _orders(overlays, view)
    assert set(arrows) == {"1id-defend", "vgd-attack"}
    attack = arrows["vgd-attack"]
    geometry = view.scene.geometry  # type: ignore[union-attr]
    assert attack.end == geometry.center(2, 2)  # objective dorf
    start = view.viewport.to_pixel(QPointF(*attack.start))
    end = view.viewport.to_pixel(QPointF(*attack.end))
    middle = QPointF((start.x() + end.x()) / 2, (start.y() + end.y()) / 2)
    shown = view.render_view()
    overlays.set_ai_orders(False)
    hidden = view.render_view()
    overlays.set_ai_orders(True)
    expected = band_over(hidden.pixelColor(middle.toPoint()), Stance.ATTACK)
    got = shown.pixelColor(middle.toPoint())
    assert all(
        abs(a - b) <= 12 for a, b in zip(got.getRgb()[:3], expected.getRgb()[:3], strict=True)
    )
    tip = overlays.ai_order_marks.tooltip(overlays.ai_order_marks.arrow_at(middle))
    assert "in force from turn 1 (Sat 16 Dec 1944 08:00)" in tip
    overlays.set_ai_orders(False)
    assert overlays.ai_order_marks.arrow_at(middle) is None
    overlays.set_ai_orders(True)
    while session.game.turn < 2:
        session.end_player_turn()
    # Turn 2: the 16th regiment's own reserve order, from its battalions on the map.
    arrows = _orders(overlays, view)
    assert set(arrows) == {"1id-defend", "16ir-reserve", "vgd-attack"}
    reserve = arrows["16ir-reserve"]
    battalions = [
        session.game.offset_of(session.game.unit(u).hex) for u in ("us.1id.16ir.1", "us.1id.16ir.2")
    ]
    points = [geometry.center(*h) for h in battalions]
    assert reserve.start == pytest.approx(
        (sum(x for x, _ in points) / 2, sum(y for _, y in points) / 2)
    )
    assert reserve.area_hexes  # radius 1 around (1, 2)
    assert "turn 2" in overlays.ai_order_marks.tooltip(reserve)
    while session.game.turn < 4:
        session.end_player_turn()
    assert set(_orders(overlays, view)) == {"1id-defend", "16ir-reserve", "vgd-exit"}


def test_under_fog_of_war_only_the_sides_own_orders_are_drawn(
    qtbot, ai_document: Document, selection: Selection
) -> None:
    session, overlays, view = _shown(qtbot, ai_document, selection, fog=True)
    overlays.set_ai_orders(True)
    assert session.viewer is Side.AXIS  # Axis moves first in hot seat
    assert set(_orders(overlays, view)) == {"vgd-attack"}
    session.end_player_turn()
    assert session.viewer is Side.ALLIED
    assert set(_orders(overlays, view)) == {"1id-defend"}


def test_the_layer_on_in_the_editor_stays_on_in_test_play(window) -> None:
    aids = window.docks["map_aids"]
    aids.ai_orders_box.setChecked(True)
    controller = window.testplay
    assert controller.start(settings=TestPlaySettings(seed=1))
    assert controller.overlays.ai_orders
    arrows = controller.overlays.ai_order_marks.arrows(window.map_view.scene.geometry)
    assert arrows  # The Road to Bastogne gives its divisions orders
    assert all(arrow.units for arrow in arrows)
    controller.stop()
    assert window.map_view.aids is aids.layer
