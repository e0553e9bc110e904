"""Line of sight, spotting and concealment as the manual states them [000 4.8, 5.0, 9.0, 11.0]."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.panzer_campaigns import movement
from engine.panzer_campaigns.allowance import movement_allowance
from engine.panzer_campaigns.board import Board
from engine.panzer_campaigns.events import DustSpotted, FreedBySight, ReconSpotted
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.line_of_sight import sight_map
from engine.panzer_campaigns.sightings import Sight
from schemas.vocabulary import PerSidePercent, Side
from tests.engine.ascii_title import AsciiTitle, ascii_title

# Most maps are one column: the sight lines run straight down it, clear of hexside ties.


def column(*cells: str) -> str:
    return "\n".join(cells)


def game_of(title: AsciiTitle, seed: int = 0) -> Game:
    return Game(title.game(seed))


def with_elevation(title: AsciiTitle, *rows: str) -> AsciiTitle:
    map_file = title.map_file.model_copy(update={"elevation_rows": list(rows)})
    return dataclasses.replace(title, map_file=map_file)


def grades(game: Game, side: Side) -> dict[str, Sight]:
    return {unit: sighting.grade for unit, sighting in game.spotting(side).items()}


# --- line of sight ----------------------------------------------------------------------------


def test_forest_between_blocks_sight_but_not_the_forest_hex_itself() -> None:
    game = game_of(ascii_title(column(".A", ".", "^", ".", ".z")))
    assert not game.line_of_sight((0, 0), (0, 4))
    assert game.line_of_sight((0, 0), (0, 2))  # seeing into the woods
    assert game.line_of_sight((0, 0), (0, 1))


def test_a_hill_between_blocks_sight_and_a_higher_observer_sees_over_it() -> None:
    title = with_elevation(ascii_title(column(".A", ".", ".", ".", ".z")), "0", "0", "50", "0", "0")
    assert not game_of(title).line_of_sight((0, 0), (0, 4))
    high = with_elevation(title, "120", "60", "50", "0", "0")
    assert game_of(high).line_of_sight((0, 0), (0, 4))
    assert game_of(high).line_of_sight((0, 4), (0, 0))


def test_nothing_is_seen_beyond_the_turns_visibility() -> None:
    game = game_of(ascii_title(column(".A", ".", ".", ".", ".z")))
    assert game.weather.effective_visibility == 3
    assert game.can_see("A", (0, 3))
    assert not game.can_see("A", (0, 4))
    assert game.line_of_sight((0, 0), (0, 4))
    assert "z" not in game.spotting(Side.ALLIED)


def test_night_shrinks_sight_to_one_hex() -> None:
    title = ascii_title(column(".A", ".z", "."), header={"start": "1944-12-16 20:00"})
    game = game_of(title)
    assert game.can_see((0, 0), (0, 1))
    assert not game.can_see((0, 0), (0, 2))


def test_the_los_overlay_marks_blocked_hexes_within_visibility() -> None:
    game = game_of(ascii_title(column(".A", ".", "^", ".", ".")))
    seen = game.sight_from((0, 0))
    assert seen[(0, 2)]
    assert not seen[(0, 3)]
    assert (0, 4) not in seen  # beyond visibility 3


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(".^+:"), min_size=36, max_size=36),
    st.lists(st.integers(0, 3), min_size=36, max_size=36),
    st.integers(0, 35),
    st.integers(0, 35),
)
def test_sight_is_symmetric_and_lines_are_contiguous(
    terrain: list[str], heights: list[int], a: int, b: int
) -> None:
    art = "\n".join(" ".join(terrain[r * 6 : r * 6 + 6]) for r in range(6))
    rows = [" ".join(str(40 * h) for h in heights[r * 6 : r * 6 + 6]) for r in range(6)]
    board = Board.from_files(with_elevation(ascii_title(art), *rows).map_file)
    sights = sight_map(board)
    assert sights.is_clear(a, b) == sights.is_clear(b, a)
    for nudge in (1, -1):
        line = sights.line(a, b, nudge)
        assert line[0] == a
        assert line[-1] == b
        assert len(line) == board.distance(a, b) + 1
        if -1 not in line:  # a line along the edge may pass off the map on one side
            assert all(board.distance(h, k) == 1 for h, k in itertools.pairwise(line))


# --- spotted, concealed, revealed ------------------------------------------------------------


def test_units_in_clear_hexes_in_view_are_spotted() -> None:
    game = game_of(ascii_title(column(".A", ".", ".z")))
    assert grades(game, Side.ALLIED) == {"z": Sight.SPOTTED}
    assert grades(game, Side.AXIS) == {"A": Sight.SPOTTED}


def concealment_title() -> AsciiTitle:
    # z waits in the woods at (0, 4), beyond visibility 3 of A; more woods at (1, 3).
    return ascii_title("\n".join([".A .", ".  .", ".  .", ".  ^", "^z .", ".  ."]))


def test_a_unit_that_began_out_of_sight_stays_concealed_in_woods_until_it_moves() -> None:
    game = game_of(concealment_title())
    assert "z" not in game.spotting(Side.ALLIED)
    game.move("A", [(0, 1), (0, 2), (0, 3)])  # next to z's woods
    assert game.can_see("A", (0, 4))
    assert "z" not in game.spotting(Side.ALLIED)  # concealed: it began out of sight
    game.end_player_turn()
    game.move("z", [(1, 3)])  # moving in view reveals it, even into more woods
    assert grades(game, Side.ALLIED) == {"z": Sight.SPOTTED}


def test_a_revealed_unit_stays_revealed_until_it_is_out_of_sight() -> None:
    game = game_of(concealment_title())
    game.move("A", [(0, 1), (0, 2), (0, 3)])
    game.end_player_turn()
    game.move("z", [(1, 3)])
    game.end_player_turn()
    game.move("A", [(0, 2)])
    assert grades(game, Side.ALLIED) == {"z": Sight.SPOTTED}  # still in sight
    game.move("A", [(0, 1), (0, 0)])
    assert "z" not in game.spotting(Side.ALLIED)  # out of sight: the sighting ends
    game.end_player_turn()
    game.end_player_turn()
    game.move("A", [(0, 1), (0, 2)])
    assert game.can_see("A", (1, 3))
    assert "z" not in game.spotting(Side.ALLIED)  # concealed again: it did not move


def test_a_unit_in_woods_in_enemy_sight_at_the_start_is_revealed() -> None:
    game = game_of(ascii_title(column(".A", ".", "^z")))
    assert grades(game, Side.ALLIED) == {"z": Sight.SPOTTED}


def test_broken_units_spot_only_as_unknown() -> None:
    game = game_of(ascii_title(column(".A", ".", ".z")))
    game.state.units["A"].broken = True  # a failed morale check while Disrupted [000 9.2]
    game.state.touch()
    assert grades(game, Side.ALLIED) == {"z": Sight.UNKNOWN}
    assert grades(game, Side.AXIS) == {"A": Sight.SPOTTED}


def test_a_disrupted_unit_pays_three_times_to_close_on_a_spotted_enemy() -> None:
    art = column(".", ".", ".A", ".", ".z")
    steady = game_of(ascii_title(art)).legal_moves("A")
    shaken = game_of(ascii_title(art, units={"A": {"disrupted": True}})).legal_moves("A")
    assert shaken[(0, 1)] == steady[(0, 1)]  # away from z
    assert shaken[(0, 3)] == 3 * steady[(0, 3)]  # toward z


def test_a_disrupted_unit_does_not_pay_for_an_enemy_it_has_not_spotted() -> None:
    art = column(".", ".", ".A", ".", ".", ".", "^z")
    steady = game_of(ascii_title(art)).legal_moves("A")
    shaken = game_of(ascii_title(art, units={"A": {"disrupted": True}})).legal_moves("A")
    assert shaken[(0, 3)] == steady[(0, 3)]


# --- dust and recon --------------------------------------------------------------------------


def dust_title(percent: int, art: str = "", **header: Any) -> AsciiTitle:
    # By default z moves 5 hexes from A: beyond visibility 3, within twice it.
    art = art or column(".A", ".", ".", ".", ".", ".", ".z", ".")
    title = ascii_title(art, header=header or None)
    spotting = title.parameters.spotting.model_copy(
        update={"dust_spotting": PerSidePercent(allied=0, axis=percent)}
    )
    return dataclasses.replace(
        title, parameters=title.parameters.model_copy(update={"spotting": spotting})
    )


def dust_seen(title: AsciiTitle, seed: int) -> bool:
    game = game_of(title, seed)
    game.end_player_turn()
    here = game.unit("z").hex
    events = game.move("z", [game.offset_of(here - 1)])  # one row up
    return any(isinstance(e, DustSpotted) for e in events)


def test_dust_spotting_reveals_movers_beyond_visibility_as_unknown_with_its_chance() -> None:
    title = dust_title(40)
    hits = [dust_seen(title, seed) for seed in range(150)]
    assert 40 <= sum(hits) <= 80  # 60 expected
    game = game_of(title, hits.index(True))
    game.end_player_turn()
    game.move("z", [(0, 5)])
    assert grades(game, Side.ALLIED) == {"z": Sight.UNKNOWN}


def test_no_dust_at_night() -> None:
    # At night visibility is 1: z moving 2 hexes from A would raise dust by day.
    art = column(".A", ".", ".", ".z")
    night = dust_title(100, art, start="1944-12-16 20:00")
    assert night.game().weather.effective_visibility == 1
    assert not dust_seen(night, 0)
    dusk = dust_title(100, art, start="1944-12-16 16:00")
    assert dusk.game().weather.effective_visibility == 1
    assert dust_seen(dusk, 0)


def test_no_dust_off_normal_conditions_or_without_the_parameter() -> None:
    soft = dust_title(100, conditions="soft", conditions_allowed=["soft"])
    assert not dust_seen(soft, 0)
    assert not dust_seen(dust_title(0), 0)
    assert dust_seen(dust_title(100), 0)


def recon_title(**units: dict[str, Any]) -> AsciiTitle:
    # z hides in woods 4 hexes from R: within visibility 3 + 1 only for recon.
    return ascii_title(
        column(".R", ".", ".", ".", "^z"),
        units={"R": {"recon": True}, **units},
        header={"optional_rules": ["recon_spotting"]},
    )


def test_recon_spotting_spends_a_third_of_the_allowance_and_reaches_visibility_plus_one() -> None:
    found = []
    for seed in range(40):
        game = game_of(recon_title(), seed)
        event = game.recon_spot("R")
        assert isinstance(event, ReconSpotted)
        unit = game.unit("R")
        assert unit.mp_spent == pytest.approx(movement_allowance(game.state, unit) / 3)
        found.append(grades(game, Side.ALLIED).get("z"))
        assert not game.can_undo  # its dice revealed the enemy
    assert {Sight.SPOTTED, Sight.UNKNOWN, None} == set(found)


def test_recon_spotting_needs_a_recon_unit_and_the_rule() -> None:
    game = game_of(recon_title(R={"recon": False}))
    with pytest.raises(movement.IllegalMove, match="not a reconnaissance unit"):
        game.recon_spot("R")
    off = ascii_title(column(".R", ".z"), units={"R": {"recon": True}})
    with pytest.raises(movement.IllegalMove, match="optional rule is off"):
        game_of(off).recon_spot("R")


def test_recon_spotting_is_replayed_from_the_orders() -> None:
    game = game_of(recon_title(), 3)
    game.recon_spot("R")
    replay = game_of(recon_title(), 3)
    for order in game.orders:
        replay.apply(order)
    assert grades(replay, Side.ALLIED) == grades(game, Side.ALLIED)


# --- Panzer Battles ----------------------------------------------------------------------------


def test_panzer_battles_concealed_units_exert_no_zoc() -> None:
    from engine.panzer_campaigns.zoc import is_in_enemy_zoc

    art = column(".A", ".", ".", ".", ".", ".", "^z", ".")
    forest = ascii_title(art, header={"ruleset": "panzer_battles"})
    high = forest.map_file.terrain[1].model_copy(update={"height_m": 10})
    terrain = [high if t.id == "forest" else t for t in forest.map_file.terrain]
    title = dataclasses.replace(
        forest, map_file=forest.map_file.model_copy(update={"terrain": terrain})
    )
    game = game_of(title)
    state = game.state
    assert not is_in_enemy_zoc(state, game.hex_of((0, 5)), Side.ALLIED)
    campaigns = game_of(ascii_title(art))
    assert is_in_enemy_zoc(campaigns.state, campaigns.hex_of((0, 5)), Side.ALLIED)


# --- fixed units -------------------------------------------------------------------------------


def test_fixed_units_the_enemy_spots_are_freed_at_their_player_turn() -> None:
    # A stands in the open next to z; B hides in woods beyond z's sight [000 4.6].
    art = column(".A", ".z", ".", ".", ".", "^B")
    game = game_of(ascii_title(art, units={"A": {"fixed": True}, "B": {"fixed": True}}))
    assert not game.unit("A").fixed
    assert game.unit("B").fixed
    assert [e for e in game.log if isinstance(e, FreedBySight)] == [
        FreedBySight(1, Side.ALLIED, ("A",))
    ]


@pytest.mark.parametrize(
    ("ruleset", "wrecks", "blocked"),
    [("panzer_battles", 8, True), ("panzer_battles", 7, False), ("panzer_campaigns", 8, False)],
)
def test_more_than_seven_wrecks_block_sight_in_panzer_battles(
    ruleset: str, wrecks: int, blocked: bool
) -> None:
    title = ascii_title(
        column(".A", ".", ".", ".z"),
        header={"ruleset": ruleset},
        scenario={"overlays": {"wrecks": [{"hex": (0, 2), "count": wrecks}]}},
    )
    game = game_of(title)
    assert game.line_of_sight((0, 0), (0, 3)) is not blocked
    assert ("z" in game.spotting(Side.ALLIED)) is not blocked
