"""The Tactical GameX rows of `python -m bench`: line of sight from one hex to every hex of the
assembled sample board, and the computer player's slowest impulse of a whole game of the
sample situation (CPU seconds of this process, which other programs disturb least)."""

from __future__ import annotations

import time
from pathlib import Path

from bench.measure import Prepared, Title, measurement
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.los import has_los
from schemas.tactical_gamex.loading import load_situation
from schemas.vocabulary import Side

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "sample_data/tgx_steppe43/scenarios/hill-at-krasnaya-polyana.situation.yaml"

BUDGET_LOS = 0.02
BUDGET_IMPULSE = 0.5


@measurement("Tactical GameX: LOS from one hex over the assembled sample board", BUDGET_LOS)
def _los_from_one_hex(title: Title) -> Prepared:
    state = state_of(load_situation(SAMPLE), 0)
    grid = state.board.grid
    centre = (grid.width // 2, grid.height // 2)
    hexes = [(c, r) for r in range(grid.height) for c in range(grid.width)]

    def sweep() -> int:
        state.board.sight_cache.clear()  # trace every line, as the first look does
        return sum(has_los(state, centre, h) for h in hexes)

    return Prepared(
        sweep, f"line of sight from {centre} to each of the {len(hexes)} hexes of the board"
    )


@measurement("Tactical GameX computer player: one impulse on the sample (CPU)", BUDGET_IMPULSE)
def _slowest_impulse(title: Title) -> Prepared:
    bundle = load_situation(SAMPLE)

    def slowest() -> float:
        game = TacticalGame(state_of(bundle, 1))
        players = {side: TgxComputerPlayer(side) for side in Side}
        worst = 0.0
        while not game.is_over:
            start = time.process_time()
            players[game.acting].play_impulse(game)
            worst = max(worst, time.process_time() - start)
        return worst

    return Prepared(
        slowest,
        "the slowest impulse of a whole computer-against-computer game, seed 1 (its orders "
        "tried on copies and carried out)",
        reports_seconds=True,
    )
