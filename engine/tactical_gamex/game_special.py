"""The Tactical GameX game's orders of the supplemental and optional rules (a mixin of
`TacticalGame`): aircraft attacks [003 6.4.7], Mobile Fire (rule 18), turning guns (rule 19),
smoke (rule 20), engineers [003 9.0], leaving the board by a victory edge, and Quick-Time's
conditions (rule 15)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.tactical_gamex import (
    aircraft,
    attacks,
    bridge_fire,
    counter_battery,
    engineers,
    field_of_fire,
    interdiction,
    mobile_fire,
    naval,
    smoke,
    spotting,
    temporary_bridges,
)
from engine.tactical_gamex.aircraft import Aircraft
from engine.tactical_gamex.chaos import drawing
from engine.tactical_gamex.combat import AttackSpec
from engine.tactical_gamex.events import (
    AircraftFlew,
    ArtilleryCalled,
    EngineerWorked,
    Exited,
    GunTurned,
    SmokeLaid,
    SpotAttempted,
)
from engine.tactical_gamex.movement import IllegalOrder
from engine.tactical_gamex.orders import (
    AirAttack,
    BlowBridge,
    BuildBlock,
    CallArtillery,
    ClearObstacle,
    CounterBattery,
    FireSmoke,
    MobileFire,
    NavalFire,
    RemoveWreck,
    Spot,
    TurnGun,
)
from engine.tactical_gamex.state import Battery, TgxState, VictoryKind
from engine.tactical_gamex.units import MG, TURRETED, Marker, Unit, Weapon
from engine.tactical_gamex.walk import walk
from schemas.vocabulary import Side

Offset = tuple[int, int]
TURNED = "turn"
"""`TgxState.activity` of a gun turned this impulse: it may still fire [003 19.3]."""


class SpecialOrders:
    """Orders beyond moving, fire and assault, carried out for `TacticalGame.apply`."""

    if TYPE_CHECKING:
        state: TgxState

        @property
        def acting(self) -> Side: ...
        def unit(self, unit_id: str) -> Unit: ...
        def _own(self, unit_id: str, *, fresh: bool = True) -> Unit: ...
        def _pay(self, activity: str, hex_: Offset, points: int = 1, once: bool = True) -> None: ...
        def _pay_units(self, activity: str, units: Sequence[Unit]) -> None: ...
        def _pay_hexes(
            self, units: Sequence[Unit], activity: str, hex_: Offset | None = None
        ) -> None: ...
        def _shooters(self, ids: Sequence[str], hex_: Offset | None = None) -> list[Unit]: ...

    def _support(self, order: CounterBattery | NavalFire) -> list[object]:
        if isinstance(order, CounterBattery):
            return self._counter_battery(order)
        return self._naval_fire(order)

    def _counter_battery(self, order: CounterBattery) -> list[object]:
        """Counter-battery fire [003 6.4.4] (see `counter_battery`): one point to activate the
        battery and one for each point off the accuracy die, as any OBA call."""
        battery = self.state.batteries.get(order.battery)
        if battery is None or battery.side is not self.acting:
            raise IllegalOrder(f"no battery {order.battery} of yours")
        target = self.state.batteries.get(order.target)
        if target is None:
            raise IllegalOrder(f"no battery {order.target}")
        why = counter_battery.why_not(self.state, battery, target)
        if why:
            raise IllegalOrder(why)
        if order.aircraft:
            counter_battery.check_aircraft(self.state, self.acting, order.aircraft)
        self._pay("oba", (-1, -1), 1 + max(order.lowered, 0), once=False)
        events = counter_battery.fire(self.state, battery, target, order.lowered, order.aircraft)
        if battery.fired:
            battery.revealed = True
            if order.aircraft:
                counter_battery.spend_aircraft(self.state, order.aircraft)
        return events

    def _naval_fire(self, order: NavalFire) -> list[object]:
        """Naval support fire from the sea edge [003 10.5] (see `naval`): one point, once a
        turn, as a battery acts."""
        support = self.state.batteries.get(order.support)
        if support is None or support.side is not self.acting or not support.direct:
            raise IllegalOrder(f"no naval support {order.support} of yours firing from the sea")
        if support.fired:
            raise IllegalOrder(f"{support.id} has fired this turn")
        targets = [self.unit(t) for t in order.targets]
        spec = naval.naval_spec(self.state, support, order.from_hex, targets)
        self._pay("naval", order.from_hex, once=False)
        support.fired = True
        return attacks.run(self.state, [spec])

    def _air_attack(self, order: AirAttack) -> list[object]:
        """An aircraft's attack [003 6.4.7]: one point for its activation, AA fire first; at a
        temporary bridge, the bridge on its own (`bridge_fire.air_attack`) [003 9.3]."""
        plane = self.state.aircraft.get(order.aircraft)
        if plane is None or plane.side is not self.acting:
            raise IllegalOrder(f"no aircraft {order.aircraft} of yours")
        if not plane.available(self.state.turn):
            raise IllegalOrder(f"{plane.id} is not available this turn")
        try:
            weapon = Weapon(order.weapon)
        except ValueError:
            raise IllegalOrder(f"no weapon type {order.weapon}") from None
        if weapon not in plane.attacks or weapon in plane.used:
            raise IllegalOrder(f"{plane.id} has no {order.weapon} attack left")
        at_bridge = None
        specs: list[AttackSpec] = []
        if order.bridge:
            at_bridge = bridge_fire.air_attack(self.state, plane, weapon, order.hex)
        else:
            targets = [self.unit(t) for t in order.targets]
            specs = aircraft.attack_specs(self.state, plane, weapon, order.hex, targets)
        if not plane.activated:
            self._pay("air", order.hex, once=False)
            plane.activated = self.state.turn
        strength, roll, result = aircraft.aa_fire(self.state, plane, order.hex)
        events: list[object] = [
            AircraftFlew(self.state.turn, plane.id, weapon.value, order.hex, strength, roll, result)
        ]
        plane.used.add(weapon)
        if result in ("D", "X"):
            plane.gone = True  # [003 6.4.7] driven off or destroyed: the other attacks are lost
            return events
        if at_bridge is not None:
            events += bridge_fire.fire(self.state, at_bridge)
        else:
            events += attacks.run(self.state, specs)
        if plane.used >= set(plane.attacks):
            plane.gone = True
        return events

    def _mobile_fire(self, order: MobileFire) -> list[object]:
        """Mobile Fire [003 18.0-18.4]: a turreted vehicle declares it, moves up to half its
        movement allowance, then attacks at half AS (the WEC applied first); one point for its
        hex. With no targets the attack is kept for later (18.1 "need not be immediate"): the
        vehicle carries a Mobile Fire marker (`mobile_fire`) and attacks free later in the turn by
        opportunity fire or in a direct fire (18.3), or loads or unloads instead of moving
        (18.2). Decision: 18.3's "another non-mobile attack" is read as direct fire, the one
        attack besides overrun a lone tank makes; a Fire order of Mobile Fire units alone is
        their kept attack."""
        if "mobile_fire" not in self.state.options:
            raise IllegalOrder("the situation does not use Mobile Fire (rule 18)")
        unit = self._own(order.unit)
        if not unit.type.has(TURRETED) or unit.disrupted:
            raise IllegalOrder(f"{unit.id}: only a turreted vehicle in good order [003 18.0]")
        self._pay_units("move", [unit])
        events = (
            walk(self.state, unit, order.path, limit=unit.type.movement / 2) if order.path else []
        )
        if not order.targets:
            unit.marker = Marker.MOVED
            mobile_fire.declare(self.state, unit, moved=bool(order.path))
            return events
        unit.marker = Marker.FIRED
        if unit.hex is None or unit.disrupted:
            return events
        targets = [self.unit(t) for t in order.targets]
        spec = attacks.direct_fire_spec(self.state, [unit], targets)
        half = replace(spec, kind="mobile fire", attack=spec.attack / 2)
        return events + attacks.run(self.state, [half])

    def _spotter_aircraft(self, plane_id: str) -> Aircraft:
        """The acting side's spotter aircraft with its one activation of the turn left."""
        plane: Aircraft = self.state.aircraft[plane_id]
        if plane.side is not self.acting or not plane.spotter:
            raise IllegalOrder(f"{plane.id} is not a spotter aircraft of yours")
        if plane.gone or plane.activated == self.state.turn:
            raise IllegalOrder(f"{plane.id} has no activation left this turn [003 6.4.7]")
        return plane

    def _air_spot(self, order: Spot) -> list[object]:
        """A spotter aircraft spots a hex anywhere [003 6.4.7] for its activation's point,
        after the enemy's AA fire over the hex (decision: it flies there as any aircraft does,
        and driven off it is lost before it spots). A hex spotted is open to every unit's fire,
        but no unit gets the spotter's free shot (6.3.8 gives it to the spotting unit)."""
        state = self.state
        plane = self._spotter_aircraft(order.unit)
        needed = spotting.air_spot_roll_needed(state, plane.side, order.hex)
        if needed is None:
            raise IllegalOrder(f"{plane.id} cannot try to spot {order.hex} [003 6.3.8]")
        self._pay("air", order.hex, once=False)
        plane.activated = state.turn
        strength, aa_roll, result = aircraft.aa_fire(state, plane, order.hex)
        events: list[object] = [
            AircraftFlew(state.turn, plane.id, "spot", order.hex, strength, aa_roll, result)
        ]
        if result in ("D", "X"):
            plane.gone = True
            return events
        with drawing(state, plane.side, "air spotting"):
            roll = state.dice.d6() if needed else 0
        success = needed == 0 or roll <= needed
        if success:
            state.spotted.add(order.hex)
        return [*events, SpotAttempted(state.turn, plane.id, order.hex, roll, needed, success)]

    def _spotter_call(self, order: CallArtillery, battery: Battery) -> list[object]:
        """A spotter aircraft sights for an off-board battery [003 6.4.7]: placed over the
        target hex, it takes the enemy's AA fire; driven off or shot down, it is lost and the
        battery does not fire, otherwise the call goes on as 6.4.4's. One point for the
        aircraft's activation, then the call's.

        Decisions: the spotter's one activation a turn is spent once the AA fire is over, even
        when the battery proves unavailable (another call needs another sighter); it needs no
        line of sight ("anywhere on the map"), also to place an Interdiction marker (rule 21)."""
        state = self.state
        plane = self._spotter_aircraft(order.sighter)
        if order.interdict:
            interdiction.check_placement(state, battery.attack)
        self._pay("air", order.hex, 1 + 1 + max(order.lowered, 0), once=False)
        plane.activated = state.turn
        strength, roll, result = aircraft.aa_fire(state, plane, order.hex)
        events: list[object] = [
            AircraftFlew(state.turn, plane.id, "spot", order.hex, strength, roll, result)
        ]
        if result in ("D", "X"):
            plane.gone = True  # [003 6.4.7] available every turn until disrupted or destroyed
            return events
        called, lands = attacks.call_battery(state, battery, order.hex, order.lowered)
        events += called
        if lands is None and not any(
            isinstance(e, ArtilleryCalled) and e.available for e in called
        ):
            return events
        battery.fired = True
        battery.revealed = True  # [003 6.4.4] open to counter-battery fire from now on
        if lands is not None and order.interdict:
            state.counters.interdiction.append((lands, battery.side))
        elif lands is not None:
            specs = attacks.indirect_specs(state, [], lands, strength=battery.attack)
            events += attacks.run(state, specs)
        return events

    def _turn_gun(self, order: TurnGun) -> list[object]:
        """A gun's activation turns it [003 19.3], paid as its hex's fire (one point, shared
        with the hex's fire this impulse), so that it may still fire, directly, indirectly or
        smoke, in the same impulse (`TacticalGame._shooters`); it is marked Moved, so it turns
        once and does nothing in a later impulse.

        Decision: 19.3 says only "when activated"; turning is read as part of the one activation
        the gun has in the turn, not an activation of its own, and the text sets no cost beyond
        the activation's point [003 4.2.2]."""
        unit = self._own(order.unit)
        new = field_of_fire.check_turn(self.state, unit, order.facing)
        self._pay_units("fire", [unit])
        unit.facing = new.value
        unit.marker = Marker.MOVED
        self.state.activity[unit.id] = TURNED
        return [GunTurned(self.state.turn, unit.id, new.value)]

    def _smoke(self, order: FireSmoke) -> list[object]:
        """Smoke [003 20.1]: one point a firing hex, the sighter free and Completed."""
        shooters = self._shooters(order.units)
        sighter = self._own(order.sighter) if order.sighter else None
        smoke.check_smoke(self.state, shooters, order.hex, sighter)
        self._pay_hexes(shooters, "fire")
        smoke.lay_smoke(self.state, order.hex)
        for unit in shooters:
            unit.marker = Marker.FIRED
        if sighter is not None:
            sighter.marker = Marker.COMPLETED
        return [SmokeLaid(self.state.turn, tuple(order.units), order.hex)]

    def _engineer(
        self, order: ClearObstacle | RemoveWreck | BuildBlock | BlowBridge
    ) -> list[object]:
        """Engineer activities, one point a hex of engineers [003 4.2.2, 9.0]."""
        unit = self._own(order.unit)
        self._pay_units("engineer", [unit])
        if isinstance(order, BuildBlock):
            return self._build_block(unit, order.exit)
        if isinstance(order, BlowBridge):
            return self._blow_bridge(unit, order)
        if isinstance(order, ClearObstacle):
            engineers.start_clearing(self.state, unit, order.hex)
            work = "clearing begins"
        else:
            engineers.remove_wreck(self.state, unit, order.hex)
            work = "wreck removed"
        return [EngineerWorked(self.state.turn, unit.id, order.hex, work)]

    def _build_block(self, unit: Unit, exit_: Offset) -> list[object]:
        """An Engineer Action; on the last the engineer leaves by `exit_` and rolls [003 9.2]."""
        hex_ = unit.hex
        assert hex_ is not None
        done, needed = engineers.work_on_block(self.state, unit)
        events: list[object] = [
            EngineerWorked(self.state.turn, unit.id, hex_, f"block action {done} of {needed}")
        ]
        if done < needed:
            return events
        events += walk(self.state, unit, [exit_])
        unit.marker = Marker.COMPLETED
        roll, placed = engineers.roll_for_block(self.state, hex_)
        outcome = "block placed" if placed else "block attempt failed"
        events.append(EngineerWorked(self.state.turn, unit.id, hex_, f"{outcome} (rolled {roll})"))
        return events

    def _blow_bridge(self, unit: Unit, order: BlowBridge) -> list[object]:
        """An Engineer Action on a bridge; the last leaves it and rolls [003 9.2].

        Decision: a second attempt "may" roll after its first or any later action, so it rolls
        only when the order says `now`, the player's choice; more actions raise the chance
        (1-2, 1-4, then 1-5 from the third on)."""
        hex_ = unit.hex
        assert hex_ is not None
        done, needed, attempt = engineers.work_on_demolition(self.state, unit)
        work = f"demolition action {done} (attempt {attempt})"
        events: list[object] = [EngineerWorked(self.state.turn, unit.id, hex_, work)]
        if done < needed if attempt == 1 else not order.now:
            return events
        events += walk(self.state, unit, [order.exit])
        unit.marker = Marker.COMPLETED
        if temporary_bridges.is_temporary(self.state, hex_):  # [003 9.3] no die, no block
            events += temporary_bridges.destroy(self.state, hex_)
            removed = "temporary bridge removed"
            events.append(EngineerWorked(self.state.turn, unit.id, hex_, removed))
            return events
        roll, blown = engineers.roll_for_demolition(self.state, hex_)
        outcome = "bridge blown" if blown else "demolition failed"
        events.append(EngineerWorked(self.state.turn, unit.id, hex_, f"{outcome} (rolled {roll})"))
        return events

    def _exit(self, unit_id: str) -> list[object]:
        """Leave the board from an edge hex that an exit condition of the side counts."""
        unit = self._own(unit_id)
        assert unit.hex is not None
        edges = {
            h
            for c in self.state.victory
            if c.kind is VictoryKind.EXIT and c.side is unit.side
            for h in c.hexes
        }
        if unit.hex not in edges:
            raise IllegalOrder(f"{unit_id} is not on an edge its side may exit by")
        if unit.type.movement < 1 or unit.disrupted:
            raise IllegalOrder(f"{unit_id} cannot move off the board")
        self._pay_units("move", [unit])
        hex_ = unit.hex
        for u in (unit, self.state.units.get(unit.passenger or "")):
            if u is not None:
                u.hex = None
                self.state.exited[u.side].append(u.id)
        return [Exited(self.state.turn, unit_id, hex_)]

    def _check_quick_time(self, unit: Unit) -> None:
        """Quick-Time is for non-MG infantry when the situation uses rule 15 [003 15.0]."""
        if "quick_time" not in self.state.options:
            raise IllegalOrder("the situation does not use Infantry Quick-Time (rule 15)")
        if not unit.type.is_infantry or unit.type.has(MG):
            raise IllegalOrder(f"{unit.id}: only non-MG infantry march at quick time [003 15.0]")
