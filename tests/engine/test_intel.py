"""Intel markers [001 1.1 #31]: in Panzer Battles a side remembers where it last saw enemy units
that went out of its sight, identified or Unknown, and when; a marker goes when the hex is seen
again. The Panzer Campaigns manual has none, so a Panzer Campaigns game keeps none."""

from __future__ import annotations

from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.sightings import Sight
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title

ART = ".  .  .A .  .b .  .  .\n.  .  .  .  .  .  .  ."


def _game(ruleset: str) -> Game:
    return Game(ascii_title(ART, header={"ruleset": ruleset}).game(0))


def test_a_unit_gone_out_of_sight_leaves_a_marker_until_its_hex_is_seen_again() -> None:
    game = _game("panzer_battles")
    assert "b" in game.spotting(Side.ALLIED)
    assert game.intel_markers(Side.ALLIED) == []
    game.move("A", [(2, 0), (1, 0), (0, 0)])  # four hexes from b: beyond the visibility of 3
    assert "b" not in game.spotting(Side.ALLIED)
    [marker] = game.intel_markers(Side.ALLIED)
    assert (marker.unit, game.offset_of(marker.hex), marker.grade, marker.turn) == (
        "b",
        (4, 0),
        Sight.SPOTTED,
        1,
    )
    game.end_player_turn()
    game.end_player_turn()  # turn 2: the marker stays, still of turn 1
    assert [m.turn for m in game.intel_markers(Side.ALLIED)] == [1]
    game.move("A", [(0, 0), (1, 0)])  # sees 4,0 again, b still there
    assert game.intel_markers(Side.ALLIED) == []
    assert "b" in game.spotting(Side.ALLIED)


def test_a_marker_goes_when_its_hex_is_seen_empty() -> None:
    game = _game("panzer_battles")
    game.move("A", [(2, 0), (1, 0), (0, 0)])
    game.end_player_turn()
    game.move("b", [(4, 0), (5, 0), (6, 0), (7, 0)])  # out of A's sight
    game.end_player_turn()
    assert [game.offset_of(m.hex) for m in game.intel_markers(Side.ALLIED)] == [(4, 0)]
    game.move("A", [(0, 0), (1, 0)])
    assert game.intel_markers(Side.ALLIED) == []
    assert "b" not in game.spotting(Side.ALLIED)


def test_panzer_campaigns_keeps_no_intel_markers() -> None:
    game = _game("panzer_campaigns")
    game.move("A", [(2, 0), (1, 0), (0, 0)])
    assert "b" not in game.spotting(Side.ALLIED)
    assert game.intel_markers(Side.ALLIED) == []


def test_a_taken_back_move_takes_its_markers_back() -> None:
    game = _game("panzer_battles")
    game.move("A", [(2, 0), (1, 0), (0, 0)])
    assert game.intel_markers(Side.ALLIED)
    game.undo()
    assert game.intel_markers(Side.ALLIED) == []
