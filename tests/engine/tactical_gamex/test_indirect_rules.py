"""On-board indirect fire's optional rules: Combat Stress attack by attack on a hex of several
units, the attacks left cancelled once the attackers disrupt [003 12.2]; and on-board artillery
placing an Interdiction marker, 14 AS at least, on a hex in sight [003 21.1, 21.2]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.events import Attacked, StressRolled
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import IndirectFire
from engine.tactical_gamex.records import order_of, order_to_model
from engine.tactical_gamex.units import Marker
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import MORTAR_107, RIFLE, FixedDice, board, state

MORTAR_29 = replace(MORTAR_107, attack=29)
DS_10 = replace(RIFLE, defense=10)


def _game(rolls, options=("combat_stress",), mortar=MORTAR_29, defenders=2):
    units = [
        ("m1", Side.ALLIED, mortar, (0, 0)),
        ("m2", Side.ALLIED, mortar, (0, 0)),
        ("rifle", Side.ALLIED, RIFLE, (5, 8)),
        *[(f"d{i}", Side.AXIS, DS_10, (0, 10)) for i in range(defenders)],
    ]
    s = state(board(["......"] * 12), units)
    s.options = frozenset(options)
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice(rolls)
    return TacticalGame(s)


def _attacks(events):
    return [(e.attack, e.column) for e in events if isinstance(e, Attacked)]


def test_stress_is_taken_attack_by_attack() -> None:
    """58 points on two units of DS 10: each attack is the text's 29 to 10, stressed by one
    point to 3:1, each followed by its stress die (2: the attackers hold)."""
    game = _game([6, 6, 2, 6, 2])
    events = game.apply(IndirectFire(("m1", "m2"), (0, 10), "rifle", stress=True))
    assert _attacks(events) == [(30, "3:1"), (30, "3:1")]
    rolls = [e for e in events if isinstance(e, StressRolled)]
    assert [(r.points, r.roll, r.disrupted) for r in rolls] == [(1, 2, False), (1, 2, False)]
    assert not game.unit("m1").disrupted


def test_disrupted_attackers_cancel_the_attacks_not_yet_resolved() -> None:
    """The first stress die is a 1 (at or under the one point): both mortars disrupt and the
    second defender is not attacked [003 12.2, 12.3]."""
    game = _game([6, 6, 1, 6, 6])
    events = game.apply(IndirectFire(("m1", "m2"), (0, 10), "rifle", stress=True))
    assert _attacks(events) == [(30, "3:1")]
    assert game.unit("m1").disrupted
    assert game.unit("m2").disrupted
    assert game.unit("d1").hex == (0, 10)
    assert not game.unit("d1").disrupted


def test_indirect_stress_needs_the_rule_and_a_reachable_column() -> None:
    with pytest.raises(IllegalOrder, match="rule 12"):
        _game([6], options=()).apply(IndirectFire(("m1", "m2"), (0, 10), "rifle", stress=True))
    # 10 + 10 on one unit of DS 10 is 2:1; 3:1 is ten points away, beyond five
    far = _game([6], mortar=MORTAR_107, defenders=1)
    with pytest.raises(IllegalOrder, match="limits"):
        far.apply(IndirectFire(("m1", "m2"), (0, 10), "rifle", stress=True))


def test_onboard_artillery_interdicts_an_empty_hex_in_sight() -> None:
    """Two 107 mm mortars (20 AS) place the marker on an empty hex the rifle sees, for one point
    and no die; an enemy moving next to it is then attacked on 1:1 [003 21.2, 21.3]."""
    game = _game([6, 2], options=("interdiction",), mortar=MORTAR_107)
    left = game.points_left
    events = game.apply(IndirectFire(("m1", "m2"), (0, 6), "rifle", interdict=True))
    assert not _attacks(events)
    assert game.state.counters.interdiction == [((0, 6), Side.ALLIED)]
    assert game.points_left == left - 1
    assert game.unit("m1").marker is Marker.FIRED
    enemy = game.unit("d0")
    events = walk(game.state, enemy, [(0, 9), (0, 8), (0, 7)])
    assert [e.column for e in events if isinstance(e, Attacked)] == ["1:1"]
    assert enemy.disrupted
    assert enemy.hex == (0, 8)


def test_onboard_interdiction_needs_the_rule_and_fourteen_points() -> None:
    with pytest.raises(IllegalOrder, match="rule 21"):
        _game([6], options=(), mortar=MORTAR_107).apply(
            IndirectFire(("m1", "m2"), (0, 6), "rifle", interdict=True)
        )
    with pytest.raises(IllegalOrder, match="14"):
        _game([6], options=("interdiction",), mortar=MORTAR_107).apply(
            IndirectFire(("m1",), (0, 6), "rifle", interdict=True)
        )


def test_the_new_choices_are_saved_and_replayed() -> None:
    order = IndirectFire(("m1", "m2"), (0, 6), "rifle", stress=True, interdict=False)
    assert order_of(order_to_model(order)) == order
    placed = IndirectFire(("m1", "m2"), (0, 6), "rifle", interdict=True)
    assert order_of(order_to_model(placed)) == placed
