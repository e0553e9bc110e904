"""The Tactical GameX rows of `python -m bench`: line of sight from one hex to every hex of the
assembled sample board, the computer player's slowest impulse of a whole game of the sample
situation, and the same games drawing the Action Deck of Battlefield Chaos beside them with dice
(CPU seconds of this process, which other programs disturb least)."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from bench.measure import Prepared, Title, measurement
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.los import has_los
from schemas.tactical_gamex.loading import SituationBundle, load_situation
from schemas.tactical_gamex.vocabulary import OptionalRule
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


BUDGET_CARDS_RATIO = 1.1
"""A computer game drawing the Action Deck may cost at most this much more than with dice."""
CARD_SEEDS = (1, 2, 3)


def _with_chaos(bundle: SituationBundle) -> SituationBundle:
    """The sample with Battlefield Chaos switched on [003 24.0]: its tables hold the deck."""
    model = bundle.situation.model
    rules = [*model.optional_rules, OptionalRule.BATTLEFIELD_CHAOS]
    situation = replace(bundle.situation, model=model.model_copy(update={"optional_rules": rules}))
    return replace(bundle, situation=situation)


def _cpu_per_impulse(bundle: SituationBundle) -> float:
    """CPU seconds per impulse of whole computer-against-computer games, one a seed."""
    spent, impulses = 0.0, 0
    for seed in CARD_SEEDS:
        game = TacticalGame(state_of(bundle, seed))
        players = {side: TgxComputerPlayer(side) for side in Side}
        start = time.process_time()
        while not game.is_over:
            players[game.acting].play_impulse(game)
            impulses += 1
        spent += time.process_time() - start
    return spent / impulses


@measurement(
    "Tactical GameX: a computer game with the Action Deck, per impulse (CPU)", BUDGET_IMPULSE
)
def _cards_against_dice(title: Title) -> Prepared:
    dice = load_situation(SAMPLE)
    cards = _with_chaos(dice)
    reference = min(_cpu_per_impulse(dice) for _ in range(2))
    return Prepared(
        lambda: _cpu_per_impulse(cards),
        f"whole computer games of the sample, seeds {CARD_SEEDS}, Battlefield Chaos drawing "
        f"every roll from the Action Deck; budget {BUDGET_CARDS_RATIO}x the same games with "
        f"dice measured just before ({reference * 1000:.1f} ms an impulse)",
        reports_seconds=True,
        budget=BUDGET_CARDS_RATIO * reference,
    )
