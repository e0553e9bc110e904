"""Off-board artillery's accuracy points [003 6.4.4]: each activation point spent before the
accuracy roll lowers the die by one; the chances the preview shows are those the dice give."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.dice import Dice
from engine.tactical_gamex.attacks import accuracy_chances, call_battery
from engine.tactical_gamex.events import ArtilleryCalled
from engine.tactical_gamex.state import Battery
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import board, state


def test_each_point_lowers_the_die_by_one() -> None:
    assert accuracy_chances(0) == {"hit": 2 / 6, "scattered": 3 / 6, "spread": 1 / 6}
    assert accuracy_chances(1) == {"hit": 3 / 6, "scattered": 3 / 6, "spread": 0.0}
    assert accuracy_chances(4) == {"hit": 1.0, "scattered": 0.0, "spread": 0.0}


@pytest.mark.parametrize("lowered", [0, 2])
def test_the_rolls_follow_the_chances_shown(lowered: int) -> None:
    s = state(board(["....."] * 5), [])
    battery = Battery("b", Side.ALLIED, "us", 20)
    s.morale["us"] = 12  # always available: only the accuracy die varies
    seen: Counter[str] = Counter()
    games = 3000
    for seed in range(games):
        s.dice = Dice(seed)
        (called,), lands = call_battery(s, battery, (2, 2), lowered)
        assert isinstance(called, ArtilleryCalled)
        seen["hit" if lands == (2, 2) else "spread" if called.accuracy > 5 else "scattered"] += 1
    for kind, chance in accuracy_chances(lowered).items():
        # three standard errors of a proportion over 3000 draws: under 0.03
        assert abs(seen[kind] / games - chance) < 0.03, (kind, seen)
