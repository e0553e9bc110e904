"""Phased play, the Manual Defensive Fire optional rule [000 13.3]: the eight phases of a game
turn with either side first, orders refused outside their phase, the 2/3 allowance, fire doubled
and once per phase, no assault after moving and firing, Deploying units, Deserted Hexes, the
engine's Automatic Defensive Fire, and a phased game saved as its orders and replayed."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns import phases
from engine.panzer_campaigns.allowance import movement_allowance
from engine.panzer_campaigns.combat.events import Fired, LossesTaken
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import EndPhase, EndPlayerTurn, Fire
from engine.panzer_campaigns.phases import HexDeserted, Phase, PhaseStarted, Step
from schemas.panzer_campaigns.scenario import Mode
from schemas.panzer_campaigns.testplay import RecordedOrder
from schemas.vocabulary import PerSidePercent, Side
from tests.engine.ascii_title import AsciiTitle, ascii_title
from tests.engine.test_combat_fire import ARTILLERY

MANUAL = ["manual_defensive_fire"]
AUTOMATIC = ["manual_defensive_fire", "automatic_defensive_fire"]
ROW = ".A .a .  .b\n.  .  .  ."


def _title(
    art: str = ROW,
    units: dict[str, dict[str, Any]] | None = None,
    rules: list[str] | None = None,
    **header: Any,
) -> AsciiTitle:
    return ascii_title(
        art, units=units, header={"optional_rules": MANUAL if rules is None else rules, **header}
    )


def _game(title: AsciiTitle, seed: int = 0) -> Game:
    return Game(title.game(seed))


def _to(game: Game, step: Step) -> None:
    """End phases until `step` of the current player turn."""
    while game.phase is not None and game.phase.step is not step:
        game.end_phase()


def test_a_turn_has_the_manuals_eight_phases_allied_first() -> None:
    game = _game(_title())
    seen = [game.phase]
    for _ in range(8):
        game.end_phase()
        seen.append(game.phase)
    # [000 13.3] "if the Allied player is the first player in each turn, the phases will be"
    assert [p.describe() for p in seen if p is not None] == [
        "Allied Movement",
        "Axis Defensive Fire",
        "Allied Offensive Fire",
        "Allied Assault",
        "Axis Movement",
        "Allied Defensive Fire",
        "Axis Offensive Fire",
        "Axis Assault",
        "Allied Movement",
    ]
    assert game.turn == 2
    started = [e for e in game.log if isinstance(e, PhaseStarted)]
    assert [e.describe() for e in started[:2]] == [
        "Allied Movement Phase",
        "Axis Defensive Fire Phase",
    ]


def test_with_the_axis_first_the_axis_moves_first_and_the_allies_fire_defensively() -> None:
    game = _game(_title(first_side="axis"))
    seen = []
    for _ in range(8):
        assert game.phase is not None
        seen.append((game.phase.step, game.phase.side, game.phasing))
        game.end_phase()
    assert seen[:4] == [
        (Step.MOVEMENT, Side.AXIS, Side.AXIS),
        (Step.DEFENSIVE_FIRE, Side.ALLIED, Side.AXIS),
        (Step.OFFENSIVE_FIRE, Side.AXIS, Side.AXIS),
        (Step.ASSAULT, Side.AXIS, Side.AXIS),
    ]
    assert [s[1] for s in seen[4:]] == [Side.ALLIED, Side.AXIS, Side.ALLIED, Side.ALLIED]


def test_without_the_rule_there_are_no_phases_and_end_phase_ends_the_player_turn() -> None:
    game = _game(_title(rules=[]))
    assert game.phase is None
    assert not phases.is_phased(game.state)
    game.end_phase()
    assert game.phasing is Side.AXIS
    assert game.orders == [EndPlayerTurn()]
    assert not any(isinstance(e, PhaseStarted) for e in game.log)


def test_panzer_battles_has_no_phased_play_whatever_the_switch() -> None:
    # [001] "No phased play, only turn-based play"
    game = _game(_title(ruleset="panzer_battles"))
    assert game.phase is None
    assert movement_allowance(game.state, game.unit("A")) == pytest.approx(12)


def test_end_player_turn_ends_the_phases_left_and_records_each() -> None:
    game = _game(_title())
    game.end_phase()
    game.end_player_turn()
    assert game.phase == Phase(Step.MOVEMENT, Side.AXIS)
    assert game.orders == [EndPhase()] * 4


def test_orders_are_refused_outside_their_phase_with_a_sentence() -> None:
    title = _title()
    game = _game(title)
    a = title.positions["a"]
    with pytest.raises(IllegalMove, match=r"Allied Movement Phase: units fire only in the"):
        game.fire("A", a)
    assert game.fire_targets("A") == {}
    game.end_phase()  # Axis Defensive Fire: the Allies may not act, the Axis may only fire
    with pytest.raises(IllegalMove, match=r"A is allied; it is the Axis Defensive Fire Phase"):
        game.move("A", [(0, 1)])
    with pytest.raises(IllegalMove, match=r"units move and change mode only in the Movement"):
        game.change_mode("a", Mode.TRAVEL)
    assert game.legal_moves("a") == {}
    assert game.fire_targets("a") == {title.positions["A"]: "direct_fire"}
    game.end_phase()  # Allied Offensive Fire
    with pytest.raises(IllegalMove, match=r"Allied Offensive Fire Phase: units move"):
        game.move("A", [(0, 1)])
    assert game.fire_targets("A")
    game.end_phase()  # Allied Assault
    with pytest.raises(IllegalMove, match="units fire only in the Defensive and Offensive"):
        game.fire("A", a)
    assert phases.why_not_now(game.state, phases.Action.ASSAULT) is None
    game.end_phase()
    assert phases.why_not_now(game.state, phases.Action.ASSAULT) == (
        "it is the Axis Movement Phase: units assault only in the Assault Phase [000 13.3]"
    )


def test_the_movement_allowance_is_two_thirds() -> None:
    title = _title(".A .  .  .  .  .  .  .  .  .  .  .  .  .a")
    game = _game(title)
    # [000 13.3] "The standard movement allowance is 2/3 of the normal allowance": 12 -> 8
    # Clear costs 2 a hex on foot: four hexes instead of six.
    assert max(game.legal_moves("A").values()) == pytest.approx(8)
    assert (4, 0) in game.legal_moves("A")
    assert (5, 0) not in game.legal_moves("A")


def _value(game: Game, unit: str, hex_: tuple[int, int]) -> tuple[float, list[str]]:
    preview = game.fire_preview(unit, hex_)
    assert preview is not None
    return preview.value, [m.describe() for m in preview.modifiers]


def test_units_that_did_not_move_fire_doubled_in_offensive_fire_and_movers_do_not() -> None:
    title = _title(".A .a .  .\n.B .  .  .")
    plain = _game(_title(".A .a .  .\n.B .  .  .", rules=[]))
    base, _ = _value(plain, "A", title.positions["a"])
    assert base == 500  # 500 men x soft 8 / defense 8
    game = _game(title)
    game.move("B", [(1, 1)])
    _to(game, Step.OFFENSIVE_FIRE)
    value, named = _value(game, "A", title.positions["a"])
    assert value == 2 * base
    assert "x2 did not move, Offensive Fire Phase" in named
    moved_value, moved_named = _value(game, "B", title.positions["a"])
    assert moved_value == base
    assert not any("Phase" in text for text in moved_named)


def test_defensive_fire_is_doubled_and_each_unit_fires_once_a_phase_at_no_cost() -> None:
    title = _title()
    game = _game(title)
    game.end_phase()
    target = title.positions["A"]
    value, named = _value(game, "a", target)
    assert value == 1000
    assert "x2 Defensive Fire Phase" in named
    fired = game.fire("a", target)[0]
    assert isinstance(fired, Fired)
    assert fired.mp_cost == 0  # [000 13.3] "Units can fire regardless of having moved"
    assert game.fire_targets("a") == {}
    with pytest.raises(IllegalMove, match="one fire per unit"):
        game.fire("a", target)
    game.end_phase()
    game.fire("A", title.positions["a"])
    with pytest.raises(IllegalMove, match="one fire per unit"):
        game.fire("A", title.positions["a"])


def test_a_unit_that_moved_and_fired_may_not_assault_and_one_that_only_fired_may() -> None:
    title = _title(".A .a .  .\n.B .  .  .")
    game = _game(title)
    game.move("B", [(1, 1)])
    _to(game, Step.OFFENSIVE_FIRE)
    game.fire("A", title.positions["a"])
    game.fire("B", title.positions["a"])
    game.end_phase()
    state = game.state
    assert phases.why_no_assault(state, game.unit("A")) is None
    assert phases.why_no_assault(state, game.unit("B")) == (
        "B moved and fired this turn: it may not assault [000 13.3]"
    )


def test_a_deploying_unit_keeps_the_travel_mode_fire_effects_in_the_defensive_fire_phase() -> None:
    title = ascii_title(
        ".A .a .  .\n.  .  .  .",
        units={"A": {"mode": "travel"}},
        header={"optional_rules": MANUAL},
        scenario={"overlays": {"fortifications": [{"hex": [0, 0], "kind": "trench"}]}},
    )
    game = _game(title)
    assert game.change_mode("A", Mode.DEPLOYED) == 0  # no cost under the rule [000 4.1]
    game.end_phase()
    preview = game.fire_preview("a", title.positions["A"])
    assert preview is not None
    # No trench and half Defense, as in Travel Mode [000 5.2, 5.3, 13.3]
    assert preview.defense == 4
    assert not any(m.name == "trench" for m in preview.modifiers)
    game.end_phase()
    game.end_player_turn()  # the Allied Defensive Fire Phase of the Axis player turn
    game.end_phase()
    later = game.fire_preview("A", title.positions["a"])
    assert later is not None
    assert game.phase == Phase(Step.DEFENSIVE_FIRE, Side.ALLIED)
    game.end_phase()
    game.end_phase()
    game.end_phase()
    _to(game, Step.DEFENSIVE_FIRE)  # turn 2: the Allies moved no more, the unit is Deployed
    assert game.phase == Phase(Step.DEFENSIVE_FIRE, Side.AXIS)
    settled = game.fire_preview("a", title.positions["A"])
    assert settled is not None
    assert settled.defense == 8
    assert "-20% trench" in [m.describe() for m in settled.modifiers]


def test_a_hex_emptied_by_offensive_fire_is_deserted_until_the_player_turn_ends() -> None:
    title = _title(".A .a .  .\n.  .  .  .", {"a": {"strength": 10}})
    game = _game(title)
    _to(game, Step.OFFENSIVE_FIRE)
    events = game.fire("A", title.positions["a"])
    assert isinstance(events[1], LossesTaken)
    assert events[1].eliminated
    assert events[-1] == HexDeserted(1, Side.ALLIED, title.positions["a"])
    hex_index = game.hex_of(title.positions["a"])
    assert phases.is_deserted(game.state, hex_index)
    game.end_phase()
    assert phases.is_deserted(game.state, hex_index)  # the Assault Phase may take it
    game.end_phase()
    assert not phases.is_deserted(game.state, hex_index)


def test_defensive_fire_that_empties_a_hex_marks_nothing() -> None:
    title = _title(".A .a .  .\n.  .  .  .", {"A": {"strength": 10}})
    game = _game(title)
    game.end_phase()
    events = game.fire("a", title.positions["A"])
    assert not any(isinstance(e, HexDeserted) for e in events)


AUTO_ART = ".  .  .  .\n.A .b .  .\n.B .  .  ."
"""b (Axis) is adjacent to A and to B; B, in the open with a low Defense, is the better target."""


def test_automatic_defensive_fire_fires_each_defender_once_at_its_best_target() -> None:
    title = _title(AUTO_ART, {"B": {"defense": 2}}, rules=AUTOMATIC)
    game = _game(title)
    game.end_phase()
    # The engine played the Axis Defensive Fire Phase and ended it.
    assert game.phase == Phase(Step.OFFENSIVE_FIRE, Side.ALLIED)
    assert game.orders == [EndPhase(), Fire("b", title.positions["B"]), EndPhase()]
    fired = [e for e in game.log if isinstance(e, Fired)]
    assert [(e.unit, e.target) for e in fired] == [("b", "B")]
    assert "x2 Defensive Fire Phase" in fired[0].modifiers


def test_automatic_defensive_fire_is_the_same_for_a_seed_and_replays_exactly() -> None:
    title = _title(AUTO_ART, {"C": {"hex": [1, 0]}}, rules=AUTOMATIC)

    def play(seed: int) -> Game:
        game = _game(title, seed)
        for _ in range(2):
            game.end_player_turn()
        return game

    first, again = play(3), play(3)
    assert first.orders == again.orders
    assert [e.describe() for e in first.log] == [e.describe() for e in again.log]
    fires = [o for o in first.orders if isinstance(o, Fire)]
    assert {f.unit for f in fires} == {"b", "A", "B", "C"}  # both sides defended, each once
    replayed = _game(title, 3)
    for order in first.orders:
        replayed.apply(order)
    assert [e.describe() for e in replayed.log] == [e.describe() for e in first.log]
    assert replayed.orders == first.orders


def test_a_phased_game_saved_as_its_orders_replays_the_same_log() -> None:
    title = _title(".A .a .  .\n.B .  .  .", rules=MANUAL)
    game = _game(title, seed=7)
    game.move("B", [(1, 1)])
    game.end_phase()
    game.fire("a", title.positions["A"])
    game.end_phase()
    game.fire("A", title.positions["a"])
    game.end_player_turn()
    adapter: TypeAdapter[RecordedOrder] = TypeAdapter(RecordedOrder)
    saved = [adapter.dump_python(recorded_order(o), mode="json") for o in game.orders]
    assert {"kind": "end_phase"} in saved
    loaded = [engine_order(adapter.validate_python(o)) for o in saved]
    assert loaded == game.orders
    replayed = _game(title, seed=7)
    for order in loaded:
        replayed.apply(order)
    assert [e.describe() for e in replayed.log] == [e.describe() for e in game.log]
    assert replayed.phase == game.phase == Phase(Step.MOVEMENT, Side.AXIS)


def test_indirect_fire_in_the_defensive_fire_phase_takes_the_indirect_mod() -> None:
    title = _title(".A .a .  .b", {"b": ARTILLERY})
    parameters = title.parameters
    indirect = PerSidePercent(allied=100, axis=50)
    combat = parameters.combat.model_copy(update={"indirect_modifier": indirect})
    title.parameters = parameters.model_copy(update={"combat": combat})
    game = _game(title)
    game.end_phase()
    _, named = _value(game, "b", title.positions["A"])
    # [000 5.2] "whenever ... artillery fires Indirect Fire ... during the Defensive Fire Phase"
    assert "x0.5 Indirect Mod" in named
    assert "x2 Defensive Fire Phase" in named


def test_moves_are_taken_back_within_their_phase_and_not_once_it_ended() -> None:
    title = _title()
    game = _game(title)
    game.move("A", [(0, 1)])
    assert game.can_undo
    game.undo()
    assert game.offset_of(game.unit("A").hex) == (0, 0)
    game.move("A", [(0, 1)])
    game.end_phase()
    assert not game.can_undo
    with pytest.raises(ValueError, match="no order"):
        game.undo()


def test_automatic_defensive_fire_alone_does_nothing_without_manual_defensive_fire() -> None:
    game = _game(_title(rules=["automatic_defensive_fire"]))
    assert game.phase is None
    game.end_phase()
    assert game.orders == [EndPlayerTurn()]
    assert not any(isinstance(e, Fired) for e in game.log)


def test_siege_guns_do_not_fire_in_the_defensive_fire_phase() -> None:
    siege = {
        "unit_class": "artillery",
        "component": "guns",
        "strength": 2,
        "soft_attack": 40,
        "soft_range": 8,
        "hard_attack": 40,
        "hard_range": 8,
        "indirect_fire": True,
        "artillery_kind": "siege_gun",
        "speed": 4,
    }
    title = _title(".A .  .a .  .b", {"b": siege, "a": {"strength": 5000, "defense": 100}})
    game = _game(title)
    game.end_phase()
    # [000 5.4] "They cannot use Opportunity Fire or fire during the Defensive Fire Phase."
    assert game.fire_targets("b") == {}
    with pytest.raises(IllegalMove, match="siege gun: it does not fire in the Defensive Fire"):
        game.fire("b", title.positions["A"])


def test_a_deserted_hex_is_assaulted_and_taken_without_losses() -> None:
    title = _title(".A .a .  .\n.  .  .  .", {"a": {"strength": 10}})
    game = _game(title)
    a = title.positions["a"]
    with pytest.raises(IllegalMove, match="units assault only in the Assault Phase"):
        game.assault(a, ["A"])
    _to(game, Step.OFFENSIVE_FIRE)
    game.fire("A", a)
    assert game.assault_targets("A") == {}  # assaults wait for the Assault Phase
    game.end_phase()
    assert game.assault_targets("A") == {a: 0.0}
    strength = game.unit("A").strength
    events = game.assault(a, ["A"])
    assert events[0].describe() == "1,0 was Deserted: taken without a fight; allied A took 1,0"
    assert game.offset_of(game.unit("A").hex) == a
    assert game.unit("A").strength == strength  # "without suffering any losses" [000 13.3]
    assert not any(isinstance(e, LossesTaken) for e in events)


def test_units_that_moved_and_fired_are_refused_the_assault_phase() -> None:
    title = _title(".A .a .  .\n.B .  .  .")
    game = _game(title)
    game.move("B", [(1, 1)])
    _to(game, Step.OFFENSIVE_FIRE)
    game.fire("B", title.positions["a"])
    game.end_phase()
    assert game.why_not_assault("B") == "B moved and fired this turn: it may not assault [000 13.3]"
    assert game.assault_targets("B") == {}
    assert title.positions["a"] in game.assault_targets("A")
