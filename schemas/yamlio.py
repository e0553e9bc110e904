"""Fast, safe YAML reading and canonical YAML writing for Hexwright files.

Reading drives libyaml's C parser (PyYAML's `CParser`) and builds plain Python data from its
event stream, with the scalar typing of PyYAML's safe loader. That is about four times faster
than `yaml.CSafeLoader`, whose Python composer dominates on large orders of battle, and it can
report where any value stands (`locate`). Tags are refused, so reading never executes anything.

Writing is canonical: the same data always gives the same bytes. Mappings keep their order,
small records of scalars go on one line (`{hex: [3, 4], kind: river}`), everything else is in
block style, and strings are quoted only when plain text would read back as something else.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

Path = tuple[str | int, ...]


class YamlSyntaxError(ValueError):
    """The text is not valid YAML (or uses something Hexwright files never need, like tags)."""

    def __init__(self, message: str, line: int | None, column: int | None) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a value starts in the text: 1-based line and column."""

    line: int
    column: int


_RESOLVERS = Resolver.yaml_implicit_resolvers
_SCALAR_CONSTRUCTOR = SafeConstructor()
_PLAIN_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")


def _typed_scalar(value: str, plain: bool) -> Any:
    """The Python value of a scalar, exactly as PyYAML's safe loader types it."""
    if not plain or not value:
        return value if value or not plain else None
    for tag, regexp in _RESOLVERS.get(value[0], ()):
        if regexp.match(value):
            if tag == "tag:yaml.org,2002:int" and _PLAIN_INT.match(value):
                return int(value)
            if tag == "tag:yaml.org,2002:str":
                return value
            if tag in ("tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"):
                raise YamlSyntaxError(f"'{value}' keys are not supported", None, None)
            node = ScalarNode(tag, value)
            return _SCALAR_CONSTRUCTOR.construct_object(node, deep=True)
    return value


def _mark(event: Any) -> Mark:
    return Mark(event.start_mark.line + 1, event.start_mark.column + 1)


def _events(text: str) -> Iterator[Any]:
    try:
        yield from yaml.parse(text, Loader=yaml.CSafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        column = mark.column + 1 if mark is not None else None
        raise YamlSyntaxError(str(exc.problem or exc), line, column) from exc
    except yaml.YAMLError as exc:
        raise YamlSyntaxError(str(exc), None, None) from exc


def _build(text: str, marks: dict[Path, Mark] | None) -> tuple[Any, list[tuple[Path, Mark]]]:
    """Build data from the event stream; optionally record the mark of every path."""
    duplicates: list[tuple[Path, Mark]] = []
    anchors: dict[str, Any] = {}
    # Each frame: [container, path, pending key or None, anchor]
    stack: list[list[Any]] = []
    root: Any = None
    documents = 0

    def attach(value: Any, event: Any) -> None:
        nonlocal root
        if not stack:
            root = value
            return
        frame = stack[-1]
        container = frame[0]
        if isinstance(container, list):
            if marks is not None:
                marks[(*frame[1], len(container))] = _mark(event)
            container.append(value)
        elif frame[2] is _NO_KEY:
            if isinstance(value, (dict, list)):
                raise YamlSyntaxError("a mapping key must be a plain value", *_line_col(event))
            frame[2] = value
            frame[3] = event
        else:
            key = frame[2]
            if key in container:
                duplicates.append(((*frame[1], key), _mark(frame[3])))
            if marks is not None:
                marks[(*frame[1], key)] = _mark(frame[3])
            container[key] = value
            frame[2] = _NO_KEY

    def child_path() -> Path:
        if not stack:
            return ()
        frame = stack[-1]
        if isinstance(frame[0], list):
            return (*frame[1], len(frame[0]))
        return (*frame[1], frame[2])

    for event in _events(text):
        kind = type(event)
        if kind is yaml.ScalarEvent:
            if event.tag is not None and event.tag != "!":
                raise YamlSyntaxError(
                    f"tags such as {event.tag} are not allowed", *_line_col(event)
                )
            value = _typed_scalar(event.value, event.implicit[0])
            if event.anchor:
                anchors[event.anchor] = value
            attach(value, event)
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            if event.tag is not None and event.tag != "!":
                raise YamlSyntaxError(
                    f"tags such as {event.tag} are not allowed", *_line_col(event)
                )
            path = child_path()
            container: Any = {} if kind is yaml.MappingStartEvent else []
            if event.anchor:
                anchors[event.anchor] = container
            if stack and not isinstance(stack[-1][0], list) and stack[-1][2] is _NO_KEY:
                raise YamlSyntaxError("a mapping key must be a plain value", *_line_col(event))
            attach_later = (container, event)
            stack.append([container, path, _NO_KEY, None, attach_later])
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            frame = stack.pop()
            container, start_event = frame[4]
            attach(container, start_event)
        elif kind is yaml.AliasEvent:
            if event.anchor not in anchors:
                raise YamlSyntaxError(f"unknown alias *{event.anchor}", *_line_col(event))
            attach(anchors[event.anchor], event)
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise YamlSyntaxError(
                    "a file holds one document; found a second '---'", *_line_col(event)
                )
    return root, duplicates


class _NoKey:
    __slots__ = ()


_NO_KEY: Any = _NoKey()


def _line_col(event: Any) -> tuple[int, int]:
    return event.start_mark.line + 1, event.start_mark.column + 1


def load(text: str) -> Any:
    """Parse YAML text into plain data, typed as `yaml.safe_load` would type it.

    >>> load("a: 1\\nb: [x, 2.5, yes, null]\\n")
    {'a': 1, 'b': ['x', 2.5, True, None]}
    """
    return _build(text, None)[0]


def load_checked(text: str) -> tuple[Any, list[tuple[Path, Mark]]]:
    """Parse YAML text; also return keys that appear twice in one mapping (the last one wins)."""
    return _build(text, None)


def locate_all(text: str) -> dict[Path, Mark]:
    """The mark of every key and list item in the text, by its path from the root.

    >>> marks = locate_all("units:\\n  - id: a\\n  - id: b\\n")
    >>> marks[("units", 1, "id")]
    Mark(line=3, column=5)
    """
    marks: dict[Path, Mark] = {}
    _build(text, marks)
    return marks


# ---------------------------------------------------------------------------------------------
# Canonical writer

_INDENT = "  "
_FLOW_WIDTH = 130
_FLOW_WIDTH_UNDER_KEY = 90
BLOCK_KEYS = frozenset({"terrain_rows", "elevation_rows", "connections"})
"""Keys whose values are always written one item per line: dense map layers, so a one-hex edit
changes one line of the file."""
_PLAIN_SAFE = re.compile(r"^[A-Za-z0-9_./()+\-][A-Za-z0-9 _./()'+,\-]*$")
# Characters written escaped: those YAML does not allow raw in a file (outside its "printable"
# set) and the ones YAML 1.1 reads as line breaks (NEL, LS, PS), which quoting would fold.
_NOT_PRINTABLE = re.compile(
    "[^\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
_AMBIGUOUS_START = re.compile(r"^(?:[-?:,\[\]{}#&*!|>'\"%@`]|- )")


def _needs_quotes(text: str, in_flow: bool) -> bool:
    if not text or text != text.strip() or not _PLAIN_SAFE.match(text):
        return True
    if in_flow and "," in text:
        return True
    if _AMBIGUOUS_START.match(text) or ": " in text or " #" in text or text.endswith(":"):
        return True
    return any(regexp.match(text) for _tag, regexp in _RESOLVERS.get(text[0], ()))


def _scalar(value: Any, in_flow: bool = False) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        text = repr(value)
        if "e" in text or "E" in text:
            mantissa, _, exponent = text.lower().partition("e")
            if "." not in mantissa:
                mantissa += ".0"
            sign = "" if exponent.startswith(("-", "+")) else "+"
            text = f"{mantissa}e{sign}{exponent}"
        return text
    if isinstance(value, str):
        if _needs_quotes(value, in_flow):
            quoted = json.dumps(value, ensure_ascii=False)
            return _NOT_PRINTABLE.sub(_escape, quoted)
        return value
    raise TypeError(f"cannot write {type(value).__name__} as YAML")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _flow(value: Any, room: int = _FLOW_WIDTH) -> str | None:
    """One-line form of a small record or list of scalars, or None if it does not fit."""
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            if isinstance(item, list) and all(_is_scalar(x) for x in item):
                inner = ", ".join(_scalar(x, True) for x in item)
                parts.append(f"{_scalar(key, True)}: [{inner}]")
            elif _is_scalar(item) and not (isinstance(item, str) and "\n" in item):
                parts.append(f"{_scalar(key, True)}: {_scalar(item, True)}")
            else:
                return None
        text = "{" + ", ".join(parts) + "}"
    elif isinstance(value, list):
        if not all(_is_scalar(x) and not (isinstance(x, str) and len(x) > 40) for x in value):
            return None
        text = "[" + ", ".join(_scalar(x, True) for x in value) + "]"
    else:
        return None
    return text if len(text) <= room else None


def _block_string(text: str, indent: str) -> str | None:
    """A literal block (`|`) for multi-line text, if it round-trips exactly."""
    if "\n" not in text or text != text.rstrip(" ") or "\r" in text or "\t" in text:
        return None
    if text.startswith((" ", "\n")) or _NOT_PRINTABLE.search(text):
        return None
    body = text[:-1] if text.endswith("\n") else text
    if body.endswith("\n") or any(line != line.rstrip(" ") for line in body.split("\n")):
        return None
    chomp = "" if text.endswith("\n") else "-"
    lines = [f"{indent}{line}" if line else "" for line in body.split("\n")]
    return f"|{chomp}\n" + "\n".join(lines)


def _emit(value: Any, indent: str, out: list[str], block: bool = False) -> None:
    """Append the block form of a mapping or list whose first line is already started."""
    if isinstance(value, dict):
        for key, item in value.items():
            prefix = f"{indent}{_scalar(key)}:"
            _emit_item(prefix, item, indent, out, block=block or key in BLOCK_KEYS)
    else:
        # Records of one list share one style: all on one line each if they all fit.
        flows = None if block else [_flow(item, _FLOW_WIDTH - len(indent) - 2) for item in value]
        if flows and all(f is not None for f in flows) and not all(_is_scalar(v) for v in value):
            out.extend(f"{indent}- {flow}" for flow in flows)
            return
        for item in value:
            _emit_item(f"{indent}-", item, indent, out, in_list=True, block=True)


def _emit_item(
    prefix: str,
    item: Any,
    indent: str,
    out: list[str],
    *,
    in_list: bool = False,
    block: bool = False,
) -> None:
    # `block` forces block style (dense layers, or records of a list that did not all fit).
    if isinstance(item, str) and "\n" in item:
        literal = _block_string(item, indent + _INDENT)
        out.append(f"{prefix} {literal if literal is not None else _scalar(item)}")
    elif _is_scalar(item):
        out.append(f"{prefix} {_scalar(item)}")
    elif not item:
        out.append(f"{prefix} {'{}' if isinstance(item, dict) else '[]'}")
    else:
        # A record under a key reads better unfolded unless short, like `{allied: 80, axis: 60}`.
        flow = None if block or in_list else _flow(item, _FLOW_WIDTH_UNDER_KEY - len(prefix) - 1)
        if flow is not None:
            out.append(f"{prefix} {flow}")
        elif in_list and isinstance(item, dict):
            # "- key: value" with the rest of the mapping aligned under the first key.
            lines: list[str] = []
            _emit(item, indent + _INDENT, lines)
            first = lines[0][len(indent) + len(_INDENT) :]
            out.append(f"{prefix} {first}")
            out.extend(lines[1:])
        else:
            out.append(prefix)
            _emit(item, indent + _INDENT, out, block)


def dump(data: dict[str, Any]) -> str:
    """Canonical YAML text of plain data (dicts, lists, str, int, float, bool, None).

    >>> print(dump({"name": "Bulge", "terrain_rows": ["..f", "f.."], "hex": [3, 4], "on": True}),
    ...       end="")
    name: Bulge
    terrain_rows:
      - ..f
      - f..
    hex: [3, 4]
    "on": true
    """
    if not data:
        return "{}\n"
    out: list[str] = []
    _emit(data, "", out)
    return "\n".join(out) + "\n"
