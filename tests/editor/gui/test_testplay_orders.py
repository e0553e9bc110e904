"""A tester's orders in a test-play: a move taken back puts the unit where it was (but not under
Fog of War), the session's optional rules change the game and not the scenario, and the orders of
one session replay the same game in another."""

from __future__ import annotations

import pytest

from editor.document import Document
from editor.testplay.play_settings import TestPlaySettings
from editor.testplay.session import TestPlaySession
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import EndPlayerTurn, Move
from schemas.io import dump_text
from schemas.vocabulary import OptionalRule

Offset = tuple[int, int]


def _a_move(session: TestPlaySession) -> tuple[str, list[Offset]]:
    """The first unit of the side to move that can move, and a path to its farthest hex."""
    game = session.game
    for unit in game.iter_units(game.phasing):
        moves = game.legal_moves(unit.id)
        if moves:
            target = max(moves, key=lambda hex_: moves[hex_])
            return unit.id, game.path_to(unit.id, target)
    raise AssertionError("no unit of the side to move can move")


def _shadow_hex(session: TestPlaySession, unit_id: str) -> Offset:
    (placed,) = [p for p in session.shadow.scenario.placements if p.unit == unit_id]
    return tuple(placed.hex)  # type: ignore[return-value]


def test_undo_puts_the_unit_back_where_it_started(qtbot, document: Document) -> None:
    session = TestPlaySession.start(document, seed=1)
    unit_id, path = _a_move(session)
    logged = len(session.game.log)
    session.move(unit_id, path)
    assert _shadow_hex(session, unit_id) == path[-1]
    assert session.can_undo

    with qtbot.waitSignal(session.log_rewound):
        undone = session.undo()

    assert undone == Move(unit_id, tuple(path[1:]))
    assert _shadow_hex(session, unit_id) == path[0]
    assert session.game.unit(unit_id).mp_spent == 0
    assert len(session.game.log) == logged
    assert session.orders == []
    assert session.undo_refusal() == "no move of this player turn to take back"


def test_moves_cannot_be_taken_back_under_fog_of_war_or_after_the_turn(
    document: Document,
) -> None:
    # [000 5.0] "Unless Fog-of-War is in effect, you can undo movement"
    foggy = TestPlaySession.start(document, settings=TestPlaySettings(1, fog_of_war=True))
    unit_id, path = _a_move(foggy)
    foggy.move(unit_id, path)
    with pytest.raises(IllegalMove, match="Fog of War"):
        foggy.undo()
    assert _shadow_hex(foggy, unit_id) == path[-1]

    clear = TestPlaySession.start(document, seed=1)
    unit_id, path = _a_move(clear)
    clear.move(unit_id, path)
    clear.end_player_turn()
    assert not clear.can_undo


def test_the_session_starts_with_the_scenarios_optional_rules_and_may_change_them(
    document: Document,
) -> None:
    scenario_rules = set(document.scenario.header.optional_rules)
    before = dump_text(document.scenario)
    session = TestPlaySession.start(document, seed=4)
    assert session.settings == TestPlaySettings(4, frozenset(scenario_rules), fog_of_war=False)
    assert not session.game.state.is_rule_on(OptionalRule.LOCKING_ZOC)

    session.restart(
        settings=TestPlaySettings(9, frozenset({*scenario_rules, OptionalRule.LOCKING_ZOC}))
    )

    assert session.game.state.is_rule_on(OptionalRule.LOCKING_ZOC)
    assert session.seed == 9
    assert session.game.state.seed == 9
    assert dump_text(document.scenario) == before


def test_the_orders_of_one_session_replay_the_same_game(qtbot, document: Document) -> None:
    played = TestPlaySession.start(document, seed=3)
    unit_id, path = _a_move(played)
    played.move(unit_id, path)
    played.end_player_turn()
    second_id, second_path = _a_move(played)
    played.move(second_id, second_path)
    played.end_player_turn()
    played.end_player_turn()
    orders = played.orders
    assert orders[1] == EndPlayerTurn()

    replayed = TestPlaySession.start(document, seed=3)
    progress: list[tuple[int, int]] = []
    replayed.replay_progress.connect(lambda done, total: progress.append((done, total)))
    replayed.replay(orders)
    assert replayed.is_busy
    qtbot.waitUntil(lambda: not replayed.is_busy, timeout=20_000)

    assert progress[0] == (0, len(orders))
    assert progress[-1] == (len(orders), len(orders))
    assert replayed.game.log == played.game.log
    assert _shadow_hex(replayed, second_id) == second_path[-1]
    assert (replayed.game.turn, replayed.game.phasing) == (played.game.turn, played.game.phasing)


def test_a_replay_stops_at_the_first_refused_order_and_says_which(
    qtbot, document: Document
) -> None:
    session = TestPlaySession.start(document, seed=3)
    unit_id, path = _a_move(session)
    orders = [EndPlayerTurn(), Move(unit_id, tuple(path[1:]))]  # not this side's turn any more

    with qtbot.waitSignal(session.failed) as failed:
        session.replay(orders)

    assert failed.args[0].startswith(f"order 2 (move {unit_id} to ")
    assert "player turn" in failed.args[0]
    assert not session.is_busy
    assert session.orders == [EndPlayerTurn()]
