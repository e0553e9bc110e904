"""Battlefield Chaos, optional rule 24 [003 24.0-24.5]: the Action Deck drawn in place of the dice
gives each face its share, events fire and are followed by a fresh card or real dice, Deus Ex
Machina cards are held up to three and the fourth costs one at random, a held card is played by
an order, and a game with the deck replays from its orders."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from engine.tactical_gamex import chaos
from engine.tactical_gamex.chaos import Card, CardDice
from engine.tactical_gamex.chaos_events import (
    CardDrawn,
    CardHeld,
    CardLost,
    CardPlayed,
    ChaosEvent,
    DeckReshuffled,
    DiceInstead,
    ImpulseOpened,
)
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.events import PoolRolled
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.movement import IllegalOrder, path_to
from engine.tactical_gamex.orders import EndImpulse, Move, PlayCard
from engine.tactical_gamex.records import order_of, order_to_model
from schemas.tactical_gamex.action_deck import CardEffect
from schemas.tactical_gamex.loading import load_situation
from schemas.tactical_gamex.vocabulary import OptionalRule
from schemas.vocabulary import Side

ACTIVATION = CardEffect.ACTIVATION_POINTS
SAMPLE = (
    Path(__file__).parents[3]
    / "sample_data/tgx_steppe43/scenarios/hill-at-krasnaya-polyana.situation.yaml"
)


def _dice_cards() -> list[Card]:
    return [Card(f"c{b}{g}", b, g) for b in range(1, 7) for g in range(1, 7)]


@pytest.fixture(scope="module")
def chaos_bundle():
    bundle = load_situation(SAMPLE)
    model = bundle.situation.model
    rules = [*model.optional_rules, OptionalRule.BATTLEFIELD_CHAOS]
    bundle.situation = replace(
        bundle.situation, model=model.model_copy(update={"optional_rules": rules})
    )
    return bundle


def test_a_full_deck_gives_each_face_its_share_and_reshuffles_when_spent() -> None:
    dice = CardDice(5, _dice_cards())
    dice.side = Side.AXIS
    black = Counter(dice.d6() for _ in range(36))
    assert black == dict.fromkeys(range(1, 7), 6)  # every face six times in one pass [003 24.1]
    dice.side = Side.ALLIED
    green = Counter(dice.d6() for _ in range(36))
    assert green == dict.fromkeys(range(1, 7), 6)
    reshuffles = [e for e in dice.drain() if isinstance(e, DeckReshuffled)]
    assert [e.why for e in reshuffles] == ["the deck ran out"] * 2  # at once [003 24.4]
    assert dice.left == 36


def test_two_dice_read_both_colours_of_one_card_the_drawers_first() -> None:
    dice = CardDice(1, [Card("only", 2, 5)])
    dice.side = Side.AXIS
    assert dice.two_d6() == 7
    assert dice.d66() == 25  # black (the Axis's own) is the tens
    dice.side = Side.ALLIED
    assert dice.d66() == 52


def test_many_games_of_cards_give_the_two_dice_distribution() -> None:
    """Over many shuffles 2d6 summed from the cards keeps the dice's distribution (36 pairs)."""
    dice = CardDice(11, _dice_cards())
    sums = Counter(dice.two_d6() for _ in range(36 * 20))
    expected = {s: 20 * (6 - abs(s - 7)) for s in range(2, 13)}
    assert sums == expected


def test_an_event_is_read_from_the_next_card_and_nothing_happened_keeps_its_die() -> None:
    # the "?" card first, then a card with a text the engine cannot apply (no state bound)
    cards = [Card("read", 4, 3, text="Rain.", effect=CardEffect.NOTHING), Card("q", None, 2)]
    dice = CardDice(0, [*cards, Card("spare", 1, 1)])
    dice.pile = ["spare", "read", "q"]  # q on top
    dice.side = Side.AXIS
    assert dice.d6() == 4  # nothing happened: the die of the card read [003 24.2]
    events = dice.drain()
    event = next(e for e in events if isinstance(e, ChaosEvent))
    assert (event.card, event.applied) == ("read", False)
    assert not any(isinstance(e, DeckReshuffled) for e in events)


def test_an_event_applied_reshuffles_and_a_second_event_falls_back_to_dice(chaos_bundle) -> None:
    state = state_of(chaos_bundle, seed=3)
    dice = state.dice
    assert isinstance(dice, CardDice)
    bonus = Card(
        "bonus", 5, 5, text="Your next initiative die +1.", effect=CardEffect.INITIATIVE, amount=1
    )
    spare = Card("spare", 2, 2)
    dice.cards = {"q": Card("q", None, 1), "bonus": bonus, "q2": Card("q2", None, 6)}
    dice.cards["spare"] = spare
    dice.order = ("q", "bonus", "q2", "spare")
    dice.pile = ["spare", "bonus", "q"]
    dice.side = Side.AXIS
    original = dice._reshuffle

    def rigged(why: str) -> None:  # after the event the "?" card comes up again
        original(why)
        dice.pile = ["spare", "q2"]

    dice._reshuffle = rigged  # type: ignore[method-assign]
    value = dice.d6()
    events = dice.drain()
    assert dice.initiative_bonus == {Side.AXIS: 1}  # the event acted [003 24.2]
    assert [e.why for e in events if isinstance(e, DeckReshuffled)] == ["an event resolved"]
    instead = [e for e in events if isinstance(e, DiceInstead)]
    assert [e.values for e in instead] == [(value,)]  # real dice [003 24.3]


def test_the_enemy_in_the_text_turns_the_event_on_the_other_side(chaos_bundle) -> None:
    state = state_of(chaos_bundle, seed=3)
    dice = state.dice
    assert isinstance(dice, CardDice)
    text = "The enemy's nerve breaks: one of the enemy's units is disrupted."
    dice.cards = {
        "q": Card("q", None, 1),
        "e": Card("e", 3, 3, text=text, effect=CardEffect.DISRUPT_UNIT),
    }
    dice.cards["z"] = Card("z", 2, 2)
    dice.order = ("q", "e", "z")
    dice.pile = ["z", "e", "q"]
    dice.side = Side.AXIS
    assert not any(u.disrupted for u in state.iter_units(Side.ALLIED))
    dice.d6()
    event = next(e for e in dice.drain() if isinstance(e, ChaosEvent))
    assert event.side is Side.ALLIED
    assert event.applied
    assert state.units[event.unit].disrupted
    assert state.units[event.unit].side is Side.ALLIED
    assert event.hex == state.units[event.unit].hex  # a click on the log line goes there


def _dem(i: int) -> Card:
    return Card(f"dem{i}", None, None, dem=True, title=f"Card {i}")


def test_deus_ex_machina_cards_are_held_and_a_fourth_costs_one_at_random() -> None:
    losses = Counter()
    for seed in range(200):
        dice = CardDice(seed, _dice_cards())
        dice.side = Side.AXIS
        for i in range(1, 5):  # the Deus Ex Machina cards come up one after another
            dice.cards[f"dem{i}"] = _dem(i)
            dice.order += (f"dem{i}",)
            dice.pile.append(f"dem{i}")
            dice.d6()
        assert len(dice.held[Side.AXIS]) == 3  # up to three [003 24.5]
        events = dice.drain()
        assert sum(isinstance(e, CardHeld) for e in events) == 4
        lost = [e.card for e in events if isinstance(e, CardLost)]
        assert len(lost) == 1
        assert lost[0] not in dice.held[Side.AXIS]
        assert lost[0] not in dice.pile  # out of the game
        assert sum(isinstance(e, DeckReshuffled) for e in events) == 4  # each received
        losses[lost[0]] += 1
    # one of the four at random: each about a quarter of 200 (binomial sd ~6)
    assert all(30 <= losses[f"dem{i}"] <= 70 for i in range(1, 5)), losses


def _game_with_held(chaos_bundle, card: Card, side: Side, seed: int = 2) -> TacticalGame:
    game = TacticalGame(state_of(chaos_bundle, seed))
    dice = game.state.dice
    assert isinstance(dice, CardDice)
    dice.cards[card.id] = card
    dice.held[side].append(card.id)
    return game


def test_a_held_card_is_played_by_an_order_and_leaves_the_game(chaos_bundle) -> None:
    probe = TacticalGame(state_of(chaos_bundle, 2))
    side = probe.acting
    card = Card(
        "lead",
        None,
        None,
        True,
        "Inspired Leadership",
        "Two more points.",
        CardEffect.ACTIVATION_POINTS,
        2,
    )
    game = _game_with_held(chaos_bundle, card, side)
    assert game.state.pool_pending  # no card yet: the player may still pass [003 24.1]
    with pytest.raises(IllegalOrder, match="cannot act now"):
        game.apply(PlayCard("lead"))  # the pool is not drawn yet
    rally = Card("rally", None, None, True, "Steady", "A unit rallies.", CardEffect.RALLY_UNIT)
    with pytest.raises(IllegalOrder, match="holds no card"):
        game.apply(PlayCard("rally"))
    unit = next(u for u in game.state.iter_units(side) if u.type.movement and u.marker is None)
    unit.disrupted = True
    game.state.dice.cards["rally"] = rally
    game.state.dice.held[side].append("rally")
    events = game.apply(PlayCard("rally", unit.id))
    played = next(e for e in events if isinstance(e, CardPlayed))
    assert (played.unit, played.on) == (unit.id, side)
    assert not unit.disrupted
    assert "rally" not in game.state.dice.held[side]
    assert "rally" in game.state.dice.removed
    assert any(isinstance(e, DeckReshuffled) for e in events)  # [003 24.5]
    assert game.can_undo  # no die seen: the card may be taken back
    game.undo()
    assert "rally" in game.state.dice.held[side]


def test_activation_points_card_adds_to_the_pool_drawn_at_the_first_order(chaos_bundle) -> None:
    card = Card("lead", None, None, True, "Inspired", "Two more points.", ACTIVATION, 2)
    for seed in range(20):  # a seed whose first pool leaves a point after one move
        game = TacticalGame(state_of(chaos_bundle, seed))
        side = game.acting
        game.state.dice.cards["lead"] = card
        game.state.dice.held[side].append("lead")
        unit = next(u for u in game.state.iter_units(side) if game.legal_moves(u.id))
        target = sorted(game.legal_moves(unit.id))[0]
        events = game.apply(Move(unit.id, tuple(path_to(game.state, unit, target))))
        pool = next(e for e in events if isinstance(e, PoolRolled))
        if pool.points >= 2:
            break
    assert any(isinstance(e, CardDrawn) and e.purpose == "activation pool" for e in events)
    assert not game.can_undo  # a card drawn is a die seen
    assert game.acting is side
    game.apply(PlayCard("lead"))
    assert game.state.pool == pool.points + 2


def test_a_passing_player_draws_no_card(chaos_bundle) -> None:
    game = TacticalGame(state_of(chaos_bundle, 4))
    assert isinstance(game.log[-1], ImpulseOpened)
    dice = game.state.dice
    left = dice.left
    events = game.apply(EndImpulse())
    first_pass = events[: next(i for i, e in enumerate(events) if isinstance(e, ImpulseOpened))]
    assert not any(isinstance(e, CardDrawn) for e in first_pass)
    assert dice.left == left or any(isinstance(e, DeckReshuffled) for e in events)


def test_a_computer_game_with_the_deck_replays_from_its_saved_orders(chaos_bundle) -> None:
    game = TacticalGame(state_of(chaos_bundle, 6))
    players = {s: TgxComputerPlayer(s) for s in Side}
    while not game.is_over:
        players[game.acting].play_impulse(game)
    assert any(isinstance(e, CardDrawn) and e.purpose == "initiative" for e in game.log)
    assert any(isinstance(e, CardHeld) for e in game.log)
    assert any(isinstance(o, PlayCard) for o in game.orders)  # the computer played a held card
    replay = TacticalGame(state_of(chaos_bundle, 6))
    for order in game.orders:
        replay.apply(order_of(order_to_model(order)))
    assert [e.describe() for e in replay.log] == [e.describe() for e in game.log]
    assert replay.result == game.result


def test_the_computer_plays_a_held_card_that_helps_it(chaos_bundle) -> None:
    probe = TacticalGame(state_of(chaos_bundle, 2))
    side = probe.acting
    card = Card(
        "sniper",
        None,
        None,
        True,
        "Sniper",
        "One of the enemy's units is disrupted.",
        CardEffect.DISRUPT_UNIT,
    )
    game = _game_with_held(chaos_bundle, card, side)
    assert chaos.sensible_plays(game.state, side) == [PlayCard("sniper")]
    given = TgxComputerPlayer(side).play_impulse(game)
    assert given[0] == PlayCard("sniper")
    assert "sniper" in game.state.dice.removed
