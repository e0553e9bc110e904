"""The self-checks of each Tactical GameX file kind: a panel's rows fit its size and use known
characters; the unit types' ids are unique and their values consistent; the ruleset tables have
the shape and obey the constraints the rules state (digest B.16). Problems carry model paths.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from schemas.io import FileKind
from schemas.problems import Problem, error, warning
from schemas.tactical_gamex.panel import PanelFile
from schemas.tactical_gamex.situation import SituationFile
from schemas.tactical_gamex.table_checks import check_tables
from schemas.tactical_gamex.tables import RulesetTables
from schemas.tactical_gamex.unit_types import UnitType, UnitTypeLibrary
from schemas.tactical_gamex.vocabulary import TERRAIN_CODES, Terrain, Trait, UnitKind, WeaponType

AIRCRAFT_WEAPONS = frozenset(
    {WeaponType.G, WeaponType.A, WeaponType.I, WeaponType.H, WeaponType.H_INDIRECT}
)
"""The weapon types with an aircraft range: G 12, A 3, I 1, H and (H) 0 hexes [003 6.4.7]."""


def check_file(kind: FileKind, model: Any) -> list[Problem]:
    """The self-checks of one Tactical GameX file."""
    if kind is FileKind.PANEL:
        return check_panel(model)
    if kind is FileKind.UNIT_TYPES:
        return check_unit_types(model)
    if kind is FileKind.TABLES:
        assert isinstance(model, RulesetTables)
        return check_tables(model)
    if kind is FileKind.SITUATION:
        return check_situation_ids(model)
    return []


def check_situation_ids(situation: SituationFile) -> list[Problem]:
    """Ids are unique in each of a situation's lists, and no counter arrives twice."""
    problems: list[Problem] = []
    for group in ("setup_areas", "reinforcements", "oba", "aircraft", "naval"):
        items = getattr(situation, group)
        counts = Counter(item.id for item in items)
        for i, item in enumerate(items):
            if counts[item.id] > 1:
                problems.append(
                    error("ID001", f"{group} id '{item.id}' is used twice", path=(group, i, "id"))
                )
    arriving: set[str] = set()
    for r, arrival in enumerate(situation.reinforcements):
        for c, cid in enumerate(arrival.counters):
            if cid in arriving:
                problems.append(
                    error(
                        "TGX043",
                        f"'{cid}' arrives twice (again with '{arrival.id}')",
                        path=("reinforcements", r, "counters", c),
                    )
                )
            arriving.add(cid)
    return problems


def check_panel(panel: PanelFile) -> list[Problem]:
    """A panel's layers fit its size and hold known characters; its features stand on it."""
    problems: list[Problem] = []
    layers = (
        ("terrain_rows", panel.terrain_rows, set(TERRAIN_CODES), True),
        ("level_rows", panel.level_rows, set("0123456789"), False),
        ("mass_rows", panel.mass_rows, set(".ABCDEFGHIJKLMNOPQRSTUVWXYZ"), False),
        ("road_rows", panel.road_rows, set(".1234567"), False),
    )
    for name, rows, allowed, required in layers:
        if not rows and not required:
            continue
        if len(rows) != panel.height:
            problems.append(
                error(
                    "TGX001",
                    f"{name} has {len(rows)} rows; the panel is {panel.height} high",
                    path=(name,),
                )
            )
        for r, line in enumerate(rows):
            if len(line) != panel.width:
                problems.append(
                    error(
                        "TGX001",
                        f"{name}[{r}] has {len(line)} hexes; the panel is {panel.width} wide",
                        path=(name, r),
                    )
                )
            bad = sorted(set(line) - allowed)
            if bad:
                problems.append(
                    error(
                        "TGX002",
                        f"{name}[{r}] uses {', '.join(repr(c) for c in bad)}: not a character "
                        "of this layer",
                        path=(name, r),
                    )
                )
    if problems:
        return problems
    for group in ("hexsides", "features", "names"):
        for i, item in enumerate(getattr(panel, group)):
            column, row = item.hex
            if column >= panel.width or row >= panel.height:
                problems.append(
                    error(
                        "HEX001",
                        f"{group}[{i}] stands at [{column}, {row}], off the "
                        f"{panel.width}x{panel.height} panel",
                        path=(group, i, "hex"),
                    )
                )
    for i, feature in enumerate(panel.features):
        column, row = feature.hex
        on_panel = column < panel.width and row < panel.height
        if on_panel and TERRAIN_CODES[panel.terrain_rows[row][column]] is not Terrain.STREAM:
            problems.append(
                error(
                    "TGX003",
                    f"a {feature.kind.value} stands in a hex that is not a stream [003 6.3.9]",
                    path=("features", i),
                )
            )
    return problems


def check_unit_types(library: UnitTypeLibrary) -> list[Problem]:
    """Unit type ids are unique; aircraft have attacks; carriers carry; values agree."""
    problems: list[Problem] = []
    counts = Counter(t.id for t in library.unit_types)
    for i, unit in enumerate(library.unit_types):
        where = ("unit_types", i)
        if counts[unit.id] > 1:
            problems.append(error("ID001", f"unit type id '{unit.id}' is used twice", path=where))
        is_aircraft = unit.unit_kind is UnitKind.AIRCRAFT
        if (
            is_aircraft
            and not unit.aircraft_attacks
            and not (
                {Trait.SPOTTER_AIRCRAFT, Trait.TRANSPORT_AIRCRAFT, Trait.GLIDER} & set(unit.traits)
            )
        ):
            problems.append(
                error(
                    "TGX004",
                    f"aircraft '{unit.id}' lists no attacks (one per weapon type) [003 6.4.7]",
                    path=where,
                )
            )
        if unit.aircraft_attacks and not is_aircraft:
            problems.append(
                error(
                    "TGX004",
                    f"'{unit.id}' has aircraft attacks but is not of unit type Aircraft",
                    path=(*where, "aircraft_attacks"),
                )
            )
        for a, attack in enumerate(unit.aircraft_attacks):
            if attack.weapon not in AIRCRAFT_WEAPONS:
                problems.append(
                    error(
                        "TGX004",
                        f"aircraft '{unit.id}' attacks with weapon type {attack.weapon.value}; "
                        "aircraft weapons are G, A, I, H and (H) [003 6.4.7]",
                        path=(*where, "aircraft_attacks", a, "weapon"),
                    )
                )
        if unit.weapon in (WeaponType.C, WeaponType.C_I) and unit.carries == 0:
            problems.append(
                warning(
                    "TGX004",
                    f"transport '{unit.id}' (weapon type {unit.weapon.value}) carries nothing; "
                    "C units carry one unit [003 5.4]",
                    path=(*where, "carries"),
                )
            )
        if unit.double_range and unit.weapon is not WeaponType.I:
            problems.append(
                warning(
                    "TGX004",
                    f"'{unit.id}' has the * double range, which the rules give I units [003 6.3.6]",
                    path=(*where, "double_range"),
                )
            )
        problems += _bridge_marker(unit, where)
    return problems


def _bridge_marker(unit: UnitType, where: tuple[str | int, ...]) -> list[Problem]:
    """A bridge layer states its bridge marker's DS, and only a bridge layer has one [003 9.3]:
    without it the bridges it lays cannot be fired on."""
    layer = Trait.BRIDGE_LAYER in unit.traits
    if unit.bridge_defense is not None and not layer:
        return [
            error(
                "TGX004",
                f"'{unit.id}' gives a bridge marker DS but is not a bridge layer [003 9.3]",
                path=(*where, "bridge_defense"),
            )
        ]
    if layer and unit.bridge_defense is None:
        return [
            warning(
                "TGX004",
                f"bridge layer '{unit.id}' gives no DS for its bridge marker: artillery cannot "
                "fire on the bridges it lays [003 9.3]",
                path=(*where, "bridge_defense"),
            )
        ]
    return []
