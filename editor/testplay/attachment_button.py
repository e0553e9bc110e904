"""The Attach button of the test-play Move options [000 9.1]: on the midnight turn it puts the
selected unit's division (or the unit itself, when it stands directly under a corps) under
another corps, chosen from a menu that tells how far each corps HQ is from the division's HQ;
on other turns, or when the rules forbid it, it is disabled with the engine's reason.

Everything comes from the session's engine game (`attachment_subject`, `attachment_targets`,
`why_not_attach`); the order goes through `session.change_attachment`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMenu, QPushButton, QWidget

if TYPE_CHECKING:
    from engine.panzer_campaigns.game import Game

TIP = (
    "Put {subject} under another corps, so that its HQ answers to the nearest corps HQ of its "
    "sector; only on the midnight turn [000 9.1]"
)


def target_choices(game: Game, subject: str) -> list[tuple[str, str]]:
    """The menu of the button: each corps `subject` may join, with the distance from the
    subject's HQ (or the unit) to that corps' HQ when both are on the map."""
    state = game.state
    entry = state.oob_index.organizations.get(subject)
    here_id = entry.organization.hq if entry is not None else subject
    subject_name = entry.organization.name if entry is not None else subject
    here = state.units.get(here_id or "")
    found = []
    for target in game.attachment_targets(subject):
        corps = state.oob_index.organizations[target].organization
        hq = state.units.get(corps.hq or "")
        text = f"Attach {subject_name} to {corps.name}"
        if hq is not None and hq.on_map and here is not None and here.on_map:
            text += f" (HQ {hq.id}, {state.board.distance(here.hex, hq.hex)} hexes away)"
        found.append((text, target))
    return found


class AttachmentButton(QPushButton):
    """Attach… for the Move options (see the module docstring)."""

    message = Signal(str)
    """What happened, or the engine's refusal, for the status bar."""
    ordered = Signal()
    """An attachment was changed: the panel shows the unit anew."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Attach…", parent)
        self.setObjectName("change_attachment")
        self.session: object | None = None
        self.subject: str | None = None
        self.clicked.connect(self._open_menu)

    @property
    def game(self) -> Game | None:
        game: Game | None = getattr(self.session, "game", None)
        return game

    def show_unit(self, session: object | None, unit_id: str | None) -> None:
        """Show what the button would attach for the unit; hidden when nothing above it is
        under a corps (no corps in its order of battle)."""
        self.session = session
        game = self.game
        subject = game.attachment_subject(unit_id) if game is not None and unit_id else None
        self.subject = subject
        if game is None or subject is None:
            self.setVisible(False)
            return
        self.setVisible(True)
        targets = game.attachment_targets(subject)
        refusal = (
            game.why_not_attach(subject, targets[0])
            if targets
            else f"no other corps that {subject} may join [000 9.1]"
        )
        entry = game.state.oob_index.organizations.get(subject)
        name = entry.organization.name if entry is not None else subject
        # The echelon, not the name: a long name must not widen the options column (the
        # tooltip and the menu name it whole).
        echelon = entry.organization.level.value.replace("_", " ") if entry else "unit"
        self.setText(f"Attach {echelon.capitalize()}…")
        self.setEnabled(refusal is None)
        self.setToolTip(refusal or TIP.format(subject=name))

    def _open_menu(self) -> None:
        self.choose()  # `clicked` passes a bool that `choice` must not take

    def choose(self, choice: int | None = None) -> None:
        """Attach to the `choice`-th corps of the menu (the menu itself when None)."""
        game, subject = self.game, self.subject
        if game is None or subject is None:
            return
        options = target_choices(game, subject)
        if choice is not None:
            self._give(subject, options[choice][1])
            return
        menu = QMenu(self)
        for text, target in options:
            menu.addAction(text).triggered.connect(lambda _=False, t=target: self._give(subject, t))
        menu.exec(self.mapToGlobal(self.rect().bottomLeft()))

    def _give(self, subject: str, target: str) -> None:
        from engine.panzer_campaigns.movement import IllegalMove  # noqa: PLC0415

        try:
            events = self.session.change_attachment(subject, target)  # type: ignore[union-attr]
        except IllegalMove as exc:
            self.message.emit(str(exc))
            return
        self.message.emit(events[0].describe())
        self.ordered.emit()
