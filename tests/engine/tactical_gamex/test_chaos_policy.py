"""The computer plays a held die-modifier card of Battlefield Chaos [003 24.5] only just before
an order whose first roll of its own the modifier helps whatever it shows: a -1 before a morale
check, a spot or its CRT die (the sample's table hurts the defender more on low rolls), a +1
before its activation pool; never before a roll that could go either way."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.tactical_gamex.chaos import Card, CardDice
from engine.tactical_gamex.chaos_events import CardDrawn, CardPlayed
from engine.tactical_gamex.chaos_policy import helpful_sign, modifier_to_play
from engine.tactical_gamex.computer import TgxComputerPlayer
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.loader import state_of
from engine.tactical_gamex.orders import PlayCard
from engine.tactical_gamex.tables import Crt
from schemas.tactical_gamex.action_deck import CardEffect
from schemas.tactical_gamex.loading import SituationBundle, load_situation
from schemas.vocabulary import Side
from tests.tiny_tgx import STEPPE, with_battlefield_chaos


@pytest.fixture(scope="module")
def bundle() -> SituationBundle:
    return with_battlefield_chaos(load_situation(STEPPE))


def _modifier(card_id: str, amount: int, on_enemy: bool = False) -> Card:
    return Card(card_id, None, None, True, card_id, "", CardEffect.DIE_MODIFIER, amount, on_enemy)


def _drawn(side: Side, purpose: str) -> CardDrawn:
    return CardDrawn(1, side, "c11", 1, 1, (1,), purpose)


def test_which_way_helps_each_roll(bundle: SituationBundle) -> None:
    state = state_of(bundle, 1)
    assert helpful_sign(state, "activation pool") == 1
    assert helpful_sign(state, "initiative, read for the event") == 1
    assert helpful_sign(state, "morale check, rally") == -1
    assert helpful_sign(state, "spotting") == -1
    assert helpful_sign(state, "engineers: block") == -1
    assert helpful_sign(state, "direct fire") == -1  # the sample CRT: low rolls hurt more
    assert helpful_sign(state, "combat stress") == 0  # the attacker wants it high: not listed
    state.tables = replace(state.tables, crt=Crt.from_text(1, ["- D", "D X"]))
    assert helpful_sign(state, "direct fire") == 1
    state.tables = replace(state.tables, crt=Crt.from_text(1, ["- X", "D D"]))
    assert helpful_sign(state, "direct fire") == 0  # one column each way: it depends


def test_a_modifier_is_played_only_before_the_roll_it_helps(bundle: SituationBundle) -> None:
    state = state_of(bundle, 1)
    dice = state.dice
    assert isinstance(dice, CardDice)
    for card in (_modifier("minus", -1), _modifier("plus", 1), _modifier("theirs", -1, True)):
        dice.cards[card.id] = card
        dice.held[Side.AXIS].append(card.id)
    pool = [_drawn(Side.AXIS, "activation pool")]
    assert modifier_to_play(state, Side.AXIS, pool) == PlayCard("plus")
    rally = [_drawn(Side.ALLIED, "activation pool"), _drawn(Side.AXIS, "morale check, rally")]
    assert modifier_to_play(state, Side.AXIS, rally) == PlayCard("minus")  # its own first roll
    assert modifier_to_play(state, Side.AXIS, [_drawn(Side.AXIS, "combat stress")]) is None
    assert modifier_to_play(state, Side.AXIS, [_drawn(Side.ALLIED, "spotting")]) is None
    assert modifier_to_play(state, Side.AXIS, []) is None


def test_the_computer_plays_its_modifiers_where_they_help(bundle: SituationBundle) -> None:
    played = 0
    for seed in (1,):
        game = TacticalGame(state_of(bundle, seed))
        dice = game.state.dice
        assert isinstance(dice, CardDice)
        for side in Side:
            for card in (_modifier(f"minus-{side.value}", -1), _modifier(f"plus-{side.value}", 1)):
                dice.cards[card.id] = card
                dice.held[side].append(card.id)
        players = {side: TgxComputerPlayer(side) for side in Side}
        while not game.is_over:
            players[game.acting].play_impulse(game)
        log = game.log
        for at, event in enumerate(log):
            if not isinstance(event, CardPlayed):
                continue
            card = dice.cards[event.card]
            if card.effect is not CardEffect.DIE_MODIFIER:
                continue  # the sample deck's own cards, played by `sensible_plays`
            played += 1
            amount = card.amount
            read = next(e for e in log[at:] if isinstance(e, CardDrawn) and e.side is event.side)
            assert helpful_sign(game.state, read.purpose) * amount > 0, (event, read)
    assert played >= 4, played
