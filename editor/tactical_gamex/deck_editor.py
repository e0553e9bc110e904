"""The Action Deck tab of the Ruleset Tables panel: the title's cards of Battlefield Chaos
[003 24.0-24.5] as a grid with Add Card and Remove Card, every cell validated as the file
format validates it (a die 1-6 or event, typed `?` too), each edit one undo step. The deck's
own checks (TGX070-TGX073) never refuse a cell: turning a dice card into a Deus Ex Machina card
takes two edits, and the card between them is half made. An edit that brings a new problem is
accepted and the problem said aloud; the Problems panel lists them all."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QWidget

from editor.tactical_gamex.grid_model import GridColumn
from editor.tactical_gamex.list_editor import ListEditor
from schemas.io import FileKind
from schemas.tactical_gamex.action_deck import ActionCard, CardEffect

NO_DIE = "—"
"""How a card without a die (a Deus Ex Machina card) reads; typing it clears the die."""


def _tip(name: str) -> str:
    field = ActionCard.model_fields.get(name)
    return (field.description or "") if field is not None else ""


def deck_columns() -> list[GridColumn]:
    """A card's fields: id, the two dice, Deus Ex Machina, title, text, effect and amount."""
    faces = (NO_DIE, "1", "2", "3", "4", "5", "6", "event")
    effects = tuple(effect.value for effect in CardEffect)
    return [
        GridColumn("Id", ("id",), _tip("id")),
        GridColumn("Black (Axis)", ("black",), _tip("black"), choices=faces, nullable_text=NO_DIE),
        GridColumn(
            "Green (Allied)", ("green",), _tip("green"), choices=faces, nullable_text=NO_DIE
        ),
        GridColumn("Deus Ex Machina", ("deus_ex_machina",), _tip("deus_ex_machina"), check=True),
        GridColumn("Title", ("title",), _tip("title")),
        GridColumn("Event / card text", ("text",), _tip("text")),
        GridColumn("Effect", ("effect",), _effects_tip(), choices=effects),
        GridColumn("Amount", ("amount",), _tip("amount")),
    ]


def _effects_tip() -> str:
    return "What the engine does: " + "; ".join(e.value for e in CardEffect)


def new_card(document: Any) -> ActionCard | str:
    """A new dice card with the next free id `cNN`, black 1 and green 1."""
    taken = {card.id for card in document.model(FileKind.TABLES).action_deck}
    number = next(n for n in range(1, len(taken) + 2) if f"c{n:02d}" not in taken)
    return ActionCard(id=f"c{number:02d}", black=1, green=1)


class DeckEditor(ListEditor):
    """The Action Deck as a grid of cards with Add Card and Remove Card."""

    def __init__(self, say: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(
            "Action Deck — Battlefield Chaos (rule 24)",
            ("action_deck",),
            deck_columns(),
            noun="card",
            new_item=new_card,
            say=say,
            parent=parent,
            part=FileKind.TABLES,
        )
        self.setObjectName("deck_editor")
        self.grid.table_check = deck_notes
        self.grid.noted.connect(lambda note: say(f"Accepted, but {note}"))


def deck_notes(tables: Any) -> tuple[list[str], list[str]]:
    """No error refuses a card's cell; every problem of the deck is a note."""
    from schemas.tactical_gamex.deck_checks import check_deck  # noqa: PLC0415  # first edit

    return [], [p.message for p in check_deck(tables)]
