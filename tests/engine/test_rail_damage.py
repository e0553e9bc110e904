"""The Damage Rail action [000 4.4] on a small ASCII map: a Deployed unit damages the railway
in its hex for 1/3 of its allowance, refused with the manual's reasons, after which no unit
enters Rail Mode there; the order is saved, replayed and taken back."""

from __future__ import annotations

from typing import Any

import pytest

from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.march_events import RailDamaged
from engine.panzer_campaigns.movement import IllegalMove, mp_left
from engine.panzer_campaigns.orders import DamageRail
from tests.engine.ascii_title import ascii_title

RAIL = {"railroad": [[(0, 0), (1, 0), (2, 0), (3, 0)]]}


def game_of(units: dict[str, dict[str, Any]], art: str = ".AB . . . .") -> Game:
    return Game(ascii_title(art, units=units, roads=RAIL).game(0))


def test_a_deployed_unit_damages_the_rail_for_a_third_of_its_allowance() -> None:
    game = game_of({"A": {"speed": 12}, "B": {"speed": 12}})
    assert game.why_not_damage_rail("A") is None
    event = game.damage_rail("A")
    assert isinstance(event, RailDamaged)
    assert event.cost == 4
    assert mp_left(game.state, game.unit("A")) == 8
    assert game.hex_of((0, 0)) in game.state.rail_damage
    assert event.describe() == "allied A damages the railway at [0, 0] (4 MP)"
    assert "already damaged" in (game.why_not_damage_rail("B") or "")
    with pytest.raises(IllegalMove, match="no usable railway"):
        game.change_mode("B", "rail")
    order = game.orders[-1]
    assert order == DamageRail("A")
    assert engine_order(recorded_order(order)) == order
    replayed = game_of({"A": {"speed": 12}, "B": {"speed": 12}})
    replayed.apply(order)
    assert replayed.log == game.log
    game.undo()  # no die was rolled
    assert game.hex_of((0, 0)) not in game.state.rail_damage


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ({"mode": "travel"}, "only a Deployed unit"),
        ({"disrupted": True}, ""),
        ({"partisan": True, "unit_class": "partisan"}, "partisans"),
    ],
)
def test_the_manuals_refusals(spec: dict[str, Any], reason: str) -> None:
    game = game_of({"A": {"speed": 12, **spec}})
    if not reason:  # a Disrupted unit is not barred
        assert game.why_not_damage_rail("A") is None
        return
    assert reason in (game.why_not_damage_rail("A") or "")
    with pytest.raises(IllegalMove):
        game.damage_rail("A")


def test_broken_or_digging_in_units_do_not_damage_rail() -> None:
    game = game_of({"A": {"speed": 12}})
    unit = game.unit("A")
    unit.broken = True
    assert "a Broken unit" in (game.why_not_damage_rail("A") or "")
    unit.broken, unit.digging_in = False, True
    assert "Digging-In" in (game.why_not_damage_rail("A") or "")


def test_no_damage_off_the_railway_with_rail_mode_units_there_or_without_the_points() -> None:
    away = Game(ascii_title(". . . .\n.A . . .", units={"A": {}}, roads=RAIL).game(0))
    assert "no railway" in (away.why_not_damage_rail("A") or "")
    riders = game_of({"A": {}, "B": {"mode": "rail"}})
    assert "Rail Mode" in (riders.why_not_damage_rail("A") or "")
    tired = game_of({"A": {"speed": 12}})
    tired.move("A", [(1, 0), (2, 0), (3, 0), (2, 0), (3, 0)])  # 10 of 12 MP
    assert "needs 4 movement points" in (tired.why_not_damage_rail("A") or "")
