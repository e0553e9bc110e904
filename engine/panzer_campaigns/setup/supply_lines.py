"""Setup checks of supply: sources stand on land and feed somebody, a side without sources has
map-edge ground hexes to trace to, no unit starts Isolated, and under Explicit Supply each side
has supply units [000 10.1, 10.2, 10.4].
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.panzer_campaigns.explicit_supply import is_explicit
from engine.panzer_campaigns.setup._context import SetupContext, describe
from engine.panzer_campaigns.supply import has_sources, local_supply
from schemas.problems import Problem, Severity
from schemas.vocabulary import Side


def _is_water(context: SetupContext, hex_index: int) -> bool:
    board = context.state.board
    number = board.terrain[hex_index]
    return number < len(board.terrain_ids) and board.legend[board.terrain_ids[number]].water


def check_sources(context: SetupContext) -> Iterator[Problem]:
    """SETUP018, SETUP020: sources on water; sides with no source and no map-edge ground hex.

    A source's "hex not water" is a rule of the setup check (B.1): supply lines are traced over
    ground [000 10.1]. "any map edge ground hex is essentially a Supply Source" for a side with
    none [000 10.1], so a side whose map edge is all water has no supply at all.
    """
    state = context.state
    board = state.board
    for number, source in enumerate(state.scenario.supply.sources):
        column, row = source.hex
        if board.grid.contains(column, row) and _is_water(context, board.index(column, row)):
            yield Problem(
                Severity.ERROR,
                "SETUP018",
                f"supply source '{source.id}' ({source.side.value}) is on water at "
                f"[{column}, {row}]; supply is traced over ground [000 10.1]",
                path=("supply", "sources", number, "hex"),
                hex=source.hex,
                object_id=source.id,
            )
    with_sources = {source.side for source in state.scenario.supply.sources}
    sides_in_play = {unit.side for unit in state.units.values()}
    for side in Side:
        if side in with_sources or side not in sides_in_play:
            continue
        if not any(not _is_water(context, h) for h in _edge_hexes(context)):
            yield Problem(
                Severity.WARNING,
                "SETUP020",
                f"the {side.value} side has no supply source and the map edge has no ground "
                "hex to trace supply to, so all its units are Isolated [000 10.1]",
                path=("supply", "sources"),
                object_id=side.value,
            )


def _edge_hexes(context: SetupContext) -> Iterator[int]:
    board = context.state.board
    width, height = board.width, board.height
    for column in range(width):
        yield column
        yield (height - 1) * width + column
    for row in range(height):
        yield row * width
        yield row * width + width - 1


def check_supply_lines(context: SetupContext) -> Iterator[Problem]:
    """SETUP019, SETUP021: the Local Supply Values at the start (`engine.panzer_campaigns.supply`).

    - Each unit on the map whose hex no line of communication reaches starts Isolated, "a
      likely designer error" (B.1), hence a warning for each. Partisans and irregulars are
      never Isolated [000 4.2]; naval units draw half the Global value wherever they are
      [000 10.2].
    - A source from which no unit of its side draws supply at the start is worth a note
      (info): no unit can trace a line to it, a better source serves them all, or an enemy unit
      stands on it ("Capturing an enemy Supply Source denies its use"); it may be meant for
      units that arrive later [000 10.1].

    A side with a source off the map (HEX001) is skipped: its lines cannot be traced.
    """
    state = context.state
    board = state.board
    sources = state.scenario.supply.sources
    for side in Side:
        own = [
            unit
            for unit in context.iter_placed()
            if unit.side is side and unit.unit.air is None and not unit.unit.naval
        ]
        if not own or any(
            not board.grid.contains(*source.hex) for source in sources if source.side is side
        ):
            continue
        supply = local_supply(state, side)
        used: set[str | None] = set()
        for unit in own:
            used.add(supply.source_of(unit.hex))
            if unit.never_isolated or not supply.is_isolated(unit.hex):
                continue
            mines = state.minefields.get(unit.hex)
            if mines is not None and not (state.profile.penetration and mines.penetrated):
                why = (
                    "its hex holds a minefield that is not Penetrated, and minefields block "
                    "supply [000 4.4]; mark it penetrated if units have been through it"
                )
            else:
                source_word = "a supply source" if has_sources(state, side) else "the map edge"
                why = (
                    "no line of hexes free of enemy units and zones of control leads to "
                    f"{source_word} [000 10.1]"
                )
            yield context.unit_problem(
                Severity.WARNING,
                "SETUP021",
                unit,
                f"{describe(unit)} starts Isolated at {context.hex_text(unit.hex)}: {why}",
            )
        for number, source in enumerate(sources):
            if source.side is not side or source.id in used:
                continue
            hex_index = board.index(*source.hex)
            enemy = [u for u in state.units_at(hex_index) if u.side is not side]
            value = state.source_values.get(source.id, source.value)
            # Units that could reach it would draw from it unless an equal or better one wins.
            rivals = [v for i, v in state.source_values.items() if i in used and v >= value]
            if enemy:
                why = f"enemy unit {describe(enemy[0])} stands on it, which denies it"
            elif rivals:
                why = "no unit can trace a line to it, or one at least as good serves them"
            else:
                why = "no unit can trace a line to it"
            yield Problem(
                Severity.INFO,
                "SETUP019",
                f"no {side.value} unit draws supply from source '{source.id}' at "
                f"[{source.hex[0]}, {source.hex[1]}] at the start: {why} [000 10.1]",
                path=("supply", "sources", number),
                hex=source.hex,
                object_id=source.id,
            )


def check_supply_units(context: SetupContext) -> Iterator[Problem]:
    """SETUP026: Explicit Supply is in force (the rule is on and the scenario has supply
    units) but a side has none, on the map or arriving: its units Low on Ammo or Fuel are then
    never resupplied, since supply units alone resupply under the rule [000 10.4]. A warning:
    a side cut off from supply may be the designer's intent."""
    state = context.state
    if not is_explicit(state):
        return
    sides = {unit.side for unit in state.units.values() if unit.unit.supply_unit}
    for side in Side:
        if side not in sides:
            yield Problem(
                Severity.WARNING,
                "SETUP026",
                f"Explicit Supply is on but the {side.value} side has no supply unit: its "
                "units Low on Ammo or Low on Fuel are never resupplied [000 10.4]",
                path=("header", "optional_rules"),
            )
