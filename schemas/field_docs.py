"""Field documentation from attribute docstrings, read once per module instead of once per
model class: pydantic's own reading (`use_attribute_docstrings`) tokenizes and parses each
class's source again, a tenth of a second for the ~80 models every command or the editor
builds at start. The descriptions, and so the JSON Schemas and the editor's tooltips, are the
same."""

from __future__ import annotations

import ast
import inspect
import sys
from functools import cache
from typing import Any


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
def _module_classes(module: str) -> dict[str, list[tuple[int, dict[str, str]]]]:
    """Every class statement of a module, by name: its first line and its attributes' docs."""
    found: dict[str, list[tuple[int, dict[str, str]]]] = {}
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
