"""The Action Deck of Battlefield Chaos as title data [003 24.0-24.5]: its cards read and written
(a "?" die read as `event`), its checks with the file, line and field they name, the switch of
rule 24 without a deck refused, and the sample's deck clean and saying it is sample data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from schemas.io import FileKind, dump_text, load_file, load_text
from schemas.tactical_gamex.action_deck import ActionCard
from schemas.tactical_gamex.deck_checks import check_chaos_switch, check_deck
from schemas.tactical_gamex.tables import RulesetTables
from schemas.tactical_gamex.vocabulary import OptionalRule
from tests.tiny_tgx import tiny_tables

SAMPLE_TABLES = Path(__file__).parents[3] / "sample_data/tgx_steppe43/sample.tables.yaml"
SAMPLE = SAMPLE_TABLES.parent / "scenarios/hill-at-krasnaya-polyana.situation.yaml"


def _full_deck(**extra: Any) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = [
        {"id": f"c{b}{g}", "black": b, "green": g} for b in range(1, 7) for g in range(1, 7)
    ]
    cards += [{"id": f"dem{i}", "deus_ex_machina": True, "title": f"T{i}"} for i in range(6)]
    return cards


def _tables(cards: list[dict[str, Any]]) -> RulesetTables:
    data = tiny_tables().model_dump(mode="json")
    data["action_deck"] = cards
    return RulesetTables.model_validate(data)


def test_a_question_mark_is_read_as_an_event_and_written_so() -> None:
    card = ActionCard.model_validate({"id": "c1", "black": "?", "green": 4})
    assert card.black == "event"
    text = dump_text(_tables([card.model_dump(mode="json")]))
    assert "black: event" in text


def test_a_full_deck_is_clean() -> None:
    assert check_deck(_tables(_full_deck())) == []


def test_a_die_off_the_faces_names_the_file_line_and_field() -> None:
    text = dump_text(_tables(_full_deck()))
    broken = text.replace("{id: c34, black: 3,", "{id: c34, black: 7,", 1)
    loaded = load_text(broken, FileKind.TABLES, name="x.tables.yaml")
    assert loaded.model is None
    line = next(i for i, t in enumerate(broken.splitlines(), 1) if "black: 7" in t)
    [problem] = [p for p in loaded.problems if p.is_error]
    assert (problem.file, problem.line) == ("x.tables.yaml", line)
    assert problem.path[:3] == ("action_deck", 15, "black")
    assert "a die on a card is 1-6 or event (?), not 7" in problem.message


def test_the_deck_checks_say_what_is_wrong_with_each_card() -> None:
    cards = _full_deck()
    cards[0] = {"id": "c11", "black": 1}  # no green die
    cards[40] |= {"black": 2}  # a Deus Ex Machina card with a die
    cards[5] |= {"id": "c11"}  # the same id twice
    cards[7] |= {"effect": "activation_points"}  # no amount
    problems = check_deck(_tables(cards))
    found = {(p.code, p.severity.value, p.path) for p in problems}
    assert ("TGX071", "error", ("action_deck", 0, "green")) in found
    assert ("TGX071", "error", ("action_deck", 40, "black")) in found
    assert ("TGX071", "error", ("action_deck", 0, "id")) in found
    assert ("TGX072", "warning", ("action_deck", 7, "amount")) in found
    messages = " / ".join(p.message for p in problems)
    assert "card c11 needs a green die for the Allied player, 1-6 or event [003 24.1]" in messages
    assert "Deus Ex Machina card, held when drawn: it shows no dice [003 24.5]" in messages


def test_a_deck_that_breaks_what_the_text_says_warns() -> None:
    cards = _full_deck()[:-2]  # four Deus Ex Machina cards, not six
    cards[1] |= {"black": "event"}  # the black faces no longer even
    problems = check_deck(_tables(cards))
    messages = [p.message for p in problems if p.code == "TGX073"]
    assert any("4 Deus Ex Machina cards; the rules' deck has 6" in m for m in messages)
    assert any(
        "black dice of the Action Deck do not give each face its share" in m for m in messages
    )
    assert any("no card has an event text" in m for m in messages)
    assert all(p.severity.value == "warning" for p in problems)


def test_a_deck_without_a_die_for_a_side_is_an_error() -> None:
    cards = [{"id": f"c{i}", "black": "event", "green": 1 + i % 6} for i in range(6)]
    problems = check_deck(_tables(cards))
    assert ("TGX070", "error") in {(p.code, p.severity.value) for p in problems}


def test_rule_24_without_a_deck_is_refused() -> None:
    situation = load_file(SAMPLE).model
    on = situation.model_copy(update={"optional_rules": [OptionalRule.BATTLEFIELD_CHAOS]})
    [problem] = check_chaos_switch(on, tiny_tables())
    assert problem.code == "TGX070"
    assert problem.path == ("optional_rules", 0)
    assert check_chaos_switch(on, _tables(_full_deck())) == []


def test_the_sample_deck_is_clean_and_says_it_is_sample_data() -> None:
    tables = load_file(SAMPLE_TABLES).model
    assert check_deck(tables) == []
    assert "sample deck made up for it, not the published cards" in tables.description
    assert sum(c.deus_ex_machina for c in tables.action_deck) == 6
    assert all(c.text.startswith("Sample event") for c in tables.action_deck if c.black)
