"""Why a computer player gave an order (or deliberately gave a unit none): the record it keeps
for each decision, which `hexwright play --explain` prints."""

from __future__ import annotations

from dataclasses import dataclass

from engine.panzer_campaigns.orders import Order


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a player turn: the order given (None when the unit was left alone on
    purpose, e.g. to rest) and a short reason a designer can read."""

    turn: int
    unit: str
    order: Order | None
    reason: str

    def describe(self) -> str:
        """One line for a report.

        >>> from engine.panzer_campaigns.orders import DigIn
        >>> Decision(3, "a", DigIn("a"), "holds wiltz").describe()
        'turn 3: dig in a - holds wiltz'
        """
        what = self.order.describe() if self.order is not None else f"{self.unit} stays"
        return f"turn {self.turn}: {what} - {self.reason}"
