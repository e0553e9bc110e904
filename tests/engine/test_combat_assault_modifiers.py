"""The assault modifiers [000 6.1, 6.2, 6.3, 11.0; 001 #12]: each one named in the preview with its
value, the manual's examples (unit modifiers, the three combined-arms examples, the night and
terrain disruption example), and the movement an attacker needs to assault at all."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.panzer_campaigns.combat.assault_preview import AssaultPreview
from engine.panzer_campaigns.combat.assault_values import combined_arms_penalty, demolition_loss
from engine.panzer_campaigns.game import Game
from schemas.panzer_campaigns.scenario import FortificationKind, Mode
from schemas.vocabulary import Condition, OptionalRule, Side
from tests.engine.ascii_title import AsciiTitle, ascii_title, oob_tree
from tests.engine.assault_titles import TANKS, game_of, with_combat, with_terrain

# A at (0,1) and B at (0,2) are both next to a at (1,1).
FIELD = ".  .  .\n.A .a .\n.B .  ."


def _odds(game: Game, title: AsciiTitle, attackers: list[str], target: str = "a") -> AssaultPreview:
    preview = game.assault_odds(title.positions[target], attackers)
    assert preview is not None, game.why_not_assault(attackers[0], title.positions[target])
    return preview


def _named(modifiers: object) -> dict[str, float]:
    return {m.name: (m.pct or m.factor) for m in modifiers}  # type: ignore[attr-defined]


# --- the manual's examples --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hexes", "defending", "penalised"),
    [
        ([(100, 14)], 120, [2]),  # Example 1: 20 more defenders -> 2 vehicles at half
        ([(800, 10)], 200, [0]),  # Example 2: 100 infantry support 10 vehicles
        ([(800, 10), (0, 20)], 200, [0, 10]),  # Example 3: the excess does not help hex 2
        ([(0, 3)], 25, [3]),  # "or fraction of 10": 25 -> 3, never more than there are
    ],
)
def test_the_combined_arms_examples(
    hexes: list[tuple[int, int]], defending: int, penalised: list[int]
) -> None:
    assert combined_arms_penalty(hexes, defending) == penalised


def test_combined_arms_penalty_halves_vehicles_assaulting_a_non_clear_hex() -> None:
    # Example 1 on the map: 14 tanks and 100 infantry into a village (-20%) held by 120
    art = ".  .  .\n.T .a .\n.  .  ."
    units: dict[str, dict[str, Any]] = {"T": {**TANKS, "strength": 14}, "a": {"strength": 120}}
    title = ascii_title(
        art.replace(".a", "+a").replace(".T", ".TI"), units={**units, "I": {"strength": 100}}
    )
    title = with_terrain(title, "village", defense_modifier=-20)
    game = game_of(title)
    preview = _odds(game, title, ["T", "I"])
    named = _named(preview.attacker_modifiers)
    # 14 x 10 x 10 = 1400, 2 tanks at half: -100; 100 x 10 = 1000
    assert named["T: combined arms, 2 vehicles at half"] == pytest.approx(1300 / 1400)
    assert preview.attacker_assault == pytest.approx(2300)
    clear = ascii_title(art.replace(".T", ".TI"), units={**units, "I": {"strength": 100}})
    assert not any(
        "combined arms" in m.name
        for m in _odds(game_of(clear), clear, ["T", "I"]).attacker_modifiers
    )


def test_attackers_take_their_lowest_and_defenders_their_highest_unit_modifier() -> None:
    # [000 6.2] A at Medium Fatigue +10%, C at High Fatigue -20%
    units = {
        "A": {"quality": "A", "fatigue": 100},
        "B": {"quality": "C", "fatigue": 200},
        "a": {"quality": "A", "fatigue": 100},
        "b": {"quality": "C", "fatigue": 200, "hex": (1, 1)},
    }
    title = ascii_title(FIELD, units=units)
    preview = _odds(game_of(title), title, ["A", "B"])
    assert preview.attacker_modifier_pct == -20
    assert preview.defender_modifier_pct == 10
    assert _named(preview.attacker_modifiers)["lowest quality and fatigue"] == -20
    assert _named(preview.defender_modifiers)["highest quality and fatigue"] == 10


def test_attacker_disruption_at_night_into_a_village_is_the_manuals_10_to_50() -> None:
    # [000 6.3] 10 men -> doubled 20 -> night 40 -> x 100 / (100 - 20) = 50
    title = ascii_title(".  .  .\n.A +a .\n.  .  .", header={"start": "1944-12-16 20:00"})
    title = with_terrain(title, "village", defense_modifier=-20)
    preview = _odds(game_of(title), title, ["A"])
    assert 10 * preview.disruption_factor == pytest.approx(50)


# --- attacker modifiers [000 6.1, 6.2, 11.0] ----------------------------------------------------


@pytest.mark.parametrize(
    ("flag", "name"), [({"mode": "travel"}, "A: travel mode"), ({"low_ammo": True}, "A: low ammo")]
)
def test_attackers_in_travel_mode_or_low_on_ammo_assault_at_a_quarter(
    flag: dict[str, object], name: str
) -> None:
    title = ascii_title(FIELD, units={"A": flag})
    preview = _odds(game_of(title), title, ["A"])
    assert _named(preview.attacker_modifiers)[name] == 0.25
    assert preview.attacker_assault == 5000 / 4


def test_the_most_severe_hexside_the_attackers_cross_modifies_their_assault() -> None:
    title = ascii_title(FIELD, hexsides=[((0, 1), "down_right", "stream")])
    title = with_combat(title, hexside_modifiers={"stream": -25})
    game = game_of(title)
    assert _named(_odds(game, title, ["A", "B"]).attacker_modifiers)["hexside"] == -25
    assert "hexside" not in _named(_odds(game, title, ["B"]).attacker_modifiers)


def test_the_defending_hex_terrain_modifies_the_assault_of_vehicles_only() -> None:
    title = ascii_title(".  .  .\n.A +a .\n.T .  .", units={"T": TANKS})
    title = with_terrain(title, "village", defense_modifier=-20)
    game = game_of(title)
    assert _named(_odds(game, title, ["T"]).attacker_modifiers)["vehicles into village"] == -20
    assert "vehicles into village" not in _named(_odds(game, title, ["A"]).attacker_modifiers)


def test_units_of_two_divisions_assault_at_minus_20_percent() -> None:
    tree = oob_tree(
        {Side.ALLIED: {"us": {"1st": ["A"], "2nd": ["B"]}}, Side.AXIS: {"de": {"x": ["a"]}}}
    )
    title = ascii_title(FIELD, oob=tree)
    game = game_of(title)
    assert (
        _named(_odds(game, title, ["A", "B"]).attacker_modifiers)["combined organizations"] == -20
    )
    same = ascii_title(FIELD)
    assert "combined organizations" not in _named(
        _odds(game_of(same), same, ["A", "B"]).attacker_modifiers
    )


def test_a_storm_halves_both_sides_and_the_frozen_penalty_weakens_them() -> None:
    title = ascii_title(FIELD)
    game = game_of(title)
    game.state.weather = replace(game.state.weather, storm=True)
    preview = _odds(game, title, ["A"])
    assert (preview.attacker_assault, preview.defender_assault) == (2500, 2500)
    frozen = ascii_title(FIELD)
    penalty = frozen.parameters.recovery.frozen_penalty.model_copy(
        update={"allied": 40, "axis": 20}
    )
    frozen.parameters = frozen.parameters.model_copy(
        update={
            "recovery": frozen.parameters.recovery.model_copy(update={"frozen_penalty": penalty})
        }
    )
    cold = game_of(frozen)
    cold.state.weather = replace(cold.state.weather, condition=Condition.FROZEN)
    preview = _odds(cold, frozen, ["A"])
    # assault values lose half the side's Frozen Penalty; defense the whole (non-urban) [000 11.0]
    assert preview.attacker_assault == pytest.approx(5000 * 0.8)
    assert preview.defender_assault == pytest.approx(5000 * 0.9)
    assert preview.defender_defense == pytest.approx(8 * 0.8)


def test_vehicles_assaulting_into_bocage_have_their_defense_halved() -> None:
    title = with_terrain(
        ascii_title(".  .  .\n.T :a .\n.  .  .", units={"T": TANKS}), "rough", bocage=True
    )
    preview = _odds(game_of(title), title, ["T"])
    assert preview.attacker_defense == 4
    assert "T: defense halved in bocage" in _named(preview.attacker_modifiers)


def test_panzer_battles_vehicles_assaulting_across_a_hedgerow_fight_at_half() -> None:
    # [001 #12] "half assault and defense"
    title = ascii_title(
        FIELD.replace(".A", ".T"),
        units={"T": TANKS},
        hexsides=[((0, 1), "down_right", "hedgerow")],
        header={"ruleset": "panzer_battles"},
    )
    preview = _odds(game_of(title), title, ["T"])
    assert _named(preview.attacker_modifiers)["T: across a hedgerow"] == 0.5
    assert (preview.attacker_assault, preview.attacker_defense) == (1000, 4)
    pzc = ascii_title(
        FIELD.replace(".A", ".T"), units={"T": TANKS}, hexsides=[((0, 1), "down_right", "hedgerow")]
    )
    assert _odds(game_of(pzc), pzc, ["T"]).attacker_assault == 2000


def test_range_0_hard_attack_counts_only_under_the_alternate_assault_rule() -> None:
    units: dict[str, dict[str, Any]] = {"A": {"hard_attack": 6, "hard_range": 0}, "a": TANKS}
    title = ascii_title(FIELD, units=units)
    assert _odds(game_of(title), title, ["A"]).attacker_assault == 5000
    on = ascii_title(
        FIELD, units=units, header={"optional_rules": [OptionalRule.ALTERNATE_ASSAULT]}
    )
    assert _odds(game_of(on), on, ["A"]).attacker_assault == 16 * 500


# --- defender modifiers [000 6.1, 5.3] ----------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "factor"),
    [
        ({"disrupted": True}, 0.5),
        ({"low_ammo": True}, 0.5),
        ({"digging_in": True}, 0.5),
        ({"broken": True}, 0.25),
        ({"mode": "travel"}, 0.25),
    ],
)
def test_defender_states_cut_its_assault_value(state: dict[str, Any], factor: float) -> None:
    title = ascii_title(FIELD)
    game = game_of(title)
    for name, value in state.items():
        setattr(game.unit("a"), name, Mode(value) if name == "mode" else value)
    assert _odds(game, title, ["A"]).defender_assault == 5000 * factor


def test_a_defender_with_a_facing_attacked_only_through_its_rear_has_no_assault_value() -> None:
    # a faces Up: A (up left) is within its facing, B (down left) is not [000 6.1]
    title = ascii_title(FIELD, units={"a": {"facing": "up"}})
    game = game_of(title)
    assert _odds(game, title, ["B"]).defender_assault == 0
    assert _odds(game, title, ["A", "B"]).defender_assault == 5000


def test_a_fortification_protects_the_defenders_and_a_reduced_one_half_as_much() -> None:
    def fort(kind: str, vacated: bool = False) -> AsciiTitle:
        return ascii_title(
            FIELD,
            scenario={
                "overlays": {"fortifications": [{"hex": [1, 1], "kind": kind, "vacated": vacated}]}
            },
        )

    trench = fort("trench")
    assert _named(_odds(game_of(trench), trench, ["A"]).attacker_modifiers)["trench"] == -20
    bunker = fort("bunker")
    preview = _odds(game_of(bunker), bunker, ["A"])
    assert (_named(preview.attacker_modifiers)["bunker"], preview.defender_defense) == (-30, 18)
    # fire sees the same reduced fort at half [000 5.3]
    reduced = fort("trench", vacated=True)
    fire = game_of(reduced).fire_preview("A", reduced.positions["a"])
    assert fire is not None
    assert ("trench (reduced)", -10) in [(m.name, m.pct) for m in fire.modifiers]
    vacated = fort("bunker", vacated=True)
    preview = _odds(game_of(vacated), vacated, ["A"])
    assert (_named(preview.attacker_modifiers)["bunker (reduced)"], preview.defender_defense) == (
        -15,
        13,
    )


def test_demolition_units_halve_a_bunkers_defense_bonus_and_pay_for_it() -> None:
    # [000 6.2] bonus 10 -> 5; the demolition unit loses 32 / assault value 8 = 4
    title = ascii_title(
        FIELD,
        units={"B": {"demolition": True, "assault": 8, "strength": 40, "unit_class": "engineer"}},
        scenario={"overlays": {"fortifications": [{"hex": [1, 1], "kind": "bunker"}]}},
    )
    game = game_of(title)
    preview = _odds(game, title, ["A", "B"])
    assert preview.defender_defense == 13
    assert demolition_loss(8) == 4
    resolved = game.assault(title.positions["a"], ["A", "B"])[-1]
    assert resolved.demolition == (("B", 4),)  # type: ignore[union-attr]
    assert game.state.fortifications[game.hex_of((1, 1))] is FortificationKind.BUNKER


# --- moving into the hex [000 6.1, 6.2] -------------------------------------------------------


def test_no_assault_across_an_unbridged_river_and_across_a_bridge_only_in_travel_mode() -> None:
    river = ascii_title(FIELD, hexsides=[((0, 1), "down_right", "river")])
    game = game_of(river)
    assert river.positions["a"] not in game.assault_targets("A")
    why = game.why_not_assault("A", river.positions["a"])
    assert why is not None
    assert "cannot move into" in why
    bridged = ascii_title(
        FIELD,
        hexsides=[((0, 1), "down_right", "river")],
        crossings=[((0, 1), "down_right", "heavy_bridge")],
    )
    game = game_of(bridged)
    assert bridged.positions["a"] not in game.assault_targets("A")
    game.unit("A").mode = Mode.TRAVEL
    assert bridged.positions["a"] in game.assault_targets("A")


def test_a_hex_the_side_does_not_see_cannot_be_assaulted() -> None:
    title = ascii_title(FIELD)
    game = game_of(title)
    state = game.state
    state.sightings[Side.ALLIED].clear()
    state.sight_version = state.version
    assert game.assault_targets("A") == {}
    assert "sees no enemy" in (game.why_not_assault("A", title.positions["a"]) or "")


@pytest.mark.parametrize(
    ("quality", "fatigue", "pct"),
    [
        ("A", 0, 20),
        ("B", 0, 10),
        ("C", 0, 0),
        ("D", 0, -20),
        ("E", 0, -40),
        ("F", 0, -60),
        ("C", 150, -10),  # Medium Fatigue
        ("C", 250, -20),  # High
        ("C", 300, -40),  # Maximum
        ("B", 300, -30),
    ],
)
def test_the_quality_and_fatigue_table_of_a_defender(quality: str, fatigue: int, pct: int) -> None:
    # [000 6.2] Quality A +20% ... F -60%; Fatigue Medium -10%, High -20%, Maximum -40%
    title = ascii_title(FIELD, units={"a": {"quality": quality, "fatigue": fatigue}})
    assert _odds(game_of(title), title, ["A"]).defender_modifier_pct == pct


def test_tanks_assault_into_a_marsh_only_along_a_road_in_travel_mode() -> None:
    # [000 6.2] "a unit made up of tanks would need to be in Travel Mode to assault ... along
    # a road in a Marsh or Swamp hex"
    title = ascii_title(
        ".  .  .\n.T ,a .\n.  .  .",
        units={"T": TANKS},
        roads={"primary_road": [[(0, 1), (1, 1)]]},
    )
    game = game_of(title)
    assert game.assault_targets("T") == {}
    game.unit("T").mode = Mode.TRAVEL
    assert title.positions["a"] in game.assault_targets("T")


def test_rubble_triples_the_cost_of_moving_into_the_hex() -> None:
    # entering clear costs foot 2, in rubble 6 [000 4.4]: more than a speed-3 unit has
    title = ascii_title(FIELD, units={"A": {"speed": 3}})
    game = game_of(title)
    assert game.assault_targets("A") == {title.positions["a"]: 2.0}
    game.state.rubble[game.hex_of(title.positions["a"])] = False
    game.state.touch()
    assert game.assault_targets("A") == {}
    assert "needs 6 movement points" in (game.why_not_assault("A", title.positions["a"]) or "")


def test_under_snow_fire_and_assault_read_the_frozen_terrain_of_the_defending_hex() -> None:
    # [000 11.0] "Marsh terrain is treated as Clear ... Swamp terrain is treated as Forest when
    # frozen": here the marsh freezes into forest, so a marsh's -20 becomes the forest's -30.
    title = ascii_title(".  .  .\n.T ,a .\n.A .  .", units={"T": TANKS})
    title = with_terrain(title, "marsh", defense_modifier=-20, frozen_as="forest")
    title = with_terrain(title, "forest", defense_modifier=-30)
    game = game_of(title)
    fire = game.fire_preview("A", title.positions["a"])
    assert fire is not None
    assert "marsh" in [m.name for m in fire.modifiers]
    assert game.assault_odds(title.positions["a"], ["T"]) is None  # tanks: marsh by road only
    game.state.weather = replace(game.state.weather, condition=Condition.SNOW)
    game.state.touch()
    fire = game.fire_preview("A", title.positions["a"])
    assert fire is not None
    assert {m.name: m.pct for m in fire.modifiers}.get("forest") == -30
    assert "marsh" not in [m.name for m in fire.modifiers]
    preview = _odds(game, title, ["T"])
    assert _named(preview.attacker_modifiers)["vehicles into forest"] == -30
