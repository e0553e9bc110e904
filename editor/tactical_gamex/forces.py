"""Where a situation's counters live: each counter with the path of its record, so panels and
tools find, place and count them without walking the sides themselves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from schemas.problems import ModelPath

COUNTER_MIME = "application/x-hexwright-tgx-counter"
"""The drag data of a counter taken out of the Forces panel: its Unit ID, UTF-8."""


def iter_counters(situation: Any) -> Iterator[tuple[Any, ModelPath]]:
    """Every counter of both sides with its model path in the situation."""
    for s, side in enumerate(situation.sides):
        for n, nation in enumerate(side.nations):
            for k, counter in enumerate(nation.counters):
                yield counter, ("sides", s, "nations", n, "counters", k)


def placed_counters(situation: Any) -> Iterator[tuple[Any, ModelPath]]:
    """The counters standing on a hex of the board at the start."""
    for counter, path in iter_counters(situation):
        if counter.hex is not None and not counter.off_map:
            yield counter, path


def counter_path(situation: Any, counter_id: str) -> ModelPath | None:
    """The model path of a counter by its Unit ID, or None."""
    for counter, path in iter_counters(situation):
        if counter.id == counter_id:
            return path
    return None


def free_id(taken: set[str], stem: str) -> str:
    """An id not yet taken: `stem`, else `stem_2`, `stem_3`…

    >>> free_id({"pz4", "pz4_2"}, "pz4")
    'pz4_3'
    """
    if stem not in taken:
        return stem
    number = 2
    while f"{stem}_{number}" in taken:
        number += 1
    return f"{stem}_{number}"
