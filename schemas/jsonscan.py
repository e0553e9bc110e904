"""Where things stand in JSON text, which `json.loads` does not say: how deep its brackets nest,
and the line and column of keys given twice in one object.

The nesting check runs before parsing (the C parser recurses, so a file of ten thousand `[`
would end in a RecursionError); the key scan runs only when the parser saw a duplicate.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from itertools import accumulate
from typing import Any

Path = tuple[str | int, ...]

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]', re.DOTALL)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def depth(text: str) -> int:
    """How deep the arrays and objects of JSON text nest (strings do not count).

    >>> depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


class _Lines:
    """Line and column (1-based) of offsets into a text."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def of(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


def too_deep_at(text: str, limit: int) -> tuple[int, int]:
    """Line and column of the first bracket that opens deeper than `limit`."""
    level = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            level += 1
            if level > limit:
                return _Lines(text).of(match.start())
        elif token in "]}":
            level -= 1
    return 1, 1


def long_number_at(text: str) -> tuple[int, int]:
    """Line and column of the first number with more digits than Python converts (4300)."""
    found = re.search(r"[0-9]{4301,}", _STRING.sub(lambda m: " " * len(m.group()), text))
    return _Lines(text).of(found.start()) if found else (1, 1)


def duplicate_keys(text: str) -> list[tuple[Path, int, int]]:
    """The path, line and column of every key given a second time in one object."""
    lines = _Lines(text)
    found: list[tuple[Path, int, int]] = []
    # One frame per open array or object: its path, keys seen (None for an array), the index of
    # its next item, and whether a string token now would be a key.
    stack: list[tuple[Path, set[Any] | None, list[int], list[bool]]] = []
    last_key: Any = None
    for match in _TOKEN.finditer(text):
        token = match.group()
        frame = stack[-1] if stack else None
        if token in "[{":
            child: Path = ()
            if frame is not None:
                child = (*frame[0], frame[2][0]) if frame[1] is None else (*frame[0], last_key)
            stack.append((child, set() if token == "{" else None, [0], [token == "{"]))
        elif token in "]}":
            stack.pop()
        elif frame is None:
            continue
        elif token == ",":
            frame[2][0] += 1
            frame[3][0] = frame[1] is not None
        elif token == ":":
            frame[3][0] = False
        elif frame[1] is not None and frame[3][0]:
            last_key = _decoded(token)
            if last_key in frame[1]:
                found.append(((*frame[0], last_key), *lines.of(match.start())))
            frame[1].add(last_key)
    return found


def _decoded(token: str) -> Any:
    try:
        return json.loads(token)
    except ValueError:
        return token
