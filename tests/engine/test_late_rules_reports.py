"""The rules added last as `hexwright play` reports them and as `hexwright replay` plays them
again from a saved test-play: Explicit Supply resupply [000 10.4], a Corps Attachment changed
during play [000 9.1], a unit Fixed from a later turn [000 4.6], a minefield's casualties
[000 4.4] and Night Fatigue [000 9.3]. Each game is played turn by turn with the orders a player
gives, its report is the text `play` prints, and its orders go through the saved form (as
`.testplay.yaml` holds them) onto a fresh game, whose log `replay` prints the same."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pydantic import TypeAdapter

from editor.testplay.log_export import log_report
from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.report import format_turn_report, iter_turn_reports
from schemas.panzer_campaigns.testplay import RecordedOrder
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title
from tests.engine.test_attachments import _game as corps_game
from tests.engine.test_explicit_supply import SUPPLY

FAR = ".A " + ".  " * 12 + ".b"


def _supply() -> Game:
    title = ascii_title(
        ".S .A .  .b", units={"S": SUPPLY}, header={"optional_rules": ["explicit_supply"]}
    )
    game = Game(title.game(0))
    game.unit("A").low_ammo = True
    return game


def _fixed_later() -> Game:
    return Game(ascii_title(FAR, units={"A": {"fixed_from_turn": 2}}).game(0))


def _minefield() -> Game:
    mines = {"overlays": {"minefields": [{"hex": (1, 0), "strength": 3}]}}
    return Game(ascii_title(FAR, units={"A": {"strength": 300}}, scenario=mines).game(0))


def _night() -> Game:
    header = {"start": "1944-12-16 22:00", "optional_rules": ["night_fatigue"]}
    return Game(ascii_title(FAR, header=header).game(0))


def _no_orders(game: Game) -> None:
    del game


def _move_a_on_turn_1(game: Game) -> None:
    if game.turn == 1 and game.phasing is Side.ALLIED:
        game.move("A", [(1, 0)])


def _attach_at_midnight(game: Game) -> None:
    midnight = game.state.clock.is_midnight_turn(game.turn)
    if midnight and game.phasing is Side.ALLIED and game.superior_of("d1") == "c1":
        game.change_attachment("d1", "c2")


CASES: dict[str, tuple[Callable[[], Game], Callable[[Game], None], int, str]] = {
    "explicit supply": (_supply, _no_orders, 2, "supply units resupplied A from S (-5)"),
    "corps attachment": (corps_game, _attach_at_midnight, 3, "allied: d1 attached to c2 (was c1)"),
    "fixed from turn": (_fixed_later, _no_orders, 2, "now fixed: A"),
    "minefield": (_minefield, _move_a_on_turn_1, 1, "to minefield"),
    "night fatigue": (_night, _move_a_on_turn_1, 1, "gained night fatigue for acting at night"),
}


@pytest.mark.parametrize("case", CASES)
def test_play_reports_it_and_the_saved_orders_replay_it(case: str) -> None:
    new_game, give_orders, turns, text = CASES[case]
    played = new_game()
    report = "\n".join(format_turn_report(r) for r in iter_turn_reports(played, turns, give_orders))
    assert text in report

    adapter: TypeAdapter[Any] = TypeAdapter(RecordedOrder)
    saved = [adapter.validate_python(recorded_order(o).model_dump()) for o in played.orders]
    replayed = new_game()
    for order in saved:
        replayed.apply(engine_order(order))
    assert text in log_report(replayed)
    assert log_report(replayed) == log_report(played)
