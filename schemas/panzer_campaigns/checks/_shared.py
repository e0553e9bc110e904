"""Helpers the checks of several file kinds share."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from schemas.problems import ModelPath, Problem, error


def duplicate_ids(items: Iterable[tuple[str, ModelPath]], what: str) -> Iterator[Problem]:
    seen: set[str] = set()
    for item_id, path in items:
        if item_id in seen:
            yield error(
                "ID001", f"{what} id '{item_id}' is used twice", path=path, object_id=item_id
            )
        seen.add(item_id)


def off_map(
    hex_: tuple[int, int], width: int, height: int, path: ModelPath, object_id: str | None = None
) -> Iterator[Problem]:
    column, row = hex_
    if column >= width or row >= height:
        yield error(
            "HEX001",
            f"hex [{column}, {row}] is outside the {width}x{height} map",
            path=path,
            hex=hex_,
            object_id=object_id,
        )
