"""Native Tactical GameX hex addresses: a panel's Map ID, a space, the column letters and the row
number, as the rules write "Village A2" [003 3.0], to and from a panel's `[column, row]`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_ADDRESS = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9_\-]*)\s+([A-Za-z]{1,2})\s*([0-9]{1,3})\s*$")


class PanelAddress(NamedTuple):
    """A hex of a panel: its Map ID and its `[column, row]` from 0 on that panel."""

    panel: str
    column: int
    row: int

    def __str__(self) -> str:
        return f"{self.panel} {column_letters(self.column)}{self.row + 1}"


def column_letters(column: int) -> str:
    """The printed letters of a panel column counted from 0: A…Z, then AA, AB…

    >>> column_letters(0), column_letters(25), column_letters(26)
    ('A', 'Z', 'AA')
    """
    if column < 0:
        raise ValueError(f"no column {column}")
    letters = ""
    number = column + 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_number(letters: str) -> int:
    """The column counted from 0 of printed letters.

    >>> column_number("A"), column_number("z"), column_number("AA")
    (0, 25, 26)
    """
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number - 1


def parse_address(text: str) -> PanelAddress | None:
    """The panel hex a native address names, or None when it is not one.

    >>> parse_address("Village A2")
    PanelAddress(panel='Village', column=0, row=1)
    >>> str(parse_address("B  K10"))
    'B K10'
    >>> parse_address("A0") is None
    True
    """
    match = _ADDRESS.match(text)
    if match is None or int(match.group(3)) < 1:
        return None
    return PanelAddress(match.group(1), column_number(match.group(2)), int(match.group(3)) - 1)


def format_address(panel: str, column: int, row: int) -> str:
    """The native address of a panel hex.

    >>> format_address("Village", 0, 1)
    'Village A2'
    """
    return str(PanelAddress(panel, column, row))
