"""Hedge Row vulnerability in Panzer Battles [001 "Hedge Row Rules", #11, #12]: vehicles that
cross a Hedge Row hexside, or take a hex by assaulting across one, are Vulnerable with half
defense, named in fire and assault previews, until their side's next player turn."""

from __future__ import annotations

from typing import Any

from engine.panzer_campaigns.game import Game
from tests.engine.ascii_title import AsciiTitle, ascii_title
from tests.engine.assault_titles import TANKS

PB = {"ruleset": "panzer_battles"}
GUNNER: dict[str, Any] = {"soft_attack": 0, "hard_attack": 12, "hard_range": 3}
HEDGE = [((0, 0), "down_right", "hedgerow")]  # between (0,0) and (1,0)


def _title(art: str, units: dict[str, Any], header: dict[str, Any] | None = PB) -> AsciiTitle:
    return ascii_title(art, units=units, hexsides=HEDGE, header=header or {})


def test_a_vehicle_crossing_a_hedge_row_has_half_defense_until_its_next_turn() -> None:
    title = _title(".T .  .a\n.  .  .", {"T": TANKS, "a": GUNNER})
    game = Game(title.game(0))
    game.move("T", [(1, 0)])
    assert game.unit("T").vulnerable
    game.end_player_turn()
    preview = game.fire_preview("a", (1, 0))
    assert preview is not None
    assert "vulnerable after a hedge row: defense halved" in [m.name for m in preview.modifiers]
    assert preview.defense == TANKS["defense"] / 2
    game.end_player_turn()
    assert not game.unit("T").vulnerable  # its side's next player turn


def test_infantry_and_vehicles_that_cross_no_hedge_row_stay_as_they_were() -> None:
    title = _title(".TB .  .a\n.  .  .", {"T": TANKS, "a": GUNNER})
    game = Game(title.game(0))
    game.move("B", [(1, 0)])
    game.move("T", [(0, 1)])
    assert not game.unit("B").vulnerable
    assert not game.unit("T").vulnerable


def test_panzer_campaigns_has_no_vulnerability() -> None:
    title = _title(".T .  .a\n.  .  .", {"T": TANKS, "a": GUNNER}, header=None)
    game = Game(title.game(0))
    game.move("T", [(1, 0)])
    assert not game.unit("T").vulnerable


def test_a_vulnerable_defender_has_half_defense_in_an_assault() -> None:
    title = _title(".t .  .A\n.  .  .", {"t": TANKS, "A": {}})
    game = Game(title.game(0))
    game.end_player_turn()
    game.move("t", [(1, 0)])
    game.end_player_turn()
    preview = game.assault_odds((1, 0), ["A"])
    assert preview is not None
    assert "t: vulnerable, defense halved" in [m.name for m in preview.defender_modifiers]
    assert preview.defender_defense == TANKS["defense"] / 2


def test_vehicles_that_take_a_hex_across_a_hedge_row_become_vulnerable() -> None:
    # [001 #12] "half assault and defense and become Vulnerable if successful"
    weak = {"strength": 5, "assault": 1, "defense": 1}
    title = _title(".T .a .\n.  .  .", {"T": TANKS, "a": weak})
    game = Game(title.game(0))
    game.assault((1, 0), ["T"])
    assert game.offset_of(game.unit("T").hex) == (1, 0)
    assert game.unit("T").vulnerable
