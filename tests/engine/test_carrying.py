"""Carrying in Panzer Battles [001 "Carry/Uncarry", #21, #23]: the capacities the manual gives,
passengers moving with their carrier and idle while they ride, riders eliminated in an assault
and fired on at defense 16, and Carry/Uncarry saved and replayed."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns.carrying import Carried
from engine.panzer_campaigns.combat.events import LossesTaken
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import Carry, Move, Uncarry
from engine.panzer_campaigns.units import UnitStatus
from schemas.panzer_campaigns.testplay import RecordedOrder
from tests.engine.ascii_title import ascii_title
from tests.engine.assault_titles import TANKS

PB = {"ruleset": "panzer_battles"}
TRUCKS: dict[str, Any] = {
    "unit_class": "transport",
    "movement_class": "motorized",
    "component": "vehicles",
    "strength": 10,
    "speed": 20,
    "soft_attack": 0,
    "assault": 0,
    "defense": 4,
    "transport": True,
}
MEN: dict[str, Any] = {"strength": 100}
GUNS: dict[str, Any] = {
    "unit_class": "anti_tank",
    "component": "guns",
    "strength": 10,
    "towed": True,
    "hard_attack": 10,
    "hard_range": 2,
}


def _game(units: dict[str, dict[str, Any]], art: str = ".TB .  .  .", **kw: Any) -> Game:
    title = ascii_title(art, units=units, header=kw.pop("header", PB), **kw)
    return Game(title.game(0))


@pytest.mark.parametrize(
    ("carrier", "passenger", "why"),
    [
        (TANKS, MEN, None),  # 20 vehicles x 5 riders = 100 men
        (TANKS, {"strength": 101}, "no room"),
        (TRUCKS, MEN, None),  # 10 trucks x 10 men = 100 men
        (TRUCKS, {"strength": 101}, "no room"),
        (TRUCKS, GUNS, None),  # 1 gun per truck
        (TRUCKS, {**GUNS, "strength": 11}, "no room"),
        (TANKS, GUNS, "not a foot unit"),  # external riders: foot only
        (TRUCKS, {**GUNS, "speed": 0}, "immobile"),
        (TRUCKS, {**MEN, "mode": "rail"}, "Rail Mode"),
        (TRUCKS, TANKS, "not vehicles"),
        (MEN, MEN, "no vehicles"),
    ],
)
def test_the_manuals_capacities(
    carrier: dict[str, Any], passenger: dict[str, Any], why: str | None
) -> None:
    # [001 "Carry/Uncarry"] "10 men or 1 gun per transport vehicle", "5 external riders (foot
    # only) per vehicle"
    game = _game({"T": carrier, "B": passenger})
    found = game.why_not_carry("T", "B")
    assert found is None if why is None else why in (found or "")
    assert ("B" in game.carriable("T")) is (why is None)


def test_on_foot_motorised_infantry_cannot_ride_outside_but_can_ride_a_transport() -> None:
    mot = {**MEN, "unit_class": "motorized_infantry", "can_dismount": True, "on_foot": True}
    game = _game({"T": TANKS, "B": mot, "C": TRUCKS}, art=".TBC .  .  .")
    assert "On Foot" in (game.why_not_carry("T", "B") or "")
    assert game.why_not_carry("C", "B") is None


def test_panzer_campaigns_has_no_carrying() -> None:
    game = _game({"T": TANKS, "B": MEN}, header={})
    assert "Panzer Battles" in (game.why_not_carry("T", "B") or "")


def test_passengers_move_with_their_carrier_and_do_nothing_else_until_set_down() -> None:
    game = _game({"T": TRUCKS, "B": MEN})
    events = game.carry("T", ["B"])
    assert events == [Carried(1, game.unit("B").side, "T", "B", False)]
    assert game.unit("T").carrying == ("B",)
    assert game.legal_moves("B") == {}
    with pytest.raises(IllegalMove, match="rides on T"):
        game.move("B", [(1, 0)])
    game.move("T", [(1, 0), (2, 0)])
    assert game.offset_of(game.unit("B").hex) == (2, 0)
    spent = game.unit("T").mp_spent
    game.uncarry("T")
    b = game.unit("B")
    assert b.carried_by is None
    assert game.unit("T").carrying == ()
    # Decision: set down, it has used the carrier's share of its own allowance (speed 12 vs 20)
    assert b.mp_spent == pytest.approx(spent / 20 * 12)
    assert game.orders == [Carry("T", ("B",)), Move("T", ((1, 0), (2, 0))), Uncarry("T")]
    game.undo()
    assert game.unit("B").carried_by == "T"


def test_a_passenger_neither_fires_nor_assaults_while_it_rides() -> None:
    game = _game({"T": TRUCKS, "B": MEN, "a": {}}, art=".TB .a .  .")
    game.carry("T", ["B"])
    assert game.fire_targets("B") == {}
    assert "rides on T" in (game.why_not_assault("B", (1, 0)) or "")


def test_external_riders_are_eliminated_when_their_vehicle_assaults() -> None:
    # [001 #23] "automatically eliminated when on a vehicle that attacks or defends"
    game = _game({"T": TANKS, "B": MEN, "a": {}}, art=".TB .a .  .")
    game.carry("T", ["B"])
    events = game.assault((1, 0), ["T"])
    lost = [e for e in events if isinstance(e, LossesTaken) and e.unit == "B"]
    assert len(lost) == 1
    assert lost[0].eliminated
    assert lost[0].lost == 100
    assert game.unit("B").status is UnitStatus.ELIMINATED
    assert game.state.losses[game.unit("B").side].men >= 100


def test_riders_of_a_defending_vehicle_die_but_a_transports_passengers_ride_on() -> None:
    title = ascii_title(
        ".A .tb .cd", units={"t": TANKS, "b": MEN, "c": TRUCKS, "d": MEN}, header=PB
    )
    game = Game(title.game(0))
    game.end_player_turn()
    game.carry("t", ["b"])
    game.carry("c", ["d"])
    game.end_player_turn()
    preview = game.assault_odds(title.positions["t"], ["A"])
    assert preview is not None
    assert preview.defenders == ("t",)
    game.assault(title.positions["t"], ["A"])
    assert game.unit("b").status is UnitStatus.ELIMINATED
    assert game.unit("d").carried_by == "c"
    assert game.unit("d").on_map


def test_riders_are_fired_on_as_soft_targets_at_defense_16_and_passengers_inside_not() -> None:
    # [001 "Carry/Uncarry"] "External passengers have defense=16 and can be fired upon even when
    # carried by a hard vehicle"
    a = {"soft_attack": 8, "soft_range": 2, "hard_attack": 0}  # cannot fire at the tanks
    title = ascii_title(
        ".A .tb .cd", units={"A": a, "t": TANKS, "b": MEN, "c": TRUCKS, "d": MEN}, header=PB
    )
    game = Game(title.game(0))
    game.end_player_turn()
    game.carry("t", ["b"])
    game.carry("c", ["d"])
    game.state.units["d"].strength = 200  # more men-equivalents than its 10 trucks
    game.end_player_turn()
    preview = game.fire_preview("A", title.positions["t"])
    assert preview is not None
    assert preview.target == "b"
    assert preview.attack == 8  # soft attack on a hard carrier
    assert "external riders: defense 16" in [m.name for m in preview.modifiers]
    assert preview.defense == 16
    inside = game.fire_preview("A", title.positions["c"])  # d outnumbers c but is inside
    assert inside is not None
    assert inside.target == "c"


def test_carry_and_uncarry_are_saved_and_replayed() -> None:
    title = ascii_title(".TB .  .  .", units={"T": TRUCKS, "B": MEN}, header=PB)
    game = Game(title.game(3))
    game.carry("T", ["B"])
    game.move("T", [(1, 0)])
    game.uncarry("T")
    game.end_player_turn()
    replay = Game(title.game(3))
    for order in game.orders:
        replay.apply(engine_order(recorded_order(order)))
    assert [e.describe() for e in replay.log] == [e.describe() for e in game.log]
    assert replay.offset_of(replay.unit("B").hex) == (1, 0)
    record = TypeAdapter(RecordedOrder).validate_python(
        {"kind": "carry", "carrier": "T", "units": ["B"]}
    )
    assert engine_order(record) == Carry("T", ("B",))
    assert recorded_order(Uncarry("T")).model_dump() == {"kind": "uncarry", "carrier": "T"}
