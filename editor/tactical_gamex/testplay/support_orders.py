"""The Test-play panel's support orders: counter-battery fire at half strength or with an
aircraft [003 6.4.4], and naval fire from the sea edge [003 10.5]. Each returns the order with
its preview, or raises ValueError with the rules' sentence. Qt-free; nothing here touches the
game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.tactical_gamex.testplay.more_orders import Planned
from editor.tactical_gamex.testplay.preview import preview_of

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame

Offset = tuple[int, int]
NOT_HERE = "not in this situation"
"""How a refusal begins when the situation gives the side no such support: the panel's preview
leaves it out, the greyed button's tip still says it."""


def _chance_at_most(level: int) -> float:
    """The chance 2d6 is at most `level` (a battery's availability, a morale check)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= level) / 36


def _counter_battery(game: TacticalGame, with_aircraft: bool) -> Planned:
    """The first battery of the side to act that may fire at the first enemy battery open to
    counter-battery fire; with an aircraft, the first unused attack aircraft of the side."""
    from engine.tactical_gamex import counter_battery as cb  # noqa: PLC0415
    from engine.tactical_gamex.orders import CounterBattery  # noqa: PLC0415
    from engine.tactical_gamex.tables import COLUMNS, final_column  # noqa: PLC0415

    state = game.state
    mine = [b for b in state.batteries.values() if b.side is game.acting]
    enemy = [b for b in state.batteries.values() if b.side is not game.acting]
    if not mine or not enemy:
        raise ValueError("counter-battery fire needs a battery on each side [003 6.4.4]")
    why = ""
    for battery in mine:
        for target in enemy:
            why = cb.why_not(state, battery, target) or ""
            if why:
                continue
            plane = ""
            if with_aircraft:
                planes = [
                    a.id
                    for a in state.aircraft.values()
                    if a.side is game.acting and a.attacks and not a.used
                    and a.available(state.turn)
                ]  # fmt: skip
                if not planes:
                    raise ValueError("no unused aircraft of yours this turn [003 6.4.4]")
                plane = planes[0]
            attack = cb.strength(state, battery, target, bool(plane))
            defense = sum(u.type.defense for u in cb.counters_of(state, target))
            column = final_column(attack, defense)
            odds = COLUMNS[column] if column is not None else "below 1:3, no effect"
            level = state.morale[battery.nation]
            how = f"with {plane}, full strength" if plane else "half strength"
            line = (
                f"Counter-battery: {battery.id} on {target.id}, {how}: {attack:g} to "
                f"{defense:g} ({odds}); available {_chance_at_most(level):.0%} (2d6 ≤ {level}), "
                "then hits on 1-2 (33%)"
            )
            return Planned(CounterBattery(battery.id, target.id, plane), (line,))
    raise ValueError(why)


def counter_battery(game: TacticalGame, unit_id: str) -> Planned:
    """Counter-battery fire at half strength (the chosen unit plays no part)."""
    return _counter_battery(game, with_aircraft=False)


def counter_battery_air(game: TacticalGame, unit_id: str) -> Planned:
    """Counter-battery fire at full strength, an unused aircraft activated for it."""
    return _counter_battery(game, with_aircraft=True)


def naval_fire(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The side's naval support fires from the sea-edge hex nearest the aimed hex that may
    (more than six hexes away, in sight) at every unit there [003 10.5]."""
    from engine.tactical_gamex.naval import edge_sea, naval_spec  # noqa: PLC0415
    from engine.tactical_gamex.orders import NavalFire  # noqa: PLC0415

    state = game.state
    ships = [b for b in state.batteries.values() if b.side is game.acting and b.direct]
    if not ships:
        raise ValueError(
            f"{NOT_HERE}: no naval support of yours fires from the sea edge [003 10.5]"
        )
    ready = [b for b in ships if not b.fired]
    if not ready:
        raise ValueError("your naval support has fired this turn")
    targets = [u for u in state.units_at(hex_) if u.carrier is None and u.side is not game.acting]
    if not targets:
        raise ValueError(f"no enemy at {hex_}")
    edge = sorted(
        (h for h in state.board.terrain if edge_sea(state, h)),
        key=lambda h: (state.board.distance(h, hex_), h),
    )
    why = "no sea hex on the map's edge [003 10.5]"
    for from_hex in edge:
        try:
            spec = naval_spec(state, ready[0], from_hex, targets)
        except ValueError as exc:
            why = str(exc)
            continue
        order = NavalFire(ready[0].id, from_hex, tuple(t.id for t in targets))
        head = f"Naval fire: {ready[0].id} ({ready[0].attack}) from {from_hex}"
        return Planned(order, (head, preview_of(game, spec).describe()))
    raise ValueError(why)
