"""What the Scenario dock derives from the header and the title files: when the scenario ends,
its last turn, and a line about each file it references."""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from editor.document import Document
from engine.panzer_campaigns.clock import TurnClock
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import Header

FILE_LABELS = {
    FileKind.MAP: "Map",
    FileKind.OOB: "Order of battle",
    FileKind.PARAMETERS: "Parameters",
    FileKind.WEATHER: "Weather",
}
_REFERENCE = {
    FileKind.MAP: "map",
    FileKind.OOB: "oob",
    FileKind.PARAMETERS: "parameters",
    FileKind.WEATHER: "weather",
}


def moment_text(moment: datetime, *, year: bool = True) -> str:
    """A game time as a designer reads it.

    >>> moment_text(datetime(1944, 12, 22, 6, 0))
    'Fri 22 Dec 1944, 06:00'
    """
    return moment.strftime("%a %d %b %Y, %H:%M" if year else "%a %d %b, %H:%M")


def duration_text(span: timedelta) -> str:
    """A length of game time in days and hours.

    >>> duration_text(timedelta(days=3, hours=20)), duration_text(timedelta(hours=10, minutes=30))
    ('3 days 20 hours', '10 hours 30 minutes')
    """
    days, rest = divmod(int(span.total_seconds()) // 60, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = []
    for count, unit in ((days, "day"), (hours, "hour"), (minutes, "minute")):
        if count:
            parts.append(f"{count} {unit}{'s' if count != 1 else ''}")
    return " ".join(parts[:2]) or "0 minutes"


@dataclass(frozen=True, slots=True)
class TimeSummary:
    """The end of the game and its last turn, or why they cannot be worked out."""

    ends: str
    last_turn: str
    clock: TurnClock | None


def time_summary(header: Header) -> TimeSummary:
    """When the last turn starts and the game ends, walking the day schedule's turn lengths."""
    try:
        clock = TurnClock.from_header(header)
    except ValueError:
        # The schedule or start is broken; the inline problems say how.
        return TimeSummary("—", "—", None)
    last = clock.last_turn
    ends = f"{moment_text(clock.end)}  ·  {duration_text(clock.end - clock.start)} of game time"
    turn = (
        f"Turn {last} starts {moment_text(clock.time_of(last), year=False)} "
        f"({clock.phase_of(last).value}, {clock.minutes_of(last)} minutes)"
    )
    return TimeSummary(ends, turn, clock)


@dataclass(frozen=True, slots=True)
class FileLine:
    """One title file the scenario references."""

    kind: FileKind
    label: str
    reference: str
    """The path as the scenario writes it, relative to the scenario file."""
    absolute: Path | None
    details: str
    """Rich text: what the file holds."""


def title_files(document: Document) -> list[FileLine]:
    """The title files of the scenario, with what each holds."""
    files = document.scenario.files
    lines = []
    for kind, label in FILE_LABELS.items():
        reference = getattr(files, _REFERENCE[kind])
        if reference is None and not document.has(kind):
            lines.append(FileLine(kind, label, "", None, "<i>none</i>"))
            continue
        absolute = document.path(kind) if document.has(kind) else None
        details = _details(document, kind) if document.has(kind) else "<i>not loaded</i>"
        lines.append(FileLine(kind, label, reference or "", absolute, details))
    return lines


def _details(document: Document, kind: FileKind) -> str:
    if kind is FileKind.MAP:
        game_map = document.map
        return f"{html.escape(game_map.name)}  ·  {game_map.width} × {game_map.height} hexes"
    if kind is FileKind.OOB:
        index = document.oob_index
        return (
            f"{html.escape(document.oob.name)}  ·  {len(index.units)} units in "
            f"{len(index.organizations)} organizations"
        )
    if kind is FileKind.PARAMETERS:
        return html.escape(document.parameters.name)
    weather = document.weather
    assert weather is not None
    dates = [row.date for row in weather.rows]
    first, last = min(dates), max(dates)
    text = f"{html.escape(weather.name)}  ·  {first:%d %b} – {last:%d %b %Y}"
    summary = time_summary(document.scenario.header)
    if summary.clock is not None and (
        summary.clock.start.date() < first or summary.clock.end.date() > last
    ):
        text += "  ·  <span style='color:#9a6700'>does not cover every day of the scenario</span>"
    return text
