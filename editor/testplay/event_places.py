"""Where a test-play event happened, as the Test-play panel's log and the exported log say it.
Free of Qt, so the command line reports replays the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]


def hex_text(hex_: Offset | None) -> str:
    """A hex as the files write it."""
    return f"[{hex_[0]}, {hex_[1]}]" if hex_ is not None else ""


def event_place(game: Game, event: Event) -> tuple[Offset | None, tuple[str, ...]]:
    """Where an event happened and the units it names: its own hex, its objective's, or the
    hex its first unit stands on now."""
    units: tuple[str, ...] = ()
    for name in (
        "units",
        "attackers",
        "defenders",
        "isolated",
        "resupplied",
        "out_of_command",
        "back_in_command",
    ):
        # Rest and night fatigue name each unit with its points: ("A", 12).
        units += tuple(
            entry[0] if isinstance(entry, tuple) else entry
            for entry in getattr(event, name, ()) or ()
        )
    for name in (
        "unit",
        "target",
        "ran_low",
        "refuelled",
        "rallied",
        "broken_to_disrupted",
        "low_ammo",
        "unavailable",
        "available",
    ):
        value = getattr(event, name, None)
        if isinstance(value, str):
            units += (value,)
        elif value:
            units += tuple(value)
    hex_: Offset | None = getattr(event, "hex", None)
    if hex_ is None and getattr(event, "hexes", ()):
        hex_ = event.hexes[0]  # type: ignore[attr-defined]
    objective_id = getattr(event, "objective", None)
    if hex_ is None and objective_id is not None:
        objective = next((o for o in game.state.objectives if o.id == objective_id), None)
        hex_ = game.offset_of(objective.hex) if objective is not None else None
    if hex_ is None:
        placed = (game.state.units.get(u) for u in units)
        hex_ = next((game.offset_of(u.hex) for u in placed if u is not None and u.on_map), None)
    return hex_, units
