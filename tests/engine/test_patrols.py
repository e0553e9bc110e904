"""Patrolling and On Foot [000 4.2] on small ASCII maps: a patrol costs the whole allowance,
spots within two hexes whatever the line of sight, fires and assaults at 3/4, and is recalled
for half the allowance when the unit moves; On Foot units are back on their transport when they
start a player turn with their HQ."""

from __future__ import annotations

import pytest

from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.irregular_events import BackOnTransport, PatrolRecalled, PatrolStarted
from engine.panzer_campaigns.movement import IllegalMove, mp_left
from engine.panzer_campaigns.orders import Patrol
from engine.panzer_campaigns.spotting import spotted_by
from schemas.vocabulary import Side
from tests.engine.ascii_title import ascii_title


def play(art: str, **units: dict) -> tuple[Game, dict[str, tuple[int, int]]]:
    title = ascii_title(art, units=units)
    return Game(title.game()), title.positions


def test_a_patrol_takes_the_whole_allowance_and_can_be_taken_back() -> None:
    game, _ = play(".A .  .  .  .  .z")
    event = game.patrol("A")
    assert isinstance(event, PatrolStarted)
    unit = game.unit("A")
    assert unit.patrolling
    assert mp_left(game.state, unit) == 0
    assert game.orders[-1] == Patrol("A")
    game.undo()
    assert not unit.patrolling
    assert mp_left(game.state, unit) == 12


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ({"component": "vehicles", "unit_class": "armor"}, "only units of men patrol"),
        ({"component": "guns", "unit_class": "artillery"}, "only units of men patrol"),
        ({"unit_class": "headquarters"}, "HQs do not patrol"),
        ({}, "is Broken"),
    ],
)
def test_who_may_not_patrol(spec: dict, why: str) -> None:
    """[000 4.2] "a unit with men (not vehicles or guns and not HQ units)"; "the unit cannot be
    Broken"."""
    game, _ = play(".A .  .  .  .  .z", A=spec)
    game.unit("A").broken = not spec
    assert why in (game.why_not_patrol("A") or "")
    with pytest.raises(IllegalMove):
        game.patrol("A")


def test_a_unit_that_has_moved_may_not_patrol() -> None:
    game, _ = play(".A .  .  .  .  .z")
    game.move("A", [(1, 0)])
    assert "whole allowance" in (game.why_not_patrol("A") or "")


def test_a_patrol_spots_within_two_hexes_whatever_hides_the_enemy() -> None:
    """Behind a wood, in a wood: seen by the patrol at 2 hexes, not at 3 [000 4.2]."""
    game, _ = play(".A ^  ^z ^y .  .")
    seen = spotted_by(game.state, Side.ALLIED)
    assert "z" not in seen
    assert "y" not in seen
    game.patrol("A")
    seen = spotted_by(game.state, Side.ALLIED)
    assert "z" in seen
    assert "y" not in seen


def test_moving_recalls_the_patrol_for_half_the_allowance() -> None:
    game, _ = play(".A .  .  .  .  .  .  .  .  .  .  .  .  .z")
    game.patrol("A")
    game.end_player_turn()
    game.end_player_turn()
    unit = game.unit("A")
    assert unit.patrolling  # a patrol lasts until the unit moves
    reach = game.legal_moves("A")
    assert max(reach.values()) == 6  # 12 MP, half of it for the recall
    with pytest.raises(IllegalMove):
        game.move("A", [(c, 0) for c in range(1, 5)])  # 4 clear hexes: 8 MP
    assert unit.patrolling
    assert unit.mp_spent == 0
    events = game.move("A", [(c, 0) for c in range(1, 4)])  # 3 clear hexes: 6 MP
    assert isinstance(events[0], PatrolRecalled)
    assert events[0].cost == 6
    assert not unit.patrolling
    assert mp_left(game.state, unit) == 0


def test_a_patrolling_unit_fires_at_three_quarters() -> None:
    game, _ = play(".A .z .")
    before = game.fire_preview("A", (1, 0))
    game.patrol("A")
    game.end_player_turn()
    game.end_player_turn()
    after = game.fire_preview("A", (1, 0))
    assert before is not None
    assert after is not None
    assert ("patrolling", 0.75) in [(m.name, m.factor) for m in after.modifiers]
    assert after.high == pytest.approx(before.high * 0.75, rel=0.02)


def test_a_patrolling_unit_assaults_at_three_quarters() -> None:
    game, _ = play(".A .z .")
    before = game.assault_odds((1, 0), ["A"])
    game.patrol("A")
    game.end_player_turn()
    game.end_player_turn()
    after = game.assault_odds((1, 0), ["A"])
    assert before is not None
    assert after is not None
    assert any("patrolling" in m.name for m in after.attacker_modifiers)
    assert not any("patrolling" in m.name for m in before.attacker_modifiers)
    assert after.attacker_assault == pytest.approx(before.attacker_assault * 0.75)


def test_on_foot_units_rejoin_their_transport_with_their_hq() -> None:
    """[000 4.2] "At the beginning of the player turn when the units are stacked with their HQ
    unit, this state is removed"."""
    game, _ = play(
        ".HA .B .  .  .z",
        H={"unit_class": "headquarters", "strength": 50},
        A={"unit_class": "mechanized_infantry", "on_foot": True},
        B={"unit_class": "mechanized_infantry", "on_foot": True, "strength": 400},
    )
    # The first player turn starts with A beside its HQ, B a hex away.
    assert [e for e in game.log if isinstance(e, BackOnTransport)] == [
        BackOnTransport(1, Side.ALLIED, ("A",))
    ]
    assert not game.unit("A").on_foot
    assert game.unit("B").on_foot
    game.move("B", [(0, 0)])
    assert game.unit("B").on_foot  # not until its next player turn starts
    game.end_player_turn()
    events = game.end_player_turn()
    assert [e for e in events if isinstance(e, BackOnTransport)] == [
        BackOnTransport(2, Side.ALLIED, ("B",))
    ]
    assert not game.unit("B").on_foot


def test_a_patrol_is_saved_and_replayed() -> None:
    order = Patrol("A")
    assert engine_order(recorded_order(order)) == order
