"""What File > Print and File > Export PDF offer to print: named apart from the print jobs, so
that the File menu is built without the page layout and the reports behind them."""

from __future__ import annotations

from enum import StrEnum


class Subject(StrEnum):
    """What can be printed."""

    OOB = "oob"
    BRIEFING = "briefing"
