"""The Tactical GameX side of the balance lab (`engine.balance`): one computer-against-computer
game of a situation kept as a `GameRecord` (the game `hexwright play SITUATION --allied computer
--axis computer --seed S` plays, so any game of a run is replayed by that command), and what its
records' levels and losses are. The workers, cluster, store, summary and comparison are the
lab's, shared with Panzer Campaigns."""

from __future__ import annotations

from pathlib import Path

from engine.balance.game_record import (
    GameRecord,
    RecordKind,
    compact,
    files_digest,
    kept_on_failure,
)
from engine.balance.playable import Playable
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.records import order_to_model, orders_from_json
from engine.tactical_gamex.state import Phase, TgxState, VictoryKind
from engine.tactical_gamex.victory import points
from schemas.tactical_gamex.loading import SituationBundle, load_situation
from schemas.vocabulary import Side

MAX_IMPULSES = 5000
"""A game stops here if it has not ended (it never should: passes end every turn)."""

LOSSES = ("units",)
"""A record's losses per side: the units eliminated, which the destroy conditions count
[003 4.4]."""

Offset = tuple[int, int]


def play_computer_game(bundle: SituationBundle, seed: int) -> TacticalGame:
    """A whole game of the computer against itself."""
    game = TacticalGame(state_of(bundle, seed, setup_phase=True))  # the computer sets up
    players = {side: TgxComputerPlayer(side) for side in Side}
    for _ in range(MAX_IMPULSES):
        if game.is_over:
            break
        players[game.acting].play_impulse(game)
    return game


def play_record(bundle: SituationBundle, seed: int) -> GameRecord:
    """One game of the computer against itself for `seed`, as the lab keeps it; a game that
    raised is kept as a record saying so."""
    return kept_on_failure(_play, bundle, seed)


def _play(bundle: SituationBundle, seed: int) -> GameRecord:
    game = TacticalGame(state_of(bundle, seed, setup_phase=True))  # as `play_computer_game`
    players = {side: TgxComputerPlayer(side) for side in Side}
    names = _hex_names(bundle, game.state)
    start: dict[str, str | None] | None = None
    scores: list[float] = []
    owners: list[dict[str, str | None]] = []
    for _ in range(MAX_IMPULSES):
        if game.is_over:
            break
        if start is None and game.phase is not Phase.SETUP:
            start = _owners(game.state, names)  # who holds what once both sides have set up
        turn = game.turn
        # Housekeeping ends a turn inside the last order of its impulses: what stands before the
        # next turn's first impulse is the end of the turn.
        players[game.acting].play_impulse(game)
        if game.turn != turn and not game.is_over:
            scores.append(_score(game.state))
            owners.append(_owners(game.state, names))
    result = game.result
    if result is None:
        raise RuntimeError(f"the game did not end within {MAX_IMPULSES} impulses")
    scores.append(float(result.score))
    owners.append(_owners(game.state, names))
    if start is None:
        start = owners[0]
    return GameRecord(
        seed=seed,
        outcome=result.outcome,
        score=float(result.score),
        turns=len(scores),
        score_by_turn=tuple(scores),
        owners_by_turn={key: tuple(o[key] for o in owners) for key in start},
        losses={side.value: {"units": game.state.eliminated[side]} for side in Side},
        arrivals={},
        owners_at_start=start,
        orders=tuple(compact(order_to_model(order)) for order in game.orders),
    )


def replayed_game(bundle: SituationBundle, record: GameRecord) -> TacticalGame:
    """A record's game played again from its orders, as `hexwright replay` plays its saved
    game: on the same version and seed it is the very game the record keeps. ValueError when an
    order does not read or the rules refuse it (another version of the situation)."""
    game = TacticalGame(state_of(bundle, record.seed, setup_phase=True))
    for order in orders_from_json(record.orders):
        game.apply(order)
    return game


def _score(state: TgxState) -> float:
    """The Allied points less the Axis points of the conditions met now [003 4.4]: the final
    score's measure, read at the end of each turn."""
    return float(points(state, Side.ALLIED) - points(state, Side.AXIS))


def _hex_names(bundle: SituationBundle, state: TgxState) -> dict[Offset, str]:
    """The victory hexes (of hold conditions) by their address as the situation writes it."""
    hexes = sorted({h for c in state.victory if c.kind is VictoryKind.HOLD for h in c.hexes})
    board = bundle.board
    found = {}
    for hex_ in hexes:
        name = board.address_of(*hex_) if board is not None else ""
        found[hex_] = name or f"{hex_[0]},{hex_[1]}"
    return found


def _owners(state: TgxState, names: dict[Offset, str]) -> dict[str, str | None]:
    """Each victory hex's occupier: the side with units in it alone, None if empty or shared."""
    held: dict[str, str | None] = {}
    for hex_, name in names.items():
        sides = {u.side for u in state.units_at(hex_)}
        held[name] = sides.pop().value if len(sides) == 1 else None
    return held


def record_kind(bundle: SituationBundle, state: TgxState) -> RecordKind:
    """The situation's levels, best for the Allies first: the Allied levels from the most
    points down, a draw, then the Axis levels from the fewest points up; a side's plain victory
    (`allied_victory`, `axis_victory`) where the situation grades none [003 4.4]."""
    allied = sorted((lv for lv in state.levels if lv.side is Side.ALLIED), key=lambda v: -v.points)
    axis = sorted((lv for lv in state.levels if lv.side is Side.AXIS), key=lambda v: v.points)
    first = [lv.name for lv in allied] or ["allied_victory"]
    last = [lv.name for lv in axis] or ["axis_victory"]
    sides = dict.fromkeys(first, "allied-win") | dict.fromkeys(last, "axis-win")
    return RecordKind(
        levels=(*first, "draw", *last),
        sides=sides | {"draw": "draw"},
        losses=LOSSES,
        early_endings=True,
        points={lv.name: lv.points for lv in state.levels},
    )


def playable(path: Path) -> Playable:
    """A situation as the balance lab plays it; ValueError naming the first error when it
    cannot be played."""
    bundle = load_situation(path)
    errors = [p for p in bundle.problems if p.is_error]
    if errors or not bundle.is_complete or bundle.model is None:
        first = errors[0].format() if errors else "a file it uses is missing"
        raise ValueError(f"{path}: the situation cannot be played: {first}")
    state = state_of(bundle, 0)
    return Playable(
        path,
        bundle.model.title,
        bundle,
        play_record,
        files_digest(bundle.files),
        record_kind(bundle, state),
        ".tgxplay.yaml",
    )
