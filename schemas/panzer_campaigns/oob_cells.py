"""One OOB field as the text of a spreadsheet cell and back: what the OOB table copies and
pastes and what CSV and text import and export write and read, so all of them agree."""

from __future__ import annotations

import types
from enum import Enum
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel

_TRUE = {"true", "yes", "y", "1", "x", "✓", "on"}
_FALSE = {"false", "no", "n", "0", "", "off", "-"}


def cell_text(value: Any) -> str:
    """The text a cell shows for copying: enum values as the file spells them (`armor`),
    booleans as `yes` or `no`, None as nothing."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _annotation(model: type[BaseModel], field: str) -> tuple[Any, bool]:
    """The field's type without `| None`, and whether None is allowed."""
    annotation = model.model_fields[field].annotation
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        return (args[0] if len(args) == 1 else annotation), len(args) < len(get_args(annotation))
    return annotation, False


def parse_cell(model: type[BaseModel], field: str, text: str) -> Any:
    """The cell's text as a value to validate for `field` of `model`: enum values matched
    without regard to case, spaces or hyphens (`Heavy artillery` = `heavy_artillery`),
    booleans from yes/no, true/false, 1/0 or x; empty text is None where the field allows it.
    Numbers stay text for pydantic to convert, so its message names what is wrong.
    Raises ValueError for a word that is none of the field's choices."""
    text = text.strip()
    if field not in model.model_fields:
        raise ValueError(f"no field {field!r}")
    annotation, optional = _annotation(model, field)
    if text == "" and optional:
        return None
    if annotation is bool:
        lowered = text.lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ValueError(f"{text!r} is not yes or no")
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        wanted = text.lower().replace(" ", "_").replace("-", "_")
        for member in annotation:
            if str(member.value).lower() == wanted or member.name.lower() == wanted:
                return member
        choices = ", ".join(str(m.value) for m in annotation)
        raise ValueError(f"{text!r} is not one of {choices}")
    return text
