"""Air power in the test-play window [000 8.1, 8.3]: the panel lists the side's aircraft this
turn, the Move tool's Air mode (R) outlines the hexes worth a strike, hovering one previews the
AA fire, the chance of interception and the losses, and a click flies the strike through the
AA fire on The Road to Bastogne, logged and recorded."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from editor.main_window import MainWindow
from editor.testplay.air_mode import AIR
from editor.testplay.play_settings import TestPlaySettings
from engine.panzer_campaigns.air.events import AirMissionFlown, AntiAircraftFired
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.orders import AirStrike
from tests.conftest import SAMPLE_DATA
from tests.editor.gui.feature_tool_input import hex_point, hover
from tests.editor.gui.windows import opened_window

FIGHTERS = "us.9af.362fg"


@pytest.fixture
def scenario_name() -> str:
    return "road_to_bastogne"


@pytest.fixture
def window(qtbot, tmp_path: Path, scenario_name: str) -> MainWindow:
    title = tmp_path / "ardennes44"
    shutil.copytree(SAMPLE_DATA / "ardennes44", title)
    scenario = title / "scenarios" / f"{scenario_name}.scenario.yaml"
    win = opened_window(qtbot, scenario, size=(1280, 720))
    return win


def test_the_air_mode_flies_a_strike_through_aa_fire_on_the_ardennes_sample(window, qtbot):
    assert window.testplay.start(settings=TestPlaySettings(seed=1))
    session = window.testplay.session
    assert session is not None
    mode = window.testplay.tool.combat
    panel = window.testplay.dock
    assert panel is not None
    assert not mode.air_action.isEnabled()  # turn 1 is night: nothing flies
    assert "night" in mode.air_action.toolTip()
    for _ in range(3):  # to the Allied player turn of turn 2, at dawn
        session.end_player_turn()
    assert FIGHTERS in panel.air_label.toolTip()
    assert "1 of 1 available" in panel.air_label.toolTip()
    assert panel.air_label.text() == "1 of 1 aircraft"
    view = window.map_view
    view.set_zoom(60.0)
    window.map_view.setFocus()
    qtbot.keyClick(window.map_view, "R")
    assert mode.kind == AIR
    assert mode.aircraft == FIGHTERS
    assert mode.targets
    assert set(mode.targets.values()) == {CombatKind.AIR}
    target = next(h for h in mode.targets if session.game.air_preview(FIGHTERS, h).aa)  # type: ignore[union-attr]
    view.center_on(target)
    edge = hex_point(view, target) + QPoint(0, round(view.zoom() * 0.4))  # below the counter
    qtbot.keyClick(window.map_view, Qt.Key.Key_Escape)
    before = view.grab().toImage().pixelColor(edge)
    qtbot.keyClick(window.map_view, "R")
    after = view.grab().toImage().pixelColor(edge)
    assert after.blue() - after.red() > before.blue() - before.red(), "outlined in blue"
    hover(view, hex_point(view, target))
    text = window.testplay.tool.options().combat.preview.text()  # type: ignore[union-attr]
    assert "AA fire:" in text
    assert "Interception: 15% chance" in text
    assert "Aircraft lost:" in text
    assert "Losses:" in text
    said: list[str] = []
    window.testplay.tool.message.connect(said.append)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, target))
    assert said[-1].startswith(f"{FIGHTERS} flew at {target[0]},{target[1]}: "), said
    assert session.game.orders[-1] == AirStrike(FIGHTERS, target)
    log = session.game.log
    assert any(isinstance(e, AirMissionFlown) for e in log)
    assert any(isinstance(e, AntiAircraftFired) for e in log)
    assert "0 of 1 available" in panel.air_label.toolTip()
    assert panel.air_label.text() == "0 of 1 aircraft"
    assert mode.kind is None  # no aircraft left to fly: the mode is left
    assert not mode.air_action.isEnabled()


@pytest.mark.parametrize("scenario_name", ["into_the_ardennes"])
def test_ctrl_click_in_the_air_mode_picks_the_next_aircraft(window, qtbot):
    assert window.testplay.start(settings=TestPlaySettings(seed=1))
    session = window.testplay.session
    assert session is not None
    for _ in range(3):  # the Allied player turn of turn 2, at dawn
        session.end_player_turn()
    panel = window.testplay.dock
    assert panel is not None
    assert "3 of 3 available" in panel.air_label.toolTip()
    mode = window.testplay.tool.combat
    view = window.map_view
    view.setFocus()
    qtbot.keyClick(view, "R")
    assert mode.aircraft == "us.9af.365fg"
    click = hex_point(view, (0, 0))
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier, click)
    assert mode.aircraft == "us.9af.366fg"
    assert session.game.orders[-1].describe() == "end the player turn"  # nothing flew
