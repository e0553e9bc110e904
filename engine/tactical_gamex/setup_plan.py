"""The order in which a situation's sides set up before turn 1, and what each places where: the
plan the setup phase (`setup_phase`) follows, built once from the situation and never changed
[003 8.0, 10.1, 11.1; digest part C.5-C.6]."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.tactical_gamex.state import TgxState
from schemas.tactical_gamex.board import AssembledBoard
from schemas.tactical_gamex.situation import SetupArea, SituationFile
from schemas.vocabulary import Side

Offset = tuple[int, int]

BARRIERS = ("fortification", "block", "mines")
"""The neutral counters a defender places before an amphibious or airborne side [003 10.1,
11.1]."""


@dataclass(frozen=True)
class Allotted:
    """Neutral counters a side places at setup within `hexes` [003 8.0]."""

    side: Side
    kind: str
    """`mines`, `improved_position`, `fortification` or `block`."""
    count: int
    strength: int | str | None
    hexes: frozenset[Offset]
    area: str
    """The area's name as the situation words it."""


@dataclass(frozen=True)
class SetupStep:
    """One side's turn to set up: the counters and allotted markers it places now."""

    side: Side
    units: tuple[str, ...] = ()
    allotments: tuple[int, ...] = ()
    """Indexes into `SetupPlan.allotments`."""
    sea: bool = False
    """Landing craft and vehicles placed on all-sea hexes [003 10.2]."""
    targets: bool = False
    """The airborne side notes its lifts' target hexes [003 11.1]."""

    def describe(self) -> str:
        if self.sea:
            return f"{self.side.value} places its landing craft at sea [003 10.2]"
        if self.targets:
            return f"{self.side.value} notes its airborne target hexes [003 11.1]"
        if not self.units:
            return f"{self.side.value} places its fortifications, blocks and mines [003 10.1]"
        return f"{self.side.value} sets up"


@dataclass(frozen=True)
class SetupPlan:
    """The steps in order, where each counter may go, and the allotted neutral counters."""

    steps: tuple[SetupStep, ...]
    hexes: dict[str, frozenset[Offset]] = field(default_factory=dict)
    """The hexes each counter of the setup may be placed in (its area, or all-sea hexes)."""
    area: dict[str, str] = field(default_factory=dict)
    """The name of each counter's area, for messages."""
    allotments: tuple[Allotted, ...] = ()
    seed: int = 0
    """The game's seed, for the computer's deterministic choices."""
    objectives: tuple[Offset, ...] = ()
    """The hexes the victory conditions name, which placing by the seed and the computer
    set up toward."""


def area_hexes(area: SetupArea, assembled: AssembledBoard) -> frozenset[Offset]:
    """The hexes of a setup area: its single hexes and whole panels."""
    hexes = {h for a in area.hexes if (h := assembled.hex_of(a)) is not None}
    for placed in assembled.panels:
        if placed.panel.id in area.panels:
            hexes.update(
                (c, r)
                for r in range(assembled.height)
                for c in range(assembled.width)
                if placed.to_panel(c, r) is not None
            )
    return frozenset(hexes)


def _first_side(situation: SituationFile) -> list[Side]:
    """The order of the sides when their areas have the same setup order: the side not moving
    first on turn 1 sets up first, so the side with the first initiative sees its setup, as a
    PanzerBlitz situation's defender sets up first (decision: part C.5 leaves "who places
    first" to the situation, and `SetupArea.order` ties are the situation's silence); with no
    first initiative named, the situation's order of sides."""
    sides = [s.side for s in situation.sides]
    first = situation.first_initiative
    if first is not None and first in sides:
        sides.remove(first)
        sides.append(first)
    return sides


def plan_of(
    situation: SituationFile,
    assembled: AssembledBoard,
    state: TgxState,
    waiting: list[str],
    *,
    seed: int,
    objectives: tuple[Offset, ...] = (),
) -> SetupPlan:
    """The setup plan for the counters `waiting` (given an area and no hex).

    The steps follow the areas' `order` (1 first), one step per side and order, each side
    placing its counters and the neutral counters allotted to its areas [003 8.2-8.5]. An
    amphibious landing [003 10.1] or airborne assault [003 11.1] puts two steps first: the
    defender's fortifications, blocks and mines, then the landing side's craft at sea (those
    the situation gives no hex) or the airborne side's target hexes; the defender's other
    counters follow in their areas' order (10.1's "the Axis forces place the remains")."""
    areas = {a.id: a for a in situation.setup_areas}
    hexes_of = {a.id: area_hexes(a, assembled) for a in situation.setup_areas}
    rank = {side: i for i, side in enumerate(_first_side(situation))}
    counter_area = {
        c.id: c.setup_area for f in situation.sides for n in f.nations for c in n.counters
    }
    hexes: dict[str, frozenset[Offset]] = {}
    names: dict[str, str] = {}
    groups: dict[tuple[int, int], list[str]] = {}
    sea_units: list[str] = []
    landing = situation.amphibious
    sea = frozenset(h for h, t in state.board.terrain.items() if t == "sea")
    craft_at_sea = {c.counter for c in landing.craft if c.hex is None} if landing else set()
    flying = {u for lift in state.lifts for u in (lift.carrier, *lift.cargo)}
    for unit_id in waiting:
        unit = state.units[unit_id]
        if unit.carrier is not None or unit_id in flying:
            continue  # [003 5.2.1] a passenger goes where its carrier goes
        if unit_id in craft_at_sea:
            sea_units.append(unit_id)
            hexes[unit_id] = sea
            names[unit_id] = "all-sea hexes"
            continue
        area = areas[counter_area[unit_id] or ""]
        hexes[unit_id] = hexes_of[area.id]
        names[unit_id] = area.name or area.id
        groups.setdefault((area.order, rank[unit.side]), []).append(unit_id)
    invaders = {
        s for s in (landing and landing.side, situation.airborne and situation.airborne.side) if s
    }
    allotted: list[Allotted] = []
    marker_groups: dict[tuple[int, int], list[int]] = {}
    first_markers: list[int] = []
    for allotment in situation.allotments:
        own = [a for a in situation.setup_areas if a.side is allotment.side]
        chosen = [areas[allotment.area]] if allotment.area in areas else own
        where = frozenset().union(*(hexes_of[a.id] for a in chosen)) if chosen else frozenset()
        index = len(allotted)
        allotted.append(
            Allotted(
                allotment.side,
                allotment.kind.value,
                allotment.count,
                allotment.strength,
                where,
                ", ".join(a.name or a.id for a in chosen),
            )
        )
        if invaders and allotment.side not in invaders and allotment.kind.value in BARRIERS:
            first_markers.append(index)
            continue
        order = min((a.order for a in chosen), default=1)
        marker_groups.setdefault((order, rank[allotment.side]), []).append(index)
    _add_riders(state, counter_area, areas, hexes_of, hexes, names, groups, sea_units, flying)
    steps: list[SetupStep] = []
    for invader, kind in ((landing, "sea"), (situation.airborne, "targets")):
        if invader is None:
            continue
        defender = next(s for s in rank if s is not invader.side)
        mine = tuple(i for i in first_markers if allotted[i].side is defender)
        if mine and not any(s.allotments == mine for s in steps):
            steps.append(SetupStep(defender, allotments=mine))
        if kind == "sea" and sea_units:
            steps.append(SetupStep(invader.side, tuple(sea_units), sea=True))
        elif kind == "targets":
            steps.append(SetupStep(invader.side, targets=True))
    by_side = {s: side for side, s in rank.items()}
    for key in sorted(set(groups) | set(marker_groups)):
        units, markers = tuple(groups.get(key, ())), tuple(marker_groups.get(key, ()))
        steps.append(SetupStep(by_side[key[1]], units, markers))
    return SetupPlan(tuple(steps), hexes, names, tuple(allotted), seed, objectives)


def _add_riders(  # noqa: PLR0917 - the plan's tables under construction
    state: TgxState,
    counter_area: dict[str, str | None],
    areas: dict[str, SetupArea],
    hexes_of: dict[str, frozenset[Offset]],
    hexes: dict[str, frozenset[Offset]],
    names: dict[str, str],
    groups: dict[tuple[int, int], list[str]],
    sea_units: list[str],
    flying: set[str],
) -> None:
    """The passengers of the counters set up join their carrier's step, so the side may
    unload them or load them elsewhere (`setup_loads`); a passenger's area is its own, else
    its carrier's [003 5.2.1: it goes where its carrier goes]."""
    for unit in state.units.values():
        carrier = unit.carrier
        if carrier is None or carrier not in hexes or unit.id in flying or unit.id in hexes:
            continue
        own = areas.get(counter_area.get(unit.id) or "")
        if carrier in sea_units:
            sea_units.append(unit.id)
            hexes[unit.id], names[unit.id] = hexes[carrier], names[carrier]
            continue
        if own is not None:
            hexes[unit.id], names[unit.id] = hexes_of[own.id], own.name or own.id
        else:
            hexes[unit.id], names[unit.id] = hexes[carrier], names[carrier]
        group = next(g for g in groups.values() if carrier in g)
        group.append(unit.id)
