"""The setup checks of a Tactical GameX situation against its unit types, tables and assembled
board (digest part C, "TGX setup validation"): references resolve, every nation has a morale
level, counters stand where they may, stacking and passengers are legal, neutral counters stand
on terrain that takes them, reinforcements enter on the edge, landings fit their carriers, and
the modules a situation uses are switched on. They return Problems with model paths.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections import defaultdict
from collections.abc import Iterator

from schemas.problems import Problem, error, warning
from schemas.tactical_gamex.board import AssembledBoard, Offset, compass_edge
from schemas.tactical_gamex.deck_checks import check_chaos_switch
from schemas.tactical_gamex.placement_checks import check_placements
from schemas.tactical_gamex.sea_checks import check_sea
from schemas.tactical_gamex.situation import Counter, ExitUnits, SituationFile
from schemas.tactical_gamex.support_checks import check_support
from schemas.tactical_gamex.tables import RulesetTables
from schemas.tactical_gamex.unit_types import UnitType, UnitTypeLibrary
from schemas.tactical_gamex.vocabulary import BoardEdge, Module, Trait, UnitKind, WeaponType

Path = tuple[str | int, ...]


def check_situation(
    situation: SituationFile,
    library: UnitTypeLibrary,
    tables: RulesetTables,
    board: AssembledBoard,
) -> list[Problem]:
    """Every setup problem of a situation on its assembled board."""
    types = {t.id: t for t in library.unit_types}
    counters = dict(iter_counters(situation))
    problems = [
        *_counter_problems(situation, types),
        *_address_problems(situation, board),
        *_force_problems(situation, types, counters),
        *_arrival_problems(situation, board, types, counters),
        *_victory_problems(situation, counters),
        *_module_problems(situation, types, counters),
        *check_support(situation, types, counters, board),
        *check_sea(situation, types, counters, side_of(situation), board),
        *check_chaos_switch(situation, tables),
    ]
    if not any(p.is_error for p in problems):
        problems += check_placements(situation, types, tables, board)
    return problems


def iter_counters(situation: SituationFile) -> Iterator[tuple[str, tuple[Counter, Path]]]:
    """Each counter of the situation by id, with its model path."""
    for s, side in enumerate(situation.sides):
        for n, nation in enumerate(side.nations):
            for c, counter in enumerate(nation.counters):
                yield counter.id, (counter, ("sides", s, "nations", n, "counters", c))


def side_of(situation: SituationFile) -> dict[str, int]:
    """The index in `sides` of each counter's side."""
    return {
        counter.id: s
        for s, side in enumerate(situation.sides)
        for nation in side.nations
        for counter in nation.counters
    }


def _counter_problems(situation: SituationFile, types: dict[str, UnitType]) -> list[Problem]:
    problems: list[Problem] = []
    seen = Tally(cid for cid, _ in iter_counters(situation))
    areas = {a.id for a in situation.setup_areas}
    for cid, (counter, where) in iter_counters(situation):
        if seen[cid] > 1:
            problems.append(error("ID001", f"Unit ID '{cid}' is used twice", path=where))
        if counter.type not in types:
            problems.append(
                error(
                    "TGX030",
                    f"counter '{cid}' is of unit type '{counter.type}', which the unit-type "
                    "library does not have",
                    path=(*where, "type"),
                    object_id=cid,
                )
            )
        if counter.setup_area is not None and counter.setup_area not in areas:
            problems.append(
                error(
                    "TGX032",
                    f"counter '{cid}' sets up in area '{counter.setup_area}', which the "
                    "situation does not have",
                    path=(*where, "setup_area"),
                    object_id=cid,
                )
            )
    if Tally(s.side for s in situation.sides)[situation.sides[0].side] > 1:
        problems.append(error("TGX031", "both sides are the same side", path=("sides",)))
    return problems


def _address_problems(situation: SituationFile, board: AssembledBoard) -> list[Problem]:
    """Every native address resolves to a hex of the assembled board; setup areas name panels
    of the board."""
    problems: list[Problem] = []
    for where, address in _addresses(situation):
        if board.hex_of(address) is None:
            problems.append(
                error(
                    "TGX032",
                    f"{address} is no hex of the board's panels",
                    path=where,
                )
            )
    panel_ids = {placed.panel.id for placed in board.panels}
    for a, area in enumerate(situation.setup_areas):
        for p, panel in enumerate(area.panels):
            if panel not in panel_ids:
                problems.append(
                    error(
                        "TGX032",
                        f"setup area '{area.id}' names panel '{panel}', which the board does "
                        "not use",
                        path=("setup_areas", a, "panels", p),
                    )
                )
        if not area.hexes and not area.panels:
            problems.append(
                error("TGX032", f"setup area '{area.id}' holds no hex", path=("setup_areas", a))
            )
    return problems


def _addresses(situation: SituationFile) -> Iterator[tuple[Path, str]]:
    for _, (counter, where) in iter_counters(situation):
        if counter.hex is not None:
            yield (*where, "hex"), counter.hex
    for a, area in enumerate(situation.setup_areas):
        for h, address in enumerate(area.hexes):
            yield ("setup_areas", a, "hexes", h), address
    for m, marker in enumerate(situation.markers):
        yield ("markers", m, "hex"), marker.hex
    for r, arrival in enumerate(situation.reinforcements):
        for h, address in enumerate(arrival.hexes):
            yield ("reinforcements", r, "hexes", h), address
    for c, condition in enumerate(situation.victory.conditions):
        for h, address in enumerate(getattr(condition, "hexes", [])):
            yield ("victory", "conditions", c, "hexes", h), address
    if situation.amphibious is not None:
        for h, address in enumerate(situation.amphibious.beach):
            yield ("amphibious", "beach", h), address
        for c, craft in enumerate(situation.amphibious.craft):
            if craft.hex is not None:
                yield ("amphibious", "craft", c, "hex"), craft.hex
    if situation.airborne is not None:
        for lift_number, lift in enumerate(situation.airborne.lifts):
            yield ("airborne", "lifts", lift_number, "target"), lift.target


def _force_problems(
    situation: SituationFile,
    types: dict[str, UnitType],
    counters: dict[str, tuple[Counter, Path]],
) -> list[Problem]:
    """Morale levels [003 7.0], attached CPs on A or I units [003 22.1], passengers and
    designated transports [003 5.4, 9.2], a place for every counter."""
    problems: list[Problem] = []
    arriving = {c for r in situation.reinforcements for c in r.counters}
    arriving |= {c for b in situation.oba for c in b.counters}  # a battery's, off the map
    carried = _carried(situation)
    for s, side in enumerate(situation.sides):
        for n, nation in enumerate(side.nations):
            if nation.morale_level is None:
                problems.append(
                    error(
                        "TGX031",
                        f"{nation.nation.value} has no morale level [003 7.0]",
                        path=("sides", s, "nations", n, "morale_level"),
                    )
                )
    for cid, (counter, where) in counters.items():
        kind = types.get(counter.type)
        if kind is None:
            continue
        if counter.command_post and kind.weapon not in (WeaponType.A, WeaponType.I, WeaponType.C_I):
            problems.append(
                error(
                    "TGX037",
                    f"an attached CP rides on '{cid}', weapon type {kind.weapon.value}; attached "
                    "CPs go on A- or I-category units, C(I) included [003 22.1]",
                    path=(*where, "command_post"),
                    object_id=cid,
                )
            )
        placed = (
            counter.hex is not None
            or counter.setup_area is not None
            or counter.passenger_of is not None
            or cid in carried
        )
        if not placed and not counter.off_map:
            problems.append(
                error(
                    "TGX043",
                    f"counter '{cid}' has neither a hex, a setup area nor a carrier, and is not "
                    "off the map",
                    path=where,
                    object_id=cid,
                )
            )
        waiting = counter.off_map and cid not in arriving and cid not in carried
        if waiting and kind.unit_kind is not UnitKind.AIRCRAFT:
            problems.append(
                warning(
                    "TGX043",
                    f"counter '{cid}' starts off the map and no reinforcement brings it on",
                    path=(*where, "off_map"),
                    object_id=cid,
                )
            )
        for field_name in ("passenger_of", "transport"):
            other = getattr(counter, field_name)
            if other is not None and other not in counters:
                problems.append(
                    error(
                        "TGX030",
                        f"'{cid}' names '{other}' as {field_name.replace('_', ' ')}, which is no "
                        "counter of the situation",
                        path=(*where, field_name),
                        object_id=cid,
                    )
                )
        if counter.transport is not None and Trait.ENGINEER not in kind.traits:
            problems.append(
                error(
                    "TGX034",
                    f"'{cid}' has a designated transport but is no engineer [003 9.2]",
                    path=(*where, "transport"),
                    object_id=cid,
                )
            )
    problems += _passenger_problems(situation, types, counters)
    return problems


def _carried(situation: SituationFile) -> set[str]:
    """Counters the landing sections place: landing craft and aircraft, and their cargo."""
    found: set[str] = set()
    if situation.amphibious is not None:
        for craft in situation.amphibious.craft:
            found.update(craft.cargo)
            found.add(craft.counter)
    if situation.airborne is not None:
        for lift in situation.airborne.lifts:
            found.update(lift.cargo)
            found.add(lift.carrier)
    return found


def _passenger_problems(
    situation: SituationFile,
    types: dict[str, UnitType],
    counters: dict[str, tuple[Counter, Path]],
) -> list[Problem]:
    """One passenger per carrier (an LVT two); artillery only on trucks, or an LVT (the
    setup phase's decision, `engine.tactical_gamex.setup_loads`); a DUKW carries I-category
    units only [003 5.4, 10.1]; the passenger stands with its carrier."""
    problems: list[Problem] = []
    loads: dict[str, list[str]] = defaultdict(list)
    for cid, (counter, _) in counters.items():
        if counter.passenger_of in counters:
            loads[counter.passenger_of].append(cid)
    cargo: dict[str, list[str]] = defaultdict(list)
    if situation.amphibious is not None:  # a craft's cargo takes room as its passengers do
        for craft in situation.amphibious.craft:
            if craft.counter in counters:
                cargo[craft.counter] = [c for c in craft.cargo if c in counters]
                loads.setdefault(craft.counter, [])
    sides = side_of(situation)
    for carrier_id, passengers in loads.items():
        carrier, carrier_where = counters[carrier_id]
        carrier_type = types.get(carrier.type)
        if carrier_type is None:
            continue
        capacity = carrier_type.carries
        if Trait.LVT in carrier_type.traits or Trait.DUKW in carrier_type.traits:
            capacity = max(capacity, 2 if Trait.LVT in carrier_type.traits else 1)  # [003 10.1]
        aboard = passengers + [c for c in cargo[carrier_id] if c not in passengers]
        if len(aboard) > capacity and len(cargo[carrier_id]) <= capacity:  # else TGX039 says
            problems.append(
                error(
                    "TGX034",
                    f"'{carrier_id}' carries {len(aboard)} units ({', '.join(aboard)}); "
                    f"it may carry {capacity} [003 5.2.1, 10.1]",
                    path=carrier_where,
                    object_id=carrier_id,
                )
            )
        for pid in passengers:
            passenger, where = counters[pid]
            kind = types.get(passenger.type)
            if kind is None:
                continue
            why = ""
            if sides[pid] != sides[carrier_id]:
                why = "the carrier is the enemy's"
            elif Trait.ARTILLERY in kind.traits and not {Trait.TRUCK, Trait.LVT} & set(
                carrier_type.traits
            ):  # [003 10.1] each non-vehicle unit of a landing goes under an LVT or DUKW
                why = "artillery rides on trucks (or an LVT landing) only [003 5.4, 10.1]"
            elif Trait.DUKW in carrier_type.traits and kind.weapon is not WeaponType.I:
                why = "a DUKW carries I-category units only [003 10.1]"
            elif kind.unit_kind is not UnitKind.SOFT or kind.carries:
                why = "only soft units that carry nothing ride as passengers"
            elif passenger.hex is not None and passenger.hex != carrier.hex:
                why = f"it starts at {passenger.hex}, its carrier at {carrier.hex}"
            if why:
                problems.append(
                    error(
                        "TGX034",
                        f"'{pid}' cannot ride on '{carrier_id}': {why}",
                        path=(*where, "passenger_of"),
                        object_id=pid,
                    )
                )
    return problems


def _arrival_problems(
    situation: SituationFile,
    board: AssembledBoard,
    types: dict[str, UnitType],
    counters: dict[str, tuple[Counter, Path]],
) -> list[Problem]:
    """Reinforcements name off-map counters of their side and enter on their edge [003 22.2];
    turns fall inside the game; landings stay within capacity [003 10.1, 11.0]."""
    problems: list[Problem] = []
    sides = side_of(situation)
    for r, arrival in enumerate(situation.reinforcements):
        where: Path = ("reinforcements", r)
        if arrival.turn > situation.turns:
            problems.append(
                error(
                    "TGX038",
                    f"reinforcement '{arrival.id}' arrives on turn {arrival.turn}; the game has "
                    f"{situation.turns}",
                    path=(*where, "turn"),
                )
            )
        for c, cid in enumerate(arrival.counters):
            if cid not in counters:
                problems.append(
                    error(
                        "TGX030",
                        f"reinforcement '{arrival.id}' brings '{cid}', which is no counter",
                        path=(*where, "counters", c),
                    )
                )
            elif situation.sides[sides[cid]].side is not arrival.side:
                problems.append(
                    error(
                        "TGX030",
                        f"reinforcement '{arrival.id}' brings '{cid}' of the other side",
                        path=(*where, "counters", c),
                    )
                )
            elif not counters[cid][0].off_map:
                problems.append(
                    error(
                        "TGX038",
                        f"'{cid}' arrives with '{arrival.id}' but does not start off the map",
                        path=(*where, "counters", c),
                    )
                )
        if arrival.edge is None and not arrival.hexes:
            problems.append(
                error(
                    "TGX038",
                    f"reinforcement '{arrival.id}' names neither an edge nor entry hexes",
                    path=where,
                )
            )
        for h, address in enumerate(arrival.hexes):
            spot = board.hex_of(address)
            if spot is None:
                continue
            edges = [compass_edge(situation.board.north, arrival.edge)] if arrival.edge else None
            if not _on_edge(board, spot, edges):
                shown = f"the {arrival.edge.value} edge" if arrival.edge else "the board's edge"
                problems.append(
                    error(
                        "TGX038",
                        f"reinforcement '{arrival.id}' enters at {address}, not on {shown}",
                        path=(*where, "hexes", h),
                        hex=spot,
                    )
                )
    if situation.airborne is not None:
        for i, lift in enumerate(situation.airborne.lifts):
            carrier = counters.get(lift.carrier)
            kind = types.get(carrier[0].type) if carrier else None
            if kind is None:
                problems.append(
                    error(
                        "TGX040",
                        f"lift carrier '{lift.carrier}' is no counter of a known type",
                        path=("airborne", "lifts", i, "carrier"),
                    )
                )
                continue
            glider = Trait.GLIDER in kind.traits
            limit = 2 if glider else 3
            if not glider and Trait.TRANSPORT_AIRCRAFT not in kind.traits:
                problems.append(
                    error(
                        "TGX040",
                        f"'{lift.carrier}' is neither a transport aircraft nor a glider",
                        path=("airborne", "lifts", i, "carrier"),
                    )
                )
            cargo = [types.get(counters[c][0].type) for c in lift.cargo if c in counters]
            wrong = not glider and any(t is None or t.weapon is not WeaponType.I for t in cargo)
            if len(lift.cargo) > limit or wrong:
                problems.append(
                    error(
                        "TGX040",
                        f"'{lift.carrier}' carries {len(lift.cargo)} units; a "
                        + ("glider carries 2" if glider else "transport carries 3 I-category units")
                        + " [003 11.0]",
                        path=("airborne", "lifts", i, "cargo"),
                    )
                )
    return problems


def _on_edge(board: AssembledBoard, spot: Offset, edges: list[BoardEdge] | None) -> bool:
    return any(board.is_edge(*spot, edge) for edge in (edges or list(BoardEdge)))


def _victory_problems(
    situation: SituationFile, counters: dict[str, tuple[Counter, Path]]
) -> list[Problem]:
    """Victory references resolve: named counters exist and are the enemy's; levels have
    conditions worth points."""
    problems: list[Problem] = []
    sides = side_of(situation)
    for c, condition in enumerate(situation.victory.conditions):
        for i, cid in enumerate(getattr(condition, "counters", [])):
            if cid not in counters:
                problems.append(
                    error(
                        "TGX042",
                        f"victory condition {c + 1} names '{cid}', which is no counter",
                        path=("victory", "conditions", c, "counters", i),
                    )
                )
            elif situation.sides[sides[cid]].side is condition.side:
                problems.append(
                    error(
                        "TGX042",
                        f"victory condition {c + 1} asks {condition.side.value} to destroy its "
                        f"own '{cid}'",
                        path=("victory", "conditions", c, "counters", i),
                    )
                )
        due = condition.by_turn if isinstance(condition, ExitUnits) else None
        if due is not None and due > situation.turns:
            problems.append(
                error(
                    "TGX042",
                    f"victory condition {c + 1} is due after the last turn",
                    path=("victory", "conditions", c, "by_turn"),
                )
            )
    for v, level in enumerate(situation.victory.levels):
        reachable = sum(
            cond.points for cond in situation.victory.conditions if cond.side is level.side
        )
        if reachable < level.points:
            problems.append(
                warning(
                    "TGX042",
                    f"victory level '{level.name}' needs {level.points} points; "
                    f"{level.side.value}'s conditions give at most {reachable}",
                    path=("victory", "levels", v, "points"),
                )
            )
    return problems


def _module_problems(
    situation: SituationFile,
    types: dict[str, UnitType],
    counters: dict[str, tuple[Counter, Path]],
) -> list[Problem]:
    """Warn of what the situation uses whose module is off [003 9.0-11.0; digest part C].

    The digest also names aircraft and OBA; they are standard rules (6.4.4, 6.4.7), in force in
    every situation, so only the three supplemental modules are checked.
    """
    problems: list[Problem] = []
    used: dict[Module, str] = {}
    if any(
        Trait.ENGINEER in (*types[c.type].traits, *c.traits)
        for c, _ in counters.values()
        if c.type in types
    ):
        used[Module.ENGINEERS] = "engineers"
    if situation.amphibious is not None:
        used[Module.AMPHIBIOUS] = "an amphibious landing"
    if situation.airborne is not None:
        used[Module.AIRBORNE] = "an airborne assault"
    for module, what in used.items():
        if module not in situation.modules:
            problems.append(
                warning(
                    "TGX041",
                    f"the situation has {what} but the {module.value} module is off",
                    path=("modules",),
                )
            )
    return problems
