"""Carry and Uncarry in a test-play [001 "Carry/Uncarry"]: the Move options' buttons say why
not, carry a foot unit of the hex onto a vehicle unit and set it down; the map marks the
carrier and Hex Info names its passenger. The Road to Bastogne is a Panzer Campaigns title, so
its game is switched to the Panzer Battles rules profile."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.docks.hex_info import HexInfoDock
from editor.document import Document
from editor.selection import Selection
from editor.testplay.carry_marks import carry_marks, carry_notes
from editor.testplay.move_panel import MovePanel
from editor.testplay.move_tool import TestPlayMoveTool
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.orders import Carry, Uncarry
from engine.panzer_campaigns.ruleset import profile_of
from engine.panzer_campaigns.state import other_side
from schemas.panzer_campaigns.oob import Component
from schemas.vocabulary import MovementClass, Ruleset


def test_the_move_options_carry_a_foot_unit_and_set_it_down(
    qtbot, document: Document, selection: Selection
) -> None:
    session = TestPlaySession.start(document, seed=1)
    game = session.game
    tool = TestPlayMoveTool(selection)
    tool.set_session(session)
    panel = tool.options()
    assert isinstance(panel, MovePanel)
    qtbot.addWidget(panel)
    own = list(game.iter_units(game.phasing))
    carrier = max((u for u in own if u.is_vehicle), key=lambda u: u.strength)
    rider = next(
        u
        for u in own
        if u.unit.component is Component.MEN and u.unit.movement_class is MovementClass.FOOT
    )
    rider.strength = min(rider.strength, carrier.strength * 5)  # 5 riders a vehicle
    game.state.put(rider, carrier.hex)
    selection.select_units([carrier.id])
    carry, uncarry = panel.action_buttons["carry"], panel.action_buttons["uncarry"]
    assert not carry.isEnabled()
    assert "Panzer Battles" in carry.toolTip()
    game.state.profile = profile_of(Ruleset.PANZER_BATTLES)
    panel.refresh()
    assert carry.isEnabled()
    assert not uncarry.isEnabled()
    assert "carries no unit" in uncarry.toolTip()
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(carry, Qt.MouseButton.LeftButton)
    assert session.orders[-1] == Carry(carrier.id, (rider.id,))
    assert rider.carried_by == carrier.id
    hex_ = game.offset_of(carrier.hex)
    assert carry_marks(game, {carrier.id})[hex_] == 1
    assert carry_notes(game, carrier.id) == [f"carrying {rider.id}"]
    assert carry_notes(game, rider.id) == [f"rides on {carrier.id}"]
    assert carry_notes(game, carrier.id, viewer=other_side(game.phasing)) == []
    info = HexInfoDock(selection)
    qtbot.addWidget(info)
    info.unit_notes = lambda unit_id: carry_notes(game, unit_id)
    info.set_document(session.shadow)
    selection.select_hex(hex_)
    assert f"carrying {rider.id}" in info.text()
    assert uncarry.isEnabled()
    with qtbot.waitSignal(session.changed):
        qtbot.mouseClick(uncarry, Qt.MouseButton.LeftButton)
    assert session.orders[-1] == Uncarry(carrier.id)
    assert rider.carried_by is None
    assert carry_marks(game, {carrier.id}) == {}
