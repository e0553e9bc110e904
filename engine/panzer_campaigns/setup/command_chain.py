"""Setup checks of the chain of command: fixed units have a release, each organization in play
has its HQ, and units start within their HQ's command range [000 4.6, 9.1].
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from engine.panzer_campaigns.command import is_detached, nominal_command_range
from engine.panzer_campaigns.setup._context import SetupContext, describe, describe_all, plural
from engine.panzer_campaigns.units import UnitState, UnitStatus
from schemas.problems import Problem, Severity


def _chain(context: SetupContext, unit: UnitState) -> Iterator[str]:
    """The organizations above a unit, nearest first, after Corps Attachments."""
    parents = context.state.organization_parent
    organization = unit.organization
    seen: set[str] = set()
    while organization is not None and organization not in seen:
        seen.add(organization)  # a cycle of attachments must not hang the editor
        yield organization
        organization = parents.get(organization)


def attachment_cycles(context: SetupContext) -> list[int]:
    """The Corps Attachments (by list position) that put an organization under itself: after
    them, following the parents up from it comes back to it."""
    parents = context.state.organization_parent
    looped = []
    for number, attachment in enumerate(context.state.scenario.attachments):
        organization: str | None = parents.get(attachment.organization)
        seen: set[str] = set()
        while organization is not None and organization not in seen:
            if organization == attachment.organization:
                looped.append(number)
                break
            seen.add(organization)
            organization = parents.get(organization)
    return looped


def check_attachments(context: SetupContext) -> Iterator[Problem]:
    """SETUP024: Corps Attachments that make an organization its own superior [000 9.1]. The
    chain of command above its units never ends, so the command checks are skipped until it is
    fixed."""
    for number in attachment_cycles(context):
        attachment = context.state.scenario.attachments[number]
        yield Problem(
            Severity.ERROR,
            "SETUP024",
            f"attaching '{attachment.organization}' to '{attachment.attach_to}' puts it under "
            "itself: the organization it is attached to is one of its own subordinates "
            "[000 9.1]",
            path=("attachments", number, "attach_to"),
            object_id=attachment.organization,
        )


def check_fixed(context: SetupContext) -> Iterator[Problem]:
    """SETUP013: a Fixed unit whose organization, or one above it, has no release.

    Such a unit moves only once it is assaulted or spotted [000 4.6], which may be intended
    (a static garrison), hence a warning. A release of any organization above the unit frees
    it, as releases free "the units of an organization" at any depth. A unit that becomes
    Fixed later (`fixed_from_turn`) is checked alike, counting only releases from that turn
    on (or given by date): one that happened before cannot free it again.
    """
    releases = context.state.scenario.releases
    for unit in context.iter_placed():
        placement = context.placement(unit)
        later = placement.fixed_from_turn if placement is not None else None
        if not (unit.fixed or later is not None) or unit.unit.speed == 0:
            continue  # immobile units never move anyway [000 4.6]
        released = {
            r.organization
            for r in releases
            if unit.fixed or r.turn is None or later is None or r.turn >= later
        }
        if not any(organization in released for organization in _chain(context, unit)):
            when = "starts Fixed" if unit.fixed else f"becomes Fixed on turn {later}"
            yield context.unit_problem(
                Severity.WARNING,
                "SETUP013",
                unit,
                f"{describe(unit)} {when} and no release names its organization or one "
                "above it; it moves only once assaulted or spotted [000 4.6]",
                "fixed" if unit.fixed else "fixed_from_turn",
            )


def check_headquarters(context: SetupContext) -> Iterator[Problem]:
    """SETUP014: an organization whose HQ unit is neither placed nor arriving, while some of
    its units would answer to that HQ: the units whose nearest HQ up the chain it is.

    They answer to the next HQ up instead, or have none and are Detached [000 9.1] (see
    `GameState.hq_of` for the fall-back decision). Higher HQs are often left off the map on
    purpose, so with a fall-back HQ in play this is a note (info); with none, a warning (their
    units are then not reported again one by one under SETUP015). An HQ unit looks for its
    superior from the organization above its own; the highest HQ in play having no superior is
    reported under SETUP015. Organizations whose OOB entry names no HQ are not flagged: the OOB
    decides which echelons have one.
    """
    state = context.state
    organizations = state.oob_index.organizations
    first_unit: dict[str, UnitState] = {}
    fallback: dict[str, str | None] = {}
    for unit in state.units.values():
        skipped: list[str] = []
        found: str | None = None
        is_hq = False
        for organization in _chain(context, unit):
            entry = organizations.get(organization)
            hq_id = entry.organization.hq if entry is not None else None
            if hq_id is None:
                continue
            if hq_id == unit.id:
                is_hq = True  # an HQ answers to the HQ above its own organization
                skipped.clear()
                continue
            if hq_id in state.units:
                found = hq_id
                break
            skipped.append(organization)
        if is_hq and found is None:
            continue  # the highest HQ in play: see check_detached
        # Without a fall-back the unit is reported once, under its nearest missing HQ.
        for organization in skipped if found is not None else skipped[:1]:
            first_unit.setdefault(organization, unit)
            if fallback.get(organization, "") is not None:
                fallback[organization] = found
    for organization, unit in first_unit.items():
        entry = organizations[organization]
        above = fallback[organization]
        severity = Severity.INFO if above is not None else Severity.WARNING
        consequence = (
            f"they answer to the next HQ up, '{above}'"
            if above is not None
            else "no HQ above it is in play either, so they start Detached"
        )
        message = (
            f"the HQ '{entry.organization.hq}' of '{organization}' ({entry.organization.name}) "
            f"is neither placed nor arriving, but units such as {describe(unit)} answer to it; "
            f"{consequence} [000 9.1]"
        )
        number = _reinforcement_of(context, unit) if unit.status is UnitStatus.WAITING else None
        if number is not None:
            problem = context.reinforcement_problem(severity, "SETUP014", number, message, "units")
        else:
            problem = context.unit_problem(severity, "SETUP014", unit, message, "unit")
        yield replace(problem, object_id=organization)


def _reinforcement_of(context: SetupContext, unit: UnitState) -> int | None:
    for number, units in enumerate(context.reinforcement_units):
        if unit in units:
            return number
    return None


def check_detached(context: SetupContext) -> Iterator[Problem]:
    """SETUP015: units that start Detached (`engine.panzer_campaigns.command.is_detached`): "beyond
    the Nominal
    Command Range of its HQ unit, or that HQ does not exist" [000 9.1]. Units the scenario
    marks `detached` are meant to be, and are left out.

    - Out of range of an HQ on the map: one warning per HQ, listing its units with their
      distances and pointing at the farthest. An HQ beyond its superior's range is a note
      (info): designers often spread HQs, and what the distance costs an HQ is a lower chance
      in the Command Test, which has no range limit [000 9.1].
    - No HQ on the map, while the HQ they answer to arrives later: a note (info) for each
      organization; they are Detached until it comes.
    - No HQ on the map and none in play at all: SETUP014 has said so for the organization
      whose HQ is missing; where the OOB names no HQ over the units at all, a warning for each
      organization.
    - An HQ whose superiors are all absent (the highest HQ in play) counts as Detached in play;
      a note (info), since leaving higher HQs out of a scenario is common.
    """
    if attachment_cycles(context):
        return  # SETUP024: the chain of command has no top
    state = context.state
    grouped: dict[tuple[str | None, str | None], list[UnitState]] = {}
    out_of_range: dict[str, list[UnitState]] = {}
    for unit in context.iter_placed():
        placement = context.placement(unit)
        if (placement is not None and placement.detached) or not is_detached(state, unit):
            continue
        hq = state.hq_of(unit)
        if hq is not None:
            out_of_range.setdefault(hq.id, []).append(unit)
        elif unit.is_hq:
            yield context.unit_problem(
                Severity.INFO,
                "SETUP015",
                unit,
                f"HQ {describe(unit)} counts as Detached: no HQ above it is on the map [000 9.1]",
            )
        else:
            named = list(_named_hqs(context, unit))
            arriving = next(((o, hq_id) for o, hq_id in named if hq_id in state.units), None)
            if arriving is not None:
                grouped.setdefault(arriving, []).append(unit)
            elif not named:
                grouped.setdefault((unit.organization, None), []).append(unit)
            # else SETUP014 reports the organization whose HQ is missing
    for commander, units in out_of_range.items():
        hq = state.units[commander]
        distances = {u.id: state.board.distance(u.hex, hq.hex) for u in units}
        for hqs, group in (
            (True, [u for u in units if u.is_hq]),
            (False, [u for u in units if not u.is_hq]),
        ):
            if not group:
                continue
            farthest = max(group, key=lambda u: distances[u.id])
            listed = ", ".join(f"{describe(u)} {distances[u.id]} hexes" for u in group)
            what = plural(len(group), "HQ" if hqs else "unit")
            verb = "starts" if len(group) == 1 else "start"
            reach = (
                f"beyond the Nominal Command Range of {nominal_command_range(hq)} of their "
                f"{'superior' if hqs else 'HQ'} {describe(hq)} at {context.hex_text(hq.hex)}: "
                f"{listed}"
            )
            if hqs:
                message = (
                    f"{what} {verb} {reach}; their chance in the Command Test falls with the "
                    "distance [000 9.1]"
                )
            else:
                message = f"{what} {verb} Detached, {reach} [000 9.1]"
            yield context.unit_problem(
                Severity.INFO if hqs else Severity.WARNING, "SETUP015", farthest, message
            )
    for (organization, hq_id), units in grouped.items():
        if hq_id is not None:
            severity = Severity.INFO
            message = (
                f"{plural(len(units), 'unit')} of '{organization}' start Detached until their "
                f"HQ '{hq_id}' arrives: {describe_all(units)} [000 9.1]"
            )
        else:
            severity = Severity.WARNING
            message = (
                f"{plural(len(units), 'unit')} of '{organization}' start Detached: no "
                f"organization above them names an HQ: {describe_all(units)} [000 9.1]"
            )
        problem = context.unit_problem(severity, "SETUP015", units[0], message)
        yield replace(problem, object_id=organization or units[0].id)


def _named_hqs(context: SetupContext, unit: UnitState) -> Iterator[tuple[str, str]]:
    """The organizations above a unit that name an HQ (other than the unit), nearest first,
    each with its HQ's id."""
    organizations = context.state.oob_index.organizations
    for organization in _chain(context, unit):
        entry = organizations.get(organization)
        hq_id = entry.organization.hq if entry is not None else None
        if hq_id is not None and hq_id != unit.id:
            yield organization, hq_id
