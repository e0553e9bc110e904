"""The Tactical GameX game's attacks (a mixin of `TacticalGame`): direct fire with combat
stress [003 6.4.1, 12], opportunity-fire markers [6.4.2], indirect fire [6.4.3], off-board
artillery [6.4.4], overrun [6.4.5], close assault [6.4.6] and Banzai [17]."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.tactical_gamex import (
    attacks,
    banzai,
    bridge_fire,
    chaos,
    combat,
    counter_battery,
    indirect_rules,
    interdiction,
    mobile_fire,
    panzerblitz,
    stress,
)
from engine.tactical_gamex.events import ArtilleryCalled, OpportunityFireMarked, StressRolled
from engine.tactical_gamex.game_special import TURNED, SpecialOrders
from engine.tactical_gamex.los import has_los
from engine.tactical_gamex.movement import IllegalOrder, path_cost
from engine.tactical_gamex.orders import (
    CallArtillery,
    CloseAssault,
    Fire,
    FireAtBridge,
    IndirectFire,
    Overrun,
)
from engine.tactical_gamex.units import Marker, Unit, Weapon
from engine.tactical_gamex.walk import walk

Offset = tuple[int, int]


class AttackOrders(SpecialOrders):
    """Fire, assault and artillery orders, carried out for `TacticalGame.apply`."""

    def _shooters(
        self, ids: Sequence[str], hex_: Offset | None = None, mobile: bool = False
    ) -> list[Unit]:
        units: list[Unit] = []
        for unit_id in ids:
            unit = self._own(unit_id, fresh=False)
            free = hex_ is not None and self.state.free_fire.get(unit.id) == hex_
            free = free or (mobile and mobile_fire.ready(self.state, unit))  # [003 18.3]
            turned = self.state.activity.get(unit.id) == TURNED and unit.marker is Marker.MOVED
            free = free or turned  # [003 19.3] turning is part of the gun's one activation
            if unit.marker is not None and not free:
                raise IllegalOrder(f"{unit_id} has already acted this turn [003 4.2.2]")
            units.append(unit)
        if len(set(ids)) != len(ids):
            raise IllegalOrder("a unit is named twice")
        return units

    def _pay_hexes(self, units: Sequence[Unit], activity: str, hex_: Offset | None = None) -> None:
        self._pay_units(activity, [u for u in units if u.marker is None])

    def _fire(self, order: Fire) -> list[object]:
        targets = [self.unit(t) for t in order.targets]
        hex_ = targets[0].hex if targets else None
        attackers = self._shooters(order.units, hex_, mobile=True)
        spec = attacks.direct_fire_spec(self.state, attackers, targets)
        added = 0.0
        if order.stress:
            if stress.COMBAT_STRESS not in self.state.options:
                raise IllegalOrder("the situation does not use Combat Stress (rule 12)")
            points = stress.stress_points(spec.attack, spec.defense)
            if points is None:
                raise IllegalOrder("no stress reaches the next column within its limits [003 12]")
            added = points
            spec = replace(spec, attack=spec.attack + added)
        self._pay_hexes(attackers, "fire")
        events = attacks.run(self.state, [spec])
        for a in attackers:
            a.marker = Marker.FIRED
            self.state.free_fire.pop(a.id, None)
        mobile_fire.attacked(self.state, attackers)
        if added:
            events += self._stress_penalty(attackers, added)
        return events

    def _fire_at_bridge(self, order: FireAtBridge) -> list[object]:
        """Fire at a temporary bridge [003 9.3] (`bridge_fire`): one point a firing hex, the
        attackers Fired, an indirect fire's sighter Completed."""
        attackers = self._shooters(order.units)
        if order.sighter:
            sighter = self._own(order.sighter)
            if sighter.id in order.units:
                raise IllegalOrder("a firing unit does not sight for itself [003 6.4.3]")
            attack = bridge_fire.indirect_attack(self.state, attackers, order.hex, sighter)
        else:
            attack = bridge_fire.direct_attack(self.state, attackers, order.hex)
        self._pay_hexes(attackers, "fire")
        events = bridge_fire.fire(self.state, attack)
        for a in attackers:
            a.marker = Marker.FIRED
        if order.sighter:
            self.unit(order.sighter).marker = Marker.COMPLETED
        return events

    def _stress_penalty(self, attackers: Sequence[Unit], added: float) -> list[object]:
        """After a stressed attack a die at or under the points added disrupts every attacker
        [003 12.3]."""
        with chaos.drawing(self.state, attackers[0].side, "combat stress"):
            roll = self.state.dice.d6()
        hit = roll <= added
        events: list[object] = [
            StressRolled(self.state.turn, tuple(a.id for a in attackers), added, roll, hit)
        ]
        if hit:
            for unit in attackers:
                if unit.hex is not None:
                    events += combat.disrupt(self.state, unit)
        return events

    def _mark_opp_fire(self, ids: Sequence[str]) -> list[object]:
        units = self._shooters(ids)
        if len({u.hex for u in units}) != 1:
            raise IllegalOrder("mark the units of one hex at a time [003 4.2.2]")
        for u in units:
            if u.type.weapon not in (Weapon.A, Weapon.I) or u.disrupted:
                raise IllegalOrder(f"{u.id}: only good-order A and I units opp fire [003 6.4.2]")
        self._pay_hexes(units, "opp fire")
        for u in units:
            u.marker = Marker.OPP_FIRE
        return [OpportunityFireMarked(self.state.turn, tuple(ids))]

    def _indirect(self, order: IndirectFire) -> list[object]:
        attackers = self._shooters(order.units)
        sighter = self._own(order.sighter)
        if order.interdict and order.stress:
            raise IllegalOrder("an Interdiction marker is placed, not fought: no stress [003 21.2]")
        if order.interdict:  # [003 21] on-board artillery interdicts the hex
            indirect_rules.check_onboard_interdiction(self.state, attackers, sighter, order.hex)
        else:
            why = attacks.why_not_sighter(self.state, sighter, order.hex)
            if why:
                raise IllegalOrder(why)
        attacks.check_indirect(self.state, attackers, order.hex)
        self._pay_hexes(attackers, "fire")
        events: list[object] = []
        if order.interdict:
            indirect_rules.place_onboard_interdiction(self.state, attackers, order.hex)
        elif order.stress:
            events = indirect_rules.stressed_attacks(
                self.state, attackers, order.hex, self._stress_penalty
            )
        else:
            specs = attacks.indirect_specs(self.state, attackers, order.hex)
            events = attacks.run(self.state, specs)
        for a in attackers:
            a.marker = Marker.FIRED
        sighter.marker = Marker.COMPLETED
        return events

    def _artillery(self, order: CallArtillery) -> list[object]:
        battery = self.state.batteries.get(order.battery)
        if battery is None or battery.side is not self.acting:
            raise IllegalOrder(f"no battery {order.battery} of yours")
        why = counter_battery.may_fire(self.state, battery)  # naval fire from the sea too
        if why:
            raise IllegalOrder(why)
        if order.bridge:
            bridge_fire.check_battery_call(self.state, order, battery)
        if order.sighter in self.state.aircraft:
            return self._spotter_call(order, battery)
        sighter = self._own(order.sighter)
        if order.bridge:
            why = bridge_fire.why_not_sighter(self.state, sighter, order.hex)
            if why:
                raise IllegalOrder(why)
        elif order.interdict:
            # [003 21.1] the hex need not be spotted nor occupied: the sighter's sight is enough
            interdiction.check_placement(self.state, battery.attack)
            assert sighter.hex is not None
            if sighter.marker is not None or sighter.disrupted:
                raise IllegalOrder(f"{sighter.id} cannot sight now")
            if not has_los(self.state, sighter.hex, order.hex):
                raise IllegalOrder(f"{sighter.id} has no line of sight to {order.hex}")
        else:
            why = attacks.why_not_sighter(self.state, sighter, order.hex)
            if why:
                raise IllegalOrder(why)
        self._pay("oba", order.hex, 1 + max(order.lowered, 0), once=False)
        events, lands = attacks.call_battery(self.state, battery, order.hex, order.lowered)
        if lands is None and not any(
            isinstance(e, ArtilleryCalled) and e.available for e in events
        ):
            return events  # unavailable: another point may try again [003 6.4.4]
        battery.fired = True
        battery.revealed = True  # [003 6.4.4] open to counter-battery fire from now on
        sighter.marker = Marker.COMPLETED
        if lands is not None and order.bridge:
            events += bridge_fire.battery_lands(self.state, battery, order.hex, lands)
        elif lands is not None and order.interdict:
            self.state.counters.interdiction.append((lands, battery.side))
        elif lands is not None:
            specs = attacks.indirect_specs(self.state, [], lands, strength=battery.attack)
            events += attacks.run(self.state, specs)
        return events

    def _overrun(self, order: Overrun) -> list[object]:
        attackers = self._shooters(order.units)
        if len(order.exits) != len(attackers):
            raise IllegalOrder("name an exit hex for each overrunning unit [003 6.4.5]")
        board = self.state.board
        paths = order.paths or tuple(() for _ in attackers)
        if len(paths) != len(attackers):
            raise IllegalOrder("give a path (maybe empty) for each overrunning unit")
        attacks.overrun_spec(self.state, attackers, order.hex)  # who may take part at all
        starts: list[Offset] = []
        for unit, exit_, path in zip(attackers, order.exits, paths, strict=True):
            assert unit.hex is not None
            approach = path_cost(self.state, unit, path) if path else 0.0
            last = path[-1] if path else unit.hex
            starts.append(last)
            if not board.adjacent(last, order.hex) or not board.adjacent(order.hex, exit_):
                raise IllegalOrder(f"{unit.id} must drive from next to {order.hex} through it")
            through = (board.effects(order.hex).cost(unit.type.move_class) or 99) + (
                board.effects(exit_).cost(unit.type.move_class) or 99
            )
            if approach + through > unit.type.movement or self.state.enemy_at(exit_, unit.side):
                raise IllegalOrder(f"{unit.id} cannot complete the move through {order.hex}")
        panzerblitz.check_riders(self.state, attackers, starts, order.hex)
        self._pay_hexes(attackers, "move")
        events: list[object] = []
        for unit, path in zip(attackers, paths, strict=True):
            if path:
                events += walk(self.state, unit, path)
        driving = [
            (u, e)
            for u, e in zip(attackers, order.exits, strict=True)
            if u.hex is not None and not u.disrupted and board.adjacent(u.hex, order.hex)
        ]
        riders: list[Unit] = []
        if driving:  # [003 6.4.5] units stopped on the way do not take part
            riders, got_off = panzerblitz.dismount(self.state, [u for u, _ in driving])
            spec = attacks.overrun_spec(self.state, [u for u, _ in driving], order.hex)
            events += got_off + attacks.run(self.state, [spec])
        for unit, exit_ in driving:
            unit.hex = exit_
            if unit.passenger:
                self.state.units[unit.passenger].hex = exit_
        for unit in attackers:
            if unit.hex is not None:
                unit.marker = Marker.FIRED
        return events + panzerblitz.assault(self.state, riders, order.hex)

    def _banzai(self, order: CloseAssault) -> list[object]:
        """A Banzai attack [003 17.0-17.3] (see `banzai`); disrupted Japanese may join."""
        attackers: list[Unit] = []
        for unit_id in order.units:
            unit = self._own(unit_id)
            attackers.append(unit)
        banzai.check_attackers(self.state, attackers, order.hex)
        defenders = [u for u in self.state.units_at(order.hex) if u.carrier is None]
        if not defenders or defenders[0].side is self.acting:
            raise IllegalOrder(f"no enemy to assault at {order.hex}")
        self._pay_hexes(attackers, "fire")
        events = banzai.defenders_check(self.state, defenders)
        events += banzai.defenders_fire(self.state, defenders, attackers)
        spec = banzai.banzai_spec(self.state, attackers, order.hex)
        if spec is not None:
            events += attacks.run(self.state, [spec])
        for unit in attackers:
            if unit.hex is not None:
                unit.marker = Marker.FIRED
        return events

    def _close_assault(self, order: CloseAssault) -> list[object]:
        """Close Assault [003 6.4.6]: the units may first move next to the hex, without a
        movement bonus; those the move's opportunity fire disrupts or eliminates drop out."""
        if order.banzai:
            return self._banzai(order)
        attackers = self._shooters(order.units)
        paths = order.paths or tuple(() for _ in attackers)
        if len(paths) != len(attackers):
            raise IllegalOrder("give a path (maybe empty) for each assaulting unit")
        for unit, path in zip(attackers, paths, strict=True):
            if path and attacks.uses_road_rate(self.state, unit, path):
                raise IllegalOrder(f"{unit.id} may not use the road rate before a Close Assault")
        self._pay_hexes(attackers, "fire")
        events: list[object] = []
        for unit, path in zip(attackers, paths, strict=True):
            if path:
                events += walk(self.state, unit, path)
        able = [a for a in attackers if a.hex is not None and not a.disrupted]
        if able:
            spec = attacks.close_assault_spec(self.state, able, order.hex)
            events += attacks.run(self.state, [spec])
        for a in attackers:
            if a.hex is not None:
                a.marker = Marker.FIRED
        return events
