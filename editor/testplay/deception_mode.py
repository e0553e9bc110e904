"""The test-play's deception units [000 4.3]: which one the Deception mode of the Move tool
deploys, why the mode is off, the rows of the preview shown on hovering a hex (how far, what the
marker does there, the chance of detection), and the side's own markers drawn on the map.
`editor.testplay.combat_mode` runs the mode itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen

from editor.map.geometry import Frame

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]

DECEPTION = "deception"
DECEPTION_COLOR = QColor(20, 170, 150)
"""The legal hexes and the side's markers: teal, apart from the fire and air colours."""
DECEPTION_TIP = (
    "Deception mode (D): deploy the selected deception unit, or the side's first that may "
    "(Ctrl+click for the next), as a marker the enemy does not see; the hexes it may go to "
    "are outlined in teal (within 3x the Deception Range; a deployed marker moves only on the "
    "midnight turn, within 2x); hover one for what it does there, click to deploy. A friendly "
    "unit that ends its move on a marker recalls it at the start of the next turn. A "
    "deployment can be taken back [000 4.3]"
)


def deceiver(game: Game | None, selected: str | None, chosen: str | None) -> str | None:
    """The deception unit the mode deploys: the selected unit when it is one that may deploy
    now, else the chosen one while it may, else the side's first that may; None when none
    may."""
    if game is None or game.is_over:
        return None
    for candidate in (selected, chosen):
        if (
            candidate is not None
            and candidate in game.deception_units()
            and game.why_not_deploy_now(candidate) is None
        ):
            return candidate
    return next((u for u in game.deception_units() if game.why_not_deploy_now(u) is None), None)


def deception_refusal(game: Game | None, selected: str | None) -> str | None:
    """Why the Deception mode is off now, the engine's sentence; None when a deception unit
    may deploy."""
    if game is None:
        return "no test-play is running"
    if game.is_over:
        return "the game is over"
    if deceiver(game, selected, None) is not None:
        return None
    units = game.deception_units()
    if not units:
        return f"the {game.acting.value} side has no deception unit on the map [000 4.3]"
    first = selected if selected in units else units[0]
    return game.why_not_deploy_now(first)


def deception_rows(game: Game, unit_id: str, hex_: Offset) -> list[tuple[str, str]]:
    """The preview of deploying `unit_id` at `hex_` as label and value rows [000 4.3]."""
    from engine.panzer_campaigns.stacking import per_side  # noqa: PLC0415

    state = game.state
    unit = game.unit(unit_id)
    markers = game.deception_markers()
    redeploy = unit_id in markers
    start = markers[unit_id] if redeploy else game.offset_of(unit.hex)
    params = state.parameters.deception
    side = unit.side
    radius = per_side(params.radius, side)
    distance = state.board.distance(game.hex_of(start), game.hex_of(hex_))
    reach = (2 if redeploy else 3) * per_side(params.range, side)
    near = sum(
        1
        for h in state.board.iter_within(game.hex_of(hex_), radius)
        for u in state.units_at(h)
        if u.side is not side and _seen(game, u.id)
    )
    rows = [
        ("Unit", f"{unit_id}, {'marker' if redeploy else 'counter'} at {start[0]},{start[1]}"),
        ("Distance", f"{distance} of {reach} hexes ({'2' if redeploy else '3'}x the Range)"),
        (
            "Effect",
            f"enemy Travel Mode moves within {radius} hexes: "
            f"{per_side(params.effect, side)}% a hex to be Disrupted",
        ),
        ("Demolitions", f"{per_side(params.damage, side)}% to fail within {radius} hexes"),
        (
            "Detection",
            f"{per_side(params.detect, side)}% each turn near the enemy; "
            f"{near} enemy unit{'s' if near != 1 else ''} seen within {radius} now",
        ),
    ]
    if not redeploy:
        rows.append(("Redeploy", "only on the midnight turn, within 2x the Range"))
    return rows


def _seen(game: Game, unit_id: str) -> bool:
    """Whether the side to move sees the enemy unit (the preview must not tell more)."""
    from engine.panzer_campaigns.spotting import spotted_by  # noqa: PLC0415

    return unit_id in spotted_by(game.state, game.acting)


def paint_markers(painter: QPainter, frame: Frame, markers: dict[str, Offset]) -> None:
    """The side's own deployed markers: a dashed teal hex with a "D?" the enemy never sees."""
    if not markers:
        return
    hexes = frame.hexes(margin=1)
    if hexes is None:
        return
    c0, c1, r0, r1 = hexes
    polygon = frame.geometry.hex_polygon(frame.zoom * 0.7)
    pen = QPen(DECEPTION_COLOR, max(2.0, frame.zoom * 0.05), Qt.PenStyle.DashLine)
    fill = QColor(DECEPTION_COLOR)
    fill.setAlpha(60)
    font = QFont(painter.font())
    font.setPixelSize(max(9, round(frame.zoom * 0.2)))
    font.setBold(True)
    painter.save()
    painter.setFont(font)
    for hex_ in markers.values():
        if not (c0 <= hex_[0] <= c1 and r0 <= hex_[1] <= r1):
            continue
        x, y = frame.point(hex_)
        painter.setPen(pen)
        painter.setBrush(QBrush(fill))
        painter.drawPolygon(polygon.translated(x, y))
        box = QRectF(x - frame.zoom / 2, y - frame.zoom * 0.15, frame.zoom, frame.zoom * 0.3)
        painter.setPen(QPen(DECEPTION_COLOR.darker(160)))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "D?")
    painter.restore()
