"""Exporting a test-play's event log: CSV for a spreadsheet, or a plain-text report grouped by
turn, each saying what the Test-play panel's log says (turn, event, hex)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from editor.log_files import FILE_FILTERS, csv_text, event_kind, is_csv
from editor.testplay.event_places import event_place, hex_text
from schemas.io import write_atomic
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.game import Game

CSV_COLUMNS = ("turn", "time", "side", "event", "description", "hex")
"""The header row of a CSV export."""

__all__ = [
    "CSV_COLUMNS",
    "FILE_FILTERS",
    "LogLine",
    "event_kind",
    "export_log",
    "log_csv",
    "log_lines",
    "log_report",
]
"""FILE_FILTERS and event_kind are the shared ones (`editor.log_files`), named here as before."""


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event as exported."""

    turn: int
    time: str
    """Date and time of the event's turn, `YYYY-MM-DD HH:MM`."""
    side: str
    """The side the event concerns, when it names one; else empty."""
    event: str
    """The kind of event, e.g. `objective_captured`."""
    description: str
    """The sentence the log shows."""
    hex: str
    """Where it happened as `column,row`, or empty."""


def log_lines(game: Game, events: Sequence[Event] | None = None) -> list[LogLine]:
    """The events (the game's whole log by default) as exported lines."""
    clock = game.state.clock
    lines = []
    for event in game.log if events is None else events:
        side = getattr(event, "side", None)
        hex_, _ = event_place(game, event)
        lines.append(
            LogLine(
                turn=event.turn,
                time=f"{clock.time_of(event.turn):%Y-%m-%d %H:%M}",
                side=side.value if isinstance(side, Side) else "",
                event=event_kind(event),
                description=event.describe(),
                hex=f"{hex_[0]},{hex_[1]}" if hex_ is not None else "",
            )
        )
    return lines


def log_csv(game: Game, events: Sequence[Event] | None = None) -> str:
    """The events as CSV, one row each under a header of CSV_COLUMNS."""
    return csv_text(
        CSV_COLUMNS,
        (
            (line.turn, line.time, line.side, line.event, line.description, line.hex)
            for line in log_lines(game, events)
        ),
    )


def log_report(
    game: Game, events: Sequence[Event] | None = None, known_to: Side | None = None
) -> str:
    """The events as a text report: a heading per turn, `Turn N — <date, time> (phase)`, then
    one line per event with its hex in a column of its own; under Fog of War (`known_to`, the
    side whose knowledge the events are) the heading says whose log it is."""
    events = list(game.log if events is None else events)
    clock = game.state.clock
    title = game.state.scenario.header.title
    side = game.phasing.value.capitalize()
    phase = game.phase  # a phased game [000 13.3] names its phase
    where = f"{side} player turn" if phase is None else f"the {phase.describe()} Phase"
    out = [
        f"{title} — test-play log",
        f"Reached turn {game.turn} of {clock.last_turn}, {where}"
        + (" (game over)" if game.is_over else "")
        + f"; {len(events)} events.",
    ]
    if known_to is not None:
        out.append(f"Fog of War: only what the {known_to.value} player may know.")
    places = [hex_text(event_place(game, event)[0]) for event in events]
    width = max((len(place) for place in places), default=0)
    numbered = zip(events, places, strict=True)
    for turn, group in itertools.groupby(numbered, key=lambda pair: pair[0].turn):
        when = clock.time_of(turn)
        phase = clock.phase_of(turn).value
        out += ["", f"Turn {turn} — {when:%a %d %b %Y, %H:%M} ({phase})"]
        out += [f"  {place:<{width}}  {event.describe()}".rstrip() for event, place in group]
    return "\n".join(out) + "\n"


def export_log(
    game: Game,
    path: Path | str,
    events: Sequence[Event] | None = None,
    known_to: Side | None = None,
) -> None:
    """Write the events (the game's whole log by default) to `path`, atomically: CSV when its
    suffix is `.csv`, else a text report (`log_report`). OSError when it cannot be written."""
    text = log_csv(game, events) if is_csv(path) else log_report(game, events, known_to)
    write_atomic(Path(path), text)
