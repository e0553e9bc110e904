"""Banzai attacks, optional rule 17 [003 17.1-17.3]: the defenders' morale checks (Marines -1),
their fire at -1, the attackers' strengths inverted and halved when disrupted, -2."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.events import Attacked, MoraleChecked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import CloseAssault
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import MG_TYPE, RIFLE, FixedDice, board, state

JAPANESE = replace(RIFLE, attack=3, defense=8)  # AS 3, DS 8: a Banzai attacks with 8
MARINES = replace(RIFLE, traits=RIFLE.traits | {"marine"})


def _game(rolls, defender=MARINES, on=True):
    units = [
        ("j1", Side.AXIS, JAPANESE, (0, 0)),
        ("j2", Side.AXIS, JAPANESE, (1, 0)),
        ("jmg", Side.AXIS, MG_TYPE, (0, 0)),
        ("usmc", Side.ALLIED, defender, (0, 1)),
    ]
    s = state(
        board(["...."] * 4), units, nations={Side.AXIS: "japan", Side.ALLIED: "united_states"}
    )
    s.morale.update({"japan": 8, "united_states": 7})
    s.options = frozenset({"banzai"} if on else ())
    s.first_initiative = Side.AXIS
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def test_a_banzai_attack() -> None:
    """Pool 6; the Marine checks 4+4-1 = 7 against 7, passes; fires at j1 at -1 (a 6, 5 with
    the modifier: No Effect at 1:1); the Banzai: 8 + 8 against 6, 2:1, -2."""
    game = _game([6, 4, 4, 6, 3])
    events = game.apply(CloseAssault(("j1", "j2"), (0, 1), banzai=True))
    check = next(e for e in events if isinstance(e, MoraleChecked))
    assert (check.roll, check.modifier, check.passed) == (8, -1, True)
    shots = [e for e in events if isinstance(e, Attacked)]
    assert shots[0].kind == "Banzai opportunity fire"
    assert shots[0].results[0].modifier == -1
    banzai = shots[-1]
    assert (banzai.kind, banzai.attack, banzai.defense, banzai.column) == (
        "Banzai attack",
        16,
        6,
        "2:1",
    )
    assert banzai.results[0].modifier == -2


def test_disrupted_japanese_join_at_half_and_mgs_not_at_all() -> None:
    game = _game([6, 6, 6, 3])  # the Marine fails (12 - 1 > 7): disrupted, it cannot fire
    game.state.units["j2"].disrupted = True
    events = game.apply(CloseAssault(("j1", "j2"), (0, 1), banzai=True))
    banzai = [e for e in events if isinstance(e, Attacked)][-1]
    assert banzai.attack == 8 + 4
    assert banzai.results[0].modifier == -3  # -2, and -1 for the disrupted Marine
    with pytest.raises(IllegalOrder, match="machine guns"):
        _game([6]).apply(CloseAssault(("jmg",), (0, 1), banzai=True))
    with pytest.raises(IllegalOrder, match="rule 17"):
        _game([6], on=False).apply(CloseAssault(("j1",), (0, 1), banzai=True))
