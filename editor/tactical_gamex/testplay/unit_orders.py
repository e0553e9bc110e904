"""The Test-play panel's remaining orders for the chosen unit, each planned with what it does
and refused in the game's own words (`TacticalGame.why_not`, the order tried on a copy):
opportunity fire [003 6.4.2], standing Up in a stream [003 6.3.9], leaving the board by a
victory edge, turning a gun toward the aimed hex (rule 19), Interdiction by the off-board
battery (rule 21), the Banzai attack (rule 17), Mobile Fire (rule 18) and fire under Combat
Stress (rule 12). Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.tactical_gamex.testplay.more_orders import Planned, battery_call
from editor.tactical_gamex.testplay.preview import assault_preview

if TYPE_CHECKING:
    from engine.tactical_gamex.game import TacticalGame

Offset = tuple[int, int]


def _given(game: TacticalGame, order: object, *lines: str) -> Planned:
    why = game.why_not(order)
    if why:
        raise ValueError(why)
    return Planned(order, lines)


def opportunity_fire(game: TacticalGame, unit_id: str) -> Planned:
    """Mark the unit for opportunity fire at enemies moving in its sight [003 6.4.2]."""
    from engine.tactical_gamex.orders import MarkOpportunityFire  # noqa: PLC0415

    return _given(
        game,
        MarkOpportunityFire((unit_id,)),
        f"Opp Fire: {unit_id} fires at enemy units moving in its sight and range, once a hex "
        "for each MP they spend there (rounded up) [003 6.4.2]",
    )


def stand_up(game: TacticalGame, unit_id: str) -> Planned:
    """A unit Down in a stream comes Up, for its whole activation [003 6.3.9]."""
    from engine.tactical_gamex.orders import StandUp  # noqa: PLC0415

    return _given(
        game,
        StandUp(unit_id),
        f"Stand Up: {unit_id} comes Up in its stream for all its MP: it sees and fires out, "
        "and is seen [003 6.3.9]",
    )


def exit_board(game: TacticalGame, unit_id: str) -> Planned:
    """The unit leaves the board by the edge a victory condition of its side counts."""
    from engine.tactical_gamex.orders import ExitBoard  # noqa: PLC0415

    return _given(
        game,
        ExitBoard(unit_id),
        f"Exit: {unit_id} leaves the board (with its passenger), counted for its side's exit "
        "condition [003 4.4]",
    )


def turn_gun(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The gun turns to face the aimed hex (the hexside nearest the line to it that it may
    turn to), and may still fire this activation [003 19.2, 19.3]."""
    from engine.tactical_gamex.field_of_fire import facings_toward  # noqa: PLC0415
    from engine.tactical_gamex.orders import TurnGun  # noqa: PLC0415

    unit = game.unit(unit_id)
    if unit.hex is None or unit.hex == hex_:
        raise ValueError(f"aim at a hex for {unit_id} to face")
    reasons = []
    for facing in facings_toward(game.state, unit, hex_):
        order = TurnGun(unit_id, facing.value)
        why = game.why_not(order)
        if why is None:
            text = facing.value.replace("_", " ")
            return Planned(
                order,
                (
                    f"Turn Gun: {unit_id} faces {text}, {hex_} in its arc; it may fire in the "
                    "same activation [003 19.3]",
                ),
            )
        reasons.append(why)
    raise ValueError(reasons[0] if reasons else f"{unit_id} cannot face {hex_} [003 19.2]")


def interdict(game: TacticalGame, sighter_id: str, hex_: Offset, lowered: int = 0) -> Planned:
    """The off-board battery places an Interdiction marker by the OBA procedure, the chosen
    unit sighting (rule 21): wherever it lands, units spending MP in the seven hexes are
    attacked until the next Housekeeping."""
    from dataclasses import replace  # noqa: PLC0415

    call = battery_call(game, sighter_id, hex_, lowered)
    order = replace(call.order, interdict=True)  # type: ignore[type-var]
    head = call.lines[0].replace("Artillery:", "Interdict:", 1)
    return _given(
        game,
        order,
        head,
        "  where it lands, units spending MP in it or the six around are attacked (armour "
        "1:2, others 1:1) until the next Housekeeping [003 21.0]",
    )


def banzai(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """The chosen Japanese infantry's Banzai attack on the aimed hex (rule 17): the
    defenders' morale checks come first, then the assault; the column shown is the one
    before those checks (a defender failing its check changes what it fights with)."""
    from engine.tactical_gamex.orders import CloseAssault  # noqa: PLC0415

    order = CloseAssault((unit_id,), hex_, banzai=True)
    planned = _given(game, order)
    assault = assault_preview(game, (unit_id,), hex_).describe()
    return Planned(
        planned.order,
        (
            f"Banzai: {unit_id} charges {hex_}; each defender checks morale first (Marines −1), "
            "then the assault, before those checks [003 17.0]:",
            assault,
        ),
    )


def mobile_fire(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """Mobile Fire at the enemy in the aimed hex (rule 18): the turreted vehicle moves up to
    half its MA, then fires at half its WEC strength. The panel picks where it fires from:
    where it stands if it may fire from there, else the hex of its half-MA reach giving the
    best column (then the cheapest), so that a player need only aim."""
    from dataclasses import replace  # noqa: PLC0415

    from editor.tactical_gamex.testplay.preview import preview_of  # noqa: PLC0415
    from engine.tactical_gamex.attacks import direct_fire_spec  # noqa: PLC0415
    from engine.tactical_gamex.movement import IllegalOrder, path_to  # noqa: PLC0415
    from engine.tactical_gamex.orders import MobileFire  # noqa: PLC0415
    from engine.tactical_gamex.tables import final_column  # noqa: PLC0415

    state = game.state
    unit = game.unit(unit_id)
    if unit.hex is None:
        raise ValueError(f"{unit_id} is not on the board")
    targets = [u for u in state.units_at(hex_) if u.side is not unit.side and u.carrier is None]
    if not targets:
        raise ValueError(f"no enemy unit at {hex_} to fire at")
    half = unit.type.movement / 2
    reach = {unit.hex: 0.0} | {
        h: cost for h, cost in game.legal_moves(unit_id).items() if cost <= half + 1e-9
    }
    best = None
    reasons: list[str] = []
    for spot, cost in sorted(reach.items(), key=lambda item: (item[1], item[0])):
        try:
            spec = direct_fire_spec(state, [replace(unit, hex=spot)], targets)
        except IllegalOrder as exc:
            reasons.append(str(exc))
            continue
        column = final_column(spec.attack / 2, spec.defense, spec.shifts)
        rank = -1 if column is None else column
        if best is None or rank > best[0]:
            best = (rank, spot, cost, spec)
    if best is None:
        raise ValueError(reasons[0] if reasons else f"{unit_id} cannot reach a hex to fire from")
    _, spot, cost, spec = best
    path = () if spot == unit.hex else path_to(state, unit, spot) or ()
    order = MobileFire(unit_id, tuple(path), tuple(t.id for t in targets))
    half_spec = replace(spec, kind="mobile fire", attack=spec.attack / 2)
    where = "from where it stands" if not path else f"after moving to {spot} ({cost:g} MP)"
    return _given(
        game,
        order,
        f"Mobile Fire: {unit_id} fires at half strength {where} [003 18.0]",
        preview_of(game, half_spec).describe(),
    )


def stressed_fire(game: TacticalGame, unit_id: str, hex_: Offset) -> Planned:
    """Direct fire at the aimed enemy under Combat Stress (rule 12): the points that reach the
    next column exactly are added, and after the attack a die at or under them disrupts the
    firer."""
    import math  # noqa: PLC0415
    from dataclasses import replace  # noqa: PLC0415

    from editor.tactical_gamex.testplay.preview import preview_of  # noqa: PLC0415
    from engine.tactical_gamex.attacks import direct_fire_spec  # noqa: PLC0415
    from engine.tactical_gamex.orders import Fire  # noqa: PLC0415
    from engine.tactical_gamex.stress import stress_points  # noqa: PLC0415

    state = game.state
    targets = [u for u in state.units_at(hex_) if u.side is not game.acting and u.carrier is None]
    if not targets:
        raise ValueError(f"no enemy unit at {hex_} to fire at")
    order = Fire((unit_id,), tuple(t.id for t in targets), stress=True)
    planned = _given(game, order)
    spec = direct_fire_spec(state, [game.unit(unit_id)], targets)
    points = stress_points(spec.attack, spec.defense)
    assert points is not None  # the game accepted the order
    risk = min(math.floor(points), 6) / 6
    return Planned(
        planned.order,
        (
            f"Stress: {unit_id} adds {points:g} point{'' if points == 1 else 's'}, then is "
            f"disrupted on 1-"
            f"{math.floor(points)} ({risk:.0%}) [003 12.1-12.3]",
            preview_of(game, replace(spec, attack=spec.attack + points)).describe(),
        ),
    )
