"""The test-play Move tool driven with the mouse on a map view of the session's shadow: pick a
unit, see its reachable hexes, preview a path, move by click and by drag, refusals, modes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.document import Document
from editor.map.view import MapView
from editor.selection import Selection
from editor.testplay import move_tool
from editor.testplay.attachment_button import target_choices as move_tool_choices
from editor.testplay.move_panel import MovePanel
from editor.testplay.move_tool import TestPlayMoveTool
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.movement import mp_left
from engine.panzer_campaigns.mp_text import left_text
from engine.panzer_campaigns.orders import ChangeAttachment, DamageRail, DigIn, Patrol, ReconSpot
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import OptionalRule, Side
from tests.editor.gui.feature_tool_input import drag, hex_point, hover, tool_view

UNIT = "de.2pzd.pgr2.1bn"
"""A mechanized battalion of 2. Panzer-Division near Clervaux, with many hexes in reach."""


@pytest.fixture
def session(document: Document) -> TestPlaySession:
    return TestPlaySession.start(document, seed=1)


@pytest.fixture
def tool(selection: Selection, session: TestPlaySession) -> TestPlayMoveTool:
    tool = TestPlayMoveTool(selection)
    tool.set_session(session)
    return tool


def start_hex(session: TestPlaySession, unit_id: str) -> tuple[int, int]:
    return session.game.offset_of(session.game.unit(unit_id).hex)


@pytest.fixture
def view(qtbot, session, selection, tool) -> MapView:
    return tool_view(qtbot, session.shadow, selection, tool, start_hex(session, UNIT))


def far_target(session: TestPlaySession, unit_id: str, view: MapView) -> tuple[int, int]:
    """The reachable hex costing the most that the view shows (a path of several steps)."""
    moves = session.game.legal_moves(unit_id)
    shown = [h for h in moves if view.rect().contains(hex_point(view, h))]
    return max(shown, key=lambda h: (moves[h], h))


def messages_of(tool: TestPlayMoveTool) -> list[str]:
    said: list[str] = []
    tool.message.connect(said.append)
    return said


def test_a_click_selects_the_units_of_the_side_to_move(qtbot, session, selection, tool, view):
    here = start_hex(session, UNIT)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, here))
    assert UNIT in selection.units
    assert tool.unit_id == selection.units[0]
    # Only the phasing side's units: an Allied hex selects nothing.
    allied = next(session.game.iter_units(Side.ALLIED))
    tool.cancel()
    assert tool.unit_id is None
    assert selection.units == []
    view.center_on(session.game.offset_of(allied.hex))
    qtbot.mouseClick(
        view, Qt.MouseButton.LeftButton, pos=hex_point(view, session.game.offset_of(allied.hex))
    )
    assert selection.units == []
    assert tool.unit_id is None


def test_reachable_hexes_are_the_legal_moves_and_hover_previews_the_path(
    qtbot, session, selection, tool, view
):
    selection.select_units([UNIT])
    assert tool.unit_id == UNIT
    assert tool.reachable() == session.game.legal_moves(UNIT)
    target = far_target(session, UNIT, view)
    said = messages_of(tool)
    with qtbot.waitSignal(tool.preview_changed):
        hover(view, hex_point(view, target))
    expected = session.game.path_to(UNIT, target, this_turn=True)
    assert len(expected) > 2
    assert tool.path == expected
    left = mp_left(session.game.state, session.game.unit(UNIT)) - tool.reachable()[target]
    assert said
    assert f"{left_text(left)} left" in said[-1]
    # Off the reachable hexes, no path is previewed.
    hover(view, hex_point(view, start_hex(session, UNIT)))
    assert tool.path == []


def test_a_click_on_a_reachable_hex_moves_the_unit(qtbot, session, selection, tool, view):
    here = start_hex(session, UNIT)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, here))
    target = far_target(session, UNIT, view)
    cost = session.game.legal_moves(UNIT)[target]
    before = mp_left(session.game.state, session.game.unit(UNIT))
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, target))
    assert start_hex(session, UNIT) == target
    assert mp_left(session.game.state, session.game.unit(UNIT)) == pytest.approx(before - cost)
    # The map shows the counter where the game has it; the reachable hexes are recomputed.
    assert session.shadow.scenario.placements
    assert view.scene is not None
    assert view.scene.index.unit_hex[UNIT] == target
    assert tool.reachable() == session.game.legal_moves(UNIT)
    assert tool.unit_id == UNIT


def test_a_drag_from_the_unit_moves_it(qtbot, session, tool, view):
    here = start_hex(session, UNIT)
    target = far_target(session, UNIT, view)
    path = session.game.path_to(UNIT, target, this_turn=True)
    with qtbot.waitSignal(session.changed):
        drag(qtbot, view, [hex_point(view, h) for h in path])
    assert start_hex(session, UNIT) == target != here


def test_an_unreachable_hex_says_why_and_changes_nothing(qtbot, session, selection, tool, view):
    here = start_hex(session, UNIT)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, here))
    moves = session.game.legal_moves(UNIT)
    # An empty hex in view beyond this turn's movement points.
    target = next(
        (c, r)
        for r in range(here[1] + 8, here[1] - 9, -1)
        for c in range(here[0] - 9, here[0] + 10)
        if (c, r) not in moves
        and (c, r) != here
        and session.game.state.units_at(session.game.hex_of((c, r))) == []
        and view.rect().contains(hex_point(view, (c, r)))
        and session.game.path_to(UNIT, (c, r), this_turn=False)
    )
    said = messages_of(tool)
    version = session.game.state.version
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, target))
    assert start_hex(session, UNIT) == here
    assert session.game.state.version == version
    assert said
    assert "movement points" in said[-1]
    assert UNIT in said[-1]


def test_escape_clears_the_selection(qtbot, session, selection, tool, view):
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, start_hex(session, UNIT)))
    hover(view, hex_point(view, far_target(session, UNIT, view)))
    assert tool.path
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert selection.units == []
    assert tool.unit_id is None
    assert tool.path == []
    assert tool.reachable() == {}


def test_the_options_page_changes_the_mode(qtbot, session, selection, tool):
    panel = tool.options()
    assert isinstance(panel, MovePanel)
    qtbot.addWidget(panel)
    assert not panel.mode_buttons[Mode.TRAVEL].isEnabled()
    selection.select_units([UNIT])
    unit = session.game.unit(UNIT)
    assert panel.mode_buttons[Mode.DEPLOYED].isChecked()
    assert panel.unit_label.text().startswith(UNIT)
    full = mp_left(session.game.state, unit)
    assert panel.mp_label.text() == left_text(full)
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(panel.mode_buttons[Mode.TRAVEL], Qt.MouseButton.LeftButton)
    assert unit.mode is Mode.TRAVEL
    assert panel.mode_buttons[Mode.TRAVEL].isChecked()
    assert panel.mode_label.text() == "Travel"
    # Out of travel mode costs a third of the allowance [000 4.1]; the page shows what is left.
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(panel.mode_buttons[Mode.DEPLOYED], Qt.MouseButton.LeftButton)
    assert unit.mode is Mode.DEPLOYED
    left = mp_left(session.game.state, unit)
    assert left < full
    assert panel.mp_label.text() == left_text(left)
    # Into rail mode where there is no railway: the engine's reason, nothing changes.
    said = messages_of(tool)
    qtbot.mouseClick(panel.mode_buttons[Mode.RAIL], Qt.MouseButton.LeftButton)
    assert unit.mode is Mode.DEPLOYED
    assert panel.mode_buttons[Mode.DEPLOYED].isChecked()
    assert said
    assert UNIT in said[-1]


def test_screenshot_of_a_path_preview(qtbot, session, selection, tool, view):
    view.set_zoom(56)
    view.center_on(start_hex(session, UNIT))
    selection.select_units([UNIT])
    target = far_target(session, UNIT, view)
    hover(view, hex_point(view, target))
    assert tool.path
    Path("/tmp/shots").mkdir(exist_ok=True)
    assert view.grab().save("/tmp/shots/testplay_move.png")


TENTHS = re.compile(r"\d+(\.\d)?")


def test_costs_and_points_left_read_in_tenths_never_promising_more(
    qtbot, session, tool, view, monkeypatch
):
    view.set_zoom(56)
    view.center_on(start_hex(session, UNIT))
    tool.selection.select_units([UNIT])
    moves = tool.reachable()
    assert any(round(cost, 1) != cost for cost in moves.values()), "costs with hundredths"
    painted: list[str] = []
    paint_text = move_tool._halo_text

    def noting(painter, box, text, color) -> None:
        painted.append(text)
        paint_text(painter, box, text, color)

    monkeypatch.setattr(move_tool, "_halo_text", noting)
    view.render_view()
    assert painted
    assert all(TENTHS.fullmatch(text) for text in painted), painted
    # Every hex's label rounds its cost up: a tenth at most above it, never below.
    for text in painted:
        assert any(0 <= float(text) - cost < 0.1 + 1e-9 for cost in moves.values())

    said = messages_of(tool)
    full = mp_left(session.game.state, session.game.unit(UNIT))
    target = next(h for h, cost in moves.items() if round(cost, 1) != cost)
    view.center_on(target)
    hover(view, hex_point(view, target))
    found = re.search(r": (\S+) MP, (\S+) left$", said[-1])
    assert found, said[-1]
    cost_shown, left_shown = found.groups()
    assert TENTHS.fullmatch(cost_shown)
    assert TENTHS.fullmatch(left_shown)
    assert 0 < float(cost_shown) - moves[target] < 0.1
    assert 0 < (full - moves[target]) - float(left_shown) < 0.1
    panel = tool.options()
    qtbot.addWidget(panel)
    assert TENTHS.fullmatch(panel.mp_label.text())


def test_the_options_page_orders_recon_spotting(qtbot, document, selection):
    rules = frozenset({OptionalRule.RECON_SPOTTING})
    session = TestPlaySession.start(document, settings=TestPlaySettings(1, rules))
    tool = TestPlayMoveTool(selection)
    tool.set_session(session)
    panel = tool.options()
    assert isinstance(panel, MovePanel)
    qtbot.addWidget(panel)
    game = session.game
    recon = next(u for u in game.iter_units(game.phasing) if u.unit.recon)
    other = next(u for u in game.iter_units(game.phasing) if not u.unit.recon)
    selection.select_units([other.id])
    assert not panel.recon_button.isEnabled()
    assert "not a reconnaissance unit" in panel.recon_button.toolTip()
    selection.select_units([recon.id])
    assert panel.recon_button.isEnabled()
    said = messages_of(tool)
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(panel.recon_button, Qt.MouseButton.LeftButton)
    assert recon.mp_spent > 0
    assert said[-1].startswith(f"{game.phasing.value} recon {recon.id}")
    assert isinstance(session.orders[-1], ReconSpot)
    assert not session.can_undo  # its dice revealed the enemy
    assert "recon spotting revealed the enemy" in (session.undo_refusal() or "")


def test_the_options_page_digs_in_and_says_why_a_unit_cannot_combine(qtbot, document, selection):
    session = TestPlaySession.start(document, seed=1)
    tool = TestPlayMoveTool(selection)
    tool.set_session(session)
    panel = tool.options()
    assert isinstance(panel, MovePanel)
    qtbot.addWidget(panel)
    game = session.game
    digger = next(u for u in game.iter_units(game.phasing) if game.can_dig_in(u.id))
    selection.select_units([digger.id])
    dig, combine, split = (panel.action_buttons[a] for a in ("dig_in", "combine", "break_down"))
    assert dig.isEnabled()
    assert not split.isEnabled()
    assert "not a combined unit" in split.toolTip()
    assert combine.isEnabled() == bool(game.combinable(digger.id))
    said = messages_of(tool)
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(dig, Qt.MouseButton.LeftButton)
    assert digger.digging_in
    assert said[-1].startswith(f"{digger.id} is digging in at")
    assert session.orders[-1] == DigIn(digger.id)
    assert not dig.isEnabled()
    assert "already digging in" in dig.toolTip()
    assert session.can_undo  # no die was rolled


def test_the_options_page_sends_a_unit_on_patrol_and_takes_it_back(qtbot, document, selection):
    """[000 4.2] a unit of men patrols for its whole allowance; a tank unit may not, and the
    button's tooltip says why."""
    session = TestPlaySession.start(document, seed=1)
    tool = TestPlayMoveTool(selection)
    tool.set_session(session)
    panel = tool.options()
    assert isinstance(panel, MovePanel)
    qtbot.addWidget(panel)
    game = session.game
    tank = next(u for u in game.iter_units(game.phasing) if u.is_vehicle)
    selection.select_units([tank.id])
    patrol = panel.action_buttons["patrol"]
    assert not patrol.isEnabled()
    assert "only units of men patrol" in patrol.toolTip()
    walker = next(u for u in game.iter_units(game.phasing) if game.why_not_patrol(u.id) is None)
    selection.select_units([walker.id])
    assert patrol.isEnabled()
    said = messages_of(tool)
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(patrol, Qt.MouseButton.LeftButton)
    assert walker.patrolling
    assert said[-1].startswith(f"{game.phasing.value} {walker.id} patrols around")
    assert session.orders[-1] == Patrol(walker.id)
    assert "already patrolling" in patrol.toolTip()
    session.undo()
    assert not walker.patrolling


def test_a_fire_cannot_be_taken_back_and_the_session_says_why(session):
    game = session.game
    firer = next(u.id for u in game.iter_units(game.phasing) if game.fire_targets(u.id))
    game.move(UNIT, game.path_to(UNIT, next(iter(game.legal_moves(UNIT)))))
    game.fire(firer, next(iter(game.fire_targets(firer))))
    assert not session.can_undo
    assert "the fire's dice have been seen" in (session.undo_refusal() or "")


def test_the_options_page_damages_the_rail_where_a_unit_may(qtbot, document, selection):
    """[000 4.4] Damage Rail is refused off the railway with the engine's reason as tooltip;
    on it, the unit damages the rail for 1/3 of its allowance and the order is recorded."""
    session = TestPlaySession.start(document, seed=1)
    tool = TestPlayMoveTool(selection)
    tool.set_session(session)
    panel = tool.options()
    assert isinstance(panel, MovePanel)
    qtbot.addWidget(panel)
    game = session.game
    button = panel.action_buttons["damage_rail"]
    units = list(game.iter_units(game.phasing))
    refused = next(u for u in units if game.why_not_damage_rail(u.id) is not None)
    selection.select_units([refused.id])
    assert not button.isEnabled()
    assert button.toolTip() == game.why_not_damage_rail(refused.id)
    wrecker = next(u for u in units if game.why_not_damage_rail(u.id) is None)
    selection.select_units([wrecker.id])
    assert button.isEnabled()
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert wrecker.hex in game.state.rail_damage
    assert session.orders[-1] == DamageRail(wrecker.id)


def test_the_options_page_attaches_a_division_to_another_corps_at_midnight(
    qtbot, document, selection
):
    """[000 9.1] Attach… names the selected unit's division; before midnight it is refused with
    the engine's reason, on the midnight turn its menu puts the division under another corps
    and the order is recorded."""
    session = TestPlaySession.start(document, seed=1)
    tool = TestPlayMoveTool(selection)
    tool.set_session(session)
    panel = tool.options()
    assert isinstance(panel, MovePanel)
    qtbot.addWidget(panel)
    game = session.game
    button = panel.attachment
    selection.select_units([UNIT])
    subject = game.attachment_subject(UNIT)
    assert subject == "de.2pzd"
    assert not button.isHidden()
    assert not button.isEnabled()
    assert "midnight" in button.toolTip()
    side = game.unit(UNIT).side
    while not game.state.clock.is_midnight_turn(game.turn) or game.acting is not side:
        game.end_player_turn()
    session.changed.emit()
    selection.select_units([UNIT])
    panel.refresh()
    assert button.isEnabled(), button.toolTip()
    before = game.superior_of(subject)
    target = game.attachment_targets(subject)[0]
    menu = move_tool_choices(game, subject)
    assert [t for _, t in menu] == game.attachment_targets(subject)
    assert menu[0][0].startswith("Attach 2. Panzer-Division to I. SS-Panzerkorps")
    assert button.text() == "Attach Division…"
    button.choose(0)
    assert game.superior_of(subject) == target != before
    assert session.orders[-1] == ChangeAttachment(subject, target)
