"""The aircraft orders the Tactical GameX Test-play panel plans [003 6.4.7]: what may fly now,
the AA fire met over the aimed hex with its chances (the AA Fire Table over the six faces),
then the attack, a spotter's spotting roll or battery call with its accuracy points; each
order given as previewed meets the AA fire the preview named."""

from __future__ import annotations

import pytest

from editor.tactical_gamex.testplay.air_orders import SIGHT, SPOT, air_choices, plan_air
from engine.tactical_gamex.events import AircraftFlew, ArtilleryCalled
from engine.tactical_gamex.orders import AirAttack, CallArtillery, Spot
from tests.engine.tactical_gamex import test_aircraft, test_spotter_aircraft


def test_an_air_strike_meets_the_aa_fire_previewed() -> None:
    # The Flak next to the target: 4 doubled inside half its range of 4, on the 6+ column
    # (X on a 1, D on a 2): one in six destroyed, one in six driven off.
    game = test_aircraft._game([6, 3, 6, 6], flak_at=(1, 3))  # the pool, then AA
    assert air_choices(game) == [("p38", "(H)"), ("p38", "I")]
    planned = plan_air(game, "p38", "(H)", (0, 3))
    assert planned.order == AirAttack("p38", "(H)", (0, 3))
    assert planned.lines[1] == (
        "AA fire over (0, 3): flak 8 = 8; driven off 17%, destroyed 17%, through 67% "
        "(driven off or destroyed, the rest of its attacks are lost)"
    )
    assert "air attack: 40 against 6, column 4:1" in planned.describe()
    events = game.apply(planned.order)
    assert events[0] == AircraftFlew(1, "p38", "(H)", (0, 3), 8.0, 3, "-")
    # The strafe names the enemy units of the hex; the bombs are gone from the choices.
    assert air_choices(game) == [("p38", "I")]
    strafe = plan_air(game, "p38", "I", (0, 3))
    assert strafe.order == AirAttack("p38", "I", (0, 3), ("g1", "g2"))


def test_an_aircraft_refused_says_why() -> None:
    game = test_aircraft._game([6])
    with pytest.raises(ValueError, match="cannot attack these targets"):
        plan_air(game, "p38", "I", (2, 3))  # I against the T-35's armour [003 6.3.6]
    with pytest.raises(ValueError, match="cannot fly"):
        plan_air(game, "p38", "G", (0, 3))


def test_a_spotter_spots_or_sights_a_battery_with_accuracy_points() -> None:
    game = test_spotter_aircraft._game([6, 6, 1, 1, 1, 6], flak=True)
    assert air_choices(game) == [("l4", SPOT), ("l4", SIGHT)]
    spot = plan_air(game, "l4", SPOT, (0, 10))
    assert spot.order == Spot("l4", (0, 10))
    assert spot.lines[1].startswith("AA fire over (0, 10): flak 8 = 8; driven off 17%")
    call = plan_air(game, "l4", SIGHT, (0, 10), lowered=2)
    assert call.order == CallArtillery("105", (0, 10), "l4", 2)
    assert "on the hex 67%, scattered 33%, widely spread 0%, die −2" in call.lines[0]
    with pytest.raises(ValueError, match="need 7 activation points"):
        plan_air(game, "l4", SIGHT, (0, 10), lowered=5)
    events = game.apply(call.order)
    assert events[0] == AircraftFlew(1, "l4", "spot", (0, 10), 8.0, 6, "-")
    assert isinstance(events[1], ArtilleryCalled)
    assert game.points_left == 6 - 4  # its activation, the call and two accuracy points
    assert air_choices(game) == []  # one activation a turn
