"""Test-play sessions: a tester starts The Road to Bastogne, moves a unit, ends turns until a
reinforcement comes on, takes an objective and restarts, while the map shows the game through
the shadow document and the scenario being edited stays as it was."""

from __future__ import annotations

import pytest

from editor.document import ChangeAction, Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.testplay.session import TestPlaySession
from editor.testplay.shadow import placements_of
from engine.panzer_campaigns.events import Arrived, ObjectiveCaptured
from engine.panzer_campaigns.movement import IllegalMove
from schemas.io import FileKind, dump_text, is_json
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import Side

Offset = tuple[int, int]


def _texts(document: Document) -> dict[FileKind, str]:
    return {
        slot.kind: dump_text(slot.model, as_json=is_json(slot.path)) for slot in document.slots()
    }


def _shadow_hex(session: TestPlaySession, unit_id: str) -> Offset | None:
    placed = [p for p in session.shadow.scenario.placements if p.unit == unit_id]
    assert len(placed) <= 1
    return tuple(placed[0].hex) if placed else None  # type: ignore[return-value]


def _farthest_move(session: TestPlaySession) -> tuple[str, Offset, float]:
    """A unit of the side to move and the legal hex it can reach that costs most."""
    game = session.game
    for unit in game.iter_units(game.phasing):
        moves = game.legal_moves(unit.id)
        if moves:
            target, cost = max(moves.items(), key=lambda item: item[1])
            return unit.id, target, cost
    raise AssertionError("no unit of the side to move can move")


@pytest.fixture
def session(qapp, document: Document) -> TestPlaySession:
    return TestPlaySession.start(document, seed=1)


def test_start_shows_the_scenario_as_placed(session: TestPlaySession, document: Document) -> None:
    game = session.game
    assert (game.turn, game.phasing, session.seed) == (1, Side.AXIS, 1)
    assert session.shadow is not document
    placed = {p.unit: tuple(p.hex) for p in session.shadow.scenario.placements}
    assert placed == {p.unit: tuple(p.hex) for p in document.scenario.placements}
    # The title files are the document's own models, not copies.
    assert session.shadow.map is document.map
    assert session.shadow.oob is document.oob
    assert not session.shadow.undo_stack.count()


def test_a_move_changes_the_game_and_the_shadow_but_never_the_document(
    qtbot, session: TestPlaySession, document: Document, selection: Selection
) -> None:
    before = _texts(document)
    view = MapView(selection)
    qtbot.addWidget(view)
    view.set_document(session.shadow)
    unit_id, target, cost = _farthest_move(session)
    start = session.game.offset_of(session.game.unit(unit_id).hex)
    path = session.game.path_to(unit_id, target)
    assert path[0] == start
    assert path[-1] == target

    changes = []
    session.shadow.changed.connect(changes.append)
    with qtbot.waitSignal(session.changed):
        session.move(unit_id, path)

    unit = session.game.unit(unit_id)
    assert session.game.offset_of(unit.hex) == target
    assert unit.mp_spent == pytest.approx(cost, abs=0.01)
    assert _shadow_hex(session, unit_id) == target
    assert [(c.path, c.action) for c in changes if c.path == ("placements",)] == [
        (("placements",), ChangeAction.SET)
    ]
    assert view.scene is not None
    assert view.scene.index.unit_hex[unit_id] == target  # the map view follows the shadow

    # An order the rules forbid (a unit of the side not moving) changes nothing.
    enemy = next(session.game.iter_units(Side.ALLIED))
    enemy_hex = enemy.hex
    with pytest.raises(IllegalMove, match="player turn"):
        session.move(enemy.id, [session.game.offset_of(enemy.hex)])
    assert enemy.hex == enemy_hex

    assert _texts(document) == before
    assert not document.is_dirty
    assert document.undo_stack.count() == 0


def test_a_mode_change_shows_in_the_shadow(session: TestPlaySession) -> None:
    game = session.game
    unit = next(
        u for u in game.iter_units(game.phasing) if u.mode is Mode.DEPLOYED and u.unit.speed
    )
    session.change_mode(unit.id, Mode.TRAVEL)
    assert game.unit(unit.id).mode is Mode.TRAVEL
    shown = next(p for p in session.shadow.scenario.placements if p.unit == unit.id)
    assert shown.mode is Mode.TRAVEL


def test_turns_bring_the_scheduled_reinforcement_at_its_hex(
    qtbot, session: TestPlaySession, document: Document
) -> None:
    before = _texts(document)
    reinforcement = next(r for r in session.scenario.reinforcements if r.id == "5fjd-guns")
    due = session.game.state.turn_of(reinforcement)
    assert due == 3
    assert all(_shadow_hex(session, u) is None for u in reinforcement.units)
    logged: list[object] = []
    session.events_added.connect(logged.extend)
    busy: list[bool] = []
    session.busy_changed.connect(busy.append)

    while not any(isinstance(e, Arrived) and e.reinforcement == "5fjd-guns" for e in logged):
        assert session.game.turn <= due, "the reinforcement did not arrive on its turn"
        events = session.end_player_turn()
        assert events == session.game.log[-len(events) :] if events else True

    assert session.game.turn == due
    assert busy[:2] == [True, False]
    for unit_id in reinforcement.units:
        assert _shadow_hex(session, unit_id) == tuple(reinforcement.hex)
    assert _texts(document) == before


def test_taking_an_objective_changes_its_owner_in_the_shadow(session: TestPlaySession) -> None:
    game = session.game
    unit_id, objective_id = "de.2pzd.pgr2.2bn", "noville"
    objective = next(o for o in game.state.objectives if o.id == objective_id)
    target = game.offset_of(objective.hex)
    assert objective.owner is Side.ALLIED
    # Noville is a day's march away: put the battalion two hexes short on its road there,
    # the one liberty this test takes with the game.
    road = game.path_to(unit_id, target, this_turn=False)
    game.state.put(game.unit(unit_id), game.hex_of(road[-3]))
    assert target in game.legal_moves(unit_id)

    events = session.move(unit_id, game.path_to(unit_id, target))

    assert [e.objective for e in events if isinstance(e, ObjectiveCaptured)] == [objective_id]
    assert game.objective_owners()[objective_id] is Side.AXIS
    shown = next(o for o in session.shadow.scenario.objectives if o.id == objective_id)
    assert shown.owner is Side.AXIS
    assert game.score().axis == objective.points


def test_restart_with_a_new_seed_starts_over(qtbot, session: TestPlaySession) -> None:
    unit_id, target, _ = _farthest_move(session)
    session.move(unit_id, session.game.path_to(unit_id, target))
    session.end_player_turn()
    session.end_player_turn()
    old_game = session.game

    with qtbot.waitSignals([session.restarted, session.changed]):
        session.restart(seed=7)

    assert session.game is not old_game
    assert (session.seed, session.game.turn, session.game.phasing) == (7, 1, Side.AXIS)
    start = {p.unit: tuple(p.hex) for p in session.scenario.placements}
    assert {p.unit: tuple(p.hex) for p in session.shadow.scenario.placements} == start
    assert session.shadow.scenario.placements == placements_of(session.game)
    session.restart()
    assert session.seed == 7


def test_advance_to_plays_turn_after_turn_then_stop_refuses_orders(
    qtbot, session: TestPlaySession
) -> None:
    busy: list[bool] = []
    session.busy_changed.connect(busy.append)
    session.advance_to(4)
    assert session.is_busy
    unit = next(session.game.iter_units(session.game.phasing))
    with pytest.raises(IllegalMove, match="being computed"):
        session.move(unit.id, [])
    qtbot.waitUntil(lambda: not session.is_busy)
    assert (session.game.turn, session.game.phasing) == (4, Side.AXIS)
    assert busy == [True, False]

    session.stop()
    with pytest.raises(IllegalMove, match="ended"):
        session.move(unit.id, [])
    assert session.end_player_turn() == []
