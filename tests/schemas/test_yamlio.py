"""The fast reader must type data exactly as PyYAML's safe loader does, the canonical writer's text
must read back to the data it was given, and neither may ever execute anything from a file."""

from __future__ import annotations

import string
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from schemas import yamlio, yamlwrite

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**12), max_value=10**12)
    | st.floats(allow_nan=False, allow_infinity=True, width=64)
    | st.text(max_size=30)
    | st.sampled_from(
        [
            "yes",
            "no",
            "on",
            "off",
            "null",
            "~",
            "1944-12-16",
            "06:00",
            "18:30",
            "0x1f",
            "1e5",
            "- item",
            "key: value",
            "#comment",
            "'quoted'",
            "a, b",
            "[x]",
            "{y}",
            "*alias",
            "&a",
            "!tag",
            "  padded ",
            "tab\there",
            "line\nbreak\n",
            "",
            ".",
            "...",
            "---",
            "=",
            "<<",
        ]
    )
)
keys = st.text(alphabet=string.ascii_letters + string.digits + "_ -.", min_size=1, max_size=12)
documents = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(keys, children, max_size=5),
    max_leaves=40,
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(keys, documents, max_size=6))
def test_written_text_reads_back_to_the_same_data(data: dict[str, Any]) -> None:
    text = yamlwrite.dump(data)
    assert yaml.safe_load(text) == data
    assert yamlio.load(text) == data


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(keys, documents, max_size=6))
def test_reader_types_scalars_as_the_safe_loader(data: dict[str, Any]) -> None:
    for style in (None, False, True):
        text = yaml.safe_dump(data, default_flow_style=style, allow_unicode=True)
        assert yamlio.load(text) == yaml.safe_load(text)


def test_writing_is_deterministic_and_canonical() -> None:
    data = {"b": [1, 2], "a": {"x": "1944-12-16", "y": "yes", "z": "06:00"}}
    text = yamlwrite.dump(data)
    assert text == yamlwrite.dump(yamlio.load(text))
    assert 'x: "1944-12-16"' in text
    assert 'y: "yes"' in text
    assert 'z: "06:00"' in text


def test_dense_layers_are_one_line_per_row() -> None:
    text = yamlwrite.dump(
        {"terrain_rows": ["..f", "f.."], "connections": {"railroad": ["1..", "..."]}}
    )
    assert text.splitlines() == [
        "terrain_rows:",
        "  - ..f",
        "  - f..",
        "connections:",
        "  railroad:",
        "    - 1..",
        "    - ...",
    ]


def test_python_tags_are_refused_not_executed() -> None:
    with pytest.raises(yamlio.YamlSyntaxError, match="tags") as caught:
        yamlio.load("a: 1\nb: !!python/object/apply:os.system ['echo hacked']\n")
    assert caught.value.line == 2


def test_duplicate_keys_are_reported_with_their_line() -> None:
    data, duplicates = yamlio.load_checked("a: 1\nb:\n  c: 2\n  c: 3\n")
    assert data == {"a": 1, "b": {"c": 3}}
    assert duplicates == [(("b", "c"), yamlio.Mark(4, 3))]


def test_marks_locate_keys_and_items() -> None:
    text = "units:\n  - {id: a, hex: [1, 2]}\n  - id: b\n    hex: [3, 4]\n"
    wanted = [("units", 0, "hex"), ("units", 1, "hex"), ("units", 1, "missing")]
    marks = yamlio.locate(text, wanted)
    assert marks[("units", 0, "hex")] == yamlio.Mark(2, 13)
    assert marks[("units", 1, "hex")] == yamlio.Mark(4, 5)
    assert ("units", 1, "missing") not in marks
    assert marks[("units", 1)] == yamlio.Mark(3, 5)


def _composed_marks(node, path=()):
    """Where PyYAML's own composer says each key and item starts."""
    marks = {}
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = (*path, yaml.safe_load(yaml.serialize(key)))
            marks[child] = yamlio.Mark(key.start_mark.line + 1, key.start_mark.column + 1)
            marks.update(_composed_marks(value, child))
    elif isinstance(node, yaml.SequenceNode):
        for number, value in enumerate(node.value):
            child = (*path, number)
            marks[child] = yamlio.Mark(value.start_mark.line + 1, value.start_mark.column + 1)
            marks.update(_composed_marks(value, child))
    return marks


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(keys, documents, min_size=1, max_size=6), st.booleans(), st.data())
def test_locate_agrees_with_pyyaml_positions(data, flow, draw) -> None:
    text = yaml.safe_dump(data, default_flow_style=flow)
    expected = _composed_marks(yaml.compose(text))
    wanted = draw.draw(st.lists(st.sampled_from(sorted(expected, key=repr)), max_size=4))
    found = yamlio.locate(text, wanted)
    assert all(found[path] == expected[path] for path in wanted)


def test_syntax_errors_carry_their_position() -> None:
    with pytest.raises(yamlio.YamlSyntaxError) as caught:
        yamlio.load("a: [1, 2\nb: 3\n")
    assert caught.value.line is not None


def test_a_second_document_is_refused() -> None:
    with pytest.raises(yamlio.YamlSyntaxError, match="one document"):
        yamlio.load("a: 1\n---\nb: 2\n")
