"""The setup checks of what a situation allots and grants beside its counters: setup areas of
the counter's own side, neutral-counter allotments [003 8.0], attached CPs within the side's
allotment [003 22.1], aircraft that are aircraft [003 6.4.7], landing beaches and DUKW cargo
[003 10.1], victory counts that can be met, and artillery facings under rule 19.
"""

from __future__ import annotations

from schemas.problems import Problem, error, warning
from schemas.tactical_gamex.board import AssembledBoard
from schemas.tactical_gamex.presets import COMMAND_RADIUS, PANZER_LEADER, PANZERBLITZ
from schemas.tactical_gamex.situation import ControlHexes, Counter, SituationFile
from schemas.tactical_gamex.unit_types import UnitType
from schemas.tactical_gamex.vocabulary import (
    MarkerKind,
    OptionalRule,
    Terrain,
    Trait,
    UnitKind,
    WeaponType,
)
from schemas.vocabulary import Side

Path = tuple[str | int, ...]


def check_support(
    situation: SituationFile,
    types: dict[str, UnitType],
    counters: dict[str, tuple[Counter, Path]],
    board: AssembledBoard,
) -> list[Problem]:
    """Every problem of the situation's allotments, grants and sections beside its counters."""
    return [
        *_area_problems(situation),
        *_allotment_problems(situation),
        *_cp_problems(situation),
        *_aircraft_problems(situation, types),
        *_landing_problems(situation, types, counters, board),
        *_victory_count_problems(situation),
        *_facing_problems(situation, types),
        *_command_problems(situation),
    ]


def _command_problems(situation: SituationFile) -> list[Problem]:
    """Independent CPs only for nations that have them [003 22.3]; a reproduced situation's
    morale levels and attached CPs as its Command & Control chart gives them (a warning: the
    designer may mean a variant) [003 7.0]."""
    problems: list[Problem] = []
    for s, side in enumerate(situation.sides):
        for n, nation in enumerate(side.nations):
            if nation.independent_cps and COMMAND_RADIUS[nation.nation][1] is None:
                problems.append(
                    error(
                        "TGX037",
                        f"{nation.nation.value} has no independent CP counters [003 22.3]",
                        path=("sides", s, "nations", n, "independent_cps"),
                    )
                )
    lineage = situation.lineage
    if lineage is None:
        return problems
    chart = PANZERBLITZ if lineage.game == "panzerblitz" else PANZER_LEADER
    name = f"{'PanzerBlitz' if lineage.game == 'panzerblitz' else 'Panzer Leader'} Situation"
    published = chart.get(lineage.number)
    if published is None:
        problems.append(
            error(
                "TGX044",
                f"{name} {lineage.number} is not on the Situation Command & Control chart "
                f"(1-{max(chart)})",
                path=("lineage", "number"),
            )
        )
        return problems
    for s, side in enumerate(situation.sides):
        control = published.allied if side.side is Side.ALLIED else published.axis
        if side.attached_cps != control.cps:
            problems.append(
                warning(
                    "TGX044",
                    f"{name} {lineage.number} gives {side.side.value} {control.cps} attached "
                    f"CPs, not {side.attached_cps}",
                    path=("sides", s, "attached_cps"),
                )
            )
        for n, nation in enumerate(side.nations):
            if nation.morale_level is not None and nation.morale_level != control.morale:
                problems.append(
                    warning(
                        "TGX044",
                        f"{name} {lineage.number} gives {side.side.value} morale level "
                        f"{control.morale}, not {nation.morale_level}",
                        path=("sides", s, "nations", n, "morale_level"),
                    )
                )
    return problems


def _area_problems(situation: SituationFile) -> list[Problem]:
    """A counter sets up in an area of its own side."""
    sides = {a.id: a.side for a in situation.setup_areas}
    problems: list[Problem] = []
    for s, side in enumerate(situation.sides):
        for n, nation in enumerate(side.nations):
            for c, counter in enumerate(nation.counters):
                area = counter.setup_area
                if area in sides and sides[area] is not side.side:
                    problems.append(
                        error(
                            "TGX032",
                            f"'{counter.id}' of {side.side.value} sets up in '{area}', an area "
                            f"of {sides[area].value}",
                            path=("sides", s, "nations", n, "counters", c, "setup_area"),
                            object_id=counter.id,
                        )
                    )
    return problems


def _allotment_problems(situation: SituationFile) -> list[Problem]:
    """Allotments go in an area of their side; mines carry their CRT column [003 8.2],
    fortifications their DS [003 8.4]; wrecks are never allotted (they come of destruction)."""
    sides = {a.id: a.side for a in situation.setup_areas}
    problems: list[Problem] = []
    for i, allotment in enumerate(situation.allotments):
        where: Path = ("allotments", i)
        why = ""
        if allotment.area is not None and allotment.area not in sides:
            why = f"its area '{allotment.area}' is not a setup area of the situation"
        elif allotment.area is not None and sides[allotment.area] is not allotment.side:
            why = f"its area '{allotment.area}' is the other side's"
        elif allotment.kind is MarkerKind.WRECK:
            why = "wrecks come of destroyed units, never of an allotment [003 8.1]"
        elif allotment.kind is MarkerKind.TEMPORARY_BRIDGE:
            why = (
                "temporary bridges are placed by the situation (markers) or laid by a bridge "
                "layer, not allotted [003 9.3]"
            )
        elif allotment.kind is MarkerKind.MINES and not isinstance(allotment.strength, str):
            why = "mines need the CRT column they attack on, e.g. '2:1' [003 8.2]"
        elif allotment.kind is MarkerKind.FORTIFICATION and not isinstance(allotment.strength, int):
            why = "fortifications need their defense strength [003 8.4]"
        if why:
            code = "TGX032" if "area" in why else "TGX036"
            problems.append(
                error(code, f"{allotment.count} {allotment.kind.value}: {why}", path=where)
            )
    return problems


def _cp_problems(situation: SituationFile) -> list[Problem]:
    """No more counters carry an attached CP than the side is allotted [003 22.1]."""
    problems: list[Problem] = []
    for s, side in enumerate(situation.sides):
        carrying = [c.id for n in side.nations for c in n.counters if c.command_post]
        if len(carrying) > side.attached_cps:
            problems.append(
                error(
                    "TGX037",
                    f"{len(carrying)} counters of {side.side.value} carry an attached CP "
                    f"({', '.join(carrying)}); the side has {side.attached_cps}",
                    path=("sides", s, "attached_cps"),
                )
            )
    return problems


def _aircraft_problems(situation: SituationFile, types: dict[str, UnitType]) -> list[Problem]:
    """Aircraft allotments name aircraft types and turns of the game [003 6.4.7]."""
    problems: list[Problem] = []
    for i, allotment in enumerate(situation.aircraft):
        kind = types.get(allotment.type)
        if kind is None or kind.unit_kind is not UnitKind.AIRCRAFT:
            problems.append(
                error(
                    "TGX030",
                    f"aircraft '{allotment.id}' is of type '{allotment.type}', which is no "
                    "aircraft of the library",
                    path=("aircraft", i, "type"),
                )
            )
        elif allotment.spotter and Trait.SPOTTER_AIRCRAFT not in kind.traits:
            problems.append(
                error(
                    "TGX030",
                    f"'{allotment.id}' flies as a spotter but '{allotment.type}' is no spotter "
                    "aircraft",
                    path=("aircraft", i, "spotter"),
                )
            )
        late = [t for t in allotment.turns if t > situation.turns]
        if late:
            problems.append(
                error(
                    "TGX038",
                    f"aircraft '{allotment.id}' flies on turn {late[0]}; the game has "
                    f"{situation.turns}",
                    path=("aircraft", i, "turns"),
                )
            )
    return problems


def _landing_problems(
    situation: SituationFile,
    types: dict[str, UnitType],
    counters: dict[str, tuple[Counter, Path]],
    board: AssembledBoard,
) -> list[Problem]:
    """Beaches are beach hexes; a DUKW carries I-category units only [003 10.1]."""
    landing = situation.amphibious
    if landing is None:
        return []
    problems: list[Problem] = []
    for h, address in enumerate(landing.beach):
        spot = board.hex_of(address)
        if spot is not None and board.terrain_at(*spot) is not Terrain.BEACH:
            problems.append(
                error(
                    "TGX039",
                    f"landing beach {address} is {board.terrain_at(*spot).value}, not beach",
                    path=("amphibious", "beach", h),
                    hex=spot,
                )
            )
    for c, craft in enumerate(landing.craft):
        carrier = counters.get(craft.counter)
        kind = types.get(carrier[0].type) if carrier else None
        if kind is None or Trait.DUKW not in kind.traits:
            continue
        for i, cid in enumerate(craft.cargo):
            cargo = counters.get(cid)
            cargo_kind = types.get(cargo[0].type) if cargo else None
            if cargo_kind is not None and cargo_kind.weapon is not WeaponType.I:
                problems.append(
                    error(
                        "TGX039",
                        f"DUKW '{craft.counter}' carries '{cid}'; a DUKW carries I-category "
                        "units only [003 10.1]",
                        path=("amphibious", "craft", c, "cargo", i),
                    )
                )
    return problems


def _victory_count_problems(situation: SituationFile) -> list[Problem]:
    """A control condition never asks for more hexes than it lists."""
    problems: list[Problem] = []
    for c, condition in enumerate(situation.victory.conditions):
        if (
            isinstance(condition, ControlHexes)
            and condition.count is not None
            and condition.count > len(condition.hexes)
        ):
            problems.append(
                error(
                    "TGX042",
                    f"victory condition {c + 1} asks for {condition.count} of "
                    f"{len(condition.hexes)} hexes",
                    path=("victory", "conditions", c, "count"),
                )
            )
    return problems


def _facing_problems(situation: SituationFile, types: dict[str, UnitType]) -> list[Problem]:
    """Facings matter to non-mortar artillery under rule 19 only [003 19.0]."""
    problems: list[Problem] = []
    in_force = OptionalRule.FIELD_OF_FIRE in situation.optional_rules
    for s, side in enumerate(situation.sides):
        for n, nation in enumerate(side.nations):
            for c, counter in enumerate(nation.counters):
                kind = types.get(counter.type)
                if counter.facing is None or kind is None:
                    continue
                why = ""
                if not in_force:
                    why = "rule 19 (Artillery Field of Fire) is off"
                elif Trait.ARTILLERY not in kind.traits or kind.weapon is WeaponType.M:
                    why = "only non-mortar artillery faces a hexside under rule 19"
                if why:
                    problems.append(
                        warning(
                            "TGX041",
                            f"'{counter.id}' has a facing, which nothing reads: {why}",
                            path=("sides", s, "nations", n, "counters", c, "facing"),
                            object_id=counter.id,
                        )
                    )
    return problems
