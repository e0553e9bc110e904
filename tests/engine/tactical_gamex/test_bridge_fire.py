"""Artillery at a temporary bridge [003 9.3]: non-I weapons fire at the bridge marker on its own,
directly or indirectly at half strength, against the DS the title prints on the marker; only an X
destroys it, taking the vehicles on it (and their passengers) but not the infantry."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex import bridge_fire
from engine.tactical_gamex.events import Attacked, Eliminated
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import FireAtBridge, Move
from engine.tactical_gamex.records import order_of, order_to_model
from engine.tactical_gamex.units import BRIDGE_LAYER, UnitKind, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import (
    BT5,
    MORTAR_107,
    PZ4H,
    RIFLE,
    TRUCK_TYPE,
    FixedDice,
    board,
    state,
)

LAYER = UnitType(
    "Valentine Bridge Layer",
    0,
    Weapon.A,
    0,
    8,
    6,
    UnitKind.ARMORED,
    traits=frozenset({BRIDGE_LAYER}),
    move_class="tracked",
    bridge_defense=7,
)
BRIDGE = (1, 2)


def _game(layer: UnitType = LAYER, on_bridge: tuple[tuple[str, UnitType], ...] = ()):
    """The Allied bridge layer lays its bridge at (1, 2); the German side acts next, with a
    Pz IV two hexes off, a rifle company and a 107 mm mortar farther back."""
    units = [
        ("v", Side.ALLIED, layer, BRIDGE),
        ("pz", Side.AXIS, PZ4H, (1, 4)),
        ("rifle", Side.AXIS, RIFLE, (2, 4)),
        ("mortar", Side.AXIS, MORTAR_107, (1, 9)),
        *((uid, Side.ALLIED, kind, BRIDGE) for uid, kind in on_bridge),
    ]
    s = state(board(["....", "....", "SSSS", *["...."] * 8]), units)
    s.first_initiative = Side.ALLIED
    s.dice = FixedDice([6] * 10)
    game = TacticalGame(s)
    game.apply(Move("v", ((1, 1),)))  # leaving for 3 MP more, it lays the bridge
    game.state.acting = Side.AXIS  # the German impulse, with a full pool
    game.state.spent = 0
    return game


def test_the_layer_s_bridge_carries_the_ds_its_type_states() -> None:
    game = _game()
    assert BRIDGE in game.state.counters.laid_bridges
    assert game.state.counters.bridge_defense == {BRIDGE: 7}


def test_an_x_destroys_the_bridge_and_the_vehicles_on_it_but_not_the_infantry() -> None:
    """Pz IV at two hexes, A weapon against the bridge read as armour: 14 doubled = 28 against
    DS 7, column 4:1; a 1 reads X. The BT-5 on the bridge and the truck with the rifle it
    carries go with it; the rifle standing in the stream stays."""
    game = _game(on_bridge=(("bt", BT5), ("truck", TRUCK_TYPE), ("inf", RIFLE)))
    game.state.units["riding"] = replace(game.state.units["inf"], id="riding")
    game.state.units["truck"].passenger = "riding"
    game.state.units["riding"].carrier = "truck"
    game.state.dice = FixedDice([1])
    events = game.apply(FireAtBridge(("pz",), BRIDGE))
    attacked = next(e for e in events if isinstance(e, Attacked))
    assert (attacked.attack, attacked.defense, attacked.column) == (28, 7, "4:1")
    assert [(r.unit, r.result) for r in attacked.results] == [("temporary bridge", "X")]
    assert BRIDGE not in game.state.counters.laid_bridges
    assert BRIDGE not in game.state.counters.bridge_defense
    lost = {e.unit for e in events if isinstance(e, Eliminated)}
    assert lost == {"bt", "truck", "riding"}
    assert game.unit("inf").hex == BRIDGE


@pytest.mark.parametrize("roll", [4, 5, 6])
def test_d_and_dd_are_ignored(roll: int) -> None:
    """At 4:1 the test CRT reads DD on 4 and 5 and D on 6: the bridge stands, the tank on it
    is untouched [003 9.3: all other results are ignored]."""
    game = _game(on_bridge=(("bt", BT5),))
    game.state.dice = FixedDice([roll])
    events = game.apply(FireAtBridge(("pz",), BRIDGE))
    attacked = next(e for e in events if isinstance(e, Attacked))
    assert attacked.results[0].result == "-"
    assert BRIDGE in game.state.counters.laid_bridges
    assert game.unit("bt").hex == BRIDGE
    assert not game.unit("bt").disrupted


def test_the_row_chances_read_only_x() -> None:
    game = _game()
    attack = bridge_fire.direct_attack(game.state, [game.unit("pz")], BRIDGE)
    assert bridge_fire.result_chances(game.state, attack) == {"X": 0.5, "-": 0.5}


def test_indirect_fire_is_halved_and_needs_a_sighter_not_a_spotted_unit() -> None:
    """The 107 mm mortar (10 M) at seven hexes: 5 against DS 7, below 1:1 - column 1:2; the
    rifle company, which may not fire at the bridge itself, sights it."""
    game = _game()
    game.state.dice = FixedDice([1])
    events = game.apply(FireAtBridge(("mortar",), BRIDGE, sighter="rifle"))
    attacked = next(e for e in events if isinstance(e, Attacked))
    assert (attacked.kind, attacked.attack, attacked.column) == (
        "indirect fire at bridge",
        5,
        "1:2",
    )
    assert game.unit("rifle").marker is not None
    assert game.unit("mortar").marker is not None


def test_i_weapons_may_not_fire_at_a_bridge() -> None:
    game = _game()
    assert "I weapons" in (game.why_not(FireAtBridge(("rifle",), BRIDGE)) or "")


def test_a_bridge_whose_ds_the_title_does_not_state_cannot_be_fired_on() -> None:
    game = _game(layer=replace(LAYER, bridge_defense=None))
    assert BRIDGE in game.state.counters.laid_bridges
    why = game.why_not(FireAtBridge(("pz",), BRIDGE)) or ""
    assert "gives no DS" in why


def test_a_printed_bridge_is_no_temporary_bridge() -> None:
    game = _game()
    assert "no temporary bridge" in (game.why_not(FireAtBridge(("pz",), (2, 2))) or "")


def test_below_one_to_three_there_is_no_roll() -> None:
    game = _game(layer=replace(LAYER, bridge_defense=99))
    game.state.dice = FixedDice([])  # any roll would fail
    events = game.apply(FireAtBridge(("pz",), BRIDGE))
    attacked = next(e for e in events if isinstance(e, Attacked))
    assert attacked.column == "<1:3"
    assert attacked.results[0].result == "-"
    assert BRIDGE in game.state.counters.laid_bridges


def test_the_order_is_saved_and_read_back() -> None:
    for order in (FireAtBridge(("pz",), BRIDGE), FireAtBridge(("mortar",), BRIDGE, "rifle")):
        assert order_of(order_to_model(order)) == order


def test_a_bridge_fired_on_may_not_be_taken_back() -> None:
    game = _game()
    game.state.dice = FixedDice([6])
    game.apply(FireAtBridge(("pz",), BRIDGE))
    assert not game.can_undo


def test_illegal_order_for_a_sighter_firing_too() -> None:
    game = _game()
    with pytest.raises(IllegalOrder, match="sight for itself"):
        game.apply(FireAtBridge(("mortar",), BRIDGE, sighter="mortar"))


def test_the_play_file_s_order_replays_the_same_attack() -> None:
    """The order as the play file stores it (YAML-ready data) and read back gives the same
    attack on the same dice."""
    from pydantic import TypeAdapter

    from schemas.tactical_gamex.saved_game import SavedOrder

    first = _game(on_bridge=(("bt", BT5),))
    first.state.dice = FixedDice([2])
    order = FireAtBridge(("pz",), BRIDGE)
    told = [e.describe() for e in first.apply(order)]
    stored = order_to_model(order).model_dump(mode="json")
    assert stored["kind"] == "fire_at_bridge"
    again = _game(on_bridge=(("bt", BT5),))
    again.state.dice = FixedDice([2])
    read = order_of(TypeAdapter(SavedOrder).validate_python(stored))
    assert [e.describe() for e in again.apply(read)] == told
    assert "bt eliminated" in " ".join(told)


def _with_battery(game: TacticalGame) -> TacticalGame:
    from engine.tactical_gamex.state import Battery

    game.state.batteries["105"] = Battery("105", Side.AXIS, "germany", 20)
    return game


def test_an_off_board_battery_at_the_bridge_fires_at_half_strength() -> None:
    """Available (2d6 4 under morale 8), on the hex (accuracy 1): 10 against DS 7, 1:1; the BT-5
    on the bridge is not attacked itself, only lost with the bridge on an X."""
    from engine.tactical_gamex.orders import CallArtillery

    game = _with_battery(_game(on_bridge=(("bt", BT5),)))
    game.state.dice = FixedDice([2, 2, 1, 1])
    events = game.apply(CallArtillery("105", BRIDGE, "rifle", bridge=True))
    attacked = [e for e in events if isinstance(e, Attacked)]
    assert [(a.kind, a.attackers, a.attack, a.column) for a in attacked] == [
        ("artillery at bridge", ("105",), 10, "1:1")
    ]
    destroyed = attacked[0].results[0].result == "X"
    assert (BRIDGE in game.state.counters.laid_bridges) is not destroyed
    assert (game.unit("bt").hex is None) is destroyed
    assert game.state.batteries["105"].fired
    assert order_of(order_to_model(game.orders[-1])) == game.orders[-1]


def test_a_battery_scattered_off_the_bridge_falls_on_the_units_where_it_lands() -> None:
    """Accuracy 3 scatters by the test table's first direction; the bridge is not attacked."""
    from engine.tactical_gamex.orders import CallArtillery

    game = _with_battery(_game())
    game.state.dice = FixedDice([2, 2, 3, 1, 6, 6, 6, 6])
    events = game.apply(CallArtillery("105", BRIDGE, "rifle", bridge=True))
    assert not [e for e in events if isinstance(e, Attacked) and e.kind == "artillery at bridge"]
    assert BRIDGE in game.state.counters.laid_bridges


def test_no_interdiction_at_a_bridge_and_no_call_without_one() -> None:
    from engine.tactical_gamex.orders import CallArtillery

    game = _with_battery(_game())
    order = CallArtillery("105", BRIDGE, "rifle", interdict=True, bridge=True)
    assert "not on a bridge" in (game.why_not(order) or "")
    assert "no temporary bridge" in (
        game.why_not(CallArtillery("105", (2, 2), "rifle", bridge=True)) or ""
    )
