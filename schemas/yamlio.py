"""Fast, safe YAML reading for Hexwright files.

Reading drives libyaml's C parser (PyYAML's `CParser`) and builds plain Python data from its
event stream, with the scalar typing of PyYAML's safe loader. That is about four times faster
than `yaml.CSafeLoader`, whose Python composer dominates on large orders of battle, and it can
report where any value stands (`locate`). Tags are refused, so reading never executes anything,
and what a file may hold is bounded while it is read: aliases may not expand it past
MAX_ALIAS_NODES nodes (a few hundred bytes of nested aliases can otherwise stand for billions)
and containers may not nest deeper than MAX_DEPTH, so no later step can run out of memory or
recursion on a hostile file.

Writing is `schemas.yamlwrite`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from schemas.text_marks import Mark

Path = tuple[str | int, ...]


MAX_ALIAS_NODES = 250_000
"""Most values that aliases may add to a file (each alias adds as many as its anchor holds)."""

MAX_DEPTH = 64
"""Deepest nesting of mappings and lists a file may have; Hexwright's own files need about 8."""


class YamlSyntaxError(ValueError):
    """The text is not valid YAML (or uses something Hexwright files never need, like tags)."""

    code = "SYNTAX001"
    """The problem code this error is reported with."""

    def __init__(self, message: str, line: int | None, column: int | None) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class YamlLimitError(YamlSyntaxError):
    """Valid YAML that would expand (aliases) or nest (depth) beyond what a file may hold."""


class AliasBombError(YamlLimitError):
    """Aliases that would expand the file past MAX_ALIAS_NODES values, or into itself."""

    code = "LOAD004"


class TooDeepError(YamlLimitError):
    """Mappings and lists nested deeper than MAX_DEPTH."""

    code = "LOAD005"


_RESOLVERS = Resolver.yaml_implicit_resolvers
_SCALAR_CONSTRUCTOR = SafeConstructor()
_PLAIN_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
_PLAIN_FLOAT = re.compile(r"^[-+]?[0-9]+\.[0-9]+$")
_CONSTANTS: dict[str, Any] = {"true": True, "false": False, "null": None, "~": None}


_TYPED_CACHE: dict[str, Any] = {}


def _typed_scalar(value: str, plain: bool) -> Any:
    """The Python value of a scalar, exactly as PyYAML's safe loader types it."""
    if not plain:
        return value
    # Keys and enum values repeat thousands of times; every value typed here is immutable.
    try:
        return _TYPED_CACHE[value]
    except KeyError:
        pass
    typed = _resolve_plain(value)
    if len(_TYPED_CACHE) > 200_000:
        _TYPED_CACHE.clear()
    _TYPED_CACHE[value] = typed
    return typed


def _resolve_plain(value: str) -> Any:
    if not value:
        return None
    if value in _CONSTANTS:
        return _CONSTANTS[value]
    for tag, regexp in _RESOLVERS.get(value[0], ()):
        if regexp.match(value):
            if tag == "tag:yaml.org,2002:int" and _PLAIN_INT.match(value):
                return int(value)
            if tag == "tag:yaml.org,2002:float" and _PLAIN_FLOAT.match(value):
                return float(value)
            if tag == "tag:yaml.org,2002:str":
                return value
            if tag in ("tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"):
                raise YamlSyntaxError(f"'{value}' keys are not supported", None, None)
            node = ScalarNode(tag, value)
            typed = _SCALAR_CONSTRUCTOR.construct_object(node, deep=True)
            if isinstance(typed, int) and typed.bit_length() > _MOST_BITS:
                # Hex, octal and 60-based numbers have no digit limit, but no message could
                # show such a number: Python writes out ints of at most 4300 digits.
                raise ValueError(f"a number of over {_MOST_BITS} bits")
            return typed
    return value


_MOST_BITS = 4096


def _mark(event: Any) -> Mark:
    return Mark(event.start_mark.line + 1, event.start_mark.column + 1)


_PARSER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's parser, or PyYAML's pure-Python one where PyYAML was built without libyaml."""


def _events(text: str) -> Iterator[Any]:
    # Driving the C parser directly avoids yaml.parse's generator, a fifth of the reading time.
    try:
        parser = _PARSER(text)  # the pure-Python reader checks the characters here
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text) from exc
    get_event = parser.get_event
    try:
        while True:
            event = get_event()
            yield event
            if type(event) is yaml.StreamEndEvent:
                return
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, text) from exc
    finally:
        parser.dispose()


def _syntax_error(exc: yaml.YAMLError, text: str) -> YamlSyntaxError:
    """The error of the parser, at its line and column."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        column = mark.column + 1 if mark is not None else None
        bare = _bare_question_mark(text, line)
        if bare is not None:
            return YamlSyntaxError(bare[1], line, bare[0])
        return YamlSyntaxError(str(exc.problem or exc), line, column)
    if isinstance(exc, yaml.reader.ReaderError):
        # A character YAML does not allow in a file: its place is an offset into the text.
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        shown = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
        return YamlSyntaxError(
            f"the character {shown} is not allowed in YAML text ({exc.reason})", line, column
        )
    return YamlSyntaxError(str(exc), None, None)


_BARE_QUESTION = re.compile(r"([A-Za-z_][\w-]*):[ \t]+\?(?=[ \t]*(?:[,}\]#]|$))")
"""`black: ?`: a "?" die of an Action Deck card [003 24.2] written as the card shows it, which
YAML reads as the start of a complex key."""


def _bare_question_mark(text: str, line: int | None) -> tuple[int, str] | None:
    """The column and message for a bare `?` value on the line the parser stopped at."""
    if line is None:
        return None
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    found = _BARE_QUESTION.search(lines[line - 1])
    if found is None:
        return None
    field = found.group(1)
    return found.end(), (
        f"{field}: a bare ? is YAML syntax, not a value: write '?' in quotes or `event` "
        f"({field}: '?' or {field}: event)"
    )


def _build(text: str) -> tuple[Any, list[tuple[Path, Mark]]]:
    """Build data from the event stream; also return the keys given twice in one mapping.

    The state of the open container lives in local variables, not in frames on a stack, because
    this loop runs once per scalar of the file and is the whole cost of reading a large OOB.
    """
    duplicates: list[tuple[Path, Mark]] = []
    anchors: dict[str, Any] = {}
    # Anchored containers still open, by depth: an alias to one would make the data contain
    # itself. Sizes count the values an alias adds, so expansion is bounded without expanding.
    open_anchors: dict[int, str] = {}
    sizes: dict[int, int] = {}
    aliased = 0
    saved: list[tuple[Any, bool, Any, Any, Path, Any]] = []
    container: Any = None
    is_list = False
    key: Any = _NO_KEY
    key_event: Any = None
    path: Path = ()
    root: Any = None
    documents = 0
    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    mapping_start, sequence_start = yaml.MappingStartEvent, yaml.SequenceStartEvent
    mapping_end, sequence_end = yaml.MappingEndEvent, yaml.SequenceEndEvent

    for event in _events(text):
        kind = type(event)
        if kind is scalar_event or kind is alias_event:
            at = event
            if kind is alias_event:
                if event.anchor not in anchors:
                    if event.anchor in open_anchors.values():
                        raise AliasBombError(
                            f"the alias *{event.anchor} stands inside the value it names, "
                            "which would repeat forever",
                            *_line_col(event),
                        )
                    raise YamlSyntaxError(f"unknown alias *{event.anchor}", *_line_col(event))
                value = anchors[event.anchor]
                aliased += _expanded_size(value, sizes)
                if aliased > MAX_ALIAS_NODES:
                    raise AliasBombError(
                        f"the file expands to more than {MAX_ALIAS_NODES} values through "
                        "aliases (an alias bomb?)",
                        *_line_col(event),
                    )
            else:
                if event.tag is not None and event.tag != "!":
                    raise YamlSyntaxError(
                        f"tags such as {event.tag} are not allowed", *_line_col(event)
                    )
                try:
                    value = _typed_scalar(event.value, event.implicit[0])
                except ValueError as exc:  # more digits than Python converts, a `<<` key
                    raise YamlSyntaxError(_unreadable(event.value, exc), *_line_col(event)) from exc
                if event.anchor:
                    anchors[event.anchor] = value
        elif kind is mapping_start or kind is sequence_start:
            if event.tag is not None and event.tag != "!":
                raise YamlSyntaxError(
                    f"tags such as {event.tag} are not allowed", *_line_col(event)
                )
            if container is not None and not is_list and key is _NO_KEY:
                raise YamlSyntaxError("a mapping key must be a plain value", *_line_col(event))
            child_path = (
                path
                if container is None
                else ((*path, len(container)) if is_list else (*path, key))
            )
            saved.append((container, is_list, key, key_event, path, event))
            if len(saved) > MAX_DEPTH:
                raise TooDeepError(
                    f"mappings and lists are nested more than {MAX_DEPTH} deep", *_line_col(event)
                )
            container = {} if kind is mapping_start else []
            if event.anchor:
                # Named once it is complete: an alias inside it would make it contain itself.
                anchors.pop(event.anchor, None)
                open_anchors[len(saved)] = event.anchor
            is_list, key, key_event, path = kind is sequence_start, _NO_KEY, None, child_path
            continue
        elif kind is mapping_end or kind is sequence_end:
            value = container
            if open_anchors and len(saved) in open_anchors:
                anchors[open_anchors.pop(len(saved))] = value
            container, is_list, key, key_event, path, start = saved.pop()
            at = start  # a finished container is marked where it began
        else:
            if kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise YamlSyntaxError(
                        "a file holds one document; found a second '---'", *_line_col(event)
                    )
            continue

        # Attach `value` (a scalar, an alias or a finished container) to the open container.
        if container is None:
            root = value
        elif is_list:
            container.append(value)
        elif key is _NO_KEY:
            key, key_event = value, at
        else:
            if key in container:
                duplicates.append(((*path, key), _mark(key_event)))
            container[key] = value
            key = _NO_KEY
    return root, duplicates


def _unreadable(value: str, exc: ValueError) -> str:
    if isinstance(exc, YamlSyntaxError):
        return str(exc)
    shown = value if len(value) <= 20 else f"{value[:20]}… ({len(value)} characters)"
    return f"'{shown}' cannot be read as a value: {str(exc).split(';')[0]}"


def _expanded_size(value: Any, sizes: dict[int, int]) -> int:
    """How many values `value` stands for once every alias in it is written out.

    Shared containers are counted once per use but computed once (`sizes`, by identity), so
    this takes time in proportion to the text, not to the expansion.
    """
    if not isinstance(value, (dict, list)):
        return 1
    known = sizes.get(id(value))
    if known is None:
        children = value.values() if isinstance(value, dict) else value
        known = 1 + sum(_expanded_size(child, sizes) for child in children)
        sizes[id(value)] = known
    return known


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
    return _build(text)[0]


def load_checked(text: str) -> tuple[Any, list[tuple[Path, Mark]]]:
    """Parse YAML text; also return keys that appear twice in one mapping (the last one wins)."""
    return _build(text)


def locate(text: str, wanted: Iterable[Path]) -> dict[Path, Mark]:
    """The marks of the wanted paths and of their ancestors, reading only as far as needed.

    Parsing stops once every wanted path is found or can no longer appear (its container has
    closed), so a problem near the top of a large file is located at once. Paths that do not
    exist in the text (a missing field) have no mark; their nearest ancestor does.

    >>> text = "a: 1\\nunits:\\n  - id: x\\n    hex: [1, 2]\\n"
    >>> locate(text, [("units", 0, "hex")])[("units", 0, "hex")]
    Mark(line=4, column=5)
    """
    wanted = set(wanted)
    prefixes = {w[:i] for w in wanted for i in range(len(w) + 1)}
    beneath: dict[Path, list[Path]] = {}
    for w in wanted:
        for i in range(len(w)):
            beneath.setdefault(w[:i], []).append(w)
    pending = set(wanted)
    found: dict[Path, Mark] = {}
    saved: list[tuple[Path, bool, int, Any, Any]] = []
    path: Path = ()
    is_list, index, key, key_event, opened = False, 0, _NO_KEY, None, False
    starts = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    events = _events(text)
    try:
        for event in events:
            kind = type(event)
            if kind is yaml.ScalarEvent or kind is yaml.AliasEvent or kind in starts:
                child: Path | None = None
                if opened and is_list:
                    child, at, index = (*path, index), event, index + 1
                elif opened and key is _NO_KEY:
                    if kind is yaml.ScalarEvent:
                        try:
                            key = _typed_scalar(event.value, event.implicit[0])
                        except ValueError:
                            key = event.value
                        key_event = event
                        continue
                    # A mapping used as a key: it never lies on a wanted path.
                    key, key_event = _NO_KEY, event
                    child, at = (*path, "\x00"), event
                elif opened:
                    child, at, key = (*path, key), key_event, _NO_KEY
                if child is not None and child in prefixes:
                    found[child] = _mark(at)
                    pending.discard(child)
                elif kind in starts and child is not None:
                    # No wanted path runs through this container: pass over it unread.
                    _skip_container(events, starts)
                    continue
                if kind in starts:
                    saved.append((path, is_list, index, key, opened))
                    path = child if child is not None else ()
                    is_list, index, key, opened = kind is yaml.SequenceStartEvent, 0, _NO_KEY, True
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                for gone in beneath.get(path, ()):
                    pending.discard(gone)
                path, is_list, index, key, opened = saved.pop()
            if not pending:
                break
    except YamlSyntaxError:
        pass
    return found


def _skip_container(events: Iterator[Any], starts: tuple[type, type]) -> None:
    """Consume the events of a container whose start was just read, up to its end."""
    depth = 1
    ends = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    for event in events:
        kind = type(event)
        if kind in starts:
            depth += 1
        elif kind in ends:
            depth -= 1
            if depth == 0:
                return
