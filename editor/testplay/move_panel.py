"""The test-play Move tool's options panel: the moving unit, its hex, mode and movement points
left, the buttons that change its mode or give it a unit action (Dig In, Combine, Carry…) with
the engine's reason on each one it may not take, and the fire and assault preview.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QButtonGroup, QFormLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from editor.testplay.attachment_button import AttachmentButton
from editor.testplay.combat_preview import CombatControls
from editor.testplay.engineering_panel import EngineeringButtons
from editor.widgets.button_rows import WrappingButtons
from schemas.panzer_campaigns.scenario import Mode

if TYPE_CHECKING:
    from editor.testplay.move_tool import TestPlayMoveTool
    from engine.panzer_campaigns.game import Game

_MODE_LABELS = {Mode.DEPLOYED: "Deployed", Mode.TRAVEL: "Travel", Mode.RAIL: "Rail"}
_ACTION_LABELS = {
    "dig_in": "Dig In",
    "combine": "Combine",
    "break_down": "Break Down",
    "carry": "Carry",
    "uncarry": "Uncarry",
    "patrol": "Patrol",
    "damage_rail": "Damage Rail",
}
_ACTION_TIPS = {
    "dig_in": "Dig in for the whole allowance: later turns may build an Improved Position, "
    "a Trench and, for engineers, a Bunker [000 4.9]",
    "combine": "Combine with every unit of the battalion on this hex, at no cost [000 4.9]",
    "break_down": "Split the last company off this combined unit, at no cost [000 4.9]",
    "carry": "Take the next unit of this hex it can carry aboard, at no cost: it moves with "
    "the carrier and neither fires nor assaults until set down [001 Carry/Uncarry]",
    "uncarry": "Set the units it carries down on this hex [001 Carry/Uncarry]",
    "patrol": "Patrol for the whole allowance: spots every enemy within 2 hexes whatever the "
    "line of sight, fires and assaults at 3/4, stops partisans' deception nearby; moving "
    "recalls it for half the allowance [000 4.2]",
    "damage_rail": "Damage the railway in this hex for 1/3 of the allowance: no unit moves "
    "there in Rail Mode for the rest of the game [000 4.4]",
}


def _action_refusals(game: Game, unit_id: str) -> dict[str, str | None]:
    """Why the unit may not dig in, combine or break down now (None where it may)."""
    from engine.panzer_campaigns.carrying import why_not_uncarry  # noqa: PLC0415
    from engine.panzer_campaigns.combat.dig_in import why_not_dig_in  # noqa: PLC0415
    from engine.panzer_campaigns.organize import why_not_break_down  # noqa: PLC0415
    from engine.panzer_campaigns.phases import Action, why_not_now  # noqa: PLC0415

    unit = game.unit(unit_id)
    own_turn = unit.side is game.acting and unit.on_map and not game.is_over
    turn = None if own_turn else f"it is not the {unit.side.value} player turn"
    turn = turn or why_not_now(game.state, Action.MOVE)  # Movement Phase only [000 13.3]
    return {
        "dig_in": turn or why_not_dig_in(game.state, unit),
        "combine": turn
        or (None if game.combinable(unit_id) else f"no unit on this hex combines with {unit_id}"),
        "break_down": turn or why_not_break_down(unit),
        "carry": turn or _carry_refusal(game, unit_id),
        "uncarry": turn or why_not_uncarry(unit),
        "patrol": turn or game.why_not_patrol(unit_id),
        "damage_rail": turn or game.why_not_damage_rail(unit_id),
    }


def _carry_refusal(game: Game, unit_id: str) -> str | None:
    """Why the unit takes no unit of its hex aboard: None when one may board, else the reason
    the first other unit of the hex gives (or that there is none)."""
    if game.carriable(unit_id):
        return None
    unit = game.unit(unit_id)
    others = [u for u in game.state.units_at(unit.hex) if u is not unit and u.carried_by is None]
    if not others:
        return f"no other unit of {unit_id}'s hex to carry"
    return game.why_not_carry(unit_id, others[0].id)


class MovePanel(QWidget):
    """The Move tool's options: the moving unit, its mode with buttons to change it, and the
    movement points it has left."""

    def __init__(self, tool: TestPlayMoveTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.unit_label = QLabel()
        self.unit_label.setWordWrap(True)
        self.hex_label = QLabel()
        self.mode_label = QLabel()
        self.mp_label = QLabel()
        self.mp_label.setToolTip("Movement points the unit has left this player turn")
        self.mode_buttons: dict[Mode, QPushButton] = {}
        group = QButtonGroup(self)
        for mode, text in _MODE_LABELS.items():
            button = QPushButton(text)
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, m=mode: self._mode_clicked(m))
            group.addButton(button)
            self.mode_buttons[mode] = button
        group.setExclusive(True)
        # The rows wrap to the column's width: at 200 % on 1920x1080 three mode buttons in a
        # row were wider than the left column and scrolled it sideways.
        row = WrappingButtons(list(self.mode_buttons.values()))
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("Unit:", self.unit_label)
        form.addRow("Hex:", self.hex_label)
        form.addRow("Mode:", self.mode_label)
        form.addRow("MP left:", self.mp_label)
        self.recon_button = QPushButton("Recon Spotting")
        self.recon_button.clicked.connect(self._recon_clicked)
        self.action_buttons: dict[str, QPushButton] = {}
        for action, text in _ACTION_LABELS.items():
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, a=action: self._action_clicked(a))
            self.action_buttons[action] = button
        # At most two a row under the form, not beside its labels, one a row in a column too
        # narrow for two.
        actions = WrappingButtons([self.recon_button, *self.action_buttons.values()], 2)
        self.engineering = EngineeringButtons()  # engineers' actions [000 7.2-7.5]
        self.engineering.message.connect(tool.message)
        self.engineering.ordered.connect(self.refresh)
        self.attachment = AttachmentButton()  # Corps Attachments on the midnight turn [000 9.1]
        self.attachment.message.connect(tool.message)
        self.attachment.ordered.connect(self.refresh)
        self.combat = CombatControls(list(tool.combat.actions.values()))
        tool.combat.changed.connect(self._show_preview)
        self.hint = QLabel(
            tool.tip + ". F fires, A assaults, R flies an air mission, D deploys a deception "
            "unit; Escape leaves the mode, then clears the selection."
        )
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(mid);")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(row)
        layout.addWidget(actions)
        layout.addWidget(self.engineering)
        layout.addWidget(self.attachment)
        layout.addWidget(self.combat)
        layout.addWidget(self.hint)
        layout.addStretch(1)
        self._show_preview()
        self.refresh()

    def _show_preview(self) -> None:
        mode = self.tool.combat
        if mode.rows:
            self.combat.preview.show_rows(mode.title, mode.rows)
        elif mode.active:
            self.combat.preview.show_hint(mode.hint())
        else:
            self.combat.preview.hide()

    def _action_clicked(self, action: str) -> None:
        self.tool.unit_action(action)
        self.refresh()

    def _recon_clicked(self) -> None:
        self.tool.recon_spot()
        self.refresh()

    def _mode_clicked(self, mode: Mode) -> None:
        self.tool.change_mode(mode)
        self.refresh()

    def refresh(self) -> None:
        """Show the moving unit as the game has it now."""
        from engine.panzer_campaigns.movement import mode_change_cost  # noqa: PLC0415
        from engine.panzer_campaigns.movement_steps import describe  # noqa: PLC0415
        from engine.panzer_campaigns.mp_text import cost_text, left_text  # noqa: PLC0415
        from engine.panzer_campaigns.spotting import may_recon_spot  # noqa: PLC0415

        game, unit_id = self.tool.game, self.tool.unit_id
        if game is None or unit_id is None:
            self.engineering.show_unit(None, None)
            self.attachment.show_unit(None, None)
            self.unit_label.setText("No unit selected")
            for label in (self.hex_label, self.mode_label, self.mp_label):
                label.setText("–")
            for button in self.mode_buttons.values():
                button.setEnabled(False)
                button.setChecked(False)
                button.setToolTip("")
            self.recon_button.setEnabled(False)
            for button in self.action_buttons.values():
                button.setEnabled(False)
            return
        unit = game.unit(unit_id)
        acting = unit_id if unit.side is game.acting else None
        self.engineering.show_unit(self.tool.session, acting)
        self.attachment.show_unit(self.tool.session, acting)
        column, row = game.offset_of(unit.hex)
        self.unit_label.setText(describe(unit))
        self.hex_label.setText(f"{column},{row}")
        self.mode_label.setText(_MODE_LABELS[unit.mode])
        self.mp_label.setText(left_text(self.tool.mp_left()))
        refusal = may_recon_spot(game.state, unit)
        self.recon_button.setEnabled(refusal is None)
        self.recon_button.setToolTip(
            refusal
            or "Spend a third of the movement allowance to try to reveal concealed enemy units "
            "within visibility + 1 hexes; it cannot be taken back [000 4.8]"
        )
        for action, refusal in _action_refusals(game, unit_id).items():
            self.action_buttons[action].setEnabled(refusal is None)
            self.action_buttons[action].setToolTip(refusal or _ACTION_TIPS[action])
        for mode, button in self.mode_buttons.items():
            button.setEnabled(True)
            button.setChecked(mode is unit.mode)
            cost = mode_change_cost(game.state, unit, mode)
            button.setToolTip(
                f"Current mode of {unit_id}"
                if mode is unit.mode
                else f"Change to {mode.value} mode: costs {cost_text(cost)} movement points"
            )
