"""The computer's engineers clear the minefield or block that bars its way [003 9.1, 9.2,
8.2, 8.5]: on a causeway over water, the only way to the exit edge, the engineer beside the
obstacle clears it while the tank behind waits out the turn, and the tank then drives through
and off the board; an engineer is not sent when the clearing would finish too late for the
exit, under fire it waits beside the mines while it has a turn to spare, and aboard a truck
it is driven beside them and set down; a minefield with
a way round it of less than an activation bars nothing; and a unit bound for the exit edge goes
round the mines and does not drive where the enemy's fire would likely destroy it."""

from __future__ import annotations

import pytest

from engine.tactical_gamex import computer_engineers
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.orders import ClearObstacle, ExitBoard, Move, Unload
from engine.tactical_gamex.state import VictoryCondition, VictoryKind, VictoryLevel
from engine.tactical_gamex.units import Unit
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import ENGINEERS, PZ4H, RIFLE, TRUCK_TYPE, board, state

CAUSEWAY = ["..~~~..", "..~~~..", ".......", "..~~~..", "..~~~.."]
"""Water in columns 2-4 but on row 2: the causeway is the only way west."""
OPEN = ["......."] * 5
WOODED = ["..WWW..", "..WWW..", ".......", "..WWW..", "..WWW.."]
"""The mines' way round is through a wood hex, one MP dearer for a tank."""
MINE = (3, 2)
WEST = tuple((0, r) for r in range(5))


def _game(rows: list[str], *, last_turn: int = 5, count: int = 1, seed: int = 3) -> TacticalGame:
    """Turn 1 of `last_turn`: the American engineer beside the mines at (3, 2), a tank behind
    it, `count` units to get off the west edge for a marginal victory; no enemy in sight."""
    units = [
        ("eng", Side.ALLIED, ENGINEERS, (4, 2)),
        ("tank", Side.ALLIED, PZ4H, (5, 2)),
    ]
    exit_ = VictoryCondition(Side.ALLIED, VictoryKind.EXIT, WEST, count=count, points=5)
    s = state(board(rows), units, victory=[exit_], last_turn=last_turn, seed=seed)
    s.levels = (VictoryLevel("American marginal", Side.ALLIED, 5),)
    s.counters.mines[MINE] = 2  # the 1:1 column
    s.first_initiative = Side.ALLIED
    return TacticalGame(s)


def _play_turn(game: TacticalGame, players: dict[Side, TgxComputerPlayer]) -> list[object]:
    """Every impulse of the turn under way; the orders given."""
    turn, given = game.turn, []
    while not game.is_over and game.turn == turn:
        given += players[game.acting].play_impulse(game)
    return given


@pytest.mark.parametrize("obstacle", ["mines", "block"])
def test_the_engineer_clears_the_causeway_and_the_tank_then_leaves_by_it(obstacle: str) -> None:
    """Blocks are removed as minefields are cleared [003 9.2, 8.5]."""
    game = _game(CAUSEWAY, count=2)
    if obstacle == "block":
        del game.state.counters.mines[MINE]
        game.state.counters.blocks.add(MINE)
    players = {side: TgxComputerPlayer(side) for side in Side}
    first = _play_turn(game, players)
    assert ClearObstacle("eng", MINE) in first
    # the tank kept out of the minefield the engineer was clearing (two attacks at 1:1)
    assert not any(isinstance(o, Move) and MINE in o.path for o in first)
    assert MINE not in game.state.counters.mines  # gone at Housekeeping [003 9.1]
    assert MINE not in game.state.counters.blocks
    later: list[object] = []
    while not game.is_over and game.turn <= 3:
        later += _play_turn(game, players)
    assert any(isinstance(o, Move) and o.unit == "tank" and MINE in o.path for o in later)
    assert ExitBoard("tank") in later
    assert sorted(game.state.exited[Side.ALLIED]) == ["eng", "tank"]


def test_no_engineer_is_sent_when_the_exit_could_not_follow_the_clearing() -> None:
    """With two turns left the mines would go at this turn's Housekeeping, and the tank would
    need the last turn to reach the edge and another to get off it: the clearing comes too
    late to count, and the engineer is kept out of the minefield; with five it clears."""
    early = _game(CAUSEWAY)
    assert computer_engineers.plan(early.state, Side.ALLIED, {}).clears == [
        ClearObstacle("eng", MINE)
    ]
    late = _game(CAUSEWAY, last_turn=2)
    plan = computer_engineers.plan(late.state, Side.ALLIED, {})
    assert plan.clears == []
    assert plan.kept == set()
    order = TgxComputerPlayer(Side.ALLIED)._next(late)
    assert order != ClearObstacle("eng", MINE)


def test_a_minefield_with_a_way_round_it_bars_nothing() -> None:
    """Through a wood the tank goes round the mines for one MP more: no engineer is needed."""
    game = _game(WOODED)
    assert computer_engineers.blockers(game.state, Side.ALLIED, {}) == []
    causeway = _game(CAUSEWAY)
    assert [b.hex for b in computer_engineers.blockers(causeway.state, Side.ALLIED, {})] == [MINE]


def test_the_tank_bound_for_the_exit_goes_round_the_mines() -> None:
    """With three turns left (one to the edge, one off it, one in hand) the tank leaves now,
    round the minefield through the wood rather than through the mines, which would attack it
    entering and leaving [003 8.2] (the way through them is an MP cheaper)."""
    game = _game(WOODED, last_turn=3)
    game.state.units["eng"].hex = (6, 0)  # no engineer beside the mines
    order = TgxComputerPlayer(Side.ALLIED)._next(game)
    assert isinstance(order, Move)
    assert order.unit == "tank"
    assert MINE not in order.path
    assert order.path[-1][0] == 0


def test_no_suicidal_run_for_the_exit() -> None:
    """A German Pz IV on the west edge would fire at the tank at the end of its move at 4:1
    (28 against 9, double strength within half range [003 6.3.6]): destroyed on a 1-4. The
    tank does not drive into that fire to leave; with the Pz IV disrupted it goes."""
    game = _game(OPEN, last_turn=3)
    game.state.units["eng"].hex = (6, 0)
    del game.state.counters.mines[MINE]
    game.state.units["pz"] = Unit("pz", Side.AXIS, "germany", PZ4H, (0, 4))
    game.state.spotted.add((0, 4))
    order = TgxComputerPlayer(Side.ALLIED)._next(game)
    assert not (isinstance(order, Move) and order.unit == "tank" and order.path[-1][0] <= 1)
    game.state.units["pz"].disrupted = True
    order = TgxComputerPlayer(Side.ALLIED)._next(game)
    assert isinstance(order, Move)
    assert order.unit == "tank"
    assert order.path[-1][0] == 0


def test_under_fire_the_engineer_waits_while_it_has_a_turn_to_spare() -> None:
    """A German rifle company three hexes from the mines, out of range of the engineer's hex
    beside them, would fire at it in the minefield at 1:1 (6 against 4): disrupted on a 1-4,
    and a disrupted engineer's clearing fails [003 9.1]. With turns to spare it waits beside
    the mines; on the last turn that still lets the tank get off, it goes in."""
    spare = _game(CAUSEWAY, last_turn=5)
    short = _game(CAUSEWAY, last_turn=3)
    for game in (spare, short):
        game.state.units["rifle"] = Unit("rifle", Side.AXIS, "germany", RIFLE, (1, 4))
        game.state.spotted.add((1, 4))
    waiting = computer_engineers.plan(spare.state, Side.ALLIED, {})
    assert waiting.clears == []
    assert "eng" in waiting.kept  # kept beside the mines, not sent elsewhere
    assert computer_engineers.plan(short.state, Side.ALLIED, {}).clears == [
        ClearObstacle("eng", MINE)
    ]


def test_the_engineers_truck_drives_it_beside_the_mines_and_sets_it_down() -> None:
    """Aboard a truck two hexes off, the engineer is driven next to the minefield and set
    down in the same activation [003 5.2.3], to clear it on the next turn."""
    game = _game(CAUSEWAY)
    s = game.state
    s.units["truck"] = Unit("truck", Side.ALLIED, "us", TRUCK_TYPE, (6, 2), passenger="eng")
    s.units["eng"].hex = (6, 2)
    s.units["eng"].carrier = "truck"
    player = TgxComputerPlayer(Side.ALLIED)
    drive = player._next(game)
    assert isinstance(drive, Move)
    assert drive.unit == "truck"
    assert s.board.adjacent(drive.path[-1], MINE)
    assert MINE not in drive.path
    game.apply(drive)
    assert player._next(game) == Unload("truck")
