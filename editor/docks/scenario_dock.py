"""The Scenario dock: the scenario header (title, time, environment, supply, victory, optional
rules) as one scrolling form. Every edit is an undoable command; the dock also shows what follows
from the header (when the game ends, the turns of a day, the title files) and, inline, the
header's problems that span several fields."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from editor.docks.base import DocumentDock
from editor.docks.scenario_rules import (
    OPTIONAL_RULE_DESCRIPTIONS,
    OPTIONAL_RULE_LABELS,
    RULESET_DESCRIPTIONS,
    RULESET_NAMES,
)
from editor.docks.scenario_schedule import SCHEDULE, DayScheduleEditor
from editor.docks.scenario_summary import FILE_LABELS, time_summary, title_files
from editor.docks.scenario_victory import VictoryScale
from editor.document import Change, ChangeAction, Document
from editor.selection import Focus
from editor.widgets.binding import Binding
from editor.widgets.field_layout import field_row
from editor.widgets.fields import EnumSetEditor, FieldEditor, markup
from editor.widgets.notices import NoticeLabel
from schemas.io import FileKind
from schemas.panzer_campaigns.checks.scenario_settings import check_scenario_header
from schemas.panzer_campaigns.scenario import Header, LossPoints, VictoryLevels
from schemas.problems import ModelPath, Problem
from schemas.vocabulary import (
    OPTIONAL_RULES_BY_RULESET,
    PANZER_FAMILY,
    OptionalRule,
    PerSidePercent,
    Ruleset,
    Side,
)

HEADER: ModelPath = ("header",)
LEVELS: ModelPath = ("header", "victory", "levels")
LOSSES: ModelPath = ("header", "victory", "loss_points")
SUPPLY: ModelPath = ("header", "global_supply")

FocusTarget = Callable[[ModelPath], QWidget]


class ScenarioDock(DocumentDock):
    """The scenario's header settings, grouped: Scenario, Time, Environment, Supply & fog,
    Victory, Optional rules."""

    title = "Scenario"
    object_name = "scenario"
    default_area = Qt.DockWidgetArea.RightDockWidgetArea
    built_when_shown = True

    def build(self) -> None:
        self.editors: dict[ModelPath, FieldEditor] = {}
        self.bindings: list[Binding] = []
        # One binding per group of settings, each over its one object of the scenario.
        self.header_binding = self._binding(Header, HEADER, "Scenario")
        self.levels_binding = self._binding(VictoryLevels, LEVELS)
        self.losses_binding = self._binding(LossPoints, LOSSES)
        self.supply_binding = self._binding(PerSidePercent, SUPPLY)
        self._labels: list[QLabel] = []
        self._notices: list[tuple[ModelPath, NoticeLabel]] = []
        self._focus_targets: list[tuple[ModelPath, FocusTarget]] = []
        self.schedule = DayScheduleEditor()
        self.victory_scale = VictoryScale()

        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(2, 8, 2, 8)  # the group boxes have frames of their own
        layout.setSpacing(10)
        self.general_notice = self._notice(HEADER)
        layout.addWidget(self.general_notice)
        self.sections: dict[str, QGroupBox] = {}
        for build in (
            self._scenario_section,
            self._time_section,
            self._environment_section,
            self._supply_section,
            self._victory_section,
            self._rules_section,
        ):
            box = build()
            self.sections[box.title().replace("&&", "&")] = box
            layout.addWidget(box)
        layout.addStretch(1)
        self._align_labels()

        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidget(content)
        self.content = content
        self.setWidget(self.scroll_area)
        self.set_document(None)

    # Building ---------------------------------------------------------------------------------

    def _section(self, title: str) -> tuple[QGroupBox, QFormLayout]:
        box = QGroupBox(title)
        form = QFormLayout(box)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # In a laptop's narrow side panel a field too wide beside its label goes under it,
        # rather than pushing the panel into sideways scrolling.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.setHorizontalSpacing(10)
        form.setVerticalSpacing(6)
        return box, form

    def _binding(self, model: type[BaseModel], target: ModelPath, noun: str = "") -> Binding:
        binding = Binding(FileKind.SCENARIO, model, noun, targets=[target], parent=self)
        self.bindings.append(binding)
        return binding

    def _field(self, binding: Binding, name: str, text: str, **options: Any) -> FieldEditor:
        editor = binding.editor(name, text=text, **options)
        path = (*binding.targets[0], name)
        self.editors[path] = editor
        self._focus_targets.append((path, editor.show_focus))
        return editor

    def _row(self, form: QFormLayout, label: str, *parts: QWidget | str) -> QLabel:
        caption = QLabel(f"{label}:" if label else "")
        editors = [part for part in parts if isinstance(part, FieldEditor)]
        if editors:
            caption.setToolTip(editors[0].toolTip())
            form.addRow(caption, field_row(*parts))
        else:
            only = parts[0]
            form.addRow(caption, only if isinstance(only, QWidget) else field_row(*parts))
        self._labels.append(caption)
        return caption

    def _subheading(self, form: QFormLayout, text: str, caption: str = "") -> QLabel:
        heading = QLabel(text)
        heading.setStyleSheet("font-weight: 600; margin-top: 6px;")
        form.addRow(heading)
        if caption:
            note = QLabel(caption)
            note.setWordWrap(True)
            note.setStyleSheet("color: palette(placeholder-text);")
            form.addRow(note)
        return heading

    def _notice(self, *prefixes: ModelPath) -> NoticeLabel:
        notice = NoticeLabel()
        for prefix in prefixes:
            self._notices.append((prefix, notice))
        return notice

    def _derived(self) -> QLabel:
        label = QLabel("—")
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _align_labels(self) -> None:
        # One label column for every section, so the fields line up down the whole dock.
        width = max(label.sizeHint().width() for label in self._labels)
        for label in self._labels:
            label.setMinimumWidth(width)
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def _scenario_section(self) -> QGroupBox:
        box, form = self._section("Scenario")
        title = self._field(self.header_binding, "title", "Set Scenario Title")
        self._row(form, "Title", title)
        ruleset = self._field(
            self.header_binding,
            "ruleset",
            "Set Ruleset",
            labels=RULESET_NAMES,
            descriptions=RULESET_DESCRIPTIONS,
            # A scenario is Panzer Campaigns or Panzer Battles; Tactical GameX is a situation.
            choices=lambda: [(r, RULESET_NAMES[r]) for r in Ruleset if r in PANZER_FAMILY],
        )
        self._row(form, "Ruleset", ruleset)
        description = self._field(
            self.header_binding,
            "description",
            "Set Scenario Description",
            multiline=True,
            lines=9,
        )
        self._row(form, "Description", description)
        self._subheading(form, "Title files")
        self.file_labels: dict[FileKind, QLabel] = {}
        for kind, label in FILE_LABELS.items():
            value = self._derived()
            value.setTextFormat(Qt.TextFormat.RichText)
            self.file_labels[kind] = value
            self._row(form, label, value)
        self._focus_targets.append((("files",), lambda _rest: self.file_labels[FileKind.MAP]))
        return box

    def _time_section(self) -> QGroupBox:
        box, form = self._section("Time")
        start = self._field(self.header_binding, "start", "Set Start Time")
        self._row(form, "First turn", start)
        turns = self._field(self.header_binding, "turns", "Set Scenario Turns", unit="turns")
        self._row(form, "Turns", turns)
        minutes = self._field(
            self.header_binding,
            "minutes_per_turn",
            "Set Turn Length",
            label="Turn length",
            step=15,
        )
        self._row(form, "Turn length", minutes)
        side = self._field(self.header_binding, "first_side", "Set First Side")
        self._row(form, "First to move", side)
        self._subheading(form, "Day schedule")
        form.addRow(self.schedule)
        self._focus_targets.append((SCHEDULE, self.schedule.show_focus))
        self.ends_label = self._derived()
        self.last_turn_label = self._derived()
        self._row(form, "Game ends", self.ends_label)
        self._row(form, "Last turn", self.last_turn_label)
        form.addRow(
            self._notice(
                (*HEADER, "start"),
                (*HEADER, "turns"),
                (*HEADER, "minutes_per_turn"),
                SCHEDULE,
            )
        )
        return box

    def _environment_section(self) -> QGroupBox:
        box, form = self._section("Environment")
        visibility = self._field(self.header_binding, "visibility", "Set Visibility")
        self._row(form, "Visibility", visibility)
        least = self._field(
            self.header_binding,
            "visibility_min",
            "Set Least Visibility",
            label="Least visibility",
        )
        most = self._field(
            self.header_binding,
            "visibility_max",
            "Set Greatest Visibility",
            label="Greatest visibility",
        )
        self._row(form, "Daylight range", least, "to", most)
        form.addRow(
            self._notice(
                (*HEADER, "visibility"), (*HEADER, "visibility_min"), (*HEADER, "visibility_max")
            )
        )
        conditions = self._field(self.header_binding, "conditions", "Set Starting Conditions")
        self._row(form, "Conditions", conditions)
        allowed = self._field(
            self.header_binding,
            "conditions_allowed",
            "Set Allowed Conditions",
            label="Allowed conditions",
            columns=2,  # two fit a laptop's side panel
        )
        self._row(form, "Allowed", allowed)
        form.addRow(self._notice((*HEADER, "conditions"), (*HEADER, "conditions_allowed")))
        storm = self._field(
            self.header_binding,
            "storm_at_start",
            "Set Storm At Start",
            label="Storm raging at the start",
        )
        self._row(form, "", storm)
        return box

    def _supply_section(self) -> QGroupBox:
        box, form = self._section("Supply && fog")
        sides = []
        for side in Side:
            sides.append(
                self._field(
                    self.supply_binding,
                    side.value,
                    "Set Global Supply",
                    label=f"{side.value.capitalize()} global supply",
                    suffix="%",
                    description=f"Global Supply Value of the {side.value.capitalize()} side: "
                    "the supply of units no supply source reaches [000 10.1].",
                )
            )
        self._row(form, "Global supply", "Allied", sides[0], "Axis", sides[1])
        fog = self._field(
            self.header_binding,
            "fog_of_war",
            "Set Fog Of War",
            label="Fog of war on by default",
        )
        self._row(form, "", fog)
        return box

    def _victory_section(self) -> QGroupBox:
        box, form = self._section("Victory")
        outcomes = (
            ("major_allied", "Allied major", "≥ "),
            ("minor_allied", "Allied minor", "≥ "),
            ("minor_axis", "Axis minor", "≤ "),
            ("major_axis", "Axis major", "≤ "),
        )
        levels = []
        for name, label, prefix in outcomes:
            level = self._field(
                self.levels_binding,
                name,
                "Set Victory Level",
                label=f"{label} victory",
                prefix=prefix,
                suffix=" VP",
                step=100,
            )
            levels.append(level)
            self._row(form, label, level)
        form.addRow(self.victory_scale)
        form.addRow(self._notice(LEVELS))
        advantage = self._field(
            self.header_binding, "advantage", "Set Advantage", suffix=" VP", step=100
        )
        self._row(form, "Advantage", advantage)
        early = self._field(
            self.header_binding,
            "early_termination",
            "Set Early Termination",
            label="End early on a major victory",
        )
        self._row(form, "", early)
        self._subheading(form, "Loss points", "What a side scores for each loss of the enemy.")
        losses = []
        for name, label in (("men", "Men"), ("guns", "Guns"), ("vehicles", "Vehicles")):
            losses.append(self._field(self.losses_binding, name, "Set Loss Points"))
            self._row(form, label, losses[-1])
        elite = self._field(
            self.losses_binding,
            "elite_factor",
            "Set Loss Points",
            label="Elite factor",
            prefix="× ",
            suffix="",
            step=0.1,
        )
        self._row(form, "Elite losses", elite)
        _same_width([*levels, advantage])
        _same_width([*losses, elite])
        return box

    def _rules_section(self) -> QGroupBox:
        box, form = self._section("Optional rules")
        intro = QLabel(markup(Header.model_fields["optional_rules"].description or ""))
        intro.setWordWrap(True)
        form.addRow(intro)
        form.addRow(self._notice((*HEADER, "optional_rules"), ("files",)))
        rules = self._field(
            self.header_binding,
            "optional_rules",
            "Set Optional Rules",
            labels=OPTIONAL_RULE_LABELS,
            descriptions=OPTIONAL_RULE_DESCRIPTIONS,
            columns=1,
            captions=True,
        )
        assert isinstance(rules, EnumSetEditor)
        self.rules = rules
        form.addRow(field_row(self.rules))
        return box

    # The document -----------------------------------------------------------------------------

    def set_document(self, document: Document | None) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._on_changed)
        super().set_document(document)
        for binding in self.bindings:
            binding.set_document(document)
        self.schedule.set_document(document)
        if document is not None:
            document.changed.connect(self._on_changed)
        self.content.setEnabled(document is not None)
        self._refresh_header()
        self._refresh_files()

    def _on_changed(self, change: Change) -> None:
        if change.kind is FileKind.SCENARIO:
            header, files = change.touches(HEADER), change.touches(("files",))
            if header or files:
                self._refresh_header()
                self._refresh_files()
        elif (
            change.action is ChangeAction.RESET
            or change.kind in (FileKind.OOB, FileKind.WEATHER)
            or tuple(change.path[:1]) in (("name",), ("width",), ("height",))
        ):
            self._refresh_files()

    def _refresh_header(self) -> None:
        document = self.document
        if document is None:
            self.ends_label.setText("—")
            self.last_turn_label.setText("—")
            self.victory_scale.set_levels(None)
            self._show_problems([])
            return
        header = document.scenario.header
        summary = time_summary(header)
        self.ends_label.setText(summary.ends)
        self.last_turn_label.setText(summary.last_turn)
        self.victory_scale.set_levels(header.victory.levels)
        self._label_rules(header.ruleset)
        self._show_problems(check_scenario_header(document.scenario))

    def _label_rules(self, ruleset: Ruleset) -> None:
        known = OPTIONAL_RULES_BY_RULESET[ruleset]
        for member, caption in self.rules.captions.items():
            rule = OptionalRule(member)
            text = markup(OPTIONAL_RULE_DESCRIPTIONS[rule])
            if rule not in known:
                text = f"<i>Not a {RULESET_NAMES[ruleset]} rule.</i> {text}"
            caption.setText(text)

    def _show_problems(self, problems: list[Problem]) -> None:
        shown: dict[int, list[Problem]] = {id(notice): [] for _, notice in self._notices}
        for problem in problems:
            notice = self.notice_for(tuple(problem.path))
            if notice is not None:
                shown[id(notice)].append(problem)
        for _, notice in self._notices:
            notice.set_problems(shown[id(notice)])

    def notice_for(self, path: ModelPath) -> NoticeLabel | None:
        """The inline notice that lists the problems at `path`."""
        matches = [(len(p), n) for p, n in self._notices if tuple(path[: len(p)]) == p]
        return max(matches, key=lambda match: match[0])[1] if matches else None

    def _refresh_files(self) -> None:
        if self.document is None:
            for label in self.file_labels.values():
                label.setText("—")
            return
        for line in title_files(self.document):
            label = self.file_labels[line.kind]
            reference = html.escape(line.reference) if line.reference else ""
            label.setText(
                f"<code>{reference}</code><br><span style='color:#666'>{line.details}</span>"
                if reference
                else line.details
            )
            label.setToolTip(str(line.absolute) if line.absolute else "")

    # Focus ------------------------------------------------------------------------------------

    def show_focus(self, focus: Focus) -> bool:
        """Raise the dock and focus the editor of a header field (or show the title files)."""
        if self.document is None or focus.kind is not FileKind.SCENARIO:
            return False
        path = tuple(focus.path)
        if not path or path[0] not in ("header", "files"):
            return False
        target = self._focus_target(path)
        if target is None:
            return False
        self.show()
        self.raise_()
        show, rest = target
        widget = show(rest)
        content_layout = self.content.layout()
        if content_layout is not None:
            content_layout.activate()
        self.scroll_area.ensureWidgetVisible(widget, 40, 60)
        return True

    def _focus_target(self, path: ModelPath) -> tuple[FocusTarget, ModelPath] | None:
        """What shows `path`, and the rest of the path below it."""
        # A group (the victory levels, the whole header) focuses its first editor; a path
        # inside an editor (a rule of the list, a cell of the schedule) goes to that editor.
        for target_path, show in self._focus_targets:
            if target_path[: len(path)] == path:
                return show, ()
        above = [(p, show) for p, show in self._focus_targets if path[: len(p)] == p]
        if not above:
            return None
        deepest, show = max(above, key=lambda item: len(item[0]))
        return show, path[len(deepest) :]


def _same_width(editors: list[FieldEditor]) -> None:
    """Give a column of number fields one width, so their values line up."""
    width = max(editor.focus_widget.sizeHint().width() for editor in editors)
    for editor in editors:
        editor.focus_widget.setMinimumWidth(width)
