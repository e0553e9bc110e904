"""Seeded dice for any ruleset: one generator a game owns, so the same seed and orders give the
same rolls, with the rolls the rule texts name (1d6, 2d6 summed, 2d6 read as 11-66)."""

from __future__ import annotations

import copy
from random import Random
from typing import Any


class Dice:
    """Six-sided dice drawn from one seeded generator.

    >>> dice = Dice(7)
    >>> rolls = [dice.d6() for _ in range(1000)]
    >>> min(rolls), max(rolls)
    (1, 6)
    >>> all(11 <= Dice(s).d66() <= 66 for s in range(50))
    True
    """

    def __init__(self, seed: int) -> None:
        self._random = Random(seed)

    def d6(self) -> int:
        """One die, 1-6."""
        return self._random.randint(1, 6)

    def two_d6(self) -> int:
        """Two dice summed, 2-12."""
        return self.d6() + self.d6()

    def d66(self) -> int:
        """Two dice read as tens and units, 11-66 (a scatter diagram's entry)."""
        return self.d6() * 10 + self.d6()

    def d100(self) -> int:
        """Percentile dice, 1-100 (a chance a scenario gives in percent)."""
        return self._random.randint(1, 100)

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place (a setup drawn by the seed)."""
        self._random.shuffle(items)

    def copy(self) -> Dice:
        """An independent copy that will roll what this one would."""
        clone = copy.copy(self)
        clone._random = Random()
        clone._random.setstate(self._random.getstate())
        return clone

    def getstate(self) -> tuple[Any, ...]:
        """The generator's state, to restore when an order is taken back."""
        return self._random.getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Put the generator back where `getstate` found it."""
        self._random.setstate(state)
