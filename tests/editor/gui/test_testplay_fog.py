"""Fog of War that hides in test-play: the map, Hex Info, the log and the overlays show the side to
move only what it has spotted, a curtain passes the screen between player turns, and the Line of
sight overlay shows what a unit at the selected hex sees [000 4.8, 5.0]."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.document import Document
from editor.main_window import MainWindow
from editor.map.view import MapView
from editor.testplay.models import ArrivalsModel, LogModel
from editor.testplay.overlays import TestPlayOverlays
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session import TestPlaySession
from editor.testplay.shadow import placements_of
from engine.panzer_campaigns.events import ObjectiveCaptured, Released, Surrendered
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.sightings import Sight, Sighting
from engine.panzer_campaigns.state import other_side
from engine.panzer_campaigns.zoc import zoc_map
from schemas.panzer_campaigns.scenario import DayPhase
from tests.editor.gui.windows import opened_window

FOG = TestPlaySettings(seed=1, fog_of_war=True)


def placed(session: TestPlaySession) -> set[str]:
    return {p.unit for p in session.shadow.scenario.placements}


def spotted_enemies(game: Game) -> set[str]:
    seen = game.spotting(game.phasing)
    return {unit for unit, sighting in seen.items() if sighting.grade is Sight.SPOTTED}


def enemies(game: Game) -> set[str]:
    return {u.id for u in game.iter_units(other_side(game.phasing))}


def test_under_fog_of_war_the_map_shows_only_the_enemy_units_spotted(document: Document) -> None:
    session = TestPlaySession.start(document, settings=FOG)
    game = session.game
    own = {u.id for u in game.iter_units(game.phasing)}
    assert own <= placed(session)
    assert placed(session) & enemies(game) == spotted_enemies(game)
    assert enemies(game) - spotted_enemies(game), "the scenario starts with enemies out of sight"
    session.end_player_turn()  # the other side's knowledge now
    assert {u.id for u in game.iter_units(game.phasing)} <= placed(session)
    assert placed(session) & enemies(game) == spotted_enemies(game)


def test_without_fog_of_war_every_unit_is_shown(document: Document) -> None:
    session = TestPlaySession.start(document, seed=1)
    assert {u.id for u in session.game.iter_units()} <= placed(session)


def test_under_fog_of_war_the_log_shows_only_what_the_side_to_move_may_know(document) -> None:
    session = TestPlaySession.start(document, settings=FOG)
    session.end_player_turn()
    session.end_player_turn()  # a new game turn: both sides logged supply and command events
    game = session.game
    public = (ObjectiveCaptured, Surrendered)  # owners are on the map for both sides
    foreign = [
        e
        for e in game.log
        if getattr(e, "side", game.phasing) is not game.phasing and not isinstance(e, public)
    ]
    assert foreign, "the other side logged events of its own"
    model = LogModel()
    model.set_session(session)
    shown = [model.event_at(row) for row in range(model.rowCount())]
    assert shown
    assert not [e for e in shown if e in foreign]
    open_play = TestPlaySession.start(document, seed=1)
    open_play.end_player_turn()
    open_play.end_player_turn()
    plain = LogModel()
    plain.set_session(open_play)
    assert plain.rowCount() == len(open_play.game.log)


def test_unknown_enemy_units_are_a_question_mark_not_a_counter(document: Document) -> None:
    session = TestPlaySession.start(document, settings=FOG)
    overlays = TestPlayOverlays()
    overlays.set_session(session)
    game = session.game
    hidden = sorted(enemies(game) - spotted_enemies(game))[0]
    unit = game.unit(hidden)
    # A recon report that saw it only as Unknown [000 4.8].
    game.state.sightings[game.phasing][hidden] = Sighting(Sight.UNKNOWN, unit.hex, reported=True)
    session.changed.emit()
    assert game.offset_of(unit.hex) in overlays.unknown_marks()
    assert hidden not in {p.unit for p in placements_of(game, game.phasing)}


@pytest.fixture
def window(qtbot, ardennes: Path) -> MainWindow:
    win = opened_window(qtbot, ardennes, show=False)
    return win


def test_hex_info_lists_only_the_units_the_side_to_move_knows(window: MainWindow) -> None:
    assert window.testplay.start(settings=FOG)
    session = window.testplay.session
    assert session is not None
    game = session.game
    hidden = game.unit(sorted(enemies(game) - spotted_enemies(game))[0])
    own = next(iter(game.iter_units(game.phasing)))
    hex_info = window.docks["hex_info"]
    window.selection.select_hex(game.offset_of(own.hex))
    assert own.unit.name in hex_info.text()
    window.selection.select_hex(game.offset_of(hidden.hex))
    assert hidden.unit.name not in hex_info.text()
    window.testplay.stop()
    assert hex_info.document is window.document


def test_a_curtain_passes_the_screen_between_player_turns(qtbot, window: MainWindow) -> None:
    window.show()
    qtbot.waitExposed(window)
    assert window.testplay.start(settings=FOG)
    session = window.testplay.session
    curtain = window.testplay.curtain
    assert curtain is not None
    assert not curtain.is_down
    session.end_player_turn()
    assert curtain.is_down
    side = session.game.phasing.value.capitalize()
    assert side in curtain.label.text()
    assert curtain.geometry() == window.rect()
    window.grab().save("/tmp/shots/testplay_curtain.png")
    qtbot.mouseClick(curtain.button, Qt.MouseButton.LeftButton)
    assert not curtain.is_down
    window.testplay.stop()


def test_no_curtain_without_fog_of_war(window: MainWindow) -> None:
    assert window.testplay.start(settings=TestPlaySettings(seed=1))
    session = window.testplay.session
    session.end_player_turn()
    assert not window.testplay.curtain.is_down
    window.testplay.stop()


def test_the_line_of_sight_overlay_marks_seen_and_blocked_hexes(document, selection) -> None:
    session = TestPlaySession.start(document, seed=1)
    overlays = TestPlayOverlays(selection=selection)
    overlays.set_session(session)
    game = session.game
    while game.day_phase is not DayPhase.DAY:  # the scenario starts at night: sight of one hex
        session.end_player_turn()
    visibility = game.weather.effective_visibility
    assert visibility > 1
    # Some hex whose view is partly blocked: towns, woods or hills within visibility.
    unit = next(
        u for u in game.iter_units() if not all(game.sight_from(game.offset_of(u.hex)).values())
    )
    here = game.offset_of(unit.hex)
    selection.select_hex(here)
    overlays.set_sight(True)
    marks = overlays.sight_marks()
    assert marks[here]
    assert False in marks.values()
    assert all(game.state.board.distance(game.hex_of(h), unit.hex) <= visibility for h in marks)
    assert {h for h, seen in marks.items() if seen} == {h for h in marks if game.can_see(here, h)}


def test_under_fog_of_war_the_coming_arrivals_are_the_side_to_moves_own(document) -> None:
    open_play = ArrivalsModel()
    open_play.set_session(TestPlaySession.start(document, seed=1))
    assert len({arrival.side for arrival in open_play.rows}) == 2, "both sides have arrivals"
    session = TestPlaySession.start(document, settings=FOG)
    model = ArrivalsModel()
    model.set_session(session)
    assert model.rows
    assert {arrival.side for arrival in model.rows} == {session.game.phasing}


def test_under_fog_of_war_only_fortifications_in_sight_are_shown(document) -> None:
    session = TestPlaySession.start(document, settings=FOG)
    game = session.game
    every = game.state.scenario.overlays.fortifications
    for _ in range(2):  # each side in turn: the Allies hold them, the Axis sees none yet
        seen = [f for f in every if game.sight_of(game.phasing, tuple(f.hex)) is not None]
        assert session.shadow.scenario.overlays.fortifications == seen
        session.end_player_turn()
    assert {len(seen) for seen in _fortifications_by_side(session)} == {0, len(every)}


def _fortifications_by_side(session: TestPlaySession) -> list[list[object]]:
    shown = []
    for _ in range(2):
        shown.append(list(session.shadow.scenario.overlays.fortifications))
        session.end_player_turn()
    return shown


def test_without_fog_of_war_unseen_enemy_counters_are_veiled(qtbot, document, selection) -> None:
    session = TestPlaySession.start(document, seed=1)
    overlays = TestPlayOverlays(selection=selection)
    overlays.set_session(session)
    game = session.game
    marks = overlays.sighting_marks()
    enemy_hexes = {game.offset_of(u.hex) for u in game.iter_units(other_side(game.phasing))}
    assert set(marks) == enemy_hexes
    seen = game.spotting(game.phasing)
    for unit in game.iter_units(other_side(game.phasing)):
        if unit.id in seen:
            assert marks[game.offset_of(unit.hex)] is not None
    unseen = next(h for h, grade in marks.items() if grade is None)
    view = MapView(selection)
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.set_document(session.shadow)
    view.aids = overlays  # type: ignore[assignment]
    view.show()
    qtbot.waitExposed(view)
    view.set_zoom(48)
    view.center_on(unseen)
    point = view.hex_pixel(unseen)
    veiled = view.grab().toImage().pixelColor(point.toPoint())
    overlays.set_sightings(False)
    plain = view.grab().toImage().pixelColor(point.toPoint())
    assert veiled.lightness() > plain.lightness()


def test_under_fog_of_war_an_enemy_release_is_not_logged_even_with_no_unit_freed(
    document,
) -> None:
    session = TestPlaySession.start(document, settings=FOG)
    index = session.game.state.oob_index
    side = session.game.phasing
    organization = next(o for o, entry in index.organizations.items() if entry.side is side)
    release = Released(1, "r", organization, (), "scheduled")
    assert session.may_know(release)
    session.end_player_turn()
    assert not session.may_know(release)


def test_under_fog_of_war_the_zoc_overlay_shows_the_zones_of_seen_enemies_only(document):
    session = TestPlaySession.start(document, settings=FOG)
    overlays = TestPlayOverlays()
    overlays.set_session(session)
    game = session.game
    enemy = other_side(game.phasing)
    every = zoc_map(game.state, enemy)
    all_zones = {game.offset_of(h) for h in range(len(every)) if every[h]}
    seen = game.spotting(game.phasing)
    near_seen = {
        game.offset_of(n)
        for u in game.iter_units(enemy)
        if u.id in seen
        for n in game.state.board.neighbors[6 * u.hex : 6 * u.hex + 6]
        if n >= 0
    }
    shown = overlays.zoc_hexes()
    assert shown <= all_zones & near_seen
    assert shown < all_zones, "hidden enemies' zones are not shown"
