"""Moves in the OOB tree that change when units arrive: a unit that would both stand on the map
(or arrive on its own) and arrive with the organization it joins, and a unit that arrived with
the organization it leaves and would no longer arrive at all. Finding them, describing them,
and resolving them as the designer chooses, in the move's undo step."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from editor.commands import RemoveItems, SetValue
from editor.docks.oob_changes import NodeKey
from editor.docks.oob_edit import topmost
from editor.document import Document
from schemas.io import FileKind
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import Reinforcement
from schemas.panzer_campaigns.scheduled import Scheduled


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
    lines += _named_units(document, [(c.unit, f" {c.now}") for c in clashes], shown)
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


@dataclass(frozen=True, slots=True)
class LostArrival:
    """A unit that arrives with an organization it is moved out of, and would then not come."""

    unit: str
    organization: str
    reinforcement: str
    when: str


def _parent_of(index: OobIndex, node_id: str) -> str | None:
    unit = index.units.get(node_id)
    if unit is not None:
        return unit.parent
    org = index.organizations.get(node_id)
    return org.parent if org is not None else None


def lost_arrivals(document: Document, ids: Sequence[str], target: NodeKey) -> list[LostArrival]:
    """The units that arrive with an organization above what is moved and, moved under
    `target`, would arrive with nothing: not placed, not named by any arrival themselves, not
    under an arriving organization that moves with them or that they join."""
    index, scenario = document.oob_index, document.scenario
    reinforcements = scenario.reinforcements
    joined = target[1] if target[0] == "org" else None
    if _arrival_of(reinforcements, _ancestors(index, joined)) is not None:
        return []  # they arrive with the organization they join instead
    placed = {p.unit for p in scenario.placements}
    placed |= {u for p in scenario.placements for u in p.combined_with}
    named = {u for event in reinforcements for u in event.units}
    lost = []
    for node in topmost(index, ids):
        arrival = _arrival_of(reinforcements, _ancestors(index, _parent_of(index, node)))
        if arrival is None:
            continue
        organization, event = arrival
        units = [node] if node in index.units else list(index.iter_units_under(node))
        for unit_id in units:
            inside = _ancestors(index, index.units[unit_id].parent)
            own = inside[: inside.index(node) + 1] if node in inside else []
            if unit_id in placed or unit_id in named:
                continue
            if _arrival_of(reinforcements, own) is not None:
                continue  # an organization moving with it arrives, and brings it
            lost.append(LostArrival(unit_id, organization, event.id, _when(event)))
    return lost


def lost_text(document: Document, lost: Sequence[LostArrival], shown: int = 6) -> str:
    """The question put to the designer about units that would no longer arrive."""
    index = document.oob_index
    first = lost[0]
    org_name = index.organizations[first.organization].organization.name or first.organization
    lines = [
        f"These units arrive with {org_name} {first.when} (reinforcement "
        f"'{first.reinforcement}'); moved out of it, they would not arrive at all:",
        "",
    ]
    lines += _named_units(document, [(item.unit, "") for item in lost], shown)
    lines += [
        "",
        "Keep them arriving as they do now (named in that reinforcement), or leave them "
        "unplaced in their new organization.",
    ]
    return "\n".join(lines)


def keep_arriving(document: Document, lost: Sequence[LostArrival]) -> None:
    """Name the units in the reinforcements they arrived with, so they still come. Push inside
    the move's undo step."""
    by_event: dict[str, list[str]] = {}
    for item in lost:
        by_event.setdefault(item.reinforcement, []).append(item.unit)
    for number, event in enumerate(document.scenario.reinforcements):
        added = by_event.get(event.id)
        if added:
            document.push(
                SetValue(
                    document,
                    FileKind.SCENARIO,
                    ("reinforcements", number, "units"),
                    [*event.units, *added],
                    "Keep Units Arriving",
                )
            )


def _named_units(document: Document, units: Sequence[tuple[str, str]], shown: int) -> list[str]:
    """A bullet per unit (its name, id and what is said of it), the first `shown` of them."""
    index = document.oob_index
    lines = [
        f"• {index.units[unit].unit.name or unit} ({unit}){said}" for unit, said in units[:shown]
    ]
    if len(units) > shown:
        lines.append(f"… and {len(units) - shown} more")
    return lines
