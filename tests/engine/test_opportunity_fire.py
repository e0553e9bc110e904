"""Opportunity Fire [000 3.3, 4.2, 5.1, 5.4, 13.3; 001 "Opportunity Fire"]: enemy units that see
a moving, mode-changing or firing unit fire at it, by chance, within a capacity per enemy player
turn; a disrupted mover stops; towed AT gun egress and siege guns draw and give no fire; the
Panzer Battles range settings; take-back; and an option off by default so old games replay."""

from __future__ import annotations

from typing import Any

import pytest

from editor.testplay.play_settings import TestPlaySettings
from engine.panzer_campaigns.combat.events import LossesTaken, OpportunityFire
from engine.panzer_campaigns.combat.opportunity_fire import FIRE_CHANCE, may_op_fire
from engine.panzer_campaigns.events import Event, MoveStopped
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.play_options import OpFireRange, PlayOptions
from schemas.panzer_campaigns.oob import Component
from schemas.panzer_campaigns.testplay import PlaySettings
from schemas.vocabulary import Side
from tests.engine.ascii_title import AsciiTitle, ascii_title
from tests.engine.test_combat_fire import ARTILLERY

ON = PlayOptions(opportunity_fire=True)

# A walks east along the row to the hex beside a: only the last step is in a's range.
APPROACH = ".A .  .  .a\n.  .  .  ."
PATH = [(0, 0), (1, 0), (2, 0)]


def _game(title: AsciiTitle, seed: int = 0, options: PlayOptions = ON) -> Game:
    state = title.game(seed)
    state.options = options
    return Game(state)


def _op_fires(events: list[Event]) -> list[OpportunityFire]:
    return [e for e in events if isinstance(e, OpportunityFire)]


def test_a_unit_moving_into_view_and_range_draws_fire_from_the_enemy() -> None:
    title = ascii_title(APPROACH)
    drawn = [_op_fires(_game(title, seed).move("A", PATH)) for seed in range(40)]
    fired = [fires for fires in drawn if fires]
    assert fired, "no seed drew opportunity fire"
    first = fired[0][0]
    assert (first.unit, first.fired.unit, first.trigger) == ("A", "a", "moved")
    assert first.fired.hex == (2, 0)
    assert first.describe().startswith("opportunity fire as A moved: axis a fired (direct fire)")


def test_units_fire_with_the_decided_chance_of_two_thirds() -> None:
    title = ascii_title(APPROACH)
    runs = 300
    drew = sum(bool(_op_fires(_game(title, seed).move("A", PATH))) for seed in range(runs))
    # binomial(300, 2/3): mean 200, standard deviation 8.2; four deviations either side
    assert abs(drew - runs * FIRE_CHANCE) < 4 * (runs * FIRE_CHANCE * (1 - FIRE_CHANCE)) ** 0.5


def test_without_the_option_a_move_draws_nothing_and_rolls_no_die() -> None:
    title = ascii_title(APPROACH)
    game = _game(title, 3, PlayOptions())
    before = game.state.rng.getstate()
    assert _op_fires(game.move("A", PATH)) == []
    assert game.state.rng.getstate() == before


def test_no_fire_out_of_sight_or_out_of_range() -> None:
    hidden = ascii_title(".A .  ^  .a\n.  .  ^  .", units={"a": {"soft_range": 2}})
    far = ascii_title(".A .  .  .  .a\n.  .  .  .  .")
    for seed in range(30):
        assert _op_fires(_game(hidden, seed).move("A", [(0, 0), (1, 0)])) == []
        assert _op_fires(_game(far, seed).move("A", PATH)) == []


def test_a_unit_fires_three_times_an_enemy_turn_however_often_it_is_danced_at() -> None:
    # a's allowance 12, each fire 4: the capacity is spent on a unit moving back and forth
    title = ascii_title(
        ".A .  .a\n.  .  .", units={"A": {"strength": 900, "defense": 400, "speed": 60}}
    )
    game = _game(title, 1)
    fires = []
    for _ in range(12):
        fires += _op_fires(game.move("A", [(0, 0), (1, 0)]))
        fires += _op_fires(game.move("A", [(1, 0), (0, 0)]))
    assert len(fires) == 3
    game.end_player_turn()
    game.end_player_turn()  # the next Allied player turn: a fires again
    again = []
    for _ in range(6):
        again += _op_fires(game.move("A", [(0, 0), (1, 0)]))
        again += _op_fires(game.move("A", [(1, 0), (0, 0)]))
    assert again


def test_a_mover_disrupted_by_opportunity_fire_stops_and_keeps_its_points() -> None:
    title = ascii_title(
        ".A .  .  .  .\n.  .a .  .  .",
        units={"A": {"strength": 300}, "a": {"strength": 5000, "soft_attack": 30}},
    )
    path = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    stopped = 0
    for seed in range(60):
        game = _game(title, seed)
        events = game.move("A", path)
        losses = [e for e in events if isinstance(e, LossesTaken) and e.became]
        if not losses or not game.unit("A").on_map:
            continue
        stop = next(e for e in events if isinstance(e, MoveStopped))
        assert stop.hex == game.offset_of(game.unit("A").hex)
        assert stop.hex in {(0, 0), (1, 0), (2, 0)}  # beside a: (1, 0) and (2, 0)
        assert game.unit("A").mp_spent < len(path) - 1
        stopped += 1
    assert stopped > 5


def test_a_unit_firing_in_view_draws_return_fire() -> None:
    title = ascii_title(".A .a\n.  .")
    answered = 0
    for seed in range(30):
        events = _game(title, seed).fire("A", (1, 0))
        back = _op_fires(events)
        if back:
            assert (back[0].unit, back[0].trigger, back[0].fired.unit) == ("A", "fired", "a")
            answered += 1
    assert 10 < answered < 30


def test_towed_at_gun_egress_draws_no_fire_but_other_mode_changes_do() -> None:
    gun = {"unit_class": "anti_tank", "component": "guns", "strength": 6, "towed": True}
    egress = ascii_title(".A .a\n.  .", units={"A": {**gun, "anti_tank": True, "hard_attack": 5}})
    artillery = ascii_title(".A .a\n.  .", units={"A": gun})
    drawn_egress = drawn_other = 0
    for seed in range(30):
        game = _game(egress, seed)
        game.change_mode("A", "travel")
        drawn_egress += len(_op_fires(game.log))
        other = _game(artillery, seed)
        other.change_mode("A", "travel")
        drawn_other += len(_op_fires(other.log))
    assert drawn_egress == 0
    assert drawn_other > 5


def test_an_at_gun_that_spent_points_first_draws_fire_changing_mode() -> None:
    gun = {"unit_class": "anti_tank", "component": "guns", "strength": 6, "towed": True}
    title = ascii_title(".A .a\n.  .", units={"A": {**gun, "anti_tank": True, "hard_attack": 5}})
    drawn = 0
    for seed in range(30):
        game = _game(title, seed)
        game.unit("A").mp_spent = 1
        game.change_mode("A", "travel")
        drawn += len(_op_fires(game.log))
    assert drawn > 5


def test_siege_guns_never_opportunity_fire() -> None:
    siege = {"artillery_kind": "siege_gun", "component": "guns", "strength": 4, "soft_attack": 40}
    title = ascii_title(APPROACH, units={"a": siege})
    for seed in range(30):
        assert _op_fires(_game(title, seed).move("A", PATH)) == []


def _panzer_battles(setting: OpFireRange) -> Game:
    title = ascii_title(
        ".A .  .  .  .  .  .a\n.  .  .  .  .  .  .",
        units={"a": {"soft_range": 6}},
        header={"ruleset": "panzer_battles", "visibility": 8, "visibility_max": 10},
    )
    table = {(Component.MEN, Component.MEN): setting}
    return _game(title, 0, PlayOptions(True, op_fire_ranges={Side.AXIS: table}))


@pytest.mark.parametrize(
    ("setting", "farthest"),
    [(OpFireRange.NONE, 0), (OpFireRange.SHORT, 2), (OpFireRange.MEDIUM, 4), (OpFireRange.LONG, 6)],
)
def test_panzer_battles_settings_limit_the_range_to_a_third_two_thirds_or_all(
    setting: OpFireRange, farthest: int
) -> None:
    game = _panzer_battles(setting)
    state, mover, firer = game.state, game.unit("A"), game.unit("a")
    reached = []
    for column in range(6):
        state.put(mover, game.hex_of((column, 0)))
        state.sightings[Side.AXIS]["A"] = state.sightings[Side.AXIS].get("A") or _spotted(mover)
        if may_op_fire(state, firer, mover) is not None:
            reached.append(6 - column)
    assert max(reached, default=0) == farthest


def _spotted(unit: Any) -> Any:
    from engine.panzer_campaigns.sightings import Sight, Sighting

    return Sighting(Sight.SPOTTED, unit.hex)


def test_panzer_campaigns_ignores_the_settings() -> None:
    title = ascii_title(APPROACH)
    none = {(c, t): OpFireRange.NONE for c in Component for t in Component}
    options = PlayOptions(True, op_fire_ranges={Side.AXIS: none})
    drew = sum(bool(_op_fires(_game(title, s, options).move("A", PATH))) for s in range(20))
    assert drew > 0


def test_a_move_that_drew_fire_cannot_be_taken_back_one_that_did_not_can() -> None:
    title = ascii_title(APPROACH)
    seeds = {True: None, False: None}
    for seed in range(30):
        drew = bool(_op_fires(_game(title, seed).move("A", PATH)))
        seeds[drew] = seeds[drew] if seeds[drew] is not None else seed
    fired = _game(title, seeds[True])  # type: ignore[arg-type]
    fired.move("A", PATH)
    assert not fired.can_undo
    quiet = _game(title, seeds[False])  # type: ignore[arg-type]
    quiet.move("A", PATH)
    assert quiet.can_undo
    quiet.undo()
    assert quiet.offset_of(quiet.unit("A").hex) == (0, 0)


def test_orders_replay_to_the_same_log_with_opportunity_fire() -> None:
    title = ascii_title(APPROACH)
    game = _game(title, 5)
    game.move("A", PATH)
    game.end_player_turn()
    replay = _game(title, 5)
    for order in game.orders:
        replay.apply(order)
    assert [e.describe() for e in replay.log] == [e.describe() for e in game.log]


def test_old_records_replay_without_it_and_new_test_plays_have_it() -> None:
    old = PlaySettings.model_validate({"seed": 3})
    assert old.opportunity_fire is False
    assert TestPlaySettings().opportunity_fire is True
    title = ascii_title(APPROACH)
    before = Game(title.game(4))
    before.move("A", PATH)
    now = _game(title, 4, PlayOptions(opportunity_fire=old.opportunity_fire))
    now.move("A", PATH)
    assert [e.describe() for e in now.log] == [e.describe() for e in before.log]


def test_artillery_fires_indirectly_through_a_spotter_at_the_indirect_mod() -> None:
    # g is 5 hexes from A's end hex, beyond its sight; s sees A but fires only adjacent.
    spotted = ascii_title(".A .  .  .  .  .  .  .g\n.  .  .  .  .  .s .  .", units={"g": ARTILLERY})
    alone = ascii_title(".A .  .  .  .  .  .  .g\n.  .  .  .  .  .  .  .", units={"g": ARTILLERY})
    indirect = []
    for seed in range(30):
        fires = _op_fires(_game(spotted, seed).move("A", PATH))
        indirect += [f.fired for f in fires if f.fired.kind == "indirect_fire"]
        assert _op_fires(_game(alone, seed).move("A", PATH)) == []
    assert indirect
    assert all(f.unit == "g" for f in indirect)
    # the tiny parameters' Indirect Mod is 50% for both sides [000 5.2]
    assert all("x0.5 Indirect Mod" in f.modifiers for f in indirect)
    assert all(f.mp_cost == 3 for f in indirect)  # half of its allowance of 6 [000 5.1]
