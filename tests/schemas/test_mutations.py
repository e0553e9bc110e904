"""No input file can produce a traceback: valid files mutated at random, as text and as data,
always give Problems (or nothing) and never an exception."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemas import yamlio, yamlwrite
from schemas.io import FileKind, dump_text, load_text
from schemas.title import validate_paths
from tests.tiny_title import tiny_map, tiny_oob, tiny_parameters, tiny_scenario, tiny_weather

ORIGINALS = {
    FileKind.MAP: dump_text(tiny_map()),
    FileKind.OOB: dump_text(tiny_oob()),
    FileKind.PARAMETERS: dump_text(tiny_parameters()),
    FileKind.WEATHER: dump_text(tiny_weather()),
    FileKind.SCENARIO: dump_text(tiny_scenario()),
}
kinds = st.sampled_from(list(ORIGINALS))
odd_values = st.sampled_from(
    [
        None,
        True,
        -1,
        0,
        10**9,
        -(10**9),
        1.5,
        "",
        "x",
        "1944-13-45",
        [],
        {},
        [1],
        [[1, 2]],
        {"a": 1},
        "ü" * 3,
        "[9999, 9999]",
        [-1, 5],
        [10**6, 10**6],
        # Values the engine cannot take (item 8 of issue 12): they must be refused at load.
        float("nan"),
        float("inf"),
        10**30,
        -(10**30),
        70000,
        -2,
        "1944-12-16 08:00:00+02:00",
        "a\x00b",
        "../../x.map.yaml",
        [[[[[[[[[[]]]]]]]]]],
    ]
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for number, value in enumerate(data):
            found += _paths(value, (*prefix, number))
    return found


def _replace(data: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    if not rest and delete:
        del copy[head]
    else:
        copy[head] = _replace(data[head], rest, value, delete)
    return copy


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kinds, st.data())
def test_mutated_data_never_raises(kind: FileKind, data: st.DataObject) -> None:
    original = yamlio.load(ORIGINALS[kind])
    paths = _paths(original)[1:]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        original = _replace(original, path, data.draw(odd_values), data.draw(st.booleans()))
        paths = _paths(original)[1:] or [()]
        if paths == [()]:
            break
    text = yamlwrite.dump(original) if isinstance(original, dict) else json.dumps(original)
    loaded = load_text(text, kind)
    assert loaded.ok or any(p.is_error for p in loaded.problems)
    for problem in loaded.problems:
        assert problem.format()
    if loaded.ok:  # nothing the engine cannot compute with got through
        leaves = list(_leaves(loaded.model.model_dump()))
        assert all(math.isfinite(v) and abs(v) < 2**63 for v in leaves if _is_number(v))


def _leaves(data: Any) -> Iterator[Any]:
    if isinstance(data, dict):
        for value in data.values():
            yield from _leaves(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from _leaves(value)
    else:
        yield data


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@settings(max_examples=250, deadline=None)
@given(kinds, st.data())
def test_mutated_text_never_raises(kind: FileKind, data: st.DataObject) -> None:
    text = ORIGINALS[kind]
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 12))
        insert = data.draw(st.text(alphabet=" \n\t:-[]{}#&*!|>'\"%@,?0123456789abc", max_size=6))
        text = text[:at] + insert + text[at + cut :]
    for as_json in (False, True):
        loaded = load_text(text, kind, as_json=as_json)
        for problem in loaded.problems:
            assert problem.format()
            assert problem.line is None or 1 <= problem.line <= text.count("\n") + 2


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.sampled_from(
        ["tiny.map.yaml", "tiny.oob.yaml", "tiny.pdt.yaml", "scenarios/tiny.scenario.yaml"]
    ),
    st.sampled_from(list(range(0, 4000, 37))),
    st.sampled_from(["", "- x\n", "\x00", ": :"]),
)
def test_a_corrupted_title_file_never_raises_when_validating_the_title(
    tiny_title: Path, name: str, at: int, insert: str
) -> None:
    folder = tiny_title.parents[1]
    target = folder / name
    text = target.read_text()
    target.write_text(text[:at] + insert + text[at + 5 :])
    try:
        report = validate_paths([folder])
        for problem in report.problems:
            assert problem.format()
    finally:
        target.write_text(text)
