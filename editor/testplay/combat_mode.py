"""Fire, Assault, Air and Deception modes of the test-play Move tool: the hexes the selected unit
may fire at (direct and indirect told apart) or assault, those an aircraft may fly to, those a
deception unit may be deployed at; the preview of the hovered target (or why it is none), the
units gathered for an assault (the selected ones of the unit's stack, and other stacks joined
by Ctrl+click), and the order given by a click [000 4.3, 5.0-5.2, 6.0-6.3, 8.1].

The Move tool hands its mouse input here while a mode is on; Escape or a right-click leaves the
mode. Everything shown comes from the session's engine game (`fire_targets`, `fire_preview`,
`assault_targets`, `assault_odds`, `why_not_assault`);
orders go through the session, which refuses what the rules forbid with the engine's reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence, QPainter, QPen

from editor import icons
from editor.map.geometry import Frame
from editor.testplay.air_mode import AIR, AIR_TIP, air_refusal, air_rows, flying
from editor.testplay.combat_marks import result_line
from editor.testplay.combat_preview import assault_rows, fire_rows
from editor.testplay.deception_mode import (
    DECEPTION,
    DECEPTION_COLOR,
    DECEPTION_TIP,
    deceiver,
    deception_refusal,
    deception_rows,
)
from engine.panzer_campaigns.combat.kinds import CombatKind

if TYPE_CHECKING:
    from editor.testplay.move_tool import TestPlayMoveTool
    from engine.panzer_campaigns.game import Game

Offset = tuple[int, int]

FIRE = "fire"
ASSAULT = "assault"
TARGET_COLORS: dict[str, QColor] = {
    CombatKind.DIRECT_FIRE: QColor(230, 60, 40),
    CombatKind.INDIRECT_FIRE: QColor(240, 150, 20),
    CombatKind.ASSAULT: QColor(200, 40, 160),
    CombatKind.AIR: QColor(40, 120, 230),
    DECEPTION: DECEPTION_COLOR,
}
"""Target hexes: red for direct fire, orange for indirect fire, magenta for assault, blue for an
air mission, teal for a deception unit's deployment."""
FIRE_TIP = (
    "Fire mode (F): the hexes the unit may fire at are outlined, red for direct fire, orange "
    "for indirect; hover one for the preview, click to fire. A fire cannot be taken back "
    "[000 5.1]"
)


ASSAULT_TIP = (
    "Assault mode (A): the enemy hexes the unit may assault are outlined; hover one for both "
    "sides' values, the odds and the chances, Ctrl+click an adjacent friendly stack to join it "
    "to the assault, click the enemy hex to assault. An assault cannot be taken back [000 6.3]"
)


def assault_refusal(game: Game | None, unit_id: str | None) -> str | None:
    """Why the unit may not assault now, the engine's sentence; None when it has a target."""
    if game is None or unit_id is None:
        return "select a unit of the side to move"
    if game.is_over:
        return "the game is over"
    reason = game.why_not_assault(unit_id)
    if reason is not None:
        return reason
    if game.assault_targets(unit_id):
        return None
    return f"{unit_id} has no enemy hex next to it that it can assault"


def fire_refusal(game: Game | None, unit_id: str | None) -> str | None:
    """Why the unit may not fire now, the engine's sentence; None when it has a target."""
    if game is None or unit_id is None:
        return "select a unit of the side to move"
    from engine.panzer_campaigns.combat.fire import why_not, why_unspotted  # noqa: PLC0415
    from engine.panzer_campaigns.combat.fire_targets import why_cannot_fire  # noqa: PLC0415

    unit = game.unit(unit_id)
    if game.is_over:
        return "the game is over"
    if unit.side is not game.phasing:
        return f"it is not the {unit.side.value} player turn"
    reason = why_cannot_fire(game.state, unit)
    if reason is not None:
        return reason
    if game.fire_targets(unit_id):
        return None
    for hex_ in seen_enemy_hexes(game):  # [001 #10] in sight and range but for its spotters
        unspotted = why_unspotted(game.state, unit, game.hex_of(hex_))
        if unspotted is not None:
            return f"{unit_id} cannot fire indirectly at {hex_[0]},{hex_[1]}: {unspotted}"
    reason = why_not(game.state, unit, unit.hex)  # the points or the Hex Fire Limitation
    column, row = game.offset_of(unit.hex)
    if reason.endswith(f" in {column},{row}"):  # no target, not its own hex: say it plainly
        return f"{unit_id} has no enemy within range and in sight to fire at"
    return reason


def seen_enemy_hexes(game: Game) -> list[Offset]:
    """The hexes where the side to move sees an enemy unit (spotted or Unknown) now."""
    from engine.panzer_campaigns.spotting import spotted_by  # noqa: PLC0415

    state = game.state
    found = {
        seen.hex
        for enemy, seen in spotted_by(state, game.phasing).items()
        if state.units[enemy].hex == seen.hex
    }
    return [game.offset_of(h) for h in sorted(found)]


def seen_enemy_at(game: Game, hex_: Offset) -> bool:
    """Whether the side to move sees an enemy unit (spotted or Unknown) on `hex_` now."""
    return hex_ in seen_enemy_hexes(game)


class CombatMode(QObject):
    """Which combat mode is on for the Move tool's unit, its targets and the hovered preview."""

    changed = Signal()
    """The mode, its targets or the preview changed: repaint, refresh the panel."""

    def __init__(self, tool: TestPlayMoveTool) -> None:
        super().__init__(tool)
        self.tool = tool
        self.kind: str | None = None
        """FIRE, ASSAULT or None (moving)."""
        self.targets: dict[Offset, CombatKind | str] = {}
        self.hovered: Offset | None = None
        self.title = ""
        self.rows: list[tuple[str, str]] = []
        """The preview of the hovered target; empty when none is."""
        self.joined: list[str] = []
        """Units of other stacks Ctrl+clicked into the assault."""
        self.aircraft: str | None = None
        """The air unit the Air mode flies (`editor.testplay.air_mode.flying`)."""
        self.fire_action = self._action("&Fire", "F", "crosshair", FIRE)
        self.assault_action = self._action("&Assault", "A", "assault", ASSAULT)
        self.air_action = self._action("Ai&r", "R", "plane", AIR)
        self.deceiver: str | None = None
        """The deception unit the Deception mode deploys (`deception_mode.deceiver`)."""
        self.deception_action = self._action("&Deception", "D", "deception", DECEPTION)
        self.actions = {
            FIRE: self.fire_action,
            ASSAULT: self.assault_action,
            AIR: self.air_action,
            DECEPTION: self.deception_action,
        }
        """The mode's checkable actions (buttons of the Move options, keys of the window)."""
        self.refresh()

    def _action(self, text: str, key: str, icon: str, kind: str) -> QAction:
        action = QAction(icons.icon(icon), text, self)
        action.setShortcut(QKeySequence(key))
        action.setCheckable(True)
        action.toggled.connect(lambda on: self._toggled(kind, on))
        return action

    # State -------------------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        """Whether a combat mode is on."""
        return self.kind is not None

    @property
    def game(self) -> Game | None:
        return self.tool.game

    def refresh(self) -> None:
        """After a change of game or unit: the buttons' state and tips, the targets, the
        preview; a mode the unit can no longer use is left."""
        game, unit_id = self.game, self.tool.unit_id
        refusal = fire_refusal(game, unit_id)
        self.fire_action.setEnabled(refusal is None)
        self.fire_action.setToolTip(FIRE_TIP if refusal is None else f"Cannot fire: {refusal}")
        assault = assault_refusal(game, unit_id)
        self.assault_action.setEnabled(assault is None)
        self.assault_action.setToolTip(
            ASSAULT_TIP if assault is None else f"Cannot assault: {assault}"
        )
        air = air_refusal(game)
        self.air_action.setEnabled(air is None)
        self.air_action.setToolTip(AIR_TIP if air is None else f"No air mission: {air}")
        deception = deception_refusal(game, unit_id)
        self.deception_action.setEnabled(deception is None)
        self.deception_action.setToolTip(
            DECEPTION_TIP if deception is None else f"No deployment: {deception}"
        )
        if (
            (self.kind == FIRE and refusal is not None)
            or (self.kind == ASSAULT and assault is not None)
            or (self.kind == AIR and air is not None)
            or (self.kind == DECEPTION and deception is not None)
        ):
            self.leave()
            return
        self.targets = self._targets()
        self._preview(self.hovered)

    def _targets(self) -> dict[Offset, CombatKind | str]:
        game, unit_id = self.game, self.tool.unit_id
        if self.kind == DECEPTION:
            self.deceiver = deceiver(game, unit_id, self.deceiver)
            if game is None or self.deceiver is None:
                return {}
            return dict.fromkeys(game.deployment_hexes(self.deceiver), DECEPTION)
        if self.kind == AIR:
            self.aircraft = flying(game, self.aircraft)
            if game is None or self.aircraft is None:
                return {}
            return dict.fromkeys(game.air_targets(self.aircraft), CombatKind.AIR)
        if game is None or unit_id is None or self.kind is None:
            return {}
        if self.kind == ASSAULT:
            return dict.fromkeys(game.assault_targets(unit_id), CombatKind.ASSAULT)
        return dict(game.fire_targets(unit_id))

    def attackers(self, hex_: Offset | None = None) -> list[str]:
        """The units that would assault: the selected ones on the unit's hex and those joined
        by Ctrl+click; with a hex, only those that may assault it."""
        game, unit_id = self.game, self.tool.unit_id
        if game is None or unit_id is None:
            return []
        here = game.unit(unit_id).hex
        chosen = [unit_id] + [
            u
            for u in self.tool.selection.units
            if u != unit_id and u in game.state.units and game.unit(u).hex == here
        ]
        chosen += [u for u in self.joined if u not in chosen]
        if hex_ is None:
            return chosen
        return [u for u in chosen if game.why_not_assault(u, hex_) is None]

    def refused(self, hex_: Offset) -> list[tuple[str, str]]:
        """The gathered units that may not assault `hex_`, each with the engine's reason."""
        game = self.game
        if game is None:
            return []
        found = []
        for unit in self.attackers():
            reason = game.why_not_assault(unit, hex_)
            if reason is not None:
                found.append((unit, reason))
        return found

    def enter(self, kind: str) -> None:
        """Turn a mode on, as its button or key does; nothing when the unit may not."""
        action = self.actions[kind]
        if action.isEnabled():
            action.setChecked(True)

    def leave(self) -> None:
        """Back to moving."""
        if self.kind is not None:
            self.actions[self.kind].setChecked(False)

    def _toggled(self, kind: str, on: bool) -> None:
        if on:
            wanted: str | None = kind
        elif self.kind == kind:
            wanted = None
        else:
            return
        if wanted == self.kind:
            return
        self.kind = wanted
        for other, action in self.actions.items():
            if other != wanted and action.isChecked():
                action.blockSignals(True)
                action.setChecked(False)
                action.blockSignals(False)
        self.hovered = None
        self.joined = []
        self.targets = self._targets()
        self._preview(None)
        self.tool.message.emit(self.hint() if wanted else "Moving")

    def hint(self) -> str:
        """What to do now, for the status bar and the preview panel."""
        if self.kind == DECEPTION and self.deceiver is not None:
            count = len(self.targets)
            return (
                f"{self.deceiver} may deploy: {count} hex{'es' if count != 1 else ''} outlined; "
                "hover one for what it does there, click to deploy, Ctrl+click for the next "
                "deception unit; Escape or a right-click to stop"
            )
        if self.kind == AIR and self.game is not None and self.aircraft is not None:
            mission = self.game.mission_of(self.aircraft)
            anywhere = "" if mission == "strike" else " (or any hex)"
            return (
                f"{self.aircraft} is ready: {len(self.targets)} hex"
                f"{'es' if len(self.targets) != 1 else ''} outlined{anywhere}; hover one for the "
                "AA fire and the chances, click to fly, Ctrl+click for the next aircraft; "
                "Escape or a right-click to stop"
            )
        if not self.targets:
            return "No target in range"
        if self.kind == ASSAULT:
            count = len(self.attackers())
            return (
                f"{len(self.targets)} enemy hex{'es' if len(self.targets) != 1 else ''} to "
                f"assault with {count} unit{'s' if count != 1 else ''}: hover one for the "
                "odds, Ctrl+click a friendly stack to join it, click to assault; Escape or a "
                "right-click to stop"
            )
        return (
            f"{len(self.targets)} hex{'es' if len(self.targets) != 1 else ''} to fire at: "
            "hover one for the preview, click to fire; Escape or a right-click to stop"
        )

    # Input -------------------------------------------------------------------------------------

    def hover(self, hex_: Offset | None) -> None:
        """Preview the target under the mouse."""
        if hex_ != self.hovered:
            self._preview(hex_)

    def click(self, hex_: Offset | None, *, control: bool = False) -> None:
        """Fire at or assault a target hex; with Ctrl in Assault mode, join a friendly stack
        to the assault (or take it out again); elsewhere say why not."""
        from engine.panzer_campaigns.combat.fire import why_not  # noqa: PLC0415

        game, unit_id = self.game, self.tool.unit_id
        if self.kind == AIR and control:
            self.next_aircraft()
            return
        if self.kind == DECEPTION:
            if control:
                self.next_deceiver()
            elif hex_ is not None:
                self._deploy(hex_)
            return
        if hex_ is not None and self.kind == AIR:  # the aircraft is no unit of the map
            self._fly(hex_)
            return
        if hex_ is None or game is None or unit_id is None:
            return
        if self.kind == ASSAULT and control:
            self._join(hex_)
            return
        if hex_ not in self.targets:
            unit = game.unit(unit_id)
            if self.kind == ASSAULT:
                reason = game.why_not_assault(unit_id, hex_) or "it is not an enemy hex"
                self.tool.message.emit(f"Cannot assault {hex_[0]},{hex_[1]}: {reason}")
            else:
                self.tool.message.emit(why_not(game.state, unit, game.hex_of(hex_)))
            return
        self._commit(hex_)

    def _commit(self, hex_: Offset) -> None:
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        session, unit_id = self.tool.session, self.tool.unit_id
        assert session is not None
        assert unit_id is not None
        try:
            if self.kind == ASSAULT:
                attackers = self.attackers(hex_)
                events = session.assault(hex_, attackers)  # type: ignore[attr-defined]
            else:
                events = session.fire(unit_id, hex_)  # type: ignore[attr-defined]
        except IllegalMove as exc:
            self.tool.message.emit(str(exc))
            return
        self.joined = []
        self.tool.message.emit(result_line(session, events))
        self.refresh()

    def next_aircraft(self) -> None:
        """The Air mode flies the side's next aircraft that may fly now (Ctrl+click)."""
        game = self.game
        if game is None:
            return
        ready = [a.id for a in game.available_aircraft() if game.why_not_fly(a.id) is None]
        if not ready:
            return
        at = ready.index(self.aircraft) + 1 if self.aircraft in ready else 0
        self.aircraft = ready[at % len(ready)]
        self.targets = self._targets()
        self._preview(self.hovered)
        self.tool.message.emit(self.hint())

    def _fly(self, hex_: Offset) -> None:
        """Fly the Air mode's aircraft at `hex_`, or say why it may not."""
        from engine.panzer_campaigns.air.events import AirMissionCalled  # noqa: PLC0415
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        session, game, aircraft = self.tool.session, self.game, self.aircraft
        if session is None or game is None or aircraft is None:
            return
        try:
            events = session.air_mission(aircraft, hex_)  # type: ignore[attr-defined]
        except IllegalMove as exc:
            self.tool.message.emit(f"Cannot fly at {hex_[0]},{hex_[1]}: {exc}")
            return
        if events and isinstance(events[0], AirMissionCalled):  # [001 #32] it flies next turn
            self.tool.message.emit(events[0].describe())
        else:
            line = result_line(session, events)
            self.tool.message.emit(line.replace("Fired at", f"{aircraft} flew at", 1))
        self.refresh()

    def next_deceiver(self) -> None:
        """The Deception mode deploys the side's next deception unit that may (Ctrl+click)."""
        game = self.game
        if game is None:
            return
        ready = [u for u in game.deception_units() if game.why_not_deploy_now(u) is None]
        if not ready:
            return
        at = ready.index(self.deceiver) + 1 if self.deceiver in ready else 0
        self.deceiver = ready[at % len(ready)]
        self.targets = self._targets()
        self._preview(self.hovered)
        self.tool.message.emit(self.hint())

    def _deploy(self, hex_: Offset) -> None:
        """Deploy the Deception mode's unit at `hex_` (or move its marker there), or say why
        it may not [000 4.3]."""
        session, game, unit_id = self.tool.session, self.game, self.deceiver
        if session is None or game is None or unit_id is None:
            return
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        try:
            events = session.deploy_deception(unit_id, hex_)  # type: ignore[attr-defined]
        except IllegalMove as exc:
            self.tool.message.emit(f"Cannot deploy {unit_id} at {hex_[0]},{hex_[1]}: {exc}")
            return
        self.refresh()
        self.tool.message.emit(events[0].describe())

    def _join(self, hex_: Offset) -> None:
        """Ctrl+click on a stack of the side to move: its units join the assault, each one the
        engine refuses saying why; Ctrl+click again takes them out."""
        game = self.game
        assert game is not None
        mine = self.tool.units_at(hex_)
        if not mine:
            self.tool.message.emit("Ctrl+click a stack of the side to move to join it")
            return
        if all(u in self.joined for u in mine):
            self.joined = [u for u in self.joined if u not in mine]
            self.tool.message.emit(f"{', '.join(mine)} left the assault")
        else:
            said = []
            for unit in mine:
                reason = game.why_not_assault(unit)
                if reason is None and unit not in self.joined:
                    self.joined.append(unit)
                    said.append(f"{unit} joins")
                elif reason is not None:
                    said.append(reason)
            self.tool.message.emit("; ".join(said))
        self._preview(self.hovered)

    def _preview(self, hex_: Offset | None) -> None:
        self.hovered = hex_
        self.title, self.rows = "", []
        game, unit_id = self.game, self.tool.unit_id
        if self.kind == DECEPTION and game is not None and self.deceiver is not None and hex_:
            if hex_ in self.targets:
                self.title = f"{self.deceiver} to {hex_[0]},{hex_[1]}"
                self.rows = deception_rows(game, self.deceiver, hex_)
            elif game.state.board.grid.contains(*hex_):
                why = game.why_not_deploy(self.deceiver, hex_)
                if why is not None:
                    self.title = f"{self.deceiver} cannot deploy at {hex_[0]},{hex_[1]}"
                    self.rows = [("Why not", why)]
        elif self.kind == AIR and game is not None and self.aircraft is not None and hex_:
            preview = game.air_preview(self.aircraft, hex_)
            if preview is not None:
                self.title = f"{self.aircraft} over {hex_[0]},{hex_[1]}"
                self.rows = air_rows(game, preview)
        elif game is not None and unit_id is not None and hex_ in self.targets:
            assert hex_ is not None
            if self.kind == ASSAULT:
                odds = game.assault_odds(hex_, self.attackers(hex_))
                if odds is not None:
                    self.title = f"Assault on {hex_[0]},{hex_[1]}"
                    self.rows = assault_rows(game, odds, self._known())
                    self.rows += [("Refused", f"{u}: {why}") for u, why in self.refused(hex_)]
            else:
                preview = game.fire_preview(unit_id, hex_)
                if preview is not None:
                    self.title = f"{unit_id} fires"
                    self.rows = fire_rows(game, preview, self._known())
        if not self.rows and hex_ is not None and game is not None:
            self._not_a_target(game, hex_)
        self.changed.emit()

    def _not_a_target(self, game: Game, hex_: Offset) -> None:
        """A hovered hex of enemy units the side sees that is no target: the engine's reason,
        so a player learns why (out of range, no spotter that may spot [001 #10] ...)."""
        from engine.panzer_campaigns.combat.fire import why_not  # noqa: PLC0415

        if self.kind not in (FIRE, AIR) or not seen_enemy_at(game, hex_):
            return
        if self.kind == AIR:
            if self.aircraft is None or game.mission_of(self.aircraft) != "strike":
                return
            reason = game.can_air_strike(self.aircraft, hex_).reason
            title = f"{self.aircraft} cannot strike {hex_[0]},{hex_[1]}"
        else:
            unit_id = self.tool.unit_id
            if unit_id is None:
                return
            reason = why_not(game.state, game.unit(unit_id), game.hex_of(hex_))
            title = f"{unit_id} cannot fire at {hex_[0]},{hex_[1]}"
        if reason:
            self.title, self.rows = title, [("Why not", reason)]

    def _known(self) -> set[str] | None:
        """Under Fog of War, the units the side to move may know: those the map shows."""
        session = self.tool.session
        if session is None or getattr(session, "viewer", None) is None:
            return None
        return {p.unit for p in session.shadow.scenario.placements}  # type: ignore[attr-defined]

    # Drawing -----------------------------------------------------------------------------------

    def paint(self, painter: QPainter, frame: Frame) -> None:
        """Outline each target hex in the colour of its kind, the hovered one filled."""
        hexes = frame.hexes(margin=1)
        if hexes is None or not self.targets:
            return
        c0, c1, r0, r1 = hexes
        polygon = frame.geometry.hex_polygon(frame.zoom * 0.94)
        width = max(2.0, frame.zoom * 0.07)
        for hex_, kind in self.targets.items():
            if not (c0 <= hex_[0] <= c1 and r0 <= hex_[1] <= r1):
                continue
            color = TARGET_COLORS.get(str(kind), TARGET_COLORS[CombatKind.DIRECT_FIRE])
            fill = QColor(color)
            # a deployment's dozens of hexes are an area, lighter than a few targets
            area = kind == DECEPTION
            fill.setAlpha(110 if hex_ == self.hovered else 20 if area else 45)
            pen = QPen(color, width * 0.6 if area else width)
            if kind is CombatKind.INDIRECT_FIRE:
                pen.setStyle(Qt.PenStyle.DashLine)  # told apart without colour too
            painter.setPen(pen)
            painter.setBrush(QBrush(fill))
            painter.drawPolygon(polygon.translated(*frame.point(hex_)))
        if self.kind == ASSAULT and self.game is not None:
            # the stacks joined by Ctrl+click, ringed in the assault's colour
            ring = frame.geometry.hex_polygon(frame.zoom * 0.8)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(TARGET_COLORS[CombatKind.ASSAULT], width, Qt.PenStyle.DotLine))
            for unit in self.joined:
                where = self.game.offset_of(self.game.unit(unit).hex)
                painter.drawPolygon(ring.translated(*frame.point(where)))
