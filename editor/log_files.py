"""What both rulesets' test-play logs share when written to a file: the export dialog's
filters, an event's kind from its class, and the CSV or text chosen by the file's suffix."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

FILE_FILTERS = "Text report (*.txt);;Spreadsheet (*.csv)"
"""The filters for the export dialog; the suffix chosen decides the format."""


def event_kind(event: object) -> str:
    """The kind of an event, e.g. `ObjectiveCaptured` -> `objective_captured`."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """Rows as CSV under a header row."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def is_csv(path: Path | str) -> bool:
    """Whether an export to `path` is a spreadsheet (else a text report)."""
    return Path(path).suffix.lower() == ".csv"
