"""Panzer Battles spotting in the test-play window [001 #10]: once the only spotter of the
artillery's regiment has fired, the Fire button of the artillery is off and its tip says why in
the manual's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.main_window import MainWindow
from editor.testplay.play_settings import TestPlaySettings
from schemas.io import load_file, save_file
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.vocabulary import Ruleset
from tests.editor.gui.feature_combat_title import GRENADIERS, GUNS, VILLAGE, write_combat_title
from tests.editor.gui.windows import opened_window


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    path = write_combat_title(tmp_path / "combat")
    scenario = load_file(path).model
    assert isinstance(scenario, ScenarioFile)
    header = scenario.header.model_copy(update={"ruleset": Ruleset.PANZER_BATTLES})
    save_file(scenario.model_copy(update={"header": header}), path)
    win = opened_window(qtbot, path, size=(1280, 720))
    return win


def test_artillery_whose_only_spotter_fired_says_why_it_cannot_fire(window, qtbot):
    assert window.testplay.start(settings=TestPlaySettings(seed=1))
    session = window.testplay.session
    assert session is not None
    mode = window.testplay.tool.combat
    window.selection.select_units([GUNS])
    assert mode.fire_action.isEnabled()
    assert VILLAGE in session.game.fire_targets(GUNS)
    session.fire(GRENADIERS, VILLAGE)
    window.selection.select_units([GUNS])
    assert not mode.fire_action.isEnabled()
    assert mode.fire_action.toolTip() == (
        f"Cannot fire: {GUNS} cannot fire indirectly at 2,2: no unit that may spot for "
        f"indirect fire sees 2,2 ({GRENADIERS} fired this turn) [001 #10]"
    )
