"""Engineers in a test-play window session of The Road to Bastogne [000 7.4]: the Move options
show the Engineer buttons for an engineer (their tooltips give the chance or the refusal), a
bridge is started through them, the log hears of it, the map marks the work under way, and
Take Back undoes it."""

from __future__ import annotations

from editor.document import Document
from editor.selection import Selection
from editor.testplay.engineering_marks import engineering_marks, engineering_notes
from editor.testplay.move_panel import MovePanel
from editor.testplay.move_tool import TestPlayMoveTool
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.engineering.events import WorkStarted

ENGINEER = "us.8c.35eng"
"""An Engineer Combat Battalion of VIII Corps beside a stream at 14,60."""


def test_an_engineer_starts_a_bridge_from_the_move_options(qtbot, document: Document) -> None:
    session = TestPlaySession.start(document, seed=1)
    session.end_player_turn()  # the Axis moves first; the Allied player turn now
    selection = Selection()
    tool = TestPlayMoveTool(selection)
    tool.set_session(session)
    panel = tool.options()
    assert isinstance(panel, MovePanel)
    qtbot.addWidget(panel)
    panel.show()
    selection.select_units([ENGINEER])
    buttons = panel.engineering.buttons
    assert panel.engineering.isVisible()
    assert buttons["bridge"].isEnabled()
    assert "25% a turn" in buttons["bridge"].toolTip()  # Allied Bridge Value 25%, Quality C
    assert not buttons["dismantle"].isEnabled()
    assert "no bridge to dismantle" in buttons["dismantle"].toolTip()
    heard: list[object] = []
    session.events_added.connect(heard.extend)
    said: list[str] = []
    tool.message.connect(said.append)
    panel.engineering.act("bridge", 0)
    assert [type(e) for e in heard] == [WorkStarted]
    assert "bridge under construction" in said[-1]
    game = session.game
    here = game.offset_of(game.unit(ENGINEER).hex)
    marks = engineering_marks(game, {ENGINEER})
    assert marks.badges[here] == "BR"
    assert [built for _, _, built in marks.bars] == [False]
    assert engineering_notes(game, ENGINEER) == ["bridge under construction (25% a turn)"]
    assert not buttons["bridge"].isEnabled()  # at work already
    session.undo()
    assert game.work_of(ENGINEER) is None
    # A unit with no engineering ability shows no Engineer buttons.
    other = next(
        u.id for u in game.iter_units(game.phasing) if not u.unit.engineer and u.unit.speed
    )
    selection.select_units([other])
    assert not panel.engineering.isVisible()
