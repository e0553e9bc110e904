"""The engineers' orders [000 7.2-7.5] as a saved test-play writes them and as the engine
replays them (`editor.testplay.session_file` hands them here)."""

from __future__ import annotations

from engine.panzer_campaigns.orders import (
    AbandonBridge,
    BuildBridge,
    ClearMines,
    DamageBridge,
    DismantleBridge,
    EngineeringOrder,
    Ferry,
    LayMines,
    WireBridge,
)
from schemas.panzer_campaigns.testplay import (
    AbandonBridgeOrder,
    BuildBridgeOrder,
    ClearMinesOrder,
    DamageBridgeOrder,
    DismantleBridgeOrder,
    EngineeringRecord,
    FerryOrder,
    LayMinesOrder,
    WireBridgeOrder,
)


def recorded(order: EngineeringOrder) -> EngineeringRecord:
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


def replayed(order: EngineeringRecord) -> EngineeringOrder:
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
