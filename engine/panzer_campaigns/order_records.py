"""Panzer Campaigns orders as a saved test-play (`.testplay.yaml`) writes them and back: the
engine's frozen orders to the schema's recorded orders, so that the editor's test-play, `hexwright
play --save` and the balance lab's games all keep a game the same way."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import TypeAdapter

from engine.panzer_campaigns.orders import (
    ENGINEERING_ORDERS,
    AbandonBridge,
    AirRecon,
    AirStrike,
    Assault,
    BreakDown,
    BuildBridge,
    CarpetBomb,
    Carry,
    ChangeAttachment,
    ChangeMode,
    ClearMines,
    Combine,
    DamageBridge,
    DamageRail,
    DeployDeception,
    DigIn,
    DismantleBridge,
    EndPhase,
    EndPlayerTurn,
    EngineeringOrder,
    ExitUnit,
    Ferry,
    Fire,
    LayMines,
    Move,
    Order,
    Patrol,
    ReconSpot,
    Uncarry,
    WireBridge,
)
from schemas.panzer_campaigns.testplay import (
    AbandonBridgeOrder,
    AirReconOrder,
    AirStrikeOrder,
    AssaultOrder,
    AttachmentOrder,
    BreakDownOrder,
    BuildBridgeOrder,
    CarpetBombOrder,
    CarryOrder,
    ClearMinesOrder,
    CombineOrder,
    DamageBridgeOrder,
    DamageRailOrder,
    DeceptionOrder,
    DigInOrder,
    DismantleBridgeOrder,
    EndPhaseOrder,
    EndTurnOrder,
    EngineeringRecord,
    ExitOrder,
    FerryOrder,
    FireOrder,
    LayMinesOrder,
    ModeOrder,
    MoveOrder,
    PatrolOrder,
    ReconOrder,
    RecordedOrder,
    UncarryOrder,
    WireBridgeOrder,
)


def recorded_order(order: Order) -> RecordedOrder:
    """An engine order as a record writes it."""
    if isinstance(order, ENGINEERING_ORDERS):
        return recorded_engineering(order)
    if isinstance(order, Move):
        return MoveOrder(unit=order.unit, path=list(order.path))
    if isinstance(order, ChangeMode):
        return ModeOrder(unit=order.unit, mode=order.mode)
    if isinstance(order, ExitUnit):
        return ExitOrder(unit=order.unit)
    if isinstance(order, ReconSpot):
        return ReconOrder(unit=order.unit)
    if isinstance(order, DigIn):
        return DigInOrder(unit=order.unit)
    if isinstance(order, Combine):
        return CombineOrder(units=list(order.units))
    if isinstance(order, BreakDown):
        return BreakDownOrder(unit=order.unit)
    if isinstance(order, Carry):
        return CarryOrder(carrier=order.carrier, units=list(order.units))
    if isinstance(order, Uncarry):
        return UncarryOrder(carrier=order.carrier)
    if isinstance(order, Fire):
        return FireOrder(unit=order.unit, target=order.target)
    if isinstance(order, Patrol):
        return PatrolOrder(unit=order.unit)
    if isinstance(order, DamageRail):
        return DamageRailOrder(unit=order.unit)
    if isinstance(order, ChangeAttachment):
        return AttachmentOrder(subject=order.subject, attach_to=order.attach_to)
    if isinstance(order, DeployDeception):
        return DeceptionOrder(unit=order.unit, hex=order.hex)
    if isinstance(order, AirStrike):
        return AirStrikeOrder(aircraft=order.aircraft, target=order.target)
    if isinstance(order, CarpetBomb):
        return CarpetBombOrder(aircraft=order.aircraft, target=order.target)
    if isinstance(order, AirRecon):
        return AirReconOrder(aircraft=order.aircraft, target=order.target)
    if isinstance(order, EndPhase):
        return EndPhaseOrder()
    if isinstance(order, Assault):
        return AssaultOrder(hex=order.hex, units=list(order.units))
    return EndTurnOrder()


def engine_order(order: RecordedOrder) -> Order:
    """A recorded order as the engine carries it out."""
    if isinstance(order, EngineeringRecord):
        return replayed_engineering(order)
    if isinstance(order, MoveOrder):
        return Move(order.unit, tuple((column, row) for column, row in order.path))
    if isinstance(order, ModeOrder):
        return ChangeMode(order.unit, order.mode)
    if isinstance(order, ExitOrder):
        return ExitUnit(order.unit)
    if isinstance(order, ReconOrder):
        return ReconSpot(order.unit)
    if isinstance(order, DigInOrder):
        return DigIn(order.unit)
    if isinstance(order, CombineOrder):
        return Combine(tuple(order.units))
    if isinstance(order, BreakDownOrder):
        return BreakDown(order.unit)
    if isinstance(order, CarryOrder):
        return Carry(order.carrier, tuple(order.units))
    if isinstance(order, UncarryOrder):
        return Uncarry(order.carrier)
    if isinstance(order, FireOrder):
        return Fire(order.unit, (order.target[0], order.target[1]))
    if isinstance(order, PatrolOrder):
        return Patrol(order.unit)
    if isinstance(order, DamageRailOrder):
        return DamageRail(order.unit)
    if isinstance(order, AttachmentOrder):
        return ChangeAttachment(order.subject, order.attach_to)
    if isinstance(order, DeceptionOrder):
        return DeployDeception(order.unit, (order.hex[0], order.hex[1]))
    if isinstance(order, AirStrikeOrder):
        return AirStrike(order.aircraft, (order.target[0], order.target[1]))
    if isinstance(order, CarpetBombOrder):
        return CarpetBomb(order.aircraft, (order.target[0], order.target[1]))
    if isinstance(order, AirReconOrder):
        return AirRecon(order.aircraft, (order.target[0], order.target[1]))
    if isinstance(order, EndPhaseOrder):
        return EndPhase()
    if isinstance(order, AssaultOrder):
        return Assault((order.hex[0], order.hex[1]), tuple(order.units))
    return EndPlayerTurn()


def recorded_engineering(order: EngineeringOrder) -> EngineeringRecord:
    """An engineering order as a record writes it."""
    if isinstance(order, BuildBridge):
        return BuildBridgeOrder(unit=order.unit, toward=order.toward)
    if isinstance(order, DismantleBridge):
        return DismantleBridgeOrder(unit=order.unit)
    if isinstance(order, AbandonBridge):
        return AbandonBridgeOrder(unit=order.unit)
    if isinstance(order, WireBridge):
        return WireBridgeOrder(unit=order.unit)
    if isinstance(order, DamageBridge):
        return DamageBridgeOrder(unit=order.unit, target=order.target)
    if isinstance(order, ClearMines):
        return ClearMinesOrder(unit=order.unit)
    if isinstance(order, LayMines):
        return LayMinesOrder(unit=order.unit)
    return FerryOrder(engineer=order.engineer, unit=order.unit, to=order.to)


def replayed_engineering(order: EngineeringRecord) -> EngineeringOrder:
    """A recorded engineering order as the engine carries it out."""
    if isinstance(order, BuildBridgeOrder):
        return BuildBridge(order.unit, (order.toward[0], order.toward[1]))
    if isinstance(order, DismantleBridgeOrder):
        return DismantleBridge(order.unit)
    if isinstance(order, AbandonBridgeOrder):
        return AbandonBridge(order.unit)
    if isinstance(order, WireBridgeOrder):
        return WireBridge(order.unit)
    if isinstance(order, DamageBridgeOrder):
        return DamageBridge(order.unit, (order.target[0], order.target[1]))
    if isinstance(order, ClearMinesOrder):
        return ClearMines(order.unit)
    if isinstance(order, LayMinesOrder):
        return LayMines(order.unit)
    return Ferry(order.engineer, order.unit, (order.to[0], order.to[1]))


_RECORDED: TypeAdapter[RecordedOrder] = TypeAdapter(RecordedOrder)


def orders_from_json(data: Iterable[dict[str, Any]]) -> list[Order]:
    """Saved orders read back from JSON-ready data (a balance record's `orders`); ValueError
    (pydantic's ValidationError) when one does not read."""
    return [engine_order(_RECORDED.validate_python(item)) for item in data]
