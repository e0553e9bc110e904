"""Who sees what in a Tactical GameX test-play (issue 19): the player at the screen sees its own
side's secret mines and airborne target hexes [003 8.2, 11.1], against the computer its human
side's, in hot-seat the side to act's while the players pass the screen, everyone's otherwise;
the airborne side's setup step lists its lifts' target hexes to note."""

from __future__ import annotations

from pathlib import Path

from editor.tactical_gamex.document import open_situation
from editor.tactical_gamex.testplay.curtain import sees, viewer
from editor.tactical_gamex.testplay.session import TgxPlaySession
from editor.tactical_gamex.testplay.setup_panel import SetupPanel
from engine.tactical_gamex.orders import FinishSetup, PlaceMarker
from schemas.vocabulary import Side
from tests.tiny_tgx import tiny_airborne_data, write_tiny_tgx


def _airborne(tmp_path: Path) -> Path:
    data = tiny_airborne_data()
    return write_tiny_tgx(tmp_path, data)


def test_the_player_at_the_screen_sees_its_own_secrets(qapp, tmp_path: Path) -> None:
    document = open_situation(_airborne(tmp_path))
    session = TgxPlaySession(document, 0, (), setup_phase=True)
    game = session.game
    assert game.acting is Side.ALLIED  # the Soviets place their block first [003 11.1]
    assert viewer(session, passing=True) is Side.ALLIED
    assert not sees(session, True, Side.AXIS)
    assert viewer(session, passing=False) is None  # one designer at the screen sees all
    assert sees(session, False, Side.AXIS)

    panel = SetupPanel()
    panel.follow(session)
    names = {name: spot for spot, name in game.state.board.names.items()}
    session.give(PlaceMarker(0, names["B C1"]))
    session.give(FinishSetup())
    panel.refresh()
    rows = [panel.choices.item(i).text() for i in range(panel.choices.count())]
    assert rows == ["target of plane — at B D3"]  # the airborne step: its lifts' targets
    assert panel.choice() == ("target", "plane")
    assert panel.area() == frozenset()  # any hex of the board: nothing tinted
    assert viewer(session, passing=True) is Side.AXIS  # the Germans note it, secretly
    assert sees(session, True, Side.AXIS)

    session.set_computer({Side.AXIS})  # the computer notes its targets and sets up
    assert game.acting is Side.ALLIED
    assert viewer(session, passing=True) is Side.ALLIED  # against the computer: your side
    assert not sees(session, True, Side.AXIS)
