"""A Tactical GameX game saved as its orders (`schemas.tactical_gamex.saved_game`) and played
again from them: the engine's orders to the file's models and back."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from engine.tactical_gamex import orders as o
from engine.tactical_gamex.game import TacticalGame
from schemas.tactical_gamex import saved_game as s
from schemas.vocabulary import Direction, Ruleset, Side

Offset = tuple[int, int]


def _hex(value: tuple[int, int]) -> Offset:
    return (int(value[0]), int(value[1]))


def order_to_model(order: o.TgxOrder) -> s.SavedOrder:
    """The file's model of an engine order."""
    if isinstance(order, o.Move):
        return s.MoveOrder(unit=order.unit, path=list(order.path), quick_time=order.quick_time)
    if isinstance(order, o.StandUp):
        return s.StandUpOrder(unit=order.unit)
    if isinstance(order, o.Load):
        return s.LoadOrder(carrier=order.carrier, passenger=order.passenger)
    if isinstance(order, o.Unload):
        return s.UnloadOrder(carrier=order.carrier)
    if isinstance(order, o.Rally):
        return s.RallyOrder(hex=order.hex)
    if isinstance(order, o.Spot):
        return s.SpotOrder(unit=order.unit, hex=order.hex)
    if isinstance(order, o.Fire):
        return s.FireOrder(
            units=list(order.units), targets=list(order.targets), stress=order.stress
        )
    if isinstance(order, o.MarkOpportunityFire):
        return s.OpportunityFireOrder(units=list(order.units))
    if isinstance(order, o.IndirectFire):
        return s.IndirectFireOrder(
            units=list(order.units),
            hex=order.hex,
            sighter=order.sighter,
            stress=order.stress,
            interdict=order.interdict,
        )
    if isinstance(order, o.CallArtillery):
        return s.ArtilleryOrder(
            battery=order.battery,
            hex=order.hex,
            sighter=order.sighter,
            lowered=order.lowered,
            interdict=order.interdict,
            bridge=order.bridge,
        )
    if isinstance(order, o.Overrun):
        return s.OverrunOrder(
            units=list(order.units),
            hex=order.hex,
            exits=list(order.exits),
            paths=[list(p) for p in order.paths],
        )
    if isinstance(order, o.CloseAssault):
        return s.CloseAssaultOrder(
            units=list(order.units),
            hex=order.hex,
            paths=[list(p) for p in order.paths],
            banzai=order.banzai,
        )
    if isinstance(order, o.ExitBoard):
        return s.ExitBoardOrder(unit=order.unit)
    if isinstance(order, o.AirAttack):
        return s.AirAttackOrder(
            aircraft=order.aircraft,
            weapon=order.weapon,
            hex=order.hex,
            targets=list(order.targets),
            bridge=order.bridge,
        )
    if isinstance(order, o.MobileFire):
        return s.MobileFireOrder(
            unit=order.unit, path=list(order.path), targets=list(order.targets)
        )
    if isinstance(order, o.TurnGun):
        return s.TurnGunOrder(unit=order.unit, facing=Direction(order.facing))
    if isinstance(order, o.FireSmoke):
        return s.SmokeOrder(units=list(order.units), hex=order.hex, sighter=order.sighter or None)
    if isinstance(order, o.ClearObstacle):
        return s.ClearObstacleOrder(unit=order.unit, hex=order.hex)
    if isinstance(order, o.BlowBridge):
        return s.BlowBridgeOrder(unit=order.unit, exit=order.exit, now=order.now)
    if isinstance(order, o.FireAtBridge):
        return s.FireAtBridgeOrder(
            units=list(order.units), hex=order.hex, sighter=order.sighter or None
        )
    if isinstance(order, o.BuildBlock):
        return s.BuildBlockOrder(unit=order.unit, exit=order.exit)
    if isinstance(order, o.RemoveWreck):
        return s.RemoveWreckOrder(unit=order.unit, hex=order.hex)
    if isinstance(order, o.CounterBattery):
        return s.CounterBatteryOrder(
            battery=order.battery,
            target=order.target,
            aircraft=order.aircraft or None,
            lowered=order.lowered,
        )
    if isinstance(order, o.NavalFire):
        return s.NavalFireOrder(
            support=order.support, from_hex=order.from_hex, targets=list(order.targets)
        )
    if isinstance(order, o.PlaceUnit):
        return s.PlaceUnitOrder(unit=order.unit, hex=order.hex)
    if isinstance(order, o.PlaceMarker):
        return s.PlaceMarkerOrder(allotment=order.allotment, hex=order.hex, origin=order.origin)
    if isinstance(order, o.NoteTarget):
        return s.NoteTargetOrder(carrier=order.carrier, hex=order.hex)
    if isinstance(order, o.PlaceRest):
        return s.PlaceRestOrder()
    if isinstance(order, o.FinishSetup):
        return s.FinishSetupOrder()
    if isinstance(order, o.LoadAtSetup):
        return s.LoadAtSetupOrder(unit=order.unit, carrier=order.carrier)
    if isinstance(order, o.UnloadAtSetup):
        return s.UnloadAtSetupOrder(unit=order.unit)
    if isinstance(order, o.LeaveMarkers):
        return s.LeaveMarkersOrder(allotment=order.allotment)
    if isinstance(order, o.PlayCard):
        return s.PlayCardOrder(card=order.card, unit=order.unit)
    return s.EndImpulseOrder()


def order_of(model: s.SavedOrder) -> o.TgxOrder:
    """The engine's order for a saved one."""
    if isinstance(model, s.MoveOrder):
        return o.Move(model.unit, tuple(_hex(h) for h in model.path), model.quick_time)
    if isinstance(model, s.StandUpOrder):
        return o.StandUp(model.unit)
    if isinstance(model, s.LoadOrder):
        return o.Load(model.carrier, model.passenger)
    if isinstance(model, s.UnloadOrder):
        return o.Unload(model.carrier)
    if isinstance(model, s.RallyOrder):
        return o.Rally(_hex(model.hex))
    if isinstance(model, s.SpotOrder):
        return o.Spot(model.unit, _hex(model.hex))
    if isinstance(model, s.FireOrder):
        return o.Fire(tuple(model.units), tuple(model.targets), model.stress)
    if isinstance(model, s.OpportunityFireOrder):
        return o.MarkOpportunityFire(tuple(model.units))
    if isinstance(model, s.IndirectFireOrder):
        return o.IndirectFire(
            tuple(model.units), _hex(model.hex), model.sighter, model.stress, model.interdict
        )
    if isinstance(model, s.ArtilleryOrder):
        return o.CallArtillery(
            model.battery,
            _hex(model.hex),
            model.sighter,
            model.lowered,
            model.interdict,
            model.bridge,
        )
    if isinstance(model, s.OverrunOrder):
        return o.Overrun(
            tuple(model.units),
            _hex(model.hex),
            tuple(_hex(h) for h in model.exits),
            tuple(tuple(_hex(h) for h in p) for p in model.paths),
        )
    if isinstance(model, s.CloseAssaultOrder):
        return o.CloseAssault(
            tuple(model.units),
            _hex(model.hex),
            tuple(tuple(_hex(h) for h in p) for p in model.paths),
            model.banzai,
        )
    if isinstance(model, s.ExitBoardOrder):
        return o.ExitBoard(model.unit)
    if isinstance(model, s.NavalFireOrder):
        return o.NavalFire(model.support, _hex(model.from_hex), tuple(model.targets))
    if isinstance(model, s.CounterBatteryOrder):
        return o.CounterBattery(model.battery, model.target, model.aircraft or "", model.lowered)
    if isinstance(model, s.AirAttackOrder):
        return o.AirAttack(
            model.aircraft, model.weapon, _hex(model.hex), tuple(model.targets), model.bridge
        )
    if isinstance(model, s.MobileFireOrder):
        return o.MobileFire(model.unit, tuple(_hex(h) for h in model.path), tuple(model.targets))
    if isinstance(model, s.TurnGunOrder):
        return o.TurnGun(model.unit, model.facing.value)
    if isinstance(model, s.SmokeOrder):
        return o.FireSmoke(tuple(model.units), _hex(model.hex), model.sighter or "")
    if isinstance(model, s.ClearObstacleOrder):
        return o.ClearObstacle(model.unit, _hex(model.hex))
    if isinstance(model, s.BlowBridgeOrder):
        return o.BlowBridge(model.unit, _hex(model.exit), model.now)
    if isinstance(model, s.FireAtBridgeOrder):
        return o.FireAtBridge(tuple(model.units), _hex(model.hex), model.sighter or "")
    if isinstance(model, s.BuildBlockOrder):
        return o.BuildBlock(model.unit, _hex(model.exit))
    if isinstance(model, s.RemoveWreckOrder):
        return o.RemoveWreck(model.unit, _hex(model.hex))
    if isinstance(model, s.PlaceUnitOrder):
        return o.PlaceUnit(model.unit, _hex(model.hex))
    if isinstance(model, s.PlaceMarkerOrder):
        origin = _hex(model.origin) if model.origin is not None else None
        return o.PlaceMarker(model.allotment, _hex(model.hex), origin)
    if isinstance(model, s.NoteTargetOrder):
        return o.NoteTarget(model.carrier, _hex(model.hex))
    if isinstance(model, s.PlaceRestOrder):
        return o.PlaceRest()
    if isinstance(model, s.FinishSetupOrder):
        return o.FinishSetup()
    if isinstance(model, s.LoadAtSetupOrder):
        return o.LoadAtSetup(model.unit, model.carrier)
    if isinstance(model, s.UnloadAtSetupOrder):
        return o.UnloadAtSetup(model.unit)
    if isinstance(model, s.LeaveMarkersOrder):
        return o.LeaveMarkers(model.allotment)
    if isinstance(model, s.PlayCardOrder):
        return o.PlayCard(model.card, model.unit)
    return o.EndImpulse()


def saved_game_of(
    game: TacticalGame, situation: Path, saved_at: Path, seed: int, computer: list[Side]
) -> s.SavedGame:
    """The saved game for a file at `saved_at`, naming the situation relative to it."""
    relative = os.path.relpath(situation.resolve(), saved_at.resolve().parent)
    return s.SavedGame(
        format_version=1,
        ruleset=Ruleset.TACTICAL_GAMEX,
        situation=Path(relative).as_posix(),
        seed=seed,
        computer=computer,
        setup="players" if game.state.setup is not None else "seed",
        orders=[order_to_model(order) for order in game.orders],
        turn=game.turn,
        result=game.result.outcome if game.result else "",
    )


_SAVED: TypeAdapter[s.SavedOrder] = TypeAdapter(s.SavedOrder)


def orders_from_json(data: Iterable[dict[str, Any]]) -> list[o.TgxOrder]:
    """Saved orders read back from JSON-ready data (a balance record's `orders`); ValueError
    (pydantic's ValidationError) when one does not read."""
    return [order_of(_SAVED.validate_python(item)) for item in data]
