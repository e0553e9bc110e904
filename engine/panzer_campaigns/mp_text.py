"""Movement points as players read them. The game's costs are whole numbers, but quality,
condition and elevation modifiers make sums of fractions; read-outs show tenths at most, a cost
rounded up and what is left rounded down, so none promises more than the unit has."""

from __future__ import annotations

import math

_SLACK = 1e-6
"""Float noise of summed fractions (7.000000001 is 7, 6.9999999 is 7)."""


def cost_text(mp: float) -> str:
    """A cost in movement points: `2.31` reads `2.4`, `1.5` reads `1.5`, `3.0` reads `3`.

    >>> [cost_text(v) for v in (2.31, 1.5, 3.0, 7.65, 0.30000000000000004)]
    ['2.4', '1.5', '3', '7.7', '0.3']
    """
    return _tenths(math.ceil(max(0.0, mp) * 10 - _SLACK))


def left_text(mp: float) -> str:
    """Movement points left: `0.35` reads `0.3`, `12` reads `12`, never below 0.

    >>> [left_text(v) for v in (0.35, 12.0, 5.9999999999, -0.2)]
    ['0.3', '12', '6', '0']
    """
    return _tenths(math.floor(max(0.0, mp) * 10 + _SLACK))


def _tenths(tenths: int) -> str:
    whole, part = divmod(tenths, 10)
    return f"{whole}.{part}" if part else f"{whole}"
