"""Corps Attachments changed during play [000 9.1]: on the midnight turn a player may put a
division (or another organization or unit) directly under a corps under another corps, so
that its HQ answers to the nearest corps HQ in its sector; the Command Test, HQ recovery and
everything that looks for a unit's HQ then follow the new chain.
"""

from __future__ import annotations

from engine.panzer_campaigns.events import AttachmentChanged
from engine.panzer_campaigns.state import GameState
from schemas.panzer_campaigns.oob import OrgLevel
from schemas.vocabulary import Side

ATTACHMENT_LEVELS = frozenset({OrgLevel.CORPS, OrgLevel.ARMY})
"""The "Corps-level" organizations a unit may be attached to: corps, and armies for the
forces (the Russians from 1942) whose attachments "apply to their Armies, not their Corps"."""


def superior_of(state: GameState, subject: str) -> str | None:
    """The organization a unit or organization answers to now, after the scenario's and the
    players' Corps Attachments; None at the top of its tree or for an unknown id."""
    unit = state.units.get(subject)
    if unit is not None:
        return unit.organization
    return state.organization_parent.get(subject)


def _level(state: GameState, organization: str | None) -> OrgLevel | None:
    entry = state.oob_index.organizations.get(organization or "")
    return entry.organization.level if entry is not None else None


def _name(state: GameState, organization: str) -> str:
    entry = state.oob_index.organizations.get(organization)
    return entry.organization.name if entry is not None else organization


def _is_under(state: GameState, organization: str, subject: str) -> bool:
    """Whether `organization` is `subject` or below it (after attachments)."""
    seen: set[str] = set()
    current: str | None = organization
    while current is not None and current not in seen:
        if current == subject:
            return True
        seen.add(current)
        current = state.organization_parent.get(current)
    return False


def attachable(state: GameState, side: Side) -> list[str]:
    """The organizations and units of `side` a Corps Attachment may move: those directly under
    a corps-level organization (`ATTACHMENT_LEVELS`), organizations first, in OOB order; units
    only when on the map (an eliminated unit has no command to change)."""
    index = state.oob_index
    found = [
        org_id
        for org_id, entry in index.organizations.items()
        if entry.side is side and _level(state, superior_of(state, org_id)) in ATTACHMENT_LEVELS
    ]
    found += [
        unit.id
        for unit in state.iter_units(side)
        if _level(state, unit.organization) in ATTACHMENT_LEVELS
    ]
    return found


def subject_for(state: GameState, unit_id: str) -> str | None:
    """What a Corps Attachment moves when the player picks a unit: the unit itself if it
    stands directly under a corps-level organization, else the organization above it that
    does (its division, usually); None when neither exists."""
    unit = state.units.get(unit_id)
    if unit is None:
        return None
    if _level(state, unit.organization) in ATTACHMENT_LEVELS:
        return unit.id
    for organization in state.iter_organizations_above(unit):
        if _level(state, state.organization_parent.get(organization.id)) in ATTACHMENT_LEVELS:
            return organization.id
    return None


def attachment_targets(state: GameState, side: Side, subject: str) -> list[str]:
    """The organizations `subject` may be attached to now: the other organizations of its
    side at the level of its present superior, never one at or below itself."""
    current = superior_of(state, subject)
    level = _level(state, current)
    if level not in ATTACHMENT_LEVELS:
        return []
    return [
        org_id
        for org_id, entry in state.oob_index.organizations.items()
        if entry.side is side
        and entry.organization.level is level
        and org_id != current
        and not _is_under(state, org_id, subject)
    ]


def why_not_attach(state: GameState, side: Side, subject: str, attach_to: str) -> str | None:
    """Why `side` may not attach `subject` to `attach_to` now, as a player reads it; None when
    it may [000 9.1]:

    - "Corps Attachments can only occur during the turn at midnight (or if no midnight turn,
      during the first turn thereafter)" (`TurnClock.is_midnight_turn`);
    - "it must exist in the Order of Battle within a Corps-level organization. The
      reassignment must assign it to another Corps-level organization in the Order of
      Battle".

    Decisions: "Corps-level" is the level of the present superior, corps or army
    (`ATTACHMENT_LEVELS`), so a division under a corps goes to another corps and, for the
    forces attached by army, a unit under an army to another army; the new superior must be of
    the same side (a player commands only his own); an organization is never put under
    itself or its own subordinates; any number of attachments may be made on that turn."""
    owner = state.oob_index.side_of(subject)
    if owner is None:
        return f"{subject} is not in the order of battle"
    if owner is not side:
        return f"{subject} is {owner.value}; it is the {side.value} player turn"
    unit = state.units.get(subject)
    if unit is not None and not unit.on_map:
        return f"{subject} is not on the map ({unit.status.value})"
    current = superior_of(state, subject)
    if _level(state, current) not in ATTACHMENT_LEVELS:
        return f"{subject} is not directly under a corps (or army) [000 9.1]"
    if attach_to not in state.oob_index.organizations:
        return f"{attach_to} is not an organization of the order of battle"
    if attach_to not in attachment_targets(state, side, subject):
        if attach_to == current:
            return f"{subject} is already attached to {_name(state, attach_to)}"
        return (
            f"{_name(state, attach_to)} is not another {_level(state, current)} of the "
            f"{side.value} side that {subject} may join [000 9.1]"
        )
    if not state.clock.is_midnight_turn(state.turn):
        return (
            "Corps Attachments change only on the midnight turn (or the first turn after "
            "midnight) [000 9.1]"
        )
    return None


def attach(state: GameState, side: Side, subject: str, attach_to: str) -> AttachmentChanged:
    """Attach `subject` to `attach_to` (check `why_not_attach` first) [000 9.1]."""
    before = superior_of(state, subject) or ""
    unit = state.units.get(subject)
    if unit is not None:
        unit.organization = attach_to
    else:
        state.organization_parent[subject] = attach_to
    state.touch()  # HQs, command ranges and the Command Test read the chain
    return AttachmentChanged(state.turn, side, subject, before, attach_to)
