"""Assault [000 6.0-6.3]: the hexes a unit may assault and what it costs, the refusals and their
sentences, the preview's numbers and named modifiers, the resolution into both sides' losses,
retreats and their failure cases, taking the hex, and the Assault order that is recorded, saved,
replayed and never taken back."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from editor.testplay.event_places import event_place
from editor.testplay.session_file import engine_order, recorded_order
from engine.panzer_campaigns.combat.events import Assaulted, AssaultResolved, LossesTaken
from engine.panzer_campaigns.game import Game
from engine.panzer_campaigns.movement import IllegalMove
from engine.panzer_campaigns.orders import Assault
from schemas.panzer_campaigns.scenario import Mode
from schemas.panzer_campaigns.testplay import RecordedOrder
from schemas.vocabulary import OptionalRule
from tests.engine.ascii_title import AsciiTitle, ascii_title


def _game(title: AsciiTitle, seed: int = 0) -> Game:
    return Game(title.game(seed))


ROW = ".A .a .\n.B .  ."


def test_an_assault_costs_two_thirds_of_the_allowance_or_the_entry_cost() -> None:
    # [000 6.1] max(2/3 x 12, 2 for clear) = 8; into a forest the tracked cost 4 is less than 8
    title = ascii_title(ROW)
    game = _game(title)
    assert game.assault_targets("A") == {title.positions["a"]: 8.0}
    costly = ascii_title(".A .a\n.  .", units={"A": {"speed": 3}})
    # 2/3 x 3 = 2, entering clear costs 2 for foot: 2
    assert _game(costly).assault_targets("A") == {costly.positions["a"]: 2.0}
    forest = ascii_title(".A ^a\n.  .", units={"A": {"speed": 3}})
    # entering forest costs foot 3 > 2/3 x 3
    assert _game(forest).assault_targets("A") == {forest.positions["a"]: 3.0}


def test_a_unit_with_less_than_two_thirds_of_its_allowance_left_cannot_assault() -> None:
    title = ascii_title(ROW)
    game = _game(title)
    game.unit("A").mp_spent = 4.5  # 7.5 left of 12: under 8
    assert game.assault_targets("A") == {}
    why = game.why_not_assault("A", title.positions["a"])
    assert why is not None
    assert "2/3 of its allowance" in why


TOWED = {"towed": True, "unit_class": "artillery", "component": "guns", "strength": 8}


@pytest.mark.parametrize(
    ("spec", "state", "phrase"),
    [
        ({"assault": 0}, {}, "has no assault value"),
        ({}, {"disrupted": True}, "is Disrupted"),
        ({}, {"broken": True}, "is Broken"),
        ({}, {"fixed": True}, "is Fixed"),
        ({}, {"fatigue": 300}, "Maximum Fatigue"),
        ({}, {"digging_in": True}, "Digging-In"),
        ({}, {"mode": Mode.RAIL}, "Rail Mode"),
        (TOWED, {}, "must be in Travel Mode to move"),
    ],
)
def test_a_unit_that_may_not_assault_says_why(
    spec: dict[str, Any], state: dict[str, Any], phrase: str
) -> None:
    # [000 6.1] "Only units which have a non-zero assault factor, that are not Disrupted, ..."
    title = ascii_title(ROW, units={"A": spec})
    game = _game(title)
    for name, value in state.items():
        setattr(game.unit("A"), name, value)
    assert game.assault_targets("A") == {}
    why = game.why_not_assault("A")
    assert why is not None
    assert phrase in why
    with pytest.raises(IllegalMove, match=phrase):
        game.assault(title.positions["a"], ["A"])


def test_the_preview_gives_both_sides_values_and_casualty_ranges() -> None:
    # [000 6.3] 10 x 500 / 8 = 625 each way; LCV 50, HCV 250 -> 31.25..156.25 [000 12.0]
    title = ascii_title(ROW)
    game = _game(title)
    preview = game.assault_odds(title.positions["a"], ["A"])
    assert preview is not None
    assert (preview.attacker_assault, preview.defender_defense) == (5000, 8)
    assert (preview.value, preview.defender_value) == (625, 625)
    assert (preview.defender_low, preview.defender_high) == (31.25, 156.25)
    assert (preview.attacker_low, preview.attacker_high) == (31.25, 156.25)
    assert preview.mp_costs == (("A", 8.0),)
    assert preview.disruption_factor == 2  # [000 6.3] assault losses doubled
    assert 0 < preview.retreat_chance < 1
    assert preview.capture_chance == 0


def test_an_assault_is_recorded_resolved_and_never_taken_back() -> None:
    title = ascii_title(ROW)
    game = _game(title)
    events = game.assault(title.positions["a"], ["A", "B"])
    assert isinstance(events[0], Assaulted)
    assert [type(e) for e in events[1:4]] == [LossesTaken] * 3
    assert isinstance(events[4], AssaultResolved)
    assert game.orders[-1] == Assault(title.positions["a"], ("A", "B"))
    assert not game.can_undo
    assert game.unit("A").mp_spent == 8


def test_an_assault_is_saved_and_replayed_to_the_same_log() -> None:
    title = ascii_title(ROW)
    game = _game(title, seed=11)
    game.assault(title.positions["a"], ["A", "B"])
    game.end_player_turn()
    replay = _game(title, seed=11)
    for order in game.orders:
        replay.apply(engine_order(recorded_order(order)))
    assert [e.describe() for e in replay.log] == [e.describe() for e in game.log]
    record = TypeAdapter(RecordedOrder).validate_python(
        {"kind": "assault", "hex": [1, 0], "units": ["A", "B"]}
    )
    assert engine_order(record) == Assault((1, 0), ("A", "B"))
    assert recorded_order(Assault((1, 0), ("A", "B"))) == record
    assaulted = next(e for e in game.log if isinstance(e, Assaulted))
    hex_, units = event_place(game, assaulted)
    assert hex_ == (1, 0)
    assert units == ("A", "B", "a")


def test_under_manual_defensive_fire_an_assault_costs_nothing_once_a_turn() -> None:
    # [000 6.1] "Under the Manual Defensive Fire option, there is no movement cost required to
    # Assault"; its turn has one Assault Phase [000 13.3]
    rules = {"optional_rules": [OptionalRule.MANUAL_DEFENSIVE_FIRE]}
    title = ascii_title(ROW, units={"a": {"strength": 3000, "assault": 0.1}}, header=rules)
    game = _game(title)
    assert game.assault_targets("A") == {}  # not in the Movement Phase [000 13.3]
    for _ in range(3):  # Defensive Fire, Offensive Fire, then the Assault Phase
        game.end_phase()
    game.unit("A").mp_spent = 7  # less than 2/3 left: no matter here
    assert game.assault_targets("A") == {title.positions["a"]: 0.0}
    game.assault(title.positions["a"], ["A"])
    assert game.unit("A").mp_spent == 7
    assert "assaulted this turn" in (game.why_not_assault("A") or "")


def test_an_immobile_unit_cannot_assault() -> None:
    title = ascii_title(ROW, units={"A": {"speed": 0}})
    assert "immobile" in (_game(title).why_not_assault("A") or "")
