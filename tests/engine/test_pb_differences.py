"""Panzer Battles differences #10, #17 and #18 [001 "Differences with Panzer Campaigns"]: spotters
for artillery and air strikes that did not move, no night fatigue, and vehicles that get half of
the terrain's and an improved position's or trench's benefit; each against the Panzer Campaigns
rule it changes [000 5.0, 5.3, 8.4, 9.3]."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.combat.events import OpportunityFire
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.play_options import PlayOptions
from schemas.panzer_campaigns.scenario import FortificationKind
from schemas.vocabulary import OptionalRule
from tests.engine.ascii_title import AsciiTitle, ascii_title
from tests.engine.test_air import FIGHTERS, SOLID
from tests.engine.test_air import _title as air_title
from tests.engine.test_combat_fire import ARTILLERY, TANKS

PB = {"ruleset": "panzer_battles"}
# H is the HQ, G the battery; S spots from column 4 and may step to column 5, a is the target.
BATTERY = ".H .G .  .  .S .  .a\n.  .  .  .  .  .  ."


def _battery(
    header: dict[str, Any] | None = PB, spotter: dict[str, Any] | None = None, **kw: Any
) -> tuple[Game, AsciiTitle]:
    title = ascii_title(
        BATTERY,
        units={
            "G": ARTILLERY,
            "H": {"unit_class": "headquarters", "command_range": 6},
            "S": {"speed": 12, **(spotter or {})},
        },
        header=header or {},
    )
    state = title.game(kw.get("seed", 0))
    if "options" in kw:
        state.options = kw["options"]
    return Game(state), title


# --- #10 spotting for artillery and air strikes ---------------------------------------------


def test_a_spotter_that_moved_this_turn_cannot_spot_for_panzer_battles_artillery() -> None:
    game, title = _battery()
    target = title.positions["a"]
    assert game.fire_targets("G") == {target: CombatKind.INDIRECT_FIRE}
    game.move("S", [(5, 0)])  # still in sight of a, but it moved [001 #10]
    assert game.fire_targets("G") == {}
    with pytest.raises(IllegalMove) as refused:
        game.fire("G", target)
    assert str(refused.value) == (
        "G cannot fire indirectly at 6,0: no unit that may spot for indirect fire sees 6,0 "
        "(S moved this turn) [001 #10]"
    )


def test_panzer_campaigns_spotters_may_have_moved() -> None:
    game, title = _battery(header=None)
    game.move("S", [(5, 0)])
    assert game.fire_targets("G") == {title.positions["a"]: CombatKind.INDIRECT_FIRE}


def test_the_spotter_that_moved_spots_again_in_its_sides_next_player_turn() -> None:
    game, title = _battery()
    game.move("S", [(5, 0)])
    game.end_player_turn()
    game.end_player_turn()
    assert game.fire_targets("G") == {title.positions["a"]: CombatKind.INDIRECT_FIRE}


def test_a_spotter_that_fired_this_turn_cannot_spot_for_indirect_fire() -> None:
    # "Units that have fired or moved cannot perform spotting" [001 "Indirect Fire Spotting"]
    game, title = _battery()
    target = title.positions["a"]
    game.move("S", [(5, 0)])
    game.end_player_turn()
    game.end_player_turn()
    game.fire("S", target)
    assert game.fire_targets("G") == {}
    with pytest.raises(IllegalMove, match=r"\(S fired this turn\) \[001 #10\]"):
        game.fire("G", target)


def test_a_panzer_battles_strike_needs_a_spotter_that_did_not_move() -> None:
    units = {"P": FIGHTERS, "a": SOLID}
    art = ".A .  .  .a\n.  .  .  ."
    title = air_title(art, units, air=["P"], ruleset="panzer_battles")
    game = Game(title.game(0))
    target = title.positions["a"]
    assert game.can_air_strike("P", target)
    game.move("A", [(1, 0)])
    assert game.can_air_strike("P", target).reason == (
        "no unit that may spot for an air strike sees 3,0 (A moved this turn) [001 #10]"
    )
    assert target not in game.air_targets("P")
    pzc = Game(air_title(art, units, air=["P"]).game(0))
    pzc.move("A", [(1, 0)])
    assert pzc.can_air_strike("P", target)  # [000 8.1] any Spotted hex


def test_a_moved_spotter_does_not_let_artillery_opportunity_fire_in_the_enemy_turn() -> None:
    # The Allied S (no fire of its own) moved, or not, in its player turn; in the Axis turn
    # that follows a steps forward in sight of S: G fires at it only through a spotter that
    # stood still [001 #10] (in Panzer Campaigns through any [000 5.0]).
    observer = {"soft_attack": 0, "hard_attack": 0}
    results = {}
    for header, moved in ((PB, True), (PB, False), (None, True)):
        fired = 0
        for seed in range(12):  # each eligible unit fires with chance 2/3 per trigger
            game, _ = _battery(header, observer, seed=seed, options=PlayOptions(True))
            if moved:
                game.move("S", [(5, 0)])
                game.move("S", [(4, 0)])
            game.end_player_turn()
            events = game.move("a", [(5, 0)])
            fired += any(isinstance(e, OpportunityFire) and e.fired.unit == "G" for e in events)
        results[(bool(header), moved)] = fired > 0
    assert results == {(True, True): False, (True, False): True, (False, True): True}


# --- #17 no night fatigue -------------------------------------------------------------------


def test_panzer_battles_has_no_night_fatigue_whatever_the_scenario_selects() -> None:
    rules = {"optional_rules": ["night_fatigue"]}
    pb = ascii_title(".A .a", header={**PB, **rules}).game(0)
    pzc = ascii_title(".A .a", header=rules).game(0)
    assert not Game(pb).state.is_rule_on(OptionalRule.NIGHT_FATIGUE)
    assert Game(pzc).state.is_rule_on(OptionalRule.NIGHT_FATIGUE)


# --- #18 vehicles get half the terrain and fortification benefit ---------------------------

GUNNER = {"soft_attack": 6, "hard_attack": 8, "hard_range": 2, "soft_range": 2}


def _village_fire(header: dict[str, Any] | None, target: dict[str, Any]) -> Any:
    title = ascii_title(".A +a", units={"A": GUNNER, "a": target}, header=header or {})
    title.map_file = title.map_file.model_copy(
        update={
            "terrain": [
                t.model_copy(update={"defense_modifier": -40}) if t.id == "village" else t
                for t in title.map_file.terrain
            ]
        }
    )
    return Game(title.game(0)), title


def test_a_panzer_battles_vehicle_gets_half_the_terrain_benefit() -> None:
    game, title = _village_fire(PB, TANKS)
    preview = game.fire_preview("A", title.positions["a"])
    assert preview is not None
    assert [(m.name, m.pct) for m in preview.modifiers if m.pct] == [
        ("village (vehicle, 1/2 benefit)", -20)
    ]
    men, men_title = _village_fire(PB, {})
    infantry = men.fire_preview("A", men_title.positions["a"])
    assert infantry is not None
    assert infantry.modifier_pct == -40
    pzc, pzc_title = _village_fire(None, TANKS)
    campaigns = pzc.fire_preview("A", pzc_title.positions["a"])
    assert campaigns is not None
    assert campaigns.modifier_pct == -40


def test_a_panzer_battles_vehicle_gets_half_an_improved_positions_benefit() -> None:
    for header, expected in ((PB, 0.5), (None, 1.0)):
        title = ascii_title(".A .a", units={"A": GUNNER, "a": TANKS}, header=header or {})
        game = Game(title.game(0))
        trench = game.state.parameters.fortifications.trench
        game.state.fortifications[game.hex_of(title.positions["a"])] = FortificationKind.TRENCH
        preview = game.fire_preview("A", title.positions["a"])
        assert preview is not None
        assert preview.modifier_pct == trench.fire_modifier * expected
        assert preview.defense == TANKS["defense"] + trench.defense_bonus * expected


def test_vehicle_defenders_get_half_the_village_against_an_assault() -> None:
    found = {}
    for header in (PB, None):
        title = ascii_title(".T +t", units={"T": TANKS, "t": TANKS}, header=header or {})
        title.map_file = title.map_file.model_copy(
            update={
                "terrain": [
                    t.model_copy(update={"defense_modifier": -40}) if t.id == "village" else t
                    for t in title.map_file.terrain
                ]
            }
        )
        odds = Game(title.game(0)).assault_odds(title.positions["t"], ["T"])
        assert odds is not None
        found[bool(header)] = [
            (m.name, m.pct) for m in odds.attacker_modifiers if "village" in m.name
        ]
    assert found == {
        True: [("vehicles into village (vehicle defenders, 1/2 benefit)", -20)],
        False: [("vehicles into village", -40)],
    }


def test_an_air_strike_on_a_panzer_battles_vehicle_counts_half_the_village() -> None:
    found = {}
    for ruleset in ("panzer_battles", "panzer_campaigns"):
        title = air_title(".A +a", {"P": FIGHTERS, "a": TANKS}, air=["P"], ruleset=ruleset)
        title.map_file = title.map_file.model_copy(
            update={
                "terrain": [
                    t.model_copy(update={"defense_modifier": -40}) if t.id == "village" else t
                    for t in title.map_file.terrain
                ]
            }
        )
        preview = Game(title.game(0)).air_preview("P", title.positions["a"])
        assert preview is not None
        assert preview.strike is not None
        found[ruleset] = [(m.name, m.pct) for m in preview.strike.modifiers if "village" in m.name]
    assert found == {
        "panzer_battles": [("village (vehicle, 1/2 benefit)", -20)],
        "panzer_campaigns": [("village", -40)],
    }
