"""The preview of a fire or an assault before the tester commits it, as rows of a small panel in
the Move options: combat value, every modifier named with its value, the losses range in the
target's own men, vehicles or guns, and the morale-check chance [000 5.2, 6.2, 9.2, 12.0].

Under Fog of War the preview never names what the side to move has not spotted: an Unknown
target is "?", and neither its losses nor its morale are shown, as "the combat results will not
be known" [000 8.1].
"""

from __future__ import annotations

from collections.abc import Collection
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from editor.widgets.button_rows import WrappingButtons
from schemas.panzer_campaigns.oob import Component

if TYPE_CHECKING:
    from engine.panzer_campaigns.combat.assault_preview import AssaultPreview
    from engine.panzer_campaigns.combat.fire_preview import FirePreview
    from engine.panzer_campaigns.game import Game
    from engine.panzer_campaigns.units import UnitState

Row = tuple[str, str]
UNKNOWN_TARGET = "?"
"""How a preview names a target the side to move sees only as Unknown."""


def in_component(unit: UnitState, men_equivalents: float) -> str:
    """A loss in men-equivalents as the unit counts its strength: a vehicle or gun is 10 men
    [000 12.0]."""
    component = unit.unit.component.value
    amount = men_equivalents if unit.unit.component is Component.MEN else men_equivalents / 10
    return f"{amount:.1f} {component}" if amount < 10 else f"{amount:.0f} {component}"


def chance_text(low: float, high: float) -> str:
    """A chance range, "20%" when both ends round alike."""
    a, b = round(low * 100), round(high * 100)
    return f"{a}%" if a == b else f"{a}–{b}%"


def morale_rows(game: Game, target: UnitState, low: float, high: float, factor: float) -> list[Row]:
    """The chance a loss of `low`..`high` men-equivalents calls for a morale check of `target`
    (counted `factor` times, the special disruption rules [000 5.2]), and what failing it does
    [000 9.2, 12.0]: a check is failed on a die above the unit's Morale."""
    from engine.panzer_campaigns.combat.morale import morale, morale_check_base, morale_check_chance  # noqa: PLC0415

    state = game.state
    base = morale_check_base(state, target)
    check = chance_text(
        morale_check_chance(low * factor, base), morale_check_chance(high * factor, base)
    )
    value = morale(state, target)
    fails = min(6, max(0, 6 - value))
    becomes = "Broken" if target.disrupted or target.broken else "Disrupted"
    return [
        ("Morale check", f"{check} chance"),
        ("If checked", f"Morale {value}: fails {fails} in 6, then {becomes}"),
    ]


def fire_rows(game: Game, preview: FirePreview, known: Collection[str] | None = None) -> list[Row]:
    """The preview of one fire as (caption, value) rows; an Unknown target, or one not among
    the units the side to move may know (`known`, under Fog of War), is "?" and its losses
    and morale are not shown [000 8.1]."""
    from engine.panzer_campaigns.movement_steps import describe  # noqa: PLC0415

    state = game.state
    where = game.offset_of(preview.hex)
    kind = preview.kind.value.replace("_", " ")
    target = state.units.get(preview.target)
    if known is not None and preview.target not in known:
        target = None
    shown = UNKNOWN_TARGET if preview.unknown or target is None else describe(target)
    value = f"{preview.value:.1f}"
    if preview.modifier_pct:
        value += f" {preview.modifier_pct:+g}%"
    rows: list[Row] = [
        ("Target", f"{shown} in {where[0]},{where[1]}"),
        ("Fire", f"{kind}, costs {preview.mp_cost:g} MP"),
        ("Combat value", value),
    ]
    rows += [("Modifier", modifier.describe()) for modifier in preview.modifiers]
    if preview.unknown or target is None:
        rows.append(("Losses", "not known: the target is Unknown"))
        return rows
    rows.append(
        ("Losses", f"{in_component(target, preview.low)} to {in_component(target, preview.high)}")
    )
    rows += morale_rows(game, target, preview.low, preview.high, preview.disruption_factor)
    return rows


def _span(low: float, high: float) -> str:
    """A casualty range shared among several units: in men-equivalents, a vehicle or gun
    counting 10 [000 12.0]."""
    return f"{low:.0f}–{high:.0f} men-equivalents"


def _named(game: Game, unit_id: str, hidden: bool) -> str:
    from engine.panzer_campaigns.movement_steps import describe  # noqa: PLC0415

    unit = game.state.units.get(unit_id)
    return UNKNOWN_TARGET if hidden or unit is None else describe(unit)


def assault_rows(
    game: Game, preview: AssaultPreview, known: Collection[str] | None = None
) -> list[Row]:
    """The preview of one assault as rows: each side's value and modifiers, the odds, both loss
    ranges, each unit's morale-check chance, the chance the defenders are forced to retreat
    and that they cannot (capture or elimination) [000 6.2, 6.3, 12.0].

    Defenders seen only as Unknown are "?" and nothing that would give away their numbers is
    shown: their values, their losses, the attackers' losses (drawn from their value), the
    retreat chances [000 8.1]. So are defenders none of which is among the units the side to
    move may know (`known`, under Fog of War); a hidden one among known ones is "?"."""
    from engine.panzer_campaigns.mp_text import cost_text  # noqa: PLC0415

    where = game.offset_of(preview.hex)
    hidden = preview.unknown or (
        known is not None and not any(d in known for d in preview.defenders)
    )
    defenders = (
        UNKNOWN_TARGET
        if hidden
        else ", ".join(
            _named(game, d, known is not None and d not in known) for d in preview.defenders
        )
    )
    rows: list[Row] = [("Defenders", f"{defenders} in {where[0]},{where[1]}")]
    costs = dict(preview.mp_costs)
    rows += [
        ("Attackers", f"{_named(game, unit, False)}, {cost_text(costs.get(unit, 0.0))} MP")
        for unit in preview.attackers
    ]
    if preview.overrun and not hidden:
        rows.append(("Overrun", "the defenders have no assault value: overrun for the cost"))
        return rows
    attack = f"{preview.value:.1f}"
    if preview.attacker_modifier_pct:
        attack += f" {preview.attacker_modifier_pct:+g}%"
    rows.append(("Attack value", attack))
    rows += [("Attack modifier", m.describe()) for m in preview.attacker_modifiers]
    if hidden:
        rows.append(("Defence", "not known: the defenders are Unknown"))
        return rows
    defence = f"{preview.defender_value:.1f}"
    if preview.defender_modifier_pct:
        defence += f" {preview.defender_modifier_pct:+g}%"
    rows.append(("Defence value", defence))
    rows += [("Defence modifier", m.describe()) for m in preview.defender_modifiers]
    odds = preview.value / preview.defender_value if preview.defender_value else float("inf")
    rows.append(("Odds", f"{odds:.2g} : 1"))
    rows.append(("Defender losses", _span(preview.defender_low, preview.defender_high)))
    rows.append(("Attacker losses", _span(preview.attacker_low, preview.attacker_high)))
    rows += [
        ("Morale check", f"{unit} {round(chance * 100)}%")
        for unit, chance in (*preview.defender_checks, *preview.attacker_checks)
    ]
    rows.append(("Retreat", f"{round(preview.retreat_chance * 100)}% the defenders are forced out"))
    rows.append(("Capture", f"{round(preview.capture_chance * 100)}% some cannot retreat"))
    return rows


def rows_html(title: str, rows: list[Row]) -> str:
    """Rows as rich text, one "Caption: value" a line; a row with the caption of the one before
    is indented under it. Lines, not a table: a word-wrapped label measures their height right
    in a narrow column, where a table's was cut off."""
    lines = [f"<b>{escape(title)}</b>"]
    last = ""
    for caption, value in rows:
        if caption == last:
            lines.append(f"&nbsp;&nbsp;&nbsp;&nbsp;{escape(value)}")
        else:
            lines.append(
                f"<span style='color: palette(mid)'>{escape(caption)}:</span> {escape(value)}"
            )
        last = caption
    return "<br>".join(lines)


NARROW = 200
"""The width, in pixels, the preview asks for: no wider than the Move options' own buttons,
so that the left column holds it without a sideways scroll bar on a laptop (about 300 wide at
1280x720) and at 200 % on 1920x1080 (about 220)."""


class NarrowLabel(QLabel):
    """A word-wrapped label that asks for a column's width, and for the height its text takes
    at that width: the Tool Options pages are as large as they ask, and a plain word-wrapped
    label asks for the width of its longest lines."""

    def sizeHint(self) -> QSize:
        width = max(self.minimumSizeHint().width(), min(super().sizeHint().width(), NARROW))
        return QSize(width, self.heightForWidth(width))


class CombatPreviewPanel(QWidget):
    """The preview rows of the hovered target, or a hint when none is hovered."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = NarrowLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        self.rows: list[Row] = []
        """What the panel shows, for tests and the snapshots."""

    def show_rows(self, title: str, rows: list[Row]) -> None:
        """Show a preview."""
        self.rows = list(rows)
        self.label.setText(rows_html(title, rows))
        self.show()

    def show_hint(self, text: str) -> None:
        """No preview: say what to do."""
        self.rows = []
        self.label.setText(escape(text))
        self.show()

    def text(self) -> str:
        """The rows as plain text, one "caption: value" a line."""
        return "\n".join(f"{caption}: {value}" for caption, value in self.rows)


class CombatControls(QWidget):
    """The Fire, Assault and Air buttons of the Move options (with their keys' actions) and the
    preview of the hovered target under them."""

    def __init__(self, actions: list[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.buttons: list[QToolButton] = []
        for action in actions:
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            self.buttons.append(button)
        # Fire, Assault and Air wrap to a narrow column (200 %) instead of scrolling sideways.
        row = WrappingButtons(self.buttons)
        self.preview = CombatPreviewPanel()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(row)
        layout.addWidget(self.preview)
