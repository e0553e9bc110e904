"""The test-play overlays on a map view of the session's shadow: supply values where the game
says, a cut supply line isolating units, the selected hex's supply line and the supply area,
the enemy's zones of control, objective owners, and the turn's arrivals and departures."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage

from editor import symbols
from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.testplay import supply_marks
from editor.testplay.overlays import (
    ISOLATED_COLOR,
    OverlayToggles,
    TestPlayOverlays,
    explicit_origin,
    supply_color,
)
from editor.testplay.session import TestPlaySession
from editor.testplay.supply_marks import AREA_ALPHA, LINE_COLOR, line_mark
from engine.panzer_campaigns.events import Withdrew
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.state import other_side
from engine.panzer_campaigns.supply import local_supply
from engine.panzer_campaigns.units import UnitStatus
from engine.panzer_campaigns.zoc import zoc_map
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title
from tests.engine.test_supply import ISLAND, _game

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
    toggles.resize(300, 230)
    toggles.show()
    qtbot.waitExposed(toggles)
    # The supply area and the line of sight start off: they would colour much of the map; the
    # A/I orders too, unless the window starts the test-play with them on in the editor.
    assert not toggles.boxes["supply_area"].isChecked()
    assert not overlays.supply_area
    assert not overlays.sight
    for name, box in toggles.boxes.items():
        on = name not in ("supply_area", "sight", "ai_orders")
        assert box.isChecked() is on
        assert getattr(overlays, name) is on
        with qtbot.waitSignal(overlays.changed):
            qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
        assert getattr(overlays, name) is not on
    overlays.set_zoc(True)
    assert toggles.boxes["zoc"].isChecked()
    assert toggles.grab().save("/tmp/shots/testplay_overlay_toggles.png")


# --- the selected hex's supply line ---------------------------------------------------------


def allied_to_move(session: TestPlaySession) -> None:
    session.end_player_turn()  # the Germans move first in this scenario
    assert session.game.phasing is Side.ALLIED


def blend(under: QColor, over: QColor, alpha: int) -> QColor:
    a = alpha / 255
    return QColor(
        *(
            round(u * (1 - a) + o * a)
            for u, o in zip(under.getRgb()[:3], over.getRgb()[:3], strict=True)
        )
    )


def test_the_selected_hex_shows_the_line_to_its_source(qtbot, session, selection):
    allied_to_move(session)
    overlays = TestPlayOverlays(selection=selection)
    overlays.set_session(session)
    game = session.game
    unit = next(
        u for u in game.iter_units(Side.ALLIED) if not u.isolated and u.id.startswith("us.28id")
    )
    at = game.offset_of(unit.hex)
    assert overlays.supply_line_text() == ""
    with qtbot.waitSignal(overlays.changed):
        selection.select_hex(at)
    mark = overlays.supply_line_mark()
    assert mark is not None
    assert mark.side is Side.ALLIED
    assert mark.hexes[0] == at
    # The line ends at the hex the scenario gives the source that supplies the unit.
    named = {s.id: tuple(s.hex) for s in session.scenario.supply.sources}
    assert mark.source == local_supply(game.state, Side.ALLIED).source_of(unit.hex)
    assert mark.hexes[-1] == named[mark.source]
    assert all(
        game.state.board.distance(game.hex_of(a), game.hex_of(b)) == 1
        for a, b in pairwise(mark.hexes)
    )
    text = overlays.supply_line_text()
    value = game.local_supply(Side.ALLIED)[at]
    assert text.startswith(
        f"Allied supply at [{at[0]}, {at[1]}]: {value} from source {mark.source}"
    )
    assert f"{len(mark.hexes) - 1} hexes away" in text

    # The line is drawn hex centre to hex centre: a point between two centres is line blue.
    middle = mark.hexes[len(mark.hexes) // 2]
    view = overlay_view(qtbot, session, selection, overlays, middle)
    overlays.set_supply(True)
    a, b = (view.hex_pixel(h) for h in mark.hexes[len(mark.hexes) // 2 : len(mark.hexes) // 2 + 2])
    between = (a + b) / 2
    with_line = view.render_view().pixelColor(between.toPoint())
    assert close(with_line, LINE_COLOR, 30)
    assert view.grab().save("/tmp/shots/overlays_supply_line.png")
    overlays.set_supply(False)
    assert not close(view.render_view().pixelColor(between.toPoint()), LINE_COLOR, 30)

    # Another hex, another line; undoing the selection takes the line away.
    with qtbot.waitSignal(overlays.changed):
        overlays.set_supply(True)
    selection.select_hex(named[mark.source])
    assert overlays.supply_line_mark().hexes == (named[mark.source],)
    selection.select_hex(None)
    assert overlays.supply_line_mark() is None
    assert overlays.supply_line_text() == ""


def test_an_isolated_hex_has_no_line(qtbot, session, selection):
    overlays = TestPlayOverlays(selection=selection)
    overlays.set_session(session)
    cut_the_line(session)
    selection.select_hex(CUT_OFF)
    mark = overlays.supply_line_mark()
    assert mark is not None
    assert mark.hexes == ()
    assert "Isolated" in overlays.supply_line_text()
    # The game moving on drops the cached line: the next turn's line is traced again.
    session.game.state.remove(session.game.unit(CUTTER), UnitStatus.ELIMINATED)
    session.changed.emit()
    assert overlays.supply_line_mark().hexes


# --- the supply area ------------------------------------------------------------------------


def test_the_supply_area_tints_hexes_by_band(qtbot, session, selection, overlays, monkeypatch):
    allied_to_move(session)
    game = session.game
    values = local_supply(game.state, Side.ALLIED)
    # An empty hex the Allies cannot supply (in the German zone of control), and one in full
    # supply, both empty so that no counter covers them.
    occupied = {game.offset_of(u.hex) for u in game.iter_units()}
    board = game.state.board
    empty = [
        (c, r)
        for c in range(2, board.width - 2)
        for r in range(2, board.height - 2)
        if (c, r) not in occupied and board.terrain_id(board.index(c, r)) == "clear"
    ]
    cut_off = next(
        h for h in empty if values.is_isolated(board.index(*h)) and (h[0] + 1, h[1]) in empty
    )
    view = overlay_view(qtbot, session, selection, overlays, cut_off)
    for name in ("supply", "isolated", "zoc", "objectives", "arrivals"):
        getattr(overlays, f"set_{name}")(False)
    shown = [
        h
        for h in empty
        if view.rect().adjusted(40, 40, -40, -40).contains(view.hex_pixel(h).toPoint())
    ]
    full = next(h for h in shown if values.value(board.index(*h)) >= 75)
    plain = view.render_view()
    overlays.set_supply_area(True)
    tinted = view.render_view()
    assert view.grab().save("/tmp/shots/overlays_supply_area.png")

    def at(image: QImage, hex_: tuple[int, int]) -> QColor:
        return image.pixelColor(view.hex_pixel(hex_).toPoint())

    assert close(at(tinted, cut_off), blend(at(plain, cut_off), supply_color(0), AREA_ALPHA), 6)
    assert at(tinted, full) == at(plain, full)  # full supply stays clear
    # Zoomed far out the tint is one image of the whole map, in the same colours.
    monkeypatch.setattr(supply_marks, "AREA_IMAGE_HEXES", 10)
    overlays.changed.emit()
    imaged = view.render_view()
    assert close(at(imaged, cut_off), at(tinted, cut_off), 6)
    assert close(at(imaged, full), at(plain, full), 6)


# --- arrivals and departures ----------------------------------------------------------------


def test_this_turns_arrivals_and_releases_are_marked(qtbot, session, selection, overlays):
    while (session.game.turn, session.game.phasing) != (5, Side.ALLIED):
        session.end_player_turn()
    game = session.game
    marks = overlays.turn_marks()
    (arrival,) = marks.arrivals
    assert (arrival.reinforcement, arrival.hex, arrival.protection) == ("10ad-ccb", (16, 79), 4)
    assert arrival.side is Side.ALLIED
    assert arrival.units == 6
    board = game.state.board
    center = board.index(16, 79)
    expected = {
        board.offset(h) for h in board.iter_within(center, 4) if board.distance(center, h) == 4
    }
    assert set(arrival.ring) == expected
    hq = game.unit("de.pzl.pglr901.hq")
    assert [(b.hex, b.text) for b in marks.badges] == [
        (game.offset_of(hq.hex), "Released: Panzergrenadier-Lehr-Regiment 901")
    ]

    ring_hex = next(h for h in arrival.ring if h[1] < 79)
    view = overlay_view(qtbot, session, selection, overlays, (16, 76))
    point = view.hex_pixel(ring_hex).toPoint()
    with_marks = view.render_view().pixelColor(point)
    assert view.grab().save("/tmp/shots/overlays_arrivals.png")
    overlays.set_arrivals(False)
    assert with_marks != view.render_view().pixelColor(point)
    assert close(with_marks, symbols.side_color(Side.ALLIED), 120)

    # The next game turn has marks of its own; the 10th Armored's are gone.
    session.end_player_turn()
    assert "10ad-ccb" not in [a.reinforcement for a in overlays.turn_marks().arrivals]


def test_a_withdrawal_is_marked_where_the_units_stood(session, overlays):
    game = session.game
    hq = game.unit("us.8c.hq")
    stood = game.offset_of(hq.hex)
    while not any(isinstance(e, Withdrew) for e in game.iter_log(game.turn)):
        session.end_player_turn()
    assert not hq.on_map
    badges = overlays.turn_marks().badges
    assert (stood, "Withdrawn: 1 unit") in [(b.hex, b.text) for b in badges]


def isolated_tags(view: MapView, monkeypatch) -> list[tuple[int, int]]:
    """The hexes the map draws an "Isolated" tag above, as it paints now."""
    tagged: list[tuple[int, int]] = []
    paint_label = supply_marks._label

    def noting(painter, anchor, text, edge) -> None:
        if text == "Isolated":
            below = anchor + QPointF(0, view.zoom() * 0.55)
            tagged.append(view.hex_at(below))
        paint_label(painter, anchor, text, edge)

    monkeypatch.setattr(supply_marks, "_label", noting)
    view.render_view()
    monkeypatch.setattr(supply_marks, "_label", paint_label)
    return tagged


def test_an_enemy_hex_shows_the_enemy_line_and_no_isolated_tag(
    qtbot, session, selection, monkeypatch
):
    # The Germans move first: selecting an American hex must not call it Isolated merely
    # because no German line of communication enters it.
    game = session.game
    assert game.phasing is Side.AXIS
    unit = next(
        u for u in game.iter_units(Side.ALLIED) if not u.isolated and u.id.startswith("us.28id")
    )
    at = game.offset_of(unit.hex)
    overlays = TestPlayOverlays(selection=selection)
    overlays.set_session(session)
    view = overlay_view(qtbot, session, selection, overlays, at)
    overlays.set_isolated(False)
    overlays.set_supply(True)
    selection.select_hex(at)
    mark = overlays.supply_line_mark()
    assert mark is not None
    assert mark.side is Side.ALLIED
    assert mark.hexes
    assert mark.hexes[0] == at
    assert "Isolated" not in overlays.supply_line_text()
    assert overlays.supply_line_text().startswith(f"Allied supply at [{at[0]}, {at[1]}]: ")
    assert isolated_tags(view, monkeypatch) == []


def test_the_isolated_tag_stands_on_the_isolated_side_units_whoever_moves(
    qtbot, session, selection, monkeypatch
):
    overlays = TestPlayOverlays(selection=selection)
    overlays.set_session(session)
    cut_the_line(session)  # the Americans at CUT_OFF are Isolated, and move now
    view = overlay_view(qtbot, session, selection, overlays, CUT_OFF)
    overlays.set_isolated(False)
    overlays.set_supply(True)
    selection.select_hex(CUT_OFF)
    assert overlays.supply_line_mark().isolated
    assert isolated_tags(view, monkeypatch) == [CUT_OFF]
    # The German unit that cuts the line is not Isolated: its own line shows, no tag.
    selection.select_hex(CUT_AT)
    mark = overlays.supply_line_mark()
    assert mark.side is Side.AXIS
    assert not mark.isolated
    assert isolated_tags(view, monkeypatch) == []
    # With the Germans to move, the American hex is still the Americans' and still Isolated.
    session.end_player_turn()
    assert session.game.phasing is Side.AXIS
    selection.select_hex(CUT_OFF)
    mark = overlays.supply_line_mark()
    assert mark.side is Side.ALLIED
    assert mark.isolated
    assert isolated_tags(view, monkeypatch) == [CUT_OFF]


def test_a_supply_value_with_hundredths_reads_without_trailing_zeros(
    session, overlays, monkeypatch
):
    # Under Virtual Supply Trucks a hex's value keeps hundredths [000 10.4].
    mark = supply_marks.SupplyLineMark(Side.ALLIED, (3, 4), 37.5, "s1", 80, ((3, 4), (3, 5)), True)
    monkeypatch.setattr(overlays, "supply_line_mark", lambda: mark)
    assert overlays.supply_line_text().startswith("Allied supply at [3, 4]: 37.5 from source s1")


def test_a_naval_hex_shows_half_the_global_value_not_a_line() -> None:
    """[000 10.2] naval units use half the Global value wherever they are, so selecting their
    hex names that value rather than tracing a line to a sea hex no line reaches."""
    title, state = _game(ISLAND, units={"B": {"naval": True, "movement_class": "naval"}})
    mark = supply_marks.line_mark(Game(state), title.positions["B"])
    assert (mark.naval, mark.value, mark.hexes) == (True, 40, ())
    assert not mark.isolated


def test_under_explicit_supply_the_line_only_keeps_the_hex_from_isolation():
    # [000 10.4] sources decide isolation only; the supply unit in range resupplies
    supply = {"supply_unit": True, "supply_range": 3, "component": "vehicles", "strength": 20}
    title = ascii_title(
        ".S .A .  .  .  .B", units={"S": supply}, header={"optional_rules": ["explicit_supply"]}
    )
    game = Game(title.game(0))
    near = line_mark(game, (1, 0))
    assert near.value == 80
    text = explicit_origin(game, near, "the map edge (80) at [0, 0]", "1 hex away")
    assert text.endswith("supply unit S 1 hex away")
    far = explicit_origin(game, line_mark(game, (5, 0)), "the map edge", "0 hexes away")
    assert far.endswith("no supply unit within range")
