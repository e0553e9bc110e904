"""Moves in the OOB tree that would make a unit both stand on the map (or arrive on its own) and
arrive with the organization it joins: finding them, describing them, and resolving them by
letting the unit arrive with its new organization."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from editor.commands import RemoveItems, SetValue
from editor.docks.oob_changes import NodeKey
from editor.docks.oob_edit import topmost
from editor.document import Document
from schemas.io import FileKind
from schemas.oob_index import OobIndex
from schemas.scenario import Reinforcement, Scheduled


@dataclass(frozen=True, slots=True)
class ArrivalClash:
    """A unit the move would schedule twice: where it is now, and the arrival it would join."""

    unit: str
    now: str
    """Where the unit is now, e.g. "is on the map at (39, 52)"."""
    organization: str
    """The arriving organization it would join (the target or one above it)."""
    reinforcement: str
    when: str


def _when(event: Scheduled) -> str:
    if event.turn is not None:
        return f"on turn {event.turn}"
    assert event.at is not None
    return f"at {event.at:%Y-%m-%d %H:%M}"


def _ancestors(index: OobIndex, org_id: str | None) -> list[str]:
    found = []
    while org_id is not None:
        found.append(org_id)
        entry = index.organizations.get(org_id)
        org_id = entry.parent if entry is not None else None
    return found


def _arrival_of(
    reinforcements: Sequence[Reinforcement], chain: list[str]
) -> tuple[str, Reinforcement] | None:
    for org_id in chain:
        for event in reinforcements:
            if org_id in event.organizations:
                return org_id, event
    return None


def arrival_clashes(document: Document, ids: Sequence[str], target: NodeKey) -> list[ArrivalClash]:
    """The units that moving `ids` under `target` would put on the map and in an arriving
    organization at once (or arriving twice). Units that already arrive with that organization
    are no news and not listed."""
    if target[0] != "org":
        return []
    index, scenario = document.oob_index, document.scenario
    arriving = _arrival_of(scenario.reinforcements, _ancestors(index, target[1]))
    if arriving is None:
        return []
    organization, event = arriving
    on_map: dict[str, str] = {}
    for placement in scenario.placements:
        column, row = placement.hex
        on_map[placement.unit] = f"is on the map at ({column}, {row})"
        for other in placement.combined_with:
            on_map[other] = f"is combined into {placement.unit} on the map"
    on_its_own = {
        unit_id: f"arrives on its own as '{other.id}' {_when(other)}"
        for other in scenario.reinforcements
        if other is not event
        for unit_id in other.units
    }
    clashes = []
    for node in topmost(index, ids):
        units = [node] if node in index.units else list(index.iter_units_under(node))
        for unit_id in units:
            entry = index.units[unit_id]
            if organization in _ancestors(index, entry.parent):
                continue
            now = on_map.get(unit_id) or on_its_own.get(unit_id)
            if now is not None:
                clashes.append(ArrivalClash(unit_id, now, organization, event.id, _when(event)))
    return clashes


def clash_text(document: Document, clashes: Sequence[ArrivalClash], shown: int = 6) -> str:
    """The question put to the designer, naming the first few units."""
    index = document.oob_index
    first = clashes[0]
    org_name = index.organizations[first.organization].organization.name or first.organization
    lines = [
        f"{org_name} arrives {first.when} (reinforcement '{first.reinforcement}'), "
        "but after this move:",
        "",
    ]
    for clash in clashes[:shown]:
        name = index.units[clash.unit].unit.name or clash.unit
        lines.append(f"• {name} ({clash.unit}) {clash.now}")
    if len(clashes) > shown:
        lines.append(f"… and {len(clashes) - shown} more")
    lines += [
        "",
        "A unit cannot both start there and arrive with it. Take them off the map (and out "
        "of their own arrivals) so they arrive with it, or cancel the move.",
    ]
    return "\n".join(lines)


def arrive_with_new_organization(document: Document, clashes: Sequence[ArrivalClash]) -> None:
    """Resolve the clashes: remove the units' placements (or their place in a combined stack)
    and their own arrivals, so they arrive with the organization they joined. Push inside the
    move's undo step."""
    units = {clash.unit for clash in clashes}
    scenario = document.scenario
    doomed = [number for number, p in enumerate(scenario.placements) if p.unit in units]
    for number, placement in enumerate(scenario.placements):
        kept = [u for u in placement.combined_with if u not in units]
        if number not in doomed and len(kept) != len(placement.combined_with):
            document.push(
                SetValue(
                    document,
                    FileKind.SCENARIO,
                    ("placements", number, "combined_with"),
                    kept,
                    "Uncombine Units",
                )
            )
    if doomed:
        document.push(
            RemoveItems(document, FileKind.SCENARIO, ("placements",), doomed, "Remove Units")
        )
    joined = clashes[0].reinforcement
    for number, event in enumerate(document.scenario.reinforcements):
        kept = [u for u in event.units if u not in units]
        if event.id != joined and len(kept) != len(event.units):
            document.push(
                SetValue(
                    document,
                    FileKind.SCENARIO,
                    ("reinforcements", number, "units"),
                    kept,
                    "Remove Arriving Units",
                )
            )
