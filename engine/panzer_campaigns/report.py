"""Turn-by-turn reports of a test-play, as `hexwright play` and `hexwright supply` print them and
the editor's test-play panel shows them: what happened, the weather, supply and isolation per
side, objective owners, each side's losses and the score, as plain data, JSON or text.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from engine.panzer_campaigns.events import Arrived, Event, Released, Withdrew
from engine.panzer_campaigns.explicit_supply import current_range, is_explicit, supply_units
from engine.panzer_campaigns.game import Game, Offset
from engine.panzer_campaigns.objectives import Score
from engine.panzer_campaigns.state_records import Losses
from engine.panzer_campaigns.supply import local_supply
from schemas.panzer_campaigns.scenario import DayPhase
from schemas.vocabulary import Condition, Side


@dataclass(frozen=True, slots=True)
class SideSupply:
    """One side's supply: the Local Supply Value of every hex its units occupy [000 10.1]."""

    side: Side
    values: dict[Offset, int]
    """LSV by occupied hex; 0 = isolated."""
    sources: dict[Offset, str | None]
    """The supply source feeding each occupied hex (None: map edge or none)."""
    isolated: tuple[str, ...]
    """Ids of the side's Isolated units."""
    supply_units: tuple[tuple[str, Offset, int, int], ...] = ()
    """Under Explicit Supply [000 10.4], the side's supply units on the map: (id, hex,
    strength in vehicles, range now; -1 when Unavailable in Travel or Rail Mode)."""


@dataclass(frozen=True, slots=True)
class TurnReport:
    """One game turn as played: its time and weather, what happened, and the state at its end."""

    turn: int
    time: datetime
    phase: DayPhase
    condition: Condition
    storm: bool
    visibility: int
    """Effective visibility (after dawn, dusk, night and storm) [000 11.0]."""
    nominal_visibility: int
    events: tuple[Event, ...]
    supply: dict[Side, SideSupply]
    owners: dict[str, Side | None]
    score: Score
    losses: dict[Side, Losses] = dataclasses.field(default_factory=dict)
    """What each side has lost so far, and the points that earned the enemy [000 12.0]."""


def side_supply(game: Game, side: Side) -> SideSupply:
    """The supply of one side as it stands."""
    state = game.state
    supply_map = local_supply(state, side)
    occupied = sorted({u.hex for u in state.iter_units(side)})
    return SideSupply(
        side,
        {game.offset_of(h): supply_map.held_value(h) for h in occupied},
        {game.offset_of(h): supply_map.source_of(h) for h in occupied},
        # From the trace, not the units' flags: those are set at the start of their own
        # player turn, and a report may come before it (the other side moves first).
        tuple(u.id for u in state.iter_units(side) if supply_map.is_unit_isolated(u)),
        tuple(
            (u.id, game.offset_of(u.hex), u.strength, current_range(u))
            for u in supply_units(state, side)
        )
        if is_explicit(state)
        else (),
    )


def iter_turn_reports(
    game: Game, turns: int | None = None, give_orders: Callable[[Game], object] | None = None
) -> Iterator[TurnReport]:
    """Play `turns` game turns (default: to the end), reporting each: with no orders, or with
    those `give_orders` gives at each player turn (a computer player's).

    Supply, owners and the score are taken when both sides have had their player turn, before
    the game turn ends (so a turn's report never shows the next turn's arrivals).
    """
    played = 0
    while not game.is_over and (turns is None or played < turns):
        turn, weather = game.turn, game.weather
        time, phase = game.time, game.day_phase
        if give_orders is not None:
            give_orders(game)
        game.end_player_turn()
        if give_orders is not None and not game.is_over:
            give_orders(game)
        supply = {side: side_supply(game, side) for side in Side}
        owners = game.objective_owners()
        score = game.score()
        game.end_player_turn()
        yield TurnReport(
            turn,
            time,
            phase,
            weather.condition,
            weather.storm,
            weather.effective_visibility,
            weather.visibility,
            tuple(game.iter_log(turn)),
            supply,
            owners,
            game.score() if game.is_over else score,
            {side: dataclasses.replace(game.state.losses[side]) for side in Side},
        )
        played += 1


# --- JSON -------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {_key(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _key(key: Any) -> str:
    if isinstance(key, tuple):
        return ",".join(map(str, key))
    return str(_plain(key))


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as a JSON object: its type, its fields and its sentence."""
    return {"type": type(event).__name__, **_plain(event), "text": event.describe()}


def side_supply_to_json(supply: SideSupply) -> dict[str, Any]:
    """A side's supply as JSON: hexes are "column,row" keys."""
    found: dict[str, Any] = {
        "isolated": list(supply.isolated),
        "local_supply": {_key(h): v for h, v in supply.values.items()},
        "sources": {_key(h): s for h, s in supply.sources.items()},
    }
    if supply.supply_units:  # Explicit Supply [000 10.4]
        found["supply_units"] = [
            {"unit": unit, "hex": _key(where), "strength": strength, "range": reach}
            for unit, where, strength, reach in supply.supply_units
        ]
    return found


def turn_report_to_json(report: TurnReport) -> dict[str, Any]:
    """A turn report as a JSON object."""
    return {
        "turn": report.turn,
        "time": _plain(report.time),
        "phase": report.phase.value,
        "weather": {
            "condition": report.condition.value,
            "storm": report.storm,
            "visibility": report.visibility,
            "nominal_visibility": report.nominal_visibility,
        },
        "events": [event_to_json(e) for e in report.events],
        "supply": {side.value: side_supply_to_json(s) for side, s in report.supply.items()},
        "objectives": {k: _plain(v) for k, v in report.owners.items()},
        "score": _plain(report.score),
        "losses": {side.value: _plain(losses) for side, losses in report.losses.items()},
    }


# --- text -------------------------------------------------------------------------------------

_WIDTH = 100


def _hexes(hexes: list[Offset]) -> str:
    return " ".join(f"[{c},{r}]" for c, r in hexes)


def format_side_supply(supply: SideSupply, indent: str = "  ") -> list[str]:
    """Lines listing a side's LSV by value, then its isolated units."""
    by_value: dict[int, list[Offset]] = {}
    for offset, value in supply.values.items():
        by_value.setdefault(value, []).append(offset)
    lines = [
        f"{indent}{supply.side.value}: {len(supply.values)} occupied hexes, "
        f"{len(supply.isolated)} isolated unit(s)"
    ]
    for value in sorted(by_value, reverse=True):
        label = f"{indent}  LSV {value:3d} ({len(by_value[value])}): "
        lines += textwrap.wrap(
            _hexes(by_value[value]),
            _WIDTH,
            initial_indent=label,
            subsequent_indent=" " * len(label),
        )
    if supply.isolated:
        lines += textwrap.wrap(
            ", ".join(supply.isolated),
            _WIDTH,
            initial_indent=f"{indent}  isolated: ",
            subsequent_indent=f"{indent}            ",
        )
    for unit, where, strength, reach in supply.supply_units:
        what = f"range {reach}" if reach >= 0 else "Unavailable (Travel or Rail Mode)"
        lines.append(
            f"{indent}  supply unit {unit} at {_hexes([where])}: {strength} vehicles, {what}"
        )
    return lines


def _wrapped(text: str) -> list[str]:
    """An event's sentence as report lines: long lists of units wrap under it."""
    return textwrap.wrap(
        text, _WIDTH, initial_indent="  ", subsequent_indent="      ", break_on_hyphens=False
    )


def format_losses(losses: Losses) -> str:
    """A side's losses in a few words.

    >>> format_losses(Losses(men=120, vehicles=3, points=150))
    '120 men, 0 guns, 3 vehicles (150 VP to the enemy)'
    """
    return (
        f"{losses.men} men, {losses.guns} guns, {losses.vehicles} vehicles "
        f"({losses.points:g} VP to the enemy)"
    )


def format_turn_report(report: TurnReport) -> str:
    """A turn report as the text `hexwright play` prints."""
    storm = ", storm" if report.storm else ""
    lines = [
        f"Turn {report.turn}  {report.time:%Y-%m-%d %H:%M}  {report.phase.value}  "
        f"{report.condition.value}{storm}, visibility {report.visibility} "
        f"(nominal {report.nominal_visibility})"
    ]
    for kind, title in ((Arrived, "arrived"), (Withdrew, "withdrew"), (Released, "released")):
        for event in report.events:
            if isinstance(event, kind):
                lines += _wrapped(f"{title}: {event.describe()}")
    for event in report.events:
        if not isinstance(event, Arrived | Withdrew | Released):
            lines += _wrapped(event.describe())
    lines.append("  supply")
    for side in Side:
        lines += format_side_supply(report.supply[side], indent="    ")
    owners: dict[str, list[str]] = {}
    for objective, owner in report.owners.items():
        owners.setdefault(owner.value if owner else "neutral", []).append(objective)
    lines += textwrap.wrap(
        "; ".join(f"{who}: {', '.join(ids)}" for who, ids in owners.items()) or "none",
        _WIDTH,
        initial_indent="  objectives ",
        subsequent_indent="             ",
    )
    for side, losses in report.losses.items():
        lines.append(f"  losses {side.value}: {format_losses(losses)}")
    lines.append(f"  score {report.score.describe()}")
    return "\n".join(lines)
