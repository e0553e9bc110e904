"""Artillery Setup and Stockpiling [000 10.3] on small ASCII maps: Setup Required after a move
with its one-turn delay and the side's chance per turn (half for Siege Guns), Self-Propelled
artillery exempt from 90 %, reinforcements and Travel Mode starts deemed to have moved,
Stockpiling by day with its chance, the Stockpiled Fire value, and supply tests at 75 %."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panzer_campaigns.combat.activity import player_turn_index
from engine.panzer_campaigns.combat.ammunition import ammunition_checks
from engine.panzer_campaigns.combat.artillery_setup import needs_setup, stockpiled_supply_value
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.supply import local_supply
from schemas.vocabulary import PerSidePercent, Side
from tests.engine.ascii_title import ascii_parameters, ascii_title

ARTILLERY = {
    "unit_class": "artillery",
    "component": "guns",
    "towed": False,
    "strength": 12,
    "soft_attack": 20,
    "soft_range": 8,
    "hard_attack": 4,
    "hard_range": 8,
    "indirect_fire": True,
    "artillery_kind": "artillery",
    "speed": 6,
}
SIEGE = {**ARTILLERY, "artillery_kind": "siege_gun", "unit_class": "siege_gun", "speed": 12}
SP = {**ARTILLERY, "component": "vehicles", "towed": False, "unit_class": "armor"}
ROW = ". . . . . . . . . ."


def game_of(
    gun: dict[str, Any],
    seed: int = 0,
    *,
    setup: int = 60,
    stockpiling: int = 0,
    fire: int = 150,
    rule: bool = True,
    art: str = ".A " + ROW + " .z",
    **header: Any,
) -> Game:
    base = ascii_parameters()
    combat = base.combat.model_copy(
        update={
            "artillery_setup": PerSidePercent(allied=setup, axis=setup),
            "stockpiling": PerSidePercent(allied=stockpiling, axis=stockpiling),
            "stockpiled_fire": fire,
        }
    )
    parameters = base.model_copy(update={"combat": combat})
    header = {**header, **({"optional_rules": ["artillery_setup"]} if rule else {})}
    title = ascii_title(art, units={"A": gun}, parameters=parameters, header=header)
    return Game(title.game(seed))


def next_own_turn(game: Game) -> None:
    game.end_player_turn()
    game.end_player_turn()


def set_up_share(gun: dict[str, Any], seeds: int = 150) -> float:
    """How often artillery that moved on turn 1 and stood still on turn 2 is set up on turn 3."""
    ready = 0
    towed = gun.get("towed") or gun["artillery_kind"] == "siege_gun"
    for seed in range(seeds):
        game = game_of({**gun, "mode": "travel" if towed else "deployed"}, seed)
        game.move("A", [(1, 0)])
        unit = game.unit("A")
        assert unit.setup_required
        next_own_turn(game)
        assert unit.setup_required  # the minimum one-turn delay: no roll yet
        if towed:
            game.change_mode("A", "deployed")  # in Travel Mode it could not set up
        next_own_turn(game)
        ready += not unit.setup_required
    return ready / seeds


def test_setting_up_takes_the_sides_chance_per_turn_and_half_for_siege_guns() -> None:
    """60 % a turn, 30 % for a Siege Gun [000 10.3]; 150 fixed seeds each."""
    assert set_up_share(ARTILLERY) == pytest.approx(0.60, abs=0.09)
    assert set_up_share(SIEGE) == pytest.approx(0.30, abs=0.09)


def test_artillery_setting_up_fires_directly_but_not_indirectly() -> None:
    game = game_of(ARTILLERY, art=".A . .z . .")
    assert game.fire_targets("A") == {(2, 0): CombatKind.INDIRECT_FIRE}
    game.move("A", [(1, 0)])
    assert game.unit("A").setup_required
    assert game.fire_targets("A") == {(2, 0): CombatKind.DIRECT_FIRE}  # adjacent, it sees it
    far = game_of(ARTILLERY, art=". . .A . . .z")
    assert far.fire_targets("A") == {(5, 0): CombatKind.INDIRECT_FIRE}
    far.move("A", [(1, 0)])
    assert far.fire_targets("A") == {}  # 4 hexes: indirect fire only, and it is setting up


def test_no_setup_at_100_and_self_propelled_exempt_from_90() -> None:
    for setup, gun, needed in [
        (100, ARTILLERY, False),
        (90, SP, False),
        (89, SP, True),
        (90, ARTILLERY, True),
    ]:
        game = game_of(gun, setup=setup)
        assert needs_setup(game.state, game.unit("A")) is needed, (setup, gun["towed"])
    anti_tank = {**ARTILLERY, "unit_class": "anti_tank"}
    game = game_of(anti_tank)
    assert not needs_setup(game.state, game.unit("A"))
    off = game_of(ARTILLERY, rule=False)
    assert not needs_setup(off.state, off.unit("A"))


def test_artillery_starting_in_travel_mode_must_set_up_and_towed_guns_not_in_travel() -> None:
    game = game_of({**ARTILLERY, "towed": True, "mode": "travel"}, setup=100 - 1)
    unit = game.unit("A")
    assert unit.setup_required
    for _ in range(4):
        next_own_turn(game)
        assert unit.setup_required  # 99 % a turn, but towed guns in Travel Mode never set up
    game.change_mode("A", "deployed")
    next_own_turn(game)
    assert not unit.setup_required
    assert not game_of(ARTILLERY).unit("A").setup_required


def stockpiled_share(seeds: int = 200, **header: Any) -> float:
    hits = 0
    for seed in range(seeds):
        game = game_of(ARTILLERY, seed, setup=100, stockpiling=25, **header)
        next_own_turn(game)
        hits += game.unit("A").stockpiled
    return hits / seeds


def test_idle_artillery_stockpiles_by_day_with_the_sides_chance() -> None:
    """25 % on the day turn after one idle turn; never at night [000 10.3]."""
    assert stockpiled_share() == pytest.approx(0.25, abs=0.07)
    assert stockpiled_share(seeds=30, start="1944-12-16 20:00") == 0
    assert stockpiled_share(seeds=30, ruleset="panzer_battles") == 0  # [001 1.1 #7]


def test_a_stockpiled_unit_fires_at_the_stockpiled_value_and_loses_it_by_moving() -> None:
    game = game_of(ARTILLERY, art=". . .A . . .z")
    unit = game.unit("A")
    unit.stockpiled = True
    preview = game.fire_preview("A", (5, 0))
    assert preview is not None
    assert any(m.name == "stockpiled" and m.factor == 1.5 for m in preview.modifiers)
    game.move("A", [(1, 0)])
    assert not unit.stockpiled


def test_stockpiled_supply_tests_use_75_percent_and_the_first_failure_only_unstockpiles() -> None:
    """The manual's example: 75 % of 80 % is 60 % [000 10.3]; drawn with fixed seeds."""
    game = game_of(ARTILLERY)
    game.unit("A").stockpiled = True
    assert stockpiled_supply_value(game.unit("A"), 80) == 60
    failures = 0
    seeds = 300
    value = 0.0
    for seed in range(seeds):
        game = game_of(ARTILLERY, seed, setup=100)
        state = game.state
        unit = game.unit("A")
        unit.stockpiled = True
        unit.fired = player_turn_index(state)  # it fires now: its next turn tests its supply
        value = local_supply(state, Side.ALLIED).unit_value(unit)
        next_own_turn(game)
        if not unit.stockpiled:
            failures += 1
            assert not unit.unavailable  # "it remains available"
    assert 0 < value <= 100
    assert failures / seeds == pytest.approx(1 - 0.75 * value / 100, abs=0.07)


@pytest.mark.parametrize(
    ("ruleset", "low"), [("panzer_campaigns", True), ("panzer_battles", False)]
)
def test_an_isolated_unit_that_fired_runs_low_without_a_test_only_in_panzer_campaigns(
    ruleset: str, low: bool
) -> None:
    """[000 10.2] Isolated units that fire become Low on Ammo; in Panzer Battles they take
    the ordinary test [001 1.1 #33], which a Global Supply Value of 100 always passes."""
    for seed in range(10):
        game = game_of(
            {"strength": 500}, seed, ruleset=ruleset, global_supply={"allied": 100, "axis": 100}
        )
        next_own_turn(game)
        unit = game.unit("A")
        unit.isolated = True
        unit.fired = player_turn_index(game.state) - 2
        ammunition_checks(game.state, Side.ALLIED)
        assert unit.low_ammo is low
