"""Where a value stands in a file's text: what the YAML reader finds (`schemas.yamlio`) and the
parse cache keeps beside an entry, defined apart from the reader so that loading the kept marks
never imports the YAML parser."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a value starts in the text: 1-based line and column."""

    line: int
    column: int
