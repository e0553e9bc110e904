"""The strict base every file model derives from, and the small value types they share.

Models are frozen (edits make copies, which makes undo trivial), forbid unknown keys (a typo is
an error, not silently ignored data) and take their field documentation from attribute
docstrings, so the docs flow into the generated JSON Schema.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, ClassVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    SerializerFunctionWrapHandler,
    StringConstraints,
    WithJsonSchema,
    model_serializer,
)

from schemas.field_docs import document_fields


class Node(BaseModel):
    """Base of every file model: frozen, closed to unknown keys, documented field by field."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        # Field docs come from attribute docstrings too, read by `__pydantic_init_subclass__`
        # below once per module rather than by pydantic once per class.
        use_attribute_docstrings=False,
        validate_default=False,
        populate_by_name=False,
        # NaN and infinity are never what a designer means, and they poison every comparison.
        allow_inf_nan=False,
        # Validators and serializers are built on first use: a file read from the parse cache
        # (schemas/parse_cache.py) is never validated, and most commands serialize nothing.
        defer_build=True,
    )

    write_defaults: ClassVar[bool] = False
    """Root models set this to write every value, even those equal to their default."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        document_fields(cls)


class Tagged(Node):
    """Base of the members of a discriminated union: their `kind` is always written first,
    even when files leave other default values out, because loading needs it to tell them apart.
    """

    kind: str

    @model_serializer(mode="wrap")
    def _kind_first(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if "kind" in data and next(iter(data)) == "kind":
            return data
        return {"kind": self.kind, **{k: v for k, v in data.items() if k != "kind"}}


def measured(default: Any = ..., *, unit: str, **constraints: Any) -> Any:
    """A field carrying the physical unit of its value (`%`, `hexes`, `MP`, `men-equivalent`…).

    The unit lands in the JSON Schema as `x-unit`, where the editor's parameter tables read it.
    """
    return Field(default, json_schema_extra={"x-unit": unit}, **constraints)


Identifier = Annotated[
    str,
    StringConstraints(min_length=1, max_length=80, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$"),
]
"""A stable id: letters, digits and `_ . -`. References use ids, never list positions."""

# Limits of numbers the engine computes with. The manuals give none; these are far beyond any
# real title and well inside what the engine's arrays and arithmetic hold (its path tables keep
# costs x 1024 in 32-bit integers; dates end in the year 9999; floats overflow near 1e308).
MAX_MP = 999
"""Most movement points one cost may be."""
MAX_TURNS = 2000
"""Most game turns a scenario may have, and so the last turn anything may happen on."""
MAX_HEX = 3999
"""The last column or row of the largest map (4000 x 4000 hexes)."""
MAX_STRENGTH = 100_000
"""Most men, guns, vehicles or aircraft in one unit."""
MAX_VALUE = 10_000
"""Most an attack, defense, combat or count value may be."""
MAX_FACTOR = 1000
"""Most a multiplier (or victory points per man, gun or vehicle) may be."""
MAX_PERCENT = 1000
"""Most a percentage that may exceed 100 (a cost modifier, stockpiled fire) may be."""
MAX_POINTS = 1_000_000
"""Most victory points one objective or unit may be worth."""
MAX_SCORE = 100_000_000
"""Largest victory level or score advantage, either way."""
MAX_SEED = 2**63 - 1
"""Largest random seed."""

Percent = Annotated[int, Field(ge=0, le=100)]
"""A whole percentage from 0 to 100."""

SignedPercent = Annotated[int, Field(ge=-100, le=100)]
"""A whole percentage from -100 to 100 (modifiers and variations)."""

HexPos = Annotated[
    tuple[Annotated[int, Field(ge=0, le=MAX_HEX)], Annotated[int, Field(ge=0, le=MAX_HEX)]],
    WithJsonSchema(
        {
            "type": "array",
            "prefixItems": [
                {"type": "integer", "minimum": 0, "maximum": MAX_HEX, "description": "column"},
                {"type": "integer", "minimum": 0, "maximum": MAX_HEX, "description": "row"},
            ],
            "minItems": 2,
            "maxItems": 2,
            "description": "A hex as [column, row] in offset coordinates, counted from 0.",
        }
    ),
]
"""A hex as `[column, row]`, both counted from 0 at the top-left hex of the map."""


FIRST_YEAR, LAST_YEAR = 1000, 8999
"""The years a game date may fall in: the engine adds turns and days to dates, and Python's
dates end with the year 9999."""


def _in_years(value: date) -> None:
    if not FIRST_YEAR <= value.year <= LAST_YEAR:
        raise ValueError(
            f"the year must be from {FIRST_YEAR} to {LAST_YEAR} (the calendar the engine "
            f"counts turns in ends soon after), got {value.year}"
        )


def _parse_minutes_datetime(value: Any) -> Any:
    # YAML and JSON both give us text; accept a datetime too for callers building models in code
    # (and for YAML's unquoted timestamps). Nothing else: pydantic would take a number for
    # seconds since 1970 in UTC, and a zone-aware time cannot be compared with the game's clock.
    if isinstance(value, str):
        text = value.strip().replace("T", " ")
        try:
            value = datetime.strptime(text, "%Y-%m-%d %H:%M")
        except ValueError as exc:
            raise ValueError(
                f"expected a date and time as YYYY-MM-DD HH:MM, got {value!r}"
            ) from exc
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            raise ValueError(
                "expected a date and time as YYYY-MM-DD HH:MM with no time zone (the game's "
                f"clock is local time), got {value.isoformat(' ')!r}"
            )
        _in_years(value)
        return value
    raise ValueError(f"expected a date and time as YYYY-MM-DD HH:MM, not {_kind_of(value)}")


def _kind_of(value: Any) -> str:
    """What a value that should be a date is, in a designer's words."""
    if isinstance(value, date):
        return f"the date {value.isoformat()} alone"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "a mapping"
    return "nothing" if value is None else f"a {type(value).__name__}"


GameTime = Annotated[
    datetime,
    BeforeValidator(_parse_minutes_datetime),
    PlainSerializer(lambda value: value.strftime("%Y-%m-%d %H:%M"), return_type=str),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$",
            "description": "Date and time as YYYY-MM-DD HH:MM (game turns start on whole "
            f"minutes), local time with no time zone, in the years {FIRST_YEAR}-{LAST_YEAR}.",
        }
    ),
]
"""A game date and time to the minute, written `YYYY-MM-DD HH:MM`."""


def _parse_date(value: Any) -> Any:
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, str):
        try:
            value = date.fromisoformat(value.strip())
        except ValueError as exc:
            raise ValueError(f"expected a date as YYYY-MM-DD, got {value!r}") from exc
    if isinstance(value, date):
        _in_years(value)
        return value
    raise ValueError(f"expected a date as YYYY-MM-DD, not {_kind_of(value)}")


GameDate = Annotated[
    date,
    BeforeValidator(_parse_date),
    PlainSerializer(lambda value: value.isoformat(), return_type=str),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": r"^\d{4}-\d{2}-\d{2}$",
            "description": f"A calendar date as YYYY-MM-DD, in the years {FIRST_YEAR}-{LAST_YEAR}.",
        }
    ),
]
"""A calendar date, written `YYYY-MM-DD`."""


def _parse_clock(value: Any) -> Any:
    if isinstance(value, str):
        hours, _, minutes = value.strip().partition(":")
        if hours.isdigit() and minutes.isdigit():
            hour, minute = int(hours), int(minutes)
            if 0 <= hour < 24 and 0 <= minute < 60:
                return hour * 60 + minute
        raise ValueError(f"expected a time of day as HH:MM, got {value!r}")
    return value


ClockTime = Annotated[
    int,
    BeforeValidator(_parse_clock),
    Field(ge=0, lt=24 * 60),
    PlainSerializer(lambda minutes: f"{minutes // 60:02d}:{minutes % 60:02d}", return_type=str),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": r"^([01]\d|2[0-3]):[0-5]\d$",
            "description": "A time of day as HH:MM.",
        }
    ),
]
"""A time of day, written `HH:MM`; held as minutes after midnight."""
