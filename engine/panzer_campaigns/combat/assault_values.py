"""The numbers of an assault kept free of game state, so each can be checked against the manual
[000 6.2, 6.3]: the Combined Arms Penalty, demolition losses, and the chance that the losses of
a combat result make a unit fail a morale check.

>>> combined_arms_penalty([(100, 14)], 120)  # [000 6.2] Example 1: 2 vehicles at half
[2]
>>> combined_arms_penalty([(800, 10)], 200)  # Example 2: no penalty
[0]
>>> combined_arms_penalty([(800, 10), (0, 20)], 200)  # Example 3: 10 in the second hex
[0, 10]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

SUPPORT_PER_VEHICLE = 10
""""only that portion within 10 times the number of vehicles is considered" [000 6.2]."""

DEMOLITION_LOSS = 32
"""A demolition unit's loss in an assault is "32 / assault-value" [000 6.2]."""

QUANTILES = 24
"""Points at which a preview samples the casualty distribution."""


def combined_arms_penalty(hexes: Sequence[tuple[int, int]], defending_infantry: int) -> list[int]:
    """The attacking vehicles of each attacking hex that attack at half strength [000 6.2]:
    `hexes` holds (infantry men, vehicles) per attacking hex. Infantry supports the vehicles it
    is stacked with, up to 10 per vehicle; when the defending infantry exceeds the supporting
    infantry, one vehicle is penalised per 10 defending infantry (or fraction) in excess,
    taken from the hexes whose own infantry does not support all their vehicles.

    Decision: a hex with at least 10 infantry per vehicle is supported, as Example 2 has it
    ("only requires that 100 infantry be present to support the 10 attacking vehicles"),
    although the text says the infantry must "exceed" the adjusted vehicles."""
    supporting = sum(min(infantry, SUPPORT_PER_VEHICLE * vehicles) for infantry, vehicles in hexes)
    deficit = defending_infantry - supporting
    penalised = [0] * len(hexes)
    if deficit <= 0:
        return penalised
    left = math.ceil(deficit / SUPPORT_PER_VEHICLE)
    for index, (infantry, vehicles) in enumerate(hexes):
        if vehicles == 0 or infantry >= SUPPORT_PER_VEHICLE * vehicles:
            continue
        penalised[index] = min(vehicles, left)
        left -= penalised[index]
    return penalised


def demolition_loss(assault_value: float) -> float:
    """The strength a demolition unit loses by taking part in an assault on a bunker or
    pillbox: 32 / its assault value [000 6.2] (rounded probabilistically by the caller).

    >>> demolition_loss(8)
    4.0
    """
    return DEMOLITION_LOSS / assault_value if assault_value > 0 else 0.0


def casualty_quantiles(low: float, high: float, *, alternative: bool) -> list[float]:
    """Equally likely casualty values of a combat result: the uniform draw in [low, high], or
    under the Alternative Calculation the average of two draws, whose distribution is the
    triangle on the same range [000 12.0].

    >>> casualty_quantiles(0, 24, alternative=False)[:3]
    [0.5, 1.5, 2.5]
    """
    points = []
    for k in range(QUANTILES):
        p = (k + 0.5) / QUANTILES
        if not alternative:
            share = p
        elif p < 0.5:
            share = math.sqrt(p / 2)
        else:
            share = 1 - math.sqrt((1 - p) / 2)
        points.append(low + share * (high - low))
    return points


def mean_over(points: Sequence[float], chance: Callable[[float], float]) -> float:
    """The mean of `chance` over equally likely points."""
    return sum(chance(point) for point in points) / len(points) if points else 0.0
