"""What Explicit Supply reports [000 10.4]: the units its supply units resupplied, at what cost,
and the supply units used up; kept apart from `engine.panzer_campaigns.explicit_supply` so that
`engine.panzer_campaigns.events` lists it without importing the rules."""

from __future__ import annotations

from dataclasses import dataclass

from schemas.vocabulary import Side


@dataclass(frozen=True, slots=True)
class SupplyUnitsIssued:
    """Supply units of a side resupplied units that were Low on Ammo, Low on Fuel or (artillery)
    Unavailable, each at a cost in supply strength; some may have been used up [000 10.4]."""

    turn: int
    side: Side
    issued: tuple[tuple[str, str, int], ...]
    """(unit, supply unit, strength points it cost) for each unit resupplied."""
    exhausted: tuple[str, ...] = ()
    """Supply units whose strength fell to 0: removed from the map."""

    @property
    def units(self) -> tuple[str, ...]:
        """The units resupplied, for the log's places (`editor.testplay.event_places`)."""
        return tuple(unit for unit, _, _ in self.issued)

    def describe(self) -> str:
        """One sentence for a report."""
        parts = [f"{unit} from {source} (-{cost})" for unit, source, cost in self.issued]
        text = f"{self.side.value}: supply units resupplied " + (", ".join(parts) or "nobody")
        if self.exhausted:
            text += f"; used up and removed: {', '.join(self.exhausted)}"
        return text
