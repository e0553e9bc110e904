"""The texts the OOB tree shows for its nodes: labels, strength, summaries and tool tips."""

from __future__ import annotations

from collections.abc import Iterable

from editor.docks.oob_status import Placed, UnitStatus
from schemas.panzer_campaigns.oob import Nation, Organization, SideOob, Unit


def pretty(value: str) -> str:
    """An enum value as words: `heavy_artillery` reads "Heavy artillery"."""
    return value.replace("_", " ").capitalize()


def side_name(side: SideOob) -> str:
    """A side's name, e.g. "American", or "Allied" when the file names none."""
    return side.name or pretty(side.side.value)


def strength_text(unit: Unit) -> str:
    """A unit's full strength with its component, e.g. "12 guns"."""
    return f"{unit.strength:,} {unit.component.value}"


def summary_text(statuses: Iterable[Placed]) -> str:
    """How many units are on the map, arriving, air or unplaced, e.g. "8 on map, 2 arriving"."""
    counts: dict[Placed, int] = {}
    for placed in statuses:
        counts[placed] = counts.get(placed, 0) + 1
    on_map = counts.get(Placed.ON_MAP, 0) + counts.get(Placed.COMBINED, 0)
    parts = (
        (on_map, "on map"),
        (counts.get(Placed.REINFORCEMENT, 0), "arriving"),
        (counts.get(Placed.AIR, 0), "air"),
        (counts.get(Placed.UNPLACED, 0), "unplaced"),
    )
    return ", ".join(f"{count} {label}" for count, label in parts if count)


def unit_tooltip(unit: Unit, status: UnitStatus) -> str:
    """A unit's tool tip: name, type, class, strength, quality, speed, where it stands."""
    kind = f"{unit.type_name} · " if unit.type_name else ""
    return (
        f"<b>{unit.name}</b><br>{kind}{pretty(unit.unit_class.value)}, {unit.size.value}"
        f"<br>{strength_text(unit)}, quality {unit.quality.value}, speed {unit.speed} MP"
        f"<br>{status.label}<br><i>{unit.id}</i>"
    )


def organization_tooltip(organization: Organization, units: int, summary: str) -> str:
    """An organization's tool tip: name, echelon, id, HQ and what its units do."""
    hq = f"<br>HQ: {organization.hq}" if organization.hq else ""
    return (
        f"<b>{organization.name}</b><br>{pretty(organization.level.value)} · "
        f"{organization.id}{hq}<br>{units} units: {summary or 'none'}"
    )


def search_text(node: SideOob | Nation | Organization | Unit) -> str:
    """Lower-case text a search matches: name and id, and a unit's type and class."""
    if isinstance(node, SideOob):
        return f"{node.name}\n{node.side.value}".lower()
    if isinstance(node, Unit):
        return f"{node.name}\n{node.id}\n{node.type_name}\n{node.unit_class.value}".lower()
    return f"{node.name}\n{node.id}".lower()
