"""Moving under Fog of War [000 4.0, 4.4, 4.8]: a side's reach and paths go round only the enemy
it knows of, so the Move tool's preview gives nothing hidden away, and a move that runs into an
unseen enemy stops there, the rest of its path not spent. Without Fog of War nothing changes."""

from __future__ import annotations

import pytest

from engine.panzer_campaigns.events import MoveStopped
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.play_options import PlayOptions
from tests.engine.ascii_title import AsciiTitle, ascii_title

FOG = PlayOptions(fog_of_war=True)

OPEN = ".  .  .  .  .  .  .  .\n.A .  .  .  .  .  .  .\n.  .  .  .  .  .  .  ."
HIDDEN = ".  .  .  .  .  .  .  .\n.A .  .  .  .  .b .  .\n.  .  .  .  .  .  .  ."
"""b stands beyond the visibility of 3 hexes, its zone of control within A's reach."""


def _game(title: AsciiTitle, options: PlayOptions = FOG, seed: int = 0) -> Game:
    state = title.game(seed)
    state.options = options
    return Game(state)


def test_the_reach_preview_under_fog_of_war_is_the_same_with_or_without_a_hidden_enemy() -> None:
    hidden, empty = _game(ascii_title(HIDDEN)), _game(ascii_title(OPEN))
    assert "b" not in hidden.spotting(hidden.phasing)
    assert hidden.legal_moves("A") == empty.legal_moves("A")
    for target in [(6, 1), (5, 1), (6, 2)]:
        assert hidden.path_to("A", target) == empty.path_to("A", target)
    # Without Fog of War the engine routes round b and its zone: the preview would tell.
    seeing = _game(ascii_title(HIDDEN), PlayOptions())
    assert seeing.legal_moves("A") != empty.legal_moves("A")


def test_a_seen_enemy_is_still_gone_round() -> None:
    game = _game(ascii_title(".A .  .b\n.  .  ."))
    assert "b" in game.spotting(game.phasing)
    assert game.offset_of(game.unit("b").hex) not in game.legal_moves("A")


def test_a_move_stops_where_it_comes_in_sight_of_an_unseen_enemy() -> None:
    game = _game(ascii_title(HIDDEN))
    events = game.move("A", [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)])
    stop = [e for e in events if isinstance(e, MoveStopped)]
    # b at 5,1 comes within the visibility of 3 hexes at 2,1
    assert [(s.hex, s.reason) for s in stop] == [((2, 1), "contact: enemy units in sight")]
    assert game.offset_of(game.unit("A").hex) == (2, 1)
    assert game.unit("A").mp_spent == 4.0  # two clear hexes; the rest is not spent
    assert "b" in game.spotting(game.phasing)


def test_a_move_stops_in_the_zone_of_a_concealed_enemy() -> None:
    # b hides in the forest: A does not see it, but feels its zone of control on entering it.
    game = _game(ascii_title(".A .  .  .  .  .  ^b .\n.  .  .  .  .  .  ^  ."))
    events = game.move("A", [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)])
    stop = [e for e in events if isinstance(e, MoveStopped)]
    assert [(s.hex, s.reason) for s in stop] == [((5, 0), "contact: an enemy zone of control")]
    assert "b" not in game.spotting(game.phasing)
    # standing in it, A now plans with that zone: its reach is what it knows
    assert game.legal_moves("A")


def test_a_move_stops_before_the_hex_of_an_unseen_enemy() -> None:
    # An HQ exerts no zone of control; hidden in the forest, it is found only by walking into it.
    title = ascii_title(
        ".A .  .  .  ^b .\n.  .  .  .  ^  .", units={"b": {"unit_class": "headquarters"}}
    )
    game = _game(title)
    assert "b" not in game.spotting(game.phasing)
    assert (4, 0) in game.legal_moves("A")
    events = game.move("A", [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])
    stop = [e for e in events if isinstance(e, MoveStopped)]
    assert [(s.hex, s.reason) for s in stop] == [((3, 0), "enemy units hold the next hex")]
    assert game.offset_of(game.unit("A").hex) == (3, 0)
    assert game.unit("A").mp_spent == 6.0


def test_without_fog_of_war_a_path_into_an_enemy_is_refused_as_before() -> None:
    title = ascii_title(
        ".A .  .  .  ^b .\n.  .  .  .  ^  .", units={"b": {"unit_class": "headquarters"}}
    )
    game = _game(title, PlayOptions())
    with pytest.raises(IllegalMove, match="enemy units hold it"):
        game.move("A", [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])
    assert game.offset_of(game.unit("A").hex) == (0, 0)


def test_a_move_that_meets_nobody_under_fog_of_war_ends_where_it_was_sent() -> None:
    game = _game(ascii_title(OPEN))
    assert not [e for e in game.move("A", [(0, 1), (1, 1), (2, 1)]) if isinstance(e, MoveStopped)]
    assert game.offset_of(game.unit("A").hex) == (2, 1)
    assert game.can_undo
