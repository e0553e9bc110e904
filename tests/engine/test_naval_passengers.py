"""The passengers of a Naval unit combat eliminates [001 #27]: in Shallow Water they take half
casualties and are Disrupted, set down on the hex; elsewhere they go down with the ship; the
losses count for the enemy and the report says what became of them."""

from __future__ import annotations

from typing import Any

from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.losses import apply_losses
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.units import UnitStatus
from tests.engine.ascii_title import ascii_title

PB = {"ruleset": "panzer_battles"}
SHIP: dict[str, Any] = {
    "unit_class": "naval",
    "naval": True,
    "component": "vehicles",
    "strength": 1,
    "speed": 20,
    "soft_attack": 0,
    "assault": 0,
    "defense": 4,
}
MEN: dict[str, Any] = {"strength": 30}


def _sunk(*, shallow: bool, seed: int = 0) -> tuple[Game, Any]:
    title = ascii_title(".TB .  .  .a", units={"T": SHIP, "B": MEN}, header=PB)
    game = Game(title.game(seed))
    game.carry("T", ["B"])
    if shallow:
        board = game.state.board
        clear = board.terrain_ids[board.terrain[game.unit("T").hex]]
        board.legend[clear] = board.legend[clear].model_copy(update={"shallow_water": True})
    event = apply_losses(game.state, game.unit("T"), 100.0, CombatKind.INDIRECT_FIRE)
    return game, event


def test_in_shallow_water_passengers_take_half_and_are_disrupted_on_the_hex() -> None:
    game, event = _sunk(shallow=True)
    assert event.eliminated
    assert event.passengers == (("B", 15, False),)  # half of 30, no fraction to round
    passenger = game.unit("B")
    assert (passenger.strength, passenger.disrupted, passenger.carried_by) == (15, True, None)
    assert passenger.on_map
    assert game.offset_of(passenger.hex) == (0, 0)
    assert game.state.losses[passenger.side].men == 15
    assert "its passengers: B lost 15 and is Disrupted" in event.describe()


def test_elsewhere_they_go_down_with_the_ship() -> None:
    game, event = _sunk(shallow=False)
    assert event.passengers == (("B", 30, True),)
    assert game.unit("B").status is UnitStatus.ELIMINATED
    assert game.state.losses[game.unit("B").side].men == 30
    assert "its passengers: B eliminated" in event.describe()


def test_a_land_carriers_passengers_are_set_down_whole() -> None:
    trucks = {**SHIP, "unit_class": "transport", "naval": False, "transport": True}
    trucks.update(movement_class="motorized", strength=3)  # 10 men a truck
    title = ascii_title(".TB .  .  .a", units={"T": trucks, "B": MEN}, header=PB)
    game = Game(title.game(0))
    game.carry("T", ["B"])
    event = apply_losses(game.state, game.unit("T"), 100.0, CombatKind.INDIRECT_FIRE)
    assert event.eliminated
    assert event.passengers == ()
    assert (game.unit("B").strength, game.unit("B").disrupted) == (30, False)
