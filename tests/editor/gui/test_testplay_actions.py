"""The miscellaneous actions in a test-play session of The Road to Bastogne [000 4.9]: a unit
digs in through the session, the log hears of it, and Take Back undoes it."""

from __future__ import annotations

from editor.document import Document
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.combat.dig_in import StartedDiggingIn


def test_a_unit_digs_in_through_the_session_and_is_taken_back(document: Document) -> None:
    session = TestPlaySession.start(document, seed=1)
    game = session.game
    digger = next(u.id for u in game.iter_units(game.phasing) if game.can_dig_in(u.id))
    heard: list[object] = []
    session.events_added.connect(heard.extend)
    session.dig_in(digger)
    assert [type(e) for e in heard] == [StartedDiggingIn]
    assert game.unit(digger).digging_in
    assert session.can_undo
    session.undo()
    assert not game.unit(digger).digging_in
    assert game.can_dig_in(digger)
