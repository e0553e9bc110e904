"""The Test-play panel's planners of the remaining orders (`unit_orders`) on small games: a
gun turned to face the aimed hex (rule 19), refused as the game refuses it, the game's
`why_not` changing nothing, opportunity fire and Interdiction planned as given."""

from __future__ import annotations

from dataclasses import replace

import pytest

from editor.tactical_gamex.testplay.unit_orders import (
    interdict,
    opportunity_fire,
    stressed_fire,
    turn_gun,
)
from engine.tactical_gamex.events import Attacked
from engine.tactical_gamex.field_of_fire import facings_toward, in_arc
from engine.tactical_gamex.orders import CallArtillery, Fire, MarkOpportunityFire, TurnGun
from engine.tactical_gamex.state import Battery
from engine.tactical_gamex.units import Marker
from schemas.vocabulary import Direction, Side
from tests.engine.tactical_gamex import test_engineers, test_stress
from tests.engine.tactical_gamex.boards import GUN_88
from tests.engine.tactical_gamex.test_field_of_fire import _game


def test_a_gun_turns_to_face_the_aimed_hex_nearest_the_line_first() -> None:
    game = _game()  # the 76 mm at (3, 4) facing down, the rifles behind it at (3, 1)
    gun = game.unit("g")
    facings = facings_toward(game.state, gun, (3, 1))
    assert facings[0] is Direction.UP
    for facing in facings:  # each with the target in its arc [003 19.2]
        assert in_arc(game.state, replace(gun, facing=facing.value), (3, 1))
    before = (gun.facing, game.state.spent, game.state.dice._rolls[:])  # type: ignore[attr-defined]
    planned = turn_gun(game, "g", (3, 1))
    assert planned.order == TurnGun("g", "up")
    assert "g faces up, (3, 1) in its arc" in planned.describe()
    assert (gun.facing, game.state.spent, game.state.dice._rolls) == before  # type: ignore[attr-defined]
    # The 88 mm turns one hexside only: straight behind it cannot be faced [003 19.3].
    with pytest.raises(ValueError, match="88 mm"):
        turn_gun(_game(GUN_88), "g", (3, 1))


def test_opportunity_fire_and_interdiction_are_planned_as_the_game_gives_them() -> None:
    with pytest.raises(ValueError, match="only good-order A and I units opp fire"):
        opportunity_fire(_game(), "g")  # a howitzer [003 6.4.2]
    game = test_engineers._game()
    planned = opportunity_fire(game, "r")
    assert planned.order == MarkOpportunityFire(("r",))
    assert game.unit("r").marker is None  # planning changed nothing
    game.apply(planned.order)
    assert game.unit("r").marker is Marker.OPP_FIRE
    with pytest.raises(ValueError, match="already acted"):
        opportunity_fire(game, "r")

    other = _game(facing="up")
    other.state.batteries["b"] = Battery("b", Side.ALLIED, "us", 20)
    with pytest.raises(ValueError, match="rule 21"):
        interdict(other, "g", (3, 1))
    other.state.options |= {"interdiction"}
    call = interdict(other, "g", (3, 1))
    assert call.order == CallArtillery("b", (3, 1), "g", 0, interdict=True)
    assert call.lines[0].startswith("Interdict: battery b (20), g sighting")
    other.state.batteries["b"] = Battery("b", Side.ALLIED, "us", 10)
    with pytest.raises(ValueError, match="14"):
        interdict(other, "g", (3, 1))  # Interdiction needs 14 AS [003 21.2]


def test_stressed_fire_reproduces_the_texts_example() -> None:
    """[003 12.1] 29 against 10 is 2:1; one point of stress makes it 3:1, and a die of 1 after
    it disrupts the firer: the preview says so, and the game fights it so."""
    game = test_stress._game([6, 6, 1])
    planned = stressed_fire(game, "a", (0, 1))
    assert planned.order == Fire(("a",), ("d",), stress=True)
    assert (
        planned.lines[0] == "Stress: a adds 1 point, then is disrupted on 1-1 (17%) [003 12.1-12.3]"
    )
    assert planned.lines[1].startswith("direct fire: 30 against 10, column 3:1")
    events = game.apply(planned.order)
    fought = next(e for e in events if isinstance(e, Attacked))
    assert (fought.attack, fought.column) == (30, "3:1")
    with pytest.raises(ValueError, match="rule 12"):
        stressed_fire(test_stress._game([6], on=False), "a", (0, 1))
