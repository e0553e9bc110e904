"""Where on the board a Tactical GameX event happened, for the Test-play log: a click on a log
line centres the board there, as the Panzer test-play log does. Qt-free."""

from __future__ import annotations

Offset = tuple[int, int]


def event_place(event: object) -> Offset | None:
    """The hex an event names: where an attack, a landing, a shell or a smoke screen fell, or
    where a move ended; None for an event of no place (initiative, pools, Housekeeping)."""
    for name in ("hex", "lands", "target"):
        place = getattr(event, name, None)
        if _is_offset(place):
            return place  # type: ignore[no-any-return]
    path = getattr(event, "path", None)
    if isinstance(path, tuple) and path and _is_offset(path[-1]):
        return path[-1]  # type: ignore[no-any-return]
    return None


def _is_offset(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)
