"""Something a scenario schedules for a turn, given by turn number or by date and time: the
base of reinforcements, withdrawals, releases, air changes and A/I orders."""

from __future__ import annotations

from typing import Self

from pydantic import Field, model_validator

from schemas.base import MAX_TURNS, GameTime, Identifier, Node


class Scheduled(Node):
    """Something that happens on a turn, given either by turn number or by date and time."""

    id: Identifier
    """Stable id."""
    turn: int | None = Field(None, ge=1, le=MAX_TURNS)
    """Turn number (1 = first turn)."""
    at: GameTime | None = None
    """Or the date and time of the turn."""

    @model_validator(mode="after")
    def _turn_or_time(self) -> Self:
        if (self.turn is None) == (self.at is None):
            raise ValueError("give either `turn` or `at` (a date and time), not both or neither")
        return self
