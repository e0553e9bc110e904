"""The Timeline panel's tracks: one per organization down to a chosen echelon, grouped by side,
each with the scheduled events of its organization and of those below it, plus side-wide air
tracks, and the turn clock's day and night periods. Plain data: the view paints it."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

from editor.document import Document
from engine.panzer_campaigns.clock import TurnClock
from engine.panzer_campaigns.timeline import EventKind, TimelineEvent, timeline_events, weather_days
from schemas.panzer_campaigns.oob import Organization, OrgLevel, Unit
from schemas.panzer_campaigns.oob_index import OobIndex
from schemas.panzer_campaigns.scenario import DayPhase
from schemas.panzer_campaigns.weather import WeatherRow
from schemas.vocabulary import Side

ECHELONS: tuple[OrgLevel, ...] = tuple(OrgLevel)
"""From the top of the tree down: the echelon chooser's order."""


@dataclass
class Track:
    """A row of the timeline. `key` is an organization id, a side (the side's heading) or
    "air:<side>"; `heading` rows carry no events of their own."""

    key: str
    label: str
    side: Side
    depth: int = 0
    heading: bool = False
    events: list[TimelineEvent] = field(default_factory=list)
    expandable: bool = False
    """Has tracks under it that a click on its name folds into it."""
    collapsed: bool = False


@dataclass
class Timeline:
    """Everything the view paints: tracks, the clock (None while the schedule is broken) and
    the number of turns."""

    tracks: list[Track]
    clock: TurnClock | None
    turns: int
    weather: list[tuple[int, int, WeatherRow]] = field(default_factory=list)
    """Runs of turns under one programmed weather row."""

    def phase_runs(self) -> list[tuple[int, int, DayPhase]]:
        """(first turn, last turn, phase) of each run of turns of one kind."""
        if self.clock is None:
            return []
        runs: list[tuple[int, int, DayPhase]] = []
        for turn in range(1, self.turns + 1):
            phase = self.clock.phase_of(turn)
            if runs and runs[-1][2] is phase:
                runs[-1] = (runs[-1][0], turn, phase)
            else:
                runs.append((turn, turn, phase))
        return runs


def _depth_limit(level: OrgLevel) -> int:
    return ECHELONS.index(level)


def build_timeline(
    document: Document,
    clock: TurnClock | None,
    down_to: OrgLevel,
    text: str = "",
    collapsed: frozenset[str] = frozenset(),
) -> Timeline:
    """The tracks of the open document: each side's heading, its air track, then its
    organizations in tree order whose echelon is `down_to` or above and that are not under a
    `collapsed` one (events of the others shown on the nearest shown ancestor), keeping those
    whose name contains `text`. A collapsed side shows its heading alone."""
    turns = document.scenario.header.turns
    if clock is None:
        return Timeline([], None, turns)
    index = document.oob_index
    events = timeline_events(document.scenario, index, clock)
    limit = _depth_limit(down_to)
    shown: dict[str, str] = {}
    """Each organization id to the id of the track that shows it."""
    order: list[tuple[str, int]] = []
    oob = document.oob
    for side_oob in oob.sides:
        for nation in side_oob.nations:
            stack: list[tuple[Organization | Unit, int, str | None]] = [
                (node, 0, None) for node in reversed(nation.organizations)
            ]
            while stack:
                node, depth, carrier = stack.pop()
                if node.id not in index.organizations or not isinstance(node, Organization):
                    continue
                level = index.organizations[node.id].organization.level
                nearest = _nearest(shown, index, node.id) if carrier is None else carrier
                if carrier is None and (_depth_limit(level) <= limit or nearest is None):
                    shown[node.id] = node.id
                    order.append((node.id, depth))
                    below = node.id if node.id in collapsed else None
                else:
                    # Too deep (or under a too-deep one): its events go to the shown ancestor.
                    below = nearest
                    assert below is not None
                    shown[node.id] = below
                for child in reversed(node.children):
                    if isinstance(child, Organization):
                        stack.append((child, depth + 1, below))
    # One marker per item per track: the events of collapsed organizations add their units.
    merged: dict[tuple[str, EventKind, tuple[object, ...]], TimelineEvent] = {}
    for event in events:
        key = (shown.get(event.track, event.track), event.kind, event.path)
        seen = merged.get(key)
        merged[key] = event if seen is None else replace(seen, units=seen.units + event.units)
    by_track: dict[str, list[TimelineEvent]] = {}
    for (track, _kind, _path), event in merged.items():
        by_track.setdefault(track, []).append(event)
    # Tracks with shown tracks under them: the next one in tree order is deeper.
    parents = {
        organization
        for (organization, depth), (_, below) in itertools.pairwise(order)
        if below > depth
    }
    needle = text.strip().casefold()
    tracks: list[Track] = []
    for side in (Side.ALLIED, Side.AXIS):
        side_tracks: list[Track] = []
        air = by_track.get(side.value, [])
        if air and (not needle or needle in "air"):
            side_tracks.append(Track(f"air:{side.value}", "Air availability", side, 1, False, air))
        for organization, depth in order:
            entry = index.organizations[organization]
            name = entry.organization.name
            if entry.side is not side or (needle and needle not in name.casefold()):
                continue
            own = by_track.get(organization, [])
            track = Track(organization, name, side, depth + 1, False, own)
            track.collapsed = organization in collapsed
            track.expandable = track.collapsed or organization in parents
            side_tracks.append(track)
        if side_tracks:
            heading = Track(side.value, side.value.title(), side, 0, True)
            heading.expandable, heading.collapsed = True, side.value in collapsed
            tracks.append(heading)
            if not heading.collapsed:
                tracks.extend(side_tracks)
    weather = weather_days(document.scenario.header, document.weather, clock)
    return Timeline(tracks, clock, turns, weather)


def _nearest(shown: dict[str, str], index: OobIndex, organization: str) -> str | None:
    """The track of the nearest shown organization above `organization`."""
    parent = index.organizations[organization].parent
    while parent is not None:
        if parent in shown:
            return shown[parent]
        parent = index.organizations[parent].parent if parent in index.organizations else None
    return None


KIND_NAMES = {
    EventKind.PLACED: "At start",
    EventKind.REINFORCEMENT: "Reinforcement",
    EventKind.RELEASE: "Release",
    EventKind.WITHDRAWAL: "Withdrawal",
    EventKind.AI_ORDER: "A/I order",
    EventKind.AIR: "Air availability",
    EventKind.FIXED: "Becomes Fixed",
}


def tooltip(event: TimelineEvent, clock: TurnClock | None) -> str:
    """The exact values of an event, as its tooltip shows them."""
    lines = [f"<b>{KIND_NAMES[event.kind]}</b> {event.item_id}".rstrip()]
    when = f"turn {event.turn}"
    if clock is not None:
        when += f", {clock.time_of(event.turn):%a %d %b %Y %H:%M}"
    lines.append(when + (" (scheduled by date and time)" if event.by_time else ""))
    if event.units:
        lines.append(f"{event.units} unit{'s' if event.units != 1 else ''} on this track")
    if event.kind in (EventKind.REINFORCEMENT, EventKind.RELEASE):
        per = "per turn" if event.kind is EventKind.REINFORCEMENT else "per roll"
        lines.append(f"chance {event.probability} % {per}")
    if event.kind is EventKind.AIR:
        lines.append(f"availability {event.probability} % per turn")
    if event.detail:
        lines.append(event.detail)
    return "<br>".join(lines)


CONDITIONS = ("normal", "soft", "mud", "snow", "frozen")


def weather_summary(row: WeatherRow) -> str:
    """The likeliest ground condition of a programmed row, and its storm chance."""
    chances = {name: getattr(row, name) for name in CONDITIONS}
    likeliest = max(chances, key=lambda name: chances[name])
    text = f"{likeliest.title()} {chances[likeliest]}%"
    return text + (f", storm {row.storm}%" if row.storm else "")


def weather_tooltip(row: WeatherRow) -> str:
    """A programmed row's exact chances."""
    chances = ", ".join(f"{name} {getattr(row, name)} %" for name in CONDITIONS)
    storm = f"<br>storm {row.storm} % per day" if row.storm is not None else ""
    return (
        f"<b>Programmed weather from {row.date:%d %b %Y}</b><br>{chances}<br>"
        f"visibility {row.visibility_min}-{row.visibility_max} hexes{storm}"
    )
