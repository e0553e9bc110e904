"""Fire and Assault in the test-play window: the modes and their keys, the target hexes
highlighted (direct and indirect fire told apart), the preview with every modifier named, the
refusals in the disabled buttons' tips, Escape and right-click leaving a mode, the losses
floating over the map with the D/B/X marks, and Fog of War keeping the preview, the score and the
exported log to what the side to move may know [000 5.0-5.2, 6.0-6.3, 8.1, 9.2, 12.0]."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from editor.main_window import MainWindow
from editor.map.view import MapView
from editor.testplay.combat_marks import CombatMarks, loss_text
from editor.testplay.combat_mode import FIRE
from editor.testplay.combat_preview import assault_rows, fire_rows
from editor.testplay.known_score import known_score
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.combat.events import Fired, LossesTaken
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.morale import morale_check_base
from engine.panzer_campaigns.sightings import Sight
from schemas.vocabulary import Side
from tests.editor.gui.feature_combat_title import (
    DEFENDERS,
    FRONT,
    GRENADIERS,
    GUNS,
    HQ,
    VILLAGE,
    write_combat_title,
)
from tests.editor.gui.feature_tool_input import hex_point, hover
from tests.editor.gui.windows import opened_window

DISRUPTING_SEED = 3
"""A seed with which the grenadiers' first fire disrupts the defenders (found once, kept)."""


@pytest.fixture
def combat_title(tmp_path: Path) -> Path:
    return write_combat_title(tmp_path / "combat")


@pytest.fixture
def window(qtbot, combat_title: Path) -> MainWindow:
    win = opened_window(qtbot, combat_title, size=(1280, 720))
    return win


def playing(window: MainWindow, **settings: object) -> TestPlaySession:
    assert window.testplay.start(settings=TestPlaySettings(**settings))  # type: ignore[arg-type]
    session = window.testplay.session
    assert session is not None
    window.testplay.tool.selection.select_units([])
    return session


def pick(window: MainWindow, unit: str) -> MapView:
    """Select a unit on the map, as a click on its counter does, and show its hex."""
    view = window.map_view
    session = window.testplay.session
    assert session is not None
    hex_ = session.game.offset_of(session.game.unit(unit).hex)
    view.set_zoom(60.0)
    view.center_on(hex_)
    window.selection.select_hex(hex_)
    window.selection.select_units([unit])
    assert window.testplay.tool.unit_id == unit
    return view


def key(window: MainWindow, qtbot, text: str) -> None:
    window.map_view.setFocus()
    qtbot.keyClick(window.map_view, Qt.Key.Key_Escape if text == "Escape" else text)


def test_fire_mode_outlines_direct_and_indirect_targets_and_escape_leaves_it(window, qtbot):
    session = playing(window, seed=1)
    view = pick(window, GRENADIERS)
    mode = window.testplay.tool.combat
    edge = hex_point(view, VILLAGE) + QPoint(0, round(view.zoom() * 0.4))  # below the counter
    before = view.grab().toImage().pixelColor(edge)
    key(window, qtbot, "F")
    assert mode.kind == FIRE
    assert mode.targets == {VILLAGE: CombatKind.DIRECT_FIRE}
    after = view.grab().toImage().pixelColor(edge)
    assert after.red() - after.blue() > before.red() - before.blue(), "washed in red"
    key(window, qtbot, "Escape")
    assert mode.kind is None
    assert window.selection.units == [GRENADIERS], "Escape leaves the mode, not the selection"
    pick(window, GUNS)
    key(window, qtbot, "F")
    assert mode.targets == {VILLAGE: CombatKind.INDIRECT_FIRE}
    qtbot.mouseClick(view, Qt.MouseButton.RightButton, pos=hex_point(view, (0, 0)))
    assert mode.kind is None, "a right-click leaves the mode"
    assert session.game.orders == []


def test_hovering_a_target_previews_the_fire_with_every_modifier_named(window, qtbot):
    session = playing(window, seed=1)
    view = pick(window, GRENADIERS)
    key(window, qtbot, "F")
    hover(view, hex_point(view, VILLAGE))
    panel = window.testplay.tool.options().combat.preview  # type: ignore[union-attr]
    preview = session.game.fire_preview(GRENADIERS, VILLAGE)
    assert preview is not None
    text = panel.text()
    assert "Target: us.1id.16ir.2 (2/16 Inf) in 2,2" in text
    assert f"Combat value: {preview.value:.1f} {preview.modifier_pct:+g}%" in text
    for modifier in preview.modifiers:  # the village's -20% at least
        assert f"Modifier: {modifier.describe()}" in text
    assert "-20% village" in text
    assert f"Losses: {preview.low:.0f} men to {preview.high:.0f} men" in text
    # loss / (loss + base) at both ends of the range [000 12.0]
    base = morale_check_base(session.game.state, session.game.unit(DEFENDERS))
    low, high = preview.low, preview.high
    chance = f"{round(100 * low / (low + base))}–{round(100 * high / (high + base))}%"
    assert f"Morale check: {chance} chance" in text
    assert "If checked: Morale 4: fails 2 in 6, then Disrupted" in text


def test_a_unit_that_cannot_fire_says_why_in_the_disabled_buttons_tip(window, qtbot):
    playing(window, seed=1)
    pick(window, HQ)
    action = window.testplay.tool.combat.fire_action
    assert not action.isEnabled()
    assert "HQs fire only at aircraft" in action.toolTip()
    key(window, qtbot, "F")
    assert window.testplay.tool.combat.kind is None
    pick(window, GRENADIERS)
    assert action.isEnabled()
    assert "Fire mode (F)" in action.toolTip()


def test_a_click_fires_the_losses_float_and_the_disrupted_unit_is_marked_d(window, qtbot):
    session = playing(window, seed=DISRUPTING_SEED)
    view = pick(window, GRENADIERS)
    marks: CombatMarks = window.testplay.overlays.marks
    key(window, qtbot, "F")
    said: list[str] = []
    window.testplay.tool.message.connect(said.append)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, VILLAGE))
    fired = [e for e in session.game.log if isinstance(e, Fired)]
    losses = [e for e in session.game.log if isinstance(e, LossesTaken)]
    assert [f.target for f in fired] == [DEFENDERS]
    assert losses[0].became == "disrupted"
    own = f"Fired at 2,2: {DEFENDERS} lost {losses[0].lost} men, disrupted"
    # The defenders may answer with opportunity fire [000 5.1]: its losses come after, named.
    assert said[-1] == own or said[-1].startswith(own + "; opportunity fire in return: ")
    assert session.game.unit(GRENADIERS).hex == session.game.hex_of(FRONT), "fired, not moved"
    # The target's losses float over it, and any return fire's over the firer.
    returned = losses[1:]
    assert [(f.hex, f.text) for f in marks.floats] == [
        (VILLAGE, loss_text(losses[0])),
        *((FRONT, loss_text(loss)) for loss in returned),
    ]
    marked = {VILLAGE: "D"}
    marked.update({FRONT: "D"} if any(loss.became == "disrupted" for loss in returned) else {})
    assert marks.states() == marked
    log = window.testplay.dock.log_model  # type: ignore[union-attr]
    shown = [log.event_at(row) for row in range(log.rowCount())]
    assert fired[0] in shown
    assert losses[0] in shown
    # The float fades out; the D stays.
    marks.clock = lambda: 1e9
    marks._tick()
    assert marks.floats == []
    assert marks.states() == marked


def test_under_fog_of_war_an_unknown_target_is_a_question_mark_with_no_losses(window, qtbot):
    session = playing(window, seed=1, fog_of_war=True)
    game = session.game
    preview = game.fire_preview(GUNS, VILLAGE)
    assert preview is not None
    hidden = replace(preview, unknown=True)
    rows = dict(fire_rows(game, hidden))
    assert rows["Target"] == "? in 2,2"
    assert rows["Losses"] == "not known: the target is Unknown"
    assert DEFENDERS not in str(rows)
    assert "Morale check" not in rows


def test_under_fog_of_war_the_score_and_the_export_hold_what_the_side_may_know(
    window, qtbot, tmp_path: Path
):
    session = playing(window, seed=1, fog_of_war=True)
    game = session.game
    session.fire(GRENADIERS, VILLAGE)
    loss = next(e for e in game.log if isinstance(e, LossesTaken))
    assert loss.points > 0
    # The Axis saw its fire land: the loss is in its score and its log.
    assert known_score(session).axis == game.score().axis
    assert loss in session.known_log()
    assert window.testplay.overlays.marks.floats, "the Axis sees its fire's result float"
    session.end_player_turn()  # the Allies to move: they know their loss, not the fire's details
    assert session.viewer is Side.ALLIED
    assert window.testplay.overlays.marks.floats == [], "not the Axis's floats behind the curtain"
    assert known_score(session).axis == game.score().axis, "an own loss is known"
    assert loss in session.known_log()
    assert not [e for e in session.known_log() if isinstance(e, Fired)]
    path = tmp_path / "log.csv"
    assert window.testplay.export_log(path)
    exported = path.read_text(encoding="utf-8")
    assert "fired" not in exported
    assert loss.describe() in exported
    report = tmp_path / "log.txt"
    assert window.testplay.export_log(report)
    assert "Fog of War: only what the allied player may know." in report.read_text("utf-8")
    score_label = window.testplay.dock.score_label  # type: ignore[union-attr]
    assert "as the allied player knows it" in score_label.text()


def test_under_fog_of_war_an_enemy_loss_the_side_did_not_see_is_not_in_its_score(window):
    session = playing(window, seed=1, fog_of_war=True)
    game = session.game
    session.fire(GRENADIERS, VILLAGE)
    loss = next(e for e in game.log if isinstance(e, LossesTaken))
    # The same loss read as if the fire had been at an Unknown: the Axis would not know it.
    fired = next(e for e in game.log if isinstance(e, Fired))
    assert not session.may_know(loss, replace(fired, unknown=True))
    assert session.may_know(loss, fired)
    assert session.known([fired, loss]) == [True, True]


TAKING_SEED = 13
"""A seed with which the grenadiers' fire disrupts the defenders and their assault then takes
the village (found once, kept)."""


def test_assault_mode_previews_both_sides_and_a_ctrl_click_joins_or_is_refused(window, qtbot):
    session = playing(window, seed=1)
    game = session.game
    view = pick(window, GRENADIERS)
    mode = window.testplay.tool.combat
    assert window.testplay.tool.combat.assault_action.isEnabled()
    key(window, qtbot, "A")
    assert mode.kind == "assault"
    assert mode.targets == {VILLAGE: CombatKind.ASSAULT}
    hover(view, hex_point(view, VILLAGE))
    rows = dict(mode.rows)
    odds = game.assault_odds(VILLAGE, [GRENADIERS])
    assert odds is not None
    assert rows["Defenders"] == "us.1id.16ir.2 (2/16 Inf) in 2,2"
    assert rows["Attack value"] == f"{odds.value:.1f}"
    assert rows["Defence value"] == f"{odds.defender_value:.1f}"
    assert rows["Odds"] == f"{odds.value / odds.defender_value:.2g} : 1"
    assert rows["Retreat"].startswith(f"{round(odds.retreat_chance * 100)}%")
    assert (
        rows["Defender losses"]
        == f"{odds.defender_low:.0f}–{odds.defender_high:.0f} men-equivalents"
    )
    checks = [value for caption, value in mode.rows if caption == "Morale check"]
    assert checks == [
        f"{u} {round(c * 100)}%" for u, c in (*odds.defender_checks, *odds.attacker_checks)
    ]
    # The artillery has no assault value: Ctrl+click on its stack says so, and it stays out.
    said: list[str] = []
    window.testplay.tool.message.connect(said.append)
    guns_at = game.offset_of(game.unit(GUNS).hex)
    view.center_on(guns_at)
    qtbot.mouseClick(
        view,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.ControlModifier,
        hex_point(view, guns_at),
    )
    assert said[-1] == game.why_not_assault(GUNS)
    assert "no assault value" in said[-1]
    assert mode.joined == []
    assert window.selection.units == [GRENADIERS], "a Ctrl+click in the mode keeps the selection"
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert mode.kind is None
    assert game.orders == []


def test_a_unit_that_cannot_assault_says_why_in_the_disabled_buttons_tip(window):
    playing(window, seed=1)
    pick(window, GUNS)
    action = window.testplay.tool.combat.assault_action
    assert not action.isEnabled()
    assert action.toolTip() == "Cannot assault: de.12vgd.48.art has no assault value [000 6.1]"


def test_done_when_fire_assault_disruption_a_hex_taken_a_take_back_and_the_replay(
    window, qtbot, tmp_path: Path
):
    """The issue's test: in the window a unit fires and the target is seen disrupted (its D
    mark), units assault and take the hex (its objective changes hands on the map), a move is
    taken back before any roll, and the session's orders replayed give the same log."""
    session = playing(window, seed=TAKING_SEED)
    game = session.game
    controller = window.testplay
    # A move, taken back with the Take Back key before any die is rolled.
    view = pick(window, HQ)
    hq_at = game.offset_of(game.unit(HQ).hex)
    step = next(iter(game.legal_moves(HQ)))
    view.center_on(step)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, step))
    assert game.offset_of(game.unit(HQ).hex) == step
    assert controller.take_back_action.isEnabled()
    controller.take_back_action.trigger()
    assert game.offset_of(game.unit(HQ).hex) == hq_at
    assert game.orders == []
    # Fire: the defenders are disrupted, a D on their counter, and the score moves.
    score_label = controller.dock.score_label  # type: ignore[union-attr]
    score_before = score_label.text()
    axis_before = game.score().axis
    view = pick(window, GRENADIERS)
    key(window, qtbot, "F")
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, VILLAGE))
    assert game.unit(DEFENDERS).disrupted
    assert controller.overlays.marks.states()[VILLAGE] == "D"
    assert not controller.take_back_action.isEnabled(), "the fire's dice were seen"
    assert game.score().axis > axis_before
    assert score_label.text() != score_before
    assert f"axis {game.score().axis:g}" in score_label.text()
    # Assault: the grenadiers take the village and its objective.
    pick(window, GRENADIERS)
    key(window, qtbot, "A")
    said: list[str] = []
    controller.tool.message.connect(said.append)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=hex_point(view, VILLAGE))
    assault_losses = [e for e in game.log if isinstance(e, LossesTaken)][-2:]
    by_side = {e.side: f"{e.lost} {e.component}" for e in assault_losses}
    assert said[-1].startswith(
        f"Assault on 2,2: losses {by_side[Side.AXIS]} / {by_side[Side.ALLIED]} "
        "(attackers/defenders)"
    )
    assert "took 2,2" in said[-1]
    assert game.offset_of(game.unit(GRENADIERS).hex) == VILLAGE
    owners = {o.id: o.owner for o in session.shadow.scenario.objectives}
    assert owners["dorf"] is Side.AXIS
    objectives = controller.dock.objectives_model  # type: ignore[union-attr]
    rows = {objectives.index(r, 1).data(): r for r in range(objectives.rowCount())}
    assert objectives.index(rows["[2, 2]"], 2).data() == "Axis"
    floats = {f.hex for f in controller.overlays.marks.floats}
    assert VILLAGE in floats, "losses float over the taken hex"
    log = [e.describe() for e in game.log]
    assert any("fired" in line for line in log)
    assert any("assaulted" in line for line in log)
    assert any("took 2,2" in line for line in log)
    # Saved and replayed: the same log.
    record = tmp_path / "combat.testplay.yaml"
    assert controller.save_session(record)
    orders = list(game.orders)
    controller.stop()
    assert controller.open_session(record)
    replayed = controller.session
    assert replayed is not None
    qtbot.waitUntil(lambda: not replayed.is_replaying, timeout=10000)
    assert list(replayed.game.orders) == orders
    assert [e.describe() for e in replayed.game.log] == log


def test_under_fog_of_war_a_spotted_enemy_counter_wears_the_eye_badge(window, qtbot):
    session = playing(window, seed=1, fog_of_war=True)
    overlays = window.testplay.overlays
    assert overlays.sighting_marks()[VILLAGE] is Sight.SPOTTED
    view = pick(window, GRENADIERS)
    view.center_on(VILLAGE)
    zoom = view.zoom()
    radius = max(4.0, zoom * 0.14)
    centre = hex_point(view, VILLAGE)
    badge = QPoint(round(centre.x() - zoom * 0.3), round(centre.y() - zoom * 0.3 + radius * 0.8))
    marked = view.grab().toImage().pixelColor(badge)
    overlays.set_sightings(False)
    plain = view.grab().toImage().pixelColor(badge)
    assert marked.green() > max(marked.red(), marked.blue()), marked.name()
    assert marked != plain
    assert session.viewer is Side.AXIS


def test_a_joined_unit_that_cannot_assault_the_hex_is_listed_with_the_engines_reason(window):
    session = playing(window, seed=1)
    game = session.game
    pick(window, GRENADIERS)
    mode = window.testplay.tool.combat
    mode.enter("assault")
    hq_at = game.offset_of(game.unit(HQ).hex)
    assert game.why_not_assault(HQ) is None  # it may assault, but not the village from there
    mode.click(hq_at, control=True)
    assert mode.joined == [HQ]
    mode.hover(VILLAGE)
    reason = game.why_not_assault(HQ, VILLAGE)
    assert reason
    assert ("Refused", f"{HQ}: {reason}") in mode.rows
    assert [value for caption, value in mode.rows if caption == "Attackers"] == [
        f"{game.unit(GRENADIERS).id} (I./GR 48), 4 MP"
    ]
    mode.click(hq_at, control=True)  # a second Ctrl+click takes the stack out again
    assert mode.joined == []


def test_defenders_seen_only_as_unknown_give_away_none_of_their_numbers(window):
    session = playing(window, seed=1)
    game = session.game
    odds = game.assault_odds(VILLAGE, [GRENADIERS])
    assert odds is not None
    rows = assault_rows(game, replace(odds, unknown=True))
    text = str(rows)
    assert dict(rows)["Defenders"] == "? in 2,2"
    assert DEFENDERS not in text
    assert dict(rows)["Defence"] == "not known: the defenders are Unknown"
    for caption in ("Defence value", "Odds", "Defender losses", "Attacker losses", "Retreat"):
        assert caption not in dict(rows)


def test_an_eliminated_unit_floats_its_loss_with_an_x():
    event = LossesTaken(
        turn=1,
        unit=DEFENDERS,
        side=Side.ALLIED,
        kind="assault",
        nominal=612.0,
        lost=550,
        component="men",
        fatigue=0,
        morale_check=False,
        became=None,
        eliminated=True,
        finished_off=False,
        points=55.0,
    )
    assert loss_text(event) == "-550 men X"
    assert loss_text(replace(event, eliminated=False, became="broken", lost=3)) == "-3 men B"


def test_a_preview_names_no_unit_the_side_to_move_may_not_know(window):
    """Under Fog of War the previews name only units on the side's map: a target it does not
    know is "?" with no losses, defenders it does not know give nothing away."""
    session = playing(window, seed=1, fog_of_war=True)
    game = session.game
    fire = game.fire_preview(GRENADIERS, VILLAGE)
    odds = game.assault_odds(VILLAGE, [GRENADIERS])
    assert fire is not None
    assert odds is not None
    shown = {p.unit for p in session.shadow.scenario.placements}
    assert DEFENDERS in shown, "spotted next door: named"
    assert dict(fire_rows(game, fire, shown))["Target"].startswith(DEFENDERS)
    unseen = shown - {DEFENDERS}
    rows = dict(fire_rows(game, fire, unseen))
    assert rows["Target"] == "? in 2,2"
    assert rows["Losses"] == "not known: the target is Unknown"
    assault = dict(assault_rows(game, odds, unseen))
    assert assault["Defenders"] == "? in 2,2"
    assert "Odds" not in assault


def test_a_unit_with_no_enemy_in_range_says_so_in_the_fire_buttons_tip(window):
    session = playing(window, seed=1)
    session.end_player_turn()  # the Allies: 1/16 Inf at 1,2 has no enemy within its range 1
    pick(window, "us.1id.16ir.1")
    tip = window.testplay.tool.combat.fire_action.toolTip()
    assert tip == "Cannot fire: us.1id.16ir.1 has no enemy within range and in sight to fire at"
    pick(window, DEFENDERS)
    assert window.testplay.tool.combat.fire_action.isEnabled(), "the grenadiers are next door"
