"""Battlefield Chaos in the window (issue 19, rule 24): the Ruleset Tables panel edits the Action
Deck cell by cell, refusing a die off the faces and undoing each edit; test-play of the sample
with the rule switched on (an unsaved edit) shows the last card drawn, the deck's count and the
held Deus Ex Machina cards, and the acting side plays one with its button."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.commands import SetValue
from editor.main_window import MainWindow
from editor.tactical_gamex.testplay.dock import TgxTestPlayDock
from engine.tactical_gamex.chaos_events import CardPlayed
from schemas.io import FileKind
from schemas.tactical_gamex.vocabulary import OptionalRule
from tests.editor.gui.tgx_title import open_sample


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    win = open_sample(qtbot, tmp_path / "steppe")
    return win


def test_the_tables_panel_edits_the_action_deck_one_undo_step_each(window: MainWindow) -> None:
    document = window.document
    tables = window.rulesets.docks["tgx_tables"]
    tables.show()
    tables.raise_()
    deck = tables.deck
    assert deck is not None
    grid = deck.grid
    assert grid.rowCount() == 54  # the sample deck: 48 dice cards and 6 Deus Ex Machina
    assert grid.data(grid.index(0, 1)) == "1"
    assert deck.add()
    assert grid.rowCount() == 55
    assert document.tables.action_deck[-1].id == "c49"
    row = 54
    assert not grid.setData(grid.index(row, 1), "7")
    assert "a die on a card is 1-6 or event (?), not 7" in tables.message.text()
    assert grid.setData(grid.index(row, 2), "2")  # a deck's problem is said, not refused
    assert "Accepted, but the green dice of the Action Deck" in tables.message.text()
    assert grid.setData(grid.index(row, 1), "?")  # typed as on the card
    assert document.tables.action_deck[row].black == "event"
    assert grid.data(grid.index(row, 1)) == "event"
    assert grid.setData(grid.index(row, 7), "rally_unit")
    assert document.tables.action_deck[row].effect.value == "rally_unit"
    assert not grid.setData(grid.index(row, 7), "air_strike")
    assert grid.headerData(6, Qt.Orientation.Horizontal) == "Applies to"
    assert grid.setData(grid.index(row, 6), "enemy")  # who the card acts on [003 24.2]
    assert document.tables.action_deck[row].applies_to.value == "enemy"
    assert not grid.setData(grid.index(row, 6), "everyone")
    assert document.undo_stack.count() == 5
    for _ in range(5):
        document.undo_stack.undo()
    assert grid.rowCount() == 54
    assert not document.is_dirty


def test_test_play_shows_the_last_card_the_deck_and_plays_a_held_card(window: MainWindow) -> None:
    document = window.document
    rules = [*document.situation.optional_rules, OptionalRule.BATTLEFIELD_CHAOS]
    document.push(SetValue(document, FileKind.SITUATION, ("optional_rules",), rules, "Rule 24"))
    workspace = window.rulesets.workspace
    dock = workspace.docks["tgx_testplay"]
    assert isinstance(dock, TgxTestPlayDock)
    dock.show()
    dock.raise_()
    dock.seed.setValue(3)
    dock.setup_box.setChecked(False)  # turn 1 at once: the situation's setup by the seed
    assert dock.start()
    assert dock.chaos.isVisible()
    game = dock.session.game
    dice = game.state.dice
    assert dock.chaos.card_label.text() == "No card drawn yet; 54 cards left in the deck."
    assert "the pool is drawn from the Action Deck at the first order" in dock.impulse_label.text()
    # the acting side holds a sample Deus Ex Machina card and plays it from the panel
    side = game.acting
    dice.pile.remove("dem4")
    dice.held[side].append("dem4")  # "Seize the Moment": +2 to the next initiative die
    dock._show()
    button = dock.chaos.play_buttons["dem4"]
    assert "Seize the Moment" in button.text()
    assert "holds (1 of 3)" in dock.chaos.held_labels[side].text()
    button.click()
    played = [e for e in game.log if isinstance(e, CardPlayed)]
    assert [(e.card, e.on) for e in played] == [("dem4", side)]
    assert "dem4" not in dock.chaos.play_buttons
    assert "dem4" in dice.removed
    lines = [dock.log.item(i).text() for i in range(dock.log.count())]
    assert any("plays “Seize the Moment”" in line for line in lines)
    # three passes draw no card for a pool; the next turn's initiative draws from the deck
    for _ in range(3):
        dock.pass_button.click()
    assert game.turn == 2
    assert dice.last is not None
    assert dice.last.purpose.startswith("initiative")
    text = dock.chaos.card_label.text()
    assert f"Last card {dice.last.card}" in text
    assert f"{dice.left} cards left in the deck" in text
    dock.stop()
    assert not dock.chaos.isVisible()
