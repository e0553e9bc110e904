"""Canonical YAML writing for Hexwright files: the same data always gives the same bytes.

Mappings keep their order, small records of scalars go on one line (`{hex: [3, 4], kind:
river}`), everything else is in block style, and strings are quoted only when plain text would
read back as something else (by the implicit scalar types `schemas.yamlio` reads).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from yaml.resolver import Resolver

_RESOLVERS = Resolver.yaml_implicit_resolvers
_INDENT = "  "
_FLOW_WIDTH = 130
_FLOW_WIDTH_UNDER_KEY = 90
BLOCK_KEYS = frozenset({"terrain_rows", "elevation_rows", "connections", "raised"})
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


_STRING_CACHE: dict[tuple[str, bool], str] = {}


def _scalar(value: Any, in_flow: bool = False) -> str:
    if type(value) is str:
        # Keys and many values repeat thousands of times in a large OOB; quote each once.
        cached = _STRING_CACHE.get((value, in_flow))
        if cached is None:
            cached = _string(value, in_flow)
            if len(_STRING_CACHE) > 200_000:
                _STRING_CACHE.clear()
            _STRING_CACHE[(value, in_flow)] = cached
        return cached
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
        return _string(value, in_flow)
    raise TypeError(f"cannot write {type(value).__name__} as YAML")


def _string(value: str, in_flow: bool) -> str:
    if _needs_quotes(value, in_flow):
        return _NOT_PRINTABLE.sub(_escape, json.dumps(value, ensure_ascii=False))
    return value


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _flow(value: Any, room: int = _FLOW_WIDTH) -> str | None:
    """One-line form of a small record or list of scalars, or None if it does not fit."""
    if isinstance(value, dict):
        parts = []
        length = 0
        for key, item in value.items():
            if isinstance(item, list) and all(_is_scalar(x) for x in item):
                inner = ", ".join(_scalar(x, True) for x in item)
                part = f"{_scalar(key, True)}: [{inner}]"
            elif _is_scalar(item) and not (isinstance(item, str) and "\n" in item):
                part = f"{_scalar(key, True)}: {_scalar(item, True)}"
            else:
                return None
            length += len(part) + 2
            if length > room:
                return None
            parts.append(part)
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
        if not block and value and not all(_is_scalar(v) for v in value):
            flows = []
            for item in value:
                flow = _flow(item, _FLOW_WIDTH - len(indent) - 2)
                if flow is None:
                    break
                flows.append(flow)
            else:
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
