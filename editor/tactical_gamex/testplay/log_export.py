"""A Tactical GameX test-play's log written to a file: CSV for a spreadsheet or a text report
grouped by turn, each line what the Test-play panel's log says with its side, kind and hex
(the format choice and CSV writing shared with Panzer Campaigns: `editor.log_files`). Qt-free."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from editor.log_files import csv_text, event_kind, is_csv
from editor.tactical_gamex.testplay.log_places import event_place
from schemas.io import write_atomic
from schemas.vocabulary import Side

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame

CSV_COLUMNS = ("turn", "side", "event", "description", "hex")
UNIT_FIELDS = ("unit", "carrier", "attackers", "units", "battery", "aircraft")
"""The fields naming who acted, in the order an event's side is read from them."""


@dataclass(frozen=True, slots=True)
class TgxLogLine:
    """One event as the log shows and exports it."""

    turn: int
    side: str
    """The side that acted or rolled ("allied", "axis"), or empty (Housekeeping…)."""
    kind: str
    """The kind of event, e.g. `unit_moved`."""
    description: str
    hex: tuple[int, int] | None


def event_side(game: TacticalGame, event: object) -> Side | None:
    """The side an event concerns: its own `side` (a pool, a pass), else that of the unit,
    battery or aircraft that acted (an attack's attackers; a mine's attack names none, and
    then the side of the first defender, as the side the event befell)."""
    side = getattr(event, "side", None)
    if isinstance(side, Side):
        return side
    state = game.state
    for name in UNIT_FIELDS:
        value = getattr(event, name, None)
        ids = value if isinstance(value, tuple) else (value,)
        for ident in ids:
            if not isinstance(ident, str):
                continue
            for found in (state.units, state.batteries, state.aircraft):
                owner = found.get(ident)
                if owner is not None:
                    return owner.side  # type: ignore[no-any-return,attr-defined]
    results = getattr(event, "results", ())
    if results and results[0].unit in state.units:
        return state.units[results[0].unit].side
    return None


def log_line(game: TacticalGame, event: object) -> TgxLogLine:
    """An event of the game as a log line."""
    side = event_side(game, event)
    describe = getattr(event, "describe", None)
    return TgxLogLine(
        getattr(event, "turn", 0),
        side.value if side is not None else "",
        event_kind(event),
        describe() if callable(describe) else repr(event),
        event_place(event),
    )


def _place(hex_: tuple[int, int] | None) -> str:
    return f"{hex_[0]},{hex_[1]}" if hex_ is not None else ""


def log_csv(lines: Sequence[TgxLogLine]) -> str:
    """The lines as CSV under a header of CSV_COLUMNS."""
    rows = ((x.turn, x.side, x.kind, x.description, _place(x.hex)) for x in lines)
    return csv_text(CSV_COLUMNS, rows)


def log_report(game: TacticalGame, title: str, lines: Sequence[TgxLogLine]) -> str:
    """The lines as a text report: where the game stands, then a heading a turn and one line
    an event with its hex in a column of its own."""
    out = [
        f"{title} — test-play log",
        f"Reached turn {game.turn} of {game.state.last_turn}"
        + (" (game over)" if game.is_over else "")
        + f"; {len(lines)} events.",
    ]
    width = max((len(_place(x.hex)) for x in lines), default=0)
    for turn, group in itertools.groupby(lines, key=lambda x: x.turn):
        out += ["", f"Turn {turn}"]
        out += [f"  {_place(x.hex):<{width}}  {x.description}".rstrip() for x in group]
    return "\n".join(out) + "\n"


def export_log(game: TacticalGame, title: str, lines: Sequence[TgxLogLine], path: Path) -> None:
    """Write the lines to `path`, atomically: CSV for a `.csv` suffix, else the text report.
    OSError when it cannot be written."""
    text = log_csv(lines) if is_csv(path) else log_report(game, title, lines)
    write_atomic(path, text)
