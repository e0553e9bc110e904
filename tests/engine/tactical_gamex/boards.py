"""Small Tactical GameX boards drawn as text for the tests, with a TEC and a CRT that are test
data: the rules text prints neither chart [003 B.16], so these only give the rules something
to read. Costs: infantry 1 a clear hex, 2 woods; wheeled 2 clear; tracked 1 clear, 2 woods; a slope
uphill +1 (wheeled +2)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.hexgrid import Grid
from engine.tactical_gamex.board import Board, side
from engine.tactical_gamex.state import TgxState, VictoryCondition
from engine.tactical_gamex.tables import Crt, Tables, TerrainEffects
from engine.tactical_gamex.units import (
    ARTILLERY,
    ENGINEER,
    HALFTRACK,
    INFANTRY,
    MG,
    TRUCK,
    Unit,
    UnitKind,
    UnitType,
    Weapon,
)
from schemas.vocabulary import Side

TEC = {
    "clear": TerrainEffects("clear", {"infantry": 1, "wheeled": 2, "tracked": 1}),
    "woods": TerrainEffects(
        "woods",
        {"infantry": 2, "wheeled": None, "tracked": 2},
        los_height=0.5,
        concealing=True,
        spot_roll=3,
        open=False,
    ),
    "town": TerrainEffects(
        "town",
        {"infantry": 1, "wheeled": 1, "tracked": 1},
        los_height=0.5,
        concealing=True,
        spot_roll=2,
        drm_direct=1,
        drm_indirect=1,
        counts_as_road=True,
        protective=True,
        open=False,
    ),
    "stream": TerrainEffects("stream", {"infantry": 1}, drm_direct=1, stream=True, open=False),
    "ford": TerrainEffects("ford", {"infantry": 1, "wheeled": 3, "tracked": 2}),
    "water": TerrainEffects("water", {}, water=True, open=False),
}
CHARS = {".": "clear", "W": "woods", "T": "town", "S": "stream", "F": "ford", "~": "water"}

CRT = Crt.from_text(
    -1,
    [
        "D  D  DD X  X  X",
        "D  D  DD DD X  X",
        "-  D  D  DD X  X",
        "-  D  D  DD DD X",
        "-  -  D  D  DD X",
        "-  -  D  D  DD DD",
        "-  -  -  D  D  DD",
        "-  -  -  -  D  D",
        "-  -  -  -  -  D",
        "-  -  -  -  -  -",
    ],
)

RIFLE = UnitType("Rifle", 6, Weapon.I, 3, 6, 4, traits=frozenset({INFANTRY}))
RIFLE_STAR = UnitType(
    "Rifle*", 4, Weapon.I, 2, 6, 4, double_range=True, traits=frozenset({INFANTRY})
)
MG_TYPE = UnitType("MG", 2, Weapon.I, 4, 4, 4, traits=frozenset({INFANTRY, MG}))
ENGINEERS = UnitType("Engineer", 2, Weapon.I, 1, 4, 4, traits=frozenset({INFANTRY, ENGINEER}))
TRUCK_TYPE = UnitType(
    "Truck", 0, Weapon.C, 0, 2, 12, traits=frozenset({TRUCK}), move_class="wheeled"
)
GUN_75 = UnitType(
    "75mm",
    16,
    Weapon.H,
    16,
    3,
    0,
    traits=frozenset({ARTILLERY}),
    calibre_mm=75,
    move_class="wheeled",
)
GUN_88 = UnitType(
    "88mm",
    20,
    Weapon.A,
    16,
    3,
    0,
    traits=frozenset({ARTILLERY}),
    calibre_mm=88,
    move_class="wheeled",
)
BT5 = UnitType("BT-5", 6, Weapon.A, 6, 4, 16, UnitKind.ARMORED, move_class="tracked")
PZ4H = UnitType("Pz IV H", 14, Weapon.A, 12, 9, 8, UnitKind.ARMORED, move_class="tracked")
STUG = UnitType("StuG III G", 12, Weapon.A, 10, 10, 8, UnitKind.ARMORED, move_class="tracked")
T35 = UnitType("T-35", 8, Weapon.A, 8, 9, 6, UnitKind.ARMORED, move_class="tracked")
MARDER = UnitType("Marder II", 12, Weapon.A, 10, 6, 10, UnitKind.ARMORED, move_class="tracked")
HALFTRACK_TYPE = UnitType(
    "Halftrack",
    2,
    Weapon.I,
    2,
    5,
    12,
    UnitKind.ARMORED,
    traits=frozenset({HALFTRACK}),
    move_class="tracked",
)
MORTAR_107 = UnitType("107mm mortar", 10, Weapon.M, 20, 4, 3)
SECURITY = UnitType("Security", 3, Weapon.I, 2, 5, 4, traits=frozenset({INFANTRY}))


def board(
    rows: Sequence[str],
    levels: Sequence[str] | None = None,
    masses: Sequence[str] | None = None,
    roads: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
    bridges: Sequence[tuple[int, int]] = (),
) -> Board:
    """A board from rows of terrain characters (`CHARS`), optional rows of hill levels and of
    hill-mass ids (digits), and roads as pairs of hexes whose shared side a road crosses."""
    height, width = len(rows), len(rows[0])
    terrain = {
        (c, r): CHARS[ch] for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."
    }
    level = {
        (c, r): int(ch)
        for r, row in enumerate(levels or ())
        for c, ch in enumerate(row)
        if ch not in ".0"
    }
    mass = {
        (c, r): int(ch)
        for r, row in enumerate(masses or ())
        for c, ch in enumerate(row)
        if ch not in ".0"
    }
    grid = Grid(width, height)
    slopes = {
        side((c, r), other): frozenset({"slope"})
        for c in range(width)
        for r in range(height)
        for _, other in grid.neighbors(c, r)
        if grid.contains(*other) and level.get((c, r), 0) != level.get(other, 0)
    }
    return Board(
        grid,
        terrain,
        TEC,
        level,
        mass,
        roads={side(a, b) for a, b in roads},
        hexsides=slopes,
        bridges=set(bridges),
    )


def state(
    the_board: Board,
    units: Sequence[tuple[str, Side, UnitType, tuple[int, int]]],
    *,
    seed: int = 0,
    morale: dict[str, int] | None = None,
    last_turn: int = 6,
    victory: Sequence[VictoryCondition] = (),
    nations: dict[Side, str] | None = None,
) -> TgxState:
    """A state with units (id, side, type, hex); Allied units are US, Axis German unless
    `nations` says otherwise."""
    nation_of = nations or {Side.ALLIED: "us", Side.AXIS: "germany"}
    made = {uid: Unit(uid, side_, nation_of[side_], kind, hex_) for uid, side_, kind, hex_ in units}
    return TgxState(
        the_board,
        Tables(TEC, CRT, hexside_costs={"slope": {"infantry": 1, "wheeled": 2, "tracked": 1}}),
        made,
        morale or {"us": 7, "germany": 8, "soviet": 7},
        last_turn,
        Dice(seed),
        victory=tuple(victory),
    )


class FixedDice(Dice):
    """Dice that roll the given numbers in order (for the worked examples), then fail."""

    def __init__(self, rolls: Sequence[int]) -> None:
        super().__init__(0)
        self._rolls = list(rolls)

    def d6(self) -> int:
        return self._rolls.pop(0)

    def copy(self) -> FixedDice:
        return FixedDice(list(self._rolls))
