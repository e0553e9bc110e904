"""What the balance lab keeps of one computer-vs-computer game of either ruleset (`GameRecord`),
what a ruleset's records mean (`RecordKind`: its victory levels and loss components), and the
wrapper that keeps a game that raised as a record saying so. Nothing here imports a ruleset's
engine: each ruleset's module that plays a game builds its records from this one."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import traceback
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

SIDE_RESULTS = ("allied-win", "draw", "axis-win")
"""The levels summed by side: a side's victories of every level, and draws."""


@dataclass(frozen=True)
class RecordKind:
    """What the outcomes and losses of one ruleset's records are: the lab's code is shared and
    the figures it reports are read through this."""

    levels: tuple[str, ...]
    """Every victory level an outcome may be, the best for the Allies first."""
    sides: Mapping[str, str]
    """Level -> "allied-win", "draw" or "axis-win"."""
    losses: tuple[str, ...]
    """The loss components a record counts per side."""
    early_endings: bool = False
    """Whether games may end before the last turn often enough that their length is worth
    reporting (a Tactical GameX sudden death)."""
    points: Mapping[str, int] = field(default_factory=dict)
    """Level -> the points it takes, where the ruleset's levels are graded by points (a
    Tactical GameX situation's own levels); matches a renamed level across versions."""

    def side_result(self, outcome: str) -> str:
        """The side result of a level; an unknown level by its name's side, else a draw."""
        if outcome in self.sides:
            return self.sides[outcome]
        if outcome.startswith("allied"):
            return "allied-win"
        return "axis-win" if outcome.startswith("axis") else "draw"


@dataclass(frozen=True)
class GameRecord:
    """One game of a balance run: its seed, result, and what happened turn by turn. A game that
    raised, or whose worker died, keeps the message in `error` and empty figures."""

    seed: int
    outcome: str
    """The victory level as the ruleset's engine gives it (one of its `RecordKind.levels`)."""
    score: float
    """The final score; it counts for the Allies."""
    turns: int
    """Game turns played (fewer than the scenario's when it ended early [000 2.0])."""
    score_by_turn: tuple[float, ...]
    """The score at the end of each game turn, turn 1 first."""
    owners_by_turn: dict[str, tuple[str | None, ...]]
    """Objective id (a victory hex's address in Tactical GameX) -> the side value holding it
    at the end of each game turn (None: nobody)."""
    losses: dict[str, dict[str, int]]
    """Side value -> the ruleset's loss components (`RecordKind.losses`) -> how many lost."""
    arrivals: dict[str, int | None]
    """Reinforcement or release id -> the turn it arrived or was released (None: never)."""
    error: str | None = None
    owners_at_start: dict[str, str | None] = field(default_factory=dict)
    """Objective id -> the side value holding it when the game started (before turn 1's
    orders), from which `by which turn it falls` is counted."""
    orders: tuple[dict[str, Any], ...] = ()
    """Every order of the game, first to last, as its ruleset's saved game writes them (a
    `.testplay.yaml` or `.tgxplay.yaml` order, JSON-ready, fields at their default left out):
    replayed on the same version and seed they give this very game, which the Balance panel
    opens in test-play. Empty for a failed game or one kept before the lab kept orders."""

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
            "orders": pack_orders(self.orders),
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
            orders=unpack_orders(data.get("orders", ())),
        )

    @classmethod
    def failed(cls, seed: int, message: str) -> GameRecord:
        """The record of a game that did not finish, with why."""
        return cls(seed, "", 0.0, 0, (), {}, {}, {}, error=message)


def pack_orders(orders: tuple[dict[str, Any], ...]) -> str:
    """A game's orders as a record's JSON keeps them: their JSON, deflated, in Base64. A game
    has hundreds of orders and a run hundreds of games; packed, they take about an eighth of
    their JSON (a line of `games.jsonl` stays a line)."""
    text = json.dumps(list(orders), separators=(",", ":"), ensure_ascii=False)
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def unpack_orders(data: object) -> tuple[dict[str, Any], ...]:
    """The orders `pack_orders` packed (or a plain list of them); ValueError when they do not
    read."""
    if isinstance(data, str):
        try:
            data = json.loads(zlib.decompress(base64.b64decode(data, validate=True)))
        except (binascii.Error, zlib.error) as exc:
            raise ValueError(f"the game's orders do not read: {exc}") from exc
    if not isinstance(data, list) or not all(isinstance(order, dict) for order in data):
        raise ValueError("the game's orders are not a list of orders")
    return tuple(data)


def compact(order: Any) -> dict[str, Any]:
    """A saved order (a ruleset's tagged pydantic model) as JSON-ready data without the fields
    at their default: a game keeps hundreds of orders, and a field left out takes its default
    again when the saved game's schema reads the order. Its `kind` stays: it names the order."""
    return {"kind": order.kind, **order.model_dump(mode="json", exclude_defaults=True)}


class _LoadedFile(Protocol):
    @property
    def path(self) -> Path: ...

    @property
    def text(self) -> str: ...


def files_digest(files: Iterable[_LoadedFile]) -> str:
    """A digest of a scenario's or situation's files, as read: two runs with the same digest
    play the same games for the same seeds."""
    digest = hashlib.sha256()
    for loaded in files:
        digest.update(loaded.path.name.encode())
        digest.update(b"\0")
        digest.update(loaded.text.encode())
        digest.update(b"\0")
    return digest.hexdigest()


Bundle = TypeVar("Bundle")


def kept_on_failure(
    play: Callable[[Bundle, int], GameRecord], bundle: Bundle, seed: int
) -> GameRecord:
    """`play(bundle, seed)`, or the record of its failure with the exception and where it was
    raised: a game that raises must not end the run."""
    try:
        return play(bundle, seed)
    except Exception as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return GameRecord.failed(
            seed,
            f"{type(exc).__name__}: {exc} (at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})",
        )
