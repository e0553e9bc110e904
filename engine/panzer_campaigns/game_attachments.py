"""The Corps Attachment order of `engine.panzer_campaigns.game.Game`, as a mixin [000 9.1]. It rolls
no die and
can be taken back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.panzer_campaigns import attachments, movement, phases
from engine.panzer_campaigns.orders import ChangeAttachment
from engine.panzer_campaigns.phases import Action

if TYPE_CHECKING:
    from engine.panzer_campaigns.events import Event
    from engine.panzer_campaigns.orders import Order
    from engine.panzer_campaigns.state import GameState
    from schemas.vocabulary import Side


class AttachmentOrders:
    """ChangeAttachment for a `Game` (which provides the state and the order machinery)."""

    if TYPE_CHECKING:
        state: GameState

        @property
        def acting(self) -> Side: ...
        @property
        def is_over(self) -> bool: ...
        def _carry_out(self, order: Order, run: Callable[[], list[Event]]) -> list[Event]: ...
        def _emit(self, events: Sequence[Event]) -> list[Event]: ...

    def attachable(self) -> list[str]:
        """The organizations and units of the side acting now that a Corps Attachment may
        move (`engine.panzer_campaigns.attachments.attachable`); on any turn, so a player sees them
        ahead."""
        return attachments.attachable(self.state, self.acting)

    def attachment_subject(self, unit_id: str) -> str | None:
        """What a Corps Attachment moves when the player picks this unit: itself if directly
        under a corps, else its division (`engine.panzer_campaigns.attachments.subject_for`)."""
        return attachments.subject_for(self.state, unit_id)

    def attachment_targets(self, subject: str) -> list[str]:
        """The organizations `subject` may be attached to (same level as its superior)."""
        return attachments.attachment_targets(self.state, self.acting, subject)

    def superior_of(self, subject: str) -> str | None:
        """The organization a unit or organization answers to now [000 9.1]."""
        return attachments.superior_of(self.state, subject)

    def why_not_attach(self, subject: str, attach_to: str) -> str | None:
        """Why the acting side may not attach `subject` to `attach_to` now, as a player reads
        it; None when it may (`engine.panzer_campaigns.attachments.why_not_attach`). Decision: under
        phased play
        only in the side's own Movement Phase, where its other orders are given [000 13.3]."""
        if self.is_over:
            return "the game is over"
        if self.state.phasing is not self.acting:
            return f"it is not the {self.acting.value} player turn"
        return phases.why_not_now(self.state, Action.MOVE) or attachments.why_not_attach(
            self.state, self.acting, subject, attach_to
        )

    def change_attachment(self, subject: str, attach_to: str) -> Event:
        """Attach `subject` to `attach_to` on the midnight turn [000 9.1]; IllegalMove with the
        reason when the rules forbid it."""
        why = self.why_not_attach(subject, attach_to)
        if why is not None:
            raise movement.IllegalMove(why)
        side = self.acting

        def run() -> list[Event]:
            return self._emit([attachments.attach(self.state, side, subject, attach_to)])

        return self._carry_out(ChangeAttachment(subject, attach_to), run)[0]
