"""Deception units in the test-play window [000 4.3]: on The Road to Bastogne with one Axis unit
flagged DECEPTION in its order of battle, the Move tool's Deception mode (D) outlines the hexes
within 3x the Deception Range, hovering one previews what the marker does there and a hex beyond
says why not, a click deploys it as a marker the side sees on the map, and the deployment is
saved, replayed and taken back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from editor.main_window import MainWindow
from editor.shortcuts import action_rows
from editor.testplay.deception_mode import DECEPTION
from editor.testplay.play_settings import TestPlaySettings
from engine.panzer_campaigns.orders import DeployDeception
from engine.panzer_campaigns.units import UnitStatus
from tests.conftest import SAMPLE_DATA
from tests.editor.gui.feature_tool_input import hex_point, hover
from tests.editor.gui.windows import opened_window

DECEIVER = "de.47pzk.vwb15"
"""A Werfer brigade alone on 47,53 at the start, made a deception unit for these tests."""
HOME = (47, 53)
RANGE = 4
"""The Ardennes title's Deception Range: deploy within 12 hexes [000 4.3]."""


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    title = tmp_path / "ardennes44"
    shutil.copytree(SAMPLE_DATA / "ardennes44", title)
    oob = title / "ardennes44.oob.yaml"
    lines = oob.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.strip() == f"id: {DECEIVER}")
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    lines.insert(at + 1, f"{indent}deception: true\n")
    oob.write_text("".join(lines), encoding="utf-8")
    scenario = title / "scenarios" / "road_to_bastogne.scenario.yaml"
    win = opened_window(qtbot, scenario, size=(1280, 720))
    return win


def test_a_deception_unit_is_deployed_from_the_map_saved_and_replayed(window, qtbot, tmp_path):
    controller = window.testplay
    assert controller.start(settings=TestPlaySettings(seed=1))
    session = controller.session
    assert session is not None
    game = session.game
    mode = controller.tool.combat
    assert game.deception_units() == [DECEIVER]  # Axis moves first
    rows = {(row.where, row.keys, row.what) for row in action_rows(window)}
    assert ("Play", "D", "Deception") in rows  # the Keyboard Shortcuts page lists it
    view = window.map_view
    view.set_zoom(50.0)
    view.center_on(HOME)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, HOME))
    assert controller.tool.unit_id == DECEIVER
    view.setFocus()
    qtbot.keyClick(view, "D")
    assert mode.kind == DECEPTION
    assert mode.deceiver == DECEIVER
    reach = 3 * RANGE
    assert mode.targets
    assert all(
        game.state.board.distance(game.hex_of(HOME), game.hex_of(h)) <= reach for h in mode.targets
    )
    assert (
        max(game.state.board.distance(game.hex_of(HOME), game.hex_of(h)) for h in mode.targets)
        == reach
    )
    target = (HOME[0] - 6, HOME[1])
    assert target in mode.targets
    hover(view, hex_point(view, target))
    text = controller.tool.options().combat.preview.text()  # type: ignore[union-attr]
    assert f"Distance: 6 of {reach} hexes (3x the Range)" in text
    assert "Detection: 25% each turn near the enemy" in text
    assert "Redeploy: only on the midnight turn, within 2x the Range" in text
    beyond = (HOME[0] - reach - 1, HOME[1])
    view.center_on(beyond)
    hover(view, hex_point(view, beyond))
    text = controller.tool.options().combat.preview.text()  # type: ignore[union-attr]
    assert f"Why not: {reach + 1} hexes away: {DECEIVER} deploys within {reach} hexes" in text
    view.center_on(target)
    said: list[str] = []
    controller.tool.message.connect(said.append)
    edge = hex_point(view, target) + QPoint(round(view.zoom() * 0.3), 0)
    before = view.grab().toImage().pixelColor(edge)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, target))
    assert said[-1] == f"axis deception unit {DECEIVER} deployed at [{target[0]}, {target[1]}]"
    assert game.orders[-1] == DeployDeception(DECEIVER, target)
    assert game.unit(DECEIVER).status is UnitStatus.DEPLOYED
    assert game.deception_markers() == {DECEIVER: target}
    assert mode.kind is None  # deployed this turn: nothing left to deploy
    assert not mode.deception_action.isEnabled()
    assert "redeploys only on the midnight turn" in mode.deception_action.toolTip()
    after = view.grab().toImage().pixelColor(edge)
    assert after != before, "the side sees its own marker on the map"
    # Saved and replayed: the marker stands where it was deployed.
    record = tmp_path / "deception.testplay.yaml"
    assert controller.save_session(record)
    orders = list(game.orders)
    controller.stop()
    assert controller.open_session(record)
    replayed = controller.session
    assert replayed is not None
    qtbot.waitUntil(lambda: not replayed.is_replaying, timeout=10000)
    assert list(replayed.game.orders) == orders
    assert replayed.game.deception_markers() == {DECEIVER: target}
    # A deployment rolls no die: it can be taken back.
    assert controller.take_back_action.isEnabled()
    controller.take_back()
    assert replayed.game.unit(DECEIVER).on_map
    assert replayed.game.deception_markers() == {}


def test_on_the_midnight_turn_the_mode_moves_a_marker_within_twice_the_range(window, qtbot):
    controller = window.testplay
    assert controller.start(settings=TestPlaySettings(seed=1))
    session = controller.session
    assert session is not None
    game = session.game
    marker = (HOME[0] + 4, HOME[1])  # behind the German line, far from the Americans
    session.deploy_deception(DECEIVER, marker)
    mode = controller.tool.combat
    session.end_player_turn()
    session.end_player_turn()
    assert not mode.deception_action.isEnabled()
    assert "redeploys only on the midnight turn" in mode.deception_action.toolTip()
    while not (game.state.clock.is_midnight_turn(game.state.turn) and game.acting.value == "axis"):
        session.end_player_turn()
    assert game.deception_markers() == {DECEIVER: marker}  # not detected, far from the enemy
    window.selection.select_units([])
    view = window.map_view
    view.setFocus()
    qtbot.keyClick(view, "D")
    assert mode.kind == DECEPTION
    assert mode.deceiver == DECEIVER  # no counter on the map: the marker is picked
    distances = [
        game.state.board.distance(game.hex_of(marker), game.hex_of(h)) for h in mode.targets
    ]
    assert max(distances) == 2 * RANGE  # [000 4.3] twice the Range to redeploy
    to = (marker[0] - 2 * RANGE, marker[1])
    assert to in mode.targets
    view.set_zoom(40.0)
    view.center_on(to)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, to))
    assert game.deception_markers() == {DECEIVER: to}
    assert game.orders[-1] == DeployDeception(DECEIVER, to)
    assert mode.kind is None  # once a player turn
