"""Aircraft at a temporary bridge [003 9.3, 6.4.7]: a pass attacks the bridge on its own with a
non-I weapon after the AA fire it meets, direct weapons at their WEC strength against the bridge
read as armour, (H) halved as indirect fire; only an X destroys it, with the vehicles on it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.aircraft import Aircraft
from engine.tactical_gamex.events import AircraftFlew, Attacked, Eliminated
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import AirAttack, Move
from engine.tactical_gamex.records import order_of, order_to_model
from engine.tactical_gamex.units import BRIDGE_LAYER, UnitKind, UnitType, Weapon
from schemas.tactical_gamex.saved_game import AirAttackOrder
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import BT5, RIFLE, FixedDice, board, state

LAYER = UnitType(
    "Valentine Bridge Layer", 0, Weapon.A, 0, 8, 6, UnitKind.ARMORED,
    traits=frozenset({BRIDGE_LAYER}), move_class="tracked", bridge_defense=7,
)  # fmt: skip
FLAK = UnitType("Bofors 40mm", 4, Weapon.AA, 4, 2, 0)
AA_TABLE = ((1, ("D", "-", "-", "-", "-", "-")), (6, ("X", "D", "-", "-", "-", "-")))
BRIDGE = (1, 2)
STUKA = {Weapon.H: 28, Weapon.H_INDIRECT: 40, Weapon.I: 3}


def _game(rolls, *, flak: bool = False) -> TacticalGame:
    """The Allied bridge layer lays its bridge at (1, 2), a BT-5 and a rifle company cross on
    it; the German side acts next with a Ju 87 (H 28, (H) 40, I 3)."""
    units = [
        ("v", Side.ALLIED, LAYER, BRIDGE),
        ("bt", Side.ALLIED, BT5, BRIDGE),
        ("inf", Side.ALLIED, RIFLE, BRIDGE),
        ("g", Side.AXIS, RIFLE, (1, 8)),
    ]
    if flak:
        units.append(("flak", Side.ALLIED, FLAK, (1, 0)))
    s = state(board(["....", "....", "SSSS", *["...."] * 7]), units)
    s.tables = replace(s.tables, aa_fire=AA_TABLE)
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6] * 4)
    s.aircraft["ju87"] = Aircraft("ju87", Side.AXIS, "Ju 87", dict(STUKA))
    game = TacticalGame(s)
    game.apply(Move("v", ((1, 1),)))  # leaving for 3 MP more, it lays the bridge
    game.state.units["bt"].hex = game.state.units["inf"].hex = BRIDGE
    game.state.acting = Side.AXIS
    game.state.spent = 0
    game.state.dice = FixedDice(rolls)
    return game


def test_a_direct_bomb_on_the_bridge_takes_the_tank_on_it_with_it() -> None:
    """H 28 at its own range of 0 hexes against the bridge read as armour (no halving within
    six hexes): 28 against DS 7, 4:1; a 1 is X. The BT-5 on it is lost, the rifles stay."""
    game = _game([1])
    events = game.apply(AirAttack("ju87", "H", BRIDGE, bridge=True))
    assert events[0] == AircraftFlew(game.turn, "ju87", "H", BRIDGE, 0, 0, "-")
    attacked = next(e for e in events if isinstance(e, Attacked))
    assert (attacked.kind, attacked.attack, attacked.defense, attacked.column) == (
        "air attack at bridge", 28, 7, "4:1",
    )  # fmt: skip
    assert [(r.unit, r.result) for r in attacked.results] == [("temporary bridge", "X")]
    assert BRIDGE not in game.state.counters.laid_bridges
    assert {e.unit for e in events if isinstance(e, Eliminated)} == {"bt"}
    assert game.unit("inf").hex == BRIDGE
    assert game.points_left == 5  # the aircraft's activation, one point


def test_a_dd_leaves_the_bridge_and_the_tank_untouched() -> None:
    game = _game([4])
    events = game.apply(AirAttack("ju87", "H", BRIDGE, bridge=True))
    attacked = next(e for e in events if isinstance(e, Attacked))
    assert attacked.results[0].result == "-"
    assert BRIDGE in game.state.counters.laid_bridges
    assert not game.unit("bt").disrupted


def test_the_indirect_h_is_halved_and_attacks_the_bridge_alone() -> None:
    """(H) 40 halved for indirect fire: 20 against DS 7, 2:1; one attack, on the bridge only
    (the units of the hex are not bombed with it)."""
    game = _game([1])
    events = game.apply(AirAttack("ju87", "(H)", BRIDGE, bridge=True))
    attacked = [e for e in events if isinstance(e, Attacked)]
    assert [(a.attack, a.column, a.results[0].unit) for a in attacked] == [
        (20, "2:1", "temporary bridge")
    ]
    assert attacked[0].results[0].result == "-"  # 2:1 has no X on the test CRT
    assert BRIDGE in game.state.counters.laid_bridges


def test_the_i_weapon_may_not_attack_the_bridge() -> None:
    with pytest.raises(IllegalOrder, match="I weapons"):
        _game([1]).apply(AirAttack("ju87", "I", BRIDGE, bridge=True))


def test_no_bridge_no_attack() -> None:
    with pytest.raises(IllegalOrder, match="no temporary bridge"):
        _game([1]).apply(AirAttack("ju87", "H", (2, 5), bridge=True))


def test_aa_fire_drives_it_off_before_the_bridge_is_attacked() -> None:
    """The Bofors two hexes off, at half range: printed 4, column 1+; a 1 is D."""
    game = _game([1], flak=True)
    events = game.apply(AirAttack("ju87", "H", BRIDGE, bridge=True))
    assert events == [AircraftFlew(game.turn, "ju87", "H", BRIDGE, 4, 1, "D")]
    assert BRIDGE in game.state.counters.laid_bridges
    assert game.state.aircraft["ju87"].gone


def test_the_play_file_s_order_replays_the_same_pass_and_may_not_be_taken_back() -> None:
    from pydantic import TypeAdapter

    from schemas.tactical_gamex.saved_game import SavedOrder

    order = AirAttack("ju87", "H", BRIDGE, bridge=True)
    first = _game([1])
    told = [e.describe() for e in first.apply(order)]
    assert not first.can_undo  # the die was rolled before the player's eyes
    stored = order_to_model(order).model_dump(mode="json")
    assert (stored["kind"], stored["bridge"]) == ("air_attack", True)
    again = _game([1])
    read = order_of(TypeAdapter(SavedOrder).validate_python(stored))
    assert [e.describe() for e in again.apply(read)] == told
    assert "bt eliminated" in " ".join(told)


def test_the_order_is_saved_and_an_old_play_file_s_air_attack_reads_as_on_units() -> None:
    order = AirAttack("ju87", "H", BRIDGE, bridge=True)
    assert order_of(order_to_model(order)) == order
    old = AirAttackOrder.model_validate({"aircraft": "ju87", "weapon": "H", "hex": [1, 2]})
    assert order_of(old) == AirAttack("ju87", "H", BRIDGE)
