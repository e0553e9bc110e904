"""From an organization in the Order of Battle to its place in the scenario's schedule: the
releases and withdrawals that name it, and new ones made for it."""

from __future__ import annotations

from editor.commands import InsertItems
from editor.docks.table_columns import fresh_id
from editor.document import Document
from schemas.io import FileKind
from schemas.panzer_campaigns.scenario import Release, Withdrawal
from schemas.problems import ModelPath


def schedule_of(document: Document, organization: str) -> list[ModelPath]:
    """The releases, withdrawals and reinforcements that name an organization, as model
    paths."""
    scenario = document.scenario
    found: list[ModelPath] = [
        ("releases", row)
        for row, release in enumerate(scenario.releases)
        if release.organization == organization
    ]
    for name in ("withdrawals", "reinforcements"):
        items = getattr(scenario, name)
        found += [
            (name, row) for row, item in enumerate(items) if organization in item.organizations
        ]
    return found


def add_release(document: Document, organization: str) -> ModelPath:
    """A release of a fixed organization on the scenario's second turn (every turn's chance
    100%, to be edited in the Reinforcements panel); returns its path."""
    scenario = document.scenario
    release = Release(
        id=fresh_id((r.id for r in scenario.releases), f"release-{organization}"),
        organization=organization,
        turn=min(2, scenario.header.turns),
    )
    row = len(scenario.releases)
    document.push(
        InsertItems(
            document,
            FileKind.SCENARIO,
            ("releases",),
            index=row,
            items=[release],
            text="Add Release",
        )
    )
    return ("releases", row)


def add_withdrawal(document: Document, organization: str) -> ModelPath:
    """A withdrawal of an organization on the scenario's last turn; returns its path."""
    scenario = document.scenario
    withdrawal = Withdrawal(
        id=fresh_id((w.id for w in scenario.withdrawals), f"withdraw-{organization}"),
        organizations=[organization],
        turn=scenario.header.turns,
    )
    row = len(scenario.withdrawals)
    document.push(
        InsertItems(
            document,
            FileKind.SCENARIO,
            ("withdrawals",),
            index=row,
            items=[withdrawal],
            text="Add Withdrawal",
        )
    )
    return ("withdrawals", row)
