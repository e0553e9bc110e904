"""What the balance lab keeps of one computer-vs-computer game (`GameRecord`), and the function
that plays that game: the same game `hexwright play SCEN --allied computer --axis computer --seed
S` plays, so any record can be replayed and opened in the editor."""

from __future__ import annotations

import hashlib
import traceback
from dataclasses import dataclass, field
from typing import Any

from engine.panzer_campaigns.computer import ComputerPlayer
from engine.panzer_campaigns.events import Arrived, Released
from engine.panzer_campaigns.game import Game
from schemas.title import ScenarioBundle
from schemas.vocabulary import Side

COMPONENTS = ("men", "guns", "vehicles")
"""The losses a record keeps per side, as the engine counts them [000 3.3, 12.0]."""


@dataclass(frozen=True)
class GameRecord:
    """One game of a balance run: its seed, result, and what happened turn by turn. A game that
    raised, or whose worker died, keeps the message in `error` and empty figures."""

    seed: int
    outcome: str
    """The victory level as the engine gives it (`engine.panzer_campaigns.objectives.Outcome`
    values)."""
    score: float
    """The final score; it counts for the Allies."""
    turns: int
    """Game turns played (fewer than the scenario's when it ended early [000 2.0])."""
    score_by_turn: tuple[float, ...]
    """The score at the end of each game turn, turn 1 first."""
    owners_by_turn: dict[str, tuple[str | None, ...]]
    """Objective id -> the side value holding it at the end of each game turn (None: nobody)."""
    losses: dict[str, dict[str, int]]
    """Side value -> {"men", "guns", "vehicles"} lost."""
    arrivals: dict[str, int | None]
    """Reinforcement or release id -> the turn it arrived or was released (None: never)."""
    error: str | None = None
    owners_at_start: dict[str, str | None] = field(default_factory=dict)
    """Objective id -> the side value holding it when the game started (before turn 1's
    orders), from which `by which turn it falls` is counted."""

    @property
    def ok(self) -> bool:
        """Whether the game was played to its end."""
        return self.error is None

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data (one line of a run's `games.jsonl`)."""
        return {
            "seed": self.seed,
            "outcome": self.outcome,
            "score": self.score,
            "turns": self.turns,
            "score_by_turn": list(self.score_by_turn),
            "owners_by_turn": {k: list(v) for k, v in self.owners_by_turn.items()},
            "owners_at_start": dict(self.owners_at_start),
            "losses": {side: dict(counts) for side, counts in self.losses.items()},
            "arrivals": dict(self.arrivals),
            "error": self.error,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """The record `to_json` wrote; KeyError or TypeError when a field is missing or wrong."""
        return cls(
            seed=int(data["seed"]),
            outcome=str(data["outcome"]),
            score=float(data["score"]),
            turns=int(data["turns"]),
            score_by_turn=tuple(float(s) for s in data["score_by_turn"]),
            owners_by_turn={str(k): tuple(v) for k, v in data["owners_by_turn"].items()},
            losses={
                str(side): {str(k): int(n) for k, n in counts.items()}
                for side, counts in data["losses"].items()
            },
            arrivals={str(k): (None if v is None else int(v)) for k, v in data["arrivals"].items()},
            error=data.get("error"),
            owners_at_start={str(k): v for k, v in data.get("owners_at_start", {}).items()},
        )

    @classmethod
    def failed(cls, seed: int, message: str) -> GameRecord:
        """The record of a game that did not finish, with why."""
        return cls(seed, "", 0.0, 0, (), {}, {}, {}, error=message)


def scenario_digest(bundle: ScenarioBundle) -> str:
    """A digest of the scenario and every file it uses, as read: two runs with the same digest
    play the same games for the same seeds."""
    digest = hashlib.sha256()
    for loaded in bundle.files:
        digest.update(loaded.path.name.encode())
        digest.update(b"\0")
        digest.update(loaded.text.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def play_record(bundle: ScenarioBundle, seed: int) -> GameRecord:
    """Play one whole game of computer against computer for `seed` and keep its record; an
    exception raised by the game is kept in the record (with where it was raised) instead.

    The game is the one `hexwright play --allied computer --axis computer --seed S` plays: the
    scenario's optional rules, no Opportunity Fire, no Fog of War, each side's ComputerPlayer
    seeded with S."""
    try:
        return _play(bundle, seed)
    except Exception as exc:  # a game that raises must not end the run: its record says so
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return GameRecord.failed(
            seed,
            f"{type(exc).__name__}: {exc} (at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})",
        )


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
    )


def _owners(game: Game) -> dict[str, str | None]:
    return {
        key: (None if side is None else side.value) for key, side in game.objective_owners().items()
    }
