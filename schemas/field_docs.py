"""Field documentation from attribute docstrings, read once per module instead of once per
model class: pydantic's own reading (`use_attribute_docstrings`) tokenizes and parses each
class's source again, a tenth of a second for the ~80 models every command or the editor
builds at start. The descriptions, and so the JSON Schemas and the editor's tooltips, are the
same. What a module's parse found is kept in the user's parse cache folder under the module's
name, size and modification time (as Python keeps bytecode), so that a start reads a few
kilobytes instead of parsing the models' modules again (some 15 ms of the editor's start)."""

from __future__ import annotations

import ast
import hashlib
import inspect
import os
import sys
from functools import cache
from pathlib import Path
from typing import Any

KEPT_MODULES = 200
"""Modules' docs kept in the cache folder; the oldest beyond go (each edit of a module makes a
new entry)."""

_SUFFIX = ".docs"

Docs = dict[str, list[tuple[int, dict[str, str]]]]


def document_fields(cls: Any) -> None:
    """Give each field of a freshly built pydantic model class that has no description the
    docstring written under it in the class body, as `use_attribute_docstrings` does."""
    docs = _class_docs(cls)
    if not docs:
        return
    for name, info in cls.__pydantic_fields__.items():
        if info.description is None and name in docs:
            info.description = docs[name]


def _class_docs(cls: type) -> dict[str, str]:
    candidates = _module_classes(cls.__module__).get(cls.__name__, [])
    if len(candidates) > 1:
        # Two classes of one name in a module: the one whose statement is being executed.
        line = _defining_line(cls.__module__)
        candidates = [c for c in candidates if c[0] <= line] or candidates
    return candidates[-1][1] if candidates else {}


def _defining_line(module: str) -> int:
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__") != module:
        frame = frame.f_back  # type: ignore[assignment]
    return frame.f_lineno if frame is not None else sys.maxsize


@cache
def _module_classes(module: str) -> Docs:
    """Every class statement of a module, by name: its first line and its attributes' docs,
    from the cache folder when this very file was read before."""
    entry = _entry(module)
    if entry is not None:
        from schemas import parse_cache  # noqa: PLC0415  # a cycle at import: schemas.base

        kept = parse_cache.read_pickle(entry)
        if isinstance(kept, dict):
            return kept
    found = _parse_module(module)
    if entry is not None and found:
        from schemas import parse_cache  # noqa: PLC0415

        parse_cache.write_pickle(entry, found, keep=KEPT_MODULES)
    return found


def _entry(module: str) -> Path | None:
    """Where the docs of this version of the module's file are kept (None: not kept)."""
    from schemas import parse_cache  # noqa: PLC0415

    where = parse_cache.folder()
    source = getattr(sys.modules.get(module), "__file__", None)
    if where is None or not source:
        return None
    try:
        found = os.stat(source)
        reader = os.stat(__file__)  # this very reading of the source, should it change
    except OSError:
        return None
    stamp = (
        f"{module}\0{source}\0{found.st_size}\0{found.st_mtime_ns}\0{sys.version}"
        f"\0{reader.st_size}\0{reader.st_mtime_ns}"
    )
    return where / "docs" / (hashlib.sha256(stamp.encode()).hexdigest() + _SUFFIX)


def _parse_module(module: str) -> Docs:
    found: Docs = {}
    try:
        source = inspect.getsource(sys.modules[module])
    except (KeyError, OSError, TypeError):
        return found
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found.setdefault(node.name, []).append((first, _attribute_docs(node)))
    for statements in found.values():
        statements.sort(key=lambda item: item[0])
    return found


def _attribute_docs(node: ast.ClassDef) -> dict[str, str]:
    """A string statement right after an annotated name documents that name (PEP 257's
    attribute docstrings, as pydantic reads them)."""
    docs: dict[str, str] = {}
    target: str | None = None
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign):
            target = statement.target.id if isinstance(statement.target, ast.Name) else None
            continue
        if (
            target is not None
            and isinstance(statement, ast.Expr)
            and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str)
        ):
            docs[target] = inspect.cleandoc(statement.value.value)
        target = None
    return docs
