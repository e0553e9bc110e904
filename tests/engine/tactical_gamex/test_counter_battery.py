"""Counter-battery fire [003 6.4.4]: refused before the enemy's first OBA attack, at half
strength, at full strength with an unused aircraft, the target battery's counters taking
D/DD/X, the battery gone with its last counter; a disrupted battery does not fire and rallies
at Housekeeping; the order goes through the play file."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.tactical_gamex import counter_battery
from engine.tactical_gamex.aircraft import Aircraft
from engine.tactical_gamex.events import ArtilleryCalled, CounterBatteryFired
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import CounterBattery
from engine.tactical_gamex.records import order_of, order_to_model
from engine.tactical_gamex.state import Battery
from engine.tactical_gamex.turns import housekeeping
from engine.tactical_gamex.units import ARTILLERY, Unit, UnitType, Weapon
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import RIFLE, FixedDice, board, state

HOWITZER = UnitType(
    "105mm howitzer", 20, Weapon.H_INDIRECT, 40, 4, 0, traits=frozenset({ARTILLERY})
)


def _game(rolls: list[int]) -> TacticalGame:
    s = state(
        board(["......"] * 6),
        [("r", Side.ALLIED, RIFLE, (0, 0)), ("g", Side.AXIS, RIFLE, (5, 5))],
        morale={"us": 7, "germany": 8},
    )
    s.first_initiative = Side.ALLIED
    for uid in ("h1", "h2"):
        s.units[uid] = Unit(uid, Side.AXIS, "germany", HOWITZER, None)
    s.batteries["us-arty"] = Battery("us-arty", Side.ALLIED, "us", 32)
    s.batteries["ger-arty"] = Battery("ger-arty", Side.AXIS, "germany", 40, units=("h1", "h2"))
    s.aircraft["p47"] = Aircraft("p47", Side.ALLIED, "P-47", {Weapon.H_INDIRECT: 30})
    s.dice = FixedDice([6, *rolls])  # the Allied pool, then the rolls the test names
    game = TacticalGame(s)
    assert game.acting is Side.ALLIED
    assert game.points_left == 6
    return game


def _fired(events: list[object]) -> CounterBatteryFired:
    return next(e for e in events if isinstance(e, CounterBatteryFired))


def test_no_counter_battery_before_the_enemys_first_oba_attack() -> None:
    game = _game([])
    with pytest.raises(IllegalOrder, match="follows its first OBA attack"):
        game.apply(CounterBattery("us-arty", "ger-arty"))
    assert game.points_left == 6


def test_half_strength_and_the_crt_results_on_the_batterys_counters() -> None:
    """32 halved is 16 against the two howitzers' DS 8: 2:1. Availability 3+3 = 6 passes the
    US morale 7, accuracy 2 hits; on the test CRT a 2 on 2:1 is DD: both disrupted."""
    game = _game([3, 3, 2, 2])
    game.state.batteries["ger-arty"].revealed = True
    fired = _fired(game.apply(CounterBattery("us-arty", "ger-arty")))
    assert (fired.attack, fired.defense, fired.column, fired.roll) == (16, 8, "2:1", 2)
    assert fired.results == (("h1", "DD"), ("h2", "DD"))
    assert game.state.units["h1"].disrupted
    assert game.state.units["h2"].disrupted
    assert game.points_left == 5
    assert game.state.batteries["us-arty"].revealed  # its own side is now open to reply
    with pytest.raises(IllegalOrder, match="fired this turn"):
        game.apply(CounterBattery("us-arty", "ger-arty"))


def test_full_strength_with_an_unused_aircraft_which_is_then_spent() -> None:
    """32 against 8: 4:1; a roll of 1 is X for both howitzers and the battery is gone."""
    game = _game([3, 3, 1, 1])
    game.state.batteries["ger-arty"].revealed = True
    fired = _fired(game.apply(CounterBattery("us-arty", "ger-arty", aircraft="p47")))
    assert (fired.attack, fired.column) == (32, "4:1")
    assert fired.results == (("h1", "X"), ("h2", "X"))
    assert game.state.batteries["ger-arty"].lost
    assert game.state.eliminated[Side.AXIS] == 2
    assert game.state.aircraft["p47"].gone


def test_a_scattered_accuracy_die_misses_and_the_aircraft_must_be_unused() -> None:
    game = _game([3, 3, 4])
    game.state.batteries["ger-arty"].revealed = True
    game.state.aircraft["p47"].used = {Weapon.H_INDIRECT}
    with pytest.raises(IllegalOrder, match="not an unused aircraft"):
        game.apply(CounterBattery("us-arty", "ger-arty", aircraft="p47"))
    fired = _fired(game.apply(CounterBattery("us-arty", "ger-arty")))
    assert fired.column == "misses"
    assert fired.results == ()
    assert not game.state.units["h1"].disrupted


def test_a_disrupted_battery_does_not_fire_and_rallies_at_housekeeping() -> None:
    """[003 7.2] disrupted units do not attack; the battery's counters roll to rally."""
    game = _game([])
    game.state.batteries["us-arty"].revealed = True
    for uid in ("h1", "h2"):
        game.state.units[uid].disrupted = True
    game.state.acting = Side.AXIS
    with pytest.raises(IllegalOrder, match="disrupted"):
        game.apply(CounterBattery("ger-arty", "us-arty"))
    game.state.dice = Dice(3)
    events = housekeeping(game.state)
    checks = [e for e in events if getattr(e, "purpose", "") == "battery rally"]
    assert [e.unit for e in checks] == ["h1", "h2"]  # type: ignore[attr-defined]
    assert all(game.state.units[e.unit].disrupted != e.passed for e in checks)  # type: ignore[attr-defined]


def test_the_order_round_trips_through_the_play_file() -> None:
    order = CounterBattery("us-arty", "ger-arty", aircraft="p47", lowered=1)
    assert order_of(order_to_model(order)) == order
    assert order_of(order_to_model(CounterBattery("a", "b"))) == CounterBattery("a", "b")


def test_availability_and_hits_follow_their_chances_over_fixed_seeds() -> None:
    """Availability is a morale check, 2d6 at or under 7 (21/36); then 1-2 of the accuracy die
    hits (1/3) [003 6.4.4]: over 3,000 seeds each within three standard deviations."""
    base = _game([])
    base.state.batteries["ger-arty"].revealed = True
    available = hits = 0
    trials = 3000
    for seed in range(trials):
        s = base.state.copy()
        s.dice = Dice(seed)
        events = counter_battery.fire(s, s.batteries["us-arty"], s.batteries["ger-arty"], 0, "")
        called = next(e for e in events if isinstance(e, ArtilleryCalled))
        available += called.available
        hits += any(isinstance(e, CounterBatteryFired) and e.roll for e in events)
    p_available, p_hit = 21 / 36, 21 / 36 / 3
    for count, p in ((available, p_available), (hits, p_hit)):
        assert abs(count / trials - p) < 3 * (p * (1 - p) / trials) ** 0.5
