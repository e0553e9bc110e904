"""A Tactical GameX game's starting state from a loaded situation (`schemas.tactical_gamex`):
the assembled board, the title's tables and unit types, the counters where the situation puts
them, neutral counters, batteries, reinforcements and victory conditions."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engine.dice import Dice
from engine.hexgrid import Grid, Hex
from engine.tactical_gamex import chaos
from engine.tactical_gamex.airborne import Lift
from engine.tactical_gamex.aircraft import Aircraft
from engine.tactical_gamex.amphibious import Landing
from engine.tactical_gamex.board import Board, side
from engine.tactical_gamex.game import TacticalGame
from engine.tactical_gamex.setup_plan import plan_of
from engine.tactical_gamex.state import (
    Arrival,
    Battery,
    Fortification,
    TgxState,
    VictoryCondition,
    VictoryKind,
    VictoryLevel,
)
from engine.tactical_gamex.tables import COLUMNS, Crt, Result, Tables, TerrainEffects
from engine.tactical_gamex.units import StreamState, Unit, UnitKind, UnitType, Weapon
from schemas.tactical_gamex.board import AssembledBoard, compass_edge
from schemas.tactical_gamex.deck_checks import check_chaos_switch, check_deck
from schemas.tactical_gamex.loading import SituationBundle, load_situation
from schemas.tactical_gamex.situation import (
    ControlHexes,
    DestroyUnits,
    ExitUnits,
    SituationFile,
)
from schemas.tactical_gamex.tables import RulesetTables
from schemas.tactical_gamex.unit_types import UnitType as UnitTypeModel
from schemas.tactical_gamex.unit_types import UnitTypeLibrary

Offset = tuple[int, int]
CLOSED = ("stream", "water", "sea", "swamp")


def tables_of(model: RulesetTables) -> Tables:
    """The engine's tables from the title's: a terrain is open for overruns unless it conceals
    or is a stream, water or swamp (decision: the text says only "open terrain" [003 6.4.5])."""
    terrain: dict[str, TerrainEffects] = {}
    for row in model.terrain:
        name = row.terrain.value
        terrain[name] = TerrainEffects(
            name,
            {mc.value: cost for mc, cost in row.mp.items()},
            los_height=row.los_height,
            concealing=row.concealing,
            spot_roll=row.spot_roll_max,
            drm_direct=row.drm_direct,
            drm_indirect=row.drm_indirect,
            counts_as_road=row.counts_as_road,
            protective=row.morale_protective,
            stream=name == "stream",
            water=name in ("water", "sea"),
            open=not row.concealing and name not in CLOSED,
            sum_defense=row.sum_defense or row.must_attack_all,
        )
    crt = model.crt
    if list(crt.columns) != list(COLUMNS):
        raise ValueError(f"the CRT's columns must be {', '.join(COLUMNS)}")
    rows = tuple(tuple(Result(r.value) for r in row.results) for row in crt.rows)
    scatter = tuple(tuple(Hex(0, 0).neighbor(d)) for d in model.oba_scatter)
    return Tables(
        terrain,
        Crt(crt.rows[0].roll, rows),
        hexside_costs={
            h.kind.value: {mc.value: cost for mc, cost in h.mp_extra.items()}
            for h in model.hexsides
        },
        hexside_blocks_los=frozenset(h.kind.value for h in model.hexsides if h.blocks_los),
        scatter=tuple((q, r) for q, r in scatter),
        wrecks_negating_road=model.wrecks_negating_road,
        airborne_scatter={s.roll: (s.ahead, s.right) for s in model.airborne_scatter},
        aa_fire=tuple(
            (c.min_attack, tuple(r.value for r in c.results)) for c in model.aa_fire.columns
        ),
    )


def board_of(assembled: AssembledBoard, tec: dict[str, TerrainEffects]) -> Board:
    """The engine's board from the assembled panels."""
    grid = Grid(assembled.width, assembled.height)
    width = assembled.width
    terrain: dict[Offset, str] = {}
    level: dict[Offset, int] = {}
    mass: dict[Offset, int] = {}
    mass_ids: dict[str, int] = {}
    for index, kind in enumerate(assembled.terrain):
        hex_ = (index % width, index // width)
        if kind.value != "clear":
            terrain[hex_] = kind.value
        if assembled.level[index]:
            level[hex_] = assembled.level[index]
        name = assembled.mass[index]
        if name:
            mass[hex_] = mass_ids.setdefault(name, len(mass_ids) + 1)
    hexsides: dict[frozenset[Offset], frozenset[str]] = {}
    for (hex_, direction), kinds in assembled.hexsides.items():
        other = grid.neighbor(*hex_, direction)
        key = side(hex_, other)
        hexsides[key] = hexsides.get(key, frozenset()) | {k.value for k in kinds}
    roads = {side(h, grid.neighbor(*h, d)) for h, d in assembled.road_links}
    bridges = {h for h, f in assembled.features.items() if any(x.value == "bridge" for x in f)}
    fords = {h for h, f in assembled.features.items() if any(x.value == "ford" for x in f)}
    names = {h: a[0] for h, a in assembled.addresses.items() if a}
    return Board(grid, terrain, tec, level, mass, roads, hexsides, bridges, fords, names)


def _unit_type(model: UnitTypeModel) -> UnitType:
    return UnitType(
        model.name,
        model.attack,
        Weapon(model.weapon.value),
        model.range,
        model.defense,
        model.movement,
        UnitKind(model.unit_kind.value),
        model.double_range,
        frozenset(t.value for t in model.traits),
        model.calibre_mm,
        model.move_class.value,
        model.bridge_defense,
    )


def state_of(bundle: SituationBundle, seed: int, setup_phase: bool = False) -> TgxState:
    """The starting state of a situation for a seed; ValueError when it cannot be played.

    With `setup_phase` the counters given a setup area and no hex wait off the board for the
    sides to set them up before turn 1 (`engine.tactical_gamex.setup_phase`); otherwise the
    seed sets them up at once (as every game did before the setup phase, so saved games
    without one replay the same)."""
    situation = bundle.model
    if (
        situation is None
        or bundle.board is None
        or bundle.tables is None
        or bundle.unit_types is None
        or any(p.is_error for p in bundle.problems)
    ):
        raise ValueError("the situation has errors; `hexwright validate` lists them")
    tables_model = bundle.tables.model
    library = bundle.unit_types.model
    assert isinstance(tables_model, RulesetTables)
    assert isinstance(library, UnitTypeLibrary)
    tables = tables_of(tables_model)
    board = board_of(bundle.board, dict(tables.terrain))
    types = {t.id: _unit_type(t) for t in library.unit_types}
    dice = Dice(seed)
    state = TgxState(board, tables, {}, {}, situation.turns, dice)
    state.first_initiative = situation.first_initiative
    state.options = frozenset(rule.value for rule in situation.optional_rules)
    if chaos.BATTLEFIELD_CHAOS in state.options:  # [003 24.1] the Action Deck for the dice
        # A game started from the editor has not been through `validate`: a deck the engine
        # could not draw from is refused here with the check's sentence, not met mid-game.
        unplayable = [
            p
            for p in check_chaos_switch(situation, tables_model) + check_deck(tables_model)
            if p.is_error
        ]
        if unplayable:
            raise ValueError(f"{unplayable[0].message} ({unplayable[0].code})")
        cards = chaos.CardDice(seed, chaos.deck_of(tables_model.action_deck))
        cards.bind(state)
        state.dice = cards
    waiting = _place_forces(state, situation, bundle.board, types, setup_phase)
    _aircraft(state, situation, {t.id: t for t in library.unit_types})
    _lifts(state, situation, bundle.board)
    _place_markers(state, situation, bundle.board)
    if setup_phase:
        objectives = tuple(_objectives(situation, bundle.board))
        state.setup = plan_of(
            situation, bundle.board, state, waiting, seed=seed, objectives=objectives
        )
    _victory(state, situation, bundle.board)
    return state


def _hex(assembled: AssembledBoard, address: str) -> Offset:
    hex_ = assembled.hex_of(address)
    if hex_ is None:
        raise ValueError(f"no hex {address} on the assembled board")
    return hex_


def _place_forces(
    state: TgxState,
    situation: SituationFile,
    assembled: AssembledBoard,
    types: dict[str, UnitType],
    setup_phase: bool,
) -> list[str]:
    """The counters on the board where the situation puts them; the ids of those waiting for
    the setup phase (all placed by the seed without one)."""
    waiting: list[Unit] = []
    landing = situation.amphibious
    at_sea = {c.counter for c in landing.craft if c.hex is None} if landing else set()
    at_sea = at_sea if setup_phase else set()
    for forces in situation.sides:
        if forces.stacking_limit is not None:
            state.stack_limits[forces.side] = forces.stacking_limit
        for nation in forces.nations:
            if nation.morale_level is None:
                raise ValueError(f"{nation.nation.value} has no morale level [003 7.0]")
            state.morale[nation.nation.value] = nation.morale_level
            for counter in nation.counters:
                kind = types.get(counter.type)
                if kind is None:
                    raise ValueError(f"{counter.id}: no unit type {counter.type}")
                hex_ = _hex(assembled, counter.hex) if counter.hex else None
                if counter.traits:  # abilities granted by Unit ID [003 2.1]
                    granted = frozenset(t.value for t in counter.traits)
                    kind = replace(kind, traits=kind.traits | granted)
                unit = Unit(counter.id, forces.side, nation.nation.value, kind, hex_)
                unit.command_post = counter.command_post
                unit.facing = counter.facing
                unit.transport = counter.transport
                if hex_ is not None and state.board.is_stream(hex_):
                    # [003 6.3.9] Down when the situation says so, else Up (on a bridge: neither)
                    if counter.down:
                        unit.stream = StreamState.DOWN
                    elif hex_ not in state.board.bridges:
                        unit.stream = StreamState.UP
                state.units[counter.id] = unit
                if hex_ is None and (
                    (counter.setup_area and not counter.off_map) or counter.id in at_sea
                ):  # [003 10.2] landing craft without a hex are placed at sea
                    waiting.append(unit)
        if forces.side not in state.stack_limits and all(
            n.nation.value == "soviet_union" for n in forces.nations
        ):
            state.stack_limits[forces.side] = 2  # [003 3.2.5] two Soviet units a hex
    for forces in situation.sides:
        for nation in forces.nations:
            for counter in nation.counters:
                if counter.passenger_of:
                    carrier = state.units[counter.passenger_of]
                    passenger = state.units[counter.id]
                    carrier.passenger, passenger.carrier = passenger.id, carrier.id
    if not setup_phase:
        _set_up(state, situation, assembled, waiting)
    for unit in state.units.values():
        if unit.carrier is not None:
            unit.hex = state.units[unit.carrier].hex
    for reinforcement in situation.reinforcements:
        hexes = [_hex(assembled, a) for a in reinforcement.hexes]
        if not hexes and reinforcement.edge is not None:
            hexes = assembled.edge_hexes(compass_edge(situation.board.north, reinforcement.edge))
        state.arrivals += (
            Arrival(reinforcement.turn, tuple(reinforcement.counters), tuple(hexes)),
        )
    for battery in situation.oba:
        owner = next(f for f in situation.sides if f.side is battery.side)
        state.batteries[battery.id] = Battery(
            battery.id,
            battery.side,
            owner.nations[0].nation.value,
            battery.attack,
            units=tuple(battery.counters),
        )
    for naval in situation.naval:  # [003 10.5] naval gunfire, as OBA or from the sea edge
        owner = next(f for f in situation.sides if f.side is naval.side)
        state.batteries[naval.id] = Battery(
            naval.id,
            naval.side,
            owner.nations[0].nation.value,
            naval.attack,
            naval=True,
            direct=naval.mode == "direct",
        )
    _landing(state, situation, assembled)
    return [u.id for u in waiting if u.hex is None]


def _objectives(situation: SituationFile, assembled: AssembledBoard) -> list[Offset]:
    return [
        _hex(assembled, a)
        for c in situation.victory.conditions
        if isinstance(c, ControlHexes)
        for a in c.hexes
    ]


def _landing(state: TgxState, situation: SituationFile, assembled: AssembledBoard) -> None:
    """The amphibious landing's force, its cargo loaded in its craft [003 10.1]; `amphibious`
    puts it to sea when the game starts."""
    landing = situation.amphibious
    if landing is None:
        return
    for craft in landing.craft:
        carrier = state.units[craft.counter]
        for cargo_id in craft.cargo:
            cargo = state.units[cargo_id]
            cargo.carrier = carrier.id
            carrier.passenger = carrier.passenger or cargo_id
    state.landing = Landing(
        landing.side,
        frozenset(_hex(assembled, a) for a in landing.beach),
        tuple(c.counter for c in landing.craft),
        {c.counter: _hex(assembled, c.hex) for c in landing.craft if c.hex},
        landing.dd_sink_chance,
    )


def _set_up(
    state: TgxState, situation: SituationFile, assembled: AssembledBoard, waiting: list[Unit]
) -> None:
    """Counters given a setup area and no hex are set up by the seed (decision: the engine
    has no setup phase yet): each on a hex of its area it may enter, nearest the victory
    hexes first, ties in the seed's order, spread one a hex before any stacks."""
    areas = {a.id: a for a in situation.setup_areas}
    targets = _objectives(situation, assembled)
    counter_area = {
        c.id: c.setup_area for f in situation.sides for n in f.nations for c in n.counters
    }
    board = state.board
    for unit in waiting:
        if unit.carrier is not None:
            continue
        area = areas[counter_area[unit.id] or ""]
        hexes = [_hex(assembled, a) for a in area.hexes]
        for placed in assembled.panels:
            if placed.panel.id in area.panels:
                hexes += [
                    (c, r)
                    for r in range(assembled.height)
                    for c in range(assembled.width)
                    if placed.to_panel(c, r) is not None
                ]
        hexes = sorted(set(hexes))
        state.dice.shuffle(hexes)
        if targets:
            hexes.sort(key=lambda h: min(board.distance(h, t) for t in targets))
        room = [
            h
            for h in hexes
            if board.effects(h).cost(unit.type.move_class) is not None
            and not board.effects(h).stream
            and not state.enemy_at(h, unit.side)
            and state.stack_count(h) < state.stacking_limit(unit.side)
        ]
        if not room:
            raise ValueError(f"no room in setup area {area.id} for {unit.id}")
        empty = [h for h in room if state.stack_count(h) == 0]
        unit.hex = (empty or room)[0]


def _aircraft(state: TgxState, situation: SituationFile, library: dict[str, UnitTypeModel]) -> None:
    """The situation's aircraft, one per allotted plane, with their attacks [003 6.4.7]."""
    for allotment in situation.aircraft:
        model = library.get(allotment.type)
        if model is None:
            continue
        attacks = {Weapon(a.weapon.value): a.attack for a in model.aircraft_attacks}
        if allotment.spotter:
            attacks = {}  # [003 6.4.7] spotter aircraft have no attack values
        for n in range(allotment.count):
            ident = allotment.id if allotment.count == 1 else f"{allotment.id}-{n + 1}"
            state.aircraft[ident] = Aircraft(
                ident,
                allotment.side,
                model.name,
                attacks,
                tuple(allotment.turns),
                spotter=allotment.spotter,
            )


HEADING = {"top": 180, "right": 270, "bottom": 0, "left": 90}
"""The screen heading of a flight coming in from each board edge (degrees from up)."""


def _lifts(state: TgxState, situation: SituationFile, assembled: AssembledBoard) -> None:
    """The situation's airborne lifts, their cargo off the board until they land [003 11.0]."""
    assault = situation.airborne
    if assault is None:
        return
    heading = HEADING[compass_edge(situation.board.north, assault.approach).value]
    lifts = []
    for lift in assault.lifts:
        carrier = state.units.get(lift.carrier)
        glider = carrier is not None and carrier.type.has("glider")
        for unit_id in lift.cargo:
            state.units[unit_id].hex = None
            state.units[unit_id].carrier = None
        if carrier is not None:
            carrier.hex = None
        lifts.append(
            Lift(
                assault.side,
                lift.carrier,
                tuple(lift.cargo),
                _hex(assembled, lift.target),
                glider,
                heading,
            )
        )
    state.lifts = tuple(lifts)


def _place_markers(state: TgxState, situation: SituationFile, assembled: AssembledBoard) -> None:
    counters = state.counters
    for marker in situation.markers:
        hex_ = _hex(assembled, marker.hex)
        kind = marker.kind.value
        if kind == "fortification":
            fort = Fortification(int(marker.strength or 0))
            counters.forts[hex_] = fort
            inside = [
                u for u in state.units_at(hex_) if u.side is marker.side and u.carrier is None
            ]
            for unit in inside[: fort.capacity]:
                unit.in_fort = True  # [003 8.4] the fort's own units start inside
        elif kind == "mines":
            counters.mines[hex_] = COLUMNS.index(str(marker.strength or "1:1"))
        elif kind == "improved_position":
            counters.improved.add(hex_)
        elif kind == "block":
            counters.blocks.add(hex_)
        elif kind == "wreck":
            counters.wrecks[hex_] = counters.wrecks.get(hex_, 0) + 1
        elif kind == "temporary_bridge":  # [003 9.3] a hastily constructed bridge
            counters.laid_bridges.add(hex_)
            if isinstance(marker.strength, int):
                counters.bridge_defense[hex_] = marker.strength


def _victory(state: TgxState, situation: SituationFile, assembled: AssembledBoard) -> None:
    conditions: list[VictoryCondition] = []
    for c in situation.victory.conditions:
        if isinstance(c, ControlHexes):
            hexes = tuple(_hex(assembled, a) for a in c.hexes)
            conditions.append(
                VictoryCondition(
                    c.side, VictoryKind.HOLD, hexes, c.count or 0, c.sudden_death, c.points
                )
            )
        elif isinstance(c, ExitUnits):
            edge = assembled.edge_hexes(compass_edge(situation.board.north, c.edge))
            conditions.append(
                VictoryCondition(
                    c.side, VictoryKind.EXIT, tuple(edge), c.count, c.sudden_death, c.points
                )
            )
        elif isinstance(c, DestroyUnits):
            conditions.append(
                VictoryCondition(
                    c.side,
                    VictoryKind.DESTROY,
                    (),
                    c.count or 0,
                    c.sudden_death,
                    c.points,
                    tuple(c.counters),
                )
            )
    state.victory = tuple(conditions)
    state.levels = tuple(
        VictoryLevel(lv.name, lv.side, lv.points) for lv in situation.victory.levels
    )


def new_game(path: Path | str, seed: int = 0, setup_phase: bool = False) -> TacticalGame:
    """A new game of the situation file at `path`; ValueError when it cannot be played."""
    return TacticalGame(state_of(load_situation(path), seed, setup_phase))
