"""The optional rules' orders the computer gives where a competent player would, and not
elsewhere: Mobile Fire kept for later near contact [003 18.1-18.4], stressed indirect fire
when the column is worth the stress die [003 12.2], on-board interdiction of the road the
enemy must take [003 21], a held card played on the enemy's next roll when it can only worsen
it [003 24.5], and infantry loaded on the trucks of its setup step when its
objective is beyond a turn's walk [003 5.2.1]."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

from engine.tactical_gamex.chaos import BATTLEFIELD_CHAOS, Card, CardDice
from engine.tactical_gamex.chaos_events import CardDrawn
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.computer_cards import enemy_modifier_to_play
from engine.tactical_gamex.events import Attacked
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import new_game
from engine.tactical_gamex.orders import (
    Fire,
    IndirectFire,
    LoadAtSetup,
    MobileFire,
    Move,
    PlayCard,
)
from engine.tactical_gamex.state import VictoryCondition, VictoryKind
from engine.tactical_gamex.units import TURRETED, Marker, UnitKind, UnitType, Weapon
from schemas.tactical_gamex.action_deck import CardEffect
from schemas.vocabulary import Side
from tests.engine.tactical_gamex.boards import PZ4H, RIFLE, T35, FixedDice, board, state
from tests.tiny_tgx import tiny_situation_data, write_tiny_tgx

TURRET_PZ4 = replace(PZ4H, traits=frozenset({TURRETED}))


def _game(rows, units, *, options=(), victory=(), roads=(), first=Side.AXIS) -> TacticalGame:
    s = state(board(rows, roads=roads), units, victory=victory)
    s.options = frozenset(options)
    s.first_initiative = first
    s.dice = FixedDice([6] * 20)
    return TacticalGame(s)


# --- Mobile Fire kept for later [003 18] -------------------------------------------------------


def _tank_toward(goal_row: int, options=("mobile_fire",)) -> TacticalGame:
    """The Pz IV H (MA 8) heads for a wooded objective whose garrison it has not spotted."""
    rows = ["...."] * 14
    rows[goal_row] = "W..."
    goal = (0, goal_row)
    units = [("pz", Side.AXIS, TURRET_PZ4, (0, 0)), ("r", Side.ALLIED, RIFLE, goal)]
    hold = VictoryCondition(Side.AXIS, VictoryKind.HOLD, (goal,), points=10)
    return _game(rows, units, options=options, victory=[hold])


def test_a_tank_near_contact_advances_half_its_move_keeping_its_attack() -> None:
    order = TgxComputerPlayer(Side.AXIS)._next(_tank_toward(7))
    assert order == MobileFire("pz", ((0, 1), (0, 2), (0, 3), (0, 4)), ())


def test_far_from_contact_or_without_the_rule_the_tank_makes_its_full_move() -> None:
    far = TgxComputerPlayer(Side.AXIS)._next(_tank_toward(13))
    assert isinstance(far, Move)
    assert far.path[-1] == (0, 8)
    off = TgxComputerPlayer(Side.AXIS)._next(_tank_toward(7, options=()))
    assert isinstance(off, Move)
    assert off.path[-1] == (0, 6)  # next to the wood


def _kept(keeps: bool) -> TacticalGame:
    units = [("pz", Side.AXIS, TURRET_PZ4, (0, 4)), ("t", Side.ALLIED, T35, (0, 9))]
    game = _game(["...."] * 12, units, options=("mobile_fire",))
    game.unit("pz").marker = Marker.MOVED
    if keeps:
        game.state.mobile_fire["pz"] = "moved"
    return game


def test_a_kept_attack_fires_free_at_half_strength_when_a_target_is_spotted() -> None:
    """28 (the Pz IV's 14 doubled at half range) halved is 14 against the T-35's 9: 1:1."""
    game = _kept(keeps=True)
    order = TgxComputerPlayer(Side.AXIS)._next(game)
    assert order == Fire(("pz",), ("t",))
    shot = next(e for e in game.apply(order) if isinstance(e, Attacked))
    assert (shot.attack, shot.column) == (14, "1:1")
    assert TgxComputerPlayer(Side.AXIS)._next(_kept(keeps=False)) != Fire(("pz",), ("t",))


# --- Combat Stress on indirect fire [003 12.2] -------------------------------------------------


def _mortar(attack: int, *, objective: bool, stress: bool = True) -> TacticalGame:
    """A mortar on a rifle company (DS 6) in the open, sighted by a rifle company 3 hexes off."""
    mortar = UnitType("Mortar", attack, Weapon.M, 20, 4, 3)
    units = [
        ("m", Side.AXIS, mortar, (0, 0)),
        ("eye", Side.AXIS, RIFLE, (2, 5)),
        ("r", Side.ALLIED, RIFLE, (2, 8)),
    ]
    hold = [VictoryCondition(Side.ALLIED, VictoryKind.HOLD, ((2, 8),), points=10)]
    options = ("combat_stress",) if stress else ()
    return _game(["....."] * 10, units, options=options, victory=hold if objective else ())


def test_indirect_fire_is_stressed_when_the_column_is_worth_the_die() -> None:
    """10 to 6 is 1:1; two points make 2:1, raising the expected result on the CRT by half a
    D for a one-in-three chance of disrupting the mortar: stressed, on any hex."""
    order = TgxComputerPlayer(Side.AXIS)._next(_mortar(10, objective=False))
    assert order == IndirectFire(("m",), (2, 8), "eye", stress=True)
    plain = TgxComputerPlayer(Side.AXIS)._next(_mortar(10, objective=False, stress=False))
    assert plain == IndirectFire(("m",), (2, 8), "eye")


def test_four_stress_points_are_risked_only_on_an_objectives_garrison() -> None:
    """14 to 6 is 2:1; four points for 3:1 gain as much as they risk (two in three): not
    worth it on an ordinary hex, worth it on the hex the game is decided on."""
    elsewhere = TgxComputerPlayer(Side.AXIS)._next(_mortar(14, objective=False))
    assert elsewhere == IndirectFire(("m",), (2, 8), "eye")
    garrison = TgxComputerPlayer(Side.AXIS)._next(_mortar(14, objective=True))
    assert garrison == IndirectFire(("m",), (2, 8), "eye", stress=True)


# --- Gun interdiction [003 21] -----------------------------------------------------------------

KV = UnitType("KV-1", 10, Weapon.A, 8, 16, 6, UnitKind.ARMORED, move_class="tracked")
"""Armour the guns cannot attack at 1:1 (half their strength against 16)."""
ROAD = tuple(((2, r), (2, r + 1)) for r in range(13))


def _road_game(attack: int, options=("interdiction",)) -> TacticalGame:
    gun = UnitType("sIG", attack, Weapon.M, 20, 4, 3)
    units = [("g", Side.AXIS, gun, (0, 2)), ("kv", Side.ALLIED, KV, (2, 12))]
    units.append(("held", Side.AXIS, RIFLE, (2, 0)))  # the objective is garrisoned
    take = VictoryCondition(Side.ALLIED, VictoryKind.HOLD, ((2, 0),), points=10)
    return _game(["....."] * 14, units, options=options, victory=[take], roads=ROAD)


def test_a_gun_of_fourteen_points_interdicts_the_road_the_enemy_must_take() -> None:
    order = TgxComputerPlayer(Side.AXIS)._next(_road_game(14))
    assert order == IndirectFire(("g",), (2, 11), "g", interdict=True)
    game = _road_game(14)
    game.apply(order)
    assert game.state.counters.interdiction == [((2, 11), Side.AXIS)]


def test_no_interdiction_below_fourteen_points_or_without_the_rule() -> None:
    for game in (_road_game(12), _road_game(14, options=())):
        order = TgxComputerPlayer(Side.AXIS)._next(game)
        assert not (isinstance(order, IndirectFire) and order.interdict)


# --- Loads at setup [003 5.2.1] ----------------------------------------------------------------


def _setup(tmp_path: Path, objective: str) -> TacticalGame:
    """The tiny title's German step: pioneers (1 MP) and a truck (20 MP) anywhere on panel A."""
    data = copy.deepcopy(tiny_situation_data())
    data["victory"] = {
        "conditions": [{"kind": "control_hexes", "side": "axis", "hexes": [objective], "points": 5}]
    }
    game = new_game(write_tiny_tgx(tmp_path, data), 0, setup_phase=True)
    assert game.acting is Side.AXIS
    return game


def test_infantry_far_from_its_objective_is_set_up_on_the_truck(tmp_path: Path) -> None:
    game = _setup(tmp_path, "B E4")
    given = TgxComputerPlayer(Side.AXIS).play_impulse(game)
    assert LoadAtSetup("g3", "g4") in given
    assert game.unit("g3").carrier == "g4"
    assert game.unit("g3").hex == game.unit("g4").hex is not None


def test_infantry_that_can_walk_to_its_objective_is_set_up_on_foot(tmp_path: Path) -> None:
    game = _setup(tmp_path, "A C2")
    given = TgxComputerPlayer(Side.AXIS).play_impulse(game)
    assert not any(isinstance(o, LoadAtSetup) for o in given)
    assert game.unit("g3").carrier is None


# --- Held cards on the enemy [003 24.5] --------------------------------------------------------


def _under_watch(held: Card, watching: bool = True) -> TacticalGame:
    """Battlefield Chaos: a German rifle company walks toward its objective past a Soviet one
    on opportunity fire, the Germans holding `held`. The test CRT hurts the defender more on
    low rolls, so a +1 on the enemy's die always worsens its fire."""
    rows = ["...."] * 10
    rows[9] = "W..."
    units = [
        ("g", Side.AXIS, RIFLE, (0, 0)),
        ("w", Side.ALLIED, RIFLE, (1, 6)),
        ("h", Side.ALLIED, RIFLE, (0, 9)),
    ]
    hold = VictoryCondition(Side.AXIS, VictoryKind.HOLD, ((0, 9),), points=10)
    s = state(board(rows), units, victory=[hold])
    s.options = frozenset({BATTLEFIELD_CHAOS})
    s.first_initiative = Side.AXIS
    dice = CardDice(3, [Card(f"c{b}{g}", b, g) for b in range(1, 7) for g in range(1, 7)])
    dice.cards[held.id] = held
    dice.held[Side.AXIS].append(held.id)
    dice.bind(s)
    s.dice = dice
    if watching:
        s.units["w"].marker = Marker.OPP_FIRE
    return TacticalGame(s)


def _modifier(card_id: str, amount: int, on_enemy: bool) -> Card:
    return Card(card_id, None, None, True, card_id, "", CardEffect.DIE_MODIFIER, amount, on_enemy)


def test_a_card_worsening_the_enemys_fire_is_played_before_walking_into_it() -> None:
    worse = _modifier("worse", 1, on_enemy=True)
    game = _under_watch(worse)
    assert TgxComputerPlayer(Side.AXIS)._next(game) == PlayCard("worse")
    game.apply(PlayCard("worse"))
    assert isinstance(TgxComputerPlayer(Side.AXIS)._next(game), Move)  # then it walks
    assert game.state.dice.die_bonus == {Side.ALLIED: 1}


def test_a_card_on_the_enemy_waits_when_it_would_help_or_no_enemy_die_comes() -> None:
    """A -1 on the enemy would help its fire; with nobody on opportunity fire the move
    brings no enemy roll; a -1 of its own would only lower its own pool."""
    cases = [
        _under_watch(_modifier("kinder", -1, on_enemy=True)),
        _under_watch(_modifier("worse", 1, on_enemy=True), watching=False),
        _under_watch(_modifier("own", -1, on_enemy=False)),  # its pool comes first
    ]
    for game in cases:
        assert isinstance(TgxComputerPlayer(Side.AXIS)._next(game), Move)


def test_which_enemy_rolls_a_card_on_the_enemy_worsens() -> None:
    game = _under_watch(_modifier("worse", 1, on_enemy=True))
    s = game.state

    def drawn(side: Side, purpose: str) -> CardDrawn:
        return CardDrawn(1, side, "c11", 1, 1, (1,), purpose)

    theirs = [drawn(Side.AXIS, "activation pool"), drawn(Side.ALLIED, "morale check, rally")]
    assert enemy_modifier_to_play(s, Side.AXIS, theirs) == PlayCard("worse")  # 2d6 under
    for purpose in ("opportunity fire", "mine attack", "interdiction"):
        assert enemy_modifier_to_play(s, Side.AXIS, [drawn(Side.ALLIED, purpose)]) == PlayCard(
            "worse"
        )
    assert enemy_modifier_to_play(s, Side.AXIS, [drawn(Side.ALLIED, "activation pool")]) is None
    assert enemy_modifier_to_play(s, Side.AXIS, [drawn(Side.ALLIED, "fire into a block")]) is None
    assert enemy_modifier_to_play(s, Side.AXIS, [drawn(Side.AXIS, "spotting")]) is None
