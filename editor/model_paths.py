"""Reading and replacing values deep inside the frozen file models, by model path.

The file models are frozen, so an edit builds a new root that shares every untouched subtree
with the old one: undo is then just putting the old root back. A model path is the same tuple
Problems carry, e.g. `("placements", 3, "hex")`. Nothing here imports Qt.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from functools import lru_cache
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, TypeAdapter, ValidationError

from schemas.problems import ModelPath, format_path


class EditError(ValueError):
    """A value that the file format does not accept at a model path."""


def get_at(root: Any, path: ModelPath) -> Any:
    """The value at `path` under `root`.

    >>> from schemas.panzer_campaigns.scenario import Obstacle
    >>> get_at(Obstacle(hex=(3, 4)), ("hex", 1))
    4
    """
    value = root
    for part in path:
        value = (
            value[part]
            if isinstance(part, int) or isinstance(value, dict)
            else getattr(value, part)
        )
    return value


def replace_at(root: Any, path: ModelPath, value: Any) -> Any:
    """A copy of `root` with the value at `path` replaced; untouched subtrees are shared.

    >>> from schemas.panzer_campaigns.scenario import Obstacle
    >>> before = Obstacle(hex=(3, 4))
    >>> after = replace_at(before, ("penetrated",), True)
    >>> (before.penetrated, after.penetrated)
    (False, True)
    """
    if not path:
        return value
    head, rest = path[0], path[1:]
    child = get_at(root, (head,))
    return _with_child(root, head, replace_at(child, rest, value))


def insert_at(root: Any, list_path: ModelPath, index: int, items: Sequence[Any]) -> Any:
    """A copy of `root` with `items` inserted into the list at `list_path` before `index`."""
    current = list(get_at(root, list_path))
    current[index:index] = list(items)
    return replace_at(root, list_path, current)


def remove_at(root: Any, list_path: ModelPath, index: int, count: int = 1) -> Any:
    """A copy of `root` without `count` items of the list at `list_path` from `index`."""
    current = list(get_at(root, list_path))
    del current[index : index + count]
    return replace_at(root, list_path, current)


def _with_child(parent: Any, key: str | int, child: Any) -> Any:
    if isinstance(parent, BaseModel):
        assert isinstance(key, str)
        return parent.model_copy(update={key: child})
    if isinstance(parent, list):
        assert isinstance(key, int)
        copy = list(parent)
        copy[key] = child
        return copy
    if isinstance(parent, tuple):
        assert isinstance(key, int)
        return (*parent[:key], child, *parent[key + 1 :])
    if isinstance(parent, dict):
        return {**parent, key: child}
    raise TypeError(f"cannot edit inside a {type(parent).__name__}")


def validate_at(root: BaseModel, path: ModelPath, value: Any) -> Any:
    """`value` converted and checked as the file format wants it at `path`.

    Raises EditError with a message a designer reads ("strength: must be at least 0").
    Checks that span several fields (a date range, a sum) are left to the Problems dock,
    which validates whole files.

    >>> from schemas.panzer_campaigns.scenario import Obstacle
    >>> validate_at(Obstacle(hex=(3, 4)), ("hex",), [5, "6"])
    (5, 6)
    >>> validate_at(Obstacle(hex=(3, 4)), ("hex", 0), -1)
    Traceback (most recent call last):
    ...
    editor.model_paths.EditError: hex[0]: Input should be greater than or equal to 0
    """
    adapter = _adapter(type(root), _shape(root, path))
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise EditError(f"{format_path(path)}: {first['msg']}") from None


def _shape(root: Any, path: ModelPath) -> tuple[tuple[str, str | None], ...]:
    """The path as the types see it: list indices become "item", model fields keep their
    name, and each step notes the concrete class of a union member (a `kind`)."""
    shape: list[tuple[str, str | None]] = []
    value = root
    for part in path:
        value = get_at(value, (part,))
        step = "item" if isinstance(part, int) else str(part)
        shape.append((step, type(value).__qualname__ if isinstance(value, BaseModel) else None))
    return tuple(shape)


@lru_cache(maxsize=512)
def _adapter(
    root_type: type[BaseModel], shape: tuple[tuple[str, str | None], ...]
) -> TypeAdapter[Any]:
    annotation: Any = root_type
    for step, concrete in shape:
        annotation = _child_annotation(annotation, step, concrete)
    return TypeAdapter(annotation)


def _child_annotation(annotation: Any, step: str, concrete: str | None) -> Any:
    base, _metadata = _strip(annotation)
    if isinstance(base, type) and issubclass(base, BaseModel):
        field = base.model_fields[step]
        child: Any = field.annotation
        if field.metadata:
            child = Annotated[(child, *field.metadata)]
        return _narrow(child, concrete)
    origin = get_origin(base)
    args = get_args(base)
    if step == "item" and origin in (list, tuple, set, frozenset):
        return _narrow(args[0], concrete)
    if origin is dict:
        return _narrow(args[1], concrete)
    raise TypeError(f"no field {step!r} in {annotation!r}")


def _narrow(annotation: Any, concrete: str | None) -> Any:
    """The member of a union (or Optional) whose class is `concrete`, else the annotation."""
    if concrete is None:
        return annotation
    base, _ = _strip(annotation)
    if get_origin(base) in (Union, types.UnionType):
        for member in get_args(base):
            inner, _ = _strip(member)
            if isinstance(inner, type) and inner.__qualname__ == concrete:
                return inner
    return annotation


def _strip(annotation: Any) -> tuple[Any, tuple[Any, ...]]:
    metadata: tuple[Any, ...] = ()
    while get_origin(annotation) is Annotated:
        args = get_args(annotation)
        annotation, metadata = args[0], metadata + tuple(args[1:])
    if get_origin(annotation) in (Union, types.UnionType):
        members = [m for m in get_args(annotation) if m is not type(None)]
        if len(members) == 1:
            return _strip(members[0])[0], metadata
    return annotation, metadata
