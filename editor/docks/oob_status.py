"""Where each OOB unit stands in the open scenario: on the map, arriving later, withdrawn,
an air unit, or not used at all; the OOB tree shows and filters by it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.panzer_campaigns.scheduled import Scheduled


class Placed(StrEnum):
    """How a unit takes part in the scenario."""

    ON_MAP = "on_map"
    COMBINED = "combined"
    REINFORCEMENT = "reinforcement"
    AIR = "air"
    UNPLACED = "unplaced"


@dataclass(frozen=True, slots=True)
class UnitStatus:
    """A unit's part in the scenario, with the hex where it starts and any withdrawal."""

    placed: Placed
    text: str
    hex: tuple[int, int] | None = None
    withdrawn: str | None = None
    """When it leaves (e.g. "turn 8"), or None."""

    @property
    def label(self) -> str:
        """The text shown in the tree, e.g. "On map (12, 40), withdrawn turn 8"."""
        return f"{self.text}, withdrawn {self.withdrawn}" if self.withdrawn else self.text


UNPLACED = UnitStatus(Placed.UNPLACED, "Unplaced")


def _when(event: Scheduled) -> str:
    if event.turn is not None:
        return f"turn {event.turn}"
    assert event.at is not None
    return event.at.strftime("%Y-%m-%d %H:%M")


@dataclass
class ScenarioStatus:
    """Every unit's status in one scenario: looked up by unit id, organization schedules
    are resolved through the unit's ancestors."""

    direct: dict[str, UnitStatus]
    organization_arrivals: dict[str, UnitStatus]
    withdrawals: dict[str, str]
    organization_withdrawals: dict[str, str]

    @classmethod
    def of(cls, scenario: ScenarioFile) -> ScenarioStatus:
        """Read the placements, schedules and air setup of a scenario."""
        direct: dict[str, UnitStatus] = {}
        for unit_id in scenario.air.units:
            direct[unit_id] = UnitStatus(Placed.AIR, "Air unit")
        for event in scenario.reinforcements:
            status = UnitStatus(Placed.REINFORCEMENT, f"Arrives {_when(event)}", event.hex)
            for unit_id in event.units:
                direct.setdefault(unit_id, status)
        arrivals: dict[str, UnitStatus] = {}
        for event in scenario.reinforcements:
            status = UnitStatus(Placed.REINFORCEMENT, f"Arrives {_when(event)}", event.hex)
            for org_id in event.organizations:
                arrivals.setdefault(org_id, status)
        for placement in scenario.placements:
            column, row = placement.hex
            direct[placement.unit] = UnitStatus(
                Placed.ON_MAP, f"On map ({column}, {row})", placement.hex
            )
            for other in placement.combined_with:
                direct[other] = UnitStatus(
                    Placed.COMBINED, f"Combined into {placement.unit}", placement.hex
                )
        withdrawals: dict[str, str] = {}
        org_withdrawals: dict[str, str] = {}
        for withdrawal in scenario.withdrawals:
            for unit_id in withdrawal.units:
                withdrawals.setdefault(unit_id, _when(withdrawal))
            for org_id in withdrawal.organizations:
                org_withdrawals.setdefault(org_id, _when(withdrawal))
        return cls(direct, arrivals, withdrawals, org_withdrawals)

    def unit(self, index: OobIndex, unit_id: str) -> UnitStatus:
        """The status of one unit."""
        status = self.direct.get(unit_id)
        withdrawn = self.withdrawals.get(unit_id)
        if status is None or (withdrawn is None and self.organization_withdrawals):
            entry = index.units.get(unit_id)
            parent = entry.parent if entry is not None else None
            while parent is not None and (status is None or withdrawn is None):
                status = status or self.organization_arrivals.get(parent)
                withdrawn = withdrawn or self.organization_withdrawals.get(parent)
                org = index.organizations.get(parent)
                parent = org.parent if org is not None else None
        status = status or UNPLACED
        if withdrawn is None:
            return status
        return UnitStatus(status.placed, status.text, status.hex, withdrawn)
