"""The Panzer Campaigns side of the balance lab: the function that plays one game of a scenario
into a `GameRecord` (the same game `hexwright play SCEN --allied computer --axis computer --seed
S` plays, so any record can be replayed and opened in the editor) and what its records' levels
and losses are (`PANZER_KIND`)."""

from __future__ import annotations

from engine.balance.game_record import (
    GameRecord,
    RecordKind,
    compact,
    files_digest,
    kept_on_failure,
)
from engine.panzer_campaigns.computer import ComputerPlayer
from engine.panzer_campaigns.events import Arrived, Released
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.objectives import Outcome
from engine.panzer_campaigns.order_records import orders_from_json, recorded_order
from schemas.title import ScenarioBundle
from schemas.vocabulary import Side

COMPONENTS = ("men", "guns", "vehicles")
"""The losses a record keeps per side, as the engine counts them [000 3.3, 12.0]."""

__all__ = ["COMPONENTS", "PANZER_KIND", "GameRecord", "play_record", "scenario_digest"]


PANZER_KIND = RecordKind(
    levels=tuple(o.value for o in Outcome),
    sides={
        o.value: "draw"
        if o is Outcome.DRAW
        else ("allied-win" if o.value.startswith(Side.ALLIED.value) else "axis-win")
        for o in Outcome
    },
    losses=COMPONENTS,
)
"""The Panzer Campaigns engine's victory levels (best for the Allies first) and losses."""


def scenario_digest(bundle: ScenarioBundle) -> str:
    """A digest of the scenario and every file it uses, as read: two runs with the same digest
    play the same games for the same seeds."""
    return files_digest(bundle.files)


def play_record(bundle: ScenarioBundle, seed: int) -> GameRecord:
    """Play one whole game of computer against computer for `seed` and keep its record; an
    exception raised by the game is kept in the record (with where it was raised) instead.

    The game is the one `hexwright play --allied computer --axis computer --seed S` plays: the
    scenario's optional rules, no Opportunity Fire, no Fog of War, each side's ComputerPlayer
    seeded with S."""
    return kept_on_failure(_play, bundle, seed)


def _play(bundle: ScenarioBundle, seed: int) -> GameRecord:
    game = Game.from_bundle(bundle, seed)
    players = {side: ComputerPlayer(side, seed=seed) for side in Side}
    start = _owners(game)
    scores: list[float] = []
    owners: list[dict[str, str | None]] = []
    while not game.is_over:
        for _ in players[game.phasing].turn(game):
            pass
        # The last player turn of a game turn ends it; what stands just before is the end of
        # the turn (expiring limited objectives only move their points to the bank [000 3.4]).
        turn, score, held = game.turn, game.score().score, _owners(game)
        game.end_player_turn()
        if game.is_over or game.turn != turn:
            scores.append(score)
            owners.append(held)
    result = game.result
    assert result is not None
    scores[-1] = result.score  # the engine's own final figure
    scenario = game.state.scenario
    arrivals: dict[str, int | None] = {r.id: None for r in scenario.reinforcements}
    arrivals.update({r.id: None for r in scenario.releases})
    for event in game.log:
        if isinstance(event, Arrived) and arrivals.get(event.reinforcement) is None:
            arrivals[event.reinforcement] = event.turn
        elif isinstance(event, Released) and arrivals.get(event.release) is None:
            arrivals[event.release] = event.turn
    return GameRecord(
        seed=seed,
        outcome=result.outcome,
        score=float(result.score),
        turns=result.turn,
        score_by_turn=tuple(scores),
        owners_by_turn={key: tuple(o[key] for o in owners) for key in start},
        losses={
            side.value: {c: int(getattr(losses, c)) for c in COMPONENTS}
            for side, losses in game.state.losses.items()
        },
        arrivals=arrivals,
        owners_at_start=start,
        orders=tuple(compact(recorded_order(order)) for order in game.orders),
    )


def replayed_game(bundle: ScenarioBundle, record: GameRecord) -> Game:
    """A record's game played again from its orders, as `hexwright replay` replays its saved
    test-play: on the same version and seed it is the very game the record keeps. ValueError
    when an order does not read or the rules refuse it (another version of the scenario)."""
    game = Game.from_bundle(bundle, record.seed)
    for order in orders_from_json(record.orders):
        game.apply(order)
    return game


def _owners(game: Game) -> dict[str, str | None]:
    return {
        key: (None if side is None else side.value) for key, side in game.objective_owners().items()
    }
