"""The checks of a title's ruleset tables: each table has its shape (every terrain and move
class, the CRT's six columns and one row per roll, 36 airborne scatter rolls…) and agrees with
what the rules text states of it (digest B.16); disagreements with the text are warnings, since
a designer may mean them (a house rule), and shape errors are errors.
"""

from __future__ import annotations

from collections import Counter

from schemas.problems import Problem, error, warning
from schemas.tactical_gamex.deck_checks import check_deck
from schemas.tactical_gamex.tables import CombatResultsTable, RulesetTables
from schemas.tactical_gamex.vocabulary import (
    ODDS_COLUMNS,
    RESULT_SEVERITY,
    HexsideKind,
    MarkerKind,
    MoveClass,
    Terrain,
    WeaponType,
)

TEXT_TERRAIN: dict[Terrain, dict[str, object]] = {
    Terrain.WOODS: {"los_height": 0.5, "spot_roll_max": 3, "concealing": True},
    Terrain.TOWN: {
        "los_height": 0.5,
        "spot_roll_max": 2,
        "concealing": True,
        "drm_direct": 1,
        "drm_indirect": 1,
        "counts_as_road": True,
        "morale_protective": True,
    },
    Terrain.CITY: {"drm_direct": 1, "drm_indirect": 1},
    Terrain.STREAM: {"drm_direct": 1, "drm_indirect": 0},
    Terrain.CLEAR: {"drm_direct": 0, "drm_indirect": 0, "concealing": False},
}
"""What the text states of a terrain's chart row: LOS +0.5 and spotting 1-3 / 1-2 [003 6.3.7,
6.3.8], +1 in Town and City and +1 against direct fire in a stream [003 6.3.5, 6.3.9], Town as
road and at -1 morale [003 3.2.3, 7.0]."""

FORBIDDEN_MARKERS: dict[MarkerKind, frozenset[Terrain]] = {
    MarkerKind.MINES: frozenset(Terrain) - {Terrain.CLEAR, Terrain.WOODS, Terrain.STREAM},
    MarkerKind.IMPROVED_POSITION: frozenset({Terrain.TOWN, Terrain.WATER, Terrain.SEA}),
    MarkerKind.FORTIFICATION: frozenset({Terrain.SWAMP, Terrain.WATER, Terrain.SEA}),
    MarkerKind.BLOCK: frozenset({Terrain.WATER, Terrain.SEA}),
    MarkerKind.WRECK: frozenset({Terrain.WATER, Terrain.SEA, Terrain.SWAMP}),
    MarkerKind.TEMPORARY_BRIDGE: frozenset(Terrain) - {Terrain.STREAM},
}
"""Where the rules forbid each neutral counter [003 8.1-8.5]. Mines go in Clear, Woods or road
hexes, bridge hexes included (so a stream hex, at its bridge) [003 8.2]."""

PRINTED_WEC: dict[tuple[WeaponType, bool], tuple[float, float, float]] = {
    (WeaponType.I, False): (0, 0, 1),
    (WeaponType.A, False): (2, 1, 0.5),
    (WeaponType.H, False): (1, 0.5, 1),
    (WeaponType.H_INDIRECT, False): (1, 0.5, 1),
    (WeaponType.H_INDIRECT, True): (0.5, 0.5, 1),
    (WeaponType.M, True): (0.5, 0.5, 1),
}
"""The Weapons Effectiveness Chart as printed in 6.3.6: armoured at half range or less (H: six
hexes), armoured beyond, non-armoured. I against armour only by close assault (0 here)."""


def check_tables(tables: RulesetTables) -> list[Problem]:
    """Every problem of a title's ruleset tables."""
    return [
        *_terrain_problems(tables),
        *check_crt(tables.crt),
        *_weapon_problems(tables),
        *_aa_problems(tables),
        *_scatter_problems(tables),
        *check_deck(tables),
    ]


def _terrain_problems(tables: RulesetTables) -> list[Problem]:
    problems: list[Problem] = []
    rows = Counter(row.terrain for row in tables.terrain)
    for terrain in Terrain:
        if rows[terrain] == 0:
            problems.append(
                error("TGX020", f"the TEC has no row for {terrain.value}", path=("terrain",))
            )
    for i, row in enumerate(tables.terrain):
        where = ("terrain", i)
        if rows[row.terrain] > 1:
            problems.append(
                error("TGX020", f"the TEC has two rows for {row.terrain.value}", path=where)
            )
        missing = [c.value for c in MoveClass if c not in row.mp]
        if missing:
            problems.append(
                error(
                    "TGX020",
                    f"the TEC row for {row.terrain.value} gives no cost for {', '.join(missing)}",
                    path=(*where, "mp"),
                )
            )
        for name, value in TEXT_TERRAIN.get(row.terrain, {}).items():
            if getattr(row, name) != value:
                problems.append(
                    warning(
                        "TGX021",
                        f"the TEC gives {row.terrain.value} {name} {getattr(row, name)}; the "
                        f"rules text says {value}",
                        path=(*where, name),
                    )
                )
        entering = [c.value for c, cost in row.mp.items() if cost is not None]
        if row.terrain is Terrain.SEA and entering:
            problems.append(
                warning(
                    "TGX021",
                    f"the TEC lets {', '.join(entering)} enter sea; units are at sea only as a "
                    "landing force, placed there and advanced at Housekeeping [003 10.2, 10.3]",
                    path=(*where, "mp"),
                )
            )
        for marker in row.markers_allowed:
            if row.terrain in FORBIDDEN_MARKERS[marker]:
                problems.append(
                    warning(
                        "TGX021",
                        f"the TEC allows {marker.value} in {row.terrain.value}, which the rules "
                        "forbid [003 8.0]",
                        path=(*where, "markers_allowed"),
                    )
                )
    for i, side in enumerate(tables.hexsides):
        if side.kind is HexsideKind.SLOPE and side.blocks_los:
            problems.append(
                warning(
                    "TGX021",
                    "the TEC marks slope hexsides as blocking LOS: hills block by their levels "
                    "and a line straight down a slope hexside is clear, so the engine ignores "
                    "it [003 3.2.2, 6.3.7 examples A-D, M-N]",
                    path=("hexsides", i, "blocks_los"),
                )
            )
        missing = [c.value for c in MoveClass if c not in side.mp_extra]
        if missing:
            problems.append(
                error(
                    "TGX020",
                    f"the TEC row for {side.kind.value} hexsides gives no cost for "
                    f"{', '.join(missing)}",
                    path=("hexsides", i, "mp_extra"),
                )
            )
    return problems


def check_crt(crt: CombatResultsTable) -> list[Problem]:
    """The CRT's columns are 1:3 to 4:1 [003 6.3.3; digest B.15 #7], one row per modified roll
    without gaps, a result per column, and low rolls and higher odds never worse for the
    attacker [003 6.3.5: the modifiers favouring the defender are positive]."""
    problems: list[Problem] = []
    if tuple(crt.columns) != ODDS_COLUMNS:
        problems.append(
            error(
                "TGX022",
                f"the CRT's columns must be {', '.join(ODDS_COLUMNS)}, got "
                f"{', '.join(crt.columns)}",
                path=("crt", "columns"),
            )
        )
    rolls = [row.roll for row in crt.rows]
    if rolls != list(range(rolls[0], rolls[0] + len(rolls))):
        problems.append(
            error(
                "TGX022",
                "the CRT's rows must be consecutive modified rolls in ascending order, got "
                + ", ".join(str(r) for r in rolls),
                path=("crt", "rows"),
            )
        )
    if not (rolls[0] <= 1 and rolls[-1] >= 6):
        problems.append(
            error(
                "TGX022",
                f"the CRT's rows cover rolls {rolls[0]} to {rolls[-1]}, not every die 1-6",
                path=("crt", "rows"),
            )
        )
    for i, row in enumerate(crt.rows):
        if len(row.results) != len(crt.columns):
            problems.append(
                error(
                    "TGX022",
                    f"CRT row {row.roll} has {len(row.results)} results for "
                    f"{len(crt.columns)} columns",
                    path=("crt", "rows", i, "results"),
                )
            )
            continue
        severity = [RESULT_SEVERITY[r] for r in row.results]
        if severity != sorted(severity):
            problems.append(
                warning(
                    "TGX023",
                    f"CRT row {row.roll} gives a higher odds column a milder result",
                    path=("crt", "rows", i, "results"),
                )
            )
        if i and len(crt.rows[i - 1].results) == len(row.results):
            above = [RESULT_SEVERITY[r] for r in crt.rows[i - 1].results]
            if any(now > before for now, before in zip(severity, above, strict=True)):
                problems.append(
                    warning(
                        "TGX023",
                        f"CRT row {row.roll} gives a worse result than row "
                        f"{crt.rows[i - 1].roll}; low rolls favour the attacker",
                        path=("crt", "rows", i, "results"),
                    )
                )
    return problems


def _weapon_problems(tables: RulesetTables) -> list[Problem]:
    problems: list[Problem] = []
    given = {(row.weapon, row.indirect): (i, row) for i, row in enumerate(tables.weapons)}
    for key, printed in PRINTED_WEC.items():
        weapon, indirect = key
        label = f"{weapon.value}{' indirect' if indirect else ''}"
        if key not in given:
            problems.append(error("TGX024", f"the WEC has no row for {label}", path=("weapons",)))
            continue
        i, row = given[key]
        if (row.armored_near, row.armored_far, row.soft) != printed:
            problems.append(
                warning(
                    "TGX024",
                    f"the WEC row for {label} differs from the chart printed in 6.3.6 "
                    f"({printed[0]}, {printed[1]}, {printed[2]})",
                    path=("weapons", i),
                )
            )
    return problems


def _aa_problems(tables: RulesetTables) -> list[Problem]:
    starts = [column.min_attack for column in tables.aa_fire.columns]
    if starts != sorted(set(starts)):
        return [
            error(
                "TGX025",
                "the AA Fire Table's columns must rise in attack strength, each once",
                path=("aa_fire", "columns"),
            )
        ]
    return []


def _scatter_problems(tables: RulesetTables) -> list[Problem]:
    problems: list[Problem] = []
    if len(set(tables.oba_scatter)) != 6:
        problems.append(
            error(
                "TGX026",
                "the OBA scatter diagram must send each die 1-6 to a different neighbour",
                path=("oba_scatter",),
            )
        )
    if tables.airborne_scatter:
        rolls = [entry.roll for entry in tables.airborne_scatter]
        expected = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
        if sorted(rolls) != expected:
            problems.append(
                error(
                    "TGX026",
                    "the airborne scatter diagram needs each roll 11-66 (two dice, tens and "
                    "units) once [003 11.0]",
                    path=("airborne_scatter",),
                )
            )
    return problems
