"""Bridge operations [000 7.4]: building hexside and pontoon bridges, maintaining, dismantling
and abandoning them, wiring a full-hex bridge, and damaging bridges and AT ditches as combat.

Decisions, with their sections:

- [000 7.4] Bridges are built across river, stream, gully, canal and AT ditch hexsides where no
  intact bridge crosses; a damaged hexside bridge may be bridged anew (the manual forbids only
  a pontoon over a damaged full-hex bridge). An engineer bridge is of the Heavy class (the
  manual gives it no class; assault bridges of the period carried tanks) and is attacked with
  the Heavy Bridge defense.
- [000 7.4] Starting costs a Bridge Eng engineer its whole allowance, so it must not have moved
  or fired; a Bridge Layer pays a third. Dismantling is a bridge operation too and is started
  the same way. Several engineers may work on the same bridge: each rolls, the first success
  completes it (`chances.combined`), and the first of them in scenario order maintains it.
- [000 7.4] A pontoon bridge spans a water hex next to the engineer with land beyond it; the
  side's Pontoon Bridge value must be non-zero and counts the turns (not while the engineer is
  Disrupted or Broken) that must elapse before the normal roll: the first roll comes at the
  turn start after that many turns have been counted.
- [000 7.4] Damaging: the target is across a hexside of the engineer's hex (a bridge or AT
  ditch) or an adjacent full-hex bridge its side wired during play. The attempt takes the
  whole allowance (it "cannot move or fire in the same turn"). The manual forbids manual bridge
  damage "when the Wired Bridge feature is used" and, later, only for "the opposing side to the
  affected side"; the first, wider rule is applied: with Auto Wired Bridge Demolition on (a
  non-zero Wired Bridge value), no bridge is damaged or wired by hand; AT ditches still are.
- [000 7.4] "If an Engineer unit that has constructed a bridge is eliminated, then the bridge
  is considered unusable": a built bridge counts only while its engineer stands at its end
  (`live_bridges`); the start of each turn removes the others with an event.
- [001] Panzer Battles does not mention Abandoning Bridges; nothing there forbids it, so it
  stays available, as do the other bridge operations at the Panzer Battles scale.
- [000 7.4] A maintaining engineer "cannot move away" yet may "cross its own bridge" in Travel
  Mode: it may step across its own hexside bridge and nowhere else, and maintains the bridge
  from either end.
"""

from __future__ import annotations

from engine.panzer_campaigns.allowance import movement_allowance
from engine.panzer_campaigns.board import CROSSING_CODE, HEXSIDE_BIT
from engine.panzer_campaigns.combat.kinds import CombatKind
from engine.panzer_campaigns.combat.results import probabilistic_round, resolve_casualties
from engine.panzer_campaigns.deception_effects import demolition_foiled
from engine.panzer_campaigns.engineering import abilities
from engine.panzer_campaigns.engineering.chances import damage_chance, unit_bridge_chance
from engine.panzer_campaigns.engineering.events import (
    BridgeRemoved,
    DemolitionAttempted,
    WorkStarted,
)
from engine.panzer_campaigns.engineering.works import BuiltBridge, Work, WorkKind
from engine.panzer_campaigns.state import GameState
from engine.panzer_campaigns.units import MEN_PER_GUN_OR_VEHICLE, UnitState
from schemas.panzer_campaigns.map import FullHexKind
from schemas.panzer_campaigns.oob import EngineeringVehicle
from schemas.vocabulary import CrossingKind, HexsideKind

BRIDGEABLE = (
    HEXSIDE_BIT[HexsideKind.RIVER]
    | HEXSIDE_BIT[HexsideKind.STREAM]
    | HEXSIDE_BIT[HexsideKind.GULLY]
    | HEXSIDE_BIT[HexsideKind.CANAL]
    | HEXSIDE_BIT[HexsideKind.AT_DITCH]
)
"""Hexsides engineers bridge [000 7.4]."""
AT_DITCH = HEXSIDE_BIT[HexsideKind.AT_DITCH]
AT_DITCH_DEFENSE = 1
""""The defense value of an Anti-Tank Ditch used in this process is 1" [000 7.4]."""
BRIDGE_CODES = {
    CROSSING_CODE[CrossingKind.LIGHT_BRIDGE]: CrossingKind.LIGHT_BRIDGE,
    CROSSING_CODE[CrossingKind.MEDIUM_BRIDGE]: CrossingKind.MEDIUM_BRIDGE,
    CROSSING_CODE[CrossingKind.HEAVY_BRIDGE]: CrossingKind.HEAVY_BRIDGE,
}


def auto_wired(state: GameState) -> bool:
    """Whether Auto Wired Bridge Demolition is on: a Wired Bridge value is defined [000 7.4]."""
    values = state.parameters.engineering.wired_bridge
    return bool(values.allied or values.axis)


def direction_to(state: GameState, hex_index: int, other: int) -> int | None:
    """The direction number from a hex to an adjacent one, or None when not adjacent."""
    neighbors = state.board.neighbors
    for d in range(6):
        if neighbors[6 * hex_index + d] == other:
            return d
    return None


def back_edge(state: GameState, edge: int) -> int:
    """The same hexside seen from the other hex."""
    d = edge % 6
    return 6 * state.board.neighbors[edge] + (d + 3) % 6


def live_bridges(state: GameState) -> list[BuiltBridge]:
    """Built bridges whose engineer still stands at their end, on the map [000 7.4]."""
    found = []
    for bridge in state.engineering.bridges.values():
        unit = state.units.get(bridge.engineer)
        if unit is not None and unit.on_map and unit.hex in bridge_ends(state, bridge):
            found.append(bridge)
    return found


def bridge_ends(state: GameState, bridge: BuiltBridge) -> tuple[int, ...]:
    """Where its engineer may stand to maintain it: either end of a hexside bridge (it may
    cross its own bridge in Travel Mode [000 7.4]), the start hex of a pontoon bridge."""
    if bridge.pontoon:
        return (bridge.hex,)
    return (bridge.hex, state.board.neighbors[bridge.target])


def live_bridge_edges(state: GameState) -> set[int]:
    """Both edges of every usable built hexside bridge."""
    edges: set[int] = set()
    for bridge in live_bridges(state):
        if not bridge.pontoon:
            edges.update((bridge.target, bridge.back))
    return edges


def live_pontoons(state: GameState) -> set[int]:
    """Water hexes a usable pontoon bridge spans."""
    return {b.target for b in live_bridges(state) if b.pontoon}


def prune_bridges(state: GameState) -> list[BridgeRemoved]:
    """Remove the bridges of engineers no longer at their end (eliminated, withdrawn)."""
    live = {b.engineer for b in live_bridges(state)}
    events = []
    for engineer, bridge in list(state.engineering.bridges.items()):
        if engineer not in live:
            del state.engineering.bridges[engineer]
            unit = state.units[engineer]
            where = state.board.offset(bridge.hex)
            events.append(
                BridgeRemoved(state.turn, unit.side, engineer, where, "its engineer is gone")
            )
    return events


def _start_cost(state: GameState, unit: UnitState) -> tuple[float, str | None]:
    """(movement points, refusal) of starting a bridge operation [000 7.4]."""
    allowance = movement_allowance(state, unit)
    if abilities.vehicle(unit) is EngineeringVehicle.BRIDGE_LAYER:
        cost = allowance / 3
        if allowance - unit.mp_spent < cost - 1e-9:
            return cost, f"{unit.id} needs a third of its movement allowance left [000 7.4]"
        return cost, None
    moved = abilities.moved_or_fired(state, unit)
    if moved is not None:
        return allowance, f"{moved}; starting a bridge takes the whole allowance [000 7.4]"
    return allowance, None


def why_not_build(state: GameState, unit: UnitState, across: int) -> str | None:
    """Why the unit may not start building a bridge towards the adjacent hex `across` (a
    hexside bridge, or a pontoon over a water hex), or None [000 7.4]."""
    eng = state.engineering
    if not abilities.builds_bridges(unit):
        return f"{unit.id} is no bridge engineer (Bridge Eng) [000 7.4]"
    if unit.id in eng.no_bridge:
        return f"{unit.id} abandoned a bridge: NO BRIDGE for the rest of the scenario [000 7.4]"
    if unit.id in eng.bridges:
        return f"{unit.id} already maintains a bridge"
    if unit.id in eng.works:
        return f"{unit.id} is already at work: {eng.works[unit.id].kind.label}"
    why = abilities.unfit(unit) or _start_cost(state, unit)[1]
    if why is not None:
        return why
    d = direction_to(state, unit.hex, across)
    if d is None:
        return "the bridge must start from the engineer's hex to an adjacent hex"
    if abilities.is_water(state, across):
        return _pontoon_problem(state, unit, across)
    board, edge = state.board, 6 * unit.hex + d
    if not board.hexsides[edge] & BRIDGEABLE:
        return "no river, stream, gully, canal or AT ditch hexside to bridge there [000 7.4]"
    if edge in live_bridge_edges(state):
        return "an engineer bridge already crosses that hexside"
    if board.crossings[edge] in BRIDGE_CODES and edge not in state.damaged_bridges:
        return "a bridge already crosses that hexside"
    return None


def _pontoon_problem(state: GameState, unit: UnitState, water: int) -> str | None:
    """Why no pontoon bridge may be started over `water`, or None [000 7.4]."""
    turns = getattr(state.parameters.engineering.pontoon_bridge_turns, unit.side.value)
    if not turns:
        return f"the {unit.side.value} side has no Pontoon Bridge value [000 7.4]"
    if water in state.damaged_full_hex_bridges:
        return "a pontoon bridge cannot be built over a damaged full-hex bridge [000 7.4]"
    if water in state.board.full_hex:
        return "a full-hex bridge or ferry already spans that water hex"
    if water in live_pontoons(state):
        return "a pontoon bridge already spans that water hex"
    beyond = [
        v for d in range(6) if (v := state.board.neighbors[6 * water + d]) >= 0 and v != unit.hex
    ]
    if not any(not abilities.is_water(state, v) for v in beyond):
        return "a pontoon bridge needs ground beyond the water hex [000 7.4]"
    return None


def start_build(state: GameState, unit: UnitState, across: int) -> WorkStarted:
    """Start building (check `why_not_build` first): the unit spends its start cost."""
    cost, _ = _start_cost(state, unit)
    unit.mp_spent = min(movement_allowance(state, unit), unit.mp_spent + cost)
    d = direction_to(state, unit.hex, across)
    assert d is not None
    if abilities.is_water(state, across):
        work = Work(WorkKind.PONTOON, unit.hex, across)
    else:
        work = Work(WorkKind.BUILD_BRIDGE, unit.hex, 6 * unit.hex + d)
    state.engineering.works[unit.id] = work
    state.touch()
    return _started(state, unit, work)


def _started(state: GameState, unit: UnitState, work: Work) -> WorkStarted:
    where = state.board.offset(unit.hex)
    chance = unit_bridge_chance(state, unit)  # every bridge operation rolls it [000 7.4]
    return WorkStarted(state.turn, unit.side, unit.id, work.kind.label, where, chance)


def complete_bridge(state: GameState, unit: UnitState, work: Work) -> str:
    """Put the finished bridge on the map, maintained by `unit` ("Has Bridge")."""
    if work.kind is WorkKind.PONTOON:
        bridge = BuiltBridge(unit.id, work.hex, work.target, pontoon=True)
        what = "pontoon bridge"
    else:
        bridge = BuiltBridge(unit.id, work.hex, work.target, back_edge(state, work.target))
        what = "bridge"
    state.engineering.bridges[unit.id] = bridge
    there = state.board.offset(
        state.board.neighbors[work.target] if not bridge.pontoon else work.target
    )
    state.touch()
    return f"{what} built towards {there[0]},{there[1]}: Has Bridge"


def why_not_dismantle(state: GameState, unit: UnitState) -> str | None:
    """Why the unit may not start dismantling its bridge, or None [000 7.4]."""
    if unit.id not in state.engineering.bridges:
        return f"{unit.id} has no bridge to dismantle"
    if unit.id in state.engineering.works:
        return f"{unit.id} is already at work: {state.engineering.works[unit.id].kind.label}"
    return abilities.unfit(unit) or _start_cost(state, unit)[1]


def start_dismantle(state: GameState, unit: UnitState) -> WorkStarted:
    """Start dismantling the unit's bridge (check `why_not_dismantle` first)."""
    cost, _ = _start_cost(state, unit)
    unit.mp_spent = min(movement_allowance(state, unit), unit.mp_spent + cost)
    bridge = state.engineering.bridges[unit.id]
    work = Work(WorkKind.DISMANTLE, unit.hex, bridge.target)
    state.engineering.works[unit.id] = work
    state.touch()
    return _started(state, unit, work)


def why_not_abandon(state: GameState, unit: UnitState) -> str | None:
    """Why the unit may not abandon a bridge, or None [000 7.4]."""
    if unit.id not in state.engineering.bridges:
        return f"{unit.id} has no bridge to abandon"
    return None


def abandon(state: GameState, unit: UnitState) -> BridgeRemoved:
    """Abandon the unit's bridge: it may leave at once but is NO BRIDGE for good [000 7.4]."""
    bridge = state.engineering.bridges.pop(unit.id)
    state.engineering.works.pop(unit.id, None)
    state.engineering.no_bridge.add(unit.id)
    state.touch()
    where = state.board.offset(bridge.hex)
    return BridgeRemoved(state.turn, unit.side, unit.id, where, "abandoned (NO BRIDGE)")


# --- wiring a full-hex bridge (steps 1-3) [000 7.4] -----------------------------------------


def why_not_wire(state: GameState, unit: UnitState) -> str | None:
    """Why the unit may not start wiring the full-hex bridge it stands on, or None: steps 1-2
    of full-hex bridge demolition [000 7.4] (it entered in Travel Mode; a turn later it
    starts)."""
    if not abilities.damages_bridges(unit):
        return f"{unit.id} is no engineer able to demolish bridges [000 7.1]"
    if auto_wired(state):
        return "with Auto Wired Bridge Demolition no bridge is wired during play [000 7.4]"
    if state.board.full_hex.get(unit.hex) is not FullHexKind.BRIDGE:
        return f"{unit.id} is not on a full-hex bridge"
    if unit.hex in state.damaged_full_hex_bridges:
        return "the bridge is already damaged"
    if unit.hex in state.wired_full_hex_bridges:
        return "the bridge is already wired"
    if unit.id in state.engineering.works:
        return f"{unit.id} is already at work: {state.engineering.works[unit.id].kind.label}"
    return abilities.unfit(unit, travel_ok=True) or abilities.moved_or_fired(state, unit)


def start_wire(state: GameState, unit: UnitState) -> WorkStarted:
    """Start wiring the full-hex bridge (check `why_not_wire` first); a bridge operation."""
    unit.mp_spent = movement_allowance(state, unit)
    work = Work(WorkKind.WIRE, unit.hex, unit.hex)
    state.engineering.works[unit.id] = work
    state.touch()
    return _started(state, unit, work)


# --- damaging bridges and AT ditches (step 5) [000 7.4] -----------------------------------


def damage_targets(state: GameState, unit: UnitState) -> dict[int, tuple[str, float]]:
    """What the unit could attack from its hex, by the hex across the hexside (or the bridge
    hex): the target's name and its defense [000 7.4]. Eligibility of the unit aside."""
    board, found = state.board, {}
    bridge_ok = abilities.damages_bridges(unit) and not auto_wired(state)
    built = live_bridge_edges(state)
    defense = state.parameters.engineering
    classes = {
        CrossingKind.LIGHT_BRIDGE: defense.light_bridge_defense,
        CrossingKind.MEDIUM_BRIDGE: defense.medium_bridge_defense,
        CrossingKind.HEAVY_BRIDGE: defense.heavy_bridge_defense,
    }
    for d in range(6):
        edge = 6 * unit.hex + d
        v = board.neighbors[edge]
        if v < 0:
            continue
        kind = BRIDGE_CODES.get(board.crossings[edge])
        if bridge_ok and edge in built:
            found[v] = ("engineer bridge", float(defense.heavy_bridge_defense))
        elif bridge_ok and kind is not None and edge not in state.damaged_bridges:
            found[v] = (kind.value.replace("_", " "), float(classes[kind]))
        elif (
            board.hexsides[edge] & AT_DITCH
            and edge not in state.engineering.ditches_destroyed
            and abilities.destroys_ditches(unit)
        ):
            found[v] = ("AT ditch", float(AT_DITCH_DEFENSE))
        elif (
            bridge_ok
            and board.full_hex.get(v) is FullHexKind.BRIDGE
            and state.wired_full_hex_bridges.get(v) is unit.side
            and v not in state.damaged_full_hex_bridges
        ):
            found[v] = ("wired full-hex bridge", float(defense.heavy_bridge_defense))
    return found


def why_not_damage(state: GameState, unit: UnitState, across: int | None = None) -> str | None:
    """Why the unit may not attack a bridge or AT ditch (towards `across`, or any), or None
    [000 7.4]: adjacent, not Disrupted, Broken, in Travel or Rail Mode or Digging-In, not moved
    or fired this turn.

    Contradiction decided: [7.4] first forbids manual bridge damage whenever "the Wired Bridge
    feature ... is used in a scenario", then only for "the opposing side to the affected side";
    the first, wider rule applies (`damage_targets` lists no bridge under Auto Wired Bridge
    Demolition), AT ditches excepted, which are no bridges."""
    if not abilities.destroys_ditches(unit):
        return f"{unit.id} is no engineer able to demolish [000 7.1]"
    why = abilities.unfit(unit) or abilities.moved_or_fired(state, unit)
    if why is not None:
        return why
    targets = damage_targets(state, unit)
    if across is None:
        if targets:
            return None
        if auto_wired(state) and abilities.damages_bridges(unit):
            return (
                "no AT ditch next to it, and with Auto Wired Bridge Demolition bridges are "
                "not damaged by hand [000 7.4]"
            )
        return "no bridge or AT ditch it may attack next to it"
    if across not in targets:
        return "no bridge or AT ditch it may attack there"
    return None


def damage_odds(state: GameState, unit: UnitState, across: int) -> float:
    """The chance the attempt on the target towards `across` succeeds [000 7.4]."""
    _name, defense = damage_targets(state, unit)[across]
    return damage_chance(state, unit.unit.assault, defense)


def damage(state: GameState, unit: UnitState, across: int) -> DemolitionAttempted:
    """Attack the bridge or AT ditch towards `across` (check `why_not_damage` first): the
    unit's assault value against the target's defense, the result divided by 10 as for a
    vehicle and rounded; non-zero damages it [000 7.4] - unless the enemy's deception foils
    it: "Enemy engineer units attempting to blow bridges or otherwise cause damage are
    subject to possible failure of this action" [000 4.3]. Decision: the Deception Damage
    roll is made only for an attempt that would have succeeded, the one outcome it changes."""
    name, defense = damage_targets(state, unit)[across]
    chance = damage_chance(state, unit.unit.assault, defense)
    unit.mp_spent = movement_allowance(state, unit)
    value = unit.unit.assault / max(defense, 1.0)
    loss = resolve_casualties(state, value, 0.0, CombatKind.ASSAULT)
    hit = probabilistic_round(loss / MEN_PER_GUN_OR_VEHICLE, state.rng) > 0
    foiled = hit and demolition_foiled(state, unit, across)
    if hit and not foiled:
        _apply_damage(state, unit, across, name)
    state.touch()
    where = state.board.offset(across)
    succeeded = hit and not foiled
    return DemolitionAttempted(
        state.turn, unit.side, unit.id, name, where, chance, succeeded, foiled
    )


def _apply_damage(state: GameState, unit: UnitState, across: int, name: str) -> None:
    if name == "wired full-hex bridge":
        state.damaged_full_hex_bridges.add(across)
        state.wired_full_hex_bridges.pop(across, None)
        return
    d = direction_to(state, unit.hex, across)
    assert d is not None
    edge = 6 * unit.hex + d
    edges = {edge, back_edge(state, edge)}
    if name == "AT ditch":
        state.engineering.ditches_destroyed |= edges
        return
    if name == "engineer bridge":
        for engineer, bridge in list(state.engineering.bridges.items()):
            if not bridge.pontoon and bridge.target in edges:
                del state.engineering.bridges[engineer]
        return
    state.damaged_bridges |= edges
    for e in edges:
        state.wired_bridges.pop(e, None)
