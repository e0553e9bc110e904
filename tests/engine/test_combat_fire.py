"""Fire [000 5.0-5.4]: the hexes a unit may fire at, direct and indirect, its costs, the combat
value and its named modifiers (the manual's range and armour examples), the Hex Fire Limitation,
fire resolving into losses, revealing the firer, and a fire being an order that is recorded,
replayed and never taken back."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from pydantic import TypeAdapter

from editor.testplay.event_places import event_place
from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns.combat.events import Fired, LossesTaken
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.computer import ComputerPlayer
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import EndPlayerTurn, Fire
from engine.panzer_campaigns.sightings import Sight
from schemas.panzer_campaigns.oob import Side
from schemas.panzer_campaigns.testplay import RecordedOrder
from schemas.vocabulary import Condition
from tests.conftest import SAMPLE_DATA
from tests.engine.ascii_title import AsciiTitle, ascii_parameters, ascii_title, oob_tree

TANKS = {
    "unit_class": "armor",
    "movement_class": "tracked",
    "component": "vehicles",
    "strength": 40,
    "hard_attack": 8,
    "hard_range": 2,
    "soft_attack": 6,
    "soft_range": 2,
    "defense": 8,
    "hard_target": True,
}
ARTILLERY = {
    "unit_class": "artillery",
    "component": "guns",
    "strength": 12,
    "soft_attack": 20,
    "soft_range": 8,
    "hard_attack": 4,
    "hard_range": 8,
    "indirect_fire": True,
    "artillery_kind": "artillery",
    "speed": 6,
}


def _title(art: str, units: dict[str, dict[str, Any]] | None = None, **kw: Any) -> AsciiTitle:
    return ascii_title(art, units=units, **kw)


def _combat(title: AsciiTitle, **combat: Any) -> AsciiTitle:
    """The title with Parameter Data combat fields changed."""
    parameters = title.parameters
    title.parameters = parameters.model_copy(
        update={"combat": parameters.combat.model_copy(update=combat)}
    )
    return title


def _game(title: AsciiTitle, seed: int = 0) -> Game:
    return Game(title.game(seed))


ROW = ".A .a .  .b\n.  .  .  ."


def test_a_unit_fires_at_an_adjacent_spotted_enemy_and_not_beyond_its_range() -> None:
    title = _title(ROW)
    game = _game(title)
    assert game.fire_targets("A") == {title.positions["a"]: CombatKind.DIRECT_FIRE}
    with pytest.raises(IllegalMove, match="no target"):
        game.fire("A", title.positions["b"])


def test_an_enemy_behind_a_forest_is_no_direct_fire_target() -> None:
    title = _title(".A ^  .a", {"A": {"soft_range": 2}})
    assert _game(title).fire_targets("A") == {}
    clear = _title(".A .  .a", {"A": {"soft_range": 2}})
    assert _game(clear).fire_targets("A") == {clear.positions["a"]: CombatKind.DIRECT_FIRE}


def test_an_infantry_unit_without_hard_attack_cannot_fire_at_tanks() -> None:
    title = _title(ROW, {"a": TANKS})
    assert _game(title).fire_targets("A") == {}
    armed = _title(ROW, {"A": {"hard_attack": 2, "hard_range": 1}, "a": TANKS})
    assert _game(armed).fire_targets("A") == {armed.positions["a"]: CombatKind.DIRECT_FIRE}


def test_firing_costs_a_third_of_the_allowance_so_three_fires_a_turn() -> None:
    title = _title(ROW, {"a": {"strength": 5000, "defense": 100}})
    game = _game(title)
    target = title.positions["a"]
    for _ in range(3):
        events = game.fire("A", target)
        assert isinstance(events[0], Fired)
        assert events[0].mp_cost == 4
    assert game.unit("A").mp_spent == 12
    assert game.fire_targets("A") == {}
    with pytest.raises(IllegalMove, match="movement points"):
        game.fire("A", target)


def test_a_fire_resolves_into_the_manual_casualty_range_and_losses() -> None:
    # 500 men x soft 8 / defense 8 = 500; LCV 50, HCV 250 per 1000 -> 25 to 125 men [000 12.0]
    title = _title(ROW)
    game = _game(title)
    preview = game.fire_preview("A", title.positions["a"])
    assert preview is not None
    assert (preview.target, preview.value, preview.low, preview.high) == ("a", 500, 25, 125)
    _fired, losses = game.fire("A", title.positions["a"])
    assert isinstance(losses, LossesTaken)
    assert losses.unit == "a"
    assert 25 <= losses.nominal <= 125
    assert game.unit("a").strength == 500 - losses.lost
    assert game.score().allied > 0


def test_the_mean_loss_of_many_fires_is_the_middle_of_the_range() -> None:
    title = _title(ROW, {"A": TANKS, "a": {"strength": 9000, "defense": 100}})
    nominal = []
    for seed in range(60):
        game = _game(title, seed)
        preview = game.fire_preview("A", title.positions["a"])
        assert preview is not None
        assert (preview.low, preview.high) == pytest.approx((1.2, 6))
        nominal.append(game.fire("A", title.positions["a"])[1].nominal)  # type: ignore[union-attr]
    # 40 tanks = 400 x soft 6 / defense 100 = 24: 1.2 to 6 men, mean 3.6
    assert min(nominal) >= 1.2
    assert max(nominal) <= 6
    assert sum(nominal) / len(nominal) == pytest.approx(3.6, abs=0.4)


def test_weakened_infantry_fires_with_its_effective_strength() -> None:
    # 100 of 500 men is 20%: below the 70% breakpoint, 90% x 20/70 of full effect [000 5.2]
    title = _title(ROW, {"A": {"strength": 500}})
    title.scenario = title.scenario
    game = _game(title)
    game.unit("A").strength = 100
    preview = game.fire_preview("A", title.positions["a"])
    assert preview is not None
    assert preview.strength == pytest.approx(500 * 0.9 * 0.2 / 0.7)


def test_direct_fire_range_effect_follows_the_manual_example() -> None:
    # "if the Range Effect value is 1.5, then ... at a range of 2 hexes is divided by 1.5. At 3
    # hexes, it is divided by 2" [000 5.2]
    title = _combat(_title(".A .  .a .  .b", {"A": {"soft_range": 4}}), range_effect=1.5)
    game = _game(title)
    two = game.fire_preview("A", title.positions["a"])
    assert two is not None
    assert two.value == pytest.approx(500 / 1.5)
    assert "range 2" in [m.name for m in two.modifiers]


def test_armour_effectiveness_follows_the_manual_examples() -> None:
    # "a hard attack value of 4 fires on an armored unit with a defense value of 8 ... 1/2"
    small = _title(ROW, {"A": {**TANKS, "hard_attack": 4}, "a": TANKS})
    preview = _game(small).fire_preview("A", small.positions["a"])
    assert preview is not None
    armour = [m for m in preview.modifiers if m.name.startswith("armour")]
    assert [m.factor for m in armour] == [0.5]
    assert armour[0].name == "armour (arms 50%)"
    # 40 tanks = 400 men-equivalents x 4 / 8 x 1/2
    assert preview.value == pytest.approx(100)
    big = _title(ROW, {"A": {**TANKS, "hard_attack": 8}, "a": {**TANKS, "defense": 2}})
    preview = _game(big).fire_preview("A", big.positions["a"])
    assert preview is not None
    assert [m.factor for m in preview.modifiers if m.name.startswith("armour")] == [0.5]


def test_terrain_and_fortifications_protect_deployed_targets() -> None:
    title = _title(".A +a")
    title.map_file = title.map_file.model_copy(
        update={
            "terrain": [
                t.model_copy(update={"defense_modifier": -20}) if t.id == "village" else t
                for t in title.map_file.terrain
            ]
        }
    )
    game = _game(title)
    preview = game.fire_preview("A", title.positions["a"])
    assert preview is not None
    assert preview.modifier_pct == -20
    assert preview.low == pytest.approx(25 * 0.8)
    game.state.fortifications[game.hex_of(title.positions["a"])] = _kind("bunker")
    preview = game.fire_preview("A", title.positions["a"])
    # a bunker adds -30% and Defense 10 and makes the infantry a hard target [000 5.3]
    assert preview is None  # A has no hard attack
    game.state.fortifications[game.hex_of(title.positions["a"])] = _kind("trench")
    preview = game.fire_preview("A", title.positions["a"])
    assert preview is not None
    assert preview.modifier_pct == -40


def _kind(name: str) -> Any:
    from schemas.panzer_campaigns.scenario import FortificationKind

    return FortificationKind(name)


def test_a_target_in_travel_mode_has_half_defense_and_no_terrain() -> None:
    title = _title(".A +a", {"a": {"mode": "travel"}})
    preview = _game(title).fire_preview("A", title.positions["a"])
    assert preview is not None
    assert preview.defense == 4
    assert preview.value == 1000


def test_disrupted_low_ammo_and_quality_change_the_fire() -> None:
    title = _title(ROW, {"A": {"quality": "A"}})
    game = _game(title)
    preview = game.fire_preview("A", title.positions["a"])
    assert preview is not None
    assert preview.modifier_pct == 20
    game.unit("A").disrupted = True
    game.unit("A").low_ammo = True
    preview = game.fire_preview("A", title.positions["a"])
    assert preview is not None
    assert preview.value == pytest.approx(125)
    game.unit("A").broken = True
    assert game.fire_targets("A") == {}


def test_a_unit_digging_in_fires_at_half_and_low_ammo_does_not_halve_it_again() -> None:
    title = _title(ROW, {})
    game = _game(title)
    full = game.fire_preview("A", title.positions["a"])
    assert full is not None
    game.unit("A").digging_in = True  # still digging from an earlier turn [000 4.9]
    digging = game.fire_preview("A", title.positions["a"])
    assert digging is not None
    assert "x0.5 digging in" in [m.describe() for m in digging.modifiers]
    assert digging.value == pytest.approx(full.value / 2)
    game.unit("A").low_ammo = True  # "Digging-In or Low Ammo": one halving [000 5.2]
    both = game.fire_preview("A", title.positions["a"])
    assert both is not None
    assert both.value == pytest.approx(full.value / 2)


def test_hex_fire_limitation_follows_the_manual_example() -> None:
    # stacking limit 1000: at most 3000 men-equivalents fire from one hex a turn [000 5.1]
    title = _title(".AB .a", {"A": {"strength": 1000}, "B": {"strength": 1000}})
    game = _game(title)
    target = title.positions["a"]
    game.fire("A", target)
    game.fire("A", target)
    game.fire("B", target)
    assert game.fire_targets("B") == {}
    with pytest.raises(IllegalMove, match="Hex Fire Limitation"):
        game.fire("B", target)


def test_a_concealed_firer_is_revealed_by_firing_in_view() -> None:
    title = _title("^A .a")
    game = _game(title)
    del game.state.sightings[Side.AXIS]["A"]  # as if it had entered the forest unseen
    game.state.touch()
    assert "A" not in game.spotting(Side.AXIS)
    game.fire("A", title.positions["a"])
    assert "A" in game.spotting(Side.AXIS)


def _artillery_title(spotter_at: str, **extra: Any) -> AsciiTitle:
    art = {
        "near": ".H .G .  .  .  .S .a",
        "far": ".H .G .  .  .  .  .  .  .  .a .S",
    }[spotter_at]
    return _title(
        art,
        {
            "G": ARTILLERY,
            "H": {"unit_class": "headquarters", "command_range": 6},
            "S": {"speed": 12, **extra},
        },
    )


def test_artillery_fires_indirectly_through_a_spotter_of_its_organization() -> None:
    title = _artillery_title("near")
    game = _game(title)
    target = title.positions["a"]
    assert game.fire_targets("G") == {target: CombatKind.INDIRECT_FIRE}
    preview = game.fire_preview("G", target)
    assert preview is not None
    assert preview.mp_cost == 3
    assert not [m for m in preview.modifiers if m.factor != 1]
    events = game.fire("G", target)
    assert events[0].kind == "indirect_fire"  # type: ignore[union-attr]


def test_indirect_fire_through_only_detached_spotters_is_half() -> None:
    title = _artillery_title("far")
    preview = _game(title).fire_preview("G", title.positions["a"])
    assert preview is not None
    assert [(m.name, m.factor) for m in preview.modifiers] == [("only Detached spotters", 0.5)]


def test_a_broken_spotter_or_one_of_another_organization_does_not_spot() -> None:
    title = _artillery_title("near")
    game = _game(title)
    game.unit("S").broken = True
    game.state.touch()
    assert game.fire_targets("G") == {}
    other = _title(
        ".G .  .  .  .S .a",
        {"G": ARTILLERY},
        oob=oob_tree(
            {
                Side.ALLIED: {"us": {"arty": ["G"], "inf": ["S"]}},
                Side.AXIS: {"de": {"enemy": ["a"]}},
            }
        ),
    )
    assert _game(other).fire_targets("G") == {}


def test_a_fire_is_recorded_replayed_and_never_taken_back() -> None:
    title = _title(ROW)
    game = _game(title, seed=7)
    game.move("A", [title.positions["A"], (0, 1)])
    game.move("A", [(0, 1), title.positions["A"]])
    game.fire("A", title.positions["a"])
    assert not game.can_undo
    assert game.orders[-1] == Fire("A", title.positions["a"])
    game.end_player_turn()
    replay = _game(title, seed=7)
    for order in game.orders:
        replay.apply(engine_order(recorded_order(order)))
    assert [e.describe() for e in replay.log] == [e.describe() for e in game.log]
    assert isinstance(replay.orders[-1], EndPlayerTurn)


def test_a_testplay_record_holds_fire_orders() -> None:
    order = TypeAdapter(RecordedOrder).validate_python(
        {"kind": "fire", "unit": "A", "target": [1, 0]}
    )
    assert engine_order(order) == Fire("A", (1, 0))
    assert recorded_order(Fire("A", (1, 0))) == order


def test_the_report_names_the_fire_and_its_modifiers() -> None:
    title = _combat(_title(".A .  .a", {"A": {"soft_range": 2, "quality": "B"}}), range_effect=2)
    game = _game(title)
    fired = game.fire("A", title.positions["a"])[0]
    assert fired.describe() == (
        "allied A fired (direct fire) at a in 2,0: combat value 250.0 +10% "
        "(+10% quality B, x0.5 range 2)"
    )


def test_parameters_unchanged_by_tests() -> None:
    assert ascii_parameters().combat.range_effect == 1.0


def _after_a_fire(supply: int, seed: int, units: dict[str, dict[str, Any]] | None = None) -> Game:
    """A fired at a, then both player turns ended: the start of the Allied turn 2."""
    title = _title(ROW, units, header={"global_supply": {"allied": supply, "axis": 60}})
    game = _game(title, seed)
    game.fire("A", title.positions["a"])
    game.end_player_turn()
    game.end_player_turn()
    return game


def test_a_unit_that_fired_may_run_low_on_ammo_by_its_supply() -> None:
    # no HQ, so only the Local Supply roll keeps the ammunition [000 10.2]
    runs = 40
    low = sum(_after_a_fire(25, seed).unit("A").low_ammo for seed in range(runs))
    assert 0.6 * runs <= low <= 0.9 * runs  # 75% expected
    assert not any(_after_a_fire(100, seed).unit("A").low_ammo for seed in range(5))
    game = _after_a_fire(25, 1)
    spent = [e for e in game.log if type(e).__name__ == "AmmoSpent"]
    assert [e.low_ammo for e in spent] == ([("A",)] if game.unit("A").low_ammo else [])


def test_a_unit_that_did_not_fire_keeps_its_ammunition() -> None:
    title = _title(ROW, header={"global_supply": {"allied": 0, "axis": 0}})
    game = _game(title)
    game.end_player_turn()
    assert not game.unit("a").low_ammo  # the Axis's first player turn
    game.end_player_turn()
    assert not game.unit("A").low_ammo
    assert not [e for e in game.log if type(e).__name__ == "AmmoSpent"]


def test_artillery_that_fired_may_become_unavailable_and_then_fires_no_more() -> None:
    title = _artillery_title("near")
    title.scenario = title.scenario.model_copy(
        update={
            "header": title.scenario.header.model_copy(
                update={
                    "global_supply": title.scenario.header.global_supply.model_copy(
                        update={"allied": 0}
                    )
                }
            )
        }
    )
    game = _game(title)
    game.fire("G", title.positions["a"])
    game.end_player_turn()
    game.end_player_turn()
    assert game.unit("G").unavailable
    assert not game.unit("G").low_ammo
    assert game.fire_targets("G") == {}


def _hidden_battery(seed: int, rules: tuple[str, ...]) -> tuple[Game, AsciiTitle]:
    """100 guns (1000 men-equivalents, the road stacking limit) behind a forest, 4 hexes from
    the enemy their spotter sees."""
    title = _title(
        ".G ^  .  .S .a",
        {"G": {**ARTILLERY, "strength": 100}},
        header={"optional_rules": list(rules)},
    )
    game = _game(title, seed)
    assert "G" not in game.spotting(Side.AXIS)
    return game, title


def test_counterbattery_spots_hidden_artillery_with_the_manual_probability() -> None:
    # normalized strength 1000 / 1000 over range 4 to the nearest enemy: 25% [000 5.4]
    runs = 120
    spotted = 0
    for seed in range(runs):
        game, title = _hidden_battery(seed, ("counterbattery_fire",))
        events = game.fire("G", title.positions["a"])
        found = "G" in game.spotting(Side.AXIS)
        assert found == (type(events[-1]).__name__ == "CounterbatterySpotted")
        spotted += found
    assert 0.15 * runs <= spotted <= 0.35 * runs
    game, title = _hidden_battery(0, ())
    for _ in range(2):
        game.fire("G", title.positions["a"])
    assert "G" not in game.spotting(Side.AXIS)


def test_a_siege_gun_fires_once_a_turn_at_fifty_times_against_a_pillbox() -> None:
    siege = {**ARTILLERY, "artillery_kind": "siege_gun", "hard_attack": 17, "speed": 12}
    title = _title(".G .  .a", {"G": siege})
    game = _game(title)
    target = title.positions["a"]
    plain = game.fire_preview("G", target)
    game.state.fortifications[game.hex_of(target)] = _kind("pillbox")
    fortified = game.fire_preview("G", target)
    assert plain is not None
    assert fortified is not None
    assert ("siege gun at pillbox", 50) in [(m.name, m.factor) for m in fortified.modifiers]
    game.fire("G", target)
    assert game.unit("G").mp_spent == 6  # half its 12: it could pay for another fire
    assert game.fire_targets("G") == {}
    with pytest.raises(IllegalMove, match="once a turn"):
        game.fire("G", target)


def test_the_frozen_penalty_weakens_attack_and_defense() -> None:
    title = _title(".A .a .  +b\n.  .  .  .")
    penalty = title.parameters.recovery.frozen_penalty.model_copy(update={"allied": 40, "axis": 50})
    title.parameters = title.parameters.model_copy(
        update={
            "recovery": title.parameters.recovery.model_copy(update={"frozen_penalty": penalty})
        }
    )
    game = _game(title)
    game.state.weather = replace(game.state.weather, condition=Condition.FROZEN)
    preview = game.fire_preview("A", title.positions["a"])
    assert preview is not None
    # attack -20% (half the Allied 40%), defense -50% (the Axis penalty, non-urban) [000 11.0]
    assert ("frozen", 0.8) in [(m.name, m.factor) for m in preview.modifiers]
    assert preview.defense == 4
    assert preview.value == pytest.approx(500 * 0.8 * 8 / 4)


def test_panzer_battles_caps_indirect_fire_into_one_hex() -> None:
    # 1.5 x the stacking limit of 1000: 1500 men-equivalents a turn [001 #29]
    title = _combat(
        _title(
            ".G .H .  .  .  .S .a",
            {"G": {**ARTILLERY, "strength": 100}, "H": {**ARTILLERY, "strength": 50}},
        ),
        indirect_fire_hex_limit=1.5,
    )
    game = _game(title)
    target = title.positions["a"]
    game.fire("G", target)
    game.fire("H", target)  # 1000 + 500: the cap
    assert game.fire_targets("G") == {}
    assert game.fire_targets("H") == {}
    uncapped = _game(_combat(title, indirect_fire_hex_limit=0))
    uncapped.fire("G", target)
    uncapped.fire("H", target)
    assert uncapped.fire_targets("G") == {target: CombatKind.INDIRECT_FIRE}


def test_indirect_fire_may_rubble_an_urban_hex_by_its_value() -> None:
    title = _combat(_title(".G .  .  .  .S +a", {"G": {**ARTILLERY, "strength": 40}}), rubble=100)
    game = _game(title)
    target = title.positions["a"]
    value = game.fire_preview("G", target).value  # type: ignore[union-attr]
    runs = 100
    rubbled = 0
    for seed in range(runs):
        game = _game(title, seed)
        events = game.fire("G", target)
        made = game.hex_of(target) in game.state.rubble
        assert made == (type(events[-1]).__name__ == "RubbleMade")
        rubbled += made
    expected = value / 1000
    assert 0 < expected < 1
    assert abs(rubbled / runs - expected) < 0.15
    clear = _combat(_title(".G .  .  .  .S .a", {"G": {**ARTILLERY, "strength": 100}}), rubble=100)
    game = _game(clear)
    game.fire("G", clear.positions["a"])
    assert not game.state.rubble


def test_indirect_fire_at_an_unknown_target_is_a_quarter_and_says_so() -> None:
    title = _artillery_title("near")
    game = _game(title)
    sightings = game.state.sightings[Side.ALLIED]
    sightings["a"] = replace(sightings["a"], grade=Sight.UNKNOWN, reported=True)
    preview = game.fire_preview("G", title.positions["a"])
    assert preview is not None
    assert preview.unknown
    assert [(m.name, m.factor) for m in preview.modifiers] == [("Unknown target", 0.25)]
    fired = game.fire("G", title.positions["a"])[0]
    assert isinstance(fired, Fired)
    assert fired.unknown


def test_the_log_places_a_fire_at_its_target_and_names_both_units() -> None:
    game = _after_a_fire(0, 0)
    fired = next(e for e in game.log if isinstance(e, Fired))
    assert event_place(game, fired) == ((1, 0), ("A", "a"))
    spent = next(e for e in game.log if type(e).__name__ == "AmmoSpent")
    assert event_place(game, spent) == ((0, 0), ("A",))


def test_a_faced_unit_fires_only_into_its_facing_and_the_two_beside_it() -> None:
    art = ".  .a .\n.  .A .\n.  .b ."
    up = _title(art, {"A": {"facing": "up"}})
    assert _game(up).fire_targets("A") == {up.positions["a"]: CombatKind.DIRECT_FIRE}
    down = _title(art, {"A": {"facing": "down"}})
    assert _game(down).fire_targets("A") == {down.positions["b"]: CombatKind.DIRECT_FIRE}
    free = _title(art)
    assert set(_game(free).fire_targets("A")) == {free.positions["a"], free.positions["b"]}


def test_every_hex_listed_as_a_target_can_be_fired_at() -> None:
    """In Stoumont Station's first turns, mortars (soft attack only) stand in sight of tanks:
    a hex of which the fire could hit none of the units is not offered as a target."""
    game = Game.from_scenario(
        SAMPLE_DATA / "stoumont44" / "scenarios" / "stoumont-station.scenario.yaml", seed=0
    )
    players = {side: ComputerPlayer(side, seed=0) for side in Side}
    listed = 0
    for _ in range(6):
        for unit in list(game.iter_units(game.phasing)):
            for hex_ in game.fire_targets(unit.id):
                listed += 1
                assert game.fire_preview(unit.id, hex_) is not None, (unit.id, hex_)
        for _events in players[game.phasing].turn(game):
            pass
        game.end_player_turn()
    assert listed > 0
