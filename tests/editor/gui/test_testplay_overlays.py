"""The test-play overlays on a map view of the session's shadow: supply values where the game
says, a cut supply line isolating units, the enemy's zones of control, objective owners."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage

from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.testplay.overlays import (
    ISOLATED_COLOR,
    OverlayToggles,
    TestPlayOverlays,
    supply_color,
)
from editor.testplay.session import TestPlaySession
from engine.state import other_side
from engine.zoc import zoc_map
from schemas.vocabulary import Side

CUT_AT = (34, 65)
"""Where a German unit standing cuts the only line of the US unit at `CUT_OFF`."""
CUT_OFF = (34, 64)
CUTTER = "de.2pzd.pzr3.1abt"


@pytest.fixture
def session(document: Document) -> TestPlaySession:
    return TestPlaySession.start(document, seed=1)


@pytest.fixture
def overlays(session: TestPlaySession) -> TestPlayOverlays:
    overlays = TestPlayOverlays()
    overlays.set_session(session)
    return overlays


def overlay_view(qtbot, session, selection: Selection, overlays, at) -> MapView:
    view = MapView(selection)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.set_document(session.shadow)
    view.aids = overlays  # type: ignore[assignment]
    overlays.changed.connect(view.update)
    view.show()
    qtbot.waitExposed(view)
    view.set_zoom(48)
    view.center_on(at)
    return view


def badge_color(view: MapView, image: QImage, hex_: tuple[int, int]) -> QColor:
    """The colour drawn at the supply badge of a hex (lower right of its centre)."""
    point = view.hex_pixel(hex_)
    zoom = view.zoom()
    return image.pixelColor(round(point.x() + zoom * 0.3), round(point.y() + zoom * 0.3))


def close(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_supply_values_are_drawn_where_the_game_says(qtbot, session, selection, overlays):
    game = session.game
    values = game.local_supply(game.phasing)
    assert overlays.supply_values() == values
    somewhere = next(iter(values))
    view = overlay_view(qtbot, session, selection, overlays, somewhere)
    image = view.render_view()
    shown = [
        h
        for h in values
        if view.rect().adjusted(30, 30, -60, -60).contains(view.hex_pixel(h).toPoint())
    ]
    assert len(shown) > 3
    for hex_ in shown:
        assert close(badge_color(view, image, hex_), supply_color(values[hex_])), hex_
    # Off: the badges go.
    overlays.set_supply(False)
    image = view.render_view()
    assert not all(close(badge_color(view, image, h), supply_color(values[h])) for h in shown)


def cut_the_line(session: TestPlaySession) -> None:
    """Put a German armoured battalion on `CUT_AT` and end the German player turn.

    No legal order does this on the first turn: a search over every German unit's every legal
    move (and a greedy search of three moves, and moving a unit towards it over several turns)
    isolated no Allied hex, because Allied lines run on many roads west. So the unit is put there
    through the engine's own `GameState.put`, as a move would leave it (the hex is empty).
    """
    game = session.game
    unit = game.unit(CUTTER)
    assert game.state.units_at(game.hex_of(CUT_AT)) == []
    game.state.put(unit, game.hex_of(CUT_AT))
    session.end_player_turn()  # the US turn starts: its isolation is decided [000 10.1]


def test_cutting_a_supply_line_isolates_the_units_behind(qtbot, session, selection, overlays):
    game = session.game
    assert game.phasing is Side.AXIS
    session.end_player_turn()
    assert game.phasing is Side.ALLIED
    assert overlays.supply_values()[CUT_OFF] > 0
    assert CUT_OFF not in overlays.isolated_hexes()
    session.restart()
    game = session.game

    cut_the_line(session)
    assert game.phasing is Side.ALLIED
    assert overlays.supply_values() == game.local_supply(Side.ALLIED)
    assert overlays.supply_values()[CUT_OFF] == 0
    isolated = overlays.isolated_hexes()
    assert CUT_OFF in isolated
    assert (
        set(isolated[CUT_OFF])
        == {u.id for u in game.state.units_at(game.hex_of(CUT_OFF))}
        <= set(game.isolated_units(Side.ALLIED))
    )

    view = overlay_view(qtbot, session, selection, overlays, CUT_OFF)
    image = view.render_view()
    assert close(badge_color(view, image, CUT_OFF), supply_color(0))
    # The isolated unit's hex is ringed in red: a point on the ring, between centre and corner.
    point = view.hex_pixel(CUT_OFF)
    ring = image.pixelColor(round(point.x() + view.zoom() * 0.45), round(point.y()))
    assert close(ring, ISOLATED_COLOR, 40)
    Path("/tmp/shots").mkdir(exist_ok=True)
    assert view.grab().save("/tmp/shots/testplay_supply.png")


def test_zoc_overlay_marks_the_enemy_zones_of_control(qtbot, session, selection, overlays):
    game = session.game
    enemy = other_side(game.phasing)
    zoc = zoc_map(game.state, enemy)
    expected = {game.offset_of(h) for h in range(game.state.board.size) if zoc[h]}
    assert overlays.zoc_hexes() == expected
    assert expected
    view = overlay_view(qtbot, session, selection, overlays, next(iter(expected)))
    overlays.set_supply(False)
    overlays.set_isolated(False)
    overlays.set_objectives(False)
    with_zoc = view.render_view()
    overlays.set_zoc(False)
    without = view.render_view()
    in_view = [h for h in expected if view.rect().contains(view.hex_pixel(h).toPoint())]
    free = [
        (c, r)
        for c in range(game.state.board.grid.width)
        for r in range(game.state.board.grid.height)
        if (c, r) not in expected and view.rect().contains(view.hex_pixel((c, r)).toPoint())
    ]

    def hatched(hex_: tuple[int, int]) -> bool:
        point = view.hex_pixel(hex_)
        x0, y0 = round(point.x()), round(point.y())
        return any(
            with_zoc.pixelColor(x0 + dx, y0 + dy) != without.pixelColor(x0 + dx, y0 + dy)
            for dx in range(-8, 9)
            for dy in range(-8, 9)
        )

    assert in_view
    assert all(hatched(h) for h in in_view)
    assert free
    assert not any(hatched(h) for h in free)


def test_objectives_show_their_owner_and_change_hands(session, overlays):
    owners = session.game.objective_owners()
    marks = {m.id: m for m in overlays.objective_marks()}
    assert {i: m.owner for i, m in marks.items()} == owners
    # Cached until the game changes: an objective taken shows its new owner. No German unit
    # reaches an objective on turn 1, so the owner is set on the engine's objective state.
    clervaux = marks["clervaux"]
    assert clervaux.owner is Side.ALLIED
    game = session.game
    objective = next(o for o in game.state.objectives if o.id == "clervaux")
    objective.owner = Side.AXIS
    assert overlays.objective_marks() == list(marks.values())
    session.changed.emit()
    assert {m.id: m.owner for m in overlays.objective_marks()}["clervaux"] is Side.AXIS


def test_toggles_switch_the_overlays(qtbot, overlays):
    toggles = OverlayToggles(overlays)
    qtbot.addWidget(toggles)
    toggles.resize(300, 160)
    toggles.show()
    qtbot.waitExposed(toggles)
    for name, box in toggles.boxes.items():
        assert box.isChecked()
        assert getattr(overlays, name)
        with qtbot.waitSignal(overlays.changed):
            qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
        assert not getattr(overlays, name)
    overlays.set_zoc(True)
    assert toggles.boxes["zoc"].isChecked()
    assert toggles.grab().save("/tmp/shots/testplay_overlay_toggles.png")
