"""The Test-play dock's session settings: the seed, the optional rules and Fog of War, and the
buttons that restart the game with them. Changes wait for a restart, since a game cannot change
its rules half-way; the bar says when they differ from the game being played."""

from __future__ import annotations

import random

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSpinBox,
    QToolButton,
    QWidget,
)

from editor.docks.table_columns import label
from editor.testplay.op_fire_dialog import OpFireDialog, OpFireRanges
from editor.testplay.play_settings import TestPlaySettings
from engine.panzer_campaigns.ruleset import profile_of
from schemas.panzer_campaigns.scenario import ScenarioFile
from schemas.vocabulary import OPTIONAL_RULES_BY_RULESET, OptionalRule

MAX_SEED = 2**31 - 1


def rule_label(rule: OptionalRule) -> str:
    """An optional rule's name as the manuals write it.

    >>> rule_label(OptionalRule.LOCKING_ZOC)
    'Locking ZOC'
    """
    return label(rule).replace("zoc", "ZOC")


class SettingsBar(QWidget):
    """Seed, optional rules and Fog of War for the next (re)start of the test-play."""

    restart_requested = Signal(object)
    """The TestPlaySettings to restart with."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._playing: TestPlaySettings | None = None
        self._rule_actions: dict[OptionalRule, QAction] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(3)

        seed_caption = QLabel("Seed:")
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, MAX_SEED)
        self.seed_spin.setToolTip(
            "The random seed of the game: the same scenario, seed, rules and orders give the "
            "same game"
        )
        seed_caption.setToolTip(self.seed_spin.toolTip())
        self.seed_spin.valueChanged.connect(self._show_pending)

        rules_caption = QLabel("Rules:")
        self.rules_button = QToolButton()
        self.rules_button.setText("Optional Rules")
        self.rules_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.rules_button.setToolTip(
            "The optional rules and Fog of War of this test-play, from the scenario at the start; "
            "changes take effect when the game restarts"
        )
        rules_caption.setToolTip(self.rules_button.toolTip())
        self.rules_menu = QMenu(self.rules_button)
        self.rules_button.setMenu(self.rules_menu)
        self.fog_action = QAction("Fog of War", self)
        self.fog_action.setCheckable(True)
        self.fog_action.setToolTip(
            "Under Fog of War moves cannot be taken back [000 5.0]; the test-play still shows "
            "every unit of both sides"
        )
        self.fog_action.toggled.connect(self._show_pending)
        self.op_fire_action = QAction("Opportunity Fire", self)
        self.op_fire_action.setCheckable(True)
        self.op_fire_action.setToolTip(
            "The other side fires at units moving, changing mode or firing in its view "
            "[000 3.3]: the default turn mode"
        )
        self.op_fire_action.toggled.connect(self._show_pending)
        self.op_fire_settings_action = QAction("Opportunity Fire Settings…", self)
        self.op_fire_settings_action.setToolTip(
            "Panzer Battles: limit each side's opportunity fire by unit type [001]"
        )
        self.op_fire_settings_action.triggered.connect(self.edit_op_fire_ranges)
        self._op_fire_ranges: OpFireRanges = ()
        self.rules_text = QLabel()
        self.rules_text.setWordWrap(True)
        self.rules_text.setToolTip(self.rules_button.toolTip())

        self.restart_button = QPushButton("Restart")
        self.restart_button.setToolTip(
            "Start the test-play again from turn 1 with this seed and these rules"
        )
        self.restart_button.clicked.connect(self.restart)
        self.new_seed_button = QPushButton("New Seed")
        self.new_seed_button.setToolTip(
            "Start the test-play again from turn 1 with a random seed and these rules"
        )
        self.new_seed_button.clicked.connect(self.restart_with_new_seed)

        grid.addWidget(seed_caption, 0, 0)
        grid.addWidget(self.seed_spin, 0, 1)
        grid.addWidget(self.restart_button, 0, 2)
        grid.addWidget(rules_caption, 1, 0)
        grid.addWidget(self.rules_button, 1, 1)
        # Under Restart rather than beside it: four buttons in a row made the panel too wide
        # for a laptop's right-hand column.
        grid.addWidget(self.new_seed_button, 1, 2)
        grid.addWidget(self.rules_text, 2, 0, 1, 5)
        grid.setColumnStretch(4, 1)

    # The session -------------------------------------------------------------------------------

    def show_settings(
        self, settings: TestPlaySettings | None, scenario: ScenarioFile | None
    ) -> None:
        """Show the settings of the game being played (None: no test-play running)."""
        self._playing = settings
        self.rules_menu.clear()
        self._rule_actions.clear()
        if settings is not None and scenario is not None:
            known = OPTIONAL_RULES_BY_RULESET[scenario.header.ruleset] | settings.optional_rules
            for rule in OptionalRule:
                if rule not in known:
                    continue
                action = self.rules_menu.addAction(rule_label(rule))
                action.setCheckable(True)
                action.setChecked(rule in settings.optional_rules)
                action.toggled.connect(self._show_pending)
                self._rule_actions[rule] = action
            self._tie_automatic_to_manual()
            self.rules_menu.addSeparator()
            self.rules_menu.addAction(self.fog_action)
            self.fog_action.blockSignals(True)
            self.fog_action.setChecked(settings.fog_of_war)
            self.fog_action.blockSignals(False)
            self.rules_menu.addAction(self.op_fire_action)
            self.op_fire_action.blockSignals(True)
            self.op_fire_action.setChecked(settings.opportunity_fire)
            self.op_fire_action.blockSignals(False)
            self._op_fire_ranges = settings.op_fire_ranges
            if profile_of(scenario.header.ruleset).op_fire_settings:
                self.rules_menu.addAction(self.op_fire_settings_action)
            self.seed_spin.blockSignals(True)
            self.seed_spin.setValue(settings.seed)
            self.seed_spin.blockSignals(False)
        self._show_pending()

    def _tie_automatic_to_manual(self) -> None:
        """Automatic Defensive Fire is "an additional Optional Rule" to Manual Defensive Fire
        [000 13.3]: it can be chosen only with it."""
        manual = self._rule_actions.get(OptionalRule.MANUAL_DEFENSIVE_FIRE)
        automatic = self._rule_actions.get(OptionalRule.AUTOMATIC_DEFENSIVE_FIRE)
        if manual is None or automatic is None:
            return
        automatic.setEnabled(manual.isChecked())
        manual.toggled.connect(automatic.setEnabled)

    def chosen(self) -> TestPlaySettings:
        """The settings as chosen in the bar."""
        playing = self._playing
        return TestPlaySettings(
            self.seed_spin.value(),
            frozenset(rule for rule, action in self._rule_actions.items() if action.isChecked()),
            self.fog_action.isChecked(),
            self.op_fire_action.isChecked(),
            playing.move_by_knowledge if playing is not None else True,
            self._op_fire_ranges,
        )

    def edit_op_fire_ranges(self) -> OpFireDialog:
        """Open the Panzer Battles Opportunity Fire dialog; its settings wait for a restart."""
        dialog = OpFireDialog(self._op_fire_ranges, self)

        def accepted() -> None:
            self._op_fire_ranges = dialog.ranges()
            self._show_pending()

        dialog.accepted.connect(accepted)
        dialog.open()
        return dialog

    def set_busy(self, busy: bool) -> None:
        """Disable restarting while a turn is computed or orders are replayed."""
        for widget in (self.seed_spin, self.rules_button, self.restart_button):
            widget.setEnabled(self._playing is not None and not busy)
        self.new_seed_button.setEnabled(self._playing is not None and not busy)

    def restart(self) -> None:
        """Ask for a restart with the settings chosen."""
        if self._playing is not None:
            self.restart_requested.emit(self.chosen())

    def restart_with_new_seed(self) -> None:
        """Ask for a restart with a random seed, shown in the spin box."""
        if self._playing is not None:
            self.seed_spin.setValue(random.randint(1, MAX_SEED))  # a game seed, not a secret
            self.restart()

    # Showing -----------------------------------------------------------------------------------

    def _show_pending(self, *_args: object) -> None:
        playing = self._playing
        if playing is None:
            self.rules_text.setText("")
            self.set_busy(False)
            return
        chosen = self.chosen()
        rules = [rule_label(rule) for rule in OptionalRule if rule in chosen.optional_rules]
        if chosen.fog_of_war:
            rules.append("Fog of War")
        if chosen.opportunity_fire:
            rules.append("Opportunity Fire")
        if chosen.op_fire_ranges:
            rules.append(f"{len(chosen.op_fire_ranges)} opportunity fire limits")
        text = ", ".join(rules) or "No optional rules"
        if chosen != playing:
            text += ". <b>Changed: Restart plays with them.</b>"
        self.rules_text.setText(text)
