"""What the test-play map shows of the miscellaneous actions [000 4.9]: fortifications dug in
play among the overlays (under Fog of War only those in sight), and combined counters placed
with their companies and strength."""

from __future__ import annotations

from editor.testplay.shadow import overlays_of, placements_of
from engine.panzer_campaigns.game import Game
from schemas.panzer_campaigns.scenario import FortificationKind
from schemas.vocabulary import PerSidePercent, Side
from tests.engine.ascii_title import ascii_parameters, ascii_title, oob_tree

FIELD = """
.AB .  .  .  .  .  .  .  .  .  .  .  .  .  .a
.   .  .  .  .  .  .  .  .  .  .  .  .  .  .
"""


def _game() -> Game:
    parameters = ascii_parameters()
    always = PerSidePercent(allied=100, axis=100)
    forts = parameters.fortifications.model_copy(update={"dig_in": always})
    company = {"size": "company"}
    title = ascii_title(
        FIELD,
        units={"A": company, "B": company},
        scenario={"overlays": {"fortifications": [{"hex": [14, 1], "kind": "trench"}]}},
        parameters=parameters.model_copy(update={"fortifications": forts}),
        oob=oob_tree({Side.ALLIED: {"us": {"1bn": ["A", "B"]}}, Side.AXIS: {"de": {"x": ["a"]}}}),
    )
    return Game(title.game())


def test_a_dug_fortification_shows_among_the_overlays() -> None:
    game = _game()
    game.dig_in("A")
    game.end_player_turn()
    game.end_player_turn()
    forts = overlays_of(game).fortifications
    assert [(tuple(f.hex), f.kind) for f in forts] == [
        ((14, 1), FortificationKind.TRENCH),
        ((0, 0), FortificationKind.IMPROVED_POSITION),
    ]
    # The axis unit far away sees neither the new position nor the scenario's trench by A.
    assert [tuple(f.hex) for f in overlays_of(game, Side.AXIS).fortifications] == [(14, 1)]
    assert [tuple(f.hex) for f in overlays_of(game, Side.ALLIED).fortifications] == [(0, 0)]


def test_a_combined_counter_is_placed_with_its_companies_and_strength() -> None:
    game = _game()
    game.combine(["A", "B"])
    [placed] = [p for p in placements_of(game) if p.unit in ("A", "B")]
    assert (placed.unit, placed.combined_with, placed.strength) == ("A", ["B"], 1000)
    game.break_down("A")
    shown = {p.unit: (p.combined_with, p.strength) for p in placements_of(game)}
    assert shown["A"] == ([], None)  # back to its own full strength, as the scenario had it
    assert shown["B"] == ([], None)
