"""The Action Deck's loose ends [003 24.2]: who a card acts on is its `applies_to` (a file
without it keeps the meaning its text gave, with a warning where text and field disagree); a
bare `?` die gets a message naming file, line and field; `hexwright diff` pairs cards by id."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from schemas.diffing.kinds import diff_models
from schemas.diffing.names import Names
from schemas.io import FileKind, dump_text, load_text
from schemas.tactical_gamex.action_deck import ActionCard, CardTarget
from schemas.tactical_gamex.deck_checks import check_deck
from schemas.tactical_gamex.tables import RulesetTables
from tests.conftest import REPO
from tests.tiny_tgx import tiny_tables

ENEMY_TEXT = "One of the enemy's units is disrupted."


def _deck() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = [
        {"id": f"c{b}{g}", "black": b, "green": g} for b in range(1, 7) for g in range(1, 7)
    ]
    cards += [{"id": f"dem{i}", "deus_ex_machina": True, "title": f"T{i}"} for i in range(6)]
    return cards


def _tables(cards: list[dict[str, Any]]) -> RulesetTables:
    data = tiny_tables().model_dump(mode="json")
    data["action_deck"] = cards
    return RulesetTables.model_validate(data)


def test_a_card_without_applies_to_keeps_the_meaning_its_text_gave() -> None:
    old = ActionCard.model_validate({"id": "s", "text": ENEMY_TEXT, "effect": "disrupt_unit"})
    assert old.applies_to is CardTarget.ENEMY
    own = ActionCard.model_validate({"id": "r", "text": "A unit rallies.", "effect": "rally_unit"})
    assert own.applies_to is CardTarget.DRAWER
    text = dump_text(_tables([old.model_dump(mode="json")]))
    assert "applies_to: enemy" in text  # written out: the field decides from now on


def test_the_field_decides_whatever_the_language_of_the_text() -> None:
    card = ActionCard.model_validate(
        {"id": "s", "text": "Der Gegner verliert eine Einheit.", "applies_to": "enemy"}
    )
    assert card.applies_to is CardTarget.ENEMY
    drawer = ActionCard.model_validate({"id": "t", "text": ENEMY_TEXT, "applies_to": "drawer"})
    assert drawer.applies_to is CardTarget.DRAWER
    saved = dump_text(_tables([drawer.model_dump(mode="json")]))
    assert "applies_to: drawer" in saved  # the designer's choice survives a save and a read
    again = load_text(saved, FileKind.TABLES).model
    assert again.action_deck[0].applies_to is CardTarget.DRAWER


def test_applies_to_off_its_two_values_names_the_file_line_and_field() -> None:
    lines = dump_text(_tables(_deck())).splitlines()
    at = next(i for i, t in enumerate(lines) if "{id: c14," in t)
    assert "applies_to: drawer" in lines[at]
    lines[at] = lines[at].replace("applies_to: drawer", "applies_to: both")
    text = "\n".join(lines) + "\n"
    loaded = load_text(text, FileKind.TABLES, name="x.tables.yaml")
    assert loaded.model is None
    [problem] = [p for p in loaded.problems if p.is_error]
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "applies_to: both" in t)
    assert (problem.file, problem.line) == ("x.tables.yaml", line)
    assert problem.path[:3] == ("action_deck", 3, "applies_to")
    assert "'drawer' or 'enemy'" in problem.message


def test_a_text_and_field_that_disagree_warn_and_the_field_decides() -> None:
    cards = _deck()
    cards[2] |= {"text": ENEMY_TEXT, "effect": "disrupt_unit", "applies_to": "drawer"}
    cards[4] |= {"text": "Panic.", "effect": "disrupt_unit", "applies_to": "enemy"}
    cards[5] |= {"text": ENEMY_TEXT, "effect": "disrupt_unit"}  # read from the text: agrees
    problems = [p for p in check_deck(_tables(cards)) if p.code == "TGX074"]
    assert [(p.severity.value, p.path) for p in problems] == [
        ("warning", ("action_deck", 2, "applies_to")),
        ("warning", ("action_deck", 4, "applies_to")),
    ]
    assert "card c13: its text names \u201cthe enemy\u201d but it applies to the drawer" in (
        problems[0].message
    )
    assert "does not name" in problems[1].message


def test_a_bare_question_mark_says_to_quote_it_or_write_event() -> None:
    text = dump_text(_tables(_deck()))
    block = text.replace("{id: c34, black: 3,", "{id: c34, black: ?,", 1)
    assert block != text
    bare = text.replace("action_deck:", "action_deck:\n- id: q1\n  black: ?\n  green: 2", 1)
    for broken, field in ((block, "black"), (bare, "black")):
        loaded = load_text(broken, FileKind.TABLES, name="x.tables.yaml")
        assert loaded.model is None
        [problem] = [p for p in loaded.problems if p.is_error]
        line = next(i for i, t in enumerate(broken.splitlines(), 1) if f"{field}: ?" in t)
        assert (problem.file, problem.line) == ("x.tables.yaml", line)
        assert f"{field}: a bare ? is YAML syntax" in problem.message
        assert "write '?' in quotes or `event`" in problem.message
    quoted = text.replace("{id: c34, black: 3,", "{id: c34, black: '?',", 1)
    assert load_text(quoted, FileKind.TABLES).model.action_deck[15].black == "event"


def test_the_schema_documents_both_spellings_of_an_event() -> None:
    doc = ActionCard.model_fields["black"].description or ""
    assert "`event`" in doc
    assert "'?'" in doc
    schema = json.loads((REPO / "schemas/json/tables.schema.json").read_text(encoding="utf-8"))
    card = {"$defs": schema["$defs"], **schema["$defs"]["ActionCard"]}
    for die in ("?", "event", 3):
        jsonschema.validate({"id": "c1", "black": die, "green": 2}, card)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"id": "c1", "black": "x", "green": 2}, card)


def _diff(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[str]:
    return [c.text for c in diff_models("tables", _tables(old), _tables(new), Names())]


def test_diff_pairs_the_deck_by_card_id() -> None:
    cards = _deck()
    assert _diff(cards, [*cards[1:], cards[0]]) == []  # the same cards in another order
    edited = [c | {"green": 5} if c["id"] == "c24" else c for c in cards if c["id"] != "c11"]
    edited.insert(0, {"id": "c77", "black": 2, "green": 2})
    texts = _diff(cards, edited)
    assert sorted(texts) == sorted(
        [
            "Card c11 removed",
            "Card c77 added",
            "Card c24: green 4 → 5",
        ]
    )
