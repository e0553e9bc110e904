"""How assaults end [000 6.3, 4.6, 5.3, 10.4; 001 #22]: defenders forced to retreat and where they
go, each failure case (captured men, towed guns, the towed anti-tank gun exception, fanatical and
fragile-morale nations, the Surrender rule), attackers taking the hex and its objective, captured
supply units, Fixed defenders freed, the Panzer Battles overrun, the outcome distribution
against the preview's chances, and the report of a turn with an assault."""

from __future__ import annotations

from statistics import mean, variance
from typing import Any

import pytest

from engine.panzer_campaigns.combat import assault as assaulting
from engine.panzer_campaigns.combat.events import Assaulted, AssaultResolved, LossesTaken
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.report import format_turn_report, iter_turn_reports
from schemas.panzer_campaigns.scenario import Mode
from schemas.vocabulary import OptionalRule, Side
from tests.engine.ascii_title import AsciiTitle, ascii_title
from tests.engine.assault_titles import game_of, with_nation

# a at (1,1) is next to A at (0,1) and B at (0,2); it may retreat to (2,1), (2,2) or (1,2).
FIELD = ".  .  .\n.A .a .\n.B .  ."
# a at (1,1) is ringed by impassable hexes but for A's hex: no retreat.
RING = "#  #  #\n.A .a #\n#  #  #"

# A defender already Disrupted and without assault value is forced out for sure: it inflicts
# no losses, so no attacker can fail a morale check [000 6.3].
BEATEN: dict[str, Any] = {"disrupted": True, "assault": 0}
# An attacker whose assault costs guns and vehicles at most a few of their number.
WEAK: dict[str, Any] = {"assault": 0.1}


def _resolved(events: list[Any]) -> AssaultResolved:
    last = [e for e in events if isinstance(e, AssaultResolved)]
    assert len(last) == 1
    return last[0]


def _assault(game: Game, title: AsciiTitle, attackers: list[str]) -> AssaultResolved:
    return _resolved(game.assault(title.positions["a"], attackers))


def test_beaten_defenders_retreat_away_from_the_attackers_who_take_the_hex_and_objective() -> None:
    title = ascii_title(
        FIELD,
        units={"a": BEATEN},
        scenario={
            "objectives": [
                {"kind": "normal", "id": "farm", "hex": [1, 1], "points": 50, "owner": "axis"}
            ]
        },
    )
    game = game_of(title)
    resolved = _assault(game, title, ["A", "B"])
    assert resolved.result == "retreated"
    assert resolved.retreats == (("a", (2, 1)),)
    assert resolved.occupied_by == ("A", "B")
    assert game.offset_of(game.unit("A").hex) == (1, 1)
    assert game.objective_owners()["farm"] is Side.ALLIED
    assert "allied A, B took 1,1" in resolved.describe()


def test_defenders_that_hold_keep_the_hex() -> None:
    title = ascii_title(FIELD, units={"A": {"assault": 1}, "a": {"strength": 2000}})
    game = game_of(title, seed=3)
    resolved = _assault(game, title, ["A"])
    assert resolved.result == "held"
    assert resolved.occupied_by == ()
    assert game.offset_of(game.unit("a").hex) == (1, 1)


def test_a_defender_that_cannot_retreat_loses_half_its_strength_as_captured_men() -> None:
    title = ascii_title(
        RING,
        units={"a": {**BEATEN, "strength": 400}},
        scenario={"overlays": {"fortifications": [{"hex": [1, 1], "kind": "trench"}]}},
    )
    game = game_of(title)
    events = game.assault(title.positions["a"], ["A"])
    lost = next(e.lost for e in events if isinstance(e, LossesTaken) and e.unit == "a")
    resolved = _resolved(events)
    left = 400 - lost
    assert resolved.captured == (("a", left // 2),) or resolved.captured == (
        ("a", left - left // 2),
    )
    assert resolved.stayed == ("a",)
    assert game.unit("a").strength == left - resolved.captured[0][1]
    # [000 5.3] the fort of defenders who lost and could not retreat is halved
    assert game.hex_of((1, 1)) in game.state.reduced_forts


def test_units_that_need_travel_mode_to_move_are_eliminated_when_forced_to_retreat() -> None:
    towed = {
        **BEATEN,
        "unit_class": "artillery",
        "component": "guns",
        "strength": 40,
        "towed": True,
    }
    title = ascii_title(FIELD, units={"a": towed, "A": WEAK})
    game = game_of(title)
    resolved = _assault(game, title, ["A"])
    assert resolved.eliminated == ("a",)
    assert resolved.captured == (("a", 40),)
    assert not game.unit("a").on_map


def test_a_towed_anti_tank_gun_loses_half_and_retreats_in_travel_mode() -> None:
    gun = {
        **BEATEN,
        "unit_class": "anti_tank",
        "component": "guns",
        "strength": 40,
        "towed": True,
        "anti_tank": True,
        "speed": 4,
    }
    title = ascii_title(FIELD, units={"a": gun, "A": WEAK})
    game = game_of(title)
    events = game.assault(title.positions["a"], ["A"])
    left = 40 - next(e.lost for e in events if isinstance(e, LossesTaken) and e.unit == "a")
    resolved = _resolved(events)
    assert resolved.captured[0][1] in (left // 2, left - left // 2)
    assert resolved.retreats == (("a", (2, 1)),)
    unit = game.unit("a")
    assert (unit.strength, unit.mode) == (left - resolved.captured[0][1], Mode.TRAVEL)


def test_fanatical_defenders_never_leave_a_bunker_and_never_surrender() -> None:
    bunker = with_nation(
        ascii_title(
            FIELD,
            units={"a": BEATEN},
            scenario={"overlays": {"fortifications": [{"hex": [1, 1], "kind": "bunker"}]}},
        ),
        "de",
        fanatical=True,
    )
    game = game_of(bunker)
    resolved = _assault(game, bunker, ["A"])
    assert (resolved.stayed, resolved.retreats, resolved.captured) == (("a",), (), ())
    ringed = with_nation(ascii_title(RING, units={"a": BEATEN}), "de", fanatical=True)
    game = game_of(ringed)
    resolved = _assault(game, ringed, ["A"])
    assert (resolved.stayed, resolved.captured) == (("a",), ())


@pytest.mark.parametrize(("quality", "eliminated"), [("C", True), ("B", False)])
def test_fragile_morale_units_below_b_that_cannot_retreat_are_eliminated(
    quality: str, eliminated: bool
) -> None:
    title = with_nation(
        ascii_title(RING, units={"a": {**BEATEN, "quality": quality}}), "de", fragile_morale=True
    )
    game = game_of(title)
    resolved = _assault(game, title, ["A"])
    assert (resolved.eliminated == ("a",)) is eliminated
    assert game.unit("a").on_map is not eliminated


def test_under_the_surrender_rule_broken_units_that_cannot_retreat_are_eliminated() -> None:
    units = {"a": {**BEATEN, "disrupted": False}}
    rules = {"optional_rules": [OptionalRule.SURRENDER]}
    title = ascii_title(RING, units=units, header=rules)
    game = game_of(title)
    game.unit("a").broken = True
    resolved = _assault(game, title, ["A"])
    assert resolved.eliminated == ("a",)
    assert resolved.captured[0][0] == "a"


def test_a_supply_unit_left_alone_is_captured_at_half_strength() -> None:
    supply = {
        "unit_class": "supply",
        "supply_unit": True,
        "component": "vehicles",
        "strength": 10,
        "assault": 0,
    }
    title = ascii_title(RING.replace(".a", ".s"), units={"s": supply, "A": WEAK})
    title.positions["a"] = title.positions["s"]
    game = game_of(title)
    resolved = _assault(game, title, ["A"])
    assert resolved.supply_captured == ("s",)
    unit = game.unit("s")
    assert (unit.side, unit.strength) == (Side.ALLIED, 5)
    assert resolved.occupied_by == ("A",)


def test_a_fixed_defender_is_freed_by_being_assaulted() -> None:
    title = ascii_title(FIELD, units={"a": {"fixed": True, "strength": 3000}})
    game = game_of(title)
    resolved = _assault(game, title, ["A"])
    assert resolved.unfixed == ("a",)
    assert not game.unit("a").fixed


def test_panzer_battles_overruns_defenders_without_assault_value_for_the_entry_cost() -> None:
    title = ascii_title(FIELD, units={"a": {"assault": 0}}, header={"ruleset": "panzer_battles"})
    game = game_of(title)
    preview = game.assault_odds(title.positions["a"], ["A"])
    assert preview is not None
    assert (preview.overrun, preview.mp_costs, preview.retreat_chance) == (True, (("A", 2.0),), 1.0)
    events = game.assault(title.positions["a"], ["A"])
    assert isinstance(events[0], Assaulted)
    assert events[0].overrun
    resolved = _resolved(events)
    assert (resolved.result, resolved.eliminated, resolved.occupied_by) == (
        "overrun",
        ("a",),
        ("A",),
    )
    assert game.unit("A").mp_spent == 2
    assert game.state.losses[Side.AXIS].men == 500
    # an overrun needs only its movement cost, not 2/3 of the allowance
    again = game_of(title)
    again.unit("A").mp_spent = 9
    assert again.assault_targets("A") == {title.positions["a"]: 2.0}
    pzc = ascii_title(FIELD, units={"a": {"assault": 0}})
    preview = game_of(pzc).assault_odds(pzc.positions["a"], ["A"])
    assert preview is not None
    assert not preview.overrun


@pytest.mark.parametrize("alternative", [False, True])
def test_the_outcomes_follow_the_previews_chances(alternative: bool) -> None:
    # Two battalions against one: the preview's retreat chance and casualty range against the
    # frequencies of 600 assaults with fixed seeds; the casualty value is uniform on the range,
    # or under the Alternative Melee Calculation the mean of two uniform draws, whose variance
    # is half as large [000 12.0].
    rules = [OptionalRule.ALTERNATIVE_MELEE_CALCULATION] if alternative else []
    title = ascii_title(FIELD, header={"optional_rules": rules})
    game = game_of(title)
    preview = game.assault_odds(title.positions["a"], ["A", "B"])
    assert preview is not None
    state = game.state
    snapshot = state.snapshot()
    attackers = [game.unit("A"), game.unit("B")]
    hex_index = game.hex_of(title.positions["a"])
    forced, nominal, checked = 0, [], 0
    runs = 600
    for seed in range(runs):
        state.restore(snapshot)
        state.rng.seed(seed)
        events = assaulting.assault(state, hex_index, attackers)
        losses = [e for e in events if isinstance(e, LossesTaken) and e.unit == "a"]
        nominal.append(losses[0].nominal)
        checked += losses[0].morale_check
        forced += _resolved(events).result != "held"
    assert all(preview.defender_low <= n <= preview.defender_high for n in nominal)
    assert mean(nominal) == pytest.approx(
        (preview.defender_low + preview.defender_high) / 2, rel=0.05
    )
    spread = (preview.defender_high - preview.defender_low) ** 2 / (24 if alternative else 12)
    assert variance(nominal) == pytest.approx(spread, rel=0.2)
    tolerance = 3 * (0.25 / runs) ** 0.5
    assert forced / runs == pytest.approx(preview.retreat_chance, abs=tolerance)
    assert checked / runs == pytest.approx(dict(preview.defender_checks)["a"], abs=tolerance)


def test_the_turn_report_tells_the_assault_and_its_losses() -> None:
    title = ascii_title(FIELD, units={"a": BEATEN})
    game = game_of(title)
    game.assault(title.positions["a"], ["A", "B"])
    text = format_turn_report(next(iter_turn_reports(game, 1)))
    assert "allied A, B assaulted a in 1,1: combat value 1250.0 against 0.0" in text
    assert "the defenders of 1,1 were forced to retreat; a retreated to 2,1" in text
    assert "losses axis:" in text


def test_the_preview_says_what_befalls_defenders_forced_out() -> None:
    free = ascii_title(FIELD)
    preview = game_of(free).assault_odds(free.positions["a"], ["A"])
    assert preview is not None
    assert (preview.fates, preview.capture_chance) == ((("a", "retreats"),), 0)
    ringed = ascii_title(RING)
    preview = game_of(ringed).assault_odds(ringed.positions["a"], ["A"])
    assert preview is not None
    assert preview.fates == (("a", "captured"),)
    assert preview.capture_chance == preview.retreat_chance > 0


@pytest.mark.parametrize(
    ("header", "alternative"),
    [
        ({}, False),
        ({"optional_rules": [OptionalRule.ALTERNATIVE_MELEE_CALCULATION]}, True),
        # [001 #2] Panzer Battles never averages assault results
        ({"ruleset": "panzer_battles"}, False),
    ],
)
def test_the_alternative_melee_calculation_averages_two_draws(
    header: dict[str, Any], alternative: bool
) -> None:
    title = ascii_title(FIELD, header=header)
    preview = game_of(title).assault_odds(title.positions["a"], ["A"])
    assert preview is not None
    assert preview.alternative is alternative


def test_attackers_take_a_hex_whose_defenders_the_losses_destroyed() -> None:
    title = ascii_title(FIELD, units={"a": {"strength": 10}})
    game = game_of(title)
    resolved = _assault(game, title, ["A", "B"])
    assert (resolved.result, resolved.occupied_by) == ("destroyed", ("A", "B"))
    assert not game.unit("a").on_map
    assert "the defenders of 1,1 were destroyed; allied A, B took 1,1" in resolved.describe()
