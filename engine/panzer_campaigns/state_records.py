"""The small records a `GameState` keeps in play: minefields, objectives and who holds them,
and each side's losses.
"""

from __future__ import annotations

from dataclasses import dataclass

from schemas.panzer_campaigns.scenario import (
    ExitObjective,
    LimitedObjective,
    Objective,
    SurrenderObjective,
)
from schemas.vocabulary import Side


@dataclass(slots=True)
class MinefieldState:
    """A minefield in play [000 4.4]."""

    strength: int
    penetrated: bool = False
    side: Side | None = None


@dataclass(slots=True)
class ObjectiveState:
    """An objective in play and who holds it [000 3.4]."""

    objective: Objective
    hex: int
    owner: Side | None
    points: float
    """Its current worth; exit objectives grow as units leave through them."""
    expired: bool = False
    """A limited objective after its last turn: its points are banked with `owner` for good."""

    @property
    def id(self) -> str:
        """The objective's id."""
        return self.objective.id

    @property
    def is_exit(self) -> bool:
        """Whether units leave the map here to score [000 3.4]."""
        return isinstance(self.objective, ExitObjective)

    @property
    def is_limited(self) -> bool:
        """Whether it counts only during a turn range [000 3.4]."""
        return isinstance(self.objective, LimitedObjective)

    @property
    def surrender_nation(self) -> str | None:
        """The nation that surrenders when the enemy holds all of its surrender objectives."""
        return self.objective.nation if isinstance(self.objective, SurrenderObjective) else None


@dataclass(slots=True)
class Losses:
    """What one side has lost, in the three components [000 3.3, 12.0]."""

    men: int = 0
    guns: int = 0
    vehicles: int = 0
    elite_men_equivalent: int = 0
    """Men-equivalents lost by mountain and cavalry units, "worth more" [000 4.2]."""
    points: float = 0.0
    """Victory points these losses earn the enemy, summed as they happen by
    `engine.panzer_campaigns.objectives.record_loss` (the only writer of these counts)."""
